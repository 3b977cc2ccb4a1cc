"""Mundus Novus Progression step (seed 4, 4.1, 4.2; research §5.4, §6, A1, A2, A7, A9, A15-A18)."""

from __future__ import annotations

from collections.abc import Sequence

from meeple.engine.core import Event
from meeple.engine.messages import event
from meeple.games.mundus_novus.developments import set_abilities
from meeple.games.mundus_novus.ending import (
    check_instant_money,
    check_ten,
    end_game,
    revert_conversions,
    richest,
)
from meeple.games.mundus_novus.events import begin_round
from meeple.games.mundus_novus.state import (
    CH_ALMAGRO,
    INCA,
    KEEP,
    MAX_DIFFERENT,
    PICKDEV,
    PROG,
    WIN_MONEY,
    K,
    MundusState,
    dev_ref,
    event_for,
    name,
    res_arg,
)
from meeple.games.mundus_novus.words import msg


def start_turns(s: MundusState, first: int, ev: list[Event]) -> None:
    """Progression (seed 4): the chosen player starts, then clockwise."""
    n = s.players
    s.order = [(first + i) % n for i in range(n)]
    s.opos = 0
    ev.append(event("progression", msg("mundus_novus.event.progression", seat=first), seat=first))
    begin_turn(s)


def begin_turn(s: MundusState) -> None:
    s.phase, s.cur = PROG, s.order[s.opos]
    s.sets = s.diff_done = s.inca_done = s.merch_used = s.cash_done = 0
    s.pend_mask = s.pend_inca = s.building = 0
    s.conv = []
    s.spent = [0] * K


# --- what the seat may do --------------------------------------------------------------------------

def may_cash(s: MundusState) -> bool:
    """Option ``one_set_only`` (research A1, angespielt's reading): one combination per round in all."""
    return not (s.options["one_set_only"] and s.cash_done)


def set_allowed(s: MundusState, seat: int) -> bool:
    """Seed 4.1: one identical set per round, several under King's Help; a card must be available."""
    if s.sets and event_for(s, seat) != "KH":
        return False
    if not may_cash(s):
        return False
    return bool(s.queue) or (s.holders[CH_ALMAGRO] == seat and bool(s.dev_deck))


def different_count(s: MundusState, seat: int) -> int:
    return different_in(s.seats[seat].hand, s.options["inca_wild_in_different"])


def different_in(h: Sequence[int], inca_wild: bool) -> int:
    """How many cards of a hand (its ``K`` card counts) a different set could hold: its distinct
    resources, plus its Inca relics under option ``inca_wild_in_different`` (at most 9)."""
    distinct = sum(1 for k in range(INCA) if h[k])
    if inca_wild:
        distinct = min(MAX_DIFFERENT, distinct + h[INCA])
    return distinct


