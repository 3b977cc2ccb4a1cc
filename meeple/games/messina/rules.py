"""Applying a decision (``apply(state, action)``): dispatch to the rule topic the decision belongs
to, then run the game forward to the next decision (``advance``), scoring it after round VI."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.messina import (
    buildings,
    estate,
    plague,
    repopulation,
    rescue,
    rounds,
    scoring,
    ships,
    turns,
)
from meeple.games.messina.gains import gain
from meeple.games.messina.registers import advance_track
from meeple.games.messina.state import (
    OP_BUILD_CABIN,
    OP_CABIN,
    OP_CORCH,
    OP_CURE_WS,
    OP_DONESTAFF,
    OP_END,
    OP_LIGHT,
    OP_LTPAY,
    OP_NOBUILD,
    OP_PAY,
    OP_QPICK,
    OP_SHIPLET,
    OP_SKIP,
    OP_STOP,
    ST_OVER,
)
from meeple.games.messina.words import LIGHTNING

if TYPE_CHECKING:
    from meeple.engine.core import Action, Event
    from meeple.games.messina.state import MessinaState


def apply(s: MessinaState, action: Action) -> list[Event]:
    """Apply one of the position's legal actions and run the game on to the next decision."""
    events: list[Event] = []
    data = action.data
    op = data[0]
    if op <= OP_SKIP:
        turns.apply_place(s, data, events)
    elif op <= OP_CURE_WS or op == OP_CABIN:
        rescue.apply_citizen(s, data, events)
    elif op <= OP_STOP:
        plague.apply_fight(s, data, events)
    elif op <= OP_END:
        turns.apply_main(s, data, events)
    elif op <= OP_SHIPLET:
        ships.apply_ship(s, data, events)
    elif op == OP_DONESTAFF:
        s.tasks.pop()
    elif op == OP_PAY:
        repopulation.apply_pay(s, data, events)
    elif op == OP_LTPAY:
        repopulation.apply_ltpay(s, data, events)
    elif op == OP_QPICK:
        rescue.apply_qpick(s, data, events)
    elif OP_BUILD_CABIN <= op <= OP_NOBUILD:
        buildings.apply_build(s, data, events)
    elif op == OP_CORCH:
        # the popularity reward's choice: city or church +1
        p = s.tasks.pop()[1]
        advance_track(s, p, data[1], 1, events)
    elif op == OP_LIGHT:
        # lightning: the action of any district
        p = s.tasks.pop()[1]
        gain(s, p, data[1], events, LIGHTNING)
    else:
        estate.apply_estate(s, data, events)
    rounds.advance(s, events)
    if s.stage == ST_OVER and s.final is None:
        scoring.final_scoring(s, events)
    return events


def advance(s: MessinaState, events: list[Event]) -> None:
    """Run the game forward to the next decision (``rounds.advance``); once it is over, score it."""
    rounds.advance(s, events)
    if s.stage == ST_OVER and s.final is None:
        scoring.final_scoring(s, events)


__all__ = ["advance", "apply"]
