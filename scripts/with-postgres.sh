#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL 15 server: initdb + pg_ctl in a temp dir as
# the `postgres` user (initdb refuses root), on a free port; DATABASE_URL points at it; the
# server is stopped and the folder removed on exit, whatever happens.
# Usage: bash scripts/with-postgres.sh COMMAND...
set -euo pipefail
PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
[ -x "$PGBIN/initdb" ] || { echo "[pg] $PGBIN/initdb missing (apt-get install postgresql)"; exit 1; }

RUN_AS=()
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  RUN_AS=(runuser -u postgres --)
fi
dir=$(mktemp -d /tmp/tcm-pg15-XXXXXX)
chmod 755 "$dir"
[ ${#RUN_AS[@]} -gt 0 ] && chown postgres "$dir"
port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")

cleanup() {
  "${RUN_AS[@]}" "$PGBIN/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT INT TERM

"${RUN_AS[@]}" "$PGBIN/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
"${RUN_AS[@]}" "$PGBIN/pg_ctl" -D "$dir/data" -l "$dir/log" -w -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
export DATABASE_URL="postgresql://postgres@127.0.0.1:$port/postgres"
echo "[pg] PostgreSQL 15 on port $port"
"$@"
