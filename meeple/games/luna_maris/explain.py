"""Why a typed action is illegal, in the game's own terms (``State.explain_illegal``): a catalog
message ``luna_maris.refusal.<reason>`` (issue 14), components named by reference."""

from __future__ import annotations

from typing import Any

from meeple.engine.messages import Message
from meeple.games.luna_maris import words as W
from meeple.games.luna_maris.components import HIBERNATION
from meeple.games.luna_maris.modules import activation_cost, hire_cost, iron_need, move_targets
from meeple.games.luna_maris.recycling import recycling_table
from meeple.games.luna_maris.resources import iron_total
from meeple.games.luna_maris.state import (
    S_BONUS,
    S_COMPACT,
    S_EQUIP,
    S_FEED,
    S_FOOD,
    S_MODULE,
    S_MOVE,
    S_PAY,
    S_PROBE,
    S_START,
    S_TURN,
    SETUP_STEPS,
    LunaState,
    Seat,
)
from meeple.games.luna_maris.words import msg

_STEP_WORDS = {
    S_EQUIP: ("take",),
    S_PROBE: ("probe",),
    S_START: ("start",),
    S_TURN: ("play", "feed", "pass", "emergency"),
    S_MOVE: ("go", "end", "emergency"),
    S_MODULE: ("probe", "hire", "deliver", "research", "refine", "extract", "concentrate", "burn",
               "recycle", "take", "buy", "rest", "build", "cut", "done", "emergency"),
    S_FOOD: ("take", "emergency"),
    S_FEED: ("return", "stop", "emergency"),
    S_PAY: ("pay", "emergency"),
    S_BONUS: ("bonus", "emergency"),
    S_COMPACT: ("compact", "skip", "emergency"),
}
EMERGENCY_KINDS = ("energy", "iron", "water")
_MODULE_OF = {
    "probe": 0, "extract": 1, "concentrate": 1, "refine": 2, "cut": 2, "recycle": 3, "burn": 4,
    "deliver": 5, "hire": 6, "research": 7, "build": 7, "buy": 8, "rest": 9,
}


def _names(items: list[Any]) -> list[Any] | Message:
    """A list of names for a message, or the word 'empty'."""
    return items if items else msg("luna_maris.refusal.word.empty")


def _none(items: list[Any]) -> list[Any] | Message:
    """A list of names for a message, or the word 'none'."""
    return items if items else msg("luna_maris.refusal.word.none")


def _hint(me: Seat) -> Message | str:
    return msg("luna_maris.refusal.hint_emergency_energy") if me.em_energy else ""


def _step(step: int) -> Message:
    return W.step_word(step)


