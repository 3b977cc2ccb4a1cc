"""Troyes: the printed components as data tables.

Sources: /work/shared/research/troyes.md (research) and seed 001 (Traditional
Chinese rules summary).  No public source gave any per-card number (divisor,
hiring cost, VP row, event boxes, rewards, character thresholds); every such
value below is a STAND_IN (research section 10) and is listed in ``STAND_INS``
and in docs/rules/troyes.md.  A person who owns the box can replace any table
with a component pack (``meeple ... --components pack.toml``).

Colours: 0 red (military, Palace), 1 white (religious, Bishopric),
2 yellow (civil, City Hall).
"""

from __future__ import annotations

from typing import NamedTuple

RED, WHITE, YELLOW = 0, 1, 2
COLOUR_NAMES = ("red", "white", "yellow")


class Building(NamedTuple):
    """One of the three buildings; its index equals its colour."""

    name: str
    zh: str
    colour: int
    wage: int          # deniers per own citizen in the income phase (seed §2)
    rows: bool         # True: 3 rows of 2 spaces keyed {1,2},{3,4},{5,6}; False: 6 spaces keyed 1-6


class ActivityCard(NamedTuple):
    name: str
    zh: str
    colour: int
    level: int         # 1-3: the round in which it is turned face up
    divisor: int       # activations = dice total // divisor
    hire_cost: int     # deniers to put a tradesman on the card
    vp_spaces: tuple[int, ...]  # VP under each tradesman space, left to right
    delayed: bool      # True: an activation puts a cube on the card instead of an effect
    effect: str        # effect id, see rules in effects.py
    source: str        # where the effect comes from ("research S2", "STAND_IN", ...)


class EventCard(NamedTuple):
    name: str
    zh: str
    colour: int        # colour of the card back (deck)
    fight_colour: int  # dice colour used to combat it
    divisor: int       # cubes placed = dice total // divisor
    boxes: int         # cube boxes; when all are filled the event is scored
    vp_first: int      # VP for the most cubes
    vp_second: int     # VP for the second most cubes
    black_dice: int    # black dice the start player takes each round it is in the row
    follow_up: int     # colour of the event revealed with it (-1: none)
    effect: str        # effect id while the card is in the row ("" none)
    source: str


class Character(NamedTuple):
    name: str
    zh: str
    metric: str                  # influence | deniers | cathedral | tradesmen | citizens | events
    thresholds: tuple[int, ...]  # counted value needed for each step
    points: tuple[int, ...]      # VP for reaching the matching threshold (the highest reached counts)


class Board(NamedTuple):
    name: str
    zh: str
    agriculture_divisor: int
    cathedral_influence: tuple[int, ...]  # influence for a cube on space 1..6
    cathedral_vp: int                     # VP for each cube placed in the cathedral
    black_dice_cap: int                   # black dice that exist


BUILDINGS: tuple[Building, ...] = (
    Building("Palace", "宮殿", RED, 2, False),
    Building("Bishopric", "主教區", WHITE, 1, True),   # rows: STAND_IN (research 10.1)
    Building("City Hall", "市政廳", YELLOW, 0, True),  # rows: STAND_IN (research 10.1)
)

_I = (3, (2, 1, 1))    # STAND_IN hiring cost and VP row, level I (research 10.2)
_II = (4, (2, 2, 1))   # STAND_IN level II
_III = (5, (3, 2, 1))  # STAND_IN level III


def _card(name: str, colour: int, level: int, divisor: int, delayed: bool, effect: str, source: str,
          ) -> ActivityCard:
    cost, vps = (_I, _II, _III)[level - 1]
    return ActivityCard(name, "", colour, level, divisor, cost, vps, delayed, effect, source)


