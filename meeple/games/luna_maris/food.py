"""Food (seed §溫室, §犒賞科學家): the Greenhouse's actions, picking cards from the food display and
refilling it, and feeding scientists back from the rest pile.

These functions change the position and return its events; when a turn is over they leave the
step at ``S_TURN`` and ``rules.py`` ends the turn, when a module action is over they leave it at
``S_MODULE`` and ``rules.py`` goes on with the visit."""

from __future__ import annotations

from meeple.engine.core import Event
from meeple.engine.messages import event
from meeple.games.luna_maris import words as W
from meeple.games.luna_maris.components import GREENHOUSE
from meeple.games.luna_maris.resources import (
    Option,
    add_waste,
    advanced,
    equipment_ready,
    gain_energy,
    leave_activation,
    lose_vp,
    use_equipment,
)
from meeple.games.luna_maris.state import (
    MAIN_BUY_FOOD,
    MAIN_TAKE_FOOD,
    S_FEED,
    S_FOOD,
    S_MODULE,
    S_TURN,
    WITH,
    LunaState,
)
from meeple.games.luna_maris.words import msg

# --- the Greenhouse --------------------------------------------------------------------------------


def greenhouse_options(s: LunaState, p: int, energy: int) -> list[Option]:
    """Seed §溫室: take a face-up food card, or pay 1 water for three cards and 1 VP."""
    if not s.food_row:
        return []
    out: list[Option] = [("take food", MAIN_TAKE_FOOD, 0)]
    if s.seats[p].water:
        out.append(("buy food", MAIN_BUY_FOOD, 0))
    if equipment_ready(s, p, GREENHOUSE):
        out.append((f"buy food with {s.tab.equipment[s.seats[p].equip].name.lower()}", MAIN_BUY_FOOD, WITH))
    return out


def greenhouse_take(s: LunaState, p: int, arg: int) -> list[Event]:
    """Seed §溫室: take one face-up food card (advanced greenhouse: two)."""
    adv = advanced(s, GREENHOUSE)
    s.pick_left = adv if adv > 0 else 1
    return food_picks(s, p)


def greenhouse_buy(s: LunaState, p: int, arg: int) -> list[Event]:
    """Seed §溫室: pay 1 water for three face-up food cards and 1 VP."""
    me = s.seats[p]
    events: list[Event] = []
    if arg >= WITH:
        events.append(use_equipment(s, p))
    else:
        me.water -= 1
    me.vp += 1
    s.pick_left = 3
    return events + food_picks(s, p)


def food_picks(s: LunaState, p: int) -> list[Event]:
    """Seed §溫室: face-up cards are picked one by one (the food step); when the display holds no more
    cards than are to be taken there is nothing to choose and all of them are taken at once."""
    if s.pick_left < len(s.food_row):
        s.step = S_FOOD
        return []
    events: list[Event] = [event("food", msg("luna_maris.event.food_take", seat=p, food=W.food(s, f)), seat=p)
                           for f in s.food_row]
    s.seats[p].food.extend(s.food_row)
    s.food_row.clear()
    s.pick_left = 0
    return events


def take_food(s: LunaState, p: int, i: int) -> list[Event]:
    """Take one card from the food display (refilled only after the turn); when the picks are over
    the step is back at the module."""
    f = s.food_row.pop(i)
    s.seats[p].food.append(f)
    s.pick_left -= 1
    events: list[Event] = [event("food", msg("luna_maris.event.food_take", seat=p, food=W.food(s, f)), seat=p)]
    if s.pick_left <= 0 or not s.food_row:
        s.pick_left = 0
        s.step = S_MODULE
    return events


def refill_food(s: LunaState) -> list[Event]:
    """Refill the food display to 3 from the deck; an empty deck is rebuilt from the discards
    (STAND_IN)."""
    row = s.food_row
    want = s.board.food_row
    drew = False
    while len(row) < want:
        if not s.food_deck:
            if not s.food_discard:
                break
            s.food_deck = s.food_discard
            s.food_discard = []
            s.rng.shuffle(s.food_deck)
        row.append(s.food_deck.pop())
        drew = True
    if drew:
        s.reveals += 1
        return [event("food", msg("luna_maris.event.food_refill", foods=[W.food(s, f) for f in row]))]
    return []


# --- feeding scientists ------------------------------------------------------------------------------


