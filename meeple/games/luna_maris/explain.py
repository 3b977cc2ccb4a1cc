"""Why a typed action is illegal, in the game's own terms (``State.explain_illegal``)."""

from __future__ import annotations

from meeple.games.luna_maris.components import HIBERNATION
from meeple.games.luna_maris.modules import activation_cost, hire_cost, iron_need, move_targets
from meeple.games.luna_maris.recycling import recycling_table
from meeple.games.luna_maris.resources import iron_total
from meeple.games.luna_maris.state import (
    CAP,
    EM_ENERGY,
    ENERGY,
    EQUIP,
    EQUIP_UP,
    FE_L,
    FE_R,
    HE3,
    O2,
    POS,
    PROBES,
    REF,
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
    STEP_NAMES,
    SUS,
    TI_L,
    TI_R,
    WASTE,
    WATER,
    LunaState,
)

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


def explain(s: LunaState, text: str) -> str | None:
    words = text.split()
    if not words:
        return None
    verb = words[0].lower()
    arg = " ".join(words[1:])
    p = s.cur
    me = s.pl[p]
    t = s.tables
    step = s.step
    allowed = _STEP_WORDS.get(step, ())
    if verb not in allowed and not (step == S_MODULE and verb == "take" and s.module == 8):
        if step == S_TURN and (verb in _MODULE_OF or verb in ("go", "done", "end", "take")):
            hand = ", ".join(s.cards[c].name for c in s.hands[p]) or "empty"
            return ("first play a scientist ('play <card>', hand: " + hand + "): its icons decide which "
                    "modules your astronaut may go to; then 'go <module>' and the module's action")
        if verb in _MODULE_OF and step == S_MODULE:
            m = _MODULE_OF[verb]
            return (f"'{verb}' is an action of the {t.modules[m].name}; your astronaut is at the "
                    f"{t.modules[s.module].name}")
        return f"now is the '{STEP_NAMES[step]}' step of seat {p}; '{verb}' is not one of its actions"
    if verb == "emergency":
        return _explain_emergency(s, p, arg)
    if step < S_TURN:
        return _explain_setup(s, verb, arg)
    if step == S_PAY:
        return _explain_pay(s, p, arg)
    if step == S_BONUS:
        track = "refining" if s.bonus_track == 0 else "sustainability"
        return (f"{arg!r} is not a bonus space of the {track} track "
                f"({', '.join(b.name for b in t.research_bonuses if b.track == s.bonus_track)})")
    if step == S_COMPACT:
        return (f"the compactor runs a recycling process of your sustainability level {me[SUS]} that you can "
                f"pay (waste {me[WASTE]}), or 'skip'")
    if step == S_TURN:
        if verb == "play":
            names = [s.cards[c].name for c in s.hands[p]]
            match = [c for c in s.hands[p] if s.cards[c].name.lower() == arg.lower()]
            if not match:
                return f"you have no scientist {arg!r} in hand (hand: {', '.join(names) or 'empty'})"
            left = me[CAP] - me[O2]
            card = match[0]
            row = s.dist[me[POS]]
            near = [m for m in s.allowed[card] if (row[m] or 1) <= left]
            if near:
                return (f"no module that {s.cards[card].name} allows has an action you can take now: "
                        + ", ".join(t.modules[m].name for m in near) + " can be reached, but a visit must carry "
                        "out the module's main or extra action and none of theirs is possible")
            return (f"no module that {s.cards[card].name} allows is reachable: you have {left} O2 left "
                    f"this round (stress caps O2 at {me[CAP]}), moving costs 1 O2 per corridor, staying costs 1")
        if verb == "feed":
            if not s.rest[p]:
                return "your rest pile is empty; there is no scientist to feed"
            if arg.lower() == "without food":
                return "you hold a food card; losing 2 VP for a scientist is only allowed without food"
            return f"you hold no food card {arg!r} (food: {', '.join(t.foods[f].name for f in s.food[p]) or 'none'})"
    if step == S_MOVE:
        if verb == "end":
            return "a scientist must use at least one module before the turn can end"
        key = arg.lower()
        idx = [i for i, m in enumerate(t.modules) if m.key == key]
        if not idx:
            return f"there is no module {key!r} (modules: {', '.join(m.key for m in t.modules)})"
        m = idx[0]
        card = s.cards[s.card]
        if s.used >> m & 1:
            return f"you already used the {t.modules[m].name} this turn (no module twice in a turn)"
        if m not in card.icons and t.modules[m].icon:
            return f"scientist {card.name} does not show the {t.modules[m].name} icon"
        cost = s.dist[me[POS]][m] or 1
        if cost > me[CAP] - me[O2]:
            return (f"moving there needs {cost} O2 and you have {me[CAP] - me[O2]} left "
                    f"(stress caps O2 at {me[CAP]})")
        if m not in move_targets(s, p, s.card):
            return _explain_nothing_to_do(s, p, m)
    if step == S_MODULE:
        return _explain_module(s, p, verb, arg)
    if step == S_FEED and verb == "stop":
        return "feeding without food takes back exactly one scientist; choose which with 'return'"
    if step == S_FEED and verb == "return":
        return f"{arg!r} is not in your rest pile (rest: {', '.join(s.cards[c].name for c in s.rest[p])})"
    if step == S_FOOD:
        return f"{arg!r} is not in the food display (display: {', '.join(t.foods[f].name for f in s.food_row)})"
    return None


