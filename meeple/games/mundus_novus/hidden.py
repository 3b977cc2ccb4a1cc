"""Mundus Novus determinization: what one seat cannot see, resampled consistently with what it has seen
(``State.determinize``; research §1, seed 4.2)."""

from __future__ import annotations

from meeple.engine.rng import Rng
from meeple.games.mundus_novus.derived import Memos
from meeple.games.mundus_novus.state import (
    INCA,
    KEEP,
    MAX_DIFFERENT,
    MIN_DIFFERENT,
    OFFER,
    PROG,
    K,
    MundusState,
)


def resample_hidden(s: MundusState, seat: int, rng: Rng) -> None:
    """Reshuffle what ``seat`` cannot see: the resource deck's order and contents, the unknown part
    of every other hand (face-down supply, warehouse-kept cards, gifts), other seats' offers not yet
    revealed (or cards being set aside in a warehouse), and the development deck's order.  Cards publicly
    taken into a hand, and cards shown for a different set being built, stay put."""
    n = s.players
    seats = s.seats
    offering = s.phase == OFFER
    keeping = s.phase == KEEP
    pool = s.deck.copy()
    kept: list[list[int]] = [[] for _ in range(n)]  # per seat: known cards that stay, by kind
    hidden_counts: list[int] = [0] * n
    gift_from, gift_to, gift_kind = s.gift_from, s.gift_to, s.gift_kind
    pend_mask = s.pend_mask
    building = s.phase == PROG and bool(pend_mask or s.pend_inca)
    set_kind, set_cards, set_inca = (s.set_kind, s.set_cards, s.set_inca) if s.building else (-1, 0, 0)
    for p in range(n):
        if p == seat:
            continue
        row_p = seats[p]
        have = row_p.hand
        if offering or (keeping and p == s.cur):
            have = [a + b for a, b in zip(have, row_p.offer, strict=True)]
        keep = row_p.known.copy()
        if gift_from == seat and gift_to == p:
            keep[gift_kind] += 1
        if building and p == s.cur:
            # the cards chosen for a different set lie shown at the table (view: pending_different)
            for k in range(INCA):
                if pend_mask >> k & 1 and keep[k] < 1:
                    keep[k] = 1
            if keep[INCA] < s.pend_inca:
                keep[INCA] = s.pend_inca
        if set_kind >= 0 and p == s.cur:
            # the cards chosen for an identical set lie shown at the table (view: building_set)
            if keep[set_kind] < set_cards:
                keep[set_kind] = set_cards
            if keep[INCA] < set_inca:
                keep[INCA] = set_inca
        total = 0
        for k in range(K):
            extra = have[k] - keep[k]
            if extra > 0:
                pool += [k] * extra
                total += extra
            elif extra < 0:
                keep[k] = have[k]
        kept[p] = keep
        hidden_counts[p] = total
    pool.sort()  # canonical order: the sample depends only on what ``seat`` knows and on ``rng``
    rng.shuffle(pool)
    d = len(s.deck)
    if building and s.cur != seat:
        start = d + sum(hidden_counts[p] for p in range(s.cur) if p != seat)
        complete_different(kept[s.cur], pool, start, hidden_counts[s.cur],
                           s.options["inca_wild_in_different"])
    s.deck[:] = pool[:d]
    pos = d
    for p in range(n):
        if p == seat:
            continue
        row_p = seats[p]
        drawn = pool[pos:pos + hidden_counts[p]]
        pos += hidden_counts[p]
        if offering or (keeping and p == s.cur):
            cards = [k for k in range(K) for _ in range(kept[p][k])] + drawn
            offered = sum(row_p.offer)
            rng.shuffle(cards)
            row = [0] * K
            offer = [0] * K
            for k in cards[:offered]:
                offer[k] += 1
            for k in cards[offered:]:
                row[k] += 1
            row_p.offer = offer
        else:
            row = kept[p].copy()
            for k in drawn:
                row[k] += 1
        row_p.hand = row
    for p in range(n):
        if p != seat:
            break_ten(s, p, kept[p], offering or (keeping and p == s.cur))
    s.dev_deck.sort()
    rng.shuffle(s.dev_deck)
    if seat not in (gift_from, gift_to):
        s.gift_from = s.gift_to = s.gift_kind = -1  # which card the Trade Master gave is not this seat's knowledge
    # memos keyed by hands: this seat's copies share one set, built only from what the seat sees and
    # from samples; the game's own memos (built from real hands) are left behind
    memos = s.seat_hx.get(seat)
    if memos is None:
        memos = s.seat_hx[seat] = Memos.for_seat()
    s.hx = memos
    s.seat_hx = {seat: memos}


def complete_different(keep: list[int], pool: list[int], start: int, count: int, wild: bool) -> None:
    """A different set once begun must be cashed (seed 4.2), so its builder's hand holds at least 4
    different resources (Inca relics too under option ``inca_wild_in_different``): everyone may infer
    that much.  The builder's sampled hand is ``keep`` plus ``pool[start:start + count]``; while it holds
    fewer, a card of a new resource from elsewhere in the shuffled pool (the deck, other hands) is swapped
    for a drawn card that adds nothing (the true hand shows such a swap always exists)."""
    row = keep.copy()
    for k in pool[start:start + count]:
        row[k] += 1

    def worth(r: list[int]) -> int:
        plain = sum(1 for k in range(INCA) if r[k])
        return min(MAX_DIFFERENT, plain + r[INCA]) if wild else plain

    others = [j for j in range(len(pool)) if not start <= j < start + count]
    for j in others:
        if worth(row) >= MIN_DIFFERENT:
            return
        k = pool[j]
        if (k == INCA and wild) or (k != INCA and not row[k]):
            for i in range(start, start + count):
                d = pool[i]
                if (d == INCA and not wild) or (d != INCA and row[d] >= 2):
                    pool[i], pool[j] = k, d
                    row[d] -= 1
                    row[k] += 1
                    break
            else:
                return


def break_ten(s: MundusState, p: int, keep: list[int], joint: bool) -> None:
    """No hand of a game still going holds ten different resources: it would have won at once (seed end
    B, checked whenever cards come into a hand), and everyone knows it.  ``joint``: the hand and the offer
    row (cards being offered or kept) count together.  If the sample gave ``p`` all ten, every unseen
    card of one resource ``p`` is not known to hold is swapped with deck cards of other resources (all
    ten are in the hand, so any other resource is one ``p`` already holds; left as it is when the deck
    has too few)."""
    hand, offer = s.seats[p].hand, s.seats[p].offer
    row = [hand[k] + offer[k] for k in range(K)] if joint else hand
    if not all(row):
        return
    for k in sorted((c for c in range(K) if not keep[c]), key=lambda c: (row[c], c)):
        spots = [i for i, j in enumerate(s.deck) if j != k][:row[k]]
        if len(spots) == row[k]:
            break
    else:
        return
    for i in spots:
        j = s.deck[i]
        s.deck[i] = k
        place = hand if hand[k] else offer
        place[k] -= 1
        place[j] += 1
