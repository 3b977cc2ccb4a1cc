"""The ten modules of the lunar base (seed §啟動模組 3, §氣閘 ... §休眠間): their main and extra
actions, activation and following, and the resource helpers they share."""

from __future__ import annotations

from meeple.engine.core import Action, Event
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
from meeple.games.luna_maris.state import (
    CAP,
    CO2,
    EM_ENERGY,
    ENERGY,
    EQUIP,
    EQUIP_UP,
    FE_L,
    FE_R,
    HE3,
    N_JUNIORS,
    ON_ACT,
    PROBES,
    REF,
    REF_BONUS,
    S_BONUS,
    S_COMPACT,
    S_FOOD,
    S_MODULE,
    SUS,
    SUS_BONUS,
    TI_L,
    TI_R,
    VP,
    WASTE,
    WATER,
    LunaState,
)

K_MAIN, K_EXTRA, K_DONE, K_TAKE, K_BONUS, K_COMPACT, K_SKIP, K_EMERG = 11, 12, 10, 13, 16, 17, 18, 7
(OP_PROBE, OP_HIRE, OP_DELIVER, OP_RESEARCH, OP_REFINE, OP_EXTRACT, OP_CONCENTRATE, OP_BURN_IRON,
 OP_BURN_WATER, OP_RECYCLE, OP_TAKE_FOOD, OP_BUY_FOOD, OP_REST) = range(13)
X_BUILD, X_CO2 = 0, 1
WITH = 1000  # added to an action's argument when the player uses its special equipment
TRACKS = ("refining", "sustainability")
SECTIONS = ("left", "right")
EMERGENCY_NAMES = ("energy", "iron", "water")


# --- resources ------------------------------------------------------------------------------------

def gain_energy(s: LunaState, p: int, n: int) -> int:
    """Seed §太陽能: energy is capped at 6; the excess is lost (applied to every gain)."""
    me = s.pl[p]
    before = me[ENERGY]
    me[ENERGY] = min(s.board.energy_cap, before + n)
    return me[ENERGY] - before


def iron_total(me: list[int]) -> int:
    """Iron available to pay: iron ore plus titanium, which stands in for iron (seed §氣閘 note)."""
    return me[FE_L] + me[FE_R] + me[TI_L] + me[TI_R]


def pay_iron(s: LunaState, p: int, n: int, to_waste: bool) -> list[Event]:
    """Pay ``n`` iron: right-section iron first, then left, then titanium (right, left).  Iron paid
    'to waste' goes onto the waste gauge; titanium paid so returns to the supply and an iron cube from
    the supply goes onto the gauge instead (seed §工業區 廢料區)."""
    me = s.pl[p]
    for f in (FE_R, FE_L, TI_R, TI_L):
        take = min(n, me[f])
        me[f] -= take
        n -= take
        if not n:
            break
    return []


def pay_titanium(me: list[int], n: int) -> None:
    take = min(n, me[TI_R])
    me[TI_R] -= take
    me[TI_L] -= n - take


def add_waste(s: LunaState, p: int, n: int, why: str) -> list[Event]:
    """Seed §廢料區: each cube takes the next gauge space; landing on one of the last three spaces
    raises CO2 and/or stress (STAND_IN spaces 8: CO2, 9: stress, 10: both); a cube that does not fit
    leaves the game."""
    me = s.pl[p]
    b = s.board
    lost = 0
    notes = []
    for _ in range(n):
        if me[WASTE] >= b.waste_spaces:
            lost += 1
            continue
        me[WASTE] += 1
        space = me[WASTE]
        if space in b.waste_co2 and me[CO2] > 0:
            me[CO2] -= 1
            notes.append("CO2 +1")
        if space in b.waste_stress and me[CAP] > b.stress_min_cap:
            me[CAP] -= 1
            notes.append("stress +1")
    text = f"Seat {p} puts {n} waste on its gauge ({why}; {me[WASTE]}/{b.waste_spaces})"
    if notes:
        text += ": " + ", ".join(notes)
    if lost:
        text += f"; {lost} cube(s) do not fit and leave the game"
    return [{"type": "waste", "seat": p, "text": text + "."}]


