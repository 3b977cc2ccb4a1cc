"""The Laboratory (seed §實驗室): research on the two tracks, the bonus spaces beyond the top level,
and building advanced modules (its extra action)."""

from __future__ import annotations

from meeple.engine.core import Event
from meeple.engine.messages import event
from meeple.games.luna_maris import words as W
from meeple.games.luna_maris.food import food_picks
from meeple.games.luna_maris.resources import Option, pay_titanium
from meeple.games.luna_maris.state import (
    MAIN_RESEARCH,
    S_BONUS,
    S_MODULE,
    TRACKS,
    X_BUILD,
    LunaState,
)
from meeple.games.luna_maris.words import msg


def lab_options(s: LunaState, p: int, energy: int) -> list[Option]:
    """Seed §實驗室: research one of the two tracks."""
    return [(f"research {TRACKS[0]}", MAIN_RESEARCH, 0), (f"research {TRACKS[1]}", MAIN_RESEARCH, 1)]


def research(s: LunaState, p: int, track: int) -> list[Event]:
    """Seed §實驗室: one level up a track; a step ending at or taken from the top level scores 5 VP;
    the first step beyond the top claims a bonus space (research §5.7)."""
    me = s.seats[p]
    top = s.board.research_max
    events: list[Event] = []
    level = me.research(track)
    if level < top:
        level += 1
        if track == 0:
            me.ref = level
        else:
            me.sus = level
        if level == top:
            me.vp += s.board.research_top_vp
            return [event("research", msg("luna_maris.event.research_top", seat=p,
                                                          track=W.word(TRACKS[track]), level=level,
                                                          vp=s.board.research_top_vp), seat=p)]
        return [event("research", msg("luna_maris.event.research", seat=p,
                                                      track=W.word(TRACKS[track]), level=level), seat=p)]
    me.vp += s.board.research_top_vp
    events.append(event("research", msg("luna_maris.event.research_beyond", seat=p, track=W.word(TRACKS[track]), level=top,
                         vp=s.board.research_top_vp), seat=p))
    if not (me.ref_bonus if track == 0 else me.sus_bonus):
        if track == 0:
            me.ref_bonus = 1
        else:
            me.sus_bonus = 1
        s.bonus_track = track
        s.step = S_BONUS
    return events


def research_bonus(s: LunaState, p: int, i: int) -> list[Event]:
    """Research §5.7: the bonus space's reward, gained at once (a food card is picked next)."""
    b = s.tab.research_bonuses[i]
    me = s.seats[p]
    best = len(s.board.co2_vp) - 1
    lost = [what for what, dead in ((_LOST_CO2, b.co2_down and me.co2 >= best),
                                    (_LOST_WASTE, b.waste_removed and not me.waste),
                                    (_LOST_STRESS,
                                     b.stress_down and me.cap >= s.board.stress_max_cap)) if dead]
    me.ti_l += b.titanium
    me.he3 += b.he3
    me.co2 = min(len(s.board.co2_vp) - 1, me.co2 + b.co2_down)
    me.waste = max(0, me.waste - b.waste_removed)
    me.cap = min(s.board.stress_max_cap, me.cap + b.stress_down)
    s.bonus_track = -1
    s.step = S_MODULE
    bonus = W.cref("research_bonuses", b.name)
    events: list[Event] = [event("bonus", (msg("luna_maris.event.bonus_lost", seat=p, bonus=bonus, lost=lost) if lost
        else msg("luna_maris.event.bonus", seat=p, bonus=bonus)), seat=p)]
    if b.food and s.food_row:
        s.pick_left = b.food
        events.extend(food_picks(s, p))
    return events


def build_options(s: LunaState, p: int) -> list[Option]:
    """Seed §實驗室 extra: build a face-up advanced module (2 titanium + 1 energy, at most 4 a game)."""
    me = s.seats[p]
    b = s.board
    if (len(s.build_track) >= b.max_builds or me.ti_l + me.ti_r < b.build_cost_titanium
            or me.energy < b.build_cost_energy):
        return []
    adv = s.tab.advanced_modules
    mods = s.tab.modules
    return [(f"build {mods[adv[a].module].key}", X_BUILD, a) for a in s.adv_offer
            if s.built[adv[a].module] < 0]


def build_module(s: LunaState, p: int, a: int) -> list[Event]:
    """Seed §實驗室 extra: pay 2 titanium + 1 energy, lay the advanced module over its basic module,
    put a disc on the leftmost build-track space and score it."""
    me = s.seats[p]
    b = s.board
    pay_titanium(me, b.build_cost_titanium)
    me.energy -= b.build_cost_energy
    adv = s.tab.advanced_modules[a]
    s.built[adv.module] = a
    s.adv_offer.remove(a)
    vp = b.build_vp[len(s.build_track)]
    s.build_track.append(p)
    me.vp += vp
    return [event("build", msg("luna_maris.event.build", seat=p,
                                               module=W.cref("advanced_modules", adv.name), vp=vp), seat=p)]


_LOST_CO2 = msg("luna_maris.event.lost.co2")
_LOST_WASTE = msg("luna_maris.event.lost.waste")
_LOST_STRESS = msg("luna_maris.event.lost.stress")
