"""The Mundus Novus position as typed records: the game's constants, its opcodes, and its fields.

Resource kinds are indexes 0..9 (9 = the Inca relic).  Everything a player holds is a ``Seat``
(``s.seats[p].hand[kind]``: his cards in hand by resource kind); the board is fields of
``MundusState``.  ``clone`` is derived from the declared fields (``meeple.engine.fields``).  The
determinization is ``hidden.py``'s, and the concrete class binding the rules to this data is
``MundusPosition`` in ``__init__.py``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from mypy_extensions import mypyc_attr

from meeple.engine.core import State
from meeple.engine.fields import Record, Shared, slots

if TYPE_CHECKING:
    from meeple.engine.core import Action
    from meeple.games.mundus_novus.derived import Derived, Memos

# Every row of cards (``Seat.hand``, ``Seat.offer``, ``Seat.known``, ``discard``, ``spent``) is K counts
# indexed by resource kind, in the order of ``components.RESOURCES``:
#
#   kind   0      1     2        3       4       5           6       7       8        9
#          cocoa  corn  tobacco  coffee  cotton  sugar cane  potato  indigo  vanilla  Inca relic
#   value  1      2     3        4       5       6           7       8       9        -  (offers: 10)
#
# The other lists are sequences of kinds (``deck``, top card last; ``market``; ``supply``) or of
# development indexes into ``tables.developments`` (``dev_deck``, top last; ``queue``, n°1 first).
K: Final = 10  # resource kinds
INCA: Final = 9
HAND_SIZE: Final = 5  # face-down cards dealt to each player every round (seed 2.1)
MARKET_SIZE: Final = 3  # seed: setup 1
QUEUE_SIZE: Final = 5  # seed: setup 2
WIN_MONEY: Final = 75  # seed: end of game A
TEN_DIFFERENT_BONUS: Final = 1000
"""The 10-different winner's score is his doubloons + 1000, so he ranks first whatever the money."""
MIN_DIFFERENT: Final = 4  # seed 4.2: a different set has 4 to 9 cards
MAX_DIFFERENT: Final = 9
VALDIVIA_BONUS: Final = 3  # seed: Pedro de Valdivia adds 3 to his offer's value
ORELLANA_BONUS: Final = 2  # seed: Francisco de Orellana's market bonus
CORONADO_PRICE: Final = 2  # research A10: Francisco de Coronado pays 2 doubloons to force an event

# phases (each a kind of decision)
CORONADO: Final = 0
PONCE: Final = 1
SUPPLY: Final = 2
PIRATES: Final = 3
ANNOUNCE: Final = 4
OFFER: Final = 5
TIE: Final = 6
EXCHANGE: Final = 7
GIFT: Final = 8
START: Final = 9
PROG: Final = 10
PICKDEV: Final = 11
KEEP: Final = 12
OVER: Final = 13
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

# the characters whose rules the engine knows (``Development.ability``), as indexes into ``holders``
ABILITIES: Final = ("cortes", "almagro", "cosa", "casas", "valdivia", "orellana", "coronado", "pizarro", "ponce")
CH_CORTES: Final = 0
CH_ALMAGRO: Final = 1
CH_COSA: Final = 2
CH_CASAS: Final = 3
CH_VALDIVIA: Final = 4
CH_ORELLANA: Final = 5
CH_CORONADO: Final = 6
CH_PIZARRO: Final = 7
CH_PONCE: Final = 8
NOBODY: Final = (-1,) * len(ABILITIES)  # ``holders`` while no character is in play

NO_ROW = (0,) * K  # an empty offer row, as a tuple


class Seat(Record):
    """One player: his cards (each a row of ``K`` counts, indexed by resource kind), his doubloons and
    his development cards."""

    hand: list[int]
    """Cards in hand, by resource kind."""
    offer: list[int]
    """Cards offered in Trade (seed 3.2), or set aside in a warehouse at his Progression turn's end."""
    known: list[int]
    """Of each kind, how many of his cards in hand every other player saw go in (taken face up, a
    supply card, an untaken offer back); the determinization keeps them (``hidden.py``)."""
    money: int
    owned: tuple[int, ...]
    """Development cards (indexes into ``tables.developments``) in the order taken."""
    committed: int
    """Trade 3.2: 1 once his offer is committed (phase OFFER)."""
    start_size: int
    """Trade 3.6: his cards in hand and on offer when the offers were revealed."""

    __slots__ = slots(__annotations__)


def new_seat() -> Seat:
    """A seat as the game starts: no cards, no doubloons, no developments."""
    seat = Seat()
    seat.hand = [0] * K
    seat.offer = [0] * K
    seat.known = [0] * K
    seat.money = 0
    seat.owned = ()
    seat.committed = 0
    seat.start_size = 0
    return seat


