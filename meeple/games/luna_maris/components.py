"""Luna Maris (月海礦場): the printed components as data tables.

Every value here comes from /work/shared/research/luna_maris.md.  Values that no
source gave are stand-ins, marked ``# STAND_IN`` here and listed in ``STAND_INS``
(and in docs/rules/luna_maris.md).  Rules read these tables through
``state.tables.<name>``, so a component pack can replace any of them.

Module indices (used by every table that names a module):
0 AIRLOCK, 1 MINING, 2 INDUSTRY, 3 RECYCLE, 4 POWER, 5 CARGO, 6 COMM, 7 LAB,
8 GREENHOUSE, 9 HIBERNATION.
"""

from __future__ import annotations

from typing import NamedTuple

from meeple.engine.components import Tables

AIRLOCK, MINING, INDUSTRY, RECYCLE, POWER, CARGO, COMM, LAB, GREENHOUSE, HIBERNATION = range(10)
IRON, TITANIUM = 0, 1


class Module(NamedTuple):
    name: str
    zh: str
    key: str  # the word used in action notation
    neighbours: tuple[int, ...]  # corridors (STAND_IN graph)
    needs_activation: bool  # main action needs the activation space (Power Plant does not)
    icon: bool  # a scientist must show this module's icon (Hibernation: no icon, STAND_IN flag)


MODULES: tuple[Module, ...] = (
    # STAND_IN corridor graph: a 2x5 grid (research §5.2)
    Module("Airlock", "氣閘", "airlock", (MINING, CARGO), True, True),
    Module("Mining station", "採礦站", "mining", (AIRLOCK, INDUSTRY, COMM), True, True),
    Module("Industrial zone", "工業區", "industry", (MINING, RECYCLE, LAB), True, True),
    Module("Recycling plant", "回收設備", "recycling", (INDUSTRY, POWER, GREENHOUSE), True, True),
    Module("Power plant", "發電站", "power", (RECYCLE, HIBERNATION), False, True),
    Module("Cargo dock", "貨運碼頭", "cargo", (AIRLOCK, COMM), True, True),
    Module("Communications room", "通訊室", "comms", (CARGO, LAB, MINING), True, True),
    Module("Laboratory", "實驗室", "lab", (COMM, GREENHOUSE, INDUSTRY), True, True),
    Module("Greenhouse", "溫室", "greenhouse", (LAB, HIBERNATION, RECYCLE), True, True),
    Module("Hibernation room", "休眠間", "hibernation", (GREENHOUSE, POWER), True, False),
)


class MiningSpace(NamedTuple):
    name: str
    row: int
    col: int
    ore: int  # 0 iron (鐵礦), 1 titanium (鈦礦)


_GRID = ("FFTF", "FTFF", "FFFT", "TFFF")  # STAND_IN 4x4 mining area (research §5.6)
MINING_SPACES: tuple[MiningSpace, ...] = tuple(
    MiningSpace(f"r{r}c{c}", r, c, IRON if _GRID[r][c] == "F" else TITANIUM)
    for r in range(4) for c in range(4)
)


class ProbeSlot(NamedTuple):
    """A probe slot on the player board, taken top to bottom; its bonus is gained on install."""

    name: str
    zh: str
    iron: int
    vp: int
    water: int
    he3: int
    waste: int


PROBE_SLOTS: tuple[ProbeSlot, ...] = (
    ProbeSlot("2nd probe", "探測器", 1, 1, 0, 0, 0),
    ProbeSlot("3rd probe", "探測器", 0, 0, 1, 0, 0),
    ProbeSlot("4th probe", "探測器", 0, 0, 0, 1, 1),
)


class Scientist(NamedTuple):
    name: str
    zh: str
    senior: bool
    icons: tuple[int, ...]  # modules this card may use (STAND_IN icons)
    cost: int  # iron to hire (seniors; STAND_IN); 0 for juniors


_J = (
    ("J1", (AIRLOCK, CARGO)), ("J2", (MINING, POWER)), ("J3", (INDUSTRY, GREENHOUSE)),
    ("J4", (LAB, CARGO)), ("J5", (RECYCLE, POWER)), ("J6", (COMM, GREENHOUSE)),
)
# STAND_IN: the 24 level-1 cards are four identical six-card sets (research §7)
JUNIORS: tuple[Scientist, ...] = tuple(
    Scientist(name, "初級科學家", False, icons, 0) for _ in range(4) for name, icons in _J
)

