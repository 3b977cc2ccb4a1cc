"""Run in every Ray worker of the Ray tests: the test games are registered there too."""

from __future__ import annotations

from meeple import games
from tests.engine.test_engine_simulate import CRASHY
from tests.engine.tinygame import GAME as HILO


def register_test_games() -> None:
    for game in (HILO, CRASHY):
        if game.name not in games.names():
            games.register(game)
