"""Luna Maris (月海礦場; Ricardo Amaral, MeepleBR 2022) for 1-4 players (solo: against the AI coordinator, ``solo.py``).

The package's face: the ``Game`` subclass and ``LunaPosition``, the concrete state class that binds
the engine's hooks to the rule modules (layout: docs/engine.md, "One shape for every game package";
code map: docs/rules/luna_maris.md)."""

from __future__ import annotations

from typing import Any

from meeple.engine.components import Tables
from meeple.engine.core import Game, Option, State
from meeple.games.luna_maris import clone as _clone  # noqa: F401  (registers the generated copy functions, issue 31)
from meeple.games.luna_maris import components, evaluate, setup, view
from meeple.games.luna_maris.position import LunaPosition
from meeple.games.luna_maris.state import LEVELS


class LunaMaris(Game):
    name = "luna_maris"
    title = "Luna Maris"
    min_players = 1
    max_players = 4
    version = 8
    from meeple.games.luna_maris.encode import ENCODER as encoder  # issue 18: ids, observations
    options = {
        "solar": Option("day", "When solar energy comes in production: 'day' in the day rounds only (rounds 3 "
                        "and 5), 'every' in every production phase.", ("day", "every")),
        "pass_reward": Option("immediate", "When the pass-track reward is taken: 'immediate' on passing, "
                              "'production' at the next production phase.",
                              ("immediate", "production")),
        "equipment": Option(True, "Play with the special equipment tiles (better left out of a first "
                            "game)."),
        "equipment_deal": Option("choose", "How the special equipment is handed out: 'choose' = players + 1 "
                                 "tiles face up, picked in reverse turn order; "
                                 "'random' = one random tile dealt to each player.",
                                 ("choose", "random")),
        "hibernation_icon": Option(False, "Resting in the Hibernation room needs a scientist showing its icon "
                                   "(otherwise any scientist may rest)."),
        "hibernation_activation": Option(True, "Resting in the Hibernation room needs activation "
                                         "(1 energy, or following)."),
        "difficulty": Option("basic", "Solo only: the AI coordinator's cards: 'basic' A-F, 'intermediate' "
                             "A-L mixed, 'advanced' G-L.", LEVELS),
    }

    def default_tables(self) -> Tables:
        return components.default_tables()

    def stand_ins(self) -> tuple[str, ...]:
        return components.STAND_INS

    def setup(self, players: int, seed: int, options: dict[str, Any], tables: Tables) -> State:
        return setup.new_state(LunaPosition, self, players, seed, options, tables)

    def max_steps(self, players: int) -> int:
        return 1500 * players

    def piece_ids(self, view_: dict[str, Any]) -> set[str]:
        return view.piece_ids(view_)

    def evaluate(self, state: State, seat: int) -> float:
        """The projected final margin (``evaluate.evaluate``)."""
        return evaluate.evaluate(state, seat)


GAME = LunaMaris()

__all__ = ["GAME", "LunaMaris", "LunaPosition"]