SENIORS: tuple[Scientist, ...] = tuple(  # STAND_IN icons and costs (research §7)
    Scientist(name, "高級科學家", True, icons, cost) for name, icons, cost in (
        ("S01", (AIRLOCK, MINING, INDUSTRY), 3),
        ("S02", (AIRLOCK, CARGO, GREENHOUSE), 3),
        ("S03", (AIRLOCK, LAB, POWER), 3),
        ("S04", (AIRLOCK, RECYCLE, COMM), 2),
        ("S05", (AIRLOCK, INDUSTRY, GREENHOUSE), 3),
        ("S06", (MINING, CARGO, RECYCLE), 3),
        ("S07", (MINING, LAB, GREENHOUSE), 3),
        ("S08", (MINING, POWER, COMM), 2),
        ("S09", (MINING, INDUSTRY, CARGO), 4),
        ("S10", (INDUSTRY, LAB, RECYCLE), 3),
        ("S11", (INDUSTRY, POWER, COMM), 2),
        ("S12", (CARGO, POWER, LAB), 3),
        ("S13", (CARGO, COMM, GREENHOUSE), 3),
        ("S14", (GREENHOUSE, RECYCLE, POWER), 2),
        ("S15", (LAB, COMM, CARGO), 3),
        ("S16", (RECYCLE, GREENHOUSE, INDUSTRY), 4),
    )
)


class Order(NamedTuple):
    """An order (demand) tile: pay the cost, gain the VP."""

    name: str
    zh: str
    kind: int  # the stack it belongs to (index into ORDER_KINDS)
    iron: int
    titanium: int
    water: int
    he3: int
    energy: int
    vp: int


ORDER_KINDS: tuple[str, ...] = ("FE", "TI", "WA", "HE", "EN", "MX")  # STAND_IN six types

ORDERS: tuple[Order, ...] = tuple(  # STAND_IN costs and rewards (research §8)
    Order(name, "訂單", ORDER_KINDS.index(name[:2]), fe, ti, wa, he, en, vp)
    for name, fe, ti, wa, he, en, vp in (
        ("FE1", 3, 0, 0, 0, 0, 4), ("FE2", 2, 1, 0, 0, 0, 4), ("FE3", 4, 0, 0, 0, 0, 5),
        ("FE4", 3, 0, 0, 0, 1, 5), ("FE5", 5, 0, 0, 0, 0, 7),
        ("TI1", 0, 2, 0, 0, 0, 4), ("TI2", 0, 3, 0, 0, 0, 6), ("TI3", 1, 2, 0, 0, 0, 5),
        ("TI4", 0, 2, 0, 0, 2, 6), ("TI5", 0, 4, 0, 0, 0, 8),
        ("WA1", 0, 0, 2, 0, 0, 5), ("WA2", 0, 0, 3, 0, 0, 7), ("WA3", 1, 0, 2, 0, 0, 6),
        ("WA4", 0, 0, 2, 0, 2, 6), ("WA5", 0, 0, 4, 0, 0, 10),
        ("HE1", 0, 0, 0, 1, 0, 4), ("HE2", 0, 0, 0, 2, 0, 8), ("HE3", 0, 0, 1, 1, 0, 6),
        ("HE4", 2, 0, 0, 1, 0, 6), ("HE5", 0, 0, 0, 3, 0, 11),
        # STAND_IN balance (bot play): energy orders cost 1 energy more than research §8 (EN3: 4 VP)
        ("EN1", 0, 0, 0, 0, 4, 3), ("EN2", 0, 0, 0, 0, 5, 4), ("EN3", 0, 0, 1, 0, 3, 4),
        ("EN4", 2, 0, 0, 0, 2, 4), ("EN5", 0, 0, 0, 0, 6, 6),
        ("MX1", 1, 0, 1, 1, 0, 8), ("MX2", 0, 1, 1, 0, 1, 5), ("MX3", 2, 1, 1, 0, 0, 6),
        ("MX4", 0, 1, 0, 1, 2, 7), ("MX5", 1, 1, 1, 1, 0, 9),
    )
)


