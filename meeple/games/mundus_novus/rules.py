"""Applying a Mundus Novus decision: ``apply(state, action)``, through one table from opcode to rule.

``HANDLERS[op](s, data, events)`` applies the decision whose ``Action.data`` is ``data`` (``data[0]``
is the opcode, ``state.OP_*``).  Every step runs the automatic steps that follow a decision until the
next real decision, so that ``actions.legal`` only ever has to describe one kind of decision
(``state.phase``).
"""

from __future__ import annotations

from meeple.engine.core import Action, Event
from meeple.engine.dispatch import opcodes, table
from meeple.games.mundus_novus import state
from meeple.games.mundus_novus.developments import caravels
from meeple.games.mundus_novus.events import coronado_force
from meeple.games.mundus_novus.pirates import pirate_discard
from meeple.games.mundus_novus.progression import (
    add_different,
    add_to_set,
    cash_different,
    cash_inca,
    cash_set,
    convert,
    end_turn,
    finish_turn,
    keep_card,
    pick_development,
    start_set,
    start_turns,
)
from meeple.games.mundus_novus.state import (
    OP_ANNOUNCE,
    OP_CONVERT,
    OP_CORONADO,
    OP_DIFF_ADD,
    OP_DIFF_CASH,
    OP_END,
    OP_FLEET_ADD,
    OP_GIFT,
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
    OP_SPLIT_DONE,
    OP_START,
    OP_SUPPLY,
    OP_SWAP,
    OP_TAKE,
    OP_TM,
    MundusState,
)
from meeple.games.mundus_novus.supply import add_to_fleet, split_fleets, take_supply
from meeple.games.mundus_novus.trade import (
    announce,
    give_gift,
    new_trade_master,
    offer_card,
    offer_nothing,
    take,
)

Data = tuple[int, ...]


# --- round start and Supply (seed 1.1-1.3, 2.1-2.2; events) ------------------------------------------

def force_event(s: MundusState, data: Data, ev: list[Event]) -> None:
    """Francisco de Coronado: pay 2 doubloons to choose the round's event, or not (research A10)."""
    coronado_force(s, s.tables.events[data[1]].code if data[1] >= 0 else "", ev)


def one_fleet(s: MundusState, data: Data, ev: list[Event]) -> None:
    """Juan Ponce de Leon keeps his caravels in one fleet (seed, cards)."""
    split_fleets(s, data[1], ev)


def add_caravel(s: MundusState, data: Data, ev: list[Event]) -> None:
    """Juan Ponce de Leon's second fleet, one caravel at a time (version 5; seed, cards)."""
    add_to_fleet(s, data[1])


def split_done(s: MundusState, data: Data, ev: list[Event]) -> None:
    """Juan Ponce de Leon's split is final: the caravels not in the second fleet form the first."""
    split_fleets(s, ((1 << len(caravels(s, s.cur))) - 1) ^ s.fleet2, ev)


def supply_card(s: MundusState, data: Data, ev: list[Event]) -> None:
    """Supply 2.2: the choosing fleet takes one face-up card."""
    take_supply(s, data[1], ev)


def pirates_card(s: MundusState, data: Data, ev: list[Event]) -> None:
    """Pirates (seed, events): one card of the player's choice is discarded."""
    pirate_discard(s, data[1], ev)


# --- Trade (seed 3.1-3.6) and who starts the Progression (seed 4) -----------------------------------

def announce_count(s: MundusState, data: Data, ev: list[Event]) -> None:
    """Trade 3.1: the Trade Master announces how many cards everyone offers."""
    announce(s, data[1], ev)


def offer_one(s: MundusState, data: Data, ev: list[Event]) -> None:
    """Trade 3.2: one more card committed face down."""
    offer_card(s, data[1], ev)


def offer_none(s: MundusState, data: Data, ev: list[Event]) -> None:
    """Bartolome de las Casas (seed, cards): an empty offer."""
    offer_nothing(s, ev)


def trade_master_tie(s: MundusState, data: Data, ev: list[Event]) -> None:
    """Trade 3.3: the outgoing Trade Master chooses among the tied players (research §5.3.3)."""
    new_trade_master(s, data[1], ev)


def take_card(s: MundusState, data: Data, ev: list[Event]) -> None:
    """Trade 3.4-3.5: a card taken from another offer into hand."""
    take(s, data[1], data[2], -1, ev)


