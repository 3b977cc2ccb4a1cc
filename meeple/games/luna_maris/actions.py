"""What the module actions do (seed §啟動模組 3, §氣閘 ... §休眠間): activation and following, each
main action, the extra actions, and the continuations (food picks, research bonus, compactor)."""

from __future__ import annotations

from meeple.engine.core import Event
from meeple.games.luna_maris.components import (
    AIRLOCK,
    CARGO,
    GREENHOUSE,
    HIBERNATION,
    MINING,
    POWER,
    RECYCLE,
)
from meeple.games.luna_maris.modules import (
    extra_options,
    hire_cost,
    iron_need,
    payment_label,
    recycling_table,
)
from meeple.games.luna_maris.resources import (
    WITH,
    add_waste,
    advanced,
    equipment_ready,
    gain_energy,
    iron_range,
    pay_iron,
    pay_titanium,
    use_equipment,
)
from meeple.games.luna_maris.state import (
    CAP,
    CO2,
    ENERGY,
    FE_L,
    FE_R,
    HE3,
    N_JUNIORS,
    ON_ACT,
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
    REF_BONUS,
    S_BONUS,
    S_COMPACT,
    S_FOOD,
    S_MODULE,
    S_PAY,
    SECTIONS,
    SUS,
    SUS_BONUS,
    TI_L,
    TRACKS,
    VP,
    WASTE,
    WATER,
    X_BUILD,
    LunaState,
)

# --- resources ------------------------------------------------------------------------------------


def activate(s: LunaState, p: int, m: int) -> list[Event]:
    """Seed §啟動模組 3: activate (1 energy, astronaut on the activation space), follow (free, the
    activating player scores 1 VP) or re-use your own activation (free, no bonus)."""
    if not s.tab.modules[m].needs_activation:
        return []
    if m == HIBERNATION and not s.options["hibernation_activation"]:
        return []
    owner = s.act[m]
    name = s.tab.modules[m].name
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
    """Activate (or follow), then the main action; when titanium could stand in for some of its iron
    the payment step comes first (seed §氣閘 note: titanium may replace iron)."""
    events = activate(s, p, s.module)
    s.main_done = 1
    need, reserved = iron_need(s, p, op, arg)
    if need:
        lo, hi = iron_range(s.pl[p], need, reserved)
        if hi > lo:
            s.pay_op = op
            s.pay_arg = arg
            s.step = S_PAY
            return events + [{"type": "pay_due", "seat": p,
                              "text": f"Seat {p} is to pay {need} iron for {payment_label(s, op, arg)} "
                                      f"(titanium may stand in)."}]
        s.ti_use = lo
    return events + run_main(s, p, op, arg)


def pay_choice(s: LunaState, p: int, titanium: int) -> list[Event]:
    """The payment step: ``titanium`` of the action's iron is paid with titanium, the rest with iron."""
    op, arg = s.pay_op, s.pay_arg
    s.pay_op = -1
    s.ti_use = titanium
    s.step = S_MODULE
    return run_main(s, p, op, arg)


def run_main(s: LunaState, p: int, op: int, arg: int) -> list[Event]:
    events = MAIN_HANDLERS[op](s, p, arg)
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
    slot = s.tab.probe_slots[len(s.tab.probe_slots) - me[PROBES]]
    me[PROBES] -= 1
    s.grid[space] = p
    me[FE_L] += slot.iron
    me[VP] += slot.vp
    me[WATER] += slot.water
    me[HE3] += slot.he3
    ore = s.tab.mining_spaces[space].ore
    if advanced(s, AIRLOCK) > 0:
        me[TI_L if ore else FE_L] += advanced(s, AIRLOCK)
    events.insert(0, {"type": "probe", "seat": p,
                      "text": f"Seat {p} installs its {slot.name} on {s.tab.mining_spaces[space].name}."})
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
    o = s.tab.orders[oi]
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
        events.append({"type": "reveal", "text": f"Order {s.tab.orders[stack[-1]].name} is turned up."})
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


def research_bonus(s: LunaState, p: int, i: int) -> list[Event]:
    """Research §5.7: the bonus space's reward, gained at once."""
    b = s.tab.research_bonuses[i]
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
        events.extend(food_picks(s, p))
        if s.step == S_FOOD:
            return events
    return events + after_main(s, p)


def run_refining(s: LunaState, p: int, pr: object) -> list[Event]:
    """One refining process (its iron already paid): products, VP, and the iron onto the gauge."""
    me = s.pl[p]
    events: list[Event] = []
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


def extract(s: LunaState, p: int, arg: int) -> list[Event]:
    """Seed §採礦站: every probe you own produces as in production; the conveyor does not move."""
    me = s.pl[p]
    spaces = s.tab.mining_spaces
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
    if arg < 100 and equipment_ready(s, p, RECYCLE):
        # Seed §回收設備 D: the equipment's process may be one of D's two, never a third
        s.compact = 1
    if s.pick_left:
        events.extend(food_picks(s, p))
    return events


def compactor(s: LunaState, p: int, i: int) -> list[Event]:
    """Compactor equipment (STAND_IN): one more recycling process of your level."""
    s.compact = 0
    s.step = S_MODULE
    if i < 0:
        return after_main(s, p)
    events = [use_equipment(s, p)] + run_recycling(s, p, recycling_table(s)[i])
    if s.pick_left:
        events.extend(food_picks(s, p))
        if s.step == S_FOOD:
            return events
    return events + after_main(s, p)


def greenhouse_take(s: LunaState, p: int, arg: int) -> list[Event]:
    """Seed §溫室: take one face-up food card (advanced greenhouse: two)."""
    adv = advanced(s, GREENHOUSE)
    s.pick_left = adv if adv > 0 else 1
    return food_picks(s, p)


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
    return events + food_picks(s, p)


def food_picks(s: LunaState, p: int) -> list[Event]:
    """Seed §溫室: face-up cards are picked one by one (the food step); when the display holds no more
    cards than are to be taken there is nothing to choose and all of them are taken at once."""
    if s.pick_left < len(s.food_row):
        s.step = S_FOOD
        return []
    foods = s.tab.foods
    events: list[Event] = [{"type": "food", "seat": p, "text": f"Seat {p} takes food card {foods[f].name}."}
                           for f in s.food_row]
    s.food[p].extend(s.food_row)
    s.food_row.clear()
    s.pick_left = 0
    return events


def take_food(s: LunaState, p: int, i: int) -> list[Event]:
    """Take one card from the food display (refilled only after the turn)."""
    f = s.food_row.pop(i)
    s.food[p].append(f)
    s.pick_left -= 1
    events: list[Event] = [{"type": "food", "seat": p, "text": f"Seat {p} takes food card {s.tab.foods[f].name}."}]
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
    adv = s.tab.advanced_modules[a]
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
