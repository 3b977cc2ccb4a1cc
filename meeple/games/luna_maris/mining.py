"""Probes and ore (seed §氣閘, §採礦站): installing probes at the Airlock, extracting and
concentrating at the Mining station, and what the probes yield."""

from __future__ import annotations

from meeple.engine.core import Event
from meeple.engine.messages import Message, event
from meeple.games.luna_maris import words as W
from meeple.games.luna_maris.components import AIRLOCK, MINING
from meeple.games.luna_maris.resources import (
    Option,
    add_waste,
    advanced,
    equipment_ready,
    raise_stress,
    use_equipment,
    with_equipment,
)
from meeple.games.luna_maris.state import (
    MAIN_CONCENTRATE,
    MAIN_EXTRACT,
    MAIN_PROBE,
    SECTIONS,
    WITH,
    LunaState,
)
from meeple.games.luna_maris.words import msg


def airlock_options(s: LunaState, p: int, energy: int) -> list[Option]:
    """Seed §氣閘: not at maximum stress (the stress marker must move; the Suit equipment, which raises
    no stress, still works there); a probe left on the board; any empty mining space."""
    me = s.seats[p]
    if me.probes <= 0:
        return []
    notes = s.pre.probe_note
    out = with_equipment(s, p, AIRLOCK, [(notes[i], MAIN_PROBE, i) for i, o in enumerate(s.grid) if o < 0])
    if me.cap <= s.board.stress_min_cap:
        # the stress marker cannot move further; only the Suit (no stress) still works
        return [o for o in out if o[2] >= WITH]
    return out


def install_probe(s: LunaState, p: int, space: int) -> list[Event]:
    """Seed §氣閘: stress +1, the next probe from the board (top to bottom) onto an empty mining
    space, and the bonus printed under it."""
    me = s.seats[p]
    events: list[Event] = []
    note: Message | str = ""
    if space >= WITH:
        space -= WITH
        events.append(use_equipment(s, p))
    else:
        note = raise_stress(s, p)
    slot = s.tab.probe_slots[len(s.tab.probe_slots) - me.probes]
    me.probes -= 1
    s.grid[space] = p
    me.fe_l += slot.iron
    me.vp += slot.vp
    me.water += slot.water
    me.he3 += slot.he3
    ore = s.tab.mining_spaces[space].ore
    if advanced(s, AIRLOCK) > 0:
        if ore:
            me.ti_l += advanced(s, AIRLOCK)
        else:
            me.fe_l += advanced(s, AIRLOCK)
    events.insert(0, event("probe", msg("luna_maris.event.probe", seat=p, probe=W.cref("probe_slots", slot.name),
                            space=W.space(s, space), cut=note), seat=p))
    if slot.waste:
        events.extend(add_waste(s, p, slot.waste, _WHY_PROBE))
    return events


def probe_yield(s: LunaState, p: int) -> tuple[int, int]:
    """Seed §礦石儲存與開採 3: the iron and the titanium ``p``'s probes yield (one ore of its
    space's type each)."""
    spaces = s.tab.mining_spaces
    fe = ti = 0
    for i, owner in enumerate(s.grid):
        if owner == p:
            if spaces[i].ore:
                ti += 1
            else:
                fe += 1
    return fe, ti


def mining_options(s: LunaState, p: int, energy: int) -> list[Option]:
    """Seed §採礦站: extract (your probes produce now) or concentrate one iron into titanium."""
    me = s.seats[p]
    out: list[Option] = []
    if p in s.grid:
        out.append(("extract", MAIN_EXTRACT, 0))
    if me.fe_l:
        out.append(("concentrate left", MAIN_CONCENTRATE, 0))
    if me.fe_r:
        out.append(("concentrate right", MAIN_CONCENTRATE, 1))
    if equipment_ready(s, p, MINING):
        name = s.tab.equipment[me.equip].name.lower()
        out.extend((f"{n} with {name}", op, a + WITH) for n, op, a in out[:] if op == MAIN_CONCENTRATE)
    return out


def extract(s: LunaState, p: int, arg: int) -> list[Event]:
    """Seed §採礦站: every probe you own produces as in production; the conveyor does not move."""
    me = s.seats[p]
    fe, ti = probe_yield(s, p)
    me.fe_l += fe
    me.ti_l += ti
    return [event("extract", msg("luna_maris.event.extract", seat=p, iron=fe, titanium=ti), seat=p)]


def concentrate(s: LunaState, p: int, section: int) -> list[Event]:
    """Seed §採礦站: one iron from either conveyor section to waste, 2 titanium into the left section."""
    me = s.seats[p]
    drill = section >= WITH
    section %= WITH
    if section:
        me.fe_r -= 1
    else:
        me.fe_l -= 1
    gain = advanced(s, MINING)
    if gain < 0:
        gain = 2
    events: list[Event] = []
    if drill:
        events.append(use_equipment(s, p))
        gain += 1
    me.ti_l += gain
    events.insert(0, event("concentrate", msg("luna_maris.event.concentrate", seat=p, section=W.word(SECTIONS[section]),
                            titanium=gain), seat=p))
    return events + add_waste(s, p, 1, _WHY_CONCENTRATE)


_WHY_PROBE = msg("luna_maris.event.why.probe")
_WHY_CONCENTRATE = msg("luna_maris.event.why.concentrate")
