#!/usr/bin/env bash
# `npm test`: installs what is missing, then runs every suite. Steps are added here as the
# project grows; each one must pass.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh --system

# Typecheck and lint run beside the first vitest run: its non-server projects use one worker
# (vitest's default on 2 cores is cores - 1) and the main process mostly waits, so a core is
# free for tsc and ESLint. Their output comes after vitest's, so neither is interleaved.
echo "[test] typecheck and lint (ESLint and Prettier), beside the unit suites"
static_log=$(mktemp -t tcm-static-XXXXXX)
(npx tsc -b tsconfig.json && npm run -s lint) >"$static_log" 2>&1 &
static_pid=$!

# The server suite runs file after file in one worker (fileParallelism: false), so once the web
# and package projects are done, the embedded-PGlite run keeps one core busy and leaves the other
# idle for minutes. The same suite on a real PostgreSQL 15 runs beside it on that core (its own
# database, its own temp folders); its output is printed after the first run's.
echo "[test] server suite on a real PostgreSQL 15, beside the first run (output follows it)"
pg_log=$(mktemp -t tcm-pg15-XXXXXX)
bash scripts/with-postgres.sh npx vitest run --project @tcm/server >"$pg_log" 2>&1 &
pg_pid=$!

echo "[test] unit and integration suites (server on embedded PGlite)"
# The embedded-PGlite run is the longest chain (its server files run one after another). Once the
# PostgreSQL 15 run and the static checks are done, a core would sit idle for minutes beside its
# tail, so the browser journeys start then (their own server, database and bundles; no unit test
# reads apps/*/dist), and their output follows.
npx vitest run &
vitest_pid=$!
static_rc=0
wait "$static_pid" || static_rc=$?
pg_rc=0
wait "$pg_pid" || pg_rc=$?
e2e_log=$(mktemp -t tcm-e2e-log-XXXXXX)
e2e_pid=
if [ "$static_rc" = 0 ] && [ "$pg_rc" = 0 ]; then
  echo "[test] browser journeys start beside the embedded-PGlite run (output follows it)"
  bash scripts/e2e.sh >"$e2e_log" 2>&1 &
  e2e_pid=$!
fi
vitest_rc=0
wait "$vitest_pid" || vitest_rc=$?
cat "$static_log"
rm -f "$static_log"
echo "[test] server suite on a real PostgreSQL 15:"
cat "$pg_log"
rm -f "$pg_log"
[ "$static_rc" = 0 ] || { echo "[test] typecheck or lint failed"; exit "$static_rc"; }
[ "$pg_rc" = 0 ] || { echo "[test] server suite on PostgreSQL 15 failed"; exit "$pg_rc"; }
echo "[test] browser journeys (web app served by the real server, Debian Chromium):"
e2e_rc=0
wait "$e2e_pid" || e2e_rc=$?
cat "$e2e_log"
rm -f "$e2e_log"
[ "$vitest_rc" = 0 ] || exit "$vitest_rc"
[ "$e2e_rc" = 0 ] || { echo "[test] browser journeys failed"; exit "$e2e_rc"; }
