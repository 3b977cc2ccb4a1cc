"""Mundus Novus Supply step (seed 2.1-2.2; research A3, A13, §10.4): face-down cards, the face-up supply
and the fleets' order; Juan Ponce de León's split is asked for before the supply is turned up."""

from __future__ import annotations

from meeple.engine.core import Event
from meeple.engine.messages import event
from meeple.games.mundus_novus.developments import caravels, fleets
from meeple.games.mundus_novus.ending import check_ten
from meeple.games.mundus_novus.pirates import start_pirates
from meeple.games.mundus_novus.state import (
    CH_PONCE,
    HAND_SIZE,
    PONCE,
    SUPPLY,
    K,
    MundusState,
    name,
    res_arg,
    res_args,
)
from meeple.games.mundus_novus.words import msg


def draw(s: MundusState) -> int:
    """Top card of the resource deck; an empty deck is rebuilt from the discard pile (research A13)."""
    if not s.deck:
        pile = [k for k in range(K) for _ in range(s.discard[k])]
        if not pile:
            return -1
        s.discard = [0] * K
        s.rng.shuffle(pile)
        s.deck = pile
    s.reveals += 1
    return s.deck.pop()


def start_supply(s: MundusState, ev: list[Event]) -> None:
    """Supply 2.1: every player draws 5 face-down resource cards (warehouse-kept cards are already in hand)."""
    for p in range(s.players):
        hand = s.seats[p].hand
        got: list[int] = []
        for _ in range(HAND_SIZE):
            k = draw(s)
            if k < 0:
                break
            hand[k] += 1
            got.append(k)
        ev.append(event("deal", msg("mundus_novus.event.deal", cards=res_args(s, got)), seat=p, private=p, cards=[name(s, k) for k in got]))
        ev.append(event("deal_public", msg("mundus_novus.event.deal_public", seat=p, n=len(got)), seat=p, count=len(got)))
    if check_ten(s, range(s.players), ev):
        return
    s.split = s.fleet2 = 0
    ponce = s.holders[CH_PONCE]
    if ponce >= 0 and len(caravels(s, ponce)) >= 2:
        s.phase, s.cur = PONCE, ponce
        return
    flip_supply(s, ev)


def add_to_fleet(s: MundusState, ship: int) -> None:
    """Juan Ponce de León, one caravel at a time (version 5): caravel ``ship`` (its index among his
    caravels, lowest first) goes into the second fleet."""
    s.fleet2 |= 1 << ship


def split_fleets(s: MundusState, mask: int, ev: list[Event]) -> None:
    """Juan Ponce de León's choice (seed, cards): one fleet (0) or two, then the supply is turned up."""
    s.split = mask
    s.fleet2 = 0
    if mask:
        first, second = ("+".join(str(v) for v in f) for f in fleets(s, s.cur))
        ev.append(event("split", msg("mundus_novus.event.split", seat=s.cur, first=first, second=second), seat=s.cur, mask=mask))
    flip_supply(s, ev)


def supply_order(s: MundusState) -> list[tuple[int, int]]:
    """Fleets from smallest to largest (seed 2.2; research A3), as (seat, cards it takes)."""
    n = s.players
    by_count = s.options["supply_order"] == "count"
    keyed: list[tuple[int, int, int, int, int]] = []
    for p in range(n):
        for f in fleets(s, p):
            size = len(f) if by_count else sum(f)
            keyed.append((size, min(f), (p - s.tm) % n, p, len(f)))
    keyed.sort()
    return [(key[3], key[4]) for key in keyed]


def flip_supply(s: MundusState, ev: list[Event]) -> None:
    """Supply 2.1: turn up as many cards as there are caravels in play; fleets then take them in order."""
    fleets_in_order = supply_order(s)
    s.order = [seat for seat, _ in fleets_in_order]
    s.counts = [cards for _, cards in fleets_in_order]
    total = sum(s.counts)
    s.supply = []
    for _ in range(total):
        k = draw(s)
        if k < 0:
            break
        s.supply.append(k)
    if s.supply:
        ev.append(event("supply", msg("mundus_novus.event.supply", cards=res_args(s, s.supply)), cards=[name(s, k) for k in s.supply]))
    s.opos = 0
    s.need = s.counts[0] if s.counts else 0
    next_fleet(s, ev)


def give_supply(s: MundusState, seat: int, kind: int, ev: list[Event]) -> None:
    s.supply.remove(kind)
    taker = s.seats[seat]
    taker.hand[kind] += 1
    taker.known[kind] += 1
    ev.append(event("supply_take", msg("mundus_novus.event.supply_take", seat=seat, card=res_arg(s, kind)), seat=seat, card=name(s, kind)))


def next_fleet(s: MundusState, ev: list[Event]) -> None:
    """Supply 2.2: each fleet takes exactly as many face-up cards as it has caravels (``state.need``: the
    cards the fleet at ``state.opos`` still takes); a choice is asked only when it matters.  Cards left
    over go to the discard pile."""
    while s.opos < len(s.order):
        seat = s.order[s.opos]
        if not s.supply:
            break
        left = s.need
        if len(s.supply) <= left or min(s.supply) == max(s.supply):
            for k in sorted(s.supply)[:left]:
                give_supply(s, seat, k, ev)
                if check_ten(s, (seat,), ev):
                    return
            next_order(s)
            continue
        s.phase, s.cur = SUPPLY, seat
        return
    for k in s.supply:
        s.discard[k] += 1
    s.supply = []
    start_pirates(s, ev)


def next_order(s: MundusState) -> None:
    """On to the next fleet of ``state.order``: ``state.need`` is its count (``state.counts``)."""
    s.opos += 1
    s.need = s.counts[s.opos] if s.opos < len(s.counts) else 0


def take_supply(s: MundusState, kind: int, ev: list[Event]) -> None:
    """Supply 2.2: the choosing fleet takes one face-up card."""
    give_supply(s, s.cur, kind, ev)
    if check_ten(s, (s.cur,), ev):
        return
    s.need -= 1
    if s.need == 0:
        next_order(s)
    next_fleet(s, ev)
