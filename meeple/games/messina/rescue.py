"""Rescuing citizens (seed 2 拯救市民) and placing them: estate slots, quarantine cabins, the
workshops a cured citizen may go straight into, or the supply when there is no room."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.messina.buildings import staff, ws_pay_out
from meeple.games.messina.state import (
    CABINS,
    CLASS_SLOTS,
    OP_CABIN,
    OP_CURE_WS,
    OP_SLOT,
    OP_STAFF,
    SLOTS,
    T_CABIN,
    T_SLOT,
    plural,
)

if TYPE_CHECKING:
    from meeple.engine.core import Event
    from meeple.games.messina.state import MessinaState


def rescue(s: MessinaState, p: int, n: int, plague: bool, events: list[Event]) -> None:
    """Seed 拯救市民: every citizen on the hex is taken, to quarantine if the hex has plague."""
    cit = s.cit
    counts = cit[n * 3:n * 3 + 3]
    if not any(counts):
        return
    cit[n * 3] = cit[n * 3 + 1] = cit[n * 3 + 2] = 0
    tasks = s.tasks
    for k in (2, 1, 0):
        for _ in range(counts[k]):
            tasks.append((T_CABIN, p, k, 0, 0) if plague else (T_SLOT, p, k, 0, 0))
    total = sum(counts)
    events.append({"type": "rescue", "seat": p, "text": f"seat {p} rescues {plural(total, 'citizen')}"
                   + (" into quarantine" if plague else "")})


def free_slots(s: MessinaState, p: int, cls: int) -> list[int]:
    est = s.estate
    base = p * SLOTS
    return [k for k in CLASS_SLOTS[cls] if est[base + k] < 0]


def apply_citizen(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """A rescued or cured citizen goes to a slot, a workshop or a cabin, or is discarded; or an
    estate citizen moves into a workshop first (``staff``)."""
    op = data[0]
    if op == OP_STAFF:
        p = s.tasks[-1][1]
        staff(s, p, data[1], data[2], events)
        return
    task = s.tasks.pop()
    p, cls, upg = task[1], task[2], task[3]
    if op == OP_SLOT:
        s.estate[p * SLOTS + data[1]] = upg
    elif op == OP_CURE_WS:
        s.ws[data[1] + 2] = upg
        ws_pay_out(s, data[1], events)
    elif op == OP_CABIN:
        base = (p * CABINS + data[1]) * 3
        s.cab[base] = cls * 2 + upg
        s.cab[base + 1] = 1
    else:
        s.cit_supply[cls] += 1
        events.append({"type": "discard", "seat": p, "text": f"seat {p} has no room: a citizen is discarded"})


__all__ = ["apply_citizen", "free_slots", "rescue"]