def swap_card(s: MundusState, data: Data, ev: list[Event]) -> None:
    """Trade 3.4-3.5: a card taken from another offer into the market, for a different market card."""
    take(s, data[1], data[2], data[3], ev)


def balancing_gift(s: MundusState, data: Data, ev: list[Event]) -> None:
    """Trade 3.6: the Trade Master gives one card to the player left one card short."""
    give_gift(s, data[1], ev)


def first_player(s: MundusState, data: Data, ev: list[Event]) -> None:
    """Progression (seed 4): the Trade Master chooses who starts."""
    start_turns(s, data[1], ev)


# --- Progression (seed 4, 4.1, 4.2) -----------------------------------------------------------------

def merchant_convert(s: MundusState, data: Data, ev: list[Event]) -> None:
    """Merchants (research A7): one card turned into another resource for this turn."""
    convert(s, data[1], data[2], data[3], ev)


def identical_start(s: MundusState, data: Data, ev: list[Event]) -> None:
    """Seed 4.1 (version 5): an identical set begins with its first 3 cards."""
    start_set(s, data[1], data[2], data[3], ev)


def identical_add(s: MundusState, data: Data, ev: list[Event]) -> None:
    """Seed 4.1 (version 5): one more card in the identical set being built."""
    add_to_set(s, data[1], ev)


def identical_cash(s: MundusState, data: Data, ev: list[Event]) -> None:
    """Seed 4.1: the identical set built so far is shown and discarded."""
    cash_set(s, ev)


def different_add(s: MundusState, data: Data, ev: list[Event]) -> None:
    """Seed 4.2: one more card in the set of different resources being built."""
    add_different(s, data[1])


def different_cash(s: MundusState, data: Data, ev: list[Event]) -> None:
    """Seed 4.2: the set of different resources is cashed."""
    cash_different(s, ev)


def inca_cash(s: MundusState, data: Data, ev: list[Event]) -> None:
    """Seed 4.2: Inca relics cashed alone."""
    cash_inca(s, data[1], ev)


def turn_end(s: MundusState, data: Data, ev: list[Event]) -> None:
    """Seed 4.2 end: the turn ends (warehouses keep cards, the rest is discarded)."""
    end_turn(s, ev)


def development_pick(s: MundusState, data: Data, ev: list[Event]) -> None:
    """Seed 4.1 A-B: the development card the identical set reaches is taken."""
    pick_development(s, data[1], ev)


def warehouse_keep(s: MundusState, data: Data, ev: list[Event]) -> None:
    """Seed, warehouses: one more card set aside."""
    keep_card(s, data[1], ev)


def warehouse_done(s: MundusState, data: Data, ev: list[Event]) -> None:
    """Seed, warehouses: the cards not set aside are discarded."""
    finish_turn(s, ev)


OPCODES = opcodes(vars(state))
HANDLERS = table(OPCODES, (
    (OP_CORONADO, force_event),
    (OP_SPLIT, one_fleet),
    (OP_SUPPLY, supply_card),
    (OP_PIRATE, pirates_card),
    (OP_FLEET_ADD, add_caravel),
    (OP_SPLIT_DONE, split_done),
    (OP_ANNOUNCE, announce_count),
    (OP_OFFER, offer_one),
    (OP_OFFER_NONE, offer_none),
    (OP_TM, trade_master_tie),
    (OP_TAKE, take_card),
    (OP_SWAP, swap_card),
    (OP_GIFT, balancing_gift),
    (OP_START, first_player),
    (OP_CONVERT, merchant_convert),
    (OP_SET, identical_start),
    (OP_SET_ADD, identical_add),
    (OP_SET_CASH, identical_cash),
    (OP_DIFF_ADD, different_add),
    (OP_DIFF_CASH, different_cash),
    (OP_INCA, inca_cash),
    (OP_END, turn_end),
    (OP_PICK, development_pick),
    (OP_KEEP, warehouse_keep),
    (OP_KEEP_DONE, warehouse_done),
))
"""Opcode -> the rule applying it (``meeple.engine.dispatch``: every opcode exactly one handler)."""


def apply(s: MundusState, action: Action) -> list[Event]:
    """Apply one decision (already known to be legal) and return the events it caused."""
    ev: list[Event] = []
    data = action.data
    HANDLERS[data[0]](s, data, ev)
    return ev
