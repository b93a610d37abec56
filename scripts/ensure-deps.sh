#!/usr/bin/env bash
# Installs what the project needs and is missing: npm packages, then (with --system) the
# Debian packages the tests drive. Safe to run again: it does nothing when all is present.
set -euo pipefail
cd "$(dirname "$0")/.."

# onnxruntime-node's install script downloads CUDA files, which cannot work offline.
export ONNXRUNTIME_NODE_INSTALL=skip
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "[deps] npm ci"
  npm ci --no-audit --no-fund --loglevel=error
fi

if [ "${1:-}" = "--system" ]; then
  missing=()
  command -v chromium >/dev/null || missing+=(chromium)
  command -v pdftotext >/dev/null || missing+=(poppler-utils)
  command -v praat >/dev/null || missing+=(praat)
  [ -x /usr/lib/postgresql/15/bin/initdb ] || missing+=(postgresql)
  fc-list 2>/dev/null | grep -i 'noto sans cjk' >/dev/null || missing+=(fonts-noto-cjk)
  if [ ${#missing[@]} -gt 0 ]; then
    echo "[deps] apt-get install ${missing[*]}"
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
fi
