"""The Laboratory (seed §實驗室): research on the two tracks, the bonus spaces beyond the top level,
and building advanced modules (its extra action)."""

from __future__ import annotations

from meeple.engine.core import Event
from meeple.games.luna_maris.food import food_picks
from meeple.games.luna_maris.resources import Option, pay_titanium
from meeple.games.luna_maris.state import (
    CAP,
    CO2,
    ENERGY,
    HE3,
    OP_RESEARCH,
    REF,
    REF_BONUS,
    S_BONUS,
    S_MODULE,
    SUS,
    SUS_BONUS,
    TI_L,
    TI_R,
    TRACKS,
    VP,
    WASTE,
    X_BUILD,
    LunaState,
)


def lab_options(s: LunaState, p: int, energy: int) -> list[Option]:
    """Seed §實驗室: research one of the two tracks."""
    return [(f"research {TRACKS[0]}", OP_RESEARCH, 0), (f"research {TRACKS[1]}", OP_RESEARCH, 1)]


def research(s: LunaState, p: int, track: int) -> list[Event]:
    """Seed §實驗室: one level up a track; a step ending at or taken from the top level scores 5 VP;
    the first step beyond the top claims a bonus space (research §5.7)."""
    me = s.pl[p]
    f = REF if track == 0 else SUS
    top = s.board.research_max
    events: list[Event] = []
    if me[f] < top:
        me[f] += 1
        text = f"Seat {p} researches {TRACKS[track]} to level {me[f]}"
        if me[f] == top:
            me[VP] += s.board.research_top_vp
            text += f" (+{s.board.research_top_vp} VP)"
        return [{"type": "research", "seat": p, "text": text + "."}]
    me[VP] += s.board.research_top_vp
    events.append({"type": "research", "seat": p,
                   "text": f"Seat {p} researches {TRACKS[track]} beyond level {top} (+{s.board.research_top_vp} VP)."})
    flag = REF_BONUS if track == 0 else SUS_BONUS
    if not me[flag]:
        me[flag] = 1
        s.bonus_track = track
        s.step = S_BONUS
    return events


def research_bonus(s: LunaState, p: int, i: int) -> list[Event]:
    """Research §5.7: the bonus space's reward, gained at once (a food card is picked next)."""
    b = s.tab.research_bonuses[i]
    me = s.pl[p]
    best = len(s.board.co2_vp) - 1
    lost = [what for what, dead in (("CO2 is already at the best end", b.co2_down and me[CO2] >= best),
                                    ("there is no waste to remove", b.waste_removed and not me[WASTE]),
                                    ("stress is already at its minimum",
                                     b.stress_down and me[CAP] >= s.board.stress_max_cap)) if dead]
    me[TI_L] += b.titanium
    me[HE3] += b.he3
    me[CO2] = min(len(s.board.co2_vp) - 1, me[CO2] + b.co2_down)
    me[WASTE] = max(0, me[WASTE] - b.waste_removed)
    me[CAP] = min(s.board.stress_max_cap, me[CAP] + b.stress_down)
    s.bonus_track = -1
    s.step = S_MODULE
    note = f" (no effect: {', '.join(lost)})" if lost else ""
    events: list[Event] = [{"type": "bonus", "seat": p, "text": f"Seat {p} claims the {b.name} research bonus{note}."}]
    if b.food and s.food_row:
        s.pick_left = b.food
        events.extend(food_picks(s, p))
    return events


def build_options(s: LunaState, p: int) -> list[Option]:
    """Seed §實驗室 extra: build a face-up advanced module (2 titanium + 1 energy, at most 4 a game)."""
    me = s.pl[p]
    b = s.board
    if (len(s.build_track) >= b.max_builds or me[TI_L] + me[TI_R] < b.build_cost_titanium
            or me[ENERGY] < b.build_cost_energy):
        return []
    adv = s.tab.advanced_modules
    mods = s.tab.modules
    return [(f"build {mods[adv[a].module].key}", X_BUILD, a) for a in s.adv_offer
            if s.built[adv[a].module] < 0]


def build_module(s: LunaState, p: int, a: int) -> list[Event]:
    """Seed §實驗室 extra: pay 2 titanium + 1 energy, lay the advanced module over its basic module,
    put a disc on the leftmost build-track space and score it."""
    me = s.pl[p]
    b = s.board
    pay_titanium(me, b.build_cost_titanium)
    me[ENERGY] -= b.build_cost_energy
    adv = s.tab.advanced_modules[a]
    s.built[adv.module] = a
    s.adv_offer.remove(a)
    vp = b.build_vp[len(s.build_track)]
    s.build_track.append(p)
    me[VP] += vp
    return [{"type": "build", "seat": p, "text": f"Seat {p} builds the {adv.name} for {vp} VP."}]
