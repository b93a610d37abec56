#!/usr/bin/env bash
# `npm test`: installs what is missing, then runs every suite. Steps are added here as the
# project grows; each one must pass.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh --system

echo "[test] typecheck"
npx tsc -b tsconfig.json

echo "[test] lint (ESLint and Prettier)"
npm run -s lint

echo "[test] unit and integration suites (server on embedded PGlite)"
npx vitest run

echo "[test] server suite again on a real PostgreSQL 15"
bash scripts/with-postgres.sh npx vitest run --project @tcm/server

echo "[test] browser journeys (web app served by the real server, Debian Chromium)"
bash scripts/e2e.sh
