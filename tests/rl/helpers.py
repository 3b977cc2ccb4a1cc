"""Shared by the issue-18 tests: the games, their smallest and largest player counts, random play."""

from __future__ import annotations

import random
from collections.abc import Iterator

import meeple
from meeple.engine.core import State

GAMES = ("luna_maris", "messina", "mundus_novus", "troyes")


def counts() -> list[tuple[str, int]]:
    """Every game at its smallest and largest player count."""
    out = []
    for name in GAMES:
        g = meeple.games.get(name)
        out += [(name, g.min_players), (name, g.max_players)]
    return out


def play(name: str, players: int, seed: int, limit: int | None = None) -> Iterator[State]:
    """The positions of one random game (each yielded before its decision is taken)."""
    state = meeple.games.get(name).new(players, seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over and (limit is None or steps < limit):
        yield state
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    yield state