# Divisors, costs and VP rows are all STAND_IN; so is the colour/level of every card but Monk and Baker.
ACTIVITIES: tuple[ActivityCard, ...] = (
    # red (military)
    _card("Blacksmith", RED, 1, 4, True, "blacksmith", "effect research S2"),
    _card("Militia", RED, 1, 4, True, "militia", "effect research S2"),
    _card("Watchman", RED, 1, 3, False, "watchman", "STAND_IN card"),
    _card("Squire", RED, 2, 4, False, "squire", "STAND_IN card"),
    _card("Mercenary", RED, 2, 4, True, "mercenary", "STAND_IN card"),
    _card("Sergeant", RED, 2, 3, False, "sergeant", "STAND_IN card"),
    _card("Knight", RED, 3, 5, True, "knight", "STAND_IN card"),
    _card("Tournament", RED, 3, 6, False, "tournament", "STAND_IN card"),
    _card("Patron", RED, 3, 5, False, "patron", "STAND_IN card"),
    # white (religious)
    _card("Monk", WHITE, 1, 4, True, "monk", "effect research S2, level S10"),
    _card("Tithing", WHITE, 1, 4, True, "tithing", "effect research S2"),
    _card("Priest", WHITE, 1, 4, True, "priest", "effect research S2"),
    _card("Apprenticeship", WHITE, 2, 4, True, "apprenticeship", "effect research S2"),
    _card("Chaplain", WHITE, 2, 4, True, "chaplain", "STAND_IN card"),
    _card("Confessor", WHITE, 2, 3, False, "confessor", "STAND_IN card"),
    _card("Master Mason", WHITE, 3, 5, False, "master_mason", "STAND_IN card"),
    _card("Reliquary", WHITE, 3, 4, False, "reliquary", "STAND_IN card"),
    _card("Canon", WHITE, 3, 4, True, "canon", "STAND_IN card"),
    # yellow (civil)
    _card("Baker", YELLOW, 1, 3, False, "baker", "effect and level research S10"),
    _card("Merchant", YELLOW, 1, 3, False, "merchant", "effect research S2"),
    _card("Innkeeper", YELLOW, 1, 3, False, "innkeeper", "effect research S2"),
    _card("Artisan", YELLOW, 2, 4, False, "artisan", "effect research S2"),
    _card("Miller", YELLOW, 2, 4, False, "miller", "effect research S2"),
    _card("Goldsmith", YELLOW, 2, 4, False, "goldsmith", "effect research S2"),
    _card("Journeyman", YELLOW, 3, 3, False, "journeyman", "effect research S2"),
    _card("Sculptor", YELLOW, 3, 6, False, "sculptor", "effect research S2"),
    _card("Glassmaker", YELLOW, 3, 6, False, "glassmaker", "name research S8; effect STAND_IN"),
)

_W, _Y = WHITE, YELLOW


def _red(name: str, black: int, follow: int, boxes: int) -> EventCard:
    first, second = {3: (4, 2), 4: (5, 2), 5: (6, 3)}[boxes]  # STAND_IN rewards (research 10.3)
    # STAND_IN divisor 4 (was 3: combat was the most used action in heuristic self-play)
    return EventCard(name, "", RED, RED, 4, boxes, first, second, black, follow, "", "STAND_IN values")


def _civil(name: str, colour: int, effect: str) -> EventCard:
    return EventCard(name, "", colour, colour, 3, 4, 5, 2, 0, -1, effect, "STAND_IN values")


# Names are placeholders (no source gave them); every number is STAND_IN (research 10.3).
EVENTS: tuple[EventCard, ...] = (
    _red("Border Raid", 1, _W, 3),
    _red("Brigands", 1, _Y, 3),
    _red("Baronial Feud", 1, _W, 4),
    _red("Siege", 1, _Y, 4),
    _red("Invasion", 2, _W, 4),
    _red("Mercenary Revolt", 2, _Y, 4),
    _red("Great War", 2, _W, 5),
    _red("Sack of the Fairs", 2, _Y, 5),
    _civil("Schism", WHITE, "lose_influence_2"),
    _civil("Pilgrims", WHITE, "neutral_bishopric"),
    _civil("Church Tax", WHITE, "pay_per_bishopric"),
    _civil("Heresy", WHITE, "lose_influence_and_denier"),
    _civil("Levy", YELLOW, "pay_2"),
    _civil("Refugees", YELLOW, "neutral_city_hall"),
    _civil("Toll", YELLOW, "pay_per_city_hall"),
    _civil("Famine", YELLOW, "lose_influence_and_denier"),
)

# The permanent military event printed on the board (seed: 劫掠).  STAND_IN numbers (research 10.1).
PERMANENT: tuple[EventCard, ...] = (
    EventCard("Marauding", "劫掠", RED, RED, 4, 4, 3, 1, 1, -1, "", "STAND_IN values"),
)

# Names and themes: research S10/S14; thresholds and points: STAND_IN (research 10.4).
# Names and themes: research S10/S14; thresholds and points: STAND_IN (research 10.4), balanced by
# heuristic self-play (docs/rules/troyes.md, "Playtesting the stand-ins").
_STEPS = (1, 2, 4, 6)  # STAND_IN points for reaching each threshold
CHARACTERS: tuple[Character, ...] = (
    Character("Hugues de Payns", "", "influence", (8, 12, 16, 20), _STEPS),  # STAND_IN
    Character("Thibaut II", "", "deniers", (5, 10, 15, 20), _STEPS),         # STAND_IN
    Character("Urbain IV", "", "cathedral", (3, 5, 7, 9), _STEPS),           # STAND_IN
    Character("le Florentin", "", "tradesmen", (1, 2, 4, 6), _STEPS),        # STAND_IN
    Character("Chretien de Troyes", "", "citizens", (2, 4, 6, 8), _STEPS),   # STAND_IN
    Character("Henri I", "", "events", (1, 2, 3, 4), _STEPS),                # STAND_IN
)

