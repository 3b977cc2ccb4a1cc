"""The Troyes position: its fields, the game's constants, turn, copy and determinize.

The concrete class that binds the rules to these fields is ``TroyesPosition`` in
``__init__.py``; setup is in ``setup.py``."""

from __future__ import annotations

from typing import Any, Final

from mypy_extensions import mypyc_attr

from meeple.engine.core import Event, State
from meeple.engine.fields import Record, Shared
from meeple.engine.fields import slots as field_slots
from meeple.engine.messages import Message, event
from meeple.engine.rng import Rng
from meeple.games.troyes.derived import Caches, card_pools
from meeple.games.troyes.words import msg

NEUTRAL = 4                     # the neutral (grey) owner of citizens and dice
MAX_CITIZENS = 12               # a player never owns more (research §1, seed)
START_DENIERS = 5               # research §2 (5, not the 10 of one review)
START_INFLUENCE = 4
MAX_INFLUENCE = 20
INCOME = 10
SHORT_PENALTY = 2               # flat VP lost when a player cannot pay / comply / counter
GREY_CITIZENS = 8
START_CITIZENS = {2: 6, 3: 5, 4: 4}
ROUNDS = {2: 4, 3: 5, 4: 6}     # = red event cards in the red deck
CHARACTERS_EACH = {2: 2, 3: 1, 4: 1}
DICE_PRICE = (0, 2, 4, 6)       # per bought die, by the size of the group
PASS_FIRST = 2                  # deniers to the district on passing while dice remain
PASS_LATER = 1                  # each later turn that passes by
NO_SPACE = 15                   # a tradesman on an activity card without a VP space

TOP_LEVEL = 12                  # ``cath`` index of the top level's first space (level 2 * 6)

# phases
P_KEEP, P_DRAFT, P_BLACK, P_ACTION, P_OVER = 0, 1, 2, 3, 4
PHASE_NAMES = ("choose character", "draft", "black dice", "actions", "over")
# steps inside the black-dice and action phases
S_MAIN, S_FLIP, S_SPEND, S_SRC, S_CUBE, S_DICE, S_TIMES, S_MASON, S_SQUIRE, S_COUNT = range(10)
STEP_NAMES = ("main", "flip", "spend dice", "citizen source", "cube", "dice", "activations",
              "master mason space", "squire event", "black dice to counter")

# action targets
T_ACT, T_CATH, T_FIGHT, T_PLACE, T_FARM = 1, 2, 3, 4, 5
MARAUD = 99                     # target argument for the permanent Marauding event

# citizen sources
SRC_NONE, SRC_SUPPLY = -1, 0
SRC_LYING = 10                  # + building
SRC_CARD = 20                   # + activity slot
SRC_BLD = 40                    # + building space index (a citizen standing in a building)

# Opcodes: ``Action.data[0]``, the key of ``rules.HANDLERS`` (numbers fixed: action ids and
# records depend on them).  Since version 8 a dice group is chosen one die at a time (OP_DICE:
# one die, OP_DONE: the group is complete), in the order of ``die_rank``, and the black dice to
# counter likewise (OP_COUNTER: one black die, highest first, OP_DONE).
OP_KEEP: Final = 1        # keep one of two drawn characters (draw_two_keep_one)
OP_DRAFT: Final = 2       # place a starting citizen
OP_REROLL: Final = 3      # 1 influence: reroll an own die
OP_RECRUIT: Final = 4     # 2 influence: a new citizen
OP_FLIP: Final = 5        # 4 influence: start turning over up to three own dice
OP_FLIPDIE: Final = 6     # turn one own die over
OP_FLIPSTOP: Final = 7    # stop turning dice over
OP_COUNTER: Final = 8     # a black die to counter
OP_SPEND: Final = 9       # an own die spent against the chosen black dice
OP_GIVEUP: Final = 10     # cannot counter the highest black die
OP_TARGET: Final = 11     # the action of a turn (activate, cathedral, combat, place, farm)
OP_SRC: Final = 12        # where the citizen to place or hire comes from
OP_CUBE: Final = 13       # which delayed-card cube modifies the action (-1: none)
OP_DICE: Final = 14       # one more die of the group
OP_TIMES: Final = 15      # how many activations (and the Miller's split)
OP_PASS: Final = 16       # pass for the round
OP_PICK: Final = 17       # a Master Mason / Squire cube where the player chooses
OP_DONE: Final = 18       # the group (or the black dice to counter) is complete

