"""Mundus Novus Trade step (seed 3.1-3.6; research §5.3) and the start of Progression (seed 4)."""

from __future__ import annotations

from meeple.engine.core import Action, Event
from meeple.games.mundus_novus.rules import check_instant_money, doubloons, hand_size, name
from meeple.games.mundus_novus.state import (
    ANNOUNCE,
    EXCHANGE,
    GIFT,
    OFFER,
    START,
    TIE,
    K,
    MundusState,
)

OP_ANNOUNCE, OP_OFFER, OP_OFFER_NONE, OP_TM, OP_TAKE, OP_SWAP, OP_GIFT, OP_START = range(10, 18)
NOTHING = [0] * K  # an empty offer row
NO_ROW = (0,) * K
VALDIVIA_BONUS = 3  # seed: Pedro de Valdivia adds 3 to his offer's value
ORELLANA_BONUS = 2  # seed: Francisco de Orellana's market bonus
VICTIM_ACTS_CAP = 100_000  # offer rows whose exchange actions are remembered per game


def start_trade(s: MundusState, ev: list[Event]) -> None:
    """Trade 3.1: the Trade Master announces how many cards everyone offers (2 to 4)."""
    s.phase, s.cur = ANNOUNCE, s.tm


def announce(s: MundusState, count: int, ev: list[Event]) -> None:
    s.announced = count
    s.done = [0] * s.players
    s.order = [(s.tm + i) % s.players for i in range(s.players)]
    s.opos = 0
    ev.append({"type": "announce", "seat": s.tm, "count": count,
               "text": f"Seat {s.tm}, the Trade Master, announces offers of {count} cards"})
    next_offerer(s, ev)


def next_offerer(s: MundusState, ev: list[Event]) -> None:
    """Trade 3.2: everyone commits N cards face down, one seat after another (each commitment stays secret
    until all are revealed together).  A player with N cards or fewer offers them all (research A12);
    Bartolome de las Casas may offer none (seed, cards)."""
    n = s.players
    while s.opos < n:
        p = s.order[s.opos]
        hs = hand_size(s, p)
        casas = s.abil.get("casas", -1) == p
        if hs == 0 or (hs <= s.announced and not casas):
            o = p * K
            for k in range(K):
                s.offer[o + k] += s.hand[o + k]
                s.hand[o + k] = 0
            s.done[p] = 1
            s.opos += 1
            ev.append({"type": "offer", "seat": p, "text": f"Seat {p} commits an offer face down"})
            continue
        s.phase, s.cur, s.need = OFFER, p, min(s.announced, hs)
        return
    reveal(s, ev)


def offer_card(s: MundusState, kind: int, ev: list[Event]) -> None:
    p = s.cur
    s.hand[p * K + kind] -= 1
    s.offer[p * K + kind] += 1
    s.need -= 1
    ev.append({"type": "offer_card", "seat": p, "private": p, "card": name(s, kind),
               "text": f"you put {name(s, kind)} in your offer"})
    if s.need == 0:
        finish_offer(s, ev)


def finish_offer(s: MundusState, ev: list[Event]) -> None:
    s.done[s.cur] = 1
    ev.append({"type": "offer", "seat": s.cur, "text": f"Seat {s.cur} commits an offer face down"})
    s.opos += 1
    next_offerer(s, ev)


def offer_total(s: MundusState, seat: int) -> int:
    """Trade 3.3: the offer's value (Inca relics count 10; Pedro de Valdivia adds 3)."""
    o = seat * K
    res = s.tables.resources
    total = sum(res[k].offer_value * s.offer[o + k] for k in range(K))
    if s.abil.get("valdivia", -1) == seat:
        total += VALDIVIA_BONUS
    return total


def reveal(s: MundusState, ev: list[Event]) -> None:
    """Trade 3.3: all offers are revealed together; the highest total takes the Trade Master token; on a
    tie the outgoing Trade Master chooses among the tied players (research §5.3.3)."""
    n = s.players
    s.reveals += 1
    totals = []
    for p in range(n):
        o = p * K
        s.start_size[p] = sum(s.hand[o:o + K]) + sum(s.offer[o:o + K])
        for k in range(K):
            kn = s.known[o + k] - s.offer[o + k]
            s.known[o + k] = kn if kn > 0 else 0
        if s.gift[1] == p and s.offer[o + s.gift[2]]:
            s.gift = (-1, -1, -1)
        t = offer_total(s, p)
        totals.append(t)
        cards = [name(s, k) for k in range(K) for _ in range(s.offer[o + k])]
        ev.append({"type": "reveal", "seat": p, "cards": cards, "total": t,
                   "text": f"Seat {p} offers {', '.join(cards) or 'nothing'} (value {t})"})
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
    ev.append({"type": "trade_master", "seat": seat, "text": f"Seat {seat} becomes Trade Master"})
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
    offer = s.offer
    found = []
    prev_ok = False
    o = 0
    for v in range(s.players):
        if v != cur and offer[o:o + K] != NOTHING:
            if v == prev:
                prev_ok = True
            else:
                found.append(v)
        o += K
    if not found and prev_ok:
        found.append(prev)
    return found


