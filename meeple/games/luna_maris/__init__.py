"""Luna Maris (月海礦場; Ricardo Amaral, MeepleBR 2022) for 2-4 players."""

from __future__ import annotations

from typing import Any

from meeple.engine.components import Tables
from meeple.engine.core import Game, Option, State
from meeple.games.luna_maris import components
from meeple.games.luna_maris.scoring import final_breakdown
from meeple.games.luna_maris.state import (
    CAP,
    ENERGY,
    FE_L,
    FE_R,
    HE3,
    N_JUNIORS,
    O2,
    PASSED,
    REF,
    SUS,
    TI_L,
    TI_R,
    VP,
    WATER,
    LunaState,
    new_state,
)


class LunaMaris(Game):
    name = "luna_maris"
    title = "Luna Maris"
    min_players = 2
    max_players = 4
    version = 6
    options = {
        "solar": Option("day", "solar energy in production: 'day' = rounds 3 and 5 only (research), "
                        "'every' = every production phase (the seed's reading)", ("day", "every")),
        "pass_reward": Option("immediate", "when the pass-track reward is taken: 'immediate' on passing "
                              "(seed), 'production' at the next production phase (prototype)",
                              ("immediate", "production")),
        "equipment": Option(True, "play with the special equipment tiles (the seed advises leaving them "
                            "out of a first game)"),
        "equipment_deal": Option("choose", "how the special equipment is handed out: 'choose' = players + 1 "
                                 "tiles face up, picked in reverse turn order (rulebook, research §3); "
                                 "'random' = one random tile dealt to each player (the seed: 開局隨機分配)",
                                 ("choose", "random")),
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
        """The projected final margin: each seat's score plus what the final scoring would add now,
        plus a little for ore and probes still to come, research levels, seniors and build-track discs;
        0.5 + margin / 60 against the best other seat."""
        s: LunaState = state  # type: ignore[assignment]
        if s.is_over:
            return super().evaluate(state, seat)
        rows = final_breakdown(s)
        left = s.board.rounds - s.round
        proj = []
        for p, me in enumerate(s.pl):
            future = left * (0.6 * s.grid.count(p) + 0.3 * me[ENERGY] / 6)
            future += 0.3 * (me[FE_L] + me[FE_R]) + 0.6 * (me[TI_L] + me[TI_R]) + 0.8 * me[WATER] + 1.2 * me[HE3]
            if not me[PASSED]:
                future += 0.8 * max(0, me[CAP] - me[O2])  # O2 left this round: actions still to take
            future += 0.4 * len(s.hands[p]) + 0.2 * me[CAP]
            # engine value still to come: research levels open processes, seniors act twice,
            # build-track discs pay 1 VP at every clean-up left
            future += left * (0.4 * (me[REF] + me[SUS] - 2) + 0.3 * sum(1 for c in s.hands[p] + s.rest[p]
                                                                        if c >= N_JUNIORS))
            future += (left + 1) * s.build_track.count(p)
            proj.append(me[VP] + sum(rows[p]) + future)
        best_other = max(x for i, x in enumerate(proj) if i != seat)
        return max(0.0, min(1.0, 0.5 + (proj[seat] - best_other) / 60.0))


GAME = LunaMaris()

__all__ = ["GAME", "LunaMaris"]