class Food(NamedTuple):
    """A food card: its kind (for diversity), value (scientists fed) and extra reward."""

    name: str
    zh: str
    kind: int  # index into FOOD_KINDS
    value: int
    extra: str  # "", "vp", "water", "energy", "stress", "iron" or "co2"
    four_players: bool  # removed with 3 or fewer players


FOOD_KINDS: tuple[str, ...] = ("potato", "lettuce", "tomato", "soy", "wheat", "algae")  # STAND_IN
_FOOD_EXTRA = ("vp", "water", "energy", "stress", "iron", "co2")  # STAND_IN value-1 card rewards

FOODS: tuple[Food, ...] = tuple(  # STAND_IN 6 kinds x 6 cards (research §9)
    Food(f"{FOOD_KINDS[k]} {v}" + (f" +{_FOOD_EXTRA[k]}" if v == 1 else ""), "糧食牌", k, v,
         _FOOD_EXTRA[k] if v == 1 else "", i == 2)
    for k in range(6) for i, v in enumerate((1, 2, 2, 3, 3, 4))
)


class AdvancedModule(NamedTuple):
    """An advanced module tile: laid over its basic module; ``amount`` is the number it changes."""

    name: str
    zh: str
    module: int
    amount: int
    effect: str


ADVANCED_MODULES: tuple[AdvancedModule, ...] = (
    AdvancedModule("Advanced recycling", "進階模組", RECYCLE, 0,
                   "use the advanced sustainability processes A1/A2/B/C/D"),
    AdvancedModule("Advanced airlock", "進階模組", AIRLOCK, 1,  # STAND_IN
                   "installing a probe also yields 1 ore of its space at once"),
    AdvancedModule("Advanced comms", "進階模組", COMM, 1,  # STAND_IN
                   "hiring costs 1 iron less (at least 1)"),
    AdvancedModule("Advanced cargo dock", "進階模組", CARGO, 1,  # STAND_IN
                   "+1 VP per delivered order"),
    AdvancedModule("Advanced industry", "進階模組", INDUSTRY, 3,  # STAND_IN
                   "the CO2 extra action may spend up to 3 energy"),
    AdvancedModule("Advanced mining", "進階模組", MINING, 3,  # STAND_IN
                   "concentrating gives 3 titanium"),
    AdvancedModule("Advanced power plant", "進階模組", POWER, 3,  # STAND_IN
                   "burning iron gives 3 energy"),
    AdvancedModule("Advanced greenhouse", "進階模組", GREENHOUSE, 2,  # STAND_IN
                   "taking food takes 2 cards"),
)


class Equipment(NamedTuple):
    """A special equipment tile: changes one module's action once per round."""

    name: str
    zh: str
    module: int
    effect: str


EQUIPMENT: tuple[Equipment, ...] = (  # STAND_IN effects (research §10)
    Equipment("Drill", "特殊設備", MINING, "concentrating gives 1 more titanium"),
    Equipment("Suit", "特殊設備", AIRLOCK, "the Airlock action does not raise stress"),
    Equipment("Relay", "特殊設備", COMM, "hiring costs 1 iron less (at least 0)"),
    Equipment("Freight", "特殊設備", CARGO, "after delivering, gain 1 energy and 1 VP"),
    Equipment("Filter", "特殊設備", INDUSTRY, "the first CO2 step of the extra action is free"),
    Equipment("Compactor", "特殊設備", RECYCLE, "run one more process of your level"),
    Equipment("Hydroponics", "特殊設備", GREENHOUSE, "taking 3 food costs no water"),
)


class Process(NamedTuple):
    """A refining (提煉) or recycling (回收) process printed on a research track."""

    name: str
    zh: str
    level: int
    iron_to_waste: int  # iron paid onto the waste gauge
    supply_iron_to_waste: int  # extra iron from the supply onto the waste gauge
    water_cost: int
    waste_removed: int
    waste_to_conveyor: int
    water: int
    he3: int
    energy: int
    titanium: int
    food: int
    vp: int


REFINING: tuple[Process, ...] = (
    Process("A1", "提煉", 1, 1, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1),
    Process("A2", "提煉", 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1),
    Process("B", "提煉", 2, 1, 1, 0, 0, 0, 2, 0, 0, 0, 0, 1),
    Process("C", "提煉", 3, 2, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1),
)

