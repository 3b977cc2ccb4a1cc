"""Citizens: where one comes from and what entering a building does (seed §5.4 派遣工人,
research §5 D).  A citizen to place or hire comes from the personal supply or from anywhere
on the board; a citizen entering a full space pushes the one there out, once per player,
building and round (or while one lies beside it, option ``push_out_protection``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.engine.core import Event
from meeple.engine.messages import event
from meeple.games.troyes import words as W
from meeple.games.troyes.state import (
    BUILDING_WORDS,
    NEUTRAL,
    PROTECT_ROUND,
    SRC_BLD,
    SRC_CARD,
    SRC_LYING,
    SRC_NONE,
    SRC_SUPPLY,
    T_ACT,
    T_PLACE,
)
from meeple.games.troyes.words import msg

if TYPE_CHECKING:
    from meeple.games.troyes.state import TroyesState


def expelled_by(s: TroyesState, b: int, v: int, gone: int = -1) -> int:
    """Index in ``bld`` of the citizen a die of value ``v`` would push out of building ``b`` (-1: none),
    with the space ``gone`` (a ``bld`` index, -1: none) already left by the citizen that moves.

    Palace: the space of that value (seed §5.4).  Bishopric / City Hall: the right-hand
    space of the row keyed to the value, when the row is full (STAND_IN geometry)."""
    v = min(max(v, 1), 6)
    bld = s.bld
    if not s.caches.rows[b]:
        i = b * 6 + v - 1
        return i if bld[i] >= 0 and i != gone else -1
    left = b * 6 + (v - 1) // 2 * 2
    if bld[left] >= 0 and bld[left + 1] >= 0 and gone != left and gone != left + 1:
        return left + 1
    return -1


def protection(s: TroyesState, q: int) -> list[int]:
    """Per building, non-zero when seat ``q`` cannot be pushed out of the building now.

    Default, ``push_out_protection=once_per_round`` (seed §5.4: 同一回合同一個玩家同一個地區只能
    被推出一個; research §9 table): once pushed out of it this round, even after placing that
    citizen again.  Option ``lying`` (research §5 D wording, STAND-IN 10.1): only while the
    player has a pushed-out citizen lying beside the building."""
    seat = s.seats[q]
    return seat.expelled if s.prot == PROTECT_ROUND else seat.lying


def guarded(s: TroyesState, b: int) -> bool:
    """Some seat cannot be pushed out of building ``b`` now (``protection``)."""
    if s.prot == PROTECT_ROUND:
        for q in s.seats:
            if q.expelled[b]:
                return True
    else:
        for q in s.seats:
            if q.lying[b]:
                return True
    return False


def placement_blocked(s: TroyesState, b: int, v: int, gone: int = -1, unlying: int = -1) -> int:
    """The seat protected from a second push-out at ``b`` (-1: placement allowed), judged with
    the moving citizen already gone (issue 13): from the building space ``gone`` (a citizen
    taken from the row it enters no longer fills it), or, for ``unlying``, the seat whose
    citizen lying beside ``b`` is the one placed (under the ``lying`` reading it no longer
    protects them once it has left)."""
    i = expelled_by(s, b, v, gone)
    if i < 0:
        return -1
    o = s.bld[i]
    if o == NEUTRAL:
        return -1
    if s.prot == PROTECT_ROUND:
        return o if s.seats[o].expelled[b] else -1
    return o if s.seats[o].lying[b] - (o == unlying) > 0 else -1


def place_blocked(s: TroyesState, p: int, b: int, v: int, src: int | None = None) -> int:
    """``placement_blocked`` for seat ``p``'s placement in ``b`` with a die of value ``v`` now:
    with the chosen citizen gone from where it was once a source is chosen (``s.src``); before
    that (the main step), blocked only if it is blocked whichever citizen ``p`` moves: moving an
    own citizen out of the space or row the die points at frees it, and under the ``lying``
    reading placing one's only citizen lying beside ``b`` ends the protection (seed §5.4,
    research §5 D).  ``src``: judge for that source instead of the chosen one."""
    if src is None:
        src = s.src
    if src != SRC_NONE:
        if src >= SRC_BLD:
            return placement_blocked(s, b, v, src - SRC_BLD)
        return placement_blocked(s, b, v, -1, p if src == SRC_LYING + b else -1)
    o = placement_blocked(s, b, v)
    if o < 0:
        return -1
    if o == p and s.prot != PROTECT_ROUND and s.seats[p].lying[b] == 1:
        return -1  # the lying citizen itself may be the one placed
    v = min(max(v, 1), 6)
    bld = s.bld
    if not s.caches.rows[b]:
        return -1 if bld[b * 6 + v - 1] == p else o
    left = b * 6 + (v - 1) // 2 * 2
    return -1 if bld[left] == p or bld[left + 1] == p else o


def space_text(s: TroyesState, i: int) -> str:
    """``palace 3`` / ``bishopric 1-2 left`` for building space index ``i``."""
    return space_name(s.tables, i)


def space_name(tables: Any, i: int) -> str:
    """``space_text`` from the component tables alone (the closed action space, ``encode.py``)."""
    b, sp = divmod(i, 6)
    if tables.buildings[b].rows:
        r, pos = divmod(sp, 2)
        return f"{BUILDING_WORDS[b]} {2 * r + 1}-{2 * r + 2} {'right' if pos else 'left'}"
    return f"{BUILDING_WORDS[b]} {sp + 1}"


def source_text(s: TroyesState, src: int) -> str:
    if src == SRC_SUPPLY:
        return "citizen from supply"
    if SRC_LYING <= src < SRC_LYING + 3:
        return f"citizen lying at {BUILDING_WORDS[src - SRC_LYING]}"
    if src >= SRC_BLD:
        return f"citizen from {space_text(s, src - SRC_BLD)}"
    return f"citizen from {s.acts[s.slots[src - SRC_CARD]].name}"


def sources(s: TroyesState, p: int, kind: int, arg: int) -> list[int]:
    """Where a citizen to place or hire may come from (seed §5.4, research §5 D): the personal
    supply, or anywhere on the board: an own citizen lying beside a building, an own tradesman
    on another activity card, or an own citizen standing in a building."""
    out = [SRC_SUPPLY] if s.seats[p].supply > 0 else []
    for b in range(3):
        if s.seats[p].lying[b]:
            out.append(SRC_LYING + b)
    for slot in range(9):
        if s.seats[p].trade[slot] and not (kind == T_ACT and slot == arg):
            out.append(SRC_CARD + slot)
    bld = s.bld
    if p in bld:
        for i in range(18):
            if bld[i] == p:
                out.append(SRC_BLD + i)
    return out


def needs_source(s: TroyesState, p: int, kind: int, arg: int) -> bool:
    return kind == T_PLACE or (kind == T_ACT and not s.seats[p].trade[arg])


def has_citizen(s: TroyesState, p: int) -> bool:
    """A citizen to place or hire: in the supply, lying beside a building, on a card or in a building."""
    seat = s.seats[p]
    return seat.supply > 0 or p in s.bld or any(seat.lying) or any(seat.trade)


def take_citizen(s: TroyesState, p: int, src: int) -> None:
    """Remove the citizen ``p`` moves from its source (supply, lying, or an activity card)."""
    if src == SRC_SUPPLY:
        s.seats[p].supply -= 1
    elif SRC_LYING <= src < SRC_LYING + 3:
        s.seats[p].lying[src - SRC_LYING] -= 1
    elif src >= SRC_BLD:
        s.bld[src - SRC_BLD] = -1  # the space stays empty until someone enters it
    else:
        s.seats[p].trade[src - SRC_CARD] = 0  # its VP space becomes free; nobody slides left


def enter_building(s: TroyesState, p: int, b: int, v: int, ev: list[Event]) -> None:
    """A citizen enters building ``b`` with die value ``v``, pushing out as seed §5.4 says."""
    out = expelled_by(s, b, v)
    if out >= 0:
        o = s.bld[out]
        if o == NEUTRAL:
            s.grey += 1  # STAND_IN: an expelled neutral citizen goes back to the grey supply
        else:
            s.seats[o].lying[b] += 1
            s.seats[o].expelled[b] = 1
        if o == NEUTRAL:
            ev.append(event("expel", msg("troyes.event.expel.neutral", building=W.building(s, b)), seat=o))
        else:
            ev.append(event("expel", msg("troyes.event.expel", seat=o, building=W.building(s, b)), seat=o))
    if s.caches.rows[b]:
        left = b * 6 + (min(max(v, 1), 6) - 1) // 2 * 2
        if s.bld[left] >= 0:
            s.bld[left + 1] = s.bld[left]
        s.bld[left] = p
    else:
        s.bld[b * 6 + min(max(v, 1), 6) - 1] = p
