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

data_dir=$(mktemp -d -t tcm-e2e-XXXXXX)
free_port() { node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
port=$(free_port)
wx_port=$(free_port)
wx_app=(wx-e2e-app "wx-e2e-$(node -e "console.log(require('crypto').randomBytes(6).toString('hex'))")")
# The official account's server token: WeChat signs its pushes (QR scan events) with it.
wx_token="wx-token-$(node -e "console.log(require('crypto').randomBytes(6).toString('hex'))")"
password="e2e-$(node -e "console.log(require('crypto').randomBytes(6).toString('hex'))")"
# Known to the journeys so one of them can present a really expired access token.
jwt_secret="$(node -e "console.log(require('crypto').randomBytes(32).toString('hex'))")"
log="$data_dir/server.log"

node --import tsx apps/server/src/test/wechat-protocol-cli.ts "$wx_port" "${wx_app[@]}" "$wx_token" >"$data_dir/wechat.log" 2>&1 &
wx_pid=$!
PORT=$port DATA_DIR="$data_dir" SEED_PASSWORD="$password" JWT_SECRET="$jwt_secret" WEB_DIST="$PWD/apps/web/dist" LOG_LEVEL=warn \
  WECHAT_API_BASE="http://127.0.0.1:$wx_port" WECHAT_APP_ID="${wx_app[0]}" WECHAT_APP_SECRET="${wx_app[1]}" WECHAT_MP_TOKEN="$wx_token" \
  node apps/server/dist/main.js >"$log" 2>&1 &
server_pid=$!
cleanup() {
  kill "$server_pid" "$wx_pid" 2>/dev/null || true
  wait "$server_pid" "$wx_pid" 2>/dev/null || true
  rm -rf "$data_dir"
}
trap cleanup EXIT

# Up to 5 minutes: a fresh database's migrations and seed take over a minute on a loaded machine,
# and journeys started before the server answers fail with ERR_CONNECTION_REFUSED.
for _ in $(seq 1 600); do
  if curl -fsS "http://127.0.0.1:$port/pc/" >/dev/null 2>&1 && grep -q 'protocol server on' "$data_dir/wechat.log"; then
    break
  fi
  if ! kill -0 "$server_pid" 2>/dev/null; then cat "$log"; echo "[e2e] server exited"; exit 1; fi
  sleep 0.5
done

echo "[e2e] server on port $port; running journeys"
export E2E_BASE_URL="http://127.0.0.1:$port" E2E_PASSWORD="$password" E2E_WECHAT_URL="http://127.0.0.1:$wx_port" \
  E2E_JWT_SECRET="$jwt_secret"
journeys() { npx vitest run --config e2e/vitest.config.ts "$@" || { echo "[e2e] server log:"; tail -50 "$log"; exit 1; }; }
if [ $# -gt 0 ]; then
  journeys "$@"
else
  # The whole run: a journey spends much of its time waiting on the browser and the server, so two
  # files at a time keep both cores busy. Files that change what every account sees (the seeded
  # accounts' passwords, the menu tree) run afterwards, alone.
  alone=(e2e/passwords.test.ts e2e/console.test.ts)
  journeys --maxWorkers 2 --fileParallelism "${alone[@]/#/--exclude=}"
  journeys "${alone[@]}"
fi
