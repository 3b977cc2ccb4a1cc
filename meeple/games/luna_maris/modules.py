"""Activating modules (seed §啟動模組): playing a scientist, moving the astronaut, activation and
following, and the ten modules' main and extra actions, dispatched to the module files (``mining``,
``hiring``, ``orders``, ``research``, ``refining``, ``recycling``, ``food``); the two small rooms,
the Power plant (§發電站) and Hibernation (§休眠間), are here.  What follows a module action (the
extra action, a senior's second module, the end of the turn) is ``rules.py``'s."""

from __future__ import annotations

from collections.abc import Callable

from meeple.engine.core import Event
from meeple.engine.dispatch import opcodes, table
from meeple.engine.messages import Message, event
from meeple.games.luna_maris import state as state_module
from meeple.games.luna_maris import words as W
from meeple.games.luna_maris.components import (
    AIRLOCK,
    CARGO,
    COMM,
    GREENHOUSE,
    HIBERNATION,
    INDUSTRY,
    LAB,
    MINING,
    POWER,
    RECYCLE,
)
from meeple.games.luna_maris.food import greenhouse_buy, greenhouse_options, greenhouse_take
from meeple.games.luna_maris.hiring import comm_options, hire_cost, hire_scientist
from meeple.games.luna_maris.mining import (
    airlock_options,
    concentrate,
    extract,
    install_probe,
    mining_options,
)
from meeple.games.luna_maris.orders import can_pay_order, cargo_options, deliver_order
from meeple.games.luna_maris.recycling import recycle, recycle_options, recycling_table
from meeple.games.luna_maris.refining import co2_options, cut_co2, industry_options, refine, refining_iron
from meeple.games.luna_maris.research import build_module, build_options, lab_options, research
from meeple.games.luna_maris.resources import (
    Option,
    advanced,
    afford_one,
    equipment_ready,
    gain_energy,
    iron_range,
    iron_total,
    pay_iron,
)
from meeple.games.luna_maris.state import (
    MAIN_BURN_IRON,
    MAIN_BURN_WATER,
    MAIN_BUY_FOOD,
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
    N_JUNIORS,
    S_MODULE,
    S_MOVE,
    S_PAY,
    WITH,
    X_BUILD,
    LunaState,
    Seat,
)
from meeple.games.luna_maris.words import msg

# --- playing a scientist and moving (§啟動模組 1-2) ---------------------------------------------------


def move_targets(s: LunaState, p: int, card: int) -> list[int]:
    """Seed §啟動模組 1-3: modules the card's icons allow, not used this turn, reachable with the O2
    the stress marker leaves (1 O2 per corridor step, 1 to stay), where the module's main or extra
    action can be taken (a visit is made to carry out the module's action)."""
    me = s.seats[p]
    left = me.cap - me.o2
    if left <= 0:
        return []
    row = s.dist[me.pos]
    used = s.used
    return [m for m in s.allowed[card] if not used >> m & 1 and (row[m] or 1) <= left and module_open(s, p, m)]


def playable(s: LunaState, p: int, card: int, opened: dict[int, bool]) -> bool:
    """Whether ``card`` can take ``p`` to at least one unused module it allows where an action can
    be taken (``opened`` keeps ``module_open`` per module for the other cards of the same list)."""
    me = s.seats[p]
    here = me.pos
    left = me.cap - me.o2
    if s.mincost[card][here] > left:
        return False
    row = s.dist[here]
    used = s.used
    for m in reversed(s.allowed[card]):  # Hibernation, Greenhouse, Laboratory first: the cheapest tests
        if used >> m & 1 or (row[m] or 1) > left:
            continue
        o = opened.get(m)
        if o is None:
            o = opened[m] = module_open(s, p, m)
        if o:
            return True
    return False


def can_move_anywhere(s: LunaState, p: int, card: int) -> bool:
    """Whether ``card`` can take ``p`` to at least one unused module it allows and can use there."""
    return playable(s, p, card, {})


