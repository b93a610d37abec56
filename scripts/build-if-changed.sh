#!/usr/bin/env bash
# Builds a workspace (web or server) only when what goes into its bundle changed since its last
# build: a content hash of its inputs is kept in dist/.inputs-hash. Content, not mtimes, because a
# branch switch can bring back older files with new dates, and a deleted source must count too.
# Test files are left out of the hash: they never reach a bundle. Outside a git checkout (no list
# of source files) it always builds.
# Usage: bash scripts/build-if-changed.sh web|server
set -euo pipefail
cd "$(dirname "$0")/.."

case "${1:-}" in
  web) workspace=@tcm/web dist=apps/web/dist inputs=(apps/web packages/contract package-lock.json) ;;
  # The server bundle takes in every workspace package (analysis, report, contract).
  server) workspace=@tcm/server dist=apps/server/dist inputs=(apps/server packages package-lock.json) ;;
  *) echo "usage: $0 web|server" >&2; exit 2 ;;
esac

hash=""
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  # Tracked and untracked-but-not-ignored files (dist/ and node_modules/ are ignored).
  hash=$(git ls-files -z -co --exclude-standard -- "${inputs[@]}" ':!:*.test.ts' ':!:*.test.tsx' \
    | xargs -0 sha1sum | sha1sum | cut -d' ' -f1) || hash="" # e.g. a listed file deleted: build
fi
stamp="$dist/.inputs-hash"
if [ -n "$hash" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$hash" ]; then
  echo "[build] $workspace unchanged since its last build; kept $dist"
  exit 0
fi
npm run -s build -w "$workspace"
[ -n "$hash" ] && echo "$hash" >"$stamp"
exit 0
