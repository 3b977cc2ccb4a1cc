# meeple: `make serve` (browser play), `make play` (terminal play), `make test` (lint, types, tests).
VENV := .venv
BIN := $(VENV)/bin
GAME ?= troyes
PLAYERS ?= 2
BOTS ?= heuristic

.PHONY: venv fast clean-fast play serve test lint typecheck pytest bench clean

venv:
	@bash scripts/bootstrap.sh

# The compiled build (issue 31, docs/engine.md "Compiled build"): mypyc compiles the engine core,
# the games' rules and the bots' inner loops in place (needs a C compiler; minutes on 2 cores).
# MEEPLE_PURE=1 runs the pure-Python modules anyway; `make clean-fast` removes the extensions.
fast: venv
	@bash scripts/build_fast.sh

clean-fast:
	@bash scripts/clean_fast.sh

play: venv
	$(BIN)/meeple play $(GAME) --players $(PLAYERS) --bots $(BOTS)

serve: venv
	$(BIN)/meeple serve --host 127.0.0.1 --port 8000

test: venv
	@bash scripts/browser-deps.sh
	$(BIN)/ruff check .
	$(BIN)/mypy meeple
	$(BIN)/pytest -n 2 -p no:cacheprovider

bench: venv
	$(BIN)/meeple bench

clean: clean-fast
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
