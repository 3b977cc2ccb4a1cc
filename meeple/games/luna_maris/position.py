"""``LunaPosition``: the concrete Luna Maris state class, which binds the engine's hooks to the rule
modules.  A module of its own (not ``__init__.py``) so that ``make fast`` compiles it: the engine's
calls of ``_legal``, ``_apply``, ``scores`` ... then go straight to the compiled rules instead of
through an interpreted method each (issue 31)."""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from meeple.engine.core import Action, Event
from meeple.engine.messages import Message
from meeple.games.luna_maris import actions, explain, rules, scoring, view
from meeple.games.luna_maris.state import LunaState


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (make fast); a test may still subclass it
class LunaPosition(LunaState):
    """A Luna Maris position: ``LunaState``'s fields with the rules bound."""

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
