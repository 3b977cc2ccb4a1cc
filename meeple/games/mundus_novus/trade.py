"""Mundus Novus Trade step (seed 3.1-3.6; research §5.3) and the shipyards that open Progression (seed 4)."""

from __future__ import annotations

from meeple.engine.core import Event
from meeple.engine.messages import event
from meeple.games.mundus_novus.developments import count_kind
from meeple.games.mundus_novus.ending import check_instant_money, check_ten
from meeple.games.mundus_novus.state import (
    ANNOUNCE,
    CH_CASAS,
    CH_ORELLANA,
    CH_VALDIVIA,
    EXCHANGE,
    GIFT,
    OFFER,
    ORELLANA_BONUS,
    START,
    TIE,
    VALDIVIA_BONUS,
    K,
    MundusState,
    hand_size,
    name,
    res_arg,
    res_args,
)
from meeple.games.mundus_novus.words import msg


def start_trade(s: MundusState, ev: list[Event]) -> None:
    """Trade 3.1: the Trade Master announces how many cards everyone offers (2 to 4)."""
    s.phase, s.cur = ANNOUNCE, s.tm


def announce(s: MundusState, count: int, ev: list[Event]) -> None:
    s.announced = count
    for seat in s.seats:
        seat.committed = 0
    s.order = [(s.tm + i) % s.players for i in range(s.players)]
    s.opos = 0
    ev.append(event("announce", msg("mundus_novus.event.announce", seat=s.tm, count=count), seat=s.tm, count=count))
    next_offerer(s, ev)


def next_offerer(s: MundusState, ev: list[Event]) -> None:
    """Trade 3.2: everyone commits N cards face down, one seat after another (each commitment stays secret
    until all are revealed together).  A player with N cards or fewer offers them all (research A12);
    Bartolome de las Casas may offer none (seed, cards)."""
    n = s.players
    while s.opos < n:
        p = s.order[s.opos]
        seat = s.seats[p]
        hand = seat.hand
        hs = sum(hand)
        casas = s.holders[CH_CASAS] == p
        if hs == 0 or (hs <= s.announced and not casas):
            offer = seat.offer
            for k in range(K):
                offer[k] += hand[k]
                hand[k] = 0
            seat.committed = 1
            s.opos += 1
            ev.append(event("offer", msg("mundus_novus.event.offer", seat=p), seat=p))
            continue
        s.phase, s.cur, s.need = OFFER, p, min(s.announced, hs)
        return
    reveal(s, ev)


def offer_card(s: MundusState, kind: int, ev: list[Event]) -> None:
    p = s.cur
    seat = s.seats[p]
    seat.hand[kind] -= 1
    seat.offer[kind] += 1
    s.need -= 1
    ev.append(event("offer_card", msg("mundus_novus.event.offer_card", card=res_arg(s, kind)), seat=p, private=p, card=name(s, kind)))
    if s.need == 0:
        finish_offer(s, ev)


def offer_nothing(s: MundusState, ev: list[Event]) -> None:
    """Bartolome de las Casas (seed, cards): his owner may commit an empty offer."""
    ev.append(event("offer_none", msg("mundus_novus.event.offer_none"), seat=s.cur, private=s.cur))
    finish_offer(s, ev)


def finish_offer(s: MundusState, ev: list[Event]) -> None:
    s.seats[s.cur].committed = 1
    ev.append(event("offer", msg("mundus_novus.event.offer", seat=s.cur), seat=s.cur))
    s.opos += 1
    next_offerer(s, ev)


def offer_total(s: MundusState, seat: int) -> int:
    """Trade 3.3: the offer's value (Inca relics count 10; Pedro de Valdivia adds 3)."""
    values = s.fx.offer_values
    offer = s.seats[seat].offer
    total = 0
    for k in range(K):
        if offer[k]:
            total += values[k] * offer[k]
    if s.holders[CH_VALDIVIA] == seat:
        total += VALDIVIA_BONUS
    return total


