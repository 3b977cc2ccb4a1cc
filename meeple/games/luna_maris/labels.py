"""Action labels (issues 14 and 15): what a player reads for each legal action, with its cost and
its consequence (``luna_maris.label.*``); the notation is unchanged (records use it).

The fixed actions get theirs once per component set (``state.Moves``).  A module action's label
depends on a few numbers of the position (the iron a hire costs, the VP an order scores, whether the
visit activates the module or follows another seat's activation): ``module_action`` keeps every
``Action`` it has made under those numbers, so a position's legal list reuses them.
"""

from __future__ import annotations

from typing import Any

from meeple.engine.core import Action
from meeple.engine.messages import Message
from meeple.games.luna_maris import words as W
from meeple.games.luna_maris.components import AIRLOCK, CARGO, GREENHOUSE, MINING, POWER
from meeple.games.luna_maris.hiring import hire_cost
from meeple.games.luna_maris.mining import probe_yield
from meeple.games.luna_maris.recycling import recycling_table
from meeple.games.luna_maris.resources import advanced
from meeple.games.luna_maris.state import (
    MAIN_BURN_IRON,
    MAIN_BURN_WATER,
    MAIN_CONCENTRATE,
    MAIN_DELIVER,
    MAIN_EXTRACT,
    MAIN_HIRE,
    MAIN_PROBE,
    MAIN_RECYCLE,
    MAIN_REFINE,
    MAIN_RESEARCH,
    MAIN_REST,
    MAIN_TAKE_FOOD,
    SECTIONS,
    TRACKS,
    WITH,
    X_BUILD,
    X_CO2,
    LunaState,
)
from meeple.games.luna_maris.words import msg

ACTIVATE = -1  # the visit activates the module (1 energy)
FREE = -2  # no activation to pay (none needed, or the seat's own)
_CACHE: dict[tuple[Any, ...], Action] = {}
_CACHE_MOST = 200_000


def amounts(**parts: int) -> list[Message]:
    """Resource amounts as phrases (``2 iron``), the zero ones left out."""
    out = []
    for name, n in parts.items():
        if n:
            out.append(_AMOUNT[name](n))
    return out


_AMOUNT = {
    "iron": lambda n: msg("luna_maris.label.amount.iron", amount=n),
    "titanium": lambda n: msg("luna_maris.label.amount.titanium", amount=n),
    "water": lambda n: msg("luna_maris.label.amount.water", amount=n),
    "he3": lambda n: msg("luna_maris.label.amount.he3", amount=n),
    "energy": lambda n: msg("luna_maris.label.amount.energy", amount=n),
    "waste": lambda n: msg("luna_maris.label.amount.waste", amount=n),
    "vp": lambda n: msg("luna_maris.label.amount.vp", amount=n),
    "food": lambda n: msg("luna_maris.label.amount.food", amount=n),
}


def _or_nothing(items: list[Message]) -> list[Message] | Message:
    return items if items else msg("luna_maris.label.nothing")


def _process(s: LunaState, pr: Any) -> Message:
    """A refining or recycling process: what it costs and what it gives."""
    cost = amounts(iron=pr.iron_to_waste, water=pr.water_cost, waste=pr.waste_removed + pr.waste_to_conveyor)
    gain = amounts(water=pr.water, he3=pr.he3, energy=pr.energy, titanium=pr.titanium, food=pr.food, vp=pr.vp)
    return msg("luna_maris.label.process", process=W.process(s, pr), cost=_or_nothing(cost),
               gain=_or_nothing(gain))


def _nums(s: LunaState, p: int, op: int, arg: int) -> tuple[int, ...]:
    """The numbers of the position a main action's label shows (the key of its cached Action)."""
    me = s.seats[p]
    if op == MAIN_PROBE:
        return (me.probes, s.built[AIRLOCK])
    if op == MAIN_HIRE:
        return (hire_cost(s, p, arg % WITH, arg >= WITH),)
    if op == MAIN_DELIVER:
        stack = s.stacks[arg % WITH]
        return (stack[-1], s.built[CARGO])
    if op == MAIN_EXTRACT:
        return probe_yield(s, p)
    if op == MAIN_RESEARCH:
        return (me.research(arg),)
    if op == MAIN_REST:
        return (me.cap, s.card, s.acts_done == 0)
    if op in (MAIN_CONCENTRATE, MAIN_BURN_IRON, MAIN_TAKE_FOOD):
        return (s.built[MINING], s.built[POWER], s.built[GREENHOUSE])
    return ()


