"""Resources and shared helpers of Luna Maris: energy cap, paying iron (titanium stands in),
the waste gauge, the emergency deposit, losing VP, special equipment and advanced modules (seed
§太陽能, §廢料區, §緊急倉庫, §特殊設備)."""

from __future__ import annotations

from typing import Any

from meeple.engine.core import Action, Event
from meeple.engine.messages import Message, event
from meeple.games.luna_maris import words as W
from meeple.games.luna_maris.state import (
    EMERGENCY_NAMES,
    WITH,
    LunaState,
    Seat,
)
from meeple.games.luna_maris.words import msg

Option = tuple[str, int, int]  # (notation, operation, argument) of a module action


def emergency_options(s: LunaState, p: int) -> tuple[Action, ...]:
    """Seed §緊急倉庫: the deposit's cubes not used yet (energy, iron, water), in that order."""
    me = s.seats[p]
    return s.pre.emergency[(1 if me.em_energy else 0) + (2 if me.em_iron else 0) + (4 if me.em_water else 0)]


def gain_energy(s: LunaState, p: int, n: int) -> int:
    """Seed §太陽能: energy is capped at 6; the excess is lost (applied to every gain)."""
    me = s.seats[p]
    before = me.energy
    me.energy = min(s.board.energy_cap, before + n)
    return me.energy - before


def iron_total(me: Seat) -> int:
    """Iron available to pay: iron ore plus titanium, which stands in for iron (seed §氣閘 note)."""
    return me.fe_l + me.fe_r + me.ti_l + me.ti_r


def iron_range(me: Seat, need: int, reserved_ti: int = 0) -> tuple[int, int]:
    """The fewest and the most titanium cubes that can stand in for ``need`` iron (seed §氣閘 note:
    titanium may replace iron), ``reserved_ti`` titanium being already owed as titanium."""
    fe = me.fe_l + me.fe_r
    ti = me.ti_l + me.ti_r - reserved_ti
    return max(0, need - fe), max(0, min(need, ti))


def pay_iron(s: LunaState, p: int, n: int, to_waste: bool) -> list[Event]:
    """Pay ``n`` iron, ``s.ti_use`` of them as titanium (the player's choice from the payment step;
    when unset, as few titanium as possible).  Within a kind the right conveyor section pays first: a
    cube there is never worth more than one on the left (it goes to waste at the next production).
    Iron paid 'to waste' is put on the gauge by the caller; titanium paid so returns to the supply and
    an iron cube from the supply goes onto the gauge instead (seed §工業區 廢料區)."""
    me = s.seats[p]
    ti = s.ti_use if s.ti_use >= 0 else max(0, n - me.fe_l - me.fe_r)
    s.ti_use = -1
    ti = min(ti, n)
    fe = n - ti
    take = min(fe, me.fe_r)
    me.fe_r -= take
    me.fe_l -= fe - take
    pay_titanium(me, ti)
    return []


def pay_titanium(me: Seat, n: int) -> None:
    take = min(n, me.ti_r)
    me.ti_r -= take
    me.ti_l -= n - take


def raise_stress(s: LunaState, p: int) -> Message | str:
    """Stress +1: the O2 cap drops by one.  O2 used this round never passes the cap (seed §啟動模組 2),
    so O2 already used beyond the new cap is cut back to it; the returned note says so (empty when
    nothing was cut)."""
    me = s.seats[p]
    me.cap -= 1
    if me.o2 > me.cap:
        me.o2 = me.cap
        return msg("luna_maris.event.o2_cut", cap=me.cap)
    return ""


def add_waste(s: LunaState, p: int, n: int, why: Message | str) -> list[Event]:
    """Seed §廢料區: each cube takes the next gauge space; landing on one of the last three spaces
    raises CO2 and/or stress (STAND_IN spaces 8: CO2, 9: stress, 10: both); a penalty whose track is
    already at its end has no effect (said in the log); a cube that does not fit leaves the game."""
    me = s.seats[p]
    b = s.board
    lost = 0
    notes: list[Message] = []
    for _ in range(n):
        if me.waste >= b.waste_spaces:
            lost += 1
            continue
        me.waste += 1
        space = me.waste
        if space in b.waste_co2:
            if me.co2 > 0:
                me.co2 -= 1
                notes.append(_CO2_UP)
            else:
                notes.append(_CO2_NONE)
        if space in b.waste_stress:
            if me.cap > b.stress_min_cap:
                notes.append(msg("luna_maris.event.waste_stress", cut=raise_stress(s, p)))
            else:
                notes.append(_STRESS_NONE)
    return [event("waste", msg(
        "luna_maris.event.waste", seat=p, count=n, why=why, filled=me.waste, spaces=b.waste_spaces,
        notes=msg("luna_maris.event.waste_notes", notes=notes) if notes else "",
        lost=msg("luna_maris.event.waste_lost", n=lost) if lost else ""), seat=p)]


