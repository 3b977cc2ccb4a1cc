"""The conformance suite, run against every registered game and every player count."""

from __future__ import annotations

import pytest

from meeple import games
from tests.engine.conformance import CHECKS

CASES = [
    (name, players)
    for name in games.names()
    for players in range(games.get(name).min_players, games.get(name).max_players + 1)
]


@pytest.mark.parametrize("check", sorted(CHECKS))
@pytest.mark.parametrize(("name", "players"), CASES, ids=[f"{n}-{p}p" for n, p in CASES])
def test_conformance(name: str, players: int, check: str) -> None:
    """ENGINE.md, "Rules of the contract": each rule checked on seeded random games."""
    game = games.get(name)
    for seed in (1, 2):
        CHECKS[check](game, players, seed)
