"""Hiring senior scientists at the Communications room (seed §通訊室)."""

from __future__ import annotations

from meeple.engine.core import Event
from meeple.engine.messages import event
from meeple.games.luna_maris import words as W
from meeple.games.luna_maris.components import COMM
from meeple.games.luna_maris.resources import (
    Option,
    advanced,
    equipment_ready,
    iron_total,
    pay_iron,
    use_equipment,
)
from meeple.games.luna_maris.state import MAIN_HIRE, WITH, LunaState
from meeple.games.luna_maris.words import msg


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
    have = iron_total(s.seats[p])
    notes = s.pre.hire_note
    out: list[Option] = [(notes[c], MAIN_HIRE, c) for c in s.hire_row if hire_cost(s, p, c) <= have]
    if equipment_ready(s, p, COMM):
        name = s.tab.equipment[s.seats[p].equip].name.lower()
        out.extend((f"hire {s.cards[c].name} with {name}", MAIN_HIRE, c + WITH) for c in s.hire_row
                   if hire_cost(s, p, c, True) <= have)
    return out


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
    s.seats[p].hand.append(card)
    s.seats[p].hand.sort()
    events.insert(0, event("hire", msg("luna_maris.event.hire", seat=p, card=W.card(s, card), iron=cost), seat=p))
    if s.senior_deck:
        s.hire_row.insert(0, s.senior_deck.pop())
        s.reveals += 1
        events.append(event("reveal", msg("luna_maris.event.reveal_senior", card=W.card(s, s.hire_row[0]))))
    return events