_SAID: dict[tuple[int, ...], Message] = {}
"""The messages of the most frequent events (play, move, activate) by their numbers, made once: their
``args`` are shared by the events that carry them (an event's message is never changed)."""


def play_scientist(s: LunaState, p: int, card: int) -> list[Event]:
    """Seed §啟動模組 1 and 5: play a scientist (a junior gives one module action, a senior two); the
    card goes to the rest pile."""
    s.seats[p].hand.remove(card)
    s.seats[p].rest.append(card)
    s.card = card
    s.acts_left = 2 if card >= N_JUNIORS else 1
    s.acts_done = 0
    s.used = 0
    s.step = S_MOVE
    said = _SAID.get((id(s.pre), 0, p, card))
    if said is None:
        said = _SAID[(id(s.pre), 0, p, card)] = msg("luna_maris.event.play", seat=p, card=W.card(s, card))
    return [event("play", said, seat=p)]


def move_astronaut(s: LunaState, p: int, m: int) -> list[Event]:
    """Seed §啟動模組 2: 1 O2 per corridor step, 1 O2 to stay; leaving the activation space ends
    that activation."""
    me = s.seats[p]
    here = me.pos
    cost = s.dist[here][m] or 1
    me.o2 += cost
    if m != here:
        if me.on_act:
            s.act[here] = -1
            me.on_act = 0
        me.pos = m
    s.module = m
    s.main_done = 0
    s.extra_done = 0
    s.step = S_MODULE
    said_key = (id(s.pre), 1 if m == here else 2, p, m, cost, me.o2, me.cap)
    said = _SAID.get(said_key)
    if said is None:
        if m == here:
            said = msg("luna_maris.event.stay", seat=p, module=W.module(s, m), o2=cost, used=me.o2, cap=me.cap)
        else:
            said = msg("luna_maris.event.move", seat=p, module=W.module(s, m), o2=cost, used=me.o2, cap=me.cap)
        _SAID[said_key] = said
    return [event("move", said, seat=p, o2=cost)]


# --- activation (§啟動模組 3) --------------------------------------------------------------------------


def activation_cost(s: LunaState, p: int, m: int) -> int:
    """Seed §啟動模組 3: 1 energy to activate an empty activation space; following another player's
    activation or re-using your own is free; the Power Plant needs no activation."""
    return 1 if s.act[m] < 0 and s.needs_act[m] else 0


def activate(s: LunaState, p: int, m: int) -> list[Event]:
    """Seed §啟動模組 3: activate (1 energy, astronaut on the activation space), follow (free, the
    activating player scores 1 VP) or re-use your own activation (free, no bonus)."""
    if not s.needs_act[m]:  # the Power plant; Hibernation without the option hibernation_activation
        return []
    owner = s.act[m]
    if owner == p:
        return []
    if owner < 0:
        me = s.seats[p]
        me.energy -= 1
        me.on_act = 1
        s.act[m] = p
        said = _SAID.get((id(s.pre), 3, p, m))
        if said is None:
            said = _SAID[(id(s.pre), 3, p, m)] = msg("luna_maris.event.activate", seat=p, module=W.module(s, m))
        return [event("activate", said, seat=p)]
    s.seats[owner].vp += 1
    if owner >= s.players:  # solo: the AI's disc holds the activation space
        return [event("follow", msg("luna_maris.event.follow_ai", seat=p, module=W.module(s, m)), seat=p, owner=owner)]
    return [event("follow", msg("luna_maris.event.follow", seat=p, owner=owner, module=W.module(s, m)), seat=p, owner=owner)]


# --- the Power plant and Hibernation ---------------------------------------------------------------


def power_options(s: LunaState, p: int, energy: int) -> list[Option]:
    """Seed §發電站: 1 iron -> 2 energy + 1 VP, or 1 water and 1 waste removed -> 4 energy + 1 VP."""
    me = s.seats[p]
    out: list[Option] = []
    if iron_total(me):
        out.append(("burn iron", MAIN_BURN_IRON, 0))
    if me.water and me.waste:
        out.append(("burn water", MAIN_BURN_WATER, 0))
    return out