def food_extra(s: LunaState, p: int, extra: str) -> list[Event]:
    """Seed §犒賞科學家: a food card's extra reward, gained when it is played."""
    if not extra:
        return []
    me = s.pl[p]
    if extra == "vp":
        me[VP] += 1
    elif extra == "water":
        me[WATER] += 1
    elif extra == "energy":
        gain_energy(s, p, 1)
    elif extra == "stress":
        me[CAP] = min(s.board.stress_max_cap, me[CAP] + 1)
    elif extra == "iron":
        me[FE_L] += 1
    elif extra == "co2":
        me[CO2] = min(len(s.board.co2_vp) - 1, me[CO2] + 1)
    return [{"type": "food_reward", "seat": p, "text": f"Seat {p} gains the food's extra reward ({extra})."}]


def equipment_ready(s: LunaState, p: int, module: int) -> bool:
    me = s.pl[p]
    return me[EQUIP] >= 0 and bool(me[EQUIP_UP]) and s.tables.equipment[me[EQUIP]].module == module


def use_equipment(s: LunaState, p: int) -> Event:
    """Seed §特殊設備: once per round; the tile is turned face down after use."""
    me = s.pl[p]
    me[EQUIP_UP] = 0
    return {"type": "equipment", "seat": p,
            "text": f"Seat {p} uses its {s.tables.equipment[me[EQUIP]].name} equipment."}


def with_equipment(s: LunaState, p: int, module: int, options: list[Option]) -> list[Option]:
    """Seed §特殊設備: the equipment *may* be used; each action it changes is also offered
    '... with <tile>' while the tile is face up."""
    if not equipment_ready(s, p, module):
        return options
    name = s.tables.equipment[s.pl[p][EQUIP]].name.lower()
    out: list[Option] = []
    for note, op, arg in options:
        out.append((note, op, arg))
        out.append((f"{note} with {name}", op, arg + WITH))
    return out


def advanced(s: LunaState, module: int) -> int:
    """The amount printed on the advanced module built over ``module``, or -1 if none is built."""
    a = s.built[module]
    return -1 if a < 0 else s.tables.advanced_modules[a].amount


# --- what may be done at a module ----------------------------------------------------------------

def activation_cost(s: LunaState, p: int, m: int) -> int:
    """Seed §啟動模組 3: 1 energy to activate an empty activation space; following another player's
    activation or re-using your own is free; the Power Plant needs no activation."""
    if not s.tables.modules[m].needs_activation:
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
    if not s.extra_done:  # seed §緊急倉庫: the deposit may be opened at any time
        me = s.pl[p]
        out.extend(Action(f"emergency {EMERGENCY_NAMES[i]}", (K_EMERG, i)) for i in range(3)
                   if me[EM_ENERGY + i])
    out.append(Action("done", (K_DONE,)))
    return out


Option = tuple[str, int, int]


def airlock_options(s: LunaState, p: int, energy: int) -> list[Option]:
    """Seed §氣閘: not at maximum stress; a probe left on the board; any empty mining space."""
    me = s.pl[p]
    if me[CAP] <= s.board.stress_min_cap or me[PROBES] <= 0:
        return []
    spaces = s.tables.mining_spaces
    return with_equipment(s, p, AIRLOCK,
                          [(f"probe {spaces[i].name}", OP_PROBE, i) for i, o in enumerate(s.grid) if o < 0])


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
    out: list[Option] = [(f"hire {s.cards[c].name}", OP_HIRE, c) for c in s.hire_row
                         if hire_cost(s, p, c) <= have]
    if equipment_ready(s, p, COMM):
        name = s.tables.equipment[s.pl[p][EQUIP]].name.lower()
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
    orders = s.tables.orders
    me = s.pl[p]
    out = []
    for k, stack in enumerate(s.stacks):
        if stack and can_pay_order(me, orders[stack[-1]], energy):
            out.append((f"deliver {orders[stack[-1]].name}", OP_DELIVER, k))
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
    procs = s.tables.refining
    out: list[Option] = []
    for i, pr in enumerate(procs):
        if pr.level <= me[REF] and _afford(me, [pr], False):
            out.append((f"refine {pr.name}", OP_REFINE, i))
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
        name = s.tables.equipment[me[EQUIP]].name.lower()
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
    return s.tables.adv_recycling if s.built[RECYCLE] >= 0 else s.tables.recycling


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
        out.append((f"buy food with {s.tables.equipment[s.pl[p][EQUIP]].name.lower()}", OP_BUY_FOOD, WITH))
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
        adv = s.tables.advanced_modules
        mods = s.tables.modules
        return [(f"build {mods[adv[a].module].key}", X_BUILD, a) for a in s.adv_offer
                if s.built[adv[a].module] < 0]
    if m == INDUSTRY:
        most = advanced(s, INDUSTRY)
        if most < 0:
            most = 2
        room = len(b.co2_vp) - 1 - me[CO2]
        out: list[Option] = [(f"cut co2 {n}", X_CO2, n) for n in range(1, min(most, me[ENERGY], room) + 1)]
        if equipment_ready(s, p, INDUSTRY):
            name = s.tables.equipment[me[EQUIP]].name.lower()
            out.extend((f"cut co2 {n} with {name}", X_CO2, n + WITH)
                       for n in range(1, min(most, me[ENERGY] + 1, room) + 1))
        return out
    return []


