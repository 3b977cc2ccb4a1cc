"""Messina 1347 (Delicious Games, 2021) for 1-4 players, by the seed's rules (solo against the
automa: ``automa.py``).

See docs/rules/messina.md for the rules as implemented, every stand-in, every option and the code
map.  ``MessinaPosition`` binds the engine's hooks to the modules that implement them.
"""

from __future__ import annotations

from typing import Any

from meeple.engine.components import Tables
from meeple.engine.core import Action, Event, Game, Option, State
from meeple.engine.messages import Message
from meeple.games.messina import actions, components, evaluate, explain, rules, scoring, setup, view
from meeple.games.messina import clone as _clone  # noqa: F401  (registers the generated copy functions, issue 31)
from meeple.games.messina.state import MessinaState

_TABLES = Tables(components.TABLES)
"""The shipped tables: one shared immutable instance, so the values derived from it (``derived.py``)
and the caches kept with it (``tables.cache``) serve every game played with them."""


class MessinaPosition(MessinaState):
    """A Messina 1347 position with the engine's hooks bound to the package's modules."""

    __slots__ = ()

    def _legal(self) -> list[Action]:
        return actions.legal(self)

    def _apply(self, action: Action) -> list[Event]:
        return rules.apply(self, action)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return view.view(self, seat)

    def scores(self) -> list[int]:
        return scoring.scores(self)

    def tiebreak(self, seat: int) -> tuple[int, ...]:
        return scoring.tiebreak(self, seat)

    def explain_illegal(self, text: str) -> str | Message | None:
        return explain.explain(self, text)

    def targets(self, action: Action) -> list[str]:
        return view.targets(self, action)


class Messina(Game):
    name = "messina"
    title = "Messina 1347"
    min_players = 1
    max_players = 4
    version = 8
    from meeple.games.messina.encode import ENCODER as encoder  # issue 18: ids, observations
    options = {
        "ship_overseer_parity": Option(
            "even",
            "Which ships move an overseer: 'even' (the 2nd, 4th and 6th ship) or 'odd' "
            "(the 1st, 3rd and 5th).",
            ("even", "odd"),
        ),
        "ship_overseer_reward": Option(
            "advance",
            "What those ships give: 'advance' one overseer or 'upgrade' one "
            "overseer.",
            ("advance", "upgrade"),
        ),
        "solo": Option(
            "basic",
            "The solo level (1 player, against the automa): 'basic', the rulebook's solo game "
            "(130 VP is a good score).",
            ("basic",),
        ),
    }

    def default_tables(self) -> Tables:
        return _TABLES

    def stand_ins(self) -> tuple[str, ...]:
        return components.STAND_INS

    def setup(self, players: int, seed: int, options: dict[str, Any], tables: Tables) -> State:
        return setup.setup(MessinaPosition, self, players, seed, options, tables)

    def max_steps(self, players: int) -> int:
        return 2500 * max(players, 2)

    def piece_ids(self, view_: dict[str, Any]) -> set[str]:
        return view.piece_ids(view_)

    def evaluate(self, state: State, seat: int) -> float:
        # the concrete class, so isinstance takes the exact-type fast path (State is an ABC)
        assert isinstance(state, MessinaPosition)
        return evaluate.evaluate(state, seat)


GAME = Messina()

__all__ = ["GAME", "Messina", "MessinaPosition"]