def burn_iron(s: LunaState, p: int, arg: int) -> list[Event]:
    """Seed §發電站: 1 iron (to the supply) -> 2 energy and 1 VP."""
    pay_iron(s, p, 1, False)
    gain = advanced(s, POWER)
    got = gain_energy(s, p, gain if gain > 0 else 2)
    s.seats[p].vp += 1
    return [event("power", msg("luna_maris.event.burn_iron", seat=p, energy=got), seat=p)]


def burn_water(s: LunaState, p: int, arg: int) -> list[Event]:
    """Seed §發電站: 1 water and 1 waste removed -> 4 energy and 1 VP."""
    me = s.seats[p]
    me.water -= 1
    me.waste -= 1
    got = gain_energy(s, p, 4)
    me.vp += 1
    return [event("power", msg("luna_maris.event.burn_water", seat=p, energy=got), seat=p)]


def hibernation_options(s: LunaState, p: int, energy: int) -> list[Option]:
    """Seed §休眠間: rest to lower stress; not with the stress marker already at its minimum (like the
    Airlock at maximum stress, seed §氣閘: the marker cannot move)."""
    if s.seats[p].cap >= s.board.stress_max_cap:
        return []
    return [("rest", MAIN_REST, 0)]


def rest(s: LunaState, p: int, arg: int) -> list[Event]:
    """Seed §休眠間: a junior lowers stress by 1, a senior by 2, or by 1 if it already acted this
    turn; resting ends the turn."""
    me = s.seats[p]
    senior = s.card >= N_JUNIORS
    amount = 2 if senior and s.acts_done == 0 else 1
    before = me.cap
    me.cap = min(s.board.stress_max_cap, me.cap + amount)
    s.acts_left = 1  # the turn ends with this module action
    return [event("rest", msg("luna_maris.event.rest", seat=p, down=me.cap - before, cap=me.cap), seat=p)]


# --- the module tables -----------------------------------------------------------------------------

MAIN_OPTIONS: dict[int, Callable[[LunaState, int, int], list[Option]]] = {
    AIRLOCK: airlock_options, MINING: mining_options, INDUSTRY: industry_options,
    RECYCLE: recycle_options, POWER: power_options, CARGO: cargo_options, COMM: comm_options,
    LAB: lab_options, GREENHOUSE: greenhouse_options, HIBERNATION: hibernation_options,
}

MAIN_OPS = opcodes(vars(state_module), prefix="MAIN_")
MAIN_HANDLERS = table(MAIN_OPS, (
    (MAIN_PROBE, install_probe),
    (MAIN_HIRE, hire_scientist),
    (MAIN_DELIVER, deliver_order),
    (MAIN_RESEARCH, research),
    (MAIN_REFINE, refine),
    (MAIN_EXTRACT, extract),
    (MAIN_CONCENTRATE, concentrate),
    (MAIN_BURN_IRON, burn_iron),
    (MAIN_BURN_WATER, burn_water),
    (MAIN_RECYCLE, recycle),
    (MAIN_TAKE_FOOD, greenhouse_take),
    (MAIN_BUY_FOOD, greenhouse_buy),
    (MAIN_REST, rest),
))
"""A main action's operation (``Action.data[1]`` of ``OP_MAIN``) -> the function taking it."""


def extra_options(s: LunaState, p: int, m: int) -> list[Option]:
    """Extra actions need no activation: the Laboratory builds an advanced module (2 titanium + 1
    energy, at most 4 per game); the Industrial zone lowers CO2 (1 energy per step, up to 2)."""
    if m == LAB:
        return build_options(s, p)
    if m == INDUSTRY:
        return co2_options(s, p)
    return []


# --- whether a main action is open: one test per module, cheaper than listing its options --------
# (these run for every module a scientist in hand could reach, at every turn;
# tests/luna_maris/test_luna_issue13.py checks them against the option lists)