# --- doing it -------------------------------------------------------------------------------------

def activate(s: LunaState, p: int, m: int) -> list[Event]:
    """Seed §啟動模組 3: activate (1 energy, astronaut on the activation space), follow (free, the
    activating player scores 1 VP) or re-use your own activation (free, no bonus)."""
    if not s.tables.modules[m].needs_activation:
        return []
    if m == HIBERNATION and not s.options["hibernation_activation"]:
        return []
    owner = s.act[m]
    name = s.tables.modules[m].name
    if owner == p:
        return []
    if owner < 0:
        me = s.pl[p]
        me[ENERGY] -= 1
        me[ON_ACT] = 1
        s.act[m] = p
        return [{"type": "activate", "seat": p, "text": f"Seat {p} activates the {name} (1 energy)."}]
    s.pl[owner][VP] += 1
    return [{"type": "follow", "seat": p, "owner": owner,
             "text": f"Seat {p} follows seat {owner}'s activation of the {name}; seat {owner} scores 1 VP."}]


def do_main(s: LunaState, p: int, op: int, arg: int) -> list[Event]:
    events = activate(s, p, s.module)
    s.main_done = 1
    events.extend(MAIN_HANDLERS[op](s, p, arg))
    if s.step == S_MODULE:
        events.extend(after_main(s, p))
    return events


def after_main(s: LunaState, p: int) -> list[Event]:
    """After the main action: the compactor's extra process, then the extra action if one is possible,
    else the module action is over."""
    from meeple.games.luna_maris.rules import finish_module

    if s.compact:
        s.step = S_COMPACT
        return []
    s.step = S_MODULE
    if not s.extra_done and extra_options(s, p, s.module):
        return []
    return finish_module(s, p)


def install_probe(s: LunaState, p: int, space: int) -> list[Event]:
    """Seed §氣閘: stress +1, the next probe from the board (top to bottom) onto an empty mining
    space, and the bonus printed under it."""
    me = s.pl[p]
    events: list[Event] = []
    if space >= WITH:
        space -= WITH
        events.append(use_equipment(s, p))
    else:
        me[CAP] -= 1
    slot = s.tables.probe_slots[len(s.tables.probe_slots) - me[PROBES]]
    me[PROBES] -= 1
    s.grid[space] = p
    me[FE_L] += slot.iron
    me[VP] += slot.vp
    me[WATER] += slot.water
    me[HE3] += slot.he3
    ore = s.tables.mining_spaces[space].ore
    if advanced(s, AIRLOCK) > 0:
        me[TI_L if ore else FE_L] += advanced(s, AIRLOCK)
    events.insert(0, {"type": "probe", "seat": p,
                      "text": f"Seat {p} installs its {slot.name} on {s.tables.mining_spaces[space].name}."})
    if slot.waste:
        events.extend(add_waste(s, p, slot.waste, "probe bonus"))
    return events


def hire_scientist(s: LunaState, p: int, card: int) -> list[Event]:
    """Seed §通訊室: pay the iron, the senior goes to your hand; the row slides and a new card is
    turned up."""
    events: list[Event] = []
    relay = card >= WITH
    if relay:
        card -= WITH
        events.append(use_equipment(s, p))
    cost = hire_cost(s, p, card, relay)
    pay_iron(s, p, cost, False)
    s.hire_row.remove(card)
    s.hands[p].append(card)
    s.hands[p].sort()
    events.insert(0, {"type": "hire", "seat": p,
                      "text": f"Seat {p} hires senior scientist {s.cards[card].name} for {cost} iron."})
    if s.senior_deck:
        s.hire_row.insert(0, s.senior_deck.pop())
        s.reveals += 1
        events.append({"type": "reveal", "text": f"Senior {s.cards[s.hire_row[0]].name} joins the hiring row."})
    return events


