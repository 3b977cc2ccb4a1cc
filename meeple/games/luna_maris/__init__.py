"""Luna Maris (月海礦場; Ricardo Amaral, MeepleBR 2022) for 2-4 players."""

from __future__ import annotations

from typing import Any

from meeple.engine.components import Tables
from meeple.engine.core import Game, Option, State
from meeple.games.luna_maris import components
from meeple.games.luna_maris.evaluation import projection, seat_values
from meeple.games.luna_maris.state import LunaState, new_state


class LunaMaris(Game):
    name = "luna_maris"
    title = "Luna Maris"
    min_players = 2
    max_players = 4
    version = 6
    from meeple.games.luna_maris.encode import ENCODER as encoder  # issue 18: ids, observations
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
        """The projected final margin (``evaluation.projection``): 0.5 + margin / 60 against the best
        other seat, clamped to [0, 1].  All seats are valued once per position (``state.memo()``)."""
        s: LunaState = state  # type: ignore[assignment]
        if s.is_over:
            return super().evaluate(state, seat)
        memo = s.memo()
        values = memo.get("luna_eval")
        if values is None:
            values = memo["luna_eval"] = seat_values(projection(s))
        return values[seat]


GAME = LunaMaris()

__all__ = ["GAME", "LunaMaris"]
