"""The estate (seed 推進監工, 啟用市民, 升級監工, 升級市民, 推進卷軸版): overseers and their paths,
activating estate citizens, upgrading citizens and overseers, and the scroll cubes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.messages import event
from meeple.games.messina.buildings import ws_pay_out
from meeple.games.messina.gains import gain
from meeple.games.messina.state import SLOTS, T_ACT, T_OVS, T_SCROLL, replaced
from meeple.games.messina.words import CLASS_WORDS, cref, msg

if TYPE_CHECKING:
    from meeple.engine.core import Event
    from meeple.games.messina.state import MessinaState


def petal_mask(petal: int) -> int:
    return 7 << (petal * 3)


def slot_bit(petal: int, index: int) -> int:
    return 1 << (petal * 3 + index)


def overseer_activation(s: MessinaState, p: int, cls: int, events: list[Event]) -> None:
    """Push the activations of overseer ``cls`` at its current advance (seed 啟用市民, STAND_IN path).

    P is the petal chosen at the fork, ccw/cw its neighbours (petals clockwise C1 A1 N1 C2 A2 N2)."""
    seat = s.seats[p]
    step, petal, upg = seat.overseer_steps[cls], seat.overseer_petal[cls], seat.overseer_upgraded[cls]
    if step <= 0 or petal < 0:
        return
    kind = s.tables.overseer_path[step - 1].kind
    ccw, cw = (petal + 5) % 6, (petal + 1) % 6
    row = step - 1 if step <= 2 else 0
    tasks = s.tasks
    if kind == 1:
        mask = slot_bit(petal, row) | slot_bit(ccw, row)
        tasks.append((T_ACT, p, mask, 2 if upg else 1, 0))
    elif kind == 2:
        tasks.append((T_ACT, p, petal_mask(petal), 2 if upg else 1, 0))
    elif kind == 3:
        tasks.append((T_ACT, p, petal_mask(cw), 2 if upg else 1, 0))
    elif kind == 4:
        tasks.append((T_ACT, p, petal_mask(cw), 1, 0))
        tasks.append((T_ACT, p, petal_mask(petal), 2 if upg else 1, 0))
    else:
        tasks.append((T_ACT, p, (1 << SLOTS) - 1, 3, 0))


def advance_overseer(s: MessinaState, p: int, cls: int, petal: int, steps: int, events: list[Event]) -> None:
    """Advance an overseer (seed 推進監工): at most 6 advances; with an arrow one extra step, but
    only the final space activates."""
    seat = s.seats[p]
    if seat.overseer_steps[cls] == 0 and petal >= 0:
        seat.overseer_petal = replaced(seat.overseer_petal, cls, petal)
    step = min(6, seat.overseer_steps[cls] + steps)
    seat.overseer_steps = replaced(seat.overseer_steps, cls, step)
    events.append(event("overseer", msg("messina.event.overseer", seat=p, cls=CLASS_WORDS[cls], step=step), seat=p))
    overseer_activation(s, p, cls, events)


def activate_slot(s: MessinaState, p: int, slot: int, events: list[Event]) -> None:
    """An activated estate citizen performs its slot's action (seed 啟用市民)."""
    eff = s.tables.estate[slot].effect
    gain(s, p, eff, events, msg("messina.source.slot", slot=cref("estate", s.tables.estate[slot].name)))


def upgrade(s: MessinaState, p: int, where: int, k: int, events: list[Event]) -> None:
    """Seed 升級市民: flip a citizen in the estate (0), a workshop entry (1) or a cabin (2)."""
    if where == 0:
        s.seats[p].estate[k] = 1
    elif where == 1:
        ws = s.workshops
        s.workshops = ws._replace(citizen=replaced(ws.citizen, k, 1))
        ws_pay_out(s, k, events)
    elif where == 2:
        seat = s.seats[p]
        seat.cabin_citizen = replaced(seat.cabin_citizen, k, seat.cabin_citizen[k] | 1)
    else:
        return
    events.append(event("upgrade", msg("messina.event.upgrade", seat=p), seat=p))


def apply_overseer(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 推進監工: the chosen overseer advances (class -1: none can, nothing happens)."""
    p = s.tasks.pop()[1]
    if data[1] < 0:
        return
    advance_overseer(s, p, data[1], data[2], data[3], events)


def apply_upgrade(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 升級市民: the chosen citizen is upgraded (where -1: nothing to upgrade)."""
    p = s.tasks.pop()[1]
    upgrade(s, p, data[1], data[2], events)


def apply_scroll(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 推進卷軸版: one scroll cube advances a space; the steps left follow one by one."""
    task = s.tasks.pop()
    p = task[1]
    seat, k = s.seats[p], data[1]
    seat.scrolls = replaced(seat.scrolls, k, seat.scrolls[k] + 1)
    if task[2] > 1:
        s.tasks.append((T_SCROLL, p, task[2] - 1, 0, 0))


def apply_overseer_upgrade(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 升級監工: the overseer is flipped (its activations count double); the reward with an
    arrow advances it at once."""
    task = s.tasks.pop()
    p, cls = task[1], data[1]
    seat = s.seats[p]
    seat.overseer_upgraded = replaced(seat.overseer_upgraded, cls, 1)
    events.append(event("overseer_upgrade", msg("messina.event.overseer_upgrade", seat=p, cls=CLASS_WORDS[cls]), seat=p))
    if task[2]:
        s.tasks.append((T_OVS, p, cls, 0, 1))


def apply_activate(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 啟用市民: an occupied candidate slot performs its action (each slot at most once); the
    activations left stay open."""
    task = s.tasks.pop()
    p, k = task[1], data[1]
    if task[3] > 1:
        s.tasks.append((T_ACT, p, task[2], task[3] - 1, task[4] | (1 << k)))
    activate_slot(s, p, k, events)


def apply_stop_activating(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 啟用市民: activations may be left unused."""
    s.tasks.pop()


__all__ = ["activate_slot", "advance_overseer", "apply_activate", "apply_overseer", "apply_overseer_upgrade",
           "apply_scroll", "apply_stop_activating", "apply_upgrade", "overseer_activation", "upgrade"]
