#!/usr/bin/env bash
# Installs what the server's browser tests need on a fresh Debian machine (run as root):
# Debian's Chromium (driven by Playwright) and a CJK font for the Traditional Chinese interface.
# The integrator's .ci/run calls this before `make test`.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || need+=(fonts-noto-cjk)
if [ ${#need[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y --no-install-recommends "${need[@]}"
fi
/usr/bin/chromium --version
