"""The ten modules of the lunar base (seed §啟動模組 3, §氣閘 ... §休眠間): which main and extra
actions are open at a module, activation costs, and the choices inside an action.  The actions
themselves are in ``actions.py``."""

from __future__ import annotations

from meeple.engine.core import Action
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
from meeple.games.luna_maris.resources import (
    WITH,
    Option,
    advanced,
    emergency_options,
    equipment_ready,
    iron_range,
    iron_total,
    with_equipment,
)
from meeple.games.luna_maris.state import (
    CAP,
    CO2,
    ENERGY,
    EQUIP,
    FE_L,
    FE_R,
    HE3,
    K_BONUS,
    K_COMPACT,
    K_EXTRA,
    K_MAIN,
    K_PAY,
    K_TAKE,
    OP_BURN_IRON,
    OP_BURN_WATER,
    OP_BUY_FOOD,
    OP_CONCENTRATE,
    OP_DELIVER,
    OP_EXTRACT,
    OP_HIRE,
    OP_PROBE,
    OP_RECYCLE,
    OP_REFINE,
    OP_RESEARCH,
    OP_REST,
    OP_TAKE_FOOD,
    PROBES,
    REF,
    SUS,
    TI_L,
    TI_R,
    TRACKS,
    WASTE,
    WATER,
    X_BUILD,
    X_CO2,
    LunaState,
)

# --- resources ------------------------------------------------------------------------------------


def activation_cost(s: LunaState, p: int, m: int) -> int:
    """Seed §啟動模組 3: 1 energy to activate an empty activation space; following another player's
    activation or re-using your own is free; the Power Plant needs no activation."""
    if not s.tab.modules[m].needs_activation:
        return 0
    if m == HIBERNATION and not s.options["hibernation_activation"]:
        return 0
    return 1 if s.act[m] < 0 else 0


def module_options(s: LunaState, p: int) -> list[Action]:
    m = s.module
    out: list[Action] = []
    if not s.main_done and not s.extra_done:
        ac = activation_cost(s, p, m)
        if s.pl[p][ENERGY] >= ac:
            for note, op, arg in MAIN_OPTIONS[m](s, p, s.pl[p][ENERGY] - ac):
                out.append(Action(note, (K_MAIN, op, arg)))
    if not s.extra_done:
        for note, op, arg in extra_options(s, p, m):
            out.append(Action(note, (K_EXTRA, op, arg)))
    out.append(s.pre.done)
    if not s.extra_done:  # seed §緊急倉庫: the deposit may be opened at any time (listed last)
        out.extend(emergency_options(s, p))
    return out


def airlock_options(s: LunaState, p: int, energy: int) -> list[Option]:
    """Seed §氣閘: not at maximum stress (the stress marker must move; the Suit equipment, which raises
    no stress, still works there); a probe left on the board; any empty mining space."""
    me = s.pl[p]
    if me[PROBES] <= 0:
        return []
    notes = s.pre.probe_note
    out = with_equipment(s, p, AIRLOCK, [(notes[i], OP_PROBE, i) for i, o in enumerate(s.grid) if o < 0])
    if me[CAP] <= s.board.stress_min_cap:
        # the stress marker cannot move further; only the Suit (no stress) still works
        return [o for o in out if o[2] >= WITH]
    return out


def hire_cost(s: LunaState, p: int, card: int, relay: bool = False) -> int:
    """Seed §通訊室: the printed iron cost; advanced comms -1 (at least 1), relay equipment -1."""
    cost = s.cards[card].cost
    adv = advanced(s, COMM)
    if adv > 0:
        cost = max(1, cost - adv)
    if relay:
        cost = max(0, cost - 1)
    return cost


def comm_options(s: LunaState, p: int, energy: int) -> list[Option]:
    have = iron_total(s.pl[p])
    notes = s.pre.hire_note
    out: list[Option] = [(notes[c], OP_HIRE, c) for c in s.hire_row if hire_cost(s, p, c) <= have]
    if equipment_ready(s, p, COMM):
        name = s.tab.equipment[s.pl[p][EQUIP]].name.lower()
        out.extend((f"hire {s.cards[c].name} with {name}", OP_HIRE, c + WITH) for c in s.hire_row
                   if hire_cost(s, p, c, True) <= have)
    return out


def can_pay_order(me: list[int], o: object, energy: int) -> bool:
    ti = me[TI_L] + me[TI_R]
    fe = me[FE_L] + me[FE_R]
    return (ti >= o.titanium and fe + ti - o.titanium >= o.iron  # type: ignore[attr-defined]
            and me[WATER] >= o.water and me[HE3] >= o.he3 and energy >= o.energy)  # type: ignore[attr-defined]