def airlock_open(s: LunaState, p: int, me: Seat, energy: int) -> bool:
    """Seed §氣閘: a probe left, an empty space, and the stress marker can move (or the Suit)."""
    return me.probes > 0 and -1 in s.grid and (me.cap > s.board.stress_min_cap or equipment_ready(s, p, AIRLOCK))


def mining_open(s: LunaState, p: int, me: Seat, energy: int) -> bool:
    """Seed §採礦站: iron to concentrate, or a probe to extract with."""
    return bool(me.fe_l or me.fe_r) or p in s.grid


def industry_open(s: LunaState, p: int, me: Seat, energy: int) -> bool:
    """Seed §工業區: a refining process of the player's level it can pay (a level-D double is
    possible only if one of its processes is possible alone)."""
    level = me.ref
    for pr in s.tab.refining:
        if pr.level <= level and afford_one(me, pr, False):
            return True
    return False


def recycle_open(s: LunaState, p: int, me: Seat, energy: int) -> bool:
    """Seed §回收設備: a recycling process of the player's level it can pay (food processes need the
    food display)."""
    level = me.sus
    food_ok = bool(s.food_row)
    for pr in recycling_table(s):
        if pr.level <= level and (food_ok or not pr.food) and afford_one(me, pr, True):
            return True
    return False


def power_open(s: LunaState, p: int, me: Seat, energy: int) -> bool:
    """Seed §發電站: iron to burn, or water and waste."""
    return bool(iron_total(me) or (me.water and me.waste))


def cargo_open(s: LunaState, p: int, me: Seat, energy: int) -> bool:
    """Seed §貨運碼頭: a face-up order the player can pay."""
    orders = s.tab.orders
    for stack in s.stacks:
        if stack and can_pay_order(me, orders[stack[-1]], energy):
            return True
    return False


def comm_open(s: LunaState, p: int, me: Seat, energy: int) -> bool:
    """Seed §通訊站: a senior in the hiring row the player's iron pays for (with the Relay too)."""
    have = iron_total(me)
    relay = equipment_ready(s, p, COMM)
    for c in s.hire_row:
        if hire_cost(s, p, c) <= have or (relay and hire_cost(s, p, c, True) <= have):
            return True
    return False


def lab_open(s: LunaState, p: int, me: Seat, energy: int) -> bool:
    """Seed §實驗室: research is always possible (beyond the top it still scores)."""
    return True


def greenhouse_open(s: LunaState, p: int, me: Seat, energy: int) -> bool:
    """Seed §溫室: a face-up food card."""
    return bool(s.food_row)


def hibernation_open(s: LunaState, p: int, me: Seat, energy: int) -> bool:
    """Seed §休眠間: not with the stress marker already at its minimum."""
    return me.cap < s.board.stress_max_cap


MAIN_OPEN = (airlock_open, mining_open, industry_open, recycle_open, power_open, cargo_open, comm_open,
             lab_open, greenhouse_open, hibernation_open)
"""Module -> whether its main action is open (in the module order of ``components``)."""
assert [AIRLOCK, MINING, INDUSTRY, RECYCLE, POWER, CARGO, COMM, LAB, GREENHOUSE, HIBERNATION] == list(range(10))


def main_open(s: LunaState, p: int, m: int, energy: int) -> bool:
    """``bool(MAIN_OPTIONS[m](s, p, energy))``, by the module's own test in ``MAIN_OPEN``."""
    return MAIN_OPEN[m](s, p, s.seats[p], energy)


def main_possible(s: LunaState, p: int, m: int) -> bool:
    """Whether ``p`` can take the main action of module ``m`` now (its activation paid for)."""
    energy = s.seats[p].energy - activation_cost(s, p, m)
    return energy >= 0 and main_open(s, p, m, energy)