def explain(s: LunaState, text: str) -> Message | None:
    words = text.split()
    if not words:
        return None
    verb = words[0].lower()
    arg = " ".join(words[1:])
    p = s.cur
    me = s.seats[p]
    t = s.tables
    step = s.step
    allowed = _STEP_WORDS.get(step, ())
    if verb not in allowed and not (step == S_MODULE and verb == "take" and s.module == 8):
        if step == S_TURN and (verb in _MODULE_OF or verb in ("go", "done", "end", "take")):
            hand = _names([W.card(s, c) for c in s.seats[p].hand])
            return msg("luna_maris.refusal.play_first", hand=hand)
        if verb in _MODULE_OF and step == S_MODULE:
            m = _MODULE_OF[verb]
            return msg("luna_maris.refusal.other_module", verb=verb, module=W.module(s, m), here=W.module(s, s.module))
        return msg("luna_maris.refusal.wrong_step", step=_step(step), seat=p, verb=verb)
    if verb == "emergency":
        return _explain_emergency(s, p, arg)
    if step in SETUP_STEPS:
        return _explain_setup(s, verb, arg)
    if step == S_PAY:
        return _explain_pay(s, p, arg)
    if step == S_BONUS:
        track = W.word("refining" if s.bonus_track == 0 else "sustainability")
        spaces = [W.cref("research_bonuses", b.name) for b in t.research_bonuses if b.track == s.bonus_track]
        return msg("luna_maris.refusal.bonus_space", arg=repr(arg), track=track, spaces=spaces)
    if step == S_COMPACT:
        return msg("luna_maris.refusal.compact", level=me.sus, waste=me.waste)
    if step == S_TURN:
        if verb == "play":
            match = [c for c in s.seats[p].hand if s.cards[c].name.lower() == arg.lower()]
            if not match:
                return msg("luna_maris.refusal.no_such_card", arg=repr(arg),
                           hand=_names([W.card(s, c) for c in s.seats[p].hand]))
            left = me.cap - me.o2
            card = match[0]
            row = s.dist[me.pos]
            near = [m for m in s.allowed[card] if (row[m] or 1) <= left]
            if near:
                return msg("luna_maris.refusal.card_nothing_to_do", card=W.card(s, card),
                           modules=[W.module(s, m) for m in near])
            return msg("luna_maris.refusal.card_unreachable", card=W.card(s, card), left=left, cap=me.cap)
        if verb == "feed":
            if not s.seats[p].rest:
                return msg("luna_maris.refusal.rest_empty")
            if arg.lower() == "without food":
                return msg("luna_maris.refusal.feed_has_food")
            return msg("luna_maris.refusal.no_such_food", arg=repr(arg), food=_none([W.food(s, f) for f in s.seats[p].food]))
    if step == S_MOVE:
        if verb == "end":
            return msg("luna_maris.refusal.end_too_soon")
        key = arg.lower()
        idx = [i for i, m in enumerate(t.modules) if m.key == key]
        if not idx:
            return msg("luna_maris.refusal.no_such_module", arg=repr(key), modules=[m.key for m in t.modules])
        m = idx[0]
        scientist = s.cards[s.card]  # not `card`: an int above (the compiled build checks)
        if s.used >> m & 1:
            return msg("luna_maris.refusal.module_used", module=W.module(s, m))
        if m not in scientist.icons and t.modules[m].icon:
            return msg("luna_maris.refusal.no_icon", card=W.card(s, s.card), module=W.module(s, m))
        cost = s.dist[me.pos][m] or 1
        if cost > me.cap - me.o2:
            return msg("luna_maris.refusal.o2_short", cost=cost, left=me.cap - me.o2, cap=me.cap)
        if m not in move_targets(s, p, s.card):
            return _explain_nothing_to_do(s, p, m)
    if step == S_MODULE:
        return _explain_module(s, p, verb, arg)
    if step == S_FEED and verb == "stop":
        return msg("luna_maris.refusal.stop_without_food")
    if step == S_FEED and verb == "return":
        return msg("luna_maris.refusal.not_resting", arg=repr(arg), rest=_names([W.card(s, c) for c in s.seats[p].rest]))
    if step == S_FOOD:
        return msg("luna_maris.refusal.not_in_display", arg=repr(arg),
                   display=_names([W.food(s, f) for f in s.food_row]))
    return None


def _explain_emergency(s: LunaState, p: int, arg: str) -> Message:
    """Seed §緊急倉庫: one energy, one iron and one water per player, each once per game."""
    me = s.seats[p]
    kind = arg.lower()
    if kind not in EMERGENCY_KINDS:
        return msg("luna_maris.refusal.emergency_kinds")
    if not me.emergency_left(EMERGENCY_KINDS.index(kind)):
        return msg("luna_maris.refusal.emergency_used", cube=W.word(kind))
    return msg("luna_maris.refusal.emergency_forced")


def _explain_pay(s: LunaState, p: int, arg: str) -> Message:
    """Titanium stands in for iron: the split must add up to the cost and fit what you hold."""
    me = s.seats[p]
    need, reserved = iron_need(s, p, s.pay_op, s.pay_arg)
    fe = me.fe_l + me.fe_r
    ti = me.ti_l + me.ti_r - reserved
    owed = msg("luna_maris.refusal.pay_reserved", titanium=reserved) if reserved else ""
    return msg("luna_maris.refusal.pay_split", need=need, owed=owed, iron=fe, titanium=ti)


