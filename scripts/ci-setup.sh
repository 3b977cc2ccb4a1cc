#!/usr/bin/env bash
# Installs what the server's browser tests need on a fresh Debian machine (run as root).
# The integrator's .ci/run calls this before `make test`.
set -euo pipefail
if [ ! -x /usr/bin/chromium ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y --no-install-recommends chromium fonts-noto-cjk
fi
/usr/bin/chromium --version || true
