"""The Industrial zone (seed §工業區): refining water and He-3 by the refining track's processes, and
cutting CO2 (its extra action)."""

from __future__ import annotations

from meeple.engine.core import Event
from meeple.engine.messages import event
from meeple.games.luna_maris import words as W
from meeple.games.luna_maris.components import INDUSTRY
from meeple.games.luna_maris.resources import (
    Option,
    add_waste,
    advanced,
    afford,
    afford_one,
    equipment_ready,
    pay_iron,
    use_equipment,
)
from meeple.games.luna_maris.state import (
    MAIN_REFINE,
    WITH,
    X_CO2,
    LunaState,
)
from meeple.games.luna_maris.words import msg


def industry_options(s: LunaState, p: int, energy: int) -> list[Option]:
    """Seed §工業區: a refining process allowed by your refining level; D (level 4) runs one water
    process and one He-3 process."""
    me = s.seats[p]
    procs = s.tab.refining
    out: list[Option] = []
    for i, pr in enumerate(procs):
        if pr.level <= me.ref and afford_one(me, pr, False):
            out.append((s.pre.refine_note[i], MAIN_REFINE, i))
    if me.ref >= s.board.research_max:
        for w, pw in enumerate(procs):
            if not pw.water:
                continue
            for h, ph in enumerate(procs):
                if ph.he3 and afford(me, [pw, ph], False):
                    out.append((f"refine D {pw.name}+{ph.name}", MAIN_REFINE, 10 + w * 10 + h))
    return out


def refining_iron(s: LunaState, arg: int) -> int:
    """The iron a refining action pays to waste (one process, or D's two)."""
    procs = s.tab.refining
    if arg < 10:
        return procs[arg].iron_to_waste
    w, h = divmod(arg - 10, 10)
    return procs[w].iron_to_waste + procs[h].iron_to_waste


def run_refining(s: LunaState, p: int, pr: object) -> list[Event]:
    """One refining process (its iron already paid): products, VP, and the iron onto the gauge."""
    me = s.seats[p]
    events: list[Event] = []
    n = pr.iron_to_waste + pr.supply_iron_to_waste  # type: ignore[attr-defined]
    me.water += pr.water - pr.water_cost  # type: ignore[attr-defined]
    me.he3 += pr.he3  # type: ignore[attr-defined]
    me.vp += pr.vp  # type: ignore[attr-defined]
    events.append(event("refine", msg("luna_maris.event.refine", seat=p, process=W.process(s, pr)), seat=p))
    if n:
        events.extend(add_waste(s, p, n, msg("luna_maris.event.why.process", process=W.process(s, pr))))
    return events


def refine(s: LunaState, p: int, arg: int) -> list[Event]:
    """Seed §工業區: one process, or at level D one water process and one He-3 process (water first);
    the iron of both is paid at once."""
    procs = s.tab.refining
    if arg < 10:
        chosen = [procs[arg]]
    else:
        w, h = divmod(arg - 10, 10)
        chosen = [procs[w], procs[h]]
    pay_iron(s, p, sum(pr.iron_to_waste for pr in chosen), True)
    events: list[Event] = []
    for pr in chosen:
        events.extend(run_refining(s, p, pr))
    return events


def co2_options(s: LunaState, p: int) -> list[Option]:
    """Seed §工業區 extra: up to 2 energy (3 with the advanced module), each one CO2 step down."""
    me = s.seats[p]
    b = s.board
    most = advanced(s, INDUSTRY)
    if most < 0:
        most = 2
    room = len(b.co2_vp) - 1 - me.co2
    out: list[Option] = [(f"cut co2 {n}", X_CO2, n) for n in range(1, min(most, me.energy, room) + 1)]
    if equipment_ready(s, p, INDUSTRY):
        name = s.tab.equipment[me.equip].name.lower()
        out.extend((f"cut co2 {n} with {name}", X_CO2, n + WITH)
                   for n in range(1, min(most, me.energy + 1, room) + 1))
    return out


def cut_co2(s: LunaState, p: int, n: int) -> list[Event]:
    """Seed §工業區 extra: each energy spent moves your CO2 marker one step down (the filter
    equipment makes the first step free)."""
    me = s.seats[p]
    events: list[Event] = []
    use = n >= WITH
    n %= WITH
    cost = n
    if use:
        events.append(use_equipment(s, p))
        cost -= 1
    me.energy -= cost
    me.co2 += n
    events.insert(0, event("co2", msg("luna_maris.event.co2", seat=p, energy=cost, steps=n), seat=p))
    return events
