"""The Mundus Novus position as plain data: fields, the game's constants, clone and determinization.

Resource kinds are indexes 0..9 (9 = Inca relic).  Per-seat card counts live in flat lists of
``players * 10`` ints (``hand[seat * 10 + kind]``) so that ``clone`` copies a handful of lists.
The concrete class binding the rules to this data is ``MundusPosition`` in ``__init__.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from meeple.engine.core import State

if TYPE_CHECKING:
    from meeple.engine.core import Action
    from meeple.games.mundus_novus.derived import Derived, Memos

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

# --- action opcodes (``Action.data[0]``; the numbers are fixed: action ids and records name them) ----
# round flow 1-6
OP_CORONADO: Final = 1  # Francisco de Coronado forces an event, or not (research A10)
OP_SPLIT: Final = 2  # Juan Ponce de Leon: one fleet (seed, cards)
OP_SUPPLY: Final = 3  # a fleet takes a face-up supply card (seed 2.2)
OP_PIRATE: Final = 4  # Pirates: a card discarded (seed, events)
OP_FLEET_ADD: Final = 5  # version 5: one caravel into Ponce de Leon's second fleet
OP_SPLIT_DONE: Final = 6  # version 5: the second fleet chosen so far is final
# Trade 10-17 (seed 3.1-3.6) and who starts the Progression (seed 4)
OP_ANNOUNCE: Final = 10
OP_OFFER: Final = 11
OP_OFFER_NONE: Final = 12
OP_TM: Final = 13
OP_TAKE: Final = 14
OP_SWAP: Final = 15
OP_GIFT: Final = 16
OP_START: Final = 17
# Progression 21-31 (seed 4, 4.1, 4.2); 20 was "reveal ten different" until version 4
OP_CONVERT: Final = 21
OP_SET: Final = 22
OP_DIFF_ADD: Final = 23
OP_DIFF_CASH: Final = 24
OP_INCA: Final = 25
OP_END: Final = 26
OP_PICK: Final = 27
OP_KEEP: Final = 28
OP_KEEP_DONE: Final = 29
OP_SET_ADD: Final = 30  # version 5: one more card in the identical set being built
OP_SET_CASH: Final = 31  # version 5: the identical set built so far is cashed
END_DATA: Final = (OP_END,)

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
