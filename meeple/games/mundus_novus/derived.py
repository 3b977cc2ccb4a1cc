"""What a Mundus Novus component set fixes for every game played with it, derived once (bots' hot paths).

``derived(tables)`` is one ``Derived`` per tables object, built through ``tables.derived`` and shared by
every game, clone and determinization played with those tables: values of the tables, every ``Action``
object the game can offer (built up front, so that none is made from a hand), and memos keyed by public
parts of a position (``tables.cache``).  Memos keyed by hands are ``Memos``: the game's own
(``Derived.memos``, a ``tables.cache``), or one set per seat for determinized copies (``state.py``), so
that a copy reaches nothing derived from cards its seat cannot see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.engine.components import PositionCache
from meeple.engine.core import Action
from meeple.engine.messages import msg
from meeple.games.mundus_novus.state import (
    ABILITIES,
    END_DATA,
    MAX_DIFFERENT,
    OP_ANNOUNCE,
    OP_CONVERT,
    OP_CORONADO,
    OP_DIFF_ADD,
    OP_INCA,
    OP_KEEP,
    OP_KEEP_DONE,
    OP_OFFER,
    OP_OFFER_NONE,
    OP_PICK,
    OP_PIRATE,
    OP_SET,
    OP_SET_ADD,
    OP_SET_CASH,
    OP_SPLIT,
    OP_START,
    OP_SUPPLY,
    OP_SWAP,
    OP_TAKE,
    OP_TM,
)
from meeple.i18n.components import key as component_key

if TYPE_CHECKING:
    from meeple.engine.components import Tables

PER_ROUND = {"caravel": 1.5, "warehouse": 0.8, "shipyard": 0.7, "merchant": 1.0, "character": 0.8}
"""A rough doubloon yield per remaining round of each development kind beyond its printed income, for
``evaluate`` (bots only): a caravel's extra card, a warehouse's kept cards, a shipyard's fees, a
merchant's conversion, a character's ability."""

MIN_IDENTICAL = 3  # seed 4.1: an identical set has at least 3 cards



HAND_TERMS_CAP = 200_000  # entries ``Memos.hand_terms`` keeps before it starts afresh
TURN_ACTS_CAP = 50_000  # Progression turn positions whose actions are remembered
SEAT_HAND_TERMS_CAP = 50_000  # the same, for one seat's determinized copies
SEAT_TURN_ACTS_CAP = 20_000
RATE_SUM_CAP = 100_000  # sets of developments whose yield is remembered
MAX_SEATS = 6  # the game's largest player count (``MundusNovus.max_players``)


def _reach(rows: Any, band: int, cards: int) -> int:
    """Seed 4.1 table: how many queue positions from n°1 an identical set of ``cards`` cards of value
    band ``band`` reaches (the last row reached, in table order)."""
    best = 0
    for row in rows:
        if cards >= row.cards:
            best = row.reach[band]
    return best


def last_row_reached(rows: tuple[tuple[int, int], ...], count: int) -> int:
    """The doubloons of the last (cards, doubloons) row whose cards ``count`` reaches (0: none)."""
    pay = 0
    for cards, doubloons in rows:
        if count >= cards:
            pay = doubloons
    return pay


class Memos:
    """Memos keyed by hands: ``hand_terms`` (``evaluate.hand_terms`` by hand) and ``turn_acts`` (a
    Progression turn's actions, ``actions.legal_progression``)."""

    __slots__ = ("hand_terms", "turn_acts")

    def __init__(self, hand_terms: PositionCache, turn_acts: PositionCache) -> None:
        self.hand_terms = hand_terms
        self.turn_acts = turn_acts

    @staticmethod
    def for_seat() -> Memos:
        """Fresh memos for the determinized copies of one seat."""
        return Memos(PositionCache(SEAT_HAND_TERMS_CAP), PositionCache(SEAT_TURN_ACTS_CAP))


class Derived:
    """Per component set: resource names, each development's yield per round left (printed income
    plus ``PER_ROUND``), the different-set and Inca cash-in payouts by card count, ``actions`` (every
    offer, take, swap, identical set, different-set card, Inca cash-in and end-turn ``Action`` by its
    data); the memo ``rate_sum`` (the yield of a set of developments), keyed by public parts; the actions
    again by their parts (``takes``, ``swaps``, ``set_starts``, ...: ``actions.py`` lists them by index); and ``memos``, the real game's
    memos keyed by hands."""

    __slots__ = ("names", "res_keys", "dev_keys", "event_keys", "dev_rate", "dev_ability", "offer_values", "diff_pay", "inca_pay",
                 "rate_sum", "actions", "memos", "devs", "resources", "res_value", "dev_kind", "caravel_ship",
                 "inca_top", "reach_band", "takes", "swaps", "set_starts", "diff_adds", "inca_cash", "end_turn",
                 "pirate_acts", "supply_acts", "keep_acts", "offer_acts", "announce_acts", "tm_acts", "start_acts")

    def __init__(self, tables: Tables) -> None:
        self.names: tuple[str, ...] = tuple(r.name for r in tables.resources)
        # catalog keys of the components' names, for messages (issue 14)
        self.res_keys: tuple[str, ...] = tuple(
            component_key("mundus_novus", "resources", r.name) for r in tables.resources)
        self.dev_keys: tuple[str, ...] = tuple(
            component_key("mundus_novus", "developments", d.name) for d in tables.developments)
        self.event_keys: dict[str, str] = {
            e.code: component_key("mundus_novus", "events", e.name) for e in tables.events}
        self.dev_rate: tuple[float, ...] = tuple(
            PER_ROUND.get(d.kind, 0.8) + d.income for d in tables.developments)
        self.offer_values: tuple[int, ...] = tuple(r.offer_value for r in tables.resources)  # seed 3.3
        # each development's character (an index into ``state.ABILITIES``; -1: not a character)
        self.dev_ability: tuple[int, ...] = tuple(
            ABILITIES.index(d.ability) if d.ability else -1 for d in tables.developments)
        different = tuple((r.cards, r.doubloons) for r in tables.different)
        inca = tuple((r.cards, r.doubloons) for r in tables.inca)
        kinds = len(tables.resources)  # a different set holds at most one card per plain resource
        self.diff_pay: tuple[int, ...] = tuple(
            last_row_reached(different, c) for c in range(max(kinds, MAX_DIFFERENT + 1)))
        top = max((c for c, _ in inca), default=0)  # every row is reached from here on
        self.inca_pay: tuple[int, ...] = tuple(last_row_reached(inca, c) for c in range(top + 1))
        self.rate_sum: PositionCache = tables.cache("mundus_novus.rate_sum", RATE_SUM_CAP)
        self.actions: dict[tuple[int, ...], Action] = all_actions(tables, self.names)
        # the tables themselves, and readings of them the rules ask at every step (a ``Tables``
        # attribute is a method call; these are plain fields)
        self.devs: tuple[Any, ...] = tables.developments
        self.resources: tuple[Any, ...] = tables.resources
        self.res_value: tuple[int, ...] = tuple(r.value for r in tables.resources)
        self.dev_kind: tuple[str, ...] = tuple(d.kind for d in tables.developments)
        self.caravel_ship: tuple[int, ...] = tuple(
            d.ship if d.kind == "caravel" else -1 for d in tables.developments)  # -1: not a caravel
        self.inca_top: int = max((r.cards for r in tables.inca), default=0)
        # seed 4.1 table by value band (research §6.1): reach_band[band][size], the queue positions an
        # identical set of ``size`` cards reaches
        copies = [r.copies for r in tables.resources]
        top_set = max(copies[:-1], default=0) + copies[-1]  # the largest identical set
        self.reach_band: tuple[tuple[int, ...], ...] = tuple(
            tuple(_reach(tables.identical, band, size) for size in range(top_set + 1)) for band in range(3))
        # every Action the exchange, a Progression turn, the Supply, Pirates and warehouses offer, by its
        # parts (``actions.py``): no tuple is built nor any dict asked while listing them
        seats, plain = range(MAX_SEATS), kinds - 1  # plain: the resource kinds but the Inca relic
        self.takes: tuple[tuple[Action, ...], ...] = tuple(
            tuple(self.actions[(OP_TAKE, v, k, -1)] for k in range(kinds)) for v in seats)
        # swaps[v][k][m]: swap kind k from seat v for market kind m (the slot m == k holds the take)
        self.swaps: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(tuple(tuple(
            self.actions[(OP_SWAP, v, k, m)] if m != k else self.actions[(OP_TAKE, v, k, -1)]
            for m in range(kinds)) for k in range(kinds)) for v in seats)
        # set_starts[k]: (plain cards, Inca relics, action) of each three-card start of an identical set
        self.set_starts: tuple[tuple[tuple[int, int, Action], ...], ...] = tuple(tuple(
            (c, MIN_IDENTICAL - c, self.actions[(OP_SET, k, c, MIN_IDENTICAL - c)])
            for c in range(1, min(copies[k], MIN_IDENTICAL) + 1) if (OP_SET, k, c, MIN_IDENTICAL - c) in self.actions)
            for k in range(plain))
        self.diff_adds: tuple[Action, ...] = tuple(self.actions[(OP_DIFF_ADD, k)] for k in range(kinds))
        self.inca_cash: tuple[Action, ...] = tuple(
            self.actions[(OP_INCA, c)] for c in range(1, self.inca_top + 1))  # inca_cash[c - 1]
        self.end_turn: Action = self.actions[END_DATA]
        self.pirate_acts: tuple[Action, ...] = tuple(self.actions[(OP_PIRATE, k)] for k in range(kinds))
        self.supply_acts: tuple[Action, ...] = tuple(self.actions[(OP_SUPPLY, k)] for k in range(kinds))
        self.keep_acts: tuple[Action, ...] = tuple(self.actions[(OP_KEEP, k)] for k in range(kinds))
        self.offer_acts: tuple[Action, ...] = tuple(self.actions[(OP_OFFER, k)] for k in range(kinds))
        self.announce_acts: tuple[Action, ...] = tuple(self.actions[(OP_ANNOUNCE, c)] for c in (2, 3, 4))
        self.tm_acts: tuple[Action, ...] = tuple(self.actions[(OP_TM, q)] for q in seats)
        self.start_acts: tuple[Action, ...] = tuple(self.actions[(OP_START, q)] for q in seats)
        self.memos = Memos(tables.cache("mundus_novus.hand_terms", HAND_TERMS_CAP),
                           tables.cache("mundus_novus.turn_acts", TURN_ACTS_CAP))

    def inca_for(self, count: int) -> int:
        """The Inca cash-in table's doubloons for ``count`` relics (the last row reached)."""
        pay = self.inca_pay
        return pay[count] if count < len(pay) else pay[-1]


def all_actions(tables: Tables, names: tuple[str, ...]) -> dict[tuple[int, ...], Action]:
    """Every remembered ``Action`` by its data (``state.acache``), each with its label (issue 14/15:
    what it does and costs, built once here): offers, takes and swaps from any seat, the three-card
    starts of identical sets (with wild Inca relics, the last resource kind), one more card added to a
    set being built and its cashing by size, a plain resource added to a different set, Inca cash-ins
    with their doubloons, end turn."""
    inca = len(names) - 1
    copies = [r.copies for r in tables.resources]
    keys = [component_key("mundus_novus", "resources", n) for n in names]

    def res(k: int) -> dict[str, str]:
        return {"key": keys[k]}

    out: dict[tuple[int, ...], Action] = {}
    for k in range(len(names)):
        out[(OP_OFFER, k)] = Action(f"offer {names[k]}", (OP_OFFER, k), msg(
            "mundus_novus.label.offer", card=res(k), value=tables.resources[k].offer_value))
    for v in range(MAX_SEATS):
        for k in range(len(names)):
            out[(OP_TAKE, v, k, -1)] = Action(f"take {names[k]} from p{v}", (OP_TAKE, v, k, -1), msg(
                "mundus_novus.label.take", card=res(k), seat=v))
            for m in range(len(names)):
                if m != k:
                    data = (OP_SWAP, v, k, m)
                    out[data] = Action(f"swap {names[k]} from p{v} for {names[m]}", data, msg(
                        "mundus_novus.label.swap", card=res(k), seat=v, market=res(m)))
    # issue 15: the first card of a different set names what such sets pay (the table's ends)
    rows = sorted((r.cards, r.doubloons) for r in tables.different) or [(0, 0)]
    span = {"low": rows[0][0], "high": rows[-1][0], "least": rows[0][1], "most": rows[-1][1]}
    for k in range(inca):
        out[(OP_DIFF_ADD, k)] = Action(f"different: add {names[k]}", (OP_DIFF_ADD, k), msg(
            "mundus_novus.label.diff_start", card=res(k), **span))
        for c in range(1, min(copies[k], MIN_IDENTICAL) + 1):
            j = MIN_IDENTICAL - c
            if j <= copies[inca]:
                text = f"set {c} {names[k]}" + (f" + {j} inca" if j else "")
                label = (msg("mundus_novus.label.set.inca", count=c, card=res(k), inca=j) if j else
                         msg("mundus_novus.label.set", count=c, card=res(k)))
                out[(OP_SET, k, c, j)] = Action(text, (OP_SET, k, c, j), label)
    out[(OP_DIFF_ADD, inca)] = Action(f"different: add {names[inca]}", (OP_DIFF_ADD, inca), msg(
        "mundus_novus.label.diff_start", card=res(inca), **span))
    for k in range(len(names)):
        out[(OP_SET_ADD, k)] = Action(f"set: add {names[k]}", (OP_SET_ADD, k), msg(
            "mundus_novus.label.set_add", card=res(k)))
    for size in range(MIN_IDENTICAL, max(copies[:inca], default=0) + copies[inca] + 1):
        out[(OP_SET_CASH, size)] = Action("cash set", (OP_SET_CASH, size), msg(
            "mundus_novus.label.set_cash", count=size))
    inca_rows = tuple((r.cards, r.doubloons) for r in tables.inca)
    for c in range(1, max((r.cards for r in tables.inca), default=0) + 1):
        out[(OP_INCA, c)] = Action(f"cash {c} inca", (OP_INCA, c), msg(
            "mundus_novus.label.inca", n=c, amount=last_row_reached(inca_rows, c)))
    out[END_DATA] = Action("end turn", END_DATA, msg("mundus_novus.label.pass"))
    # the round's other decisions whose notation and label follow from their data and the tables
    price = 2  # state.CORONADO_PRICE
    for k in range(len(names)):
        out[(OP_SUPPLY, k)] = Action(f"take {names[k]}", (OP_SUPPLY, k), msg(
            "mundus_novus.label.supply", card=res(k)))
        out[(OP_PIRATE, k)] = Action(f"discard {names[k]}", (OP_PIRATE, k), msg(
            "mundus_novus.label.pirate", card=res(k)))
        out[(OP_KEEP, k)] = Action(f"keep {names[k]}", (OP_KEEP, k), msg("mundus_novus.label.keep", card=res(k)))
    out[(OP_CORONADO, -1)] = Action("no event", (OP_CORONADO, -1), msg("mundus_novus.label.no_event", amount=price))
    for i, e in enumerate(tables.events):
        event = {"key": component_key("mundus_novus", "events", e.name)}
        out[(OP_CORONADO, i)] = Action(f"force {e.name}", (OP_CORONADO, i), msg(
            "mundus_novus.label.force", amount=price, event=event))
    out[(OP_SPLIT, 0)] = Action("one fleet", (OP_SPLIT, 0), msg("mundus_novus.label.one_fleet"))
    out[(OP_OFFER_NONE,)] = Action("offer nothing", (OP_OFFER_NONE,), msg("mundus_novus.label.offer_none"))
    for c in (2, 3, 4):
        out[(OP_ANNOUNCE, c)] = Action(f"announce {c}", (OP_ANNOUNCE, c), msg("mundus_novus.label.announce", count=c))
    for q in range(MAX_SEATS):
        out[(OP_TM, q)] = Action(f"trade master p{q}", (OP_TM, q), msg("mundus_novus.label.trade_master", seat=q))
        out[(OP_START, q)] = Action(f"p{q} starts progression", (OP_START, q), msg(
            "mundus_novus.label.start", seat=q))
    out[(OP_KEEP_DONE,)] = Action("discard the rest", (OP_KEEP_DONE,), msg("mundus_novus.label.keep_done"))
    for i, d in enumerate(tables.developments):
        if d.kind == "merchant":
            for k in range(inca):
                for t in range(inca):
                    if k != t:
                        out[(OP_CONVERT, k, t, i)] = Action(f"convert {names[k]} to {names[t]}", (OP_CONVERT, k, t, i),
                                                            msg("mundus_novus.label.convert", card=res(k), to=res(t)))
    out[(OP_PICK, -1)] = Action("take deck top", (OP_PICK, -1), msg("mundus_novus.label.pick_deck"))
    return out


def derived(tables: Tables) -> Derived:
    """The ``Derived`` of ``tables`` (built on first use, then kept with the tables)."""
    return tables.derived("mundus_novus", _build)


def _build(tables: Any) -> Derived:
    return Derived(tables)
