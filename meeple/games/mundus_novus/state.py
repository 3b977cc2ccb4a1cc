"""The Mundus Novus position as plain data: fields, the game's constants, clone and determinization.

Resource kinds are indexes 0..9 (9 = Inca relic).  Per-seat card counts live in flat lists of
``players * 10`` ints (``hand[seat * 10 + kind]``) so that ``clone`` copies a handful of lists.
The concrete class binding the rules to this data is ``MundusPosition`` in ``__init__.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.engine.core import State
from meeple.games.mundus_novus.derived import Memos

if TYPE_CHECKING:
    from meeple.engine.core import Action
    from meeple.engine.rng import Rng
    from meeple.games.mundus_novus.derived import Derived

K = 10  # resource kinds
INCA = 9
HAND_SIZE = 5  # face-down cards dealt to each player every round (seed 2.1)
MARKET_SIZE = 3  # seed: setup 1
QUEUE_SIZE = 5  # seed: setup 2
WIN_MONEY = 75  # seed: end of game A
TEN_DIFFERENT_BONUS = 1000
"""The 10-different winner's score is his doubloons + 1000, so he ranks first whatever the money."""
MIN_DIFFERENT = 4  # seed 4.2: a different set has 4 to 9 cards
MAX_DIFFERENT = 9
VALDIVIA_BONUS = 3  # seed: Pedro de Valdivia adds 3 to his offer's value
ORELLANA_BONUS = 2  # seed: Francisco de Orellana's market bonus
CORONADO_PRICE = 2  # research A10: Francisco de Coronado pays 2 doubloons to force an event

# phases (each a kind of decision)
CORONADO, PONCE, SUPPLY, PIRATES, ANNOUNCE, OFFER, TIE, EXCHANGE, GIFT, START, PROG, PICKDEV, KEEP, OVER = range(14)
PHASE_NAMES = (
    "coronado", "ponce de leon", "supply", "pirates", "announce", "offer", "trade master tie",
    "exchange", "balancing gift", "progression start", "progression", "choose development", "warehouse",
    "over",
)

NOTHING = [0] * K  # an empty offer row
NO_ROW = (0,) * K

_SLOTS = (
    "hand", "offer", "known", "money", "owned", "deck", "discard", "market", "supply", "dev_deck", "queue",
    "round", "event", "tm", "phase", "cur", "announced", "done", "start_size", "prev", "prev2", "order", "opos",
    "need", "split", "sets", "diff_done", "inca_done", "merch_used", "pend_mask", "pend_inca", "pend_set",
    "conv", "spent", "dev_ended", "winner", "gift", "tie_mask", "cash_done", "abil", "names", "acache",
    "fx", "hx", "seat_hx", "building", "fleet2", "by_round",
)


