"""Messina 1347: printed components as data tables.

Every value that no public source gave is our own design (research notes,
../shared/research/messina.md) and is marked ``# STAND_IN`` here and listed in
``STAND_INS``.  Rules read these tables through ``state.tables.<name>`` so a
component pack can replace them.

Codes used across the tables:

* citizen classes: 0 craftsman, 1 aristocrat, 2 nun
* colours: 0 red, 1 yellow, 2 green, 3 blue; rats: 0 r1, 1 r2, 2 r3
* an effect is an index into ``effects``; a hex action lists alternative effects
* register rewards: see the ``R_*`` constants below
"""

from __future__ import annotations

from typing import NamedTuple

CLASSES = ("craftsman", "aristocrat", "nun")
CLASS_LETTER = ("C", "A", "N")
COLOURS = ("red", "yellow", "green", "blue")
RATS = ("r1", "r2", "r3")
CARGOS = ("spices", "cloth", "gems")

# register reward codes
R_NONE = 0
R_CITY_OR_CHURCH = 1
R_LIGHTNING = 2
R_LIEUTENANT = 3
R_ACTIVATE = 4
R_OVERSEER_UPGRADE = 5
R_OVERSEER_UPGRADE_ADVANCE = 6
REWARD_NAMES = ("none", "advance city or church", "lightning", "new lieutenant",
                "activate a citizen", "upgrade an overseer", "upgrade and advance an overseer")


class Effect(NamedTuple):
    """What a hex action, estate slot, workshop or cabin improvement gives."""

    name: str
    zh: str
    coins: int = 0
    wood: int = 0
    fire: int = 0
    major: int = 0
    vp: int = 0
    city: int = 0
    church: int = 0
    scroll: int = 0        # scroll-cube steps (the owner picks the track per step)
    upgrade: int = 0       # citizens to upgrade
    build: int = 0         # 1: one build action
    overseer: int = -1     # -1 none, 0..2 that class's overseer, 3 any overseer
    arrow: bool = False    # the overseer may take one extra step


EFFECTS: tuple[Effect, ...] = (
    Effect("2 wood", "木材", wood=2),                                   # 0
    Effect("2 coins", "金幣", coins=2),                                 # 1
    Effect("1 fire", "火焰", fire=1),                                   # 2
    Effect("1 major fire", "大火", major=1),                            # 3
    Effect("build", "建造", build=1),                                   # 4
    Effect("advance nun overseer", "推進監工", overseer=2),             # 5
    Effect("advance craftsman overseer", "推進監工", overseer=0),       # 6
    Effect("advance aristocrat overseer", "推進監工", overseer=1),      # 7
    Effect("advance scroll", "推進卷軸版", scroll=1),                   # 8
    Effect("city +1", "推進城市軌", city=1),                            # 9
    Effect("church +1", "推進教堂軌", church=1),                        # 10
    Effect("upgrade citizen", "升級市民", upgrade=1),                   # 11
    Effect("advance any overseer (arrow)", "推進監工", overseer=3, arrow=True),  # 12
    Effect("1 wood and 1 fire", "木材／火焰", wood=1, fire=1),          # 13
    Effect("3 coins", "金幣", coins=3),                                 # 14
    Effect("2 fire", "火焰", fire=2),                                   # 15
    Effect("1 wood", "木材", wood=1),                                   # 16
    Effect("1 wood and 1 coin", "木材／金幣", wood=1, coins=1),         # 17
    Effect("1 fire and 1 coin", "火焰／金幣", fire=1, coins=1),         # 18
    Effect("1 coin and 1 VP", "金幣／分數", coins=1, vp=1),             # 19
    Effect("4 coins", "金幣", coins=4),                                 # 20
    Effect("3 wood", "木材", wood=3),                                   # 21
    Effect("advance scroll twice", "推進卷軸版", scroll=2),             # 22
    Effect("5 coins", "金幣", coins=5),                                 # 23
    Effect("city +2", "推進城市軌", city=2),                            # 24
    Effect("church +2", "推進教堂軌", church=2),                        # 25
    Effect("1 major fire and 2 VP", "大火／分數", major=1, vp=2),       # 26
    Effect("5 VP", "分數", vp=5),                                       # 27
    Effect("6 VP", "分數", vp=6),                                       # 28
    Effect("7 VP", "分數", vp=7),                                       # 29
    Effect("8 VP", "分數", vp=8),                                       # 30
)