def _explain_emergency(s: LunaState, p: int, arg: str) -> str:
    """Seed §緊急倉庫: one energy, one iron and one water per player, each once per game."""
    me = s.pl[p]
    kind = arg.lower()
    if kind not in EMERGENCY_KINDS:
        return "the emergency deposit holds energy, iron and water"
    if not me[EM_ENERGY + EMERGENCY_KINDS.index(kind)]:
        return f"your emergency deposit's {kind} is already used (it is never refilled)"
    return ("the emergency deposit is opened at one of your decisions with a real choice "
            "(a step with a single possible action is taken automatically)")


def _explain_pay(s: LunaState, p: int, arg: str) -> str:
    """Titanium stands in for iron: the split must add up to the cost and fit what you hold."""
    me = s.pl[p]
    need, reserved = iron_need(s, p, s.pay_op, s.pay_arg)
    fe = me[FE_L] + me[FE_R]
    ti = me[TI_L] + me[TI_R] - reserved
    owed = f" (besides the {reserved} titanium the order asks for)" if reserved else ""
    return (f"the cost is {need} iron, paid as iron and titanium in any split{owed}; you hold {fe} iron "
            f"and {ti} titanium, so 'pay <iron> iron <titanium> titanium' with the two adding up to {need}")


def _explain_setup(s: LunaState, verb: str, arg: str) -> str:
    """Research §3: the setup decisions (equipment tile, first probe, start module)."""
    t = s.tables
    if s.step == S_EQUIP:
        offer = ", ".join(t.equipment[e].name.lower() for e in s.equip_offer)
        return f"there is no {arg or '?'} tile on offer; choose one of the tiles on offer ({offer})"
    if s.step == S_PROBE:
        free = ", ".join(sp.name for i, sp in enumerate(t.mining_spaces) if s.grid[i] < 0 and sp.ore == 0)
        return f"the first probe goes on an empty iron space ({free})"
    taken = {s.pl[q][POS] for q in range(s.players)}
    free = ", ".join(t.modules[m].key for m in s.start_mods if m not in taken)
    return f"the astronaut starts on one of the revealed modules not taken yet ({free})"


def _explain_nothing_to_do(s: LunaState, p: int, m: int) -> str:
    """Seed §啟動模組 3: a visit carries out the module's action, so a module where neither its main
    nor its extra action can be taken is no destination."""
    me = s.pl[p]
    name = s.tables.modules[m].name
    why = ""
    ac = activation_cost(s, p, m)
    if me[ENERGY] < ac:
        hint = " (your emergency deposit still holds 1 energy)" if me[EM_ENERGY] else ""
        why = f": activating it needs 1 energy, you have {me[ENERGY]}{hint}"
    return (f"nothing to do at the {name} now{why}; a visit must carry out the module's main or extra "
            "action and none is possible with what you hold")