def food_extra(s: LunaState, p: int, extra: str) -> list[Event]:
    """Seed §犒賞科學家: a food card's extra reward, gained when it is played."""
    if not extra:
        return []
    me = s.seats[p]
    note = False
    if extra == "vp":
        me.vp += 1
    elif extra == "water":
        me.water += 1
    elif extra == "energy":
        gain_energy(s, p, 1)
    elif extra == "stress":
        if me.cap >= s.board.stress_max_cap:
            note = True
        me.cap = min(s.board.stress_max_cap, me.cap + 1)
    elif extra == "iron":
        me.fe_l += 1
    elif extra == "co2":
        if me.co2 >= len(s.board.co2_vp) - 1:
            note = True
        me.co2 = min(len(s.board.co2_vp) - 1, me.co2 + 1)
    if note:
        if extra == "stress":
            return [event("food_reward", msg("luna_maris.event.food_reward_none_stress", seat=p, extra=W.word(extra)), seat=p)]
        return [event("food_reward", msg("luna_maris.event.food_reward_none_co2", seat=p, extra=W.word(extra)), seat=p)]
    return [event("food_reward", msg("luna_maris.event.food_reward", seat=p, extra=W.word(extra)), seat=p)]


def feed_scientists(s: LunaState, p: int, f: int) -> list[Event]:
    """Seed §犒賞科學家: play a food card, return up to its number of scientists from the rest pile;
    each one short puts 1 iron from the supply on the waste gauge; take its extra reward; the
    astronaut leaves its activation space.  With no more scientists resting than the card's number
    all come back and the turn is over; else they are picked one by one (the feed step)."""
    food = s.tab.foods[f]
    s.seats[p].food.remove(f)
    s.food_discard.append(f)
    leave_activation(s, p)
    events: list[Event] = [event("feed", msg("luna_maris.event.feed", seat=p, food=W.food(s, f)), seat=p)]
    events.extend(food_extra(s, p, food.extra))
    rest = s.seats[p].rest
    if len(rest) <= food.value:
        back = len(rest)
        s.seats[p].hand.extend(rest)
        s.seats[p].hand.sort()
        rest.clear()
        events.append(event("return", msg("luna_maris.event.return_many", seat=p, n=back), seat=p))
        short = food.value - back
        if short:
            events.extend(add_waste(s, p, short, _WHY_FEED))
        s.step = S_TURN
        return events
    s.feed_left = food.value
    s.feed_food = 1
    s.step = S_FEED
    return events


def feed_without_food(s: LunaState, p: int) -> list[Event]:
    """Seed §犒賞科學家: with no food card, lose 2 VP (never below 0) to take back one scientist."""
    lost = lose_vp(s, p, s.board.feed_without_food_vp)
    leave_activation(s, p)
    events: list[Event] = [event("feed", msg("luna_maris.event.feed_none", seat=p, vp=lost), seat=p)]
    rest = s.seats[p].rest
    names = {s.cards[c].name for c in rest}
    if len(names) == 1:
        c = rest.pop()
        s.seats[p].hand.append(c)
        s.seats[p].hand.sort()
        events.append(event("return", msg("luna_maris.event.return", seat=p, card=W.card(s, c)), seat=p))
        s.step = S_TURN
        return events
    s.feed_left = 1
    s.feed_food = 0
    s.step = S_FEED
    return events


def return_scientist(s: LunaState, p: int, c: int) -> list[Event]:
    """One scientist back from the rest pile to the hand; the feeding is over when the card's number
    is reached or the pile is empty."""
    s.seats[p].rest.remove(c)
    s.seats[p].hand.append(c)
    s.seats[p].hand.sort()
    s.feed_left -= 1
    events: list[Event] = [event("return", msg("luna_maris.event.return", seat=p, card=W.card(s, c)), seat=p)]
    if s.feed_left == 0 or not s.seats[p].rest:
        return events + stop_feeding(s, p)
    return events


def stop_feeding(s: LunaState, p: int) -> list[Event]:
    """Stop returning scientists; each one short of the food's number is 1 iron to waste."""
    events: list[Event] = []
    if s.feed_food and s.feed_left:
        events.extend(add_waste(s, p, s.feed_left, _WHY_FEED))
    s.step = S_TURN
    return events


_WHY_FEED = msg("luna_maris.event.why.feed")