BOARD: tuple[Board, ...] = (
    # agriculture divisor STAND_IN; cathedral influence 1/1/1/2/2/2 and 1 VP: research S3, S9, seed
    Board("Troyes", "特魯瓦", 2, (1, 1, 1, 2, 2, 2), 1, 6),
)

TABLES: dict[str, tuple] = {
    "buildings": BUILDINGS,
    "activities": ACTIVITIES,
    "events": EVENTS,
    "permanent": PERMANENT,
    "characters": CHARACTERS,
    "board": BOARD,
}

STAND_INS: tuple[str, ...] = (
    "buildings[1,2].rows: STAND_IN 3 rows of 2 spaces keyed to die values {1,2},{3,4},{5,6}",
    "activities[*].hire_cost: STAND_IN 3 (level I), 4 (level II), 5 (level III)",
    "activities[*].vp_spaces: STAND_IN (2,1,1) level I, (2,2,1) level II, (3,2,1) level III",
    "activities[*].divisor: STAND_IN 3 for money/VP cards, 4 for cube cards, 5-6 for strong cards",
    "activities[*].colour/level: STAND_IN for every card except Monk (white I) and Baker (yellow I)",
    "activities[Watchman,Squire,Mercenary,Sergeant,Knight,Tournament,Patron]: STAND_IN invented cards",
    "activities[Chaplain,Confessor,Master Mason,Reliquary,Canon]: STAND_IN invented cards",
    "activities[Glassmaker].effect: STAND_IN +2 VP",
    "events[*].name: STAND_IN placeholder names",
    "events[red].black_dice: STAND_IN 1,1,1,1,2,2,2,2",
    "events[red].follow_up: STAND_IN alternating white/yellow",
    "events[red].boxes: STAND_IN 3,3,4,4,4,4,5,5 with rewards 4/2 (3 boxes), 5/2 (4), 6/3 (5)",
    "events[*].divisor: STAND_IN 4 for red events, 3 for white and yellow events",
    "events[white,yellow].boxes/vp: STAND_IN 4 boxes, 5/2 VP",
    "events[white,yellow].effect: STAND_IN effects (research 10.3)",
    "permanent[Marauding]: STAND_IN 1 black die, red, divisor 4, 4 boxes, 3/1 VP",
    "characters[*].thresholds/points: STAND_IN step functions, points 1/2/4/6 (research 10.4, rebalanced)",
    "board.agriculture_divisor: STAND_IN 2",
    "board.cathedral: STAND_IN 3 levels x 6 spaces keyed to die values 1-6",
)


# Ranges and cross-field rules a component pack must keep: data, checked by the engine when a pack
# is loaded (meeple.engine.components.FieldLimit: a pair is an inclusive range, a str a reference).
_NAME: dict[str, object] = {"len": (1, 60), "unique": True}
_EVENT_LIMITS: dict[str, object] = {
    "colour": (0, 2), "fight_colour": (0, 2), "divisor": (1, 36), "boxes": (1, 12),
    "vp_first": (0, 99), "vp_second": {"range": (0, 99), "le": "vp_first"}, "black_dice": (0, 6),
    "follow_up": {"range": (0, 2), "allow": (-1,)},
    "effect": {"choices": ("", "lose_influence_2", "neutral_bishopric", "pay_per_bishopric",
                           "lose_influence_and_denier", "pay_2", "neutral_city_hall", "pay_per_city_hall")},
}
LIMITS: dict[str, dict[str, object]] = {
    "buildings": {"name": _NAME, "colour": {"range": (0, 2), "unique": True}, "wage": (0, 20)},
    "activities": {
        "name": _NAME, "colour": (0, 2), "level": (1, 3), "divisor": (1, 36), "hire_cost": (0, 99),
        "vp_spaces": {"range": (0, 99), "len": (1, 12)},
        "effect": {"choices": tuple(card.effect for card in ACTIVITIES)},
    },
    "events": {"name": _NAME, **_EVENT_LIMITS},
    "permanent": _EVENT_LIMITS,
    "characters": {
        "name": _NAME,
        "metric": {"choices": ("influence", "deniers", "cathedral", "tradesmen", "citizens", "events")},
        "thresholds": {"range": (0, 999), "len": (1, 12), "ascending": True},
        "points": {"range": (0, 99), "same_len": "thresholds"},
    },
    "board": {
        "agriculture_divisor": (1, 36), "cathedral_influence": {"range": (0, 20), "len": (6, 6)},
        "cathedral_vp": (0, 20), "black_dice_cap": (0, 12),
    },
}
