"""Building (seed 建造): cabin improvements, workshops and wagons, the stack swap, and workshops'
citizens (seed 工房: an estate citizen moves for good into an empty workshop of its class; a
phase II workshop pays once, as soon as it holds a fitting citizen)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.messages import event
from meeple.games.messina.gains import gain
from meeple.games.messina.state import CLASS_SLOTS, EMPTY, T_BUILD, Wagons, replaced, workshop_built
from meeple.games.messina.words import cref, msg

if TYPE_CHECKING:
    from meeple.engine.core import Event
    from meeple.games.messina.state import MessinaState, Seat

PAY_NAMES = ("coin", "wood", "fire", "major fire", "VP")
"""What a stack swap may cost: 1 of these (``swap_payments``, ``pay_for_swap``)."""


def swap_payments(seat: Seat) -> tuple[int, int, int, int, int]:
    """How much of each ``PAY_NAMES`` the seat holds."""
    return (seat.coins, seat.wood, seat.fire, seat.major, seat.vp)


def pay_for_swap(seat: Seat, pay: int) -> None:
    """Pay 1 of ``PAY_NAMES[pay]``."""
    if pay == 0:
        seat.coins -= 1
    elif pay == 1:
        seat.wood -= 1
    elif pay == 2:
        seat.fire -= 1
    elif pay == 3:
        seat.major -= 1
    else:
        seat.vp -= 1


def affordable(s: MessinaState, p: int, coins: int, wood: int) -> bool:
    seat = s.seats[p]
    return seat.coins >= coins and seat.wood >= wood


def _take_top(stacks: tuple[tuple[int, ...], ...], known: tuple[int, ...], k: int
              ) -> tuple[int, tuple[tuple[int, ...], ...], tuple[int, ...]]:
    st = stacks[k]
    top = st[0]
    new = st[1:]
    kn = list(known)
    kn[k] = min(kn[k], max(0, len(new) - 1))
    lst = list(stacks)
    lst[k] = new
    return top, tuple(lst), tuple(kn)


def apply_swap(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 建造: once per build, pay 1 resource or 1 VP to put a cabin or workshop stack's top on
    its bottom (then build from that stack if affordable)."""
    p = s.tasks[-1][1]
    code, pay = data[1], data[2]
    pay_for_swap(s.seats[p], pay)
    kind, k = divmod(code, 3)
    stacks, known = (s.cab_st, s.cab_known) if kind == 0 else (s.ws_st, s.ws_known)
    st = stacks[k]
    lst = list(stacks)
    lst[k] = st[1:] + st[:1]
    kn = list(known)
    kn[k] = min(kn[k] + 1, len(st) - 1)
    if kind == 0:
        s.cab_st, s.cab_known = tuple(lst), tuple(kn)
    else:
        s.ws_st, s.ws_known = tuple(lst), tuple(kn)
    s.reveals += 1
    s.tasks[-1] = (T_BUILD, p, code, 0, 0)
    events.append(event("swap", msg("messina.event.swap", seat=p), seat=p))


def apply_build_nothing(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 建造: a build may be passed up."""
    s.tasks.pop()


def apply_build_cabin(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 建造: a cabin stack's top improves a cabin (one improvement per cabin)."""
    p = s.tasks.pop()[1]
    top, s.cab_st, s.cab_known = _take_top(s.cab_st, s.cab_known, data[1])
    tile = s.tables.cabins[top]
    seat = s.seats[p]
    seat.coins -= tile.cost_coins
    seat.wood -= tile.cost_wood
    seat.cabin_tile = replaced(seat.cabin_tile, data[2], top)
    _built(s, p, "cabins", tile.name, events)


def apply_build_workshop(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 建造 / 工房: a workshop stack's top is built, empty."""
    p = s.tasks.pop()[1]
    top, s.ws_st, s.ws_known = _take_top(s.ws_st, s.ws_known, data[1])
    w = s.tables.workshops[top]
    seat = s.seats[p]
    seat.coins -= w.cost_coins
    seat.wood -= w.cost_wood
    s.workshops = workshop_built(s.workshops, p, top)
    _built(s, p, "workshops", w.name, events)


def apply_build_wagon(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 建造: a wagon (its VP at once; exhausted by a repopulation until the next round)."""
    p = s.tasks.pop()[1]
    st = s.wg_st[data[1]]
    top = st[0]
    lst = list(s.wg_st)
    lst[data[1]] = st[1:]
    s.wg_st = tuple(lst)
    wg = s.tables.wagons[top]
    seat = s.seats[p]
    seat.coins -= wg.cost_coins
    seat.wood -= wg.cost_wood
    seat.vp += wg.vp
    built = s.wagons
    s.wagons = Wagons(built.owner + (p,), built.tile + (top,), built.exhausted + (0,))
    _built(s, p, "wagons", wg.name, events)


def _built(s: MessinaState, p: int, table: str, name: str, events: list[Event]) -> None:
    s.reveals += 1
    events.append(event("build", msg("messina.event.build", seat=p, tile=cref(table, name)), seat=p))


# --- workshops' citizens ------------------------------------------------------------------------

def empty_workshops(s: MessinaState, p: int, cls: int) -> list[int]:
    """The entries of seat ``p``'s empty workshops of class ``cls``."""
    ws = s.workshops
    tile, citizen = ws.tile, ws.citizen
    ws_cls = s.fx.ws_cls
    return [i for i, o in enumerate(ws.owner) if o == p and citizen[i] < 0 and ws_cls[tile[i]] == cls]


def can_staff(s: MessinaState, p: int) -> bool:
    """Could seat ``p`` move an estate citizen into one of its empty workshops now?"""
    ws = s.workshops
    owner = ws.owner
    if p not in owner:
        return False
    tile, citizen = ws.tile, ws.citizen
    ws_cls = s.fx.ws_cls
    est = s.seats[p].estate
    for i, o in enumerate(owner):
        if o == p and citizen[i] < 0:
            for k in CLASS_SLOTS[ws_cls[tile[i]]]:
                if est[k] >= 0:
                    return True
    return False


def staff(s: MessinaState, p: int, i: int, slot: int, events: list[Event]) -> None:
    """Estate slot ``slot``'s citizen moves into workshop entry ``i`` (for good)."""
    est = s.seats[p].estate
    ws = s.workshops
    s.workshops = ws._replace(citizen=replaced(ws.citizen, i, est[slot]))
    est[slot] = EMPTY
    ws_pay_out(s, i, events)


def ws_pay_out(s: MessinaState, i: int, events: list[Event]) -> None:
    """A phase II workshop pays once when it holds a fitting citizen, then is flipped (seed 後期工房)."""
    ws = s.workshops
    t = s.tables.workshops[ws.tile[i]]
    citizen = ws.citizen[i]
    if t.phase != 2 or ws.paid[i] or citizen < 0:
        return
    if t.needs_upgraded and citizen != 1:
        return
    s.workshops = ws._replace(paid=replaced(ws.paid, i, 1))
    gain(s, ws.owner[i], t.effect, events, cref("workshops", t.name))


__all__ = ["PAY_NAMES", "affordable", "apply_build_cabin", "apply_build_nothing",
           "apply_build_wagon", "apply_build_workshop", "apply_swap", "can_staff", "empty_workshops", "pay_for_swap", "staff", "swap_payments",
           "ws_pay_out"]