def _main(s: LunaState, p: int, op: int, arg: int) -> Message:
    """The label of a main action (without its activation or equipment)."""
    t = s.tab
    b = s.board
    me = s.seats[p]
    use = arg >= WITH
    a = arg % WITH
    if op == MAIN_PROBE:
        # seed §氣閘: the next probe from the board brings the bonus printed under it (and, with the
        # advanced airlock, ore of its space at once)
        slot = t.probe_slots[len(t.probe_slots) - me.probes]
        extra = max(0, advanced(s, AIRLOCK))
        ore = t.mining_spaces[a].ore
        bonus = amounts(iron=slot.iron + (0 if ore else extra), titanium=extra if ore else 0, vp=slot.vp,
                        water=slot.water, he3=slot.he3, waste=slot.waste)
        if use:
            return msg("luna_maris.label.probe_free", space=W.space(s, a), gain=_or_nothing(bonus))
        return msg("luna_maris.label.probe", space=W.space(s, a), gain=_or_nothing(bonus))
    if op == MAIN_HIRE:
        return msg("luna_maris.label.hire", card=W.card(s, a), iron=hire_cost(s, p, a, use))
    if op == MAIN_DELIVER:
        o = t.orders[s.stacks[a][-1]]
        vp = o.vp + max(0, advanced(s, CARGO))
        cost = amounts(iron=o.iron, titanium=o.titanium, water=o.water, he3=o.he3, energy=o.energy)
        return msg("luna_maris.label.deliver", order=W.cref("orders", o.name), vp=vp, cost=_or_nothing(cost))
    if op == MAIN_RESEARCH:
        level = me.research(a)
        track = W.word(TRACKS[a])
        if level >= b.research_max:
            return msg("luna_maris.label.research_beyond", track=track, vp=b.research_top_vp)
        if level + 1 == b.research_max:
            return msg("luna_maris.label.research_top", track=track, level=level + 1, vp=b.research_top_vp)
        return msg("luna_maris.label.research", track=track, level=level + 1)
    if op == MAIN_REFINE:
        procs = t.refining
        if a < 10:
            return msg("luna_maris.label.refine", process=_process(s, procs[a]))
        w, h = divmod(a - 10, 10)
        return msg("luna_maris.label.refine_two", first=_process(s, procs[w]), second=_process(s, procs[h]))
    if op == MAIN_RECYCLE:
        procs = recycling_table(s)
        if a < 100:
            return msg("luna_maris.label.recycle", process=_process(s, procs[a]))
        i, j = divmod(a - 100, 10)
        return msg("luna_maris.label.recycle_two", first=_process(s, procs[i]), second=_process(s, procs[j]))
    if op == MAIN_EXTRACT:
        fe, ti = probe_yield(s, p)
        return msg("luna_maris.label.extract", iron=fe, titanium=ti)
    if op == MAIN_CONCENTRATE:
        gain = advanced(s, MINING)
        gain = (2 if gain < 0 else gain) + (1 if use else 0)
        return msg("luna_maris.label.concentrate", section=W.word(SECTIONS[a]), titanium=gain)
    if op == MAIN_BURN_IRON:
        gain = advanced(s, POWER)
        return msg("luna_maris.label.burn_iron", energy=gain if gain > 0 else 2)
    if op == MAIN_BURN_WATER:
        return msg("luna_maris.label.burn_water", energy=4)
    if op == MAIN_TAKE_FOOD:
        return msg("luna_maris.label.take_food")
    if op == MAIN_REST:
        senior = s.cards[s.card].senior
        amount = 2 if senior and s.acts_done == 0 else 1
        return msg("luna_maris.label.rest", down=min(amount, b.stress_max_cap - me.cap))
    return msg("luna_maris.label.buy_food")


def _activation(s: LunaState, p: int, m: int, act: int, inner: Message) -> Message:
    if act == ACTIVATE:
        return msg("luna_maris.label.activating", action=inner, module=W.module(s, m))
    if act >= 0:
        return msg("luna_maris.label.following", action=inner, owner=act)
    return inner


def _with(s: LunaState, p: int, arg: int, inner: Message) -> Message:
    if arg < WITH:
        return inner
    e = s.seats[p].equip
    name = s.tab.equipment[e].name
    return msg("luna_maris.label.with_equipment", action=inner, equipment=W.cref("equipment", name),
               effect=W.ref_text("equipment", name))


def activation_state(s: LunaState, p: int, m: int, ac: int) -> int:
    """``ACTIVATE`` (the visit pays 1 energy), ``FREE``, or the seat whose activation it follows."""
    if ac:
        return ACTIVATE
    owner = s.act[m]
    if owner < 0 or owner == p or not s.needs_act[m]:
        return FREE
    return owner


def main_action(s: LunaState, p: int, m: int, act: int, note: str, data: tuple[int, int, int]) -> Action:
    """The ``Action`` of a main option ``(note, op, arg)`` with its label (cached)."""
    op, arg = data[1], data[2]
    key = (id(s.pre), note, op, arg, act, _nums(s, p, op, arg))
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) > _CACHE_MOST:
            _CACHE.clear()
        label = _activation(s, p, m, act, _with(s, p, arg, _main(s, p, op, arg)))
        found = _CACHE[key] = Action(note, data, label)
    return found


def extra_action(s: LunaState, p: int, note: str, data: tuple[int, int, int]) -> Action:
    """The ``Action`` of an extra option (build an advanced module, cut CO2) with its label."""
    op, arg = data[1], data[2]
    b = s.board
    vp = b.build_vp[min(len(s.build_track), len(b.build_vp) - 1)] if op == X_BUILD else 0
    key = (id(s.pre), note, op, arg, vp)
    found = _CACHE.get(key)
    if found is None:
        if op == X_CO2:
            n = arg % WITH
            label = _with(s, p, arg, msg("luna_maris.label.cut_co2", steps=n, energy=n - (1 if arg >= WITH else 0)))
        else:
            adv = s.tab.advanced_modules[arg]
            label = msg("luna_maris.label.build", module=W.cref("advanced_modules", adv.name), vp=vp,
                        cost=amounts(titanium=b.build_cost_titanium, energy=b.build_cost_energy))
        found = _CACHE[key] = Action(note, data, label)
    return found