# push-out protection (option ``push_out_protection``)
PROTECT_LYING, PROTECT_ROUND = 0, 1

LETTER = "rwy"
BUILDING_WORDS = ("palace", "bishopric", "city hall")

# Delayed ("cube") cards: which targets each may modify.
DICE_MODS = ("monk", "tithing", "priest", "apprenticeship", "chaplain", "blacksmith", "militia",
             "mercenary", "knight", "canon")




def die(owner: int, colour: int, value: int) -> int:
    """Encode a die as one int."""
    return (owner << 6) | (colour << 3) | value


def d_owner(d: int) -> int:
    return d >> 6


def d_colour(d: int) -> int:
    return (d >> 3) & 7


def d_value(d: int) -> int:
    return d & 7


def die_rank(d: int, seat: int, players: int) -> int:
    """The order in which the dice of a group are chosen (version 8): own dice first, then
    the other seats' in turn order after ``seat``, then neutral dice; by colour (red, white,
    yellow), then from the highest value down.  A group is reached in this one order."""
    own = d >> 6
    rel = players if own == NEUTRAL else (own - seat) % players
    return (rel << 6) | (d & 0o70) | (7 - (d & 7))


# die_rank of every die (owner 0-4, colour 0-2, value 0-7) for seat 0-3 of 1-4 players:
# _RANKS[players][seat][d] (a sort key without a call per die)
_RANKS = tuple(tuple(tuple(die_rank(d, seat, n) for d in range((NEUTRAL + 1) << 6)) for seat in range(n))
               for n in range(5))


def rank_table(seat: int, players: int) -> tuple[int, ...]:
    """``die_rank(d, seat, players)`` for every die ``d``, as a table indexed by the die."""
    return _RANKS[players][seat]


def _die_text(d: int, seat: int) -> str:
    own = d >> 6
    base = f"{(LETTER + '?????')[(d >> 3) & 7]}{d & 7}"  # colours 3-7 never occur
    if own == seat:
        return base
    return f"{base}@n" if own == NEUTRAL else f"{base}@p{own}"


# every die (owner 0-4, colour 0-2, value 0-7) as seen by seats 0-3 and by nobody (5)
_DIE_TEXTS = tuple(tuple(_die_text(d, seat) for d in range((NEUTRAL + 1) << 6)) for seat in range(NEUTRAL + 2))


def die_text(d: int, seat: int) -> str:
    """``r5`` for one of ``seat``'s own dice, ``r5@p2`` for seat 2's (0-based), ``r5@n`` for a neutral one."""
    return _DIE_TEXTS[seat][d]


# Seats are named by their 0-based index everywhere a person reads them (docs/engine.md).
_PNAMES = ("seat 0", "seat 1", "seat 2", "seat 3", "neutral")
_PNAMES_START = ("Seat 0", "Seat 1", "Seat 2", "Seat 3", "Neutral")


def pname(p: int) -> str:
    """``seat 2`` (mid-sentence); ``neutral`` for the neutral colour."""
    return _PNAMES[p]


def pname_start(p: int) -> str:
    """``Seat 2``, for the start of an event text."""
    return _PNAMES_START[p]


def gain_influence(s: TroyesState, p: int, k: int) -> None:
    """Influence is capped at 20; anything above is lost (research §3.3)."""
    s.seats[p].infl = min(MAX_INFLUENCE, s.seats[p].infl + k)


def lose_vp(s: TroyesState, p: int, k: int, why: Message, ev: list[Event]) -> None:
    """A penalty never takes a player below 0 VP (research §4, S6/S7)."""
    lost = min(k, s.seats[p].vp)
    s.seats[p].vp -= lost
    ev.append(event("penalty", msg("troyes.event.penalty", seat=p, vp=lost, why=why), seat=p))


