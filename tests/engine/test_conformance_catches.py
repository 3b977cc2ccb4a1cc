"""Each conformance check fails on the broken test-game variant made for it.

Issue 2, "Conformance suite": deliberately broken variants prove that each
check can fail.  A variant is registered only for the duration of its test.
"""

from __future__ import annotations

import pytest

from meeple import games
from tests.engine.broken_games import BROKEN
from tests.engine.conformance import CHECKS


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_conformance_check_catches_broken_variant(case: str) -> None:
    """The check named by ``case`` raises AssertionError on its broken variant."""
    game = BROKEN[case]
    check = CHECKS[case.split("_mutates")[0].split("_duplicates")[0].split("_touches")[0].split("_overclaims")[0]]
    games.register(game)
    try:
        with pytest.raises(AssertionError):
            for seed in (1, 2, 3):
                check(game, 3, seed)
    finally:
        games.unregister(game.name)


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_other_checks_pass_on_the_sound_test_game(case: str) -> None:
    """The same check passes on the sound test game, so the failure above is the variant's."""
    check = CHECKS[case.split("_mutates")[0].split("_duplicates")[0].split("_touches")[0].split("_overclaims")[0]]
    check(games.get("hilo"), 3, 1)