@mypyc_attr(allow_interpreted_subclasses=True)  # the Position in __init__ stays interpreted
class MundusState(State):
    """One position of Mundus Novus."""

    seats: list[Seat]
    # the board: resource kinds (``deck``: the top card last), development indexes (``queue``: n°1 first)
    deck: list[int]
    discard: list[int]
    """The face-up discard pile, by resource kind (``K`` counts)."""
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
    prev: int
    prev2: int
    order: list[int]
    """Seats in the order the current step takes them: offers (seed 3.2) and Progression turns (seed 4)
    from a seat, the fleets taking the supply (seed 2.2, one entry per fleet), the Pirates' victims."""
    counts: list[int]
    """Along ``order`` in Supply and Pirates: the cards each fleet takes, or each victim discards."""
    opos: int
    need: int
    split: int
    fleet2: int
    """Juan Ponce de León's second fleet being chosen (a bit mask over his caravels, lowest first)."""
    sets: int
    diff_done: int
    inca_done: int
    merch_used: int
    cash_done: int
    pend_mask: int
    """The different set being built (seed 4.2): a bit per plain resource kind in it."""
    pend_inca: int
    """Inca relics in the different set being built."""
    building: int
    """1 while an identical set is being built card by card (version 5)."""
    set_kind: int
    """The identical set being built or just cashed (phase PICKDEV): its resource kind (-1: none)..."""
    set_cards: int
    """... its cards of that kind ..."""
    set_inca: int
    """... and its wild Inca relics."""
    conv: list[tuple[int, int]]
    """Merchants' conversions this turn (printed kind, kind it stands for), in order (research A7)."""
    spent: list[int]
    """Cards discarded in combinations this turn, by kind (``ending.revert_conversions``)."""
    dev_ended: bool
    winner: int
    gift_from: int
    """The balancing gift (seed 3.6 B) as its giver and receiver know it: who gave (-1: none) ..."""
    gift_to: int
    """... to whom ..."""
    gift_kind: int
    """... and which card."""
    tie_mask: int
    holders: tuple[int, ...]
    """The seat holding each character (``ABILITIES``, -1: nobody); rebuilt when one changes hands."""
    names: tuple[str, ...]
    acache: Shared[dict[tuple[int, ...], Action]]
    """Every immutable ``Action`` by its data, shared by all copies (``derived.actions``)."""
    fx: Shared[Derived]
    """What the tables fix, derived once (``derived.py``)."""
    hx: Shared[Memos]
    """Memos keyed by hands: the game's, or (determinized copies) one seat's."""
    seat_hx: Shared[dict[int, Memos]]
    """Each seat's memos for its determinized copies, kept with the true game."""
    by_round: tuple[tuple[int, ...], ...]
    """Each seat's doubloons at the end of each round so far (the last one: where the game ended).
    Every change of money is announced to the table (income, sets, Inca relics, Orellana, shipyards,
    Coronado); the view shows it once the game is over, as the score sheet's rounds."""

    __slots__ = slots(__annotations__)

    # --- turn properties ---------------------------------------------------------------

    @property
    def to_move(self) -> int:
        return self.cur

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def owned(self) -> list[tuple[int, ...]]:
        """Each seat's development cards (a reading of ``seats[p].owned``)."""
        return [seat.owned for seat in self.seats]


# --- small readings of a position, used by every step ------------------------------------------------

def name(s: MundusState, kind: int) -> str:
    return s.names[kind]


def res_arg(s: MundusState, kind: int) -> dict[str, str]:
    """Resource ``kind`` as a message argument (its catalog name, ``messages.ref``)."""
    return {"key": s.fx.res_keys[kind]}


def res_args(s: MundusState, kinds: Iterable[int]) -> list[dict[str, str]]:
    """Resources as a message argument (a list, joined by the renderer)."""
    keys = s.fx.res_keys
    return [{"key": keys[k]} for k in kinds]


def dev_ref(s: MundusState, index: int) -> dict[str, str]:
    """Development card ``index`` as a message argument."""
    return {"key": s.fx.dev_keys[index]}


def hand_size(s: MundusState, seat: int) -> int:
    return sum(s.seats[seat].hand)


def event_for(s: MundusState, seat: int) -> str:
    """The round's event as it applies to ``seat``: Juan de la Cosa ignores every event (seed, cards)."""
    if s.event and s.holders[CH_COSA] != seat:
        return s.event
    return ""


def doubloons(amount: int) -> str:
    """``amount`` with the right noun for event texts ("1 doubloon", "3 doubloons")."""
    return f"{amount} doubloon" if amount == 1 else f"{amount} doubloons"