def reveal(s: MundusState, ev: list[Event]) -> None:
    """Trade 3.3: all offers are revealed together; the highest total takes the Trade Master token; on a
    tie the outgoing Trade Master chooses among the tied players (research §5.3.3)."""
    n = s.players
    s.reveals += 1
    totals = []
    names = s.names
    for p in range(n):
        seat = s.seats[p]
        offer, known = seat.offer, seat.known
        seat.start_size = sum(seat.hand) + sum(offer)
        for k in range(K):
            if known[k]:
                kn = known[k] - offer[k]
                known[k] = kn if kn > 0 else 0
        if s.gift_to == p and offer[s.gift_kind]:
            s.gift_from = s.gift_to = s.gift_kind = -1
        t = offer_total(s, p)
        totals.append(t)
        shown = [k for k in range(K) for _ in range(offer[k])]
        ev.append(event("reveal", (msg("mundus_novus.event.reveal", seat=p, cards=res_args(s, shown), total=t) if shown else
                      msg("mundus_novus.event.reveal.nothing", seat=p, total=t)), seat=p, cards=[names[k] for k in shown], total=t))
    best = max(totals)
    tied = [p for p in range(n) if totals[p] == best]
    if len(tied) == 1:
        new_trade_master(s, tied[0], ev)
        return
    s.tie_mask = sum(1 << p for p in tied)
    s.phase, s.cur = TIE, s.tm


def new_trade_master(s: MundusState, seat: int, ev: list[Event]) -> None:
    """Trade 3.4: the new Trade Master takes the first card of the exchange chain."""
    s.tm = seat
    ev.append(event("trade_master", msg("mundus_novus.event.trade_master", seat=seat), seat=seat))
    s.phase, s.cur, s.prev, s.prev2 = EXCHANGE, seat, -1, -1
    if not has_target(s):
        end_chain(s, ev)


def blocked(s: MundusState) -> int:
    """The player the taker may not take straight back from (-1: nobody).  Default (seed, research A4):
    the player who just took from him.  Option ``take_back="once"`` (ludorium's reading): one A<->B
    exchange is allowed, after which A must turn to someone else."""
    if s.options["take_back"] == "once":
        return s.prev if s.prev2 == s.cur else -1
    return s.prev


def targets(s: MundusState) -> list[int]:
    """Trade 3.5: whom the taker may take from: any other player with cards on offer, but not the player
    who just took from him, unless nobody else has cards on offer (seed note; research A4)."""
    cur, prev = s.cur, blocked(s)
    found = []
    prev_ok = False
    for v, seat in enumerate(s.seats):
        if v != cur and any(seat.offer):
            if v == prev:
                prev_ok = True
            else:
                found.append(v)
    if not found and prev_ok:
        found.append(prev)
    return found


def has_target(s: MundusState) -> bool:
    """Whether ``targets(s)`` is not empty: somebody other than the taker has cards on offer."""
    cur = s.cur
    for v, seat in enumerate(s.seats):
        if v != cur and any(seat.offer):
            return True
    return False


def take(s: MundusState, victim: int, kind: int, market_kind: int, ev: list[Event]) -> None:
    """Trade 3.4-3.5: take one card from ``victim``'s offer into hand (``market_kind`` < 0) or put it into
    the market and take a different market card into hand; the victim takes next."""
    p = s.cur
    names = s.names
    s.seats[victim].offer[kind] -= 1
    if market_kind < 0:
        got = kind
        ev.append(event("take", msg("mundus_novus.event.take", seat=p, card=res_arg(s, kind), victim=victim), seat=p, **{'from': victim}, card=names[kind]))
    else:
        got = market_kind
        s.market[s.market.index(market_kind)] = kind
        ev.append(event("swap", msg("mundus_novus.event.swap", seat=p, victim=victim, card=res_arg(s, kind),
                         market=res_arg(s, market_kind)), seat=p, **{'from': victim}, card=names[kind], market=names[market_kind]))
    seat = s.seats[p]
    seat.hand[got] += 1
    seat.known[got] += 1
    if check_ten(s, (p,), ev):
        return
    if market_kind >= 0 and s.holders[CH_ORELLANA] == p and orellana_pattern(s):
        seat.money += ORELLANA_BONUS
        ev.append(event("orellana", msg("mundus_novus.event.orellana", seat=p, amount=ORELLANA_BONUS), seat=p, amount=ORELLANA_BONUS))
        if check_instant_money(s, ev):
            return
    s.prev2, s.prev, s.cur = s.prev, p, victim
    if not has_target(s):
        end_chain(s, ev)


