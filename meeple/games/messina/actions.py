"""Actions offered again and again, built once and shared (an ``Action`` is never changed): the
constant ones, and each lieutenant's moves under the current names of the city's nodes.  Actions
whose notation names a component are in ``derived.py`` (they depend on the tables)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.core import Action
from meeple.games.messina.components import REWARD_NAMES
from meeple.games.messina.consts import (
    CABINS,
    MAXLT,
    OP_BUY,
    OP_CABIN,
    OP_DISCARD,
    OP_DONESTAFF,
    OP_DOUSE,
    OP_END,
    OP_MOVE,
    OP_RECALL,
    OP_REWARD,
    OP_SHIPDOUSE,
    OP_SHIPLET,
    OP_STOP,
)

if TYPE_CHECKING:
    from meeple.games.messina.state import MessinaState


_MOVES: dict[tuple[int, int, str], Action] = {}


def move_action(i: int, b: int, name: str) -> Action:
    """The (immutable, shared) action sending lieutenant ``i`` to node ``b`` called ``name``."""
    key = (i, b, name)
    act = _MOVES.get(key)
    if act is None:
        act = _MOVES[key] = Action(f"lt{i + 1} to {name}", (OP_MOVE, i, b))
    return act


RECALLS = tuple(Action(f"recall lt{i + 1}", (OP_RECALL, i)) for i in range(MAXLT))
_MOVE_ROWS: dict[tuple[str, ...], list[tuple[Action, ...] | None]] = {}


def moves_of(s: MessinaState, i: int) -> tuple[Action, ...]:
    """Lieutenant ``i``'s move actions, indexed by node, under the current node names (built once per
    city's names; the state keeps the rows of its names, shared by clones)."""
    names = s.nname
    cached = s.moves
    if cached is None or cached[0] is not names:
        found = _MOVE_ROWS.get(names)
        if found is None:
            if len(_MOVE_ROWS) > 4096:
                _MOVE_ROWS.clear()
            found = _MOVE_ROWS[names] = [None] * MAXLT
        cached = s.moves = (names, found)
    rows = cached[1]
    row = rows[i]
    if row is None:
        row = rows[i] = tuple(move_action(i, b, names[b]) for b in range(len(names)))
    return row


DISCARD = Action("discard citizen", (OP_DISCARD,))
QUARANTINE = tuple(Action(f"quarantine in cabin {k + 1}", (OP_CABIN, k)) for k in range(CABINS))
DONE_STAFFING = Action("done staffing", (OP_DONESTAFF,))
DOUSE = Action("douse", (OP_DOUSE,))
STOP = Action("stop fighting", (OP_STOP,))
BUY_CITY = Action("buy city", (OP_BUY, 1))
BUY_CHURCH = Action("buy church", (OP_BUY, 2))
USE_REWARD = tuple(Action(f"use {name}", (OP_REWARD, r)) for r, name in enumerate(REWARD_NAMES))
END_TURN = Action("end turn", (OP_END,))
SHIP_DOUSE = Action("douse the ship", (OP_SHIPDOUSE,))
SHIP_LET = Action("let the ship's plague go", (OP_SHIPLET,))