def cargo_options(s: LunaState, p: int, energy: int) -> list[Option]:
    """Seed §貨運碼頭: deliver the face-up order of a stack whose cost you can pay."""
    orders = s.tab.orders
    me = s.pl[p]
    out = []
    for k, stack in enumerate(s.stacks):
        if stack and can_pay_order(me, orders[stack[-1]], energy):
            out.append((s.pre.deliver_note[stack[-1]], OP_DELIVER, k))
    return with_equipment(s, p, CARGO, out)


def lab_options(s: LunaState, p: int, energy: int) -> list[Option]:
    """Seed §實驗室: research one of the two tracks."""
    return [(f"research {TRACKS[0]}", OP_RESEARCH, 0), (f"research {TRACKS[1]}", OP_RESEARCH, 1)]


def _afford(me: list[int], procs: list, waste_needed: bool) -> bool:
    iron = sum(pr.iron_to_waste for pr in procs)
    if iron > iron_total(me):
        return False
    water = me[WATER]
    for pr in procs:
        if water < pr.water_cost:
            return False
        water += pr.water - pr.water_cost
    if waste_needed:
        return me[WASTE] >= sum(pr.waste_removed + pr.waste_to_conveyor for pr in procs)
    return True


def industry_options(s: LunaState, p: int, energy: int) -> list[Option]:
    """Seed §工業區: a refining process allowed by your refining level; D (level 4) runs one water
    process and one He-3 process."""
    me = s.pl[p]
    procs = s.tab.refining
    out: list[Option] = []
    for i, pr in enumerate(procs):
        if pr.level <= me[REF] and _afford(me, [pr], False):
            out.append((s.pre.refine_note[i], OP_REFINE, i))
    if me[REF] >= s.board.research_max:
        for w, pw in enumerate(procs):
            if not pw.water:
                continue
            for h, ph in enumerate(procs):
                if ph.he3 and _afford(me, [pw, ph], False):
                    out.append((f"refine D {pw.name}+{ph.name}", OP_REFINE, 10 + w * 10 + h))
    return out


def mining_options(s: LunaState, p: int, energy: int) -> list[Option]:
    """Seed §採礦站: extract (your probes produce now) or concentrate one iron into titanium."""
    me = s.pl[p]
    out: list[Option] = []
    if p in s.grid:
        out.append(("extract", OP_EXTRACT, 0))
    if me[FE_L]:
        out.append(("concentrate left", OP_CONCENTRATE, 0))
    if me[FE_R]:
        out.append(("concentrate right", OP_CONCENTRATE, 1))
    if equipment_ready(s, p, MINING):
        name = s.tab.equipment[me[EQUIP]].name.lower()
        out.extend((f"{n} with {name}", op, a + WITH) for n, op, a in out[:] if op == OP_CONCENTRATE)
    return out


def power_options(s: LunaState, p: int, energy: int) -> list[Option]:
    """Seed §發電站: 1 iron -> 2 energy + 1 VP, or 1 water and 1 waste removed -> 4 energy + 1 VP."""
    me = s.pl[p]
    out: list[Option] = []
    if iron_total(me):
        out.append(("burn iron", OP_BURN_IRON, 0))
    if me[WATER] and me[WASTE]:
        out.append(("burn water", OP_BURN_WATER, 0))
    return out


def recycling_table(s: LunaState) -> tuple:
    return s.tab.adv_recycling if s.built[RECYCLE] >= 0 else s.tab.recycling


def recycle_options(s: LunaState, p: int, energy: int) -> list[Option]:
    """Seed §回收設備: a recycling process allowed by your sustainability level (the advanced table
    once the advanced recycling module is built); D runs two different ones."""
    me = s.pl[p]
    procs = recycling_table(s)
    food_ok = bool(s.food_row)
    out: list[Option] = []
    for i, pr in enumerate(procs):
        if pr.level <= me[SUS] and _afford(me, [pr], True) and (food_ok or not pr.food):
            out.append((f"recycle {pr.name}", OP_RECYCLE, i))
    if me[SUS] >= s.board.research_max:
        for i, a in enumerate(procs):
            for j in range(i + 1, len(procs)):
                b = procs[j]
                if a.name[0] != b.name[0] and _afford(me, [a, b], True) and (food_ok or not (a.food or b.food)):
                    out.append((f"recycle D {a.name}+{b.name}", OP_RECYCLE, 100 + i * 10 + j))
    return out


def greenhouse_options(s: LunaState, p: int, energy: int) -> list[Option]:
    """Seed §溫室: take a face-up food card, or pay 1 water for three cards and 1 VP."""
    if not s.food_row:
        return []
    out: list[Option] = [("take food", OP_TAKE_FOOD, 0)]
    if s.pl[p][WATER]:
        out.append(("buy food", OP_BUY_FOOD, 0))
    if equipment_ready(s, p, GREENHOUSE):
        out.append((f"buy food with {s.tab.equipment[s.pl[p][EQUIP]].name.lower()}", OP_BUY_FOOD, WITH))
    return out