def _explain_setup(s: LunaState, verb: str, arg: str) -> Message:
    """Research §3: the setup decisions (equipment tile, first probe, start module)."""
    t = s.tables
    if s.step == S_EQUIP:
        offer = [W.equipment(s, e) for e in s.equip_offer]
        return msg("luna_maris.refusal.no_such_tile", arg=arg or "?", offer=offer)
    if s.step == S_PROBE:
        free = [sp.name for i, sp in enumerate(t.mining_spaces) if s.grid[i] < 0 and sp.ore == 0]
        return msg("luna_maris.refusal.first_probe", free=free)
    taken = {s.seats[q].pos for q in range(s.players)}
    mods = [t.modules[m].key for m in s.start_mods if m not in taken]
    return msg("luna_maris.refusal.start_module", free=mods)


def _explain_nothing_to_do(s: LunaState, p: int, m: int) -> Message:
    """Seed §啟動模組 3: a visit carries out the module's action, so a module where neither its main
    nor its extra action can be taken is no destination."""
    me = s.seats[p]
    ac = activation_cost(s, p, m)
    if me.energy < ac:
        return msg("luna_maris.refusal.nothing_to_do_energy", module=W.module(s, m), energy=me.energy,
                   hint=_hint(me))
    return msg("luna_maris.refusal.nothing_to_do", module=W.module(s, m))


