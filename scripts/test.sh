#!/usr/bin/env bash
# `npm test`: installs what is missing, then runs every suite. Steps are added here as the
# project grows; each one must pass.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh --system

echo "[test] typecheck"
npx tsc -b tsconfig.json

echo "[test] unit and integration suites"
npx vitest run