class Seat(Record):
    """One player's own things: purse, points, citizens, and their tradesmen, card cubes and
    lying citizens on the board (indexed by activity slot or building)."""

    deniers: int
    vp: int
    infl: int               # influence, 0..MAX_INFLUENCE
    supply: int             # citizens in the personal supply
    owned: int              # citizens owned in all (at most MAX_CITIZENS)
    district: int           # pass deniers lying in the district
    passed: int             # 0 playing, 1 passed, 2 passed and earning district deniers
    trade: list[int]        # 9: activity slot -> 0 (no tradesman), VP space + 1, or NO_SPACE
    cubes: list[int]        # 9: activity slot -> cubes on that delayed card
    lying: list[int]        # 3: building -> own expelled citizens lying beside it
    expelled: list[int]     # 3: building -> 1 once expelled from it this round
    chars: list[int]        # character cards held (secret), sorted
    won: list[int]          # event cards taken, in the order taken
    __slots__ = field_slots(__annotations__)


def new_seat(deniers: int, infl: int, citizens: int) -> Seat:
    """A seat at the start: its purse, influence and citizens (all in the supply)."""
    q = Seat()
    q.deniers, q.vp, q.infl, q.supply, q.owned, q.district, q.passed = deniers, 0, infl, citizens, citizens, 0, 0
    q.trade, q.cubes, q.lying, q.expelled = [0] * 9, [0] * 9, [0] * 3, [0] * 3
    q.chars, q.won = [], []
    return q


