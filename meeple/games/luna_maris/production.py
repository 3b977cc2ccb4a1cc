"""The production phase (seed §生產階段, skipped in round 1) and the pass-track rewards (seed §PASS),
which option ``pass_reward=production`` pays at the next production."""

from __future__ import annotations

from meeple.engine.core import Event
from meeple.games.luna_maris.mining import probe_yield
from meeple.games.luna_maris.resources import add_waste, gain_energy
from meeple.games.luna_maris.state import FE_L, FE_R, PENDING, TI_L, TI_R, LunaState


def pass_reward(s: LunaState, p: int, place: int) -> str:
    """Seed §PASS: the reward of the ``place``-th space of the order track (STAND_IN values)."""
    b = s.board
    me = s.pl[p]
    parts = []
    if place < len(b.pass_energy) and b.pass_energy[place]:
        gained = gain_energy(s, p, b.pass_energy[place])
        parts.append(f"{gained} energy")
    if place < len(b.pass_iron) and b.pass_iron[place]:
        me[FE_L] += b.pass_iron[place]
        parts.append(f"{b.pass_iron[place]} iron")
    return " and ".join(parts)


def production(s: LunaState) -> list[Event]:
    """Seed §生產階段 (skipped in round 1): conveyor right -> waste, left -> right, each probe yields 1
    ore into the left section; solar +3 energy in day rounds only (research §4; option 'solar')."""
    events: list[Event] = []
    b = s.board
    solar = s.options["solar"] == "every" or s.round in b.day_rounds
    for p, me in enumerate(s.pl):
        right = me[FE_R] + me[TI_R]
        me[FE_R] = me[FE_L]
        me[TI_R] = me[TI_L]
        me[FE_L] = me[TI_L] = 0
        if right:
            events.extend(add_waste(s, p, right, "conveyor"))
        fe, ti = probe_yield(s, p)
        me[FE_L] += fe
        me[TI_L] += ti
        text = f"Seat {p} produces {fe} iron and {ti} titanium"
        if solar:
            got = gain_energy(s, p, b.solar_energy)
            text += f" and {got} solar energy"
        if me[PENDING] >= 0:
            got_s = pass_reward(s, p, me[PENDING])
            me[PENDING] = -1
            if got_s:
                text += f"; pass reward {got_s}"
        events.append({"type": "production", "seat": p, "text": text + "."})
    return events
