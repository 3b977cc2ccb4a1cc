"""The round's end (seed 每一輪結束: 生產, 隔離): the staffing window before production, production
of improved cabins and ∞ workshops, and quarantine moving on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.messages import event
from meeple.games.messina.buildings import can_staff
from meeple.games.messina.gains import gain
from meeple.games.messina.state import CABINS, T_SLOT, T_STAFFWIN
from meeple.games.messina.words import cref, msg

if TYPE_CHECKING:
    from meeple.engine.core import Event
    from meeple.games.messina.state import MessinaState


def staffing_window(s: MessinaState) -> None:
    """Seed 工房: estate citizens may move into workshops at any time, also just before production;
    each seat with such a move open gets a window, in turn order."""
    for p in reversed(s.order):
        if can_staff(s, p):
            s.tasks.append((T_STAFFWIN, p, 0, 0, 0))


def apply_done_staffing(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 工房: the seat's staffing window before production closes."""
    s.tasks.pop()


def production(s: MessinaState, events: list[Event]) -> None:
    """Round end (seed 生產): improved cabins holding a citizen and ∞ workshops holding a citizen of
    their class (upgraded where required) produce; an upgraded worker adds 1 VP.  Register rewards
    reached now wait for the owner's next step 4 (lost after round VI)."""
    t = s.tables
    for p in reversed(s.order):
        # pushed in reverse so the first seat in turn order resolves its choices first
        seat = s.seats[p]
        for k in range(CABINS):
            tile = seat.cabin_tile[k]
            if seat.cabin_citizen[k] >= 0 and tile >= 0:
                gain(s, p, t.cabins[tile].effect, events, msg("messina.source.cabin", cabin=k + 1))
        ws = s.workshops
        for i, o in enumerate(ws.owner):
            if o != p:
                continue
            w = t.workshops[ws.tile[i]]
            occ = ws.citizen[i]
            if w.phase != 1 or occ < 0 or (w.needs_upgraded and occ != 1):
                continue
            gain(s, p, w.effect, events, cref("workshops", w.name))
            if occ == 1:
                seat.vp += 1


def quarantine(s: MessinaState, events: list[Event]) -> None:
    """Seed 隔離: stage I moves to II; stage II citizens are cured and go to the estate or a workshop."""
    for p in reversed(s.order):
        cured = []
        seat = s.seats[p]
        citizen, stage = list(seat.cabin_citizen), list(seat.cabin_stage)
        for k in range(CABINS):
            occ = citizen[k]
            if occ < 0:
                continue
            if stage[k] >= 2:
                citizen[k] = -1
                stage[k] = 0
                cured.append(occ)
            else:
                stage[k] = 2
        seat.cabin_citizen, seat.cabin_stage = tuple(citizen), tuple(stage)
        for occ in reversed(cured):
            s.tasks.append((T_SLOT, p, occ >> 1, occ & 1, 1))
        if cured:
            events.append(event("cured", msg("messina.event.cured", seat=p, n=len(cured)), seat=p))


__all__ = ["apply_done_staffing", "production", "quarantine", "staffing_window"]
