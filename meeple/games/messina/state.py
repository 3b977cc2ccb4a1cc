"""The Messina 1347 position: its fields as typed records (``Seat`` per player, ``Workshops`` and
``Wagons`` built, the board's per-node lists), the game's constants, the turn properties and the
resampling of what no seat can see.  Every field is declared once, as an annotation; the clone is
derived from the declarations (``meeple.engine.fields``).

The hooks (legal actions, apply, view, scores, explain) are methods of ``MessinaPosition`` in
``__init__.py``; this module knows only the data.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from mypy_extensions import mypyc_attr

from meeple.engine.core import Action, State
from meeple.engine.fields import Record, Shared, slots
from meeple.engine.rng import Rng
from meeple.games.messina.derived import Derived

# --- constants (not printed on components): state layout and codes ----------------------------


# registers (``Seat.track``, ``Seat.stamp``): 0 popularity, 1 city, 2 church
POPULARITY, CITY, CHURCH = 0, 1, 2

# nodes (``state.cubes[n]``, ``used[n]``, ``owner[n]``, ``citizens[k][n]``, ``ntile[n]``, ...):
#   0  1  2  3 | 4  5  6  7 | 8 .. 27
#   harbours   | their docks| districts (-1 tile: not in play yet)
N_HARBOURS = 4
DOCK0 = 4
D0 = 8
NODES = 28

# lieutenants (``Seat.lt_where[i]``, ``Seat.lt_status[i]``, i < MAXLT)
MAXLT = 5
LOC_ESTATE = -1
LOC_NONE = -2   # not yet gained
LOC_LOST = -3   # paid for a repopulation, gone for good
READY, STANDING, SPENT = 0, 1, 2

# estate (``Seat.estate[k]``, k < SLOTS): -1 empty, 0 ordinary citizen, 1 upgraded citizen
SLOTS = 18
EMPTY = -1
# quarantine cabins (``Seat.cabin_*[k]``, k < CABINS): citizen -1 or class*2+upgraded, stage 1 or 2,
# improvement tile -1 or its index
CABINS = 4


class Seat(Record):
    """One player's supplies, registers, lieutenants, estate, cabins and overseers.

    What changes at most a few times a round (scrolls, cargo, cabins, overseers) is kept in tuples,
    replaced when it changes (``replaced``), so that a clone shares them instead of copying them;
    what changes at every turn is in lists."""

    coins: int
    wood: int
    fire: int
    major: int                   # major fire tokens
    vp: int                      # VP scored during play
    rats: int
    ships: int                   # ships taken
    repops: int                  # repopulation tokens used
    track: list[int]             # register space, by register (POPULARITY, CITY, CHURCH)
    stamp: list[int]             # by register: the disc's height (the later arrival is on top)
    scrolls: tuple[int, ...]     # scroll cube space, by scroll (workshops, ships, repopulations)
    cargo: tuple[int, ...]       # ships taken, by cargo (components.CARGOS)
    lt_where: list[int]          # by lieutenant: a node, LOC_ESTATE, LOC_NONE or LOC_LOST
    lt_status: list[int]         # by lieutenant: READY, STANDING or SPENT
    estate: list[int]            # by slot: EMPTY, 0 ordinary or 1 upgraded citizen
    cabin_citizen: tuple[int, ...]      # by cabin: -1 empty, else class * 2 + upgraded
    cabin_stage: tuple[int, ...]        # by cabin: quarantine stage 1 or 2 (0 while empty)
    cabin_tile: tuple[int, ...]         # by cabin: its improvement's tile, -1 none
    overseer_steps: tuple[int, ...]     # by class: advances made (0-6)
    overseer_petal: tuple[int, ...]     # by class: the petal taken at the fork, -1 before
    overseer_upgraded: tuple[int, ...]  # by class: 1 once upgraded
    pend: tuple[int, ...]        # register rewards usable in this turn's step 4
    defer: tuple[int, ...]       # register rewards waiting for the seat's next step 4

    __slots__ = slots(__annotations__)


def replaced(values: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    """``values`` with item ``i`` set to ``value`` (a seat's tuples are replaced, never changed)."""
    return values[:i] + (value,) + values[i + 1:]


class Workshops(NamedTuple):
    """The workshops built, one entry each in building order (the entry index ``i`` names it in
    the actions): owner, tile, citizen (-1 none, 0 ordinary, 1 upgraded), paid out (phase II).
    Immutable (a clone shares it): a change replaces it (``workshop_built``, ``_replace``)."""

    owner: tuple[int, ...]
    tile: tuple[int, ...]
    citizen: tuple[int, ...]
    paid: tuple[int, ...]


def workshop_built(ws: Workshops, owner: int, tile: int) -> Workshops:
    """``ws`` with a new empty workshop of ``owner``."""
    return Workshops(ws.owner + (owner,), ws.tile + (tile,), ws.citizen + (-1,), ws.paid + (0,))


class Wagons(NamedTuple):
    """The wagons built, one entry each: owner, tile, exhausted (by a repopulation this round).
    Immutable like ``Workshops``."""

    owner: tuple[int, ...]
    tile: tuple[int, ...]
    exhausted: tuple[int, ...]


NO_WORKSHOPS = Workshops((), (), (), ())
NO_WAGONS = Wagons((), (), ())


# flow stages
ST_TURNS, ST_PRODUCTION, ST_QUARANTINE, ST_NEXT, ST_OVER, ST_STAFF = range(6)

# task kinds: (kind, seat, a, b, c)
T_PLACE = 1      # choose a lieutenant and a hex
T_SLOT = 2       # put a citizen (a=class, b=upgraded, c=1 if cured) in the estate
T_CABIN = 3      # put a citizen (a=class) in a quarantine cabin
T_FIGHT = 4      # fight the plague on node a
T_MAIN = 5       # step 4 on node a; b=1 once the action or repopulation is done
T_SHIP = 6       # choose a ship at docks a
T_SHIPFIGHT = 7  # fight the cube of ship a (b = 1 if it carries a cube)
T_OVS = 8        # advance an overseer: a = class (3 any), b = arrow, c = 1 if forced to one class
T_ACT = 9        # activate: a = candidate slot mask, b = activations left, c = used mask
T_SCROLL = 10    # advance a scroll cube; a = steps left
T_UPGRADE = 11   # upgrade a citizen
T_BUILD = 12     # build; a = swapped stack code (-1 none; kind*3+stack)
T_CORCH = 13     # popularity reward: city or church
T_LIGHT = 14     # lightning: the action of any hex
T_OVUP = 15      # upgrade an overseer; a = 1 to advance it at once
T_STAFFWIN = 16  # round end, before production: move estate citizens into workshops
T_PAY = 17       # repopulation: pay the citizens due (a = packed requirement, b = node)
T_LTPAY = 18     # repopulation: give up a lieutenant
T_QPICK = 19     # plague rescue with too few free cabins: a = citizens left (4 bits per class), b = cabins free

# action opcodes (Action.data[0]; the numbers are part of every Action and never change):
# rules.HANDLERS maps each to the function that applies it
OP_MOVE: Final = 1  # a lieutenant moves to a node (i, node)
OP_RECALL: Final = 2  # a lieutenant in the city is recalled to the estate for 1 coin (i)
OP_SKIP: Final = 3  # a lieutenant with nowhere to go is set aside (i)
OP_SLOT: Final = 4  # a rescued or cured citizen goes to an estate slot (slot)
OP_DISCARD: Final = 5  # a citizen with no room goes back to the supply
OP_STAFF: Final = 6  # an estate citizen moves into a workshop (workshop, slot)
OP_CURE_WS: Final = 7  # a cured citizen goes straight into a workshop (workshop)
OP_CABIN: Final = 8  # a citizen goes into a quarantine cabin (cabin)
OP_DOUSE: Final = 9  # fire on a plague cube of the hex
OP_MAJOR: Final = 10  # a major fire: a cube here and one on a neighbouring district (node)
OP_STOP: Final = 11  # stop fighting (a rat per cube left)
OP_ACTION: Final = 12  # step 4: the hex's action (effect)
OP_REPOP: Final = 13  # step 4: repopulate the hex
OP_BUY: Final = 14  # step 4: buy a register step (track)
OP_REWARD: Final = 15  # step 4: use a register reward (reward)
OP_END: Final = 16  # step 4: end the turn
OP_SHIP: Final = 17  # take a ship at the docks (index at the docks)
OP_SHIPDOUSE: Final = 18  # fight the ship's plague cube
OP_SHIPLET: Final = 19  # let the ship's plague go (a rat)
OP_OVS: Final = 20  # advance an overseer (class, petal, steps; class -1: none can)
OP_ACT: Final = 21  # activate an estate slot (slot)
OP_ACTDONE: Final = 22  # stop activating
OP_SCROLL: Final = 23  # advance a scroll cube (scroll)
OP_UPG: Final = 24  # upgrade a citizen (where: 0 estate, 1 workshop, 2 cabin, -1 nothing; which)
OP_BUILD_CABIN: Final = 25  # build a cabin improvement (stack, cabin)
OP_BUILD_WS: Final = 26  # build a workshop (stack)
OP_BUILD_WG: Final = 27  # build a wagon (stack)
OP_SWAP: Final = 28  # put a cabin or workshop stack's top on its bottom (kind*3+stack, payment)
OP_NOBUILD: Final = 29  # build nothing
OP_CORCH: Final = 30  # the popularity reward: city or church +1 (track)
OP_LIGHT: Final = 31  # lightning: the action of any district (effect)
OP_OVUP: Final = 32  # upgrade an overseer (class)
OP_DONESTAFF: Final = 33  # the staffing window closes
OP_PAY: Final = 34  # repopulation: pay a citizen (slot)
OP_LTPAY: Final = 35  # repopulation: give up a lieutenant (i)
OP_QPICK: Final = 36  # quarantine rescue: the class of the next citizen to go in (class)

PETAL_NAMES = ("C1", "A1", "N1", "C2", "A2", "N2")

CLASS_SLOTS = tuple((c * 3, c * 3 + 1, c * 3 + 2, c * 3 + 9, c * 3 + 10, c * 3 + 11) for c in range(3))
"""The estate slots of each citizen class (petals X1 and X2, three slots each)."""

def plural(k: int, noun: str) -> str:
    """``1 rat``, ``2 rats``: event texts read as English."""
    return f"{k} {noun}" if k == 1 else f"{k} {noun}s"


@mypyc_attr(allow_interpreted_subclasses=True)  # the Position in __init__ stays interpreted
class MessinaState(State):
    """One position of Messina 1347 (the layout of each field is in the constants above)."""

    round_: int
    stage: int
    order: tuple[int, ...]
    cur: int
    in_turn: int
    tasks: list[tuple[int, int, int, int, int]]   # (kind, seat, a, b, c): the decision on top last
    seats: list[Seat]
    workshops: Workshops            # immutable: replaced when it changes, shared by clones
    wagons: Wagons                  # the same
    stamp: int
    ntile: tuple[int, ...]
    ncell: tuple[tuple[int, int] | None, ...]
    dist: tuple[tuple[int, ...], ...]
    dadj: tuple[tuple[int, ...], ...]
    nname: tuple[str, ...]
    nplay: tuple[int, ...]
    cubes: list[int]                # by node: plague cubes
    citizens: list[list[int]]       # by class, by node: citizens on the board
    owner: list[int]                # by node: the seat that repopulated it, -1
    used: list[int]                 # by node: 1 once visited this round
    docks: tuple[tuple[int, ...], ...]
    cube_supply: int
    cit_supply: list[int]
    hood: tuple[int, ...]
    ship_stack: tuple[int, ...]
    sel: tuple[int, ...]
    sel_used: tuple[int, ...]
    wheel: int
    cab_st: tuple[tuple[int, ...], ...]
    cab_known: tuple[int, ...]
    ws_st: tuple[tuple[int, ...], ...]
    ws_known: tuple[int, ...]
    ws2_st: tuple[tuple[int, ...], ...]
    wg_st: tuple[tuple[int, ...], ...]
    ws_phase: int
    final: list[dict[str, int]] | None
    # solo (1 player, ``automa.py``): the automa's lieutenants (a node, LOC_ESTATE before it first
    # stands, LOC_NONE not gained yet), how many it still places this round, its popularity, the
    # solo deck's undrawn tiles (their order is hidden) and the tiles flipped this round (public);
    # all empty or 0 with 2-4 players
    auto_lt: tuple[int, ...]
    auto_left: int
    auto_up: int                    # bit i: the automa's lieutenant i stands (placed this round)
    auto_pop: int
    auto_deck: tuple[int, ...]
    auto_flipped: tuple[int, ...]
    fx: Shared[Derived]
    # per lieutenant, per node: the move actions by the coins they cost (``labels.moves_of``), a
    # cache shared by clones
    moves: Shared[tuple[tuple[str, ...], list[tuple[list[Action | None], ...] | None]] | None]

    __slots__ = slots(__annotations__)

    # --- turn ----------------------------------------------------------------------------

    @property
    def to_move(self) -> int:
        tasks = self.tasks
        return tasks[-1][1] if tasks else 0

    @property
    def is_over(self) -> bool:
        return self.stage == ST_OVER

    # --- hidden information ----------------------------------------------------------------

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        """Reshuffle what no seat can see: the neighbourhood stack below a known B tile, the order
        of ships of one back number, the unused selection tiles, the face-down parts of the
        cabin and workshop stacks (the tiles put on the bottom by a swap are known) and, solo, the
        automa's undrawn solo tiles.  Each pool is
        sorted before it is shuffled, so the sample depends only on what the seat knows and on rng."""
        fx = self.fx
        hood = self.hood
        keep = 1 if hood and fx.hex_b[hood[0]] else 0
        rest = sorted(hood[keep:])
        rng.shuffle(rest)
        self.hood = hood[:keep] + tuple(rest)
        back_of = fx.ship_back
        stack = self.ship_stack
        out: list[int] = []
        for back in sorted({back_of[i] for i in stack}):
            group = sorted(i for i in stack if back_of[i] == back)
            rng.shuffle(group)
            out += group
        self.ship_stack = tuple(out)
        sel = sorted(self.sel)
        rng.shuffle(sel)
        self.sel = tuple(sel)
        self.cab_st = _reshuffle(self.cab_st, self.cab_known, rng)
        self.ws_st = _reshuffle(self.ws_st, self.ws_known, rng)
        new2 = []
        for st in self.ws2_st:
            lst = sorted(st)
            rng.shuffle(lst)
            new2.append(tuple(lst))
        self.ws2_st = tuple(new2)
        if self.auto_deck:
            deck = sorted(self.auto_deck)
            rng.shuffle(deck)
            self.auto_deck = tuple(deck)


def _reshuffle(stacks: tuple[tuple[int, ...], ...], known: tuple[int, ...], rng: Rng
               ) -> tuple[tuple[int, ...], ...]:
    """Shuffle each stack below its face-up top and above its known bottom part."""
    out = []
    for st, k in zip(stacks, known, strict=True):
        lst = list(st)
        if len(lst) > 2:
            lo, hi = 1, len(lst) - min(k, len(lst) - 1)
            mid = sorted(lst[lo:hi])
            rng.shuffle(mid)
            lst[lo:hi] = mid
        out.append(tuple(lst))
    return tuple(out)
