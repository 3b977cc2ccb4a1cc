#!/usr/bin/env bash
# The message catalogs (issue 14): extract every key into meeple/locale/meeple.pot, merge new keys
# into the en and zh_TW .po files (empty there until translated: tests/i18n fails on an empty entry),
# and compile the .mo files the package loads.  Usage: scripts/i18n.sh [extract|update|compile|all]
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${PYBABEL:-}" ]]; then
  if [[ -x .venv/bin/pybabel ]]; then PYBABEL=.venv/bin/pybabel; else PYBABEL="$(command -v pybabel)"; fi
fi
step="${1:-all}"
if [[ "$step" == extract || "$step" == all ]]; then
  PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}" "$PYBABEL" extract -F babel.cfg --no-location --sort-output \
    --project meeple --version 0.1.0 -o meeple/locale/meeple.pot .
fi
if [[ "$step" == update || "$step" == all ]]; then
  "$PYBABEL" update -i meeple/locale/meeple.pot -d meeple/locale -D meeple --no-fuzzy-matching --ignore-obsolete
fi
if [[ "$step" == compile || "$step" == all ]]; then
  "$PYBABEL" compile -d meeple/locale -D meeple --statistics
fi
