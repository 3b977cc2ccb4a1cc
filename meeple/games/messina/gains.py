"""What an effect gives (seed 行動): resources and VP at once, register steps, and the choices it
opens (build, upgrade, scroll, overseer) pushed as tasks for the seat to decide."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.messages import Message, event
from meeple.games.messina.registers import advance_track
from meeple.games.messina.state import T_BUILD, T_OVS, T_SCROLL, T_UPGRADE
from meeple.games.messina.words import LIGHTNING, effect_ref, msg

if TYPE_CHECKING:
    from meeple.engine.core import Event
    from meeple.games.messina.state import MessinaState


def gain(s: MessinaState, p: int, eff: int, events: list[Event], source: Message | None = None) -> None:
    """Apply effect ``eff`` for seat ``p``: resources at once, choices as tasks (seed 行動)."""
    e = s.tables.effects[eff]
    seat = s.seats[p]
    if e.coins:
        seat.coins += e.coins
    if e.wood:
        seat.wood += e.wood
    if e.fire:
        seat.fire += e.fire
    if e.major:
        seat.major += e.major
    if e.vp:
        seat.vp += e.vp
    if e.city:
        advance_track(s, p, 1, e.city, events)
    if e.church:
        advance_track(s, p, 2, e.church, events)
    tasks = s.tasks
    if e.build:
        tasks.append((T_BUILD, p, -1, 0, 0))
    if e.upgrade:
        for _ in range(e.upgrade):
            tasks.append((T_UPGRADE, p, 0, 0, 0))
    if e.scroll:
        tasks.append((T_SCROLL, p, e.scroll, 0, 0))
    if e.overseer >= 0:
        tasks.append((T_OVS, p, e.overseer, 1 if e.arrow else 0, 0))
    if source:
        events.append(event("gain", msg("messina.event.gain", seat=p, what=effect_ref(e.name), source=source), seat=p))


def apply_lightning(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 進度軌行動 (閃電): the action of any district in the city."""
    p = s.tasks.pop()[1]
    gain(s, p, data[1], events, LIGHTNING)


__all__ = ["apply_lightning", "gain"]