def has_target(s: MundusState) -> bool:
    """Whether ``targets(s)`` is not empty: somebody other than the taker has cards on offer."""
    offer = s.offer
    cur = s.cur
    o = 0
    for v in range(s.players):
        if v != cur and offer[o:o + K] != NOTHING:
            return True
        o += K
    return False


def take(s: MundusState, victim: int, kind: int, market_kind: int, ev: list[Event]) -> None:
    """Trade 3.4-3.5: take one card from ``victim``'s offer into hand (``market_kind`` < 0) or put it into
    the market and take a different market card into hand; the victim takes next."""
    p = s.cur
    names = s.names
    s.offer[victim * K + kind] -= 1
    if market_kind < 0:
        got = kind
        ev.append({"type": "take", "seat": p, "from": victim, "card": names[kind],
                   "text": f"Seat {p} takes {names[kind]} from seat {victim}"})
    else:
        got = market_kind
        s.market[s.market.index(market_kind)] = kind
        ev.append({"type": "swap", "seat": p, "from": victim, "card": names[kind],
                   "market": names[market_kind],
                   "text": f"Seat {p} puts seat {victim}'s {names[kind]} in the market and takes "
                           f"{names[market_kind]}"})
    s.hand[p * K + got] += 1
    s.known[p * K + got] += 1
    if market_kind >= 0 and s.abil.get("orellana", -1) == p and orellana_pattern(s):
        s.money[p] += ORELLANA_BONUS
        ev.append({"type": "orellana", "seat": p, "amount": ORELLANA_BONUS,
                   "text": f"Seat {p} gains {ORELLANA_BONUS} doubloons (Orellana: market pattern)"})
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
    vals = sorted(s.tables.resources[k].value for k in s.market)
    return vals[0] > 0 and vals[1] == vals[0] + 1 and vals[2] == vals[1] + 1


def end_chain(s: MundusState, ev: list[Event]) -> None:
    """Trade 3.6: the chain ends when nobody can take; untaken cards go back to their owners (research
    A5); a player left one card short receives one card of the Trade Master's choice, face down."""
    n = s.players
    for p in range(n):
        o = p * K
        for k in range(K):
            c = s.offer[o + k]
            if c:
                s.hand[o + k] += c
                s.known[o + k] += c
                s.offer[o + k] = 0
                ev.append({"type": "return", "seat": p, "card": name(s, k), "count": c,
                           "text": f"{c} untaken {name(s, k)} go back to seat {p}"})
    ev.append({"type": "chain_end", "text": "The exchange is over"})
    short = [p for p in range(n) if p != s.tm and hand_size(s, p) < s.start_size[p]]
    if short and hand_size(s, s.tm) > s.start_size[s.tm]:
        s.phase, s.cur, s.need = GIFT, s.tm, short[0]
        return
    start_progression(s, ev)


def give_gift(s: MundusState, kind: int, ev: list[Event]) -> None:
    tm, rec = s.cur, s.need
    s.hand[tm * K + kind] -= 1
    s.hand[rec * K + kind] += 1
    # others saw one card leave the Trade Master's hand but not which: each known count may be one less
    o = tm * K
    for k in range(K):
        if s.known[o + k]:
            s.known[o + k] -= 1
    s.gift = (tm, rec, kind)
    ev.append({"type": "gift", "seat": tm, "to": rec, "text": f"Seat {tm} gives seat {rec} one card face down"})
    ev.append({"type": "gift_private", "seat": tm, "to": rec, "private": rec, "card": name(s, kind),
               "text": f"Seat {tm} gives you {name(s, kind)}"})
    ev.append({"type": "gift_private", "seat": tm, "to": rec, "private": tm, "card": name(s, kind),
               "text": f"you give seat {rec} {name(s, kind)}"})
    start_progression(s, ev)


def start_progression(s: MundusState, ev: list[Event]) -> None:
    """Progression (seed 4; research A8): shipyards are paid first: for each shipyard, every player with
    more caravels pays its owner 1 doubloon (what he has, if less); then the Trade Master chooses who
    starts."""
    from meeple.games.mundus_novus.rules import count_kind

    n = s.players
    cars = [count_kind(s, p, "caravel") for p in range(n)]
    for p in range(n):
        yards = count_kind(s, p, "shipyard")
        if not yards:
            continue
        for q in range(n):
            if q != p and cars[q] > cars[p]:
                pay = min(yards, s.money[q])
                if pay:
                    s.money[q] -= pay
                    s.money[p] += pay
                    ev.append({"type": "shipyard", "seat": p, "from": q, "amount": pay,
                               "text": f"Seat {q} pays seat {p} {doubloons(pay)} (shipyard)"})
    if check_instant_money(s, ev):
        return
    s.phase, s.cur = START, s.tm


