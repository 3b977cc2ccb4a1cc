"""Why a typed action is illegal, in the game's own terms."""

from __future__ import annotations

from meeple.games.luna_maris.state import LunaState


def explain(s: LunaState, text: str) -> str | None:
    return None
