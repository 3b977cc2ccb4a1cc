#!/usr/bin/env bash
# `make fast`: compiles the engine core, the four games' rules and the bots' inner loops to C
# extensions with mypyc (issue 31), in place next to their sources in this checkout, for .venv.
# Needs a C compiler and the Python headers; without them meeple stays pure Python (`make venv`).
# MEEPLE_PURE=1 runs the pure-Python modules even when the extensions are built; `make clean-fast`
# removes them.  MEEPLE_JOBS (default: every core) C files compile at once, MEEPLE_OPT_LEVEL (2).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v "${CC:-cc}" >/dev/null 2>&1; then
  echo "make fast needs a C compiler (${CC:-cc}); meeple runs as pure Python without one." >&2
  exit 1
fi
# setuptools >= 77 reads pyproject.toml's license field; mypy ships mypyc
.venv/bin/python -m pip install -q --disable-pip-version-check 'setuptools>=77' 'mypy>=1.10'
bash scripts/clean_fast.sh
start=$(date +%s)
MEEPLE_COMPILE=1 .venv/bin/python setup.py -q build_ext --inplace --build-temp build/mypyc 2>&1 \
  | grep -v -e 'warning: Treating generator comprehension as list' -e '^gcc ' -e '^creating ' -e '^copying ' || true
# distutils copies an extension it did not need to relink with its old time: every extension of
# this build is as new as the build (meeple/_compiled.py runs the sources when one is older)
find meeple -name '*.cpython-*.so' -exec touch {} +
test -n "$(find meeple -name "*.cpython-*.so" -print -quit)" || { echo "make fast: nothing was built" >&2; exit 1; }
echo "make fast: compiled in $(( $(date +%s) - start ))s; $(.venv/bin/python -c 'import meeple, meeple._compiled as c; print("compiled" if c.active() else "NOT compiled (pure)")')"
