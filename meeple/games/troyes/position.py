"""``TroyesPosition``: the concrete position that binds the engine's hooks to the modules.

In its own module, not ``__init__.py``, so that ``make fast`` compiles it (issue 31): a compiled
subclass of the compiled ``TroyesState`` gets a native method table, and the engine's calls of
``_legal``, ``_apply``, ``is_over``, ``to_move``, ``settle`` ... on a Troyes position are direct C
calls instead of Python method lookups (an interpreted subclass goes through mypyc's glue for
every one of them)."""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from meeple.engine.core import Action, Event
from meeple.engine.messages import Message
from meeple.games.troyes import actions, explain, refined, rules, scoring, view
from meeple.games.troyes.state import TroyesState


# allow_interpreted_subclasses: then ``__new__`` only allocates (setup and clone build a position
# without ``__init__``); a TroyesPosition itself still gets the native method table
@mypyc_attr(allow_interpreted_subclasses=True)
class TroyesPosition(TroyesState):
    """One position of Troyes with its rules: the engine's hooks bound to the modules."""

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

    # the forced dice an action buys, named only when a surface asks (issue 15)
    def label(self, action: Action) -> Message | None:
        return refined.label(self, action)

    def targets(self, action: Action) -> list[str]:
        return view.targets(self, action)


__all__ = ["TroyesPosition"]
