#!/usr/bin/env bash
# Prints the median of 10 upload-to-result times for a real tongue photo on the embedded
# default (bundled server, PGlite, pg-boss worker in the process, local file storage):
# upload to the visitor capture endpoint → record done (server-sent `end` event).
# Usage: bash scripts/measure-upload-to-result.sh [PHOTO] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
photo="${1:-../shared/data/tongue/images/TE0000458.jpg}"
runs="${2:-10}"
port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
data=$(mktemp -d /tmp/tcm-upload-XXXXXX)
pid=""
cleanup() {
  [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  rm -rf "$data"
}
trap cleanup EXIT

npm run -s build -w @tcm/server >/dev/null
DATA_DIR="$data" PORT=$port LOG_LEVEL=warn SEED_PASSWORD=measure-password node apps/server/dist/main.js >"$data/server.log" 2>&1 &
pid=$!
for _ in $(seq 1 600); do
  curl -sf "http://127.0.0.1:$port/backend/docs/json" >/dev/null 2>&1 && break
  kill -0 "$pid" 2>/dev/null || { cat "$data/server.log"; exit 1; }
  sleep 0.1
done
node scripts/measure-upload-to-result.mjs "http://127.0.0.1:$port" "$photo" "$runs"
