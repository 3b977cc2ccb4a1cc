#!/usr/bin/env bash
# `make clean-fast`: removes the compiled extensions `make fast` built, so the sources run again.
set -euo pipefail
cd "$(dirname "$0")/.."
find meeple -maxdepth 4 -name '*.cpython-*.so' -delete
rm -f ./*__mypyc.cpython-*.so
rm -rf build/mypyc