def legal_trade(s: MundusState) -> list[Action]:
    ph = s.phase
    p = s.cur
    o = p * K
    data: tuple[int, ...]
    if ph == EXCHANGE:
        return exchange_actions(s)
    if ph == OFFER:
        acts = []
        if s.abil.get("casas", -1) == p and not any(s.offer[o:o + K]):
            acts.append(Action("offer nothing", (OP_OFFER_NONE,)))
        cache = s.acache
        for k in range(K):
            if s.hand[o + k]:
                data = (OP_OFFER, k)
                a = cache.get(data)
                if a is None:
                    a = cache[data] = Action(f"offer {name(s, k)}", data)
                acts.append(a)
        return acts
    if ph == ANNOUNCE:
        return [Action(f"announce {c}", (OP_ANNOUNCE, c)) for c in (2, 3, 4)]
    if ph == TIE:
        return [Action(f"trade master p{q}", (OP_TM, q)) for q in range(s.players) if s.tie_mask >> q & 1]
    if ph == GIFT:
        return [Action(f"give {name(s, k)} to p{s.need}", (OP_GIFT, k)) for k in range(K) if s.hand[o + k]]
    if ph == START:
        return [Action(f"p{q} starts progression", (OP_START, q)) for q in range(s.players)]
    return []


def exchange_actions(s: MundusState) -> list[Action]:
    """Trade 3.4-3.5: for each of ``targets(s)``, each kind on its offer: take it, or swap it for each
    different kind in the market.  (Every target has a take action, so no actions means no target.)
    The actions on one victim's offer row are remembered per game (``victim_actions``)."""
    cur, prev = s.cur, blocked(s)
    market = tuple(sorted(set(s.market)))
    offer = tuple(s.offer)
    cache = s.fx.victim_acts
    acts: list[Action] = []
    prev_key = None
    o = 0
    for v in range(s.players):
        if v != cur:
            row = offer[o:o + K]
            if row != NO_ROW:
                key = (v, row, market)
                if v == prev:
                    prev_key = key
                else:
                    part = cache.get(key)
                    acts.extend(part if part is not None else victim_part(s, key))
        o += K
    if not acts and prev_key is not None:
        part = cache.get(prev_key)
        acts.extend(part if part is not None else victim_part(s, prev_key))
    return acts


def victim_part(s: MundusState, key: tuple[int, tuple[int, ...], tuple[int, ...]]) -> list[Action]:
    """``victim_actions`` for (victim, offer row, market kinds), remembered per game."""
    cache = s.fx.victim_acts
    if len(cache) >= VICTIM_ACTS_CAP:
        cache.clear()
    part = cache[key] = victim_actions(s, *key)
    return part


def victim_actions(s: MundusState, v: int, row: tuple[int, ...], market: tuple[int, ...]) -> list[Action]:
    """The exchange actions on victim ``v``'s offer ``row`` with these market kinds (``exchange_actions``)."""
    names = s.names
    cache = s.acache
    acts = []
    for k in range(K):
        if row[k]:
            data: tuple[int, ...] = (OP_TAKE, v, k, -1)
            a = cache.get(data)
            if a is None:
                a = cache[data] = Action(f"take {names[k]} from p{v}", data)
            acts.append(a)
            for m in market:
                if m != k:
                    data = (OP_SWAP, v, k, m)
                    a = cache.get(data)
                    if a is None:
                        a = cache[data] = Action(f"swap {names[k]} from p{v} for {names[m]}", data)
                    acts.append(a)
    return acts


def apply_trade(s: MundusState, data: tuple[int, ...], ev: list[Event]) -> None:
    op = data[0]
    if op == OP_TAKE:
        take(s, data[1], data[2], -1, ev)
    elif op == OP_SWAP:
        take(s, data[1], data[2], data[3], ev)
    elif op == OP_OFFER:
        offer_card(s, data[1], ev)
    elif op == OP_OFFER_NONE:
        ev.append({"type": "offer_none", "seat": s.cur, "private": s.cur,
                   "text": "you offer nothing (Bartolome de las Casas)"})
        finish_offer(s, ev)
    elif op == OP_ANNOUNCE:
        announce(s, data[1], ev)
    elif op == OP_TM:
        new_trade_master(s, data[1], ev)
    elif op == OP_GIFT:
        give_gift(s, data[1], ev)
    elif op == OP_START:
        from meeple.games.mundus_novus.progression import start_turns

        start_turns(s, data[1], ev)
