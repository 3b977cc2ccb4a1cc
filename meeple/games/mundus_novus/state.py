"""The Mundus Novus state: plain data, setup, clone, view and determinization.

Resource kinds are indexes 0..9 (9 = Inca relic).  Per-seat card counts live in flat lists of
``players * 10`` ints (``hand[seat * 10 + kind]``) so that ``clone`` copies a handful of lists.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.engine.core import Action, Event, State
from meeple.engine.rng import Rng
from meeple.games.mundus_novus.fixed import Fixed
from meeple.games.mundus_novus.scoring import final_scores, tiebreak

if TYPE_CHECKING:
    from meeple.engine.components import Tables
    from meeple.engine.core import Game

K = 10  # resource kinds
INCA = 9
HAND_SIZE = 5  # face-down cards dealt to each player every round (seed 2.1)
MARKET_SIZE = 3  # seed: setup 1
QUEUE_SIZE = 5  # seed: setup 2
WIN_MONEY = 75  # seed: end of game A

# phases (each a kind of decision)
CORONADO, PONCE, SUPPLY, PIRATES, ANNOUNCE, OFFER, TIE, EXCHANGE, GIFT, START, PROG, PICKDEV, KEEP, OVER = range(14)
PHASE_NAMES = (
    "coronado", "ponce de leon", "supply", "pirates", "announce", "offer", "trade master tie",
    "exchange", "balancing gift", "progression start", "progression", "choose development", "warehouse",
    "over",
)

_SLOTS = (
    "hand", "offer", "known", "money", "owned", "deck", "discard", "market", "supply", "dev_deck", "queue",
    "round", "event", "tm", "phase", "cur", "announced", "done", "start_size", "prev", "prev2", "order", "opos",
    "need", "split", "sets", "diff_done", "inca_done", "merch_used", "pend_mask", "pend_inca", "pend_set",
    "conv", "spent", "dev_ended", "winner", "gift", "tie_mask", "cash_done", "abil", "names", "acache",
    "fx",
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
    fx: Fixed

    # --- turn properties ---------------------------------------------------------------

    @property
    def to_move(self) -> int:
        return self.cur

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    # --- rules (rules.py / progression.py) ----------------------------------------------------

    def _legal(self) -> list[Action]:
        return _dispatch.legal(self)

    def _apply(self, action: Action) -> list[Event]:
        return _dispatch.apply(self, action)

    def explain_illegal(self, text: str) -> str | None:
        from meeple.games.mundus_novus.explain import explain

        return explain(self, text)

    def scores(self) -> list[int]:
        return final_scores(self)

    def tiebreak(self, seat: int) -> tuple[int, ...]:
        return tiebreak(self, seat)

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
        o.fx = self.fx  # derived from the tables once, shared by all copies

    # --- hidden information ------------------------------------------------------------------

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        """Reshuffle what ``seat`` cannot see: the resource deck's order and contents, the unknown part
        of every other hand (face-down supply, warehouse-kept cards, gifts), other seats' offers not yet
        revealed (or cards being set aside in a warehouse), and the development deck's order.  Cards publicly taken into a hand stay put."""
        n = self.players
        hand, offer, known = self.hand, self.offer, self.known
        offering = self.phase == OFFER
        keeping = self.phase == KEEP
        pool = self.deck.copy()
        kept: list[list[int]] = [[] for _ in range(n)]  # per seat: known cards that stay, by kind
        hidden_counts: list[int] = [0] * n
        gift_from, gift_to, gift_kind = self.gift
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
                row = kept[p]
                for k in drawn:
                    row[k] += 1
            hand[o:o + K] = row
        self.dev_deck.sort()
        rng.shuffle(self.dev_deck)
        if seat not in (gift_from, gift_to):
            self.gift = (-1, -1, -1)  # which card the Trade Master gave is not this seat's knowledge

    # --- view ---------------------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        from meeple.games.mundus_novus.view import build_view

        return build_view(self, seat)


def new_state(game: Game, players: int, seed: int, options: dict[str, Any], tables: Tables) -> MundusState:
    """Setup (seed 'setup' 1-4): shuffle the resource deck, turn up a market of 3, filter the development
    cards by player count, shuffle them and turn up a queue of 5; "no event" on top of the tokens; the
    Trade Master token goes to seat 0 (the youngest player)."""
    s = MundusState.__new__(MundusState)
    State.__init__(s, game, players, seed, options, tables)
    n = players
    s.hand = [0] * (n * K)
    s.offer = [0] * (n * K)
    s.known = [0] * (n * K)
    s.money = [0] * n
    s.owned = [() for _ in range(n)]
    deck: list[int] = []
    for k, res in enumerate(tables.resources):
        deck.extend([k] * res.copies)
    s.rng.shuffle(deck)
    s.deck = deck
    s.discard = [0] * K
    s.market = [s.deck.pop() for _ in range(MARKET_SIZE)]
    s.supply = []
    devs = [i for i, d in enumerate(tables.developments) if d.min_players <= n]
    s.rng.shuffle(devs)
    s.dev_deck = devs
    s.queue = [s.dev_deck.pop() for _ in range(min(QUEUE_SIZE, len(devs)))]
    s.round = 0
    s.event = ""
    s.tm = 0
    s.phase = ANNOUNCE
    s.cur = 0
    s.announced = 0
    s.done = [0] * n
    s.start_size = [0] * n
    s.prev = -1
    s.prev2 = -1
    s.order = []
    s.opos = 0
    s.need = 0
    s.split = 0
    s.sets = 0
    s.diff_done = 0
    s.inca_done = 0
    s.merch_used = 0
    s.pend_mask = 0
    s.pend_inca = 0
    s.pend_set = (-1, 0, 0)
    s.conv = []
    s.spent = [0] * K
    s.dev_ended = False
    s.winner = -1
    s.gift = (-1, -1, -1)
    s.tie_mask = 0
    s.cash_done = 0
    s.abil = {}
    s.names = tuple(r.name for r in tables.resources)
    s.acache = {}
    s.fx = Fixed(tables)
    from meeple.games.mundus_novus.rules import begin_round

    begin_round(s, [])
    return s


from meeple.games.mundus_novus import dispatch as _dispatch  # noqa: E402  (rules import this module)
