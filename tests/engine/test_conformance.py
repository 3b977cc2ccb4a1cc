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


def _solo_option(key: str, doc: str) -> bool:
    """An option of the solo game: its name or its description says so (a level, a difficulty)."""
    return any(w in key.lower() for w in ("solo", "level", "difficulty")) or "solo" in doc.lower()


SOLO_VARIANTS = [
    (name, {key: choice})
    for name in games.names() if games.get(name).min_players == 1
    for key, option in sorted(games.get(name).options.items()) if _solo_option(key, option.doc)
    for choice in (option.choices or ())
]
"""Every choice of every solo option (each solo level) of a game with a solo game, at 1 player:
docs/engine.md "Solo games"."""


@pytest.mark.parametrize("check", sorted(CHECKS))
@pytest.mark.parametrize(("name", "options"), SOLO_VARIANTS,
                         ids=[f"{n}-1p-{k}={v}" for n, o in SOLO_VARIANTS for k, v in o.items()])
def test_conformance_solo_variants(name: str, options: dict[str, object], check: str) -> None:
    """Random solo games at every level and variant pass every conformance check."""
    game = WithOptions(games.get(name), options)
    for seed in (1, 2):
        CHECKS[check](game, 1, seed)  # type: ignore[arg-type]