def _explain_module(s: LunaState, p: int, verb: str, arg: str) -> str | None:
    me = s.pl[p]
    t = s.tables
    m = s.module
    if verb == "done" and not s.main_done and not s.extra_done:
        return ("take the module's main or extra action first: a visit carries out the module's action "
                "('done' ends the visit after one of them)")
    if " with " in f" {arg} ":
        tile = arg.rsplit(" with ", 1)[-1] if " with " in arg else arg
        eq = me[EQUIP]
        if eq < 0 or t.equipment[eq].name.lower() != tile.lower():
            return f"you do not own the {tile} equipment"
        if not me[EQUIP_UP]:
            return f"your {tile} equipment is face down (used this round)"
        if t.equipment[eq].module != m:
            return f"the {tile} equipment changes the {t.modules[t.equipment[eq].module].name}, not this module"
    if verb in _MODULE_OF and _MODULE_OF[verb] != m:
        return f"'{verb}' is an action of the {t.modules[_MODULE_OF[verb]].name}, not the {t.modules[m].name}"
    if s.main_done and verb not in ("build", "cut", "done"):
        return "you already took this module's main action"
    if s.extra_done and verb in ("build", "cut"):
        return "you already took this module's extra action"
    ac = activation_cost(s, p, m)
    if verb not in ("build", "cut") and me[ENERGY] < ac:
        hint = " (your emergency deposit still holds 1 energy)" if me[EM_ENERGY] else ""
        return f"activating the {t.modules[m].name} needs 1 energy, you have {me[ENERGY]}{hint}"
    energy = me[ENERGY] - ac
    iron = iron_total(me)
    if verb == "probe":
        if me[CAP] <= s.board.stress_min_cap:
            return ("your stress is at its maximum; the Airlock cannot be used (only with the Suit, "
                    "which raises no stress)")
        if me[PROBES] <= 0:
            return "you have no probe left on your board"
        return f"{arg!r} is not an empty mining space"
    if verb == "hire":
        match = [c for c in s.hire_row if s.cards[c].name.lower() == arg.lower()]
        if not match:
            return f"{arg!r} is not in the hiring row ({', '.join(s.cards[c].name for c in s.hire_row)})"
        return f"hiring {arg.upper()} needs {hire_cost(s, p, match[0])} iron, you have {iron} (titanium counts)"
    if verb == "deliver":
        for stack in s.stacks:
            if stack and t.orders[stack[-1]].name.lower() == arg.lower():
                o = t.orders[stack[-1]]
                need = []
                ti = me[TI_L] + me[TI_R]
                if ti < o.titanium:
                    need.append(f"{o.titanium} titanium (you have {ti})")
                if iron - o.titanium < o.iron:
                    need.append(f"{o.iron} iron (you have {iron - min(ti, o.titanium)}, titanium counts)")
                if me[WATER] < o.water:
                    need.append(f"{o.water} water (you have {me[WATER]})")
                if me[HE3] < o.he3:
                    need.append(f"{o.he3} He-3 (you have {me[HE3]})")
                if energy < o.energy:
                    need.append(f"{o.energy} energy after activation (you have {energy})")
                return "order " + o.name + " needs " + ", ".join(need)
        return f"{arg!r} is not the face-up tile of an order stack"
    if verb == "research" and arg.lower() not in ("refining", "sustainability"):
        return f"{arg!r} is not a research track: 'research refining' or 'research sustainability'"
    if verb == "refine":
        names = _process_names(t.refining) + ["D"]
        if arg.split(" ")[0].upper() not in names:
            return f"{arg!r} is not a refining process ({', '.join(names)}; D as 'refine D <water>+<He-3>')"
        return (f"process {arg.upper()} is not open at your refining level {me[REF]} "
                f"or you cannot pay it (iron {iron}, water {me[WATER]})")
    if verb == "recycle":
        names = _process_names(recycling_table(s)) + ["D"]
        if arg.split(" ")[0].upper() not in names:
            return f"{arg!r} is not a recycling process ({', '.join(names)}; D as 'recycle D <one>+<other>')"
        return (f"process {arg.upper()} is not open at your sustainability level {me[SUS]} "
                f"or you have too little waste ({me[WASTE]})")
    if verb == "extract":
        return "you have no probe on the mining area"
    if verb == "rest":
        if m == HIBERNATION and me[CAP] >= s.board.stress_max_cap:
            return (f"your stress is already at its minimum (O2 cap {me[CAP]}): resting would lower nothing "
                    "(seed §休眠間; like the Airlock at maximum stress)")
        return "resting is the Hibernation room's main action"
    if verb == "concentrate":
        return f"there is no iron in the {arg} section of your conveyor"
    if verb == "burn":
        if arg not in ("iron", "water"):
            return "the Power plant offers 'burn iron' (1 iron: 2 energy, 1 VP) and 'burn water' (1 water, 1 waste: 4 energy, 1 VP)"
        if arg == "iron":
            return "burning needs 1 iron (or titanium), you have none"
        return f"burning water needs 1 water and 1 waste (you have {me[WATER]} water, {me[WASTE]} waste)"
    if verb == "buy":
        return f"buying food needs 1 water, you have {me[WATER]}" if s.food_row else "the food display is empty"
    if verb in ("take", "buy") and arg.split(" with ")[0] != "food":
        return ("at the Greenhouse the actions are 'take food' (one card) and 'buy food' (1 water: three "
                "cards and 1 VP); the cards are picked next")
    if verb == "take":
        return "the food display is empty"
    if verb == "build":
        b = s.board
        if len(s.build_track) >= b.max_builds:
            return f"all {b.max_builds} advanced modules allowed in a game are built"
        ti = me[TI_L] + me[TI_R]
        if ti < b.build_cost_titanium or me[ENERGY] < b.build_cost_energy:
            return f"building needs 2 titanium and 1 energy, you have {ti} titanium and {me[ENERGY]} energy"
        return f"no advanced module for {arg!r} is on offer"
    if verb == "cut":
        return f"cutting CO2 costs 1 energy per step (at most 2, 3 with the advanced module); you have {me[ENERGY]}"
    return None


def _process_names(procs: tuple) -> list[str]:
    return [pr.name for pr in procs]