def orellana_pattern(s: MundusState) -> bool:
    """Francisco de Orellana (seed, cards): the market now holds 3 identical cards or 3 consecutive
    values."""
    m = sorted(s.market)
    if m[0] == m[1] == m[2]:
        return True
    value = s.fx.res_value
    vals = sorted(value[k] for k in s.market)
    return vals[0] > 0 and vals[1] == vals[0] + 1 and vals[2] == vals[1] + 1


def end_chain(s: MundusState, ev: list[Event]) -> None:
    """Trade 3.6: the chain ends when nobody can take; untaken cards go back to their owners (research
    A5); a player left one card short receives one card of the Trade Master's choice, face down."""
    n = s.players
    for p in range(n):
        seat = s.seats[p]
        offer, hand, known = seat.offer, seat.hand, seat.known
        for k in range(K):
            c = offer[k]
            if c:
                hand[k] += c
                known[k] += c
                offer[k] = 0
                ev.append(event("return", msg("mundus_novus.event.return", seat=p, n=c, card=res_arg(s, k)), seat=p, card=name(s, k), count=c))
    ev.append(event("chain_end", msg("mundus_novus.event.chain_end")))
    if check_ten(s, range(n), ev):
        return
    short = [p for p in range(n) if p != s.tm and hand_size(s, p) < s.seats[p].start_size]
    if short and hand_size(s, s.tm) > s.seats[s.tm].start_size:
        s.phase, s.cur, s.need = GIFT, s.tm, short[0]
        return
    start_progression(s, ev)


def give_gift(s: MundusState, kind: int, ev: list[Event]) -> None:
    tm, rec = s.cur, s.need
    giver = s.seats[tm]
    giver.hand[kind] -= 1
    s.seats[rec].hand[kind] += 1
    # others saw one card leave the Trade Master's hand but not which: each known count may be one less
    known = giver.known
    for k in range(K):
        if known[k]:
            known[k] -= 1
    s.gift_from, s.gift_to, s.gift_kind = tm, rec, kind
    ev.append(event("gift", msg("mundus_novus.event.gift", seat=tm, to=rec), seat=tm, to=rec))
    ev.append(event("gift_private", msg("mundus_novus.event.gift_private.received", seat=tm, card=res_arg(s, kind)), seat=tm, to=rec, private=rec, card=name(s, kind)))
    ev.append(event("gift_private", msg("mundus_novus.event.gift_private.given", to=rec, card=res_arg(s, kind)), seat=tm, to=rec, private=tm, card=name(s, kind)))
    if check_ten(s, (rec,), ev):
        return
    start_progression(s, ev)


def start_progression(s: MundusState, ev: list[Event]) -> None:
    """Progression (seed 4; research A8): shipyards are paid first: for each shipyard, every player with
    more caravels pays its owner 1 doubloon (what he has, if less); then the Trade Master chooses who
    starts."""
    n = s.players
    cars = [count_kind(s, p, "caravel") for p in range(n)]
    for p in range(n):
        yards = count_kind(s, p, "shipyard")
        if not yards:
            continue
        for q in range(n):
            if q != p and cars[q] > cars[p]:
                pay = min(yards, s.seats[q].money)
                if pay:
                    s.seats[q].money -= pay
                    s.seats[p].money += pay
                    ev.append(event("shipyard", msg("mundus_novus.event.shipyard", seat=q, to=p, n=pay), seat=p, **{'from': q}, amount=pay))
    if check_instant_money(s, ev):
        return
    s.phase, s.cur = START, s.tm
