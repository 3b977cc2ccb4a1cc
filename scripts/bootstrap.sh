#!/usr/bin/env bash
# Creates .venv and installs meeple with its development tools from pyproject.toml.
# On a fresh Debian/Ubuntu machine it first installs python3-venv if venv is missing
# (needs root or sudo).  Used by `make play`, `make serve` and `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if ! command -v "$PY" >/dev/null 2>&1 || ! "$PY" -c 'import sys; assert sys.version_info >= (3, 11)' 2>/dev/null; then
  echo "meeple needs Python 3.11 or newer as '$PY' (set PYTHON=... to choose another)." >&2
  exit 1
fi
if [ ! -x .venv/bin/python ]; then
  if ! "$PY" -m venv .venv 2>/dev/null; then
    rm -rf .venv
    SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    if command -v apt-get >/dev/null 2>&1; then
      echo "installing python3-venv (needed to create .venv)..." >&2
      $SUDO apt-get update -qq && $SUDO apt-get install -y -qq python3-venv
      "$PY" -m venv .venv
    else
      echo "cannot create a virtual environment: install the venv module for $PY" >&2
      exit 1
    fi
  fi
fi
if [ ! -f .venv/.installed ] || [ pyproject.toml -nt .venv/.installed ]; then
  .venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip
  .venv/bin/python -m pip install -q --disable-pip-version-check -e '.[dev]'
  touch .venv/.installed
fi
