"""Luna Maris (月海礦場; Ricardo Amaral, MeepleBR 2022) for 2-4 players."""

from __future__ import annotations

from typing import Any

from meeple.engine.components import Tables
from meeple.engine.core import Game, Option, State
from meeple.games.luna_maris import components
from meeple.games.luna_maris.state import (
    ENERGY,
    FE_L,
    FE_R,
    HE3,
    TI_L,
    TI_R,
    VP,
    WASTE,
    WATER,
    LunaState,
    new_state,
)


class LunaMaris(Game):
    name = "luna_maris"
    title = "Luna Maris"
    min_players = 2
    max_players = 4
    version = 2
    options = {
        "solar": Option("day", "solar energy in production: 'day' = rounds 3 and 5 only (research), "
                        "'every' = every production phase (the seed's reading)", ("day", "every")),
        "pass_reward": Option("immediate", "when the pass-track reward is taken: 'immediate' on passing "
                              "(seed), 'production' at the next production phase (prototype)",
                              ("immediate", "production")),
        "equipment": Option(True, "play with the special equipment tiles (the seed advises leaving them "
                            "out of a first game)"),
        "hibernation_icon": Option(False, "the Hibernation room needs a scientist showing its icon "
                                   "(default: any scientist may rest)"),
        "hibernation_activation": Option(True, "resting in the Hibernation room needs activation "
                                         "(1 energy or following)"),
    }

    def default_tables(self) -> Tables:
        return components.default_tables()

    def stand_ins(self) -> tuple[str, ...]:
        return components.STAND_INS

    def setup(self, players: int, seed: int, options: dict[str, Any], tables: Tables) -> State:
        return new_state(self, players, seed, options, tables)

    def max_steps(self, players: int) -> int:
        return 1500 * players

    def evaluate(self, state: State, seat: int) -> float:
        """Score plus a rough value of orders, resources and waste, scaled among the players."""
        s: LunaState = state  # type: ignore[assignment]
        if s.is_over:
            return super().evaluate(state, seat)
        est = []
        for p, me in enumerate(s.pl):
            res = me[FE_L] + me[FE_R] + 1.5 * (me[TI_L] + me[TI_R]) + 2 * me[WATER] + 3 * me[HE3]
            est.append(me[VP] + 2.5 * len(s.delivered[p]) + 0.5 * res + 0.25 * me[ENERGY] - 1.5 * me[WASTE])
        best, worst = max(est), min(est)
        if best == worst:
            return 0.5
        return (est[seat] - worst) / (best - worst)


GAME = LunaMaris()

__all__ = ["GAME", "LunaMaris"]
