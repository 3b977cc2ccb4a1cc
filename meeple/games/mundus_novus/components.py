"""Mundus Novus printed components as data tables (seed 002; research mundus_novus.md §1-§3, §10).

Resource kinds are indexed 0..9: index i < 9 is the resource of value i + 1, index 9 is the Inca relic.
Development cards are indexed by their position in ``DEVELOPMENTS``.  Every value that no source gave is
marked ``# STAND_IN`` here and listed in ``STAND_INS`` (and in docs/rules/mundus_novus.md).
"""

from __future__ import annotations

from typing import NamedTuple


class Resource(NamedTuple):
    """A resource card kind: its printed value (0 for the Inca relic), offer value and copies in the deck."""

    name: str
    zh: str
    value: int
    offer_value: int
    copies: int


RESOURCES: tuple[Resource, ...] = (
    Resource("cocoa", "可可", 1, 1, 16),
    Resource("corn", "玉米", 2, 2, 16),
    Resource("tobacco", "煙草", 3, 3, 16),
    Resource("coffee", "咖啡", 4, 4, 12),
    Resource("cotton", "棉花", 5, 5, 12),
    Resource("sugar cane", "甘蔗", 6, 6, 12),
    Resource("potato", "馬鈴薯", 7, 7, 8),
    Resource("indigo", "染料", 8, 8, 8),
    Resource("vanilla", "香草", 9, 9, 8),
    Resource("inca relic", "印加文物", 0, 10, 12),
)


class Development(NamedTuple):
    """A development card.

    kind: caravel / warehouse / shipyard / merchant / character.
    ability: for characters, a key naming the character's rule ("" otherwise).
    ship: caravel value; keeps: cards a warehouse keeps; band_lo/band_hi: merchant conversion band;
    income: doubloons paid at each round's start; min_players: the bottom-right number;
    event: the bottom-left event symbol ("" for none; KH, NA, ST, FI, PI).
    """

    code: str
    name: str
    zh: str
    kind: str
    ability: str
    ship: int
    keeps: int
    band_lo: int
    band_hi: int
    income: int
    min_players: int
    event: str


def _car(code: str, ship: int, min_players: int, event: str) -> Development:
    return Development(code, f"Caravel {ship}", "帆船", "caravel", "", ship, 0, 0, 0, 0, min_players, event)


def _wh(code: str, keeps: int, min_players: int, event: str) -> Development:
    return Development(code, f"Warehouse (keeps {keeps})", "倉庫", "warehouse", "", 0, keeps, 0, 0, 1,
                       min_players, event)


def _sy(code: str, min_players: int, event: str) -> Development:
    return Development(code, "Shipyard", "造船廠", "shipyard", "", 0, 0, 0, 0, 0, min_players, event)


def _me(code: str, lo: int, hi: int, min_players: int, event: str) -> Development:
    return Development(code, f"Merchant {lo}-{hi}", "商人", "merchant", "", 0, 0, lo, hi, 1,
                       min_players, event)


def _pe(code: str, name: str, zh: str, ability: str, income: int) -> Development:
    return Development(code, name, zh, "character", ability, 0, 0, 0, 0, income, 2, "")


