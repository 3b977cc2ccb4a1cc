#!/usr/bin/env bash
# The browser tests drive Debian's Chromium.  Install it when it is missing and we
# can (root or passwordless sudo with apt-get); otherwise say how, and those tests
# skip with a clear reason outside CI.
set -uo pipefail
cd "$(dirname "$0")/.."
[ -x /usr/bin/chromium ] && exit 0
if command -v apt-get >/dev/null 2>&1 && { [ "$(id -u)" -eq 0 ] || sudo -n true 2>/dev/null; }; then
  if [ "$(id -u)" -eq 0 ]; then bash scripts/ci-setup.sh; else sudo -n bash scripts/ci-setup.sh; fi
else
  echo "note: /usr/bin/chromium is missing; the browser tests will be skipped (install Debian's chromium to run them)" >&2
fi
exit 0
