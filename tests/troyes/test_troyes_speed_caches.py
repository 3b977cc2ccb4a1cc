"""The speed caches give the same legal actions as computing them afresh."""

from __future__ import annotations

from meeple.engine.rng import Rng
from meeple.games.troyes import GAME, TroyesState
from meeple.games.troyes.actions import main_actions
from meeple.games.troyes.consts import P_ACTION, S_MAIN


def test_cached_main_actions_match_fresh_ones_along_random_games_and_determinizations() -> None:
    """Every main-step decision of seeded random games at 2-4 players (and a determinization
    of it for each seat) lists the same actions, in the same order, as ``main_actions``."""
    checked = 0
    for players in (2, 3, 4):
        for seed in range(3):
            options = {"push_out_protection": "lying"} if seed == 2 else {}
            s = GAME.new(players, seed, options)
            rng = Rng(seed + 50)
            while not s.is_over:
                samples = [s] + [s.determinize(q, rng) for q in range(players)]
                for d in samples:
                    assert isinstance(d, TroyesState)
                    if d.phase == P_ACTION and d.step == S_MAIN:
                        got = [a.notation for a in d.legal_actions()]
                        assert got == [a.notation for a in main_actions(d, d.turn)]
                        checked += 1
                legal = s.legal_actions()
                s.apply(legal[rng.below(len(legal))])
    assert checked > 500