def hibernation_options(s: LunaState, p: int, energy: int) -> list[Option]:
    """Seed §休眠間: rest to lower stress."""
    return [("rest", OP_REST, 0)]


MAIN_OPTIONS = {
    AIRLOCK: airlock_options, MINING: mining_options, INDUSTRY: industry_options,
    RECYCLE: recycle_options, POWER: power_options, CARGO: cargo_options, COMM: comm_options,
    LAB: lab_options, GREENHOUSE: greenhouse_options, HIBERNATION: hibernation_options,
}


def extra_options(s: LunaState, p: int, m: int) -> list[Option]:
    """Extra actions need no activation: the Laboratory builds an advanced module (2 titanium + 1
    energy, at most 4 per game); the Industrial zone lowers CO2 (1 energy per step, up to 2)."""
    me = s.pl[p]
    b = s.board
    if m == LAB:
        if (len(s.build_track) >= b.max_builds or me[TI_L] + me[TI_R] < b.build_cost_titanium
                or me[ENERGY] < b.build_cost_energy):
            return []
        adv = s.tab.advanced_modules
        mods = s.tab.modules
        return [(f"build {mods[adv[a].module].key}", X_BUILD, a) for a in s.adv_offer
                if s.built[adv[a].module] < 0]
    if m == INDUSTRY:
        most = advanced(s, INDUSTRY)
        if most < 0:
            most = 2
        room = len(b.co2_vp) - 1 - me[CO2]
        out: list[Option] = [(f"cut co2 {n}", X_CO2, n) for n in range(1, min(most, me[ENERGY], room) + 1)]
        if equipment_ready(s, p, INDUSTRY):
            name = s.tab.equipment[me[EQUIP]].name.lower()
            out.extend((f"cut co2 {n} with {name}", X_CO2, n + WITH)
                       for n in range(1, min(most, me[ENERGY] + 1, room) + 1))
        return out
    return []


# --- paying iron ---------------------------------------------------------------------------------


def iron_need(s: LunaState, p: int, op: int, arg: int) -> tuple[int, int]:
    """The iron a main action costs (titanium may stand in) and the titanium it costs as titanium:
    hiring, the iron part of an order, refining processes and burning iron (seed §氣閘 note)."""
    if op == OP_HIRE:
        return hire_cost(s, p, arg % WITH, arg >= WITH), 0
    if op == OP_DELIVER:
        o = s.tab.orders[s.stacks[arg % WITH][-1]]
        return o.iron, o.titanium
    if op == OP_REFINE:
        procs = s.tab.refining
        if arg < 10:
            return procs[arg].iron_to_waste, 0
        w, h = divmod(arg - 10, 10)
        return procs[w].iron_to_waste + procs[h].iron_to_waste, 0
    if op == OP_BURN_IRON:
        return 1, 0
    return 0, 0


def payment_label(s: LunaState, op: int, arg: int) -> str:
    """What the iron of the payment step pays for, in words."""
    if op == OP_HIRE:
        return f"hiring {s.cards[arg % WITH].name}"
    if op == OP_DELIVER:
        return f"order {s.tab.orders[s.stacks[arg % WITH][-1]].name}"
    if op == OP_REFINE:
        return "refining"
    return "burning iron"


def pay_options(s: LunaState, p: int) -> list[Action]:
    """Titanium stands in for iron: when both kinds could pay, the player chooses how many titanium
    cubes to use (one decision; the right conveyor section pays first within a kind)."""
    need, reserved = iron_need(s, p, s.pay_op, s.pay_arg)
    lo, hi = iron_range(s.pl[p], need, reserved)
    return [Action(f"pay {need - t} iron {t} titanium", (K_PAY, t)) for t in range(lo, hi + 1)]


# --- doing it -------------------------------------------------------------------------------------


def bonus_options(s: LunaState, p: int) -> list[Action]:
    return [Action(f"bonus {b.name}", (K_BONUS, i)) for i, b in enumerate(s.tab.research_bonuses)
            if b.track == s.bonus_track]


def compact_options(s: LunaState, p: int) -> list[Action]:
    me = s.pl[p]
    food_ok = bool(s.food_row)
    out = [Action(f"compact {pr.name}", (K_COMPACT, i)) for i, pr in enumerate(recycling_table(s))
           if pr.level <= me[SUS] and _afford(me, [pr], True) and (food_ok or not pr.food)]
    out.append(s.pre.skip)
    return out


def food_pick_options(s: LunaState) -> list[Action]:
    foods = s.tab.foods
    out = []
    seen: set[str] = set()
    for i, f in enumerate(s.food_row):
        name = foods[f].name
        if name not in seen:
            seen.add(name)
            out.append(Action(f"take {name}", (K_TAKE, i)))
    return out
