"""Luna Maris (月海礦場; Ricardo Amaral, MeepleBR 2022) for 2-4 players.

The package's face: the ``Game`` subclass and ``LunaPosition``, the concrete state class that binds
the engine's hooks to the rule modules (layout: docs/engine.md, "One shape for every game package";
code map: docs/rules/luna_maris.md)."""

from __future__ import annotations

from typing import Any

from meeple.engine.components import Tables
from meeple.engine.core import Game, Option, State
from meeple.games.luna_maris import actions, components, evaluate, explain, rules, scoring, setup, view
from meeple.games.luna_maris.state import LunaState


class LunaPosition(LunaState):
    """A Luna Maris position: ``LunaState``'s fields with the rules bound."""

    __slots__ = ()
    _legal = actions.legal
    _apply = rules.apply
    _view = view.view
    scores = scoring.scores
    tiebreak = scoring.tiebreak
    explain_illegal = explain.explain


class LunaMaris(Game):
    name = "luna_maris"
    title = "Luna Maris"
    min_players = 2
    max_players = 4
    version = 7
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
        return setup.new_state(LunaPosition, self, players, seed, options, tables)

    def max_steps(self, players: int) -> int:
        return 1500 * players

    def evaluate(self, state: State, seat: int) -> float:
        """The projected final margin (``evaluate.evaluate``)."""
        return evaluate.evaluate(state, seat)


GAME = LunaMaris()

__all__ = ["GAME", "LunaMaris", "LunaPosition"]
