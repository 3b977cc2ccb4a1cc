"""Applying a Mundus Novus decision: ``apply(state, action)``, dispatching to the rule topics.

Every step runs the automatic steps that follow a decision until the next real decision, so that
``actions.legal`` only ever has to describe one kind of decision (``state.phase``).
"""

from __future__ import annotations

from meeple.engine.core import Action, Event
from meeple.games.mundus_novus.derived import (
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
)
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


def apply(s: MundusState, action: Action) -> list[Event]:
    ev: list[Event] = []
    data = action.data
    op = data[0]
    if op >= 20:
        apply_progression(s, data, ev)
    elif op >= 10:
        apply_trade(s, data, ev)
    elif op == OP_SUPPLY:
        take_supply(s, data[1], ev)
    elif op == OP_PIRATE:
        pirate_discard(s, data[1], ev)
    elif op == OP_CORONADO:
        code = s.tables.events[data[1]].code if data[1] >= 0 else ""
        coronado_force(s, code, ev)
    elif op == OP_SPLIT:
        split_fleets(s, data[1], ev)
    elif op == OP_FLEET_ADD:
        add_to_fleet(s, data[1])
    elif op == OP_SPLIT_DONE:
        split_fleets(s, ((1 << len(caravels(s, s.cur))) - 1) ^ s.fleet2, ev)
    return ev


def apply_trade(s: MundusState, data: tuple[int, ...], ev: list[Event]) -> None:
    """Trade (seed 3.1-3.6, ``trade.py``) and the choice of who starts the Progression (seed 4)."""
    op = data[0]
    if op == OP_TAKE:
        take(s, data[1], data[2], -1, ev)
    elif op == OP_SWAP:
        take(s, data[1], data[2], data[3], ev)
    elif op == OP_OFFER:
        offer_card(s, data[1], ev)
    elif op == OP_OFFER_NONE:
        offer_nothing(s, ev)
    elif op == OP_ANNOUNCE:
        announce(s, data[1], ev)
    elif op == OP_TM:
        new_trade_master(s, data[1], ev)
    elif op == OP_GIFT:
        give_gift(s, data[1], ev)
    elif op == OP_START:
        start_turns(s, data[1], ev)


def apply_progression(s: MundusState, data: tuple[int, ...], ev: list[Event]) -> None:
    """Progression (seed 4, 4.1, 4.2; ``progression.py``)."""
    op = data[0]
    if op == OP_DIFF_ADD:
        add_different(s, data[1])
    elif op == OP_SET:
        start_set(s, data[1], data[2], data[3], ev)
    elif op == OP_SET_ADD:
        add_to_set(s, data[1], ev)
    elif op == OP_SET_CASH:
        cash_set(s, ev)
    elif op == OP_PICK:
        pick_development(s, data[1], ev)
    elif op == OP_DIFF_CASH:
        cash_different(s, ev)
    elif op == OP_INCA:
        cash_inca(s, data[1], ev)
    elif op == OP_CONVERT:
        convert(s, data[1], data[2], data[3], ev)
    elif op == OP_END:
        end_turn(s, ev)
    elif op == OP_KEEP:
        keep_card(s, data[1], ev)
    elif op == OP_KEEP_DONE:
        finish_turn(s, ev)
