# meeple: `make serve` (browser play), `make play` (terminal play), `make test` (lint, types, tests).
VENV := .venv
BIN := $(VENV)/bin
GAME ?= troyes
PLAYERS ?= 2
BOTS ?= heuristic

.PHONY: venv play serve test lint typecheck pytest bench clean

venv:
	@bash scripts/bootstrap.sh

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

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