# The non-character card list (kinds' counts, caravel values, warehouse capacities, merchant bands and
# money, minimum player numbers and event symbols) is the research's proposal §10.3: STAND_IN throughout.
DEVELOPMENTS: tuple[Development, ...] = (
    _car("C01", 1, 2, ""),  # STAND_IN
    _car("C02", 1, 3, ""),  # STAND_IN
    _car("C03", 2, 2, "KH"),  # STAND_IN
    _car("C04", 2, 4, ""),  # STAND_IN
    _car("C05", 3, 2, "PI"),  # STAND_IN
    _car("C06", 3, 5, ""),  # STAND_IN
    _car("C07", 4, 2, "NA"),  # STAND_IN
    _car("C08", 4, 6, ""),  # STAND_IN
    _car("C09", 5, 2, "ST"),  # STAND_IN
    _car("C10", 5, 2, "PI"),  # STAND_IN
    _car("C11", 6, 2, "FI"),  # STAND_IN
    _car("C12", 6, 2, ""),  # STAND_IN
    _wh("W01", 1, 2, "FI"),  # STAND_IN (keeps, min, event); +1 doubloon from the seed
    _wh("W02", 1, 2, "KH"),  # STAND_IN
    _wh("W03", 1, 2, ""),  # STAND_IN
    _wh("W04", 1, 3, ""),  # STAND_IN
    _wh("W05", 1, 4, ""),  # STAND_IN
    _wh("W06", 2, 2, "ST"),  # STAND_IN
    _wh("W07", 2, 2, ""),  # STAND_IN
    _wh("W08", 2, 5, ""),  # STAND_IN
    _sy("S01", 2, "NA"),  # STAND_IN (min, event); the +1 per larger fleet is from the seed
    _sy("S02", 2, "FI"),  # STAND_IN
    _sy("S03", 2, ""),  # STAND_IN
    _sy("S04", 3, ""),  # STAND_IN
    _sy("S05", 4, ""),  # STAND_IN
    _sy("S06", 6, ""),  # STAND_IN
    _me("M01", 1, 3, 2, "NA"),  # STAND_IN (band, income 1, min, event)
    _me("M02", 1, 3, 2, ""),  # STAND_IN
    _me("M03", 1, 3, 4, ""),  # STAND_IN
    _me("M04", 4, 6, 2, "KH"),  # STAND_IN (income, min, event); band 4-6 is sourced
    _me("M05", 4, 6, 2, "PI"),  # STAND_IN
    _me("M06", 4, 6, 5, ""),  # STAND_IN
    _me("M07", 7, 9, 2, "ST"),  # STAND_IN
    _me("M08", 7, 9, 3, ""),  # STAND_IN
    _me("M09", 7, 9, 6, ""),  # STAND_IN
    _pe("P01", "Hernan Cortes", "科爾特斯", "cortes", 3),
    _pe("P02", "Diego de Almagro", "阿美加船長", "almagro", 2),
    _pe("P03", "Juan de la Cosa", "庫薩船長", "cosa", 1),
    _pe("P04", "Bartolome de las Casas", "卡薩斯船長", "casas", 1),
    _pe("P05", "Pedro de Valdivia", "瓦爾迪維亞", "valdivia", 1),
    _pe("P06", "Francisco de Orellana", "奧雷利亞納船長", "orellana", 0),  # STAND_IN income 0
    _pe("P07", "Francisco de Coronado", "科羅納多船長", "coronado", 1),  # STAND_IN income 1 (bot balance)
    _pe("P08", "Gonzalo Pizarro", "派特羅船長", "pizarro", 1),  # STAND_IN income 1
    _pe("P09", "Juan Ponce de Leon", "萊昂船長", "ponce", 1),  # STAND_IN income 1
)


class Event(NamedTuple):
    """An event (the bottom-left symbol of a development card; the tokens are reminders)."""

    code: str
    name: str
    zh: str


EVENTS: tuple[Event, ...] = (
    Event("KH", "King's Help", "國王援助"),
    Event("NA", "Natives", "土著"),
    Event("ST", "Storm", "暴風雨"),
    Event("FI", "Fire", "火災"),
    Event("PI", "Pirates", "海盜"),
)


class SetReward(NamedTuple):
    """Identical set -> which queue positions may be taken (seed 4.1 table; research §6.1).

    reach[b] is how many queue positions (from n°1) a set of ``cards`` or more cards of band b may reach;
    bands: 0 = values 1-3, 1 = values 4-6, 2 = values 7-9.
    """

    cards: int
    reach: tuple[int, ...]


IDENTICAL_TABLE: tuple[SetReward, ...] = (
    SetReward(3, (1, 3, 5)),
    SetReward(4, (3, 5, 5)),
    SetReward(5, (5, 5, 5)),
)


class MoneyStep(NamedTuple):
    """``cards`` cards pay ``doubloons`` (seed 4.2 tables)."""

    cards: int
    doubloons: int