class Hex(NamedTuple):
    """A district hex: action (top left), repopulation cost (top), VP, rat and colour (bottom)."""

    name: str
    zh: str
    cls: str                 # "A", "B" or "C"
    min_players: int         # the player-count mark on A hexes
    rat: int
    colour: int
    actions: tuple[int, ...]  # alternative effects (the owner picks one)
    cost_coins: int
    cost_wood: int
    cost_citizens: tuple[int, ...]  # ordinary citizens by class (C, A, N)
    cost_upgraded: tuple[int, ...]  # upgraded citizens by class (C, A, N)
    cost_any_upgraded: int
    cost_lieutenant: int
    vp: int


def _h(name: str, cls: str, mp: int, rat: int, col: int, actions: tuple[int, ...], coins: int, wood: int,
       cit: tuple[int, int, int], upg: tuple[int, int, int], anyu: int, lt: int, vp: int) -> Hex:
    return Hex(name, "城市板塊", cls, mp, rat, col, actions, coins, wood, cit, upg, anyu, lt, vp)


# STAND_IN: every hex's action, cost, VP, player mark, rat and colour (research §3.2); the A hexes'
# VP are the research's +1 (4/6/7 instead of 3/5/6), balanced by bot play (docs/rules/messina.md)
HEXES: tuple[Hex, ...] = (
    _h("A01", "A", 1, 0, 0, (0,), 2, 0, (1, 0, 0), (0, 0, 0), 0, 0, 4),
    _h("A02", "A", 1, 1, 1, (1,), 0, 1, (0, 0, 1), (0, 0, 0), 0, 0, 4),
    _h("A03", "A", 1, 2, 2, (2,), 1, 0, (0, 1, 0), (0, 0, 0), 0, 0, 4),
    _h("A04", "A", 1, 0, 3, (2, 1), 0, 2, (1, 0, 1), (0, 0, 0), 0, 0, 6),
    _h("A05", "A", 1, 1, 0, (4,), 2, 0, (1, 1, 0), (0, 0, 0), 0, 0, 6),
    _h("A06", "A", 1, 2, 1, (5,), 1, 1, (0, 0, 2), (0, 0, 0), 0, 0, 6),
    _h("A07", "A", 1, 0, 2, (6,), 0, 2, (2, 0, 0), (0, 0, 0), 0, 0, 6),
    _h("A08", "A", 1, 1, 3, (7,), 2, 0, (0, 2, 0), (0, 0, 0), 0, 0, 6),
    _h("A09", "A", 1, 2, 0, (8,), 1, 1, (1, 1, 0), (0, 0, 0), 0, 0, 6),
    _h("A10", "A", 3, 0, 1, (9,), 3, 0, (0, 0, 0), (0, 0, 1), 0, 0, 7),
    _h("A11", "A", 3, 1, 2, (11,), 0, 2, (0, 0, 0), (1, 0, 0), 0, 0, 7),
    _h("A12", "A", 4, 2, 3, (3,), 0, 3, (0, 1, 1), (0, 0, 0), 0, 0, 7),
    _h("A13", "A", 4, 0, 0, (10,), 2, 1, (0, 0, 0), (0, 1, 0), 0, 0, 7),
    _h("B1", "B", 1, 1, 1, (12,), 2, 2, (1, 0, 0), (0, 0, 0), 1, 0, 8),
    _h("B2", "B", 1, 2, 2, (4,), 3, 0, (1, 1, 1), (0, 0, 0), 0, 0, 8),
    _h("C1", "C", 1, 0, 3, (13,), 0, 2, (1, 0, 0), (1, 0, 0), 0, 1, 12),
    _h("C2", "C", 1, 1, 0, (9, 10), 3, 0, (0, 0, 1), (0, 0, 1), 0, 0, 10),
    _h("C3", "C", 1, 2, 1, (14,), 0, 2, (0, 1, 0), (0, 1, 0), 0, 0, 10),
    _h("C4", "C", 1, 0, 2, (11, 8), 2, 2, (1, 1, 1), (0, 0, 0), 0, 0, 11),
    _h("C5", "C", 1, 1, 3, (3, 15), 4, 0, (0, 0, 0), (0, 1, 1), 0, 1, 14),
)