RECYCLING: tuple[Process, ...] = (
    Process("A", "永續發展", 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0),
    Process("B", "永續發展", 2, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0),
    Process("C", "永續發展", 3, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0),
)

ADV_RECYCLING: tuple[Process, ...] = (
    Process("A1", "永續發展", 1, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0),
    Process("A2", "永續發展", 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0),
    Process("B", "永續發展", 2, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0),
    Process("C", "永續發展", 3, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0),
)


class ResearchBonus(NamedTuple):
    """A bonus space above a research track, claimed the first time a player researches past 4."""

    name: str
    zh: str
    track: int  # 0 refining, 1 sustainability
    titanium: int
    he3: int
    co2_down: int
    waste_removed: int
    food: int
    stress_down: int


RESEARCH_BONUSES: tuple[ResearchBonus, ...] = (  # STAND_IN (research §5.7)
    ResearchBonus("titanium", "獎勵", 0, 2, 0, 0, 0, 0, 0),
    ResearchBonus("helium", "獎勵", 0, 0, 1, 0, 0, 0, 0),
    ResearchBonus("co2", "獎勵", 0, 0, 0, 1, 0, 0, 0),
    ResearchBonus("waste", "獎勵", 1, 0, 0, 0, 2, 0, 0),
    ResearchBonus("food", "獎勵", 1, 0, 0, 0, 0, 1, 0),
    ResearchBonus("rest", "獎勵", 1, 0, 0, 0, 0, 0, 1),
)


class AiCard(NamedTuple):
    """A solo AI card (seed none; research S-ZR: A-F basic, G-L advanced, one card a round holding
    every AI action of that round).  ``steps`` are the AI's actions in order, one per AI turn
    (``AI_STEPS`` names them); ``args`` the argument of each (an order kind for ``order``, a research
    track for ``research``, else -1).  The cards' printed actions were not found: STAND_IN."""

    name: str
    zh: str
    level: int  # 0 basic (A-F), 1 advanced (G-L)
    steps: tuple[int, ...]
    args: tuple[int, ...]


AI_STEPS: tuple[str, ...] = ("probe", "order", "hire", "food", "research", "build", "co2", "mine", "power",
                             "recycle")
"""The AI's action kinds (STAND_IN, one per module it visits; ``AI_STEP_MODULE``)."""
AI_PROBE, AI_ORDER, AI_HIRE, AI_FOOD, AI_RESEARCH, AI_BUILD, AI_CO2, AI_MINE, AI_POWER, AI_RECYCLE = range(10)
AI_STEP_MODULE: tuple[int, ...] = (AIRLOCK, CARGO, COMM, GREENHOUSE, LAB, LAB, INDUSTRY, MINING, POWER, RECYCLE)
"""The module each AI action kind moves the AI's disc to."""
_FE, _TI, _WA, _HE, _EN, _MX = range(6)  # order kinds (ORDER_KINDS)


def _ai(name: str, level: int, *steps: tuple[int, int]) -> AiCard:
    return AiCard(name, "AI卡", level, tuple(k for k, _ in steps), tuple(a for _, a in steps))