def module_open(s: LunaState, p: int, m: int) -> bool:
    """Seed §啟動模組 3: whether ``p`` could take the main or the extra action of module ``m`` now
    (moving there changes neither the energy nor that module's activation space)."""
    me = s.seats[p]
    energy = me.energy
    if s.act[m] < 0 and s.needs_act[m]:
        energy -= 1  # activation_cost, inlined: this runs for every module a card in hand reaches
    if energy >= 0 and MAIN_OPEN[m](s, p, me, energy):
        return True
    return (m == LAB or m == INDUSTRY) and bool(extra_options(s, p, m))


# --- paying iron -----------------------------------------------------------------------------------


def iron_need(s: LunaState, p: int, op: int, arg: int) -> tuple[int, int]:
    """The iron a main action costs (titanium may stand in) and the titanium it costs as titanium:
    hiring, the iron part of an order, refining processes and burning iron (seed §氣閘 note)."""
    if op == MAIN_HIRE:
        return hire_cost(s, p, arg % WITH, arg >= WITH), 0
    if op == MAIN_DELIVER:
        o = s.tab.orders[s.stacks[arg % WITH][-1]]
        return o.iron, o.titanium
    if op == MAIN_REFINE:
        return refining_iron(s, arg), 0
    if op == MAIN_BURN_IRON:
        return 1, 0
    return 0, 0


def payment_message(s: LunaState, op: int, arg: int) -> Message:
    """What the iron of the payment step pays for, as a message."""
    if op == MAIN_HIRE:
        return msg("luna_maris.event.pay_for.hire", card=W.card(s, arg % WITH))
    if op == MAIN_DELIVER:
        return msg("luna_maris.event.pay_for.order", order=W.cref("orders", s.tab.orders[s.stacks[arg % WITH][-1]].name))
    if op == MAIN_REFINE:
        return _PAY_REFINE
    return _PAY_BURN


_PAY_REFINE = msg("luna_maris.event.pay_for.refine")
_PAY_BURN = msg("luna_maris.event.pay_for.burn")


# --- taking the actions ----------------------------------------------------------------------------


def main_action(s: LunaState, p: int, op: int, arg: int) -> list[Event]:
    """Activate (or follow), then the main action; when titanium could stand in for some of its iron
    the payment step comes first (seed §氣閘 note: titanium may replace iron)."""
    events = activate(s, p, s.module)
    s.main_done = 1
    need, reserved = iron_need(s, p, op, arg)
    if need:
        lo, hi = iron_range(s.seats[p], need, reserved)
        if hi > lo:
            s.pay_op = op
            s.pay_arg = arg
            s.step = S_PAY
            return events + [event("pay_due", msg("luna_maris.event.pay_due", seat=p, iron=need, what=payment_message(s, op, arg)), seat=p)]
        s.ti_use = lo
    return events + MAIN_HANDLERS[op](s, p, arg)


def pay_choice(s: LunaState, p: int, titanium: int) -> list[Event]:
    """The payment step: ``titanium`` of the action's iron is paid with titanium, the rest with iron;
    then the main action."""
    op, arg = s.pay_op, s.pay_arg
    s.pay_op = -1
    s.ti_use = titanium
    s.step = S_MODULE
    return MAIN_HANDLERS[op](s, p, arg)


def extra_action(s: LunaState, p: int, op: int, arg: int) -> list[Event]:
    """Seed §啟動模組 3: the module's extra action, before or after its main action (the seed gives
    no order); a visit that ends without the main action leaves the activation space
    (``leave_after_extra``)."""
    s.extra_done = 1
    if op == X_BUILD:
        return build_module(s, p, arg)
    return cut_co2(s, p, arg)


def leave_after_extra(s: LunaState, p: int) -> None:
    """Seed §啟動模組 3 (只執行額外行動，則必須把工人移出啟動格): a visit that took only the extra
    action ends with the astronaut off the module's activation space."""
    me = s.seats[p]
    if s.extra_done and not s.main_done and me.on_act:
        s.act[s.module] = -1
        me.on_act = 0
