"""Why a typed action is not legal now, in Troyes' own terms."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from meeple.games.troyes.state import TroyesState


def explain(s: TroyesState, text: str) -> str | None:
    return None
