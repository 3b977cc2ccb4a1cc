"""Rescuing citizens (seed 2 拯救市民) and placing them: estate slots, quarantine cabins, the
workshops a cured citizen may go straight into, or the supply when there is no room."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.messages import event
from meeple.games.messina.buildings import staff, ws_pay_out
from meeple.games.messina.state import (
    CLASS_SLOTS,
    T_CABIN,
    T_QPICK,
    T_SLOT,
    replaced,
)
from meeple.games.messina.words import msg

if TYPE_CHECKING:
    from meeple.engine.core import Event
    from meeple.games.messina.state import MessinaState


def rescue(s: MessinaState, p: int, n: int, plague: bool, events: list[Event]) -> None:
    """Seed 拯救市民: every citizen on the hex is taken, to quarantine if the hex has plague."""
    c0, c1, c2 = s.citizens
    counts = [c0[n], c1[n], c2[n]]
    if not any(counts):
        return
    c0[n] = c1[n] = c2[n] = 0
    total = sum(counts)
    events.append(event("rescue", (msg("messina.event.rescue.quarantine", seat=p, n=total) if plague
                      else msg("messina.event.rescue", seat=p, n=total)), seat=p))
    if plague:
        quarantine_or_choose(s, p, counts, free_cabins(s, p))
        return
    tasks = s.tasks
    for k in (2, 1, 0):
        for _ in range(counts[k]):
            tasks.append((T_SLOT, p, k, 0, 0))


def free_cabins(s: MessinaState, p: int) -> int:
    """How many of seat ``p``'s quarantine cabins are empty."""
    return s.seats[p].cabin_citizen.count(-1)


def pack_counts(counts: list[int]) -> int:
    return counts[0] | counts[1] << 4 | counts[2] << 8


def unpack_counts(code: int) -> list[int]:
    return [code & 15, (code >> 4) & 15, (code >> 8) & 15]


def quarantine_or_choose(s: MessinaState, p: int, counts: list[int], free: int) -> None:
    """Seed 拯救市民 (有瘟疫): each citizen goes into a free cabin, the rest are discarded.  When the
    cabins run short and the citizens are not all of one class, the seat chooses which go in
    (``quarantine nun``), one at a time, each followed by its cabin; with no cabin free they are
    discarded (each a ``discard citizen`` decision, as before: there is nothing to choose)."""
    tasks = s.tasks
    if 0 < free < counts[0] + counts[1] + counts[2] and (counts[0] > 0) + (counts[1] > 0) + (counts[2] > 0) > 1:
        tasks.append((T_QPICK, p, pack_counts(counts), free, 0))
        return
    # enough cabins, none, or one class only (which of its citizens go in does not matter): each
    # citizen in turn takes a cabin, and those left with none are discarded
    for k in (2, 1, 0):
        for _ in range(counts[k]):
            tasks.append((T_CABIN, p, k, 0, 0))


def apply_qpick(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """The chosen citizen takes a free cabin (its cabin is chosen next, then the next citizen);
    once the free cabins are all allotted, the citizens left are discarded."""
    task = s.tasks.pop()
    p, counts, free = task[1], unpack_counts(task[2]), task[3]
    cls = data[1]
    counts[cls] -= 1
    quarantine_or_choose(s, p, counts, free - 1)
    s.tasks.append((T_CABIN, p, cls, 0, 0))


def free_slots(s: MessinaState, p: int, cls: int) -> list[int]:
    est = s.seats[p].estate
    return [k for k in CLASS_SLOTS[cls] if est[k] < 0]


def apply_staff(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 工房: an estate citizen moves into an empty workshop of its class, at any time (the
    decision on top stays open)."""
    staff(s, s.tasks[-1][1], data[1], data[2], events)


def apply_slot(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 拯救市民: a rescued (or cured) citizen takes a free estate slot of its class."""
    task = s.tasks.pop()
    s.seats[task[1]].estate[data[1]] = task[3]


def apply_cure_to_workshop(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 隔離: a cured citizen may go straight into an empty workshop of its class."""
    task = s.tasks.pop()
    ws = s.workshops
    s.workshops = ws._replace(citizen=replaced(ws.citizen, data[1], task[3]))
    ws_pay_out(s, data[1], events)


def apply_cabin(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 拯救市民 (有瘟疫): a citizen from a plague hex goes into a free quarantine cabin (stage I)."""
    task = s.tasks.pop()
    seat, k = s.seats[task[1]], data[1]
    seat.cabin_citizen = replaced(seat.cabin_citizen, k, task[2] * 2 + task[3])
    seat.cabin_stage = replaced(seat.cabin_stage, k, 1)


def apply_discard(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 拯救市民: a citizen with no room left goes back to the supply."""
    task = s.tasks.pop()
    p = task[1]
    s.cit_supply[task[2]] += 1
    events.append(event("discard", msg("messina.event.discard", seat=p), seat=p))


__all__ = ["apply_cabin", "apply_cure_to_workshop", "apply_discard", "apply_qpick", "apply_slot", "apply_staff", "free_cabins", "free_slots", "rescue", "unpack_counts"]
