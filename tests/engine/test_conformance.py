"""The conformance suite, run against every registered game and every player count."""

from __future__ import annotations

import pytest

from meeple import games
from tests.engine.conformance import CHECKS, WithOptions

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


SOLO_VARIANTS = [
    (name, {key: choice})
    for name in games.names() if games.get(name).min_players == 1
    for key, option in sorted(games.get(name).options.items())
    for choice in (option.choices or ()) if choice != option.default
]
"""Every other choice of every option of a game with a solo game, at 1 player (the solo levels and
the variants a solo player may pick): docs/engine.md "Solo games"."""


@pytest.mark.parametrize("check", sorted(CHECKS))
@pytest.mark.parametrize(("name", "options"), SOLO_VARIANTS,
                         ids=[f"{n}-1p-{k}={v}" for n, o in SOLO_VARIANTS for k, v in o.items()])
def test_conformance_solo_variants(name: str, options: dict[str, object], check: str) -> None:
    """Random solo games at every level and variant pass every conformance check."""
    game = WithOptions(games.get(name), options)
    for seed in (1, 2):
        CHECKS[check](game, 1, seed)  # type: ignore[arg-type]