_N = -1
AI_CARDS: tuple[AiCard, ...] = (  # STAND_IN: the twelve cards' actions were not found (research, solo)
    _ai("A", 0, (AI_PROBE, _N), (AI_ORDER, _FE), (AI_POWER, _N), (AI_RECYCLE, _N)),
    _ai("B", 0, (AI_CO2, _N), (AI_FOOD, _N), (AI_MINE, _N), (AI_POWER, _N)),
    _ai("C", 0, (AI_PROBE, _N), (AI_RESEARCH, 0), (AI_ORDER, _EN), (AI_RECYCLE, _N)),
    _ai("D", 0, (AI_POWER, _N), (AI_MINE, _N), (AI_FOOD, _N), (AI_RECYCLE, _N)),
    _ai("E", 0, (AI_PROBE, _N), (AI_ORDER, _HE), (AI_RESEARCH, 1), (AI_POWER, _N)),
    _ai("F", 0, (AI_FOOD, _N), (AI_RECYCLE, _N), (AI_MINE, _N), (AI_CO2, _N)),
    _ai("G", 1, (AI_PROBE, _N), (AI_ORDER, _FE), (AI_BUILD, _N), (AI_FOOD, _N), (AI_CO2, _N)),
    _ai("H", 1, (AI_HIRE, _N), (AI_ORDER, _WA), (AI_RESEARCH, 0), (AI_POWER, _N), (AI_MINE, _N)),
    _ai("I", 1, (AI_PROBE, _N), (AI_ORDER, _TI), (AI_HIRE, _N), (AI_CO2, _N), (AI_POWER, _N)),
    _ai("J", 1, (AI_BUILD, _N), (AI_FOOD, _N), (AI_RESEARCH, 1), (AI_RECYCLE, _N), (AI_MINE, _N)),
    _ai("K", 1, (AI_ORDER, _EN), (AI_PROBE, _N), (AI_HIRE, _N), (AI_CO2, _N), (AI_POWER, _N)),
    _ai("L", 1, (AI_ORDER, _MX), (AI_BUILD, _N), (AI_FOOD, _N), (AI_RESEARCH, 0), (AI_CO2, _N)),
)


class Board(NamedTuple):
    """Numbers printed on the main board and the player boards."""

    name: str
    zh: str
    rounds: int
    start_vp: int
    o2_max: int  # top of the O2 track
    stress_start: int  # the O2 cap the stress marker starts under
    stress_min_cap: int  # the O2 cap at maximum stress
    stress_max_cap: int  # the O2 cap at minimum stress
    energy_cap: int
    solar_energy: int
    day_rounds: tuple[int, ...]
    start_energy: int
    start_water: int
    start_iron: int
    start_waste: int
    waste_spaces: int
    waste_co2: tuple[int, ...]  # gauge spaces (1-based) whose cube raises CO2
    waste_stress: tuple[int, ...]  # gauge spaces whose cube raises stress
    co2_vp: tuple[int, ...]  # CO2 track, worst end first
    co2_start: int
    build_vp: tuple[int, ...]
    max_builds: int
    build_cost_titanium: int
    build_cost_energy: int
    pass_energy: tuple[int, ...]  # pass track reward by passing order
    pass_iron: tuple[int, ...]
    research_max: int
    research_top_vp: int
    probe_group_vp: tuple[int, ...]  # by largest adjacent group size 0..4
    credits_2p: tuple[int, ...]
    credits_3p: tuple[int, ...]
    credits_4p: tuple[int, ...]
    emergency_vp: tuple[int, ...]  # energy, iron, water
    feed_without_food_vp: int
    stress_final_vp: tuple[int, ...]  # by O2 cap 0..8
    senior_vp: int
    food_rank_vp: tuple[int, ...]
    orders_vp: tuple[int, ...]  # by orders delivered 0..4+
    hire_row: int
    food_row: int
    advanced_offered: int


BOARD: tuple[Board, ...] = (
    Board(
        name="Luna Maris", zh="月海礦場", rounds=5, start_vp=5,
        o2_max=8,  # STAND_IN
        stress_start=6, stress_min_cap=3, stress_max_cap=8,  # STAND_IN range 3-8
        energy_cap=6, solar_energy=3, day_rounds=(3, 5),
        start_energy=3, start_water=2, start_iron=1, start_waste=1,
        waste_spaces=10, waste_co2=(8, 10), waste_stress=(9, 10),  # STAND_IN gauge
        co2_vp=(-5, -2, 0, 2, 4, 6, 8), co2_start=2,  # STAND_IN start
        build_vp=(4, 3, 2, 1), max_builds=4,  # STAND_IN values
        build_cost_titanium=2, build_cost_energy=1,
        pass_energy=(2, 1, 0, 0), pass_iron=(0, 0, 1, 0),  # STAND_IN rewards
        research_max=4, research_top_vp=5,
        probe_group_vp=(0, 0, 1, 2, 3),
        credits_2p=(1, -1), credits_3p=(1, 0, -1), credits_4p=(2, 1, 0, -1),
        emergency_vp=(3, 3, 4), feed_without_food_vp=2,
        stress_final_vp=(0, 0, 0, 0, 0, 0, 0, 2, 5),
        senior_vp=2, food_rank_vp=(8, 5, 2), orders_vp=(-5, 0, 3, 5, 8),
        hire_row=3, food_row=3, advanced_offered=5,
    ),
)

