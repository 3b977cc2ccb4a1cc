"""The Recycling plant (seed §回收設備): recycling waste by the sustainability track's processes (the
advanced table once the advanced recycling module is built), and the Compactor equipment's extra
process."""

from __future__ import annotations

from meeple.engine.core import Event
from meeple.engine.messages import event
from meeple.games.luna_maris import words as W
from meeple.games.luna_maris.components import RECYCLE
from meeple.games.luna_maris.food import food_picks
from meeple.games.luna_maris.resources import (
    Option,
    afford,
    afford_one,
    equipment_ready,
    gain_energy,
    use_equipment,
)
from meeple.games.luna_maris.state import (
    MAIN_RECYCLE,
    S_MODULE,
    LunaState,
)
from meeple.games.luna_maris.words import msg


def recycling_table(s: LunaState) -> tuple:
    return s.tab.adv_recycling if s.built[RECYCLE] >= 0 else s.tab.recycling


def recycle_options(s: LunaState, p: int, energy: int) -> list[Option]:
    """Seed §回收設備: a recycling process allowed by your sustainability level (the advanced table
    once the advanced recycling module is built); D runs two different ones."""
    me = s.seats[p]
    procs = recycling_table(s)
    food_ok = bool(s.food_row)
    out: list[Option] = []
    for i, pr in enumerate(procs):
        if pr.level <= me.sus and afford_one(me, pr, True) and (food_ok or not pr.food):
            out.append((f"recycle {pr.name}", MAIN_RECYCLE, i))
    if me.sus >= s.board.research_max:
        for i, a in enumerate(procs):
            for j in range(i + 1, len(procs)):
                b = procs[j]
                if a.name[0] != b.name[0] and afford(me, [a, b], True) and (food_ok or not (a.food or b.food)):
                    out.append((f"recycle D {a.name}+{b.name}", MAIN_RECYCLE, 100 + i * 10 + j))
    return out


def compact_processes(s: LunaState, p: int) -> list[int]:
    """The processes the Compactor may run now: of your level, payable, a food one only while the
    display holds a card."""
    me = s.seats[p]
    food_ok = bool(s.food_row)
    return [i for i, pr in enumerate(recycling_table(s))
            if pr.level <= me.sus and afford_one(me, pr, True) and (food_ok or not pr.food)]


def run_recycling(s: LunaState, p: int, pr: object) -> list[Event]:
    me = s.seats[p]
    me.waste -= pr.waste_removed + pr.waste_to_conveyor  # type: ignore[attr-defined]
    me.fe_l += pr.waste_to_conveyor  # type: ignore[attr-defined]
    gain_energy(s, p, pr.energy)  # type: ignore[attr-defined]
    me.water += pr.water  # type: ignore[attr-defined]
    me.ti_l += pr.titanium  # type: ignore[attr-defined]
    if pr.food and s.food_row:  # type: ignore[attr-defined]
        s.pick_left += pr.food  # type: ignore[attr-defined]
    return [event("recycle", msg("luna_maris.event.recycle", seat=p, process=W.process(s, pr)), seat=p)]


def recycle(s: LunaState, p: int, arg: int) -> list[Event]:
    procs = recycling_table(s)
    if arg < 100:
        events = run_recycling(s, p, procs[arg])
    else:
        i, j = divmod(arg - 100, 10)
        events = run_recycling(s, p, procs[i]) + run_recycling(s, p, procs[j])
    if arg < 100 and equipment_ready(s, p, RECYCLE):
        # Seed §回收設備 D: the equipment's process may be one of D's two, never a third
        s.compact = 1
    if s.pick_left:
        events.extend(food_picks(s, p))
    return events


def compactor(s: LunaState, p: int, i: int) -> list[Event]:
    """Compactor equipment (STAND_IN): one more recycling process of your level (``i`` < 0: skip)."""
    s.compact = 0
    s.step = S_MODULE
    if i < 0:
        return []
    events = [use_equipment(s, p)] + run_recycling(s, p, recycling_table(s)[i])
    if s.pick_left:
        events.extend(food_picks(s, p))
    return events