def deliver_order(s: LunaState, p: int, k: int) -> list[Event]:
    """Seed §貨運碼頭: pay the order's cost, gain its reward, keep the tile, turn up the next one."""
    me = s.pl[p]
    freight = k >= WITH
    k %= WITH
    stack = s.stacks[k]
    oi = stack.pop()
    o = s.tables.orders[oi]
    pay_titanium(me, o.titanium)
    pay_iron(s, p, o.iron, False)
    me[WATER] -= o.water
    me[HE3] -= o.he3
    me[ENERGY] -= o.energy
    vp = o.vp + max(0, advanced(s, CARGO))
    me[VP] += vp
    s.delivered[p].append(oi)
    events: list[Event] = [{"type": "deliver", "seat": p, "text": f"Seat {p} delivers order {o.name} for {vp} VP."}]
    if freight:
        events.append(use_equipment(s, p))
        gain_energy(s, p, 1)
        me[VP] += 1
    if stack:
        s.reveals += 1
        events.append({"type": "reveal", "text": f"Order {s.tables.orders[stack[-1]].name} is turned up."})
    return events


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


def bonus_options(s: LunaState, p: int) -> list[Action]:
    return [Action(f"bonus {b.name}", (K_BONUS, i)) for i, b in enumerate(s.tables.research_bonuses)
            if b.track == s.bonus_track]


def research_bonus(s: LunaState, p: int, i: int) -> list[Event]:
    """Research §5.7: the bonus space's reward, gained at once."""
    b = s.tables.research_bonuses[i]
    me = s.pl[p]
    me[TI_L] += b.titanium
    me[HE3] += b.he3
    me[CO2] = min(len(s.board.co2_vp) - 1, me[CO2] + b.co2_down)
    me[WASTE] = max(0, me[WASTE] - b.waste_removed)
    me[CAP] = min(s.board.stress_max_cap, me[CAP] + b.stress_down)
    s.bonus_track = -1
    events: list[Event] = [{"type": "bonus", "seat": p, "text": f"Seat {p} claims the {b.name} research bonus."}]
    if b.food and s.food_row:
        s.pick_left = b.food
        s.step = S_FOOD
        return events
    return events + after_main(s, p)


def run_refining(s: LunaState, p: int, pr: object) -> list[Event]:
    me = s.pl[p]
    events = pay_iron(s, p, pr.iron_to_waste, True)  # type: ignore[attr-defined]
    n = pr.iron_to_waste + pr.supply_iron_to_waste  # type: ignore[attr-defined]
    me[WATER] += pr.water - pr.water_cost  # type: ignore[attr-defined]
    me[HE3] += pr.he3  # type: ignore[attr-defined]
    me[VP] += pr.vp  # type: ignore[attr-defined]
    events.append({"type": "refine", "seat": p,
                   "text": f"Seat {p} refines with process {pr.name}."})  # type: ignore[attr-defined]
    if n:
        events.extend(add_waste(s, p, n, f"process {pr.name}"))  # type: ignore[attr-defined]
    return events


def refine(s: LunaState, p: int, arg: int) -> list[Event]:
    procs = s.tables.refining
    if arg < 10:
        return run_refining(s, p, procs[arg])
    w, h = divmod(arg - 10, 10)
    return run_refining(s, p, procs[w]) + run_refining(s, p, procs[h])


def extract(s: LunaState, p: int, arg: int) -> list[Event]:
    """Seed §採礦站: every probe you own produces as in production; the conveyor does not move."""
    me = s.pl[p]
    spaces = s.tables.mining_spaces
    fe = ti = 0
    for i, owner in enumerate(s.grid):
        if owner == p:
            if spaces[i].ore:
                ti += 1
            else:
                fe += 1
    me[FE_L] += fe
    me[TI_L] += ti
    return [{"type": "extract", "seat": p, "text": f"Seat {p} extracts {fe} iron and {ti} titanium."}]