TABLES: dict[str, tuple] = {
    "modules": MODULES,
    "mining_spaces": MINING_SPACES,
    "probe_slots": PROBE_SLOTS,
    "juniors": JUNIORS,
    "seniors": SENIORS,
    "orders": ORDERS,
    "foods": FOODS,
    "advanced_modules": ADVANCED_MODULES,
    "equipment": EQUIPMENT,
    "refining": REFINING,
    "recycling": RECYCLING,
    "adv_recycling": ADV_RECYCLING,
    "research_bonuses": RESEARCH_BONUSES,
    "board": BOARD,
    "ai_cards": AI_CARDS,
}

STAND_INS: tuple[str, ...] = (
    "modules[*].neighbours: STAND_IN corridor graph, a 2x5 grid (airlock-mining-industry-recycling-power"
    " over cargo-comms-lab-greenhouse-hibernation)",
    "modules[hibernation].icon: STAND_IN false (any scientist may rest)",
    "mining_spaces: STAND_IN 4x4 grid, 12 iron and 4 titanium spaces (titanium at r0c2 r1c1 r2c3 r3c0)",
    "juniors[*].icons: STAND_IN four identical sets J1 airlock+cargo, J2 mining+power, J3 industry+greenhouse,"
    " J4 lab+cargo, J5 recycling+power, J6 comms+greenhouse",
    "seniors[*].icons and cost: STAND_IN S01-S16 (research §7)",
    "orders: STAND_IN six kinds FE/TI/WA/HE/EN/MX x 5 tiles, costs and VP per research §8",
    "orders EN1/EN2/EN5: STAND_IN 4/5/6 energy (research: 3/4/5), EN3: STAND_IN 4 VP (research: 5);"
    " balanced by bot play, energy orders were 60% of all deliveries",
    "foods: STAND_IN six kinds x values 1,2,2,3,3,4; the value-1 card has an extra reward; one value-2 card"
    " per kind is 4-player only",
    "advanced_modules[1..7]: STAND_IN effects and amounts (only advanced recycling is sourced)",
    "equipment[*]: STAND_IN effects of all seven tiles",
    "research_bonuses: STAND_IN refining: 2 titanium / 1 He-3 / CO2 -1; sustainability: remove 2 waste /"
    " 1 food card / stress -1",
    "board.o2_max: STAND_IN 8",
    "board.stress_min_cap/stress_max_cap: STAND_IN stress marker positions 3-8",
    "board.waste_spaces: STAND_IN 10; waste_co2 (8, 10), waste_stress (9, 10): STAND_IN penalties",
    "board.co2_start: STAND_IN index 2 (the 0 VP space)",
    "board.build_vp: STAND_IN 4/3/2/1",
    "board.pass_energy/pass_iron: STAND_IN 1st 2 energy, 2nd 1 energy, 3rd 1 iron, 4th nothing",
    "research start level: STAND_IN 1 on both tracks",
    "ai_cards: STAND_IN the twelve solo AI cards A-L (the printed actions were not found): each a list of"
    " AI actions, one per AI turn (docs/rules/luna_maris.md, Solo)",
    "solo AI rules: STAND_IN what each AI action does, its fallback (1 VP), its first probe (a random empty iron"
    " space), its disc's start (the other revealed start module), no production, no pass reward",
)


_DEFAULT = Tables(TABLES)


def default_tables() -> Tables:
    """The shipped tables (one shared immutable instance)."""
    return _DEFAULT


