#!/usr/bin/env bash
# `npm start`: installs what is missing, builds the server (and the web app when present),
# then runs it: migrations and first-start seed happen inside the server process.
# Env: PORT (8080), DATABASE_URL (unset: embedded PGlite in DATA_DIR/db), DATA_DIR (./data),
# SEED_PASSWORD, CLIENT_ID/CLIENT_SECRET — see docs/server.md.
set -euo pipefail
cd "$(dirname "$0")/.."
t0=$(date +%s.%N)
bash scripts/ensure-deps.sh

# Rebuild only when a source is newer than the bundle (warm starts skip the build).
stamp=apps/server/dist/main.js
if [ ! -f "$stamp" ] || [ -n "$(find apps/server/src packages/contract/src packages/analysis/src packages/report/src -newer "$stamp" -print -quit)" ]; then
  npm run -s build -w @tcm/server
fi
if [ -f apps/web/package.json ] && node -e "process.exit(require('./apps/web/package.json').scripts?.build ? 0 : 1)"; then
  web_stamp=apps/web/dist/index.html
  if [ ! -f "$web_stamp" ] || [ -n "$(find apps/web/src apps/web/index.html packages/contract/src -newer "$web_stamp" -print -quit 2>/dev/null)" ]; then
    echo "[start] building the web app"
    npm run -s build -w @tcm/web
  fi
  export WEB_DIST="${WEB_DIST:-$PWD/apps/web/dist}"
fi
export DATA_DIR="${DATA_DIR:-$PWD/data}"
echo "[start] prepared in $(awk "BEGIN{printf \"%.1f\", $(date +%s.%N) - $t0}") s; starting the server"
exec node --enable-source-maps apps/server/dist/main.js