class MundusState(State):
    """One position of Mundus Novus."""

    __slots__ = _SLOTS

    hand: list[int]
    offer: list[int]
    known: list[int]
    money: list[int]
    owned: list[tuple[int, ...]]
    deck: list[int]
    discard: list[int]
    market: list[int]
    supply: list[int]
    dev_deck: list[int]
    queue: list[int]
    round: int
    event: str
    tm: int
    phase: int
    cur: int
    announced: int
    done: list[int]
    start_size: list[int]
    prev: int
    prev2: int
    order: list[int]
    opos: int
    need: int
    split: int
    sets: int
    diff_done: int
    inca_done: int
    merch_used: int
    pend_mask: int
    pend_inca: int
    pend_set: tuple[int, int, int]
    conv: list[int]
    spent: list[int]
    dev_ended: bool
    winner: int
    gift: tuple[int, int, int]
    tie_mask: int
    cash_done: int
    abil: dict[str, int]
    names: tuple[str, ...]
    acache: dict[tuple[int, ...], Action]
    fx: Derived
    hx: Memos
    seat_hx: dict[int, Memos]
    building: int
    """1 while an identical set is being built card by card (``pend_set`` holds it so far)."""
    fleet2: int
    """Juan Ponce de León's second fleet being chosen (a bit mask over his caravels, lowest first)."""
    by_round: tuple[tuple[int, ...], ...]
    """Each seat's doubloons at the end of each round so far (the last one: where the game ended).
    Every change of money is announced to the table (income, sets, Inca relics, Orellana, shipyards,
    Coronado); the view shows it once the game is over, as the score sheet's rounds."""

    # --- turn properties ---------------------------------------------------------------

    @property
    def to_move(self) -> int:
        return self.cur

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    # --- clone ------------------------------------------------------------------------------

    def _copy_into(self, other: State) -> None:
        o: Any = other
        o.hand = self.hand.copy()
        o.offer = self.offer.copy()
        o.known = self.known.copy()
        o.money = self.money.copy()
        o.owned = self.owned.copy()
        o.deck = self.deck.copy()
        o.discard = self.discard.copy()
        o.market = self.market.copy()
        o.supply = self.supply.copy()
        o.dev_deck = self.dev_deck.copy()
        o.queue = self.queue.copy()
        o.round = self.round
        o.event = self.event
        o.tm = self.tm
        o.phase = self.phase
        o.cur = self.cur
        o.announced = self.announced
        o.done = self.done.copy()
        o.start_size = self.start_size.copy()
        o.prev = self.prev
        o.prev2 = self.prev2
        o.order = self.order.copy()
        o.opos = self.opos
        o.need = self.need
        o.split = self.split
        o.sets = self.sets
        o.diff_done = self.diff_done
        o.inca_done = self.inca_done
        o.merch_used = self.merch_used
        o.pend_mask = self.pend_mask
        o.pend_inca = self.pend_inca
        o.pend_set = self.pend_set
        o.conv = self.conv.copy()
        o.spent = self.spent.copy()
        o.dev_ended = self.dev_ended
        o.winner = self.winner
        o.gift = self.gift
        o.tie_mask = self.tie_mask
        o.cash_done = self.cash_done
        o.abil = self.abil  # rebuilt (never mutated in place) whenever a character changes hands
        o.names = self.names
        o.acache = self.acache  # memo of immutable Actions by data, shared by all copies
        o.fx = self.fx  # derived from the tables once (derived.py), shared by all copies
        o.hx = self.hx  # memos keyed by hands: the game's, or (determinized copies) one seat's
        o.seat_hx = self.seat_hx
        o.building = self.building
        o.fleet2 = self.fleet2
        o.by_round = self.by_round  # a tuple of tuples: grows by a new tuple, never in place

    # --- hidden information ------------------------------------------------------------------

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        """Reshuffle what ``seat`` cannot see: the resource deck's order and contents, the unknown part
        of every other hand (face-down supply, warehouse-kept cards, gifts), other seats' offers not yet
        revealed (or cards being set aside in a warehouse), and the development deck's order.  Cards publicly
        taken into a hand, and cards shown for a different set being built, stay put."""
        n = self.players
        hand, offer, known = self.hand, self.offer, self.known
        offering = self.phase == OFFER
        keeping = self.phase == KEEP
        pool = self.deck.copy()
        kept: list[list[int]] = [[] for _ in range(n)]  # per seat: known cards that stay, by kind
        hidden_counts: list[int] = [0] * n
        gift_from, gift_to, gift_kind = self.gift
        pend_mask = self.pend_mask
        building = self.phase == PROG and bool(pend_mask or self.pend_inca)
        set_kind, set_cards, set_inca = self.pend_set if self.building else (-1, 0, 0)
        for p in range(n):
            if p == seat:
                continue
            o = p * K
            have = hand[o:o + K]
            if offering or (keeping and p == self.cur):
                have = [a + b for a, b in zip(have, offer[o:o + K], strict=True)]
            keep = known[o:o + K]
            if gift_from == seat and gift_to == p:
                keep[gift_kind] += 1
            if building and p == self.cur:
                # the cards chosen for a different set lie shown at the table (view: pending_different)
                for k in range(INCA):
                    if pend_mask >> k & 1 and keep[k] < 1:
                        keep[k] = 1
                if keep[INCA] < self.pend_inca:
                    keep[INCA] = self.pend_inca
            if set_kind >= 0 and p == self.cur:
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
        d = len(self.deck)
        if building and self.cur != seat:
            start = d + sum(hidden_counts[p] for p in range(self.cur) if p != seat)
            complete_different(kept[self.cur], pool, start, hidden_counts[self.cur],
                               self.options["inca_wild_in_different"])
        self.deck[:] = pool[:d]
        pos = d
        for p in range(n):
            if p == seat:
                continue
            o = p * K
            drawn = pool[pos:pos + hidden_counts[p]]
            pos += hidden_counts[p]
            if offering or (keeping and p == self.cur):
                cards = [k for k in range(K) for _ in range(kept[p][k])] + drawn
                offered = sum(offer[o:o + K])
                rng.shuffle(cards)
                row = [0] * K
                offer[o:o + K] = row
                for k in cards[:offered]:
                    offer[o + k] += 1
                for k in cards[offered:]:
                    row[k] += 1
            else:
                row = kept[p].copy()
                for k in drawn:
                    row[k] += 1
            hand[o:o + K] = row
        for p in range(n):
            if p != seat:
                break_ten(self, p, kept[p], offering or (keeping and p == self.cur))
        self.dev_deck.sort()
        rng.shuffle(self.dev_deck)
        if seat not in (gift_from, gift_to):
            self.gift = (-1, -1, -1)  # which card the Trade Master gave is not this seat's knowledge
        # memos keyed by hands: this seat's copies share one set, built only from what the seat sees and
        # from samples; the game's own memos (built from real hands) are left behind
        memos = self.seat_hx.get(seat)
        if memos is None:
            memos = self.seat_hx[seat] = Memos.for_seat()
        self.hx = memos
        self.seat_hx = {seat: memos}


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
    o = p * K
    hand, offer = s.hand, s.offer
    row = [hand[o + k] + offer[o + k] for k in range(K)] if joint else hand[o:o + K]
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
        place = hand if hand[o + k] else offer
        place[o + k] -= 1
        place[o + j] += 1