@mypyc_attr(allow_interpreted_subclasses=True)  # the Position in __init__ stays interpreted
class TroyesState(State):
    """One position of Troyes.  Seats 0..n-1 (``seats``); owner 4 is the neutral (grey) player.

    The board's fixed arrays, by the index the actions name::

        bld  (18)  building * 6 + space        cath (18)  level * 6 + space (space = value - 1)
               space 0 1 2 3 4 5                        space 0 1 2 3 4 5
        0 palace     1 2 3 4 5 6  (die value)   level 0 (I)    . . . . . .
        1 bishopric  [0 1][2 3][4 5]  rows      level 1 (II)   . . . . . .
        2 city hall  [0 1][2 3][4 5]  (l, r)    level 2 (III)  . . . . . .
        each: -1 empty, a seat, or NEUTRAL      each: -1 empty or the seat of the cube

        slots (9)  colour * 3 + level - 1 -> activity card   (red I II III, white ..., yellow ...)

    A die is one int (``die``): owner << 6 | colour << 3 | value."""

    # component tables read in hot paths and the position-keyed caches of this component set
    # (``derived.caches``): shared by every copy
    acts: tuple[Any, ...]   # tables.activities
    evts: tuple[Any, ...]   # tables.events
    perm: Any               # tables.permanent[0] (Marauding)
    brd: Any                # tables.board[0]
    caches: Shared[Caches]  # derived.caches(tables)
    phase: int              # P_KEEP .. P_OVER
    step: int               # S_MAIN .. S_COUNT (black-dice and action phases)
    rnd: int
    rounds: int
    start: int              # the start player of this round
    turn: int               # the seat to move in the black-dice and action phases
    grey: int               # neutral citizens in the grey supply
    revealed: int           # activity levels face up (0-3)
    tgt_kind: int           # the pending action: T_ACT .. T_FARM (0: none)
    tgt_arg: int            # its slot, event (MARAUD) or building
    src: int                # its citizen source (SRC_NONE, SRC_SUPPLY, SRC_LYING + b, ...)
    mod: int                # the slot of its delayed-card cube (-1: none)
    pool: int               # black dice: the strength spent so far against ``bsel``
    prot: int               # push-out protection reading (PROTECT_LYING / PROTECT_ROUND)
    picks: int              # Master Mason / Squire: cubes still to place one by one
    seats: list[Seat]
    bld: list[int]          # 18: building * 6 + space -> occupant (drawn above)
    cath: list[int]         # 18: level * 6 + space -> owner of the cube (drawn above)
    slots: list[int]        # 9: colour * 3 + level - 1 -> activity card index
    dice: list[int]         # coloured dice on the city square (``die`` encoding)
    black: list[int]        # black dice values, highest first
    row: list[int]          # event cards in the row, left to right
    evcubes: list[list[int]]  # parallel to row: owners of the cubes in placement order
    maraud: list[int]       # owners of the cubes on Marauding
    gone: list[int]         # event cards removed by a neutral majority
    decks: list[list[int]]  # red, white, yellow event decks (top = last)
    pair: list[int]         # draw-two-keep-one: the two characters the chooser holds now
    klog: list[tuple[int, int, int, int]]  # draw-two-keep-one, per choice: (seat, kept, drawn, drawn)
    box: list[int]          # character cards not in play (the character deck)
    order: list[int]        # seats still to choose a character / draft, in order
    group: list[int]        # dice chosen for the pending action
    flipped: list[int]      # dice indices turned over in the current flip
    bsel: list[int]         # black dice chosen for the current counter
    final: list[int]        # final scores once over
    __slots__ = field_slots(__annotations__)

    # --- turn -----------------------------------------------------------------------

    @property
    def to_move(self) -> int:
        if self.phase == P_KEEP or self.phase == P_DRAFT:
            return self.order[0] if self.order else 0
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == P_OVER

    def _decision_ahead(self) -> bool:
        """A main step whose seat surely has several choices (``several_main_actions``)."""
        return self.phase == P_ACTION and self.step == S_MAIN and several_main_actions(self, self.turn)

    # --- determinize -------------------------------------------------------

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        """Other seats' characters, the event decks' contents and order, face-down activity cards."""
        events, activities = card_pools(self.tables)
        if self.phase != P_OVER:
            self._resample_characters(seat, rng)
        known = set(self.row) | set(self.gone)
        for q in self.seats:
            known.update(q.won)
        for colour in range(3):
            deck = self.decks[colour]
            if not deck:
                continue
            pool = [i for i in events[colour] if i not in known]
            rng.shuffle(pool)
            self.decks[colour] = pool[:len(deck)]
        for slot in range(9):
            if slot % 3 + 1 > self.revealed:
                self.slots[slot] = rng.choice(activities[slot])

    def _resample_characters(self, seat: int, rng: Rng) -> None:
        """Other seats' characters, dealt again consistently with what ``seat`` drew and kept."""
        everything = list(range(len(self.tables.characters)))
        if not self.klog and not self.pair:
            pool = [c for c in everything if c not in self.seats[seat].chars]
            rng.shuffle(pool)
            for q in range(self.players):
                if q != seat:
                    k = len(self.seats[q].chars)
                    self.seats[q].chars = sorted(pool[:k])
                    pool = pool[k:]
            self.box = pool
            return
        # draw-two-keep-one: replay the choices in order; another seat's kept card is any card
        # not kept before, not in ``seat``'s hand, and not among the cards ``seat`` drew later.
        chooser = self.order[0] if self.phase == P_KEEP and self.order else -1
        mine = set(self.seats[seat].chars) | (set(self.pair) if chooser == seat else set())
        log = self.klog
        kept: list[int] = []
        hands: list[list[int]] = [[] for _ in range(self.players)]
        new_log: list[tuple[int, int, int, int]] = []
        for i, entry in enumerate(log):
            q, c = entry[0], entry[1]
            if q != seat:
                later = {x for later_entry in log[i + 1:] if later_entry[0] == seat for x in later_entry[2:]}
                if chooser == seat:
                    later |= set(self.pair)
                options = [x for x in everything if x not in kept and x not in mine and x not in later]
                if not options:
                    options = [x for x in everything if x not in kept and x not in mine]
                c = rng.choice(options)
                new_log.append((q, c, c, c))
            else:
                new_log.append(entry)
            kept.append(c)
            hands[q].append(c)
        for q in range(self.players):
            if q != seat:
                self.seats[q].chars = sorted(hands[q])
        self.klog = new_log
        rest = [x for x in everything if x not in kept and not (chooser == seat and x in self.pair)]
        rng.shuffle(rest)
        if chooser >= 0 and chooser != seat:
            self.pair = sorted(rest[:2])
            rest = rest[2:]
        self.box = rest


def several_main_actions(s: TroyesState, p: int) -> bool:
    """Seat ``p``'s main step lists at least two actions: pass always, and a reroll (1 influence
    and an own die) or recruiting (2 influence, fewer than the most citizens) (``actions.main_actions``)."""
    infl = s.seats[p].infl
    if infl >= 2 and s.seats[p].owned < MAX_CITIZENS:
        return True
    if infl >= 1:
        for d in s.dice:
            if d >> 6 == p:
                return True
    return False