DIFFERENT_TABLE: tuple[MoneyStep, ...] = (
    MoneyStep(4, 5), MoneyStep(5, 7), MoneyStep(6, 10), MoneyStep(7, 15), MoneyStep(8, 20), MoneyStep(9, 25),
)

INCA_TABLE: tuple[MoneyStep, ...] = (
    MoneyStep(1, 3), MoneyStep(2, 7), MoneyStep(3, 12), MoneyStep(4, 18), MoneyStep(5, 25),
)

TABLES: dict[str, tuple] = {
    "resources": RESOURCES,
    "developments": DEVELOPMENTS,
    "events": EVENTS,
    "identical": IDENTICAL_TABLE,
    "different": DIFFERENT_TABLE,
    "inca": INCA_TABLE,
}

STAND_INS: tuple[str, ...] = (
    "developments: deck makeup 9 characters + 12 caravels + 8 warehouses + 6 shipyards + 9 merchants: STAND_IN",
    "developments[C01..C12].ship: caravel values 1,1,2,2,3,3,4,4,5,5,6,6: STAND_IN",
    "developments[W01..W08].keeps: 1,1,1,1,1,2,2,2: STAND_IN",
    "developments[M01..M09].band: 1-3 x3, 4-6 x3 (4-6 band sourced), 7-9 x3: STAND_IN",
    "developments[M01..M09].income: 1 each: STAND_IN",
    "developments[*].min_players: 30 cards marked 2, C02/W04/S04/M08 3, C04/W05/S05/M03 4, "
    "C06/W08/M06 5, C08/S06/M09 6: STAND_IN",
    "developments[*].event: KH on C03/W02/M04, NA on C07/S01/M01, ST on C09/W06/M07, FI on C11/W01/S02, "
    "PI on C05/C10/M05, no symbol on characters: STAND_IN",
    "developments[P06 Orellana].income: 0: STAND_IN",
    "developments[P07 Coronado].income: 1 (research proposed 0; raised after bot play): STAND_IN",
    "developments[P08 Pizarro].income: 1: STAND_IN",
    "developments[P09 Ponce de Leon].income: 1: STAND_IN",
    "inca: at most 5 relics per cash-in (table ends at 5): STAND_IN",
    "tie-break after doubloons: most development cards, then a shared place: STAND_IN",
    "supply order: by sum of caravel values, then lowest single caravel, then seat order from the "
    "Trade Master: STAND_IN",
    "pirates: each fleet of 2+ caravels costs its owner 1 card (Ponce de Leon's fleets separately): STAND_IN",
)


# Ranges and cross-field rules a component pack must keep: data, checked by the engine when a pack
# is loaded (meeple.engine.components.FieldLimit: a pair is an inclusive range, a str a reference).
_COUNT = (1, 99)
LIMITS: dict[str, dict[str, object]] = {
    "resources": {"name": {"len": (1, 40), "unique": True}, "value": (0, 9), "offer_value": (0, 99),
                  "copies": _COUNT},
    "developments": {
        "code": {"len": (1, 10), "unique": True},
        "kind": {"choices": ("caravel", "warehouse", "shipyard", "merchant", "character")},
        "ability": {"choices": ("", "cortes", "almagro", "cosa", "casas", "valdivia", "orellana", "coronado",
                                "pizarro", "ponce")},
        "ship": (0, 20), "keeps": (0, 20), "band_lo": {"range": (0, 9), "le": "band_hi"}, "band_hi": (0, 9),
        "income": (0, 20), "min_players": (2, 6), "event": {"ref": "events.code", "allow": ("",)},
    },
    "events": {"code": {"len": (1, 10), "unique": True}},
    "identical": {"cards": {"range": (1, 20), "unique": True}, "reach": {"range": (0, 9), "len": (3, 3)}},
    "different": {"cards": {"range": _COUNT, "unique": True}, "doubloons": (0, 999)},
    "inca": {"cards": {"range": _COUNT, "unique": True}, "doubloons": (0, 999)},
}