class Harbour(NamedTuple):
    """A harbour hex at a corner of the city, with its docks one step beyond."""

    name: str
    zh: str
    docks_name: str
    docks_zh: str
    berths: int   # ships its docks hold


# STAND_IN: harbour hexes have no action; each docks holds 2 ships (research §3.2, §5.1)
HARBOURS: tuple[Harbour, ...] = tuple(
    Harbour(f"H{i}", "碼頭", f"D{i}", "港口", 2) for i in range(1, 5)
)


class LayoutCell(NamedTuple):
    """One cell of the starting city for a player count (odd-r offset coordinates)."""

    name: str
    zh: str
    players: int
    kind: str      # "district" or "harbour"
    col: int
    row: int


def _layout() -> tuple[LayoutCell, ...]:
    rows2 = [(1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (1, 2), (2, 2), (0, 3), (1, 3)]
    rows3 = [(1, 0), (2, 0), (3, 0), (0, 1), (1, 1), (2, 1), (0, 2), (1, 2), (2, 2), (0, 3), (1, 3), (2, 3)]
    rows4 = [(1, 0), (2, 0), (3, 0), (0, 1), (1, 1), (2, 1), (3, 1), (0, 2), (1, 2), (2, 2), (3, 2),
             (0, 3), (1, 3), (2, 3)]
    out: list[LayoutCell] = []
    for players, rows in ((2, rows2), (3, rows3), (4, rows4)):
        for col, row in rows:
            out.append(LayoutCell(f"{players}p district {col},{row}", "城市板塊", players, "district", col, row))
        r0 = [c for c, r in rows if r == 0]
        r3 = [c for c, r in rows if r == 3]
        # harbours NW, NE, SE, SW (clockwise from the top left)
        for col, row in ((min(r0) - 1, 0), (max(r0) + 1, 0), (max(r3) + 1, 3), (min(r3) - 1, 3)):
            out.append(LayoutCell(f"{players}p harbour {col},{row}", "碼頭", players, "harbour", col, row))
    return tuple(out)


# STAND_IN: start-city shapes per player count (research §3.3)
LAYOUT: tuple[LayoutCell, ...] = _layout()


class WheelSegment(NamedTuple):
    """One segment of the population wheel: its rat and the colour beside each class."""

    name: str
    zh: str
    rat: int
    colours: tuple[int, ...]  # colour for craftsman, aristocrat, nun


# STAND_IN: eight segments (research §4.2; reordered to craftsman, aristocrat, nun)
WHEEL: tuple[WheelSegment, ...] = (
    WheelSegment("segment 1", "人群轉盤", 0, (1, 2, 0)),
    WheelSegment("segment 2", "人群轉盤", 1, (0, 1, 3)),
    WheelSegment("segment 3", "人群轉盤", 2, (3, 0, 2)),
    WheelSegment("segment 4", "人群轉盤", 0, (2, 3, 1)),
    WheelSegment("segment 5", "人群轉盤", 1, (1, 3, 2)),
    WheelSegment("segment 6", "人群轉盤", 0, (3, 0, 1)),
    WheelSegment("segment 7", "人群轉盤", 1, (2, 1, 0)),
    WheelSegment("segment 8", "人群轉盤", 2, (0, 2, 3)),
)


class Ship(NamedTuple):
    """A ship tile: back number (stack order), cargo and the coins taken with it."""

    name: str
    zh: str
    back: int
    cargo: str    # spices, cloth or gems
    coins: int


# STAND_IN: ship coin values (research §5.1)
SHIPS: tuple[Ship, ...] = tuple(
    Ship(f"ship {roman}-{cargo}", "船隻", back, cargo, coins)
    for back, roman, base in ((1, "I", 2), (2, "II", 3), (3, "III", 4))
    for cargo, coins in (("spices", base), ("cloth", base), ("gems", base + 1))
)


class CabinImprovement(NamedTuple):
    """A quarantine cabin improvement: cost, and what it yields each round while occupied."""

    name: str
    zh: str
    stack: int
    cost_coins: int
    cost_wood: int
    effect: int


_CABIN_KINDS = (("Q-a", 2, 0, 16), ("Q-b", 1, 1, 1), ("Q-c", 0, 2, 2), ("Q-d", 3, 0, 19), ("Q-e", 1, 2, 17))
# STAND_IN: five kinds of improvement, one of each per stack (research §5.3)
CABINS: tuple[CabinImprovement, ...] = tuple(
    CabinImprovement(f"{kind}{stack + 1}", "隔離室板塊", stack, coins, wood, eff)
    for stack in range(3) for kind, coins, wood, eff in _CABIN_KINDS
)


class Workshop(NamedTuple):
    """A workshop: phase I produces each round (∞), phase II pays once (lightning)."""

    name: str
    zh: str
    phase: int
    cls: int
    cost_coins: int
    cost_wood: int
    needs_upgraded: bool
    effect: int


def _w(name: str, phase: int, cls: int, coins: int, wood: int, upg: bool, eff: int) -> Workshop:
    return Workshop(name, "工房", phase, cls, coins, wood, upg, eff)


# STAND_IN: every workshop's cost, output and requirement; the 18/15 phase split (research §5.4)
WORKSHOPS: tuple[Workshop, ...] = (
    _w("WI-C1", 1, 0, 2, 0, False, 16), _w("WI-C2", 1, 0, 1, 1, False, 1),
    _w("WI-C3", 1, 0, 0, 2, False, 17), _w("WI-C4", 1, 0, 3, 0, False, 2),
    _w("WI-C5", 1, 0, 1, 2, True, 0), _w("WI-C6", 1, 0, 3, 1, True, 3),
    _w("WI-A1", 1, 1, 0, 2, False, 1), _w("WI-A2", 1, 1, 2, 1, False, 14),
    _w("WI-A3", 1, 1, 3, 0, False, 9), _w("WI-A4", 1, 1, 1, 2, False, 19),
    _w("WI-A5", 1, 1, 0, 3, True, 8), _w("WI-A6", 1, 1, 4, 0, True, 20),
    _w("WI-N1", 1, 2, 2, 0, False, 2), _w("WI-N2", 1, 2, 1, 1, False, 2),
    _w("WI-N3", 1, 2, 0, 2, False, 10), _w("WI-N4", 1, 2, 3, 0, False, 18),
    _w("WI-N5", 1, 2, 1, 2, True, 15), _w("WI-N6", 1, 2, 3, 1, True, 3),
    _w("WII-C1", 2, 0, 2, 0, False, 21), _w("WII-C2", 2, 0, 2, 1, False, 27),
    _w("WII-C3", 2, 0, 3, 0, False, 15), _w("WII-C4", 2, 0, 0, 2, True, 29),
    _w("WII-C5", 2, 0, 1, 2, False, 22),
    _w("WII-A1", 2, 1, 0, 2, False, 23), _w("WII-A2", 2, 1, 3, 0, False, 24),
    _w("WII-A3", 2, 1, 2, 1, False, 28), _w("WII-A4", 2, 1, 0, 3, True, 30),
    _w("WII-A5", 2, 1, 2, 1, False, 26),
    _w("WII-N1", 2, 2, 2, 0, False, 15), _w("WII-N2", 2, 2, 0, 2, False, 25),
    _w("WII-N3", 2, 2, 2, 1, False, 28), _w("WII-N4", 2, 2, 3, 0, True, 30),
    _w("WII-N5", 2, 2, 1, 2, False, 26),
)


class Wagon(NamedTuple):
    """A wagon: cost and the VP scored when built; repopulating exhausts one for the round."""

    name: str
    zh: str
    number: int
    cost_coins: int
    cost_wood: int
    vp: int


_WAGON_VALUES = ((1, 1, 1, 1), (2, 0, 2, 2), (3, 1, 2, 3), (4, 0, 3, 4), (5, 2, 3, 6))
# STAND_IN: wagon costs and VP (research §5.5); two copies of each number
WAGONS: tuple[Wagon, ...] = tuple(
    Wagon(f"wagon {n}{'ab'[copy]}", "車廂", n, coins, wood, vp)
    for copy in range(2) for n, coins, wood, vp in _WAGON_VALUES
)


class RegisterSpace(NamedTuple):
    """One space of a register (popularity, city, church): reward on reaching it, end VP."""

    name: str
    track: str
    zh: str
    space: int
    reward: int
    vp: int


_POP = ((0, 0), (0, 1), (1, 2), (0, 3), (2, 4), (0, 5), (1, 6), (0, 7), (2, 9), (0, 10), (1, 11), (0, 13),
        (2, 15), (0, 17), (1, 19), (0, 21), (0, 24))
_CITY_VP = (0, 0, 1, 2, 3, 5, 7, 9, 11, 14, 17, 20, 24)
_CITY_R = (0, 0, 2, 0, 3, 0, 2, 0, 3, 0, 2, 0, 0)
_CHURCH_R = (0, 0, 4, 0, 5, 0, 4, 0, 6, 0, 4, 0, 2)
# STAND_IN: register lengths, rewards and end VP (research §6.2)
REGISTERS: tuple[RegisterSpace, ...] = (
    tuple(RegisterSpace(f"popularity {i}", "popularity", "名聲軌", i, r, v) for i, (r, v) in enumerate(_POP))
    + tuple(RegisterSpace(f"city {i}", "city", "城市軌", i, _CITY_R[i], _CITY_VP[i]) for i in range(13))
    + tuple(RegisterSpace(f"church {i}", "church", "教堂軌", i, _CHURCH_R[i], _CITY_VP[i]) for i in range(13))
)


class EstateSlot(NamedTuple):
    """A citizen slot of the estate: petal (clockwise C1, A1, N1, C2, A2, N2), index, action."""

    name: str
    zh: str
    petal: int
    position: int
    cls: int
    effect: int


_SLOT_EFFECTS = ((16, 1, 4), (1, 9, 11), (2, 10, 11), (16, 17, 8), (1, 14, 8), (2, 18, 3))
_PETALS = ("C1", "A1", "N1", "C2", "A2", "N2")
# STAND_IN: estate geometry and slot actions (research §7.2)
ESTATE: tuple[EstateSlot, ...] = tuple(
    EstateSlot(f"{_PETALS[p]}.{i}", "莊園方格", p, i, p % 3, _SLOT_EFFECTS[p][i])
    for p in range(6) for i in range(3)
)


class OverseerStep(NamedTuple):
    """One advance of an overseer along its loop, and what it activates (research §7.3)."""

    name: str
    zh: str
    advance: int
    kind: int   # 1: one of two slots; 2: any in the petal; 3: any in the next petal; 4: both petals; 5: any 3


# STAND_IN: the overseer path and its activations (research §7.3)
OVERSEER_PATH: tuple[OverseerStep, ...] = (
    OverseerStep("inner pair", "監工", 1, 1),
    OverseerStep("middle pair", "監工", 2, 1),
    OverseerStep("own petal", "監工", 3, 2),
    OverseerStep("next petal", "監工", 4, 3),
    OverseerStep("both petals", "監工", 5, 4),
    OverseerStep("back at the centre", "監工", 6, 5),
)


class ScrollTrack(NamedTuple):
    """A scroll-board track: VP per counted item at each cube position."""

    name: str
    zh: str
    values: tuple[int, ...]
    cap: int      # at most this many items count


# STAND_IN: scroll-board values; buildings count workshops only, at most 6 (research §7.4)
SCROLLS: tuple[ScrollTrack, ...] = (
    ScrollTrack("buildings", "建築", (0, 1, 2, 3, 4), 6),
    ScrollTrack("ships", "船隻", (0, 1, 2, 3, 4), 99),
    ScrollTrack("repopulation", "補充板塊", (0, 2, 3, 4, 5), 5),
)


class RatPenalty(NamedTuple):
    """VP lost at the end for a number of rats."""

    name: str
    zh: str
    rats: int
    penalty: int


# seed table 0..9; STAND_IN: beyond 9 rats, 3 more per rat (research §6.2)
RAT_PENALTY: tuple[RatPenalty, ...] = tuple(
    RatPenalty(f"{n} rats", "老鼠標記", n, p)
    for n, p in enumerate((0, 1, 2, 4, 7, 10, 13, 16, 18, 21, 24, 27, 30, 33, 36, 39))
)


class RoundInfo(NamedTuple):
    """The round track: turn-order criterion and the round's special rules."""

    name: str
    zh: str
    number: int
    order_by: str      # random, city, church, popularity, lowest_score
    ships: int         # ships arriving at this round's set-up (3-4 players)
    ships_2p: int
    fire_cost: int     # fire tokens per plague cube
    fire_vp: int       # VP per cube removed
    extra_plague: bool  # an extra plague-only wheel turn
    wheel: bool        # the wheel turns at this round's set-up


# seed: IV plague twice, V-VI fire costs 2 (+2 VP), VI no wheel, ships 2 from IV;
# STAND_IN: the order criteria for rounds I, IV, V, VI (research §6.2)
ROUNDS: tuple[RoundInfo, ...] = (
    RoundInfo("round I", "第一輪", 1, "random", 1, 1, 1, 0, False, True),
    RoundInfo("round II", "第二輪", 2, "city", 1, 1, 1, 0, False, True),
    RoundInfo("round III", "第三輪", 3, "church", 1, 1, 1, 0, False, True),
    RoundInfo("round IV", "第四輪", 4, "popularity", 2, 1, 1, 0, True, True),
    RoundInfo("round V", "第五輪", 5, "lowest_score", 2, 1, 2, 2, False, True),
    RoundInfo("round VI", "第六輪", 6, "popularity", 2, 1, 2, 2, False, False),
)


class PlayerCount(NamedTuple):
    """Per player count: plague cubes, wagon stacks, ships used, majority bonuses."""

    name: str
    zh: str
    players: int
    plague_cubes: int
    wagon_stacks: int
    gem_ships: bool
    majority: tuple[int, ...]


# seed: cubes 16/18/24, one wagon stack and no gem ships with 2; STAND_IN: 2-player majority 10/7; solo
PLAYER_COUNTS: tuple[PlayerCount, ...] = (
    PlayerCount("1 player", "單人", 1, 16, 1, False, (10, 7)),  # STAND_IN: cubes, wagons, majority
    PlayerCount("2 players", "兩人", 2, 16, 1, False, (10, 7)),
    PlayerCount("3 players", "三人", 3, 18, 2, True, (10, 7, 3)),
    PlayerCount("4 players", "四人", 4, 24, 2, True, (10, 7, 3)),
)


class StartSupply(NamedTuple):
    """What each player starts with."""

    name: str
    zh: str
    coins: int
    wood: int
    fire: int
    major: int
    lieutenants: int
    max_lieutenants: int
    repopulation_tokens: int
    citizens_per_class: int


# STAND_IN: starting coins 3 and wood 1 (research §7.5); counts from the box
START: tuple[StartSupply, ...] = (StartSupply("start", "起始", 3, 1, 0, 0, 3, 5, 5, 21),)

class SoloTile(NamedTuple):
    """A solo tile (research §8.4, S4): the district it sends an automa lieutenant to, its action."""

    name: str
    zh: str
    hex: str
    action: str  # SOLO_ACTIONS: none, or the top wagon / workshop of class cls / every cabin tile / a ship leaves
    cls: int     # the workshop class of a ``workshop`` tile, else -1


SOLO_ACTIONS = ("none", "wagon", "workshop", "cabins", "ship")
# STAND_IN: the 14 solo tiles (the real list was not found; research §8.4)
SOLO_TILES: tuple[SoloTile, ...] = tuple(SoloTile(f"solo {h}", "單人板塊", h, a, c) for h, a, c in (
    ("A01", "none", -1), ("A02", "wagon", -1), ("A03", "workshop", 0), ("A04", "cabins", -1),
    ("A05", "ship", -1), ("A06", "none", -1), ("A07", "wagon", -1), ("A08", "workshop", 1),
    ("A09", "none", -1), ("B1", "workshop", 2), ("B2", "cabins", -1), ("C1", "wagon", -1),
    ("C2", "ship", -1), ("C3", "none", -1)))


class SoloLevel(NamedTuple):
    """A solo level: the automa's lieutenants by round (I-VI) and the score to beat."""

    name: str
    zh: str
    lieutenants: tuple[int, ...]
    yardstick: int


# S4: lieutenants 3, a 4th in round IV, a 5th in VI; "130 points is a good score" (140: B sides, not here)
SOLO_LEVELS: tuple[SoloLevel, ...] = (SoloLevel("basic", "基本", (3, 3, 3, 4, 4, 5), 130),)

TABLES: dict[str, tuple] = {
    "effects": EFFECTS,
    "hexes": HEXES,
    "harbours": HARBOURS,
    "layout": LAYOUT,
    "wheel": WHEEL,
    "ships": SHIPS,
    "cabins": CABINS,
    "workshops": WORKSHOPS,
    "wagons": WAGONS,
    "registers": REGISTERS,
    "estate": ESTATE,
    "overseer_path": OVERSEER_PATH,
    "scrolls": SCROLLS,
    "rat_penalty": RAT_PENALTY,
    "rounds": ROUNDS,
    "player_counts": PLAYER_COUNTS,
    "start": START,
    "solo_tiles": SOLO_TILES,
    "solo_levels": SOLO_LEVELS,
}

STAND_INS: tuple[str, ...] = (
    "hexes[*]: action, repopulation cost, VP, player mark, rat and colour of all 20 districts: STAND_IN "
    "(13 A + 2 B + 5 C; research §3.2, with the A hexes' VP raised by 1 to 4/6/7 after bot play)",
    "harbours[*]: no action of their own; docks hold 2 ships each: STAND_IN",
    "layout[*]: start-city shapes of 10/12/14 districts for 2/3/4 players, harbours at the corners: STAND_IN",
    "new hexes: placed on the free cell touching at least 2 districts that comes first clockwise from the "
    "drawn harbour: STAND_IN",
    "wheel[*]: 8 segments, rat and class colours: STAND_IN; start segment random",
    "ships[*].coins: I 2/2/3, II 3/3/4, III 4/4/5 (spices/cloth/gems): STAND_IN",
    "cabins[*]: 5 kinds (costs 2c / 1w1c / 2w / 3c / 1c2w; yields 1 wood / 2 coins / 1 fire / 1 coin+1 VP / "
    "1 wood+1 coin), one of each per stack: STAND_IN",
    "workshops[*]: costs, outputs, upgraded requirements; 18 phase I + 15 phase II, stacked by class: STAND_IN",
    "wagons[*]: costs 1w1c/2w/2w1c/3w/3w2c and VP 1/2/3/4/6 for numbers 1-5: STAND_IN",
    "registers[*]: popularity 0-16, city and church 0-12, their rewards and end VP: STAND_IN",
    "estate[*]: petals C1 A1 N1 C2 A2 N2 clockwise, 3 slots each, slot actions: STAND_IN",
    "overseer_path[*]: one loop per fork, activations per advance: STAND_IN",
    "scrolls[*]: values 0-4 / 0-4 / 0,2,3,4,5; buildings = workshops (max 6): STAND_IN",
    "rat_penalty[10+]: 3 VP per rat beyond 9: STAND_IN",
    "rounds[*].order_by: I random, IV popularity, V lowest score, VI popularity: STAND_IN",
    "player_counts[2].majority: 10/7 with 2 players: STAND_IN",
    "start.coins 3, start.wood 1: STAND_IN",
    "player_counts[1] (solo): 16 cubes, 1 wagon stack, no gem ships, majority 10/7 against the automa: STAND_IN",
    "solo_tiles[*]: hexes A01-A09, B1, B2, C1-C3; 4 none, 3 wagon, 3 workshop, 2 cabins, 2 ship: STAND_IN",
    "solo: an emptied deck idles the automa's lieutenant; a ship tile takes the nearest docks' oldest: STAND_IN",
)


# Ranges and cross-field rules a component pack must keep: data, checked by the engine when a pack
# is loaded (meeple.engine.components.FieldLimit: a pair is an inclusive range, a str a reference).
_NAME: dict[str, object] = {"len": (1, 60), "unique": True}
_COST = (0, 99)
_GAIN = (0, 20)
_VP = (0, 99)
_BY_CLASS: dict[str, object] = {"range": (0, 21), "len": (3, 3)}
LIMITS: dict[str, dict[str, object]] = {
    "effects": {
        "coins": _GAIN, "wood": _GAIN, "fire": _GAIN, "major": _GAIN, "vp": _VP, "city": (0, 12),
        "church": (0, 12), "scroll": (0, 10), "upgrade": (0, 10), "build": (0, 1),
        "overseer": {"range": (0, 3), "allow": (-1,)},
    },
    "hexes": {
        "name": _NAME, "cls": {"choices": ("A", "B", "C")}, "min_players": (1, 4), "rat": (0, 2),
        "colour": (0, 3), "actions": {"ref": "effects", "len": (1, 4)}, "cost_coins": _COST,
        "cost_wood": _COST, "cost_citizens": _BY_CLASS, "cost_upgraded": _BY_CLASS,
        "cost_any_upgraded": (0, 21), "cost_lieutenant": (0, 5), "vp": _VP,
    },
    "harbours": {"name": _NAME, "berths": (1, 12)},
    "layout": {"players": (2, 4), "kind": {"choices": ("district", "harbour")}, "col": (-10, 20),
               "row": (-10, 20)},
    "wheel": {"rat": (0, 2), "colours": {"range": (0, 3), "len": (3, 3)}},
    "ships": {"name": _NAME, "back": (1, 3), "cargo": {"choices": ("spices", "cloth", "gems")}, "coins": _COST},
    "cabins": {"name": _NAME, "stack": (0, 9), "cost_coins": _COST, "cost_wood": _COST, "effect": "effects"},
    "workshops": {"name": _NAME, "phase": (1, 2), "cls": (0, 2), "cost_coins": _COST, "cost_wood": _COST,
                  "effect": "effects"},
    "wagons": {"name": _NAME, "number": (1, 20), "cost_coins": _COST, "cost_wood": _COST, "vp": _VP},
    "registers": {"track": {"choices": ("popularity", "city", "church")}, "space": (0, 99), "reward": (0, 6),
                  "vp": (0, 999)},
    "estate": {"petal": (0, 5), "position": (0, 2), "cls": (0, 2), "effect": "effects"},
    "overseer_path": {"advance": (1, 20), "kind": (1, 5)},
    "scrolls": {"values": {"range": _VP, "len": (1, 20)}, "cap": (0, 99)},
    "rat_penalty": {"rats": {"range": (0, 99), "unique": True}, "penalty": (0, 999)},
    "rounds": {
        "number": {"range": (1, 6), "unique": True},
        "order_by": {"choices": ("random", "city", "church", "popularity", "lowest_score")},
        "ships": (0, 12), "ships_2p": (0, 12), "fire_cost": (1, 10), "fire_vp": _VP,
    },
    "player_counts": {"players": {"range": (1, 4), "unique": True}, "plague_cubes": (0, 99),
                      "wagon_stacks": (1, 2), "majority": {"range": _VP, "len": (1, 4)}},
    "solo_tiles": {"name": _NAME, "hex": {"ref": "hexes.name"}, "action": {"choices": SOLO_ACTIONS},
                   "cls": {"range": (0, 2), "allow": (-1,)}},
    "solo_levels": {"name": _NAME, "lieutenants": {"range": (0, 5), "len": (6, 6)}, "yardstick": (0, 999)},
    "start": {
        "coins": _COST, "wood": _COST, "fire": _COST, "major": _COST,
        "lieutenants": {"range": (0, 10), "le": "max_lieutenants"}, "max_lieutenants": (1, 10),
        "repopulation_tokens": (0, 20), "citizens_per_class": (1, 50),
    },
}