def _explain_module(s: LunaState, p: int, verb: str, arg: str) -> Message | None:
    me = s.seats[p]
    t = s.tables
    m = s.module
    if verb == "done" and not s.main_done and not s.extra_done:
        return msg("luna_maris.refusal.done_too_soon")
    if " with " in f" {arg} ":
        tile = arg.rsplit(" with ", 1)[-1] if " with " in arg else arg
        eq = me.equip
        if eq < 0 or t.equipment[eq].name.lower() != tile.lower():
            return msg("luna_maris.refusal.equipment_not_owned", tile=tile)
        if not me.equip_up:
            return msg("luna_maris.refusal.equipment_face_down", equipment=W.equipment(s, eq))
        if t.equipment[eq].module != m:
            return msg("luna_maris.refusal.equipment_elsewhere", equipment=W.equipment(s, eq),
                       module=W.module(s, t.equipment[eq].module))
    if verb in _MODULE_OF and _MODULE_OF[verb] != m:
        return msg("luna_maris.refusal.not_this_module", verb=verb, module=W.module(s, _MODULE_OF[verb]),
                   here=W.module(s, m))
    if s.main_done and verb not in ("build", "cut", "done"):
        return msg("luna_maris.refusal.main_done")
    if s.extra_done and verb in ("build", "cut"):
        return msg("luna_maris.refusal.extra_done")
    ac = activation_cost(s, p, m)
    if verb not in ("build", "cut") and me.energy < ac:
        return msg("luna_maris.refusal.activation_energy", module=W.module(s, m), energy=me.energy, hint=_hint(me))
    energy = me.energy - ac
    iron = iron_total(me)
    if verb == "probe":
        if me.cap <= s.board.stress_min_cap:
            return msg("luna_maris.refusal.stress_max")
        if me.probes <= 0:
            return msg("luna_maris.refusal.no_probe_left")
        return msg("luna_maris.refusal.space_taken", arg=repr(arg))
    if verb == "hire":
        match = [c for c in s.hire_row if s.cards[c].name.lower() == arg.lower()]
        if not match:
            return msg("luna_maris.refusal.not_in_hiring_row", arg=repr(arg),
                       row=_names([W.card(s, c) for c in s.hire_row]))
        return msg("luna_maris.refusal.hire_iron", card=W.card(s, match[0]), iron=hire_cost(s, p, match[0]),
                   have=iron)
    if verb == "deliver":
        for stack in s.stacks:
            if stack and t.orders[stack[-1]].name.lower() == arg.lower():
                o = t.orders[stack[-1]]
                need: list[Message] = []
                ti = me.ti_l + me.ti_r
                if ti < o.titanium:
                    need.append(msg("luna_maris.refusal.need.titanium", amount=o.titanium, have=ti))
                if iron - o.titanium < o.iron:
                    need.append(msg("luna_maris.refusal.need.iron", amount=o.iron, have=iron - min(ti, o.titanium)))
                if me.water < o.water:
                    need.append(msg("luna_maris.refusal.need.water", amount=o.water, have=me.water))
                if me.he3 < o.he3:
                    need.append(msg("luna_maris.refusal.need.he3", amount=o.he3, have=me.he3))
                if energy < o.energy:
                    need.append(msg("luna_maris.refusal.need.energy", amount=o.energy, have=energy))
                return msg("luna_maris.refusal.order_needs", order=W.cref("orders", o.name), needs=need)
        return msg("luna_maris.refusal.not_face_up", arg=repr(arg))
    if verb == "research" and arg.lower() not in ("refining", "sustainability"):
        return msg("luna_maris.refusal.no_such_track", arg=repr(arg))
    if verb == "refine":
        names = _process_names(t.refining) + ["D"]
        if arg.split(" ")[0].upper() not in names:
            return msg("luna_maris.refusal.no_such_refining", arg=repr(arg), names=names)
        return msg("luna_maris.refusal.refining_closed", process=arg.upper(), level=me.ref, iron=iron,
                   water=me.water)
    if verb == "recycle":
        names = _process_names(recycling_table(s)) + ["D"]
        if arg.split(" ")[0].upper() not in names:
            return msg("luna_maris.refusal.no_such_recycling", arg=repr(arg), names=names)
        return msg("luna_maris.refusal.recycling_closed", process=arg.upper(), level=me.sus, waste=me.waste)
    if verb == "extract":
        return msg("luna_maris.refusal.no_probe_placed")
    if verb == "rest":
        if m == HIBERNATION and me.cap >= s.board.stress_max_cap:
            return msg("luna_maris.refusal.stress_min", cap=me.cap)
        return msg("luna_maris.refusal.rest_where")
    if verb == "concentrate":
        section: Any = W.word(arg) if arg in ("left", "right") else arg
        return msg("luna_maris.refusal.no_iron_section", section=section)
    if verb == "burn":
        if arg not in ("iron", "water"):
            return msg("luna_maris.refusal.burn_what")
        if arg == "iron":
            return msg("luna_maris.refusal.burn_iron")
        return msg("luna_maris.refusal.burn_water", water=me.water, waste=me.waste)
    if verb == "buy":
        if s.food_row:
            return msg("luna_maris.refusal.buy_water", water=me.water)
        return msg("luna_maris.refusal.display_empty")
    if verb in ("take", "buy") and arg.split(" with ")[0] != "food":
        return msg("luna_maris.refusal.greenhouse_words")
    if verb == "take":
        return msg("luna_maris.refusal.display_empty")
    if verb == "build":
        b = s.board
        if len(s.build_track) >= b.max_builds:
            return msg("luna_maris.refusal.builds_done", count=b.max_builds)
        ti = me.ti_l + me.ti_r
        if ti < b.build_cost_titanium or me.energy < b.build_cost_energy:
            return msg("luna_maris.refusal.build_cost", titanium=ti, energy=me.energy)
        return msg("luna_maris.refusal.no_such_advanced", arg=repr(arg))
    if verb == "cut":
        return msg("luna_maris.refusal.cut_energy", energy=me.energy)
    return None


def _process_names(procs: tuple) -> list[str]:
    return [pr.name for pr in procs]