_CO2_UP = msg("luna_maris.event.waste_co2")
_CO2_NONE = msg("luna_maris.event.waste_co2_none")
_STRESS_NONE = msg("luna_maris.event.waste_stress_none")


def equipment_ready(s: LunaState, p: int, module: int) -> bool:
    me = s.seats[p]
    return me.equip >= 0 and bool(me.equip_up) and s.tab.equipment[me.equip].module == module


def use_equipment(s: LunaState, p: int) -> Event:
    """Seed §特殊設備: once per round; the tile is turned face down after use."""
    me = s.seats[p]
    me.equip_up = 0
    return event("equipment", msg("luna_maris.event.equipment", seat=p, equipment=W.equipment(s, me.equip)), seat=p)


def with_equipment(s: LunaState, p: int, module: int, options: list[Option]) -> list[Option]:
    """Seed §特殊設備: the equipment *may* be used; each action it changes is also offered
    '... with <tile>' while the tile is face up."""
    if not equipment_ready(s, p, module):
        return options
    name = s.tab.equipment[s.seats[p].equip].name.lower()
    out: list[Option] = []
    for note, op, arg in options:
        out.append((note, op, arg))
        out.append((f"{note} with {name}", op, arg + WITH))
    return out


def advanced(s: LunaState, module: int) -> int:
    """The amount printed on the advanced module built over ``module``, or -1 if none is built."""
    a = s.built[module]
    return -1 if a < 0 else s.tab.advanced_modules[a].amount


def afford(me: Seat, procs: list, waste_needed: bool) -> bool:
    """Whether a seat can pay the iron, water (and waste) of ``procs`` run in this order (a refining
    or recycling process, or level D's two)."""
    iron = sum(pr.iron_to_waste for pr in procs)
    if iron > iron_total(me):
        return False
    water = me.water
    for pr in procs:
        if water < pr.water_cost:
            return False
        water += pr.water - pr.water_cost
    if waste_needed:
        return me.waste >= sum(pr.waste_removed + pr.waste_to_conveyor for pr in procs)
    return True


def afford_one(me: Seat, pr: Any, waste_needed: bool) -> bool:
    """``afford(me, [pr], waste_needed)`` for one process, without building the list."""
    if pr.iron_to_waste > me.fe_l + me.fe_r + me.ti_l + me.ti_r or me.water < pr.water_cost:
        return False
    return not waste_needed or me.waste >= pr.waste_removed + pr.waste_to_conveyor


def leave_activation(s: LunaState, p: int) -> None:
    """Seed §啟動模組 3: the astronaut leaves its activation space (the activation lapses)."""
    me = s.seats[p]
    if me.on_act:
        s.act[me.pos] = -1
        me.on_act = 0


def lose_vp(s: LunaState, p: int, n: int) -> int:
    """Lose up to ``n`` VP; the score never drops below 0 (seed §緊急倉庫, §犒賞科學家)."""
    me = s.seats[p]
    lost = min(n, me.vp)
    me.vp -= lost
    return lost


def emergency_deposit(s: LunaState, p: int, which: int) -> list[Event]:
    """Seed §緊急倉庫: take the deposit's energy (-3 VP), iron (-3 VP) or water (-4 VP), once each per
    game; the score never drops below 0."""
    me = s.seats[p]
    if which == 0:
        me.em_energy = 0
        gain_energy(s, p, 1)
    elif which == 1:
        me.em_iron = 0
        me.fe_l += 1
    else:
        me.em_water = 0
        me.water += 1
    lost = lose_vp(s, p, s.board.emergency_vp[which])
    return [event("emergency", msg("luna_maris.event.emergency", seat=p, cube=W.word(EMERGENCY_NAMES[which]), vp=lost), seat=p)]