def concentrate(s: LunaState, p: int, section: int) -> list[Event]:
    """Seed §採礦站: one iron from either conveyor section to waste, 2 titanium into the left section."""
    me = s.pl[p]
    drill = section >= WITH
    section %= WITH
    me[FE_R if section else FE_L] -= 1
    gain = advanced(s, MINING)
    if gain < 0:
        gain = 2
    events: list[Event] = []
    if drill:
        events.append(use_equipment(s, p))
        gain += 1
    me[TI_L] += gain
    events.insert(0, {"type": "concentrate", "seat": p,
                      "text": f"Seat {p} concentrates iron from the {SECTIONS[section]} section into {gain} titanium."})
    return events + add_waste(s, p, 1, "concentrating")


def burn_iron(s: LunaState, p: int, arg: int) -> list[Event]:
    """Seed §發電站: 1 iron (to the supply) -> 2 energy and 1 VP."""
    pay_iron(s, p, 1, False)
    gain = advanced(s, POWER)
    got = gain_energy(s, p, gain if gain > 0 else 2)
    s.pl[p][VP] += 1
    return [{"type": "power", "seat": p, "text": f"Seat {p} burns 1 iron for {got} energy and 1 VP."}]


def burn_water(s: LunaState, p: int, arg: int) -> list[Event]:
    """Seed §發電站: 1 water and 1 waste removed -> 4 energy and 1 VP."""
    me = s.pl[p]
    me[WATER] -= 1
    me[WASTE] -= 1
    got = gain_energy(s, p, 4)
    me[VP] += 1
    return [{"type": "power", "seat": p,
             "text": f"Seat {p} uses 1 water and removes 1 waste for {got} energy and 1 VP."}]


def run_recycling(s: LunaState, p: int, pr: object) -> list[Event]:
    me = s.pl[p]
    me[WASTE] -= pr.waste_removed + pr.waste_to_conveyor  # type: ignore[attr-defined]
    me[FE_L] += pr.waste_to_conveyor  # type: ignore[attr-defined]
    gain_energy(s, p, pr.energy)  # type: ignore[attr-defined]
    me[WATER] += pr.water  # type: ignore[attr-defined]
    me[TI_L] += pr.titanium  # type: ignore[attr-defined]
    if pr.food and s.food_row:  # type: ignore[attr-defined]
        s.pick_left += pr.food  # type: ignore[attr-defined]
    return [{"type": "recycle", "seat": p,
             "text": f"Seat {p} recycles with process {pr.name}."}]  # type: ignore[attr-defined]


def recycle(s: LunaState, p: int, arg: int) -> list[Event]:
    procs = recycling_table(s)
    if arg < 100:
        events = run_recycling(s, p, procs[arg])
    else:
        i, j = divmod(arg - 100, 10)
        events = run_recycling(s, p, procs[i]) + run_recycling(s, p, procs[j])
    if equipment_ready(s, p, RECYCLE):
        s.compact = 1
    if s.pick_left:
        s.step = S_FOOD
    return events


def compact_options(s: LunaState, p: int) -> list[Action]:
    me = s.pl[p]
    food_ok = bool(s.food_row)
    out = [Action(f"compact {pr.name}", (K_COMPACT, i)) for i, pr in enumerate(recycling_table(s))
           if pr.level <= me[SUS] and _afford(me, [pr], True) and (food_ok or not pr.food)]
    out.append(Action("skip", (K_SKIP, -1)))
    return out


def compactor(s: LunaState, p: int, i: int) -> list[Event]:
    """Compactor equipment (STAND_IN): one more recycling process of your level."""
    s.compact = 0
    s.step = S_MODULE
    if i < 0:
        return after_main(s, p)
    events = [use_equipment(s, p)] + run_recycling(s, p, recycling_table(s)[i])
    if s.pick_left:
        s.step = S_FOOD
        return events
    return events + after_main(s, p)


def greenhouse_take(s: LunaState, p: int, arg: int) -> list[Event]:
    """Seed §溫室: take one face-up food card (advanced greenhouse: two)."""
    adv = advanced(s, GREENHOUSE)
    s.pick_left = adv if adv > 0 else 1
    s.step = S_FOOD
    return []


