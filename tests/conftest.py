"""Test-wide set-up: the small test game is registered beside the real games."""

from meeple import games
from tests.engine.tinygame import GAME as HILO

games.register(HILO)

# the browser tests' fixtures (`server`, `browser`) and helpers: tests/browserkit.py
pytest_plugins = ["tests.browserkit"]
