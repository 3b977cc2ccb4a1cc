"""The production phase (seed §生產階段, skipped in round 1) and the pass-track rewards (seed §PASS),
which option ``pass_reward=production`` pays at the next production."""

from __future__ import annotations

from meeple.engine.core import Event
from meeple.engine.messages import Message, event
from meeple.games.luna_maris.mining import probe_yield
from meeple.games.luna_maris.resources import add_waste, gain_energy
from meeple.games.luna_maris.state import LunaState
from meeple.games.luna_maris.words import msg


def pass_reward(s: LunaState, p: int, place: int) -> Message | str:
    """Seed §PASS: the reward of the ``place``-th space of the order track (STAND_IN values)."""
    b = s.board
    me = s.seats[p]
    energy = iron = -1
    if place < len(b.pass_energy) and b.pass_energy[place]:
        energy = gain_energy(s, p, b.pass_energy[place])
    if place < len(b.pass_iron) and b.pass_iron[place]:
        me.fe_l += b.pass_iron[place]
        iron = b.pass_iron[place]
    if energy >= 0 and iron >= 0:
        return msg("luna_maris.event.reward_both", energy=energy, iron=iron)
    if energy >= 0:
        return msg("luna_maris.event.reward_energy", energy=energy)
    if iron >= 0:
        return msg("luna_maris.event.reward_iron", iron=iron)
    return ""


def production(s: LunaState) -> list[Event]:
    """Seed §生產階段 (skipped in round 1): conveyor right -> waste, left -> right, each probe yields 1
    ore into the left section; solar +3 energy in day rounds only (research §4; option 'solar')."""
    events: list[Event] = []
    b = s.board
    solar = s.options["solar"] == "every" or s.round in b.day_rounds
    for p, me in enumerate(s.seats):
        if p >= s.players:  # solo: the AI's board has no production (STAND_IN)
            break
        right = me.fe_r + me.ti_r
        me.fe_r = me.fe_l
        me.ti_r = me.ti_l
        me.fe_l = me.ti_l = 0
        if right:
            events.extend(add_waste(s, p, right, _WHY_CONVEYOR))
        fe, ti = probe_yield(s, p)
        me.fe_l += fe
        me.ti_l += ti
        solar_msg: Message | str = ""
        if solar:
            got = gain_energy(s, p, b.solar_energy)
            solar_msg = msg("luna_maris.event.production_solar", energy=got)
        reward: Message | str = ""
        if me.pending >= 0:
            got_s = pass_reward(s, p, me.pending)
            me.pending = -1
            if got_s:
                reward = msg("luna_maris.event.production_reward", reward=got_s)
        events.append(event("production", msg(
            "luna_maris.event.production", seat=p, iron=fe, titanium=ti, solar=solar_msg, reward=reward), seat=p))
    return events


_WHY_CONVEYOR = msg("luna_maris.event.why.conveyor")