# --- small readings of a position, used by every step ------------------------------------------------

def name(s: MundusState, kind: int) -> str:
    return s.names[kind]


def res_arg(s: MundusState, kind: int) -> dict[str, str]:
    """Resource ``kind`` as a message argument (its catalog name, ``messages.ref``)."""
    return {"key": s.fx.res_keys[kind]}


def res_args(s: MundusState, kinds: Any) -> list[dict[str, str]]:
    """Resources as a message argument (a list, joined by the renderer)."""
    keys = s.fx.res_keys
    return [{"key": keys[k]} for k in kinds]


def dev_ref(s: MundusState, index: int) -> dict[str, str]:
    """Development card ``index`` as a message argument."""
    return {"key": s.fx.dev_keys[index]}


def hand_size(s: MundusState, seat: int) -> int:
    o = seat * K
    return sum(s.hand[o:o + K])


def holder(s: MundusState, ability: str) -> int:
    """The seat owning the character with ``ability`` (-1: nobody)."""
    return s.abil.get(ability, -1)


def event_for(s: MundusState, seat: int) -> str:
    """The round's event as it applies to ``seat``: Juan de la Cosa ignores every event (seed, cards)."""
    if s.event and s.abil.get("cosa", -1) != seat:
        return s.event
    return ""


def doubloons(amount: int) -> str:
    """``amount`` with the right noun for event texts ("1 doubloon", "3 doubloons")."""
    return f"{amount} doubloon" if amount == 1 else f"{amount} doubloons"
