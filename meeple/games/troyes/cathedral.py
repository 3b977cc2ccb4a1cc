"""The cathedral (seed §5.2 建造大教堂): a cube per white die on the space of its value, on the
lowest level where that space is free, for 1 VP and 1 or 2 influence each."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.core import Event
from meeple.engine.messages import event
from meeple.games.troyes.state import TOP_LEVEL, gain_influence
from meeple.games.troyes.words import msg

if TYPE_CHECKING:
    from meeple.games.troyes.state import TroyesState


def cathedral_places(s: TroyesState, values: list[int]) -> list[int]:
    """Cathedral indices (level*6 + space) the dice would fill, lowest free level first (STAND_IN)."""
    taken: list[int] = []
    for v in values:
        sp = min(max(v, 1), 6) - 1
        for level in range(3):
            i = level * 6 + sp
            if s.cath[i] < 0 and i not in taken:
                taken.append(i)
                break
    return taken


def mason_spaces(s: TroyesState) -> list[int]:
    """Master Mason (STAND_IN card, research 10.2): the cathedral spaces (0-5) still free on
    some level (levels fill from the bottom, so while the top level is free)."""
    cath = s.cath
    return [v for v in range(6) if cath[TOP_LEVEL + v] < 0]


def cathedral_cubes(s: TroyesState, p: int, values: list[int], ev: list[Event]) -> int:
    """Cubes on the cathedral: 1 VP and 1 or 2 influence each (seed §5.2)."""
    board = s.brd
    placed = cathedral_places(s, values)
    for i in placed:
        s.cath[i] = p
        s.seats[p].vp += board.cathedral_vp
        gain_influence(s, p, board.cathedral_influence[i % 6])
        ev.append(event("cathedral", msg("troyes.event.cathedral", seat=p, level=i // 6 + 1, space=i % 6 + 1,
                         vp=board.cathedral_vp, influence=board.cathedral_influence[i % 6]), seat=p))
    return len(placed)
