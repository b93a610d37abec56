#!/usr/bin/env bash
# Browser journeys: builds the web app and the server, starts the server on a free port with a
# temporary DATA_DIR (fresh PGlite, seeded accounts with a known password) and a local server that
# speaks WeChat's OAuth protocol in place of api.weixin.qq.com, runs e2e/ in Debian's Chromium,
# then stops both and removes the folder. Arguments pass to vitest (e.g. one journey file).
set -euo pipefail
cd "$(dirname "$0")/.."

# Each bundle is rebuilt only when its inputs changed (a repeat run reuses it).
bash scripts/build-if-changed.sh web
bash scripts/build-if-changed.sh server

free_port() { node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
hex() { node -e "console.log(require('crypto').randomBytes($1).toString('hex'))"; }
pids=()
dirs=()
cleanup() {
  [ ${#pids[@]} -gt 0 ] && { kill "${pids[@]}" 2>/dev/null || true; wait "${pids[@]}" 2>/dev/null || true; }
  [ ${#dirs[@]} -gt 0 ] && rm -rf "${dirs[@]}"
  return 0
}
trap cleanup EXIT

# Starts one server with its own database and WeChat stand-in; sets S_DIR, S_PORT, S_WX_PORT,
# S_PASSWORD, S_JWT_SECRET, S_PID for the caller (globals: bash functions return no values).
start_server() {
  S_DIR=$(mktemp -d -t tcm-e2e-XXXXXX)
  dirs+=("$S_DIR")
  S_PORT=$(free_port)
  S_WX_PORT=$(free_port)
  local wx_app=(wx-e2e-app "wx-e2e-$(hex 6)")
  # The official account's server token: WeChat signs its pushes (QR scan events) with it.
  local wx_token="wx-token-$(hex 6)"
  S_PASSWORD="e2e-$(hex 6)"
  # Known to the journeys so one of them can present a really expired access token.
  S_JWT_SECRET="$(hex 32)"
  node --import tsx apps/server/src/test/wechat-protocol-cli.ts "$S_WX_PORT" "${wx_app[@]}" "$wx_token" >"$S_DIR/wechat.log" 2>&1 &
  pids+=($!)
  PORT=$S_PORT DATA_DIR="$S_DIR" SEED_PASSWORD="$S_PASSWORD" JWT_SECRET="$S_JWT_SECRET" WEB_DIST="$PWD/apps/web/dist" LOG_LEVEL=warn \
    WECHAT_API_BASE="http://127.0.0.1:$S_WX_PORT" WECHAT_APP_ID="${wx_app[0]}" WECHAT_APP_SECRET="${wx_app[1]}" WECHAT_MP_TOKEN="$wx_token" \
    node apps/server/dist/main.js >"$S_DIR/server.log" 2>&1 &
  S_PID=$!
  pids+=("$S_PID")
}

# Up to 5 minutes: a fresh database's migrations and seed take over a minute on a loaded machine,
# and journeys started before the server answers fail with ERR_CONNECTION_REFUSED.
wait_ready() { # dir port pid
  for _ in $(seq 1 600); do
    if curl -fsS "http://127.0.0.1:$2/pc/" >/dev/null 2>&1 && grep -q 'protocol server on' "$1/wechat.log"; then
      return 0
    fi
    if ! kill -0 "$3" 2>/dev/null; then cat "$1/server.log"; echo "[e2e] server exited"; exit 1; fi
    sleep 0.5
  done
  echo "[e2e] server on port $2 did not answer"; exit 1
}

# Runs journey files against the server whose variables are given first.
journeys() { # dir port wx_port password jwt_secret vitest-args...
  local dir=$1 port=$2 wx=$3 pw=$4 jwt=$5
  shift 5
  E2E_BASE_URL="http://127.0.0.1:$port" E2E_PASSWORD="$pw" E2E_WECHAT_URL="http://127.0.0.1:$wx" E2E_JWT_SECRET="$jwt" \
    npx vitest run --config e2e/vitest.config.ts "$@" || { echo "[e2e] server log:"; tail -50 "$dir/server.log"; return 1; }
}

start_server
a=("$S_DIR" "$S_PORT" "$S_WX_PORT" "$S_PASSWORD" "$S_JWT_SECRET")
a_pid=$S_PID
if [ $# -gt 0 ]; then
  wait_ready "${a[0]}" "${a[1]}" "$a_pid"
  echo "[e2e] server on port ${a[1]}; running journeys"
  # E2E_RUNS=n runs the given journeys n times in a row on this one server and counts the passes
  # (a flakiness check, e.g. issue 34's team-capture journey 20 times); default once.
  runs=${E2E_RUNS:-1}
  if [ "$runs" -le 1 ]; then
    journeys "${a[@]}" "$@"
    exit
  fi
  passed=0
  for i in $(seq 1 "$runs"); do
    if journeys "${a[@]}" "$@"; then passed=$((passed + 1)); fi
    echo "[e2e] run $i of $runs: $passed passed so far"
  done
  echo "[e2e] $passed of $runs runs passed"
  [ "$passed" -eq "$runs" ]
  exit
fi

# The whole run: a journey spends much of its time waiting on the browser and the server, so two
# files at a time keep both cores busy. The files that change what every account sees (the seeded
# accounts' passwords, the menu tree) run afterwards, two at a time on two servers: the password
# journeys in zh (`passwords`, with the administrator's reset) on the first server once the others
# are done, and on a second one started now (it seeds while the first journeys run) `console`,
# then the password journeys in en (`passwords-en`). Two files that change the same accounts never
# share a server; the two chains take about as long (~80 s and ~30 + 75 s where the 13 password
# journeys on one server took 166 s).
alone=(e2e/passwords.test.ts e2e/console.test.ts e2e/passwords-en.test.ts)
start_server
b=("$S_DIR" "$S_PORT" "$S_WX_PORT" "$S_PASSWORD" "$S_JWT_SECRET")
b_pid=$S_PID
wait_ready "${a[0]}" "${a[1]}" "$a_pid"
echo "[e2e] server on port ${a[1]}; running journeys"
journeys "${a[@]}" --maxWorkers 2 --fileParallelism "${alone[@]/#/--exclude=}"
wait_ready "${b[0]}" "${b[1]}" "$b_pid"
echo "[e2e] ${alone[1]} and ${alone[2]} on a second server (port ${b[1]}) beside ${alone[0]}"
second_log="${b[0]}/journeys.log"
journeys "${b[@]}" "${alone[1]}" "${alone[2]}" >"$second_log" 2>&1 &
second_pid=$!
rc=0
journeys "${a[@]}" "${alone[0]}" || rc=1
wait "$second_pid" || rc=1
cat "$second_log"
exit "$rc"