# Ranges and cross-field rules a component pack must keep: data, checked by the engine when a pack
# is loaded (meeple.engine.components.FieldLimit: a pair is an inclusive range, a str a reference).
_AMOUNT = (0, 20)
_VP = (0, 99)
_PROCESS: dict[str, object] = {
    "level": (1, 4), "iron_to_waste": _AMOUNT, "supply_iron_to_waste": _AMOUNT, "water_cost": _AMOUNT,
    "waste_removed": _AMOUNT, "waste_to_conveyor": _AMOUNT, "water": _AMOUNT, "he3": _AMOUNT,
    "energy": _AMOUNT, "titanium": _AMOUNT, "food": _AMOUNT, "vp": _VP,
}
_SCIENTIST: dict[str, object] = {"name": {"len": (1, 40)}, "icons": {"ref": "modules", "len": (1, 10)}, "cost": _AMOUNT}
LIMITS: dict[str, dict[str, object]] = {
    "modules": {"name": {"len": (1, 40), "unique": True}, "key": {"len": (1, 20), "unique": True},
                "neighbours": {"ref": "modules", "len": (0, 9)}},
    "mining_spaces": {"row": (0, 9), "col": (0, 9), "ore": (0, 1)},
    "probe_slots": {"iron": _AMOUNT, "vp": _VP, "water": _AMOUNT, "he3": _AMOUNT, "waste": _AMOUNT},
    "juniors": _SCIENTIST,
    "seniors": {**_SCIENTIST, "name": {"len": (1, 40), "unique": True}},
    "orders": {"name": {"len": (1, 40), "unique": True}, "kind": (0, 5), "iron": _AMOUNT,
               "titanium": _AMOUNT, "water": _AMOUNT, "he3": _AMOUNT, "energy": _AMOUNT, "vp": _VP},
    "foods": {"kind": (0, 5), "value": (1, 10),
              "extra": {"choices": ("", "vp", "water", "energy", "stress", "iron", "co2")}},
    "advanced_modules": {"module": {"ref": "modules", "unique": True}, "amount": (0, 10)},
    "equipment": {"module": "modules"},
    "refining": _PROCESS,
    "recycling": _PROCESS,
    "adv_recycling": _PROCESS,
    "research_bonuses": {"track": (0, 1), "titanium": _AMOUNT, "he3": _AMOUNT, "co2_down": _AMOUNT,
                         "waste_removed": _AMOUNT, "food": _AMOUNT, "stress_down": _AMOUNT},
    "ai_cards": {"name": {"len": (1, 40), "unique": True}, "level": (0, 1),
                 "steps": {"range": (0, len(AI_STEPS) - 1), "len": (1, 12)},
                 "args": {"range": (-1, 5), "same_len": "steps"}},
    "board": {
        "rounds": (1, 10), "start_vp": _VP, "o2_max": (1, 20),
        "stress_start": {"range": (0, 20), "le": "stress_max_cap"},
        "stress_min_cap": {"range": (0, 20), "le": "stress_max_cap"},
        "stress_max_cap": {"range": (0, 20), "le": "o2_max"},
        "energy_cap": (1, 20), "solar_energy": _AMOUNT, "day_rounds": {"range": (1, 10), "len": (0, 10)},
        "start_energy": _AMOUNT, "start_water": _AMOUNT, "start_iron": _AMOUNT, "start_waste": _AMOUNT,
        "waste_spaces": (1, 30), "waste_co2": {"range": (1, 30), "len": (0, 30)},
        "waste_stress": {"range": (1, 30), "len": (0, 30)},
        "co2_vp": {"range": (-99, 99), "len": (1, 20)}, "co2_start": (0, 19),
        "build_vp": {"range": _VP, "len": (1, 10)}, "max_builds": (0, 10),
        "build_cost_titanium": _AMOUNT, "build_cost_energy": _AMOUNT,
        "pass_energy": {"range": _AMOUNT, "len": (4, None)}, "pass_iron": {"range": _AMOUNT, "len": (4, None)},
        "research_max": (1, 10), "research_top_vp": _VP,
        "probe_group_vp": {"range": _VP, "len": (1, 20)},
        "credits_2p": {"range": (-99, 99), "len": (2, 2)}, "credits_3p": {"range": (-99, 99), "len": (3, 3)},
        "credits_4p": {"range": (-99, 99), "len": (4, 4)}, "emergency_vp": {"range": _VP, "len": (3, 3)},
        "feed_without_food_vp": _VP, "stress_final_vp": {"range": _VP, "len": (1, 21)}, "senior_vp": _VP,
        "food_rank_vp": {"range": _VP, "len": (1, 4)}, "orders_vp": {"range": (-99, 99), "len": (1, 20)},
        "hire_row": (1, 16), "food_row": (1, 36), "advanced_offered": (0, 8),
    },
}
