#!/usr/bin/env bash
# Prints how long `npm start` takes until the API answers: cold (server rebuilt, empty data
# folder: new embedded database, migrations, seed) and warm (built, seeded). Dependencies are
# assumed installed; a fresh clone adds the `npm ci` time on top of cold.
# Usage: bash scripts/measure-start.sh
set -euo pipefail
cd "$(dirname "$0")/.."
port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
data=$(mktemp -d /tmp/tcm-measure-XXXXXX)
trap 'rm -rf "$data"' EXIT

run() {
  local t0 t1 pid
  t0=$(date +%s.%N)
  DATA_DIR="$data" PORT=$port LOG_LEVEL=warn setsid bash scripts/start.sh >"$data/start.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 1200); do
    curl -sf "http://127.0.0.1:$port/backend/docs/json" >/dev/null 2>&1 && break
    sleep 0.1
  done
  t1=$(date +%s.%N)
  kill -TERM "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  awk "BEGIN{printf \"%.1f\", $t1 - $t0}"
}

rm -rf apps/server/dist
echo "cold start: $(run) s (server build + new database + migrations + seed)"
echo "warm start: $(run) s (built, seeded)"
