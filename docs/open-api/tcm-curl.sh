#!/usr/bin/env bash
# Open API example (bash, curl, openssl): one signed call.
#   TCM_BASE_URL=http://localhost:8080 TCM_APP_KEY=tcm_… TCM_APP_SECRET=… ./tcm-curl.sh METHOD PATH [BODY_FILE]
#   ./tcm-curl.sh POST /backend/openapi/v1/analysis body.json     # submit
#   ./tcm-curl.sh GET  /backend/openapi/v1/analysis/<taskId>       # poll
#   ./tcm-curl.sh GET  /backend/openapi/v1/usage                   # usage today
set -euo pipefail
method=$1 path=$2 body=${3:-/dev/null}
base=${TCM_BASE_URL:-http://localhost:8080}
timestamp=$(date +%s)
nonce=$(openssl rand -hex 16)
sha=$(openssl dgst -sha256 -r <"$body" | cut -d' ' -f1)
signature=$(printf '%s\n%s\n%s\n%s\n%s' "$method" "$path" "$timestamp" "$nonce" "$sha" |
  openssl dgst -sha256 -hmac "$TCM_APP_SECRET" -r | cut -d' ' -f1)
args=(-sS -X "$method" "$base$path" -H "X-Tcm-Key: $TCM_APP_KEY" -H "X-Tcm-Timestamp: $timestamp"
  -H "X-Tcm-Nonce: $nonce" -H "X-Tcm-Content-Sha256: $sha" -H "X-Tcm-Signature: $signature")
[ "$body" != /dev/null ] && args+=(-H 'Content-Type: application/json' --data-binary "@$body")
curl "${args[@]}"
echo