def greenhouse_buy(s: LunaState, p: int, arg: int) -> list[Event]:
    """Seed §溫室: pay 1 water for three face-up food cards and 1 VP."""
    me = s.pl[p]
    events: list[Event] = []
    if arg >= WITH:
        events.append(use_equipment(s, p))
    else:
        me[WATER] -= 1
    me[VP] += 1
    s.pick_left = 3
    s.step = S_FOOD
    return events


def food_pick_options(s: LunaState) -> list[Action]:
    foods = s.tables.foods
    out = []
    seen: set[str] = set()
    for i, f in enumerate(s.food_row):
        name = foods[f].name
        if name not in seen:
            seen.add(name)
            out.append(Action(f"take {name}", (K_TAKE, i)))
    return out


def take_food(s: LunaState, p: int, i: int) -> list[Event]:
    """Take one card from the food display (refilled only after the turn)."""
    f = s.food_row.pop(i)
    s.food[p].append(f)
    s.pick_left -= 1
    events: list[Event] = [{"type": "food", "seat": p, "text": f"Seat {p} takes food card {s.tables.foods[f].name}."}]
    if s.pick_left <= 0 or not s.food_row:
        s.pick_left = 0
        s.step = S_MODULE
        events.extend(after_main(s, p))
    return events


def rest(s: LunaState, p: int, arg: int) -> list[Event]:
    """Seed §休眠間: a junior lowers stress by 1, a senior by 2, or by 1 if it already acted this
    turn; resting ends the turn."""
    me = s.pl[p]
    senior = s.card >= N_JUNIORS
    amount = 2 if senior and s.acts_done == 0 else 1
    before = me[CAP]
    me[CAP] = min(s.board.stress_max_cap, me[CAP] + amount)
    s.acts_left = 1  # the turn ends with this module action
    return [{"type": "rest", "seat": p,
             "text": f"Seat {p} rests: stress down {me[CAP] - before} (O2 cap now {me[CAP]})."}]


MAIN_HANDLERS = {
    OP_PROBE: install_probe, OP_HIRE: hire_scientist, OP_DELIVER: deliver_order, OP_RESEARCH: research,
    OP_REFINE: refine, OP_EXTRACT: extract, OP_CONCENTRATE: concentrate, OP_BURN_IRON: burn_iron,
    OP_BURN_WATER: burn_water, OP_RECYCLE: recycle, OP_TAKE_FOOD: greenhouse_take,
    OP_BUY_FOOD: greenhouse_buy, OP_REST: rest,
}


def do_extra(s: LunaState, p: int, op: int, arg: int) -> list[Event]:
    me = s.pl[p]
    events: list[Event] = []
    if not s.main_done and me[ON_ACT]:
        # Seed §啟動模組 3: only the extra action -> the astronaut leaves the activation space.
        s.act[s.module] = -1
        me[ON_ACT] = 0
    s.extra_done = 1
    if op == X_BUILD:
        events.extend(build_module(s, p, arg))
    else:
        events.extend(cut_co2(s, p, arg))
    from meeple.games.luna_maris.rules import finish_module

    return events + finish_module(s, p)


def build_module(s: LunaState, p: int, a: int) -> list[Event]:
    """Seed §實驗室 extra: pay 2 titanium + 1 energy, lay the advanced module over its basic module,
    put a disc on the leftmost build-track space and score it."""
    me = s.pl[p]
    b = s.board
    pay_titanium(me, b.build_cost_titanium)
    me[ENERGY] -= b.build_cost_energy
    adv = s.tables.advanced_modules[a]
    s.built[adv.module] = a
    s.adv_offer.remove(a)
    vp = b.build_vp[len(s.build_track)]
    s.build_track.append(p)
    me[VP] += vp
    return [{"type": "build", "seat": p, "text": f"Seat {p} builds the {adv.name} for {vp} VP."}]


def cut_co2(s: LunaState, p: int, n: int) -> list[Event]:
    """Seed §工業區 extra: each energy spent moves your CO2 marker one step down (the filter
    equipment makes the first step free)."""
    me = s.pl[p]
    events: list[Event] = []
    use = n >= WITH
    n %= WITH
    cost = n
    if use:
        events.append(use_equipment(s, p))
        cost -= 1
    me[ENERGY] -= cost
    me[CO2] += n
    events.insert(0, {"type": "co2", "seat": p, "text": f"Seat {p} spends {cost} energy to cut CO2 by {n}."})
    return events
