"""``MundusPosition``: the concrete Mundus Novus state class, which binds the engine's hooks to the
rule modules.  A module of its own (not ``__init__.py``) so that ``make fast`` compiles it: the
engine's calls of ``_legal``, ``_apply``, ``_resample_hidden`` ... then go straight to the compiled
rules instead of through an interpreted method each (issue 31)."""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from meeple.engine.core import Action, Event
from meeple.engine.messages import Message
from meeple.engine.rng import Rng
from meeple.games.mundus_novus import actions, explain, hidden, rules, scoring, view
from meeple.games.mundus_novus.state import MundusState


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (make fast); a test may still subclass it
class MundusPosition(MundusState):
    """A Mundus Novus position with its rules bound: the concrete class every game plays with."""

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

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        hidden.resample_hidden(self, seat, rng)
