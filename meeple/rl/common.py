"""What the adapters share: the optional packages, utilities and a game's set-up."""

from __future__ import annotations

import importlib
from typing import Any

from meeple.engine.core import Game, State
from meeple.games import get

EXTRA = "pip install 'meeple[rl]'"


def need(module: str) -> Any:
    """Import an optional package of the ``rl`` extra, or raise one line saying how to get it."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise ImportError(f"meeple.rl needs the package {module.split('.')[0]!r}: {EXTRA}") from None


def game_of(name: str | Game) -> Game:
    return name if isinstance(name, Game) else get(name)


def utilities(state: State) -> list[float]:
    """The reward at the end of a game: 1 for every seat in first place (ties share it), else 0;
    solo, 1 for reaching the game's yardstick (``State.returns``)."""
    return state.returns()