def reach(s: MundusState, kind: int, cards: int) -> int:
    """Seed 4.1 table (research §6.1): how many queue positions from n°1 a set may reach."""
    by_size = s.fx.reach_band[(s.fx.res_value[kind] - 1) // 3]
    return by_size[cards] if cards < len(by_size) else by_size[-1]


# --- applying ------------------------------------------------------------------------------------

def remove_public(s: MundusState, seat: int, kind: int, count: int) -> None:
    """Cards leave ``seat``'s hand face up (to the discard pile)."""
    row = s.seats[seat]
    row.hand[kind] -= count
    s.discard[kind] += count
    s.spent[kind] += count
    kn = row.known[kind] - count
    row.known[kind] = kn if kn > 0 else 0
    if s.gift_to == seat and s.gift_kind == kind:
        s.gift_from = s.gift_to = s.gift_kind = -1


def money_for_different(s: MundusState, seat: int, size: int) -> int:
    """Seed 4.2 table; Natives: 1 doubloon per card instead (seed, events)."""
    if event_for(s, seat) == "NA":
        return size
    return s.fx.diff_pay[size]


def money_for_inca(s: MundusState, count: int) -> int:
    """Seed 4.2: Inca relics cashed alone."""
    return s.fx.inca_for(count)


def add_different(s: MundusState, kind: int) -> None:
    """Seed 4.2: one more card in the set of different resources being built."""
    if kind == INCA:
        s.pend_inca += 1
    else:
        s.pend_mask |= 1 << kind


def set_grows(s: MundusState) -> bool:
    """Whether the identical set being built (``set_kind``, ``set_cards``, ``set_inca``) may take one
    more card: its resource while it holds no Inca relic yet (plain cards come first), or a wild Inca
    relic."""
    hand = s.seats[s.cur].hand
    j = s.set_inca
    return (j == 0 and hand[s.set_kind] > s.set_cards) or hand[INCA] > j


def start_set(s: MundusState, kind: int, c: int, j: int, ev: list[Event]) -> None:
    """Seed 4.1, one card at a time (version 5): an identical set begins with its first 3 cards
    (``c`` of ``kind``, ``j`` wild Inca relics; plain cards first); it is cashed at once when it cannot
    grow."""
    s.building = 1
    s.set_kind, s.set_cards, s.set_inca = kind, c, j
    if not set_grows(s):
        cash_set(s, ev)


def add_to_set(s: MundusState, kind: int, ev: list[Event]) -> None:
    """One more card in the identical set being built (its resource, or an Inca relic)."""
    if kind == INCA:
        s.set_inca += 1
    else:
        s.set_cards += 1
    if not set_grows(s):
        cash_set(s, ev)


def cash_set(s: MundusState, ev: list[Event]) -> None:
    """The identical set built so far is shown and discarded (``make_set``)."""
    s.building = 0
    make_set(s, s.set_kind, s.set_cards, s.set_inca, ev)


def make_set(s: MundusState, kind: int, c: int, j: int, ev: list[Event]) -> None:
    """Seed 4.1: an identical set of ``c`` cards of ``kind`` and ``j`` wild Inca relics is shown and
    discarded; the player then chooses the development card it reaches."""
    p = s.cur
    remove_public(s, p, kind, c)
    if j:
        remove_public(s, p, INCA, j)
    s.sets += 1
    s.cash_done += 1
    s.set_kind, s.set_cards, s.set_inca = kind, c, j
    s.phase = PICKDEV
    ev.append(event("set", (msg("mundus_novus.event.set.inca", seat=p, count=c, card=res_arg(s, kind), inca=j) if j else
                  msg("mundus_novus.event.set", seat=p, count=c, card=res_arg(s, kind))), seat=p, kind=name(s, kind), cards=c, inca=j))


def cash_inca(s: MundusState, c: int, ev: list[Event]) -> None:
    """Seed 4.2: ``c`` Inca relics cashed alone."""
    p = s.cur
    remove_public(s, p, INCA, c)
    pay = money_for_inca(s, c)
    s.seats[p].money += pay
    s.inca_done = 1
    s.cash_done += 1
    ev.append(event("inca", msg("mundus_novus.event.inca", seat=p, n=c, amount=pay), seat=p, cards=c, amount=pay))
    check_instant_money(s, ev)


def convert(s: MundusState, k: int, t: int, i: int, ev: list[Event]) -> None:
    """Seed, merchants (research A7): merchant ``i`` turns one ``k`` into a ``t`` for this turn."""
    p = s.cur
    seat = s.seats[p]
    seat.hand[k] -= 1
    seat.hand[t] += 1
    if seat.known[k]:
        seat.known[k] -= 1
    seat.known[t] += 1
    if s.gift_to == p and s.gift_kind == k:
        s.gift_from = s.gift_to = s.gift_kind = -1
    s.merch_used |= 1 << i
    s.conv.append((k, t))
    ev.append(event("convert", msg("mundus_novus.event.convert", seat=p, card=res_arg(s, k), to=res_arg(s, t)), seat=p, **{'from': name(s, k)}, to=name(s, t)))
    check_ten(s, (p,), ev)


def keep_card(s: MundusState, k: int, ev: list[Event]) -> None:
    """Seed, warehouses: one more card set aside (the offer row is empty during Progression: it holds
    the kept cards)."""
    seat = s.seats[s.cur]
    seat.hand[k] -= 1
    seat.offer[k] += 1
    s.need -= 1
    if s.need == 0 or not any(seat.hand):
        finish_turn(s, ev)


def pick_development(s: MundusState, pos: int, ev: list[Event]) -> None:
    """Seed 4.1 A-B: the card is taken, the cards behind it slide forward and n°5 is refilled from the
    deck; if it cannot be refilled the game ends after this round (seed end C)."""
    p = s.cur
    devs = s.fx.devs
    if pos < 0:
        card = s.dev_deck.pop()
        s.reveals += 1
    else:
        card = s.queue.pop(pos)
        if s.dev_deck:
            s.queue.append(s.dev_deck.pop())
            s.reveals += 1
        elif not s.dev_ended:
            s.dev_ended = True
            ev.append(event("queue_empty", msg("mundus_novus.event.queue_empty")))
    s.seats[p].owned = s.seats[p].owned + (card,)
    if devs[card].ability:
        set_abilities(s)
    ev.append(event("develop", (msg("mundus_novus.event.develop.deck", seat=p, card=dev_ref(s, card)) if pos < 0 else
                  msg("mundus_novus.event.develop", seat=p, card=dev_ref(s, card), position=pos + 1)), seat=p, card=devs[card].name, code=devs[card].code))
    s.phase = PROG


def cash_different(s: MundusState, ev: list[Event]) -> None:
    p = s.cur
    size = bin(s.pend_mask).count("1") + s.pend_inca
    cards = []
    for k in range(INCA):
        if s.pend_mask >> k & 1:
            remove_public(s, p, k, 1)
            cards.append(name(s, k))
    if s.pend_inca:
        remove_public(s, p, INCA, s.pend_inca)
        cards.extend([name(s, INCA)] * s.pend_inca)
    pay = money_for_different(s, p, size)
    s.seats[p].money += pay
    s.diff_done = 1
    s.cash_done += 1
    s.pend_mask = s.pend_inca = 0
    ev.append(event("different", msg("mundus_novus.event.different", seat=p, count=size, amount=pay), seat=p, cards=cards, amount=pay))
    check_instant_money(s, ev)


def end_turn(s: MundusState, ev: list[Event]) -> None:
    """Seed 4.2 end: warehouses keep 1-2 cards each (not under Fire); the rest of the hand is discarded."""
    revert_conversions(s)
    p = s.cur
    seat = s.seats[p]
    cap = 0
    if event_for(s, p) != "FI":
        devs = s.fx.devs
        cap = sum(devs[i].keeps for i in seat.owned)
    size = sum(seat.hand)
    if cap and size:
        if size <= cap:
            seat.offer = seat.hand
            seat.hand = [0] * K
            finish_turn(s, ev)
            return
        s.phase, s.need = KEEP, cap
        return
    finish_turn(s, ev)


def finish_turn(s: MundusState, ev: list[Event]) -> None:
    """Seed 4.2 end: the cards not set aside in a warehouse are discarded face up.  Cards other players
    saw go into this hand stay known to them as far as the face-up discard allows (``state.known``)."""
    p = s.cur
    seat = s.seats[p]
    hand, known, discard = seat.hand, seat.known, s.discard
    dropped = 0
    for k in range(K):
        c = hand[k]
        if c:
            discard[k] += c
            dropped += c
            if known[k]:
                # the discard is face up: what is still known is what was known beyond the discarded cards
                kn = known[k] - c
                known[k] = kn if kn > 0 else 0
    kept = sum(seat.offer)
    # the cards set aside in a warehouse are the hand now; the offer row is empty again
    seat.hand = seat.offer
    seat.offer = [0] * K
    if s.gift_to == p:
        s.gift_from = s.gift_to = s.gift_kind = -1
    ev.append(event("turn_end", msg("mundus_novus.event.turn_end", seat=p, kept=kept, dropped=dropped), seat=p, kept=kept, discarded=dropped))
    s.opos += 1
    if check_instant_money(s, ev):
        return
    if s.opos < len(s.order):
        begin_turn(s)
    else:
        end_round(s, ev)


def end_round(s: MundusState, ev: list[Event]) -> None:
    """Seed end A and C (research §7): 75 doubloons at a round's end, or a queue that could not be
    refilled, ends the game."""
    if richest(s) >= WIN_MONEY:
        end_game(s, ev, "a player has 75 doubloons at the end of the round")
    elif s.dev_ended:
        end_game(s, ev, "the development queue could not be refilled")
    else:
        begin_round(s, ev)
