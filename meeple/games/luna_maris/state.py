"""The Luna Maris state: its fields, the game's constants, clone and determinize.

The starting position is built in ``setup.py``; the rules live in the topic modules (``modules.py``
and the module files it dispatches to, ``food.py``, ``production.py``, ``resources.py``) and in
``rules.py`` (turn flow); ``__init__.LunaPosition`` binds the engine's hooks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from mypy_extensions import mypyc_attr

from meeple.engine.core import Action, State
from meeple.engine.fields import Record, slots
from meeple.engine.rng import Rng
from meeple.games.luna_maris.derived import derived

if TYPE_CHECKING:
    from meeple.engine.components import Tables

# --- steps (who decides what) ---------------------------------------------------------------------
(S_EQUIP, S_PROBE, S_START, S_TURN, S_MOVE, S_MODULE, S_FOOD, S_FEED, S_BONUS, S_COMPACT, S_OVER,
 S_PAY) = range(12)
STEP_NAMES = ("choose equipment", "place first probe", "place astronaut", "turn", "move",
              "module action", "take food", "feed scientists", "research bonus", "compactor", "over",
              "pay iron")
SETUP_STEPS: Final = (S_EQUIP, S_PROBE, S_START)
"""The setup decisions (equipment, first probe, start module), before round 1."""

N_JUNIORS = 24  # scientist ids: juniors 0..23, seniors 24..
AI_SEAT: Final = 1
"""In a solo game (1 player) the AI coordinator's board is ``seats[AI_SEAT]``: it is no seat of the
engine (never to move); its turns are applied inside ``apply`` (``solo.py``)."""
LEVELS: Final = ("basic", "intermediate", "advanced")
"""The solo difficulty option's values: AI cards A-F, A-L mixed, G-L (research, solo)."""

# --- opcodes: what a decision does (``Action.data[0]``; ``rules.HANDLERS`` applies each) ---------
# The numbers are part of every action id and record: never renumber them.
OP_EQUIP: Final = 0        # setup: take a special equipment tile (data[1]: tile)
OP_PROBE0: Final = 1       # setup: the first probe (data[1]: mining space)
OP_START: Final = 2        # setup: the astronaut's start module (data[1]: module)
OP_PLAY: Final = 3         # play a scientist (data[1]: scientist id)
OP_FEED: Final = 4         # feed scientists with a food card (data[1]: food)
OP_FEED_NONE: Final = 5    # feed without a food card (lose VP, take one scientist back)
OP_PASS: Final = 6         # pass for the round
OP_EMERG: Final = 7        # the emergency deposit (data[1]: 0 energy, 1 iron, 2 water)
OP_GO: Final = 8           # move the astronaut (data[1]: module)
OP_END: Final = 9          # end the turn (a senior's second module not taken)
OP_DONE: Final = 10        # the module visit is over
OP_MAIN: Final = 11        # a module's main action (data[1]: MAIN_* operation, data[2]: argument)
OP_EXTRA: Final = 12       # a module's extra action (data[1]: X_* operation, data[2]: argument)
OP_TAKE: Final = 13        # pick a face-up food card (data[1]: place in the display)
OP_RETURN: Final = 14      # take a scientist back while feeding (data[1]: scientist id)
OP_STOP: Final = 15        # stop taking scientists back
OP_BONUS: Final = 16       # a research bonus space (data[1]: bonus)
OP_COMPACT: Final = 17     # the Compactor's extra process (data[1]: process)
OP_SKIP: Final = 18        # no Compactor process
OP_PAY: Final = 19         # the iron payment: how many titanium stand in (data[1])

# --- a main action's operation (``Action.data[1]`` of OP_MAIN; ``modules.MAIN_HANDLERS``) ----------
MAIN_PROBE: Final = 0        # Airlock: install a probe
MAIN_HIRE: Final = 1         # Communication: hire a senior
MAIN_DELIVER: Final = 2      # Cargo: deliver an order
MAIN_RESEARCH: Final = 3     # Laboratory: research a track
MAIN_REFINE: Final = 4       # Industrial zone: a refining process
MAIN_EXTRACT: Final = 5      # Mining: extract
MAIN_CONCENTRATE: Final = 6  # Mining: concentrate a conveyor section
MAIN_BURN_IRON: Final = 7    # Power plant: burn iron
MAIN_BURN_WATER: Final = 8   # Power plant: burn water
MAIN_RECYCLE: Final = 9      # Recycling: a recycling process
MAIN_TAKE_FOOD: Final = 10   # Greenhouse: take a food card
MAIN_BUY_FOOD: Final = 11    # Greenhouse: buy three food cards
MAIN_REST: Final = 12        # Hibernation: rest
X_BUILD, X_CO2 = 0, 1
TRACKS = ("refining", "sustainability")
SECTIONS = ("left", "right")


EMERGENCY_NAMES = ("energy", "iron", "water")  # the emergency deposit's cubes, in this order
WITH = 1000  # added to an action's argument when the player uses its special equipment


class Seat(Record):
    """One player's board (seed §setup, player board): cubes, tracks, markers and cards.  A seat
    is ``state.seats[p]``; every field is an ``int`` or a list of component indices."""

    vp: int           # score
    energy: int       # energy cubes (capped by board.energy_cap, seed §太陽能)
    water: int
    he3: int          # helium-3
    fe_l: int         # iron ore on the conveyor's left section
    fe_r: int         # iron ore on the right section (goes to waste at the next production)
    ti_l: int         # titanium on the left section
    ti_r: int         # titanium on the right section
    waste: int        # cubes on the waste gauge (seed §廢料區)
    cap: int          # O2 cap under the stress marker
    o2: int           # O2 used this round
    pos: int          # the astronaut's module (-1 before it is placed)
    on_act: int       # 1: the astronaut is on that module's activation space
    probes: int       # probes still on the player board
    co2: int          # CO2 marker (0: the worst end)
    ref: int          # refining research level
    sus: int          # sustainability research level
    ref_bonus: int    # 1: the refining track's bonus taken
    sus_bonus: int    # 1: the sustainability track's bonus taken
    em_energy: int    # 1: the emergency deposit's energy cube still there (seed §緊急倉庫)
    em_iron: int      # 1: its iron cube still there
    em_water: int     # 1: its water cube still there
    passed: int       # 1: passed this round
    equip: int        # special equipment tile (-1: none)
    equip_up: int     # 1: the tile is face up (usable this round)
    pending: int      # place on the order track whose pass reward is still due (-1: none)
    hand: list[int]       # scientist ids in hand
    rest: list[int]       # scientist ids on the rest pile
    food: list[int]       # food cards held
    delivered: list[int]  # order tiles delivered
    __slots__ = slots(__annotations__)

    def research(self, track: int) -> int:
        """The level of research track ``track`` (0 refining, 1 sustainability)."""
        return self.ref if track == 0 else self.sus

    def emergency_left(self, which: int) -> int:
        """1 while the emergency deposit's cube ``which`` (0 energy, 1 iron, 2 water) is unused."""
        return self.em_energy if which == 0 else self.em_iron if which == 1 else self.em_water


def new_seat() -> Seat:
    """A seat with every field zero or empty (``setup.py`` sets the starting kit)."""
    me = Seat()
    me.vp = me.energy = me.water = me.he3 = me.fe_l = me.fe_r = me.ti_l = me.ti_r = me.waste = 0
    me.cap = me.o2 = me.pos = me.on_act = me.probes = me.co2 = me.ref = me.sus = 0
    me.ref_bonus = me.sus_bonus = me.em_energy = me.em_iron = me.em_water = 0
    me.passed = me.equip = me.equip_up = me.pending = 0
    me.hand = []
    me.rest = []
    me.food = []
    me.delivered = []
    return me


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (make fast): unpickled without calling __init__
class Moves:
    """The Luna Maris actions whose notation depends only on the components, built once per
    component set (``moves``) and shared by every state (an ``Action`` is never changed after it is
    made): per scientist play / return; per food feed; per module go; the emergency cubes still
    unused, by mask (bit i: cube i = energy, iron, water); the fixed choices (pass, end turn, done,
    stop, skip, feed without food).  The per-index names and notations of ``derived.Derived`` are
    reached through it too."""

    __slots__ = ("play", "ret", "card_name", "feed", "food_name", "food_kind", "food_value", "go", "go_cost",
                 "emergency", "pass_", "pass_at", "end", "done", "stop", "skip", "feed_none", "probe_note", "hire_note",
                 "deliver_note", "refine_note", "tab")

    def __init__(self, tables: Any) -> None:
        d = derived(tables)
        cards = d.cards
        self.tab = d.tab
        self.card_name = d.card_name
        self.food_name = d.food_name
        self.food_kind = d.food_kind
        self.food_value = d.food_value
        self.probe_note = d.probe_note
        self.hire_note = d.hire_note
        self.deliver_note = d.deliver_note
        self.refine_note = d.refine_note
        from meeple.games.luna_maris import words as W
        from meeple.games.luna_maris.words import msg

        board = tables.board[0]

        def card(c: Any) -> Any:
            return W.cref("seniors" if c.senior else "juniors", c.name)

        self.play = tuple(Action(f"play {c.name}", (OP_PLAY, i),
                                 msg("luna_maris.label.play_senior", card=card(c)) if c.senior
                                 else msg("luna_maris.label.play_junior", card=card(c)))
                          for i, c in enumerate(cards))
        self.ret = tuple(Action(f"return {c.name}", (OP_RETURN, i), msg("luna_maris.label.return", card=card(c)))
                         for i, c in enumerate(cards))
        self.feed = tuple(Action(f"feed {f.name}", (OP_FEED, i),
                                 msg("luna_maris.label.feed", food=W.cref("foods", f.name), n=f.value))
                          for i, f in enumerate(tables.foods))
        self.go = tuple(Action(f"go {m.key}", (OP_GO, i), msg("luna_maris.label.go", module=W.cref("modules", m.name)))
                        for i, m in enumerate(tables.modules))
        self.go_cost = tuple(
            tuple(Action(f"go {m.key}", (OP_GO, i), msg("luna_maris.label.go_cost", module=W.cref("modules", m.name),
                                                          o2=o2)) for o2 in range(O2_ANY + 1))
            for i, m in enumerate(tables.modules))
        cubes = tuple(Action(f"emergency {EMERGENCY_NAMES[i]}", (OP_EMERG, i),
                             msg("luna_maris.label.emergency", cube=W.word(EMERGENCY_NAMES[i]),
                                 vp=board.emergency_vp[i])) for i in range(3))
        self.emergency = tuple(tuple(a for i, a in enumerate(cubes) if mask >> i & 1) for mask in range(8))
        self.pass_ = Action("pass", (OP_PASS,), msg("luna_maris.label.pass"))

        def reward(place: int) -> list[Any]:
            energy = board.pass_energy[place] if place < len(board.pass_energy) else 0
            iron = board.pass_iron[place] if place < len(board.pass_iron) else 0
            out = [msg("luna_maris.label.amount.energy", amount=energy)] if energy else []
            return out + ([msg("luna_maris.label.amount.iron", amount=iron)] if iron else [])

        self.pass_at = tuple(
            # one key with or without a reward, so that the page asks before passing (app.js's
            # needsConfirm reads the key's last part: pass_place)
            Action("pass", (OP_PASS,), msg("luna_maris.label.pass_place", place=i + 1,
                                          reward=msg("luna_maris.label.pass_gain", reward=reward(i)) if reward(i) else ""))
            for i in range(len(tables.board[0].pass_energy) + len(board.pass_iron) + 8))
        """Per place on next round's order track: passing, with the reward that place gives."""
        self.end = Action("end turn", (OP_END,), msg("luna_maris.label.end_turn"))
        self.done = Action("done", (OP_DONE,), msg("luna_maris.label.done"))
        self.stop = Action("stop", (OP_STOP,), msg("luna_maris.label.stop"))
        self.skip = Action("skip", (OP_SKIP, -1), msg("luna_maris.label.skip"))
        self.feed_none = Action("feed without food", (OP_FEED_NONE,),
                                msg("luna_maris.label.feed_none", vp=board.feed_without_food_vp))


O2_ANY = 16
"""The O2 costs a move's label is prebuilt for (a corridor path is never longer)."""


def moves(tables: Tables) -> Moves:
    """The shared ``Moves`` of a component set."""
    return tables.derived("luna_maris.moves", Moves)


@mypyc_attr(allow_interpreted_subclasses=True)  # the Position in __init__ stays interpreted
class LunaState(State):
    """The fields of a Luna Maris position (one ``Seat`` per player, shared boards and decks, the
    turn in progress) and the turn properties.  Abstract: ``LunaPosition`` binds the rules.  The
    fields are declared once here; clone copies each by its declared type
    (``meeple.engine.fields``)."""

    # shared, immutable (never copied): the component set's derived lookups
    board: Any                                 # the board's component record
    cards: tuple[Any, ...]                     # scientist id -> card (juniors 0..23, then seniors)
    dist: tuple[tuple[int, ...], ...]          # [module][module] -> corridor steps
    adj: tuple[tuple[int, ...], ...]           # [mining space] -> neighbouring spaces
    allowed: tuple[tuple[int, ...], ...]       # [scientist] -> modules its icons allow
    mincost: tuple[tuple[int, ...], ...]       # [scientist][module] -> least O2 to an allowed module
    allowed_mask: tuple[int, ...]              # [scientist] -> allowed modules as a bit mask
    within: tuple[tuple[int, ...], ...]        # [module][O2 left] -> modules reached, bit mask
    orders_of_kind: tuple[tuple[int, ...], ...]  # [order kind] -> order tile ids
    needs_act: tuple[bool, ...]                # [module] -> a visit activates it (1 energy when empty)
    pre: Moves                                 # the prebuilt fixed actions
    tab: Any                                   # the component tables as plain attributes
    # the round
    step: int              # S_*: who decides what
    round: int
    cur: int               # the seat to decide
    order: list[int]       # turn order (seats)
    next_order: list[int]  # next round's order track, filled as players pass
    queue: list[int]       # setup: seats still to choose
    seats: list[Seat]      # [seat] -> that player's board
    # the boards: one entry per component index, -1 for empty
    grid: list[int]        # [mining space] -> seat of the probe on it
    act: list[int]         # [module] -> seat on its activation space
    built: list[int]       # [module] -> advanced module built over it
    build_track: list[int]  # seats, in the order they built advanced modules
    adv_offer: list[int]   # advanced modules on offer
    equip_offer: list[int]  # special equipment tiles on offer (setup)
    start_mods: list[int]  # the modules astronauts may start on (setup)
    hire_row: list[int]    # senior ids face up
    senior_deck: list[int]  # hidden order
    stacks: list[list[int]]  # [order kind] -> tiles, the last one face up
    food_row: list[int]    # food cards face up
    food_deck: list[int]   # hidden order
    food_discard: list[int]
    final: list[list[int]]  # [seat] -> final scoring items (scoring.FINAL_ITEMS), empty until then
    # the turn in progress
    card: int              # scientist played (-1: none)
    acts_left: int         # module actions left (a senior has two)
    acts_done: int
    used: int              # bit mask of the modules used this turn
    module: int            # the module being visited (-1: none)
    main_done: int
    extra_done: int
    pick_left: int         # food cards still to pick
    feed_left: int         # scientists still to take back
    feed_food: int         # 1: feeding with a food card
    bonus_track: int       # research track whose bonus is to be chosen (-1: none)
    compact: int           # 1: the Compactor's extra process is due
    # a main action waiting for the player's choice of cubes (titanium standing in for iron)
    pay_op: int            # MAIN_* operation (-1: none)
    pay_arg: int
    ti_use: int            # titanium cubes chosen to stand in (-1: as few as possible)
    # solo (1 player): the AI coordinator's cards (empty / -1 with 2-4 players)
    ai_deck: list[int]     # the AI cards still face down, hidden order (the last is drawn next)
    ai_seen: list[int]     # the AI cards turned up so far (the current one last)
    ai_card: int           # this round's AI card (-1: none)
    ai_next: int           # the index of its next action (== its length: the AI passes next)
    __slots__ = slots(__annotations__)

    @property
    def is_solo(self) -> bool:
        """A solo game: one player against the AI coordinator (``seats[AI_SEAT]``)."""
        return self.players == 1

    def reset_turn(self) -> None:
        self.card = -1
        self.acts_left = 0
        self.acts_done = 0
        self.used = 0
        self.module = -1
        self.main_done = 0
        self.extra_done = 0
        self.pick_left = 0
        self.feed_left = 0
        self.feed_food = 0
        self.bonus_track = -1
        self.compact = 0
        self.pay_op = -1
        self.pay_arg = 0
        self.ti_use = -1

    # --- contract ---------------------------------------------------------------------------------

    @property
    def to_move(self) -> int:
        return self.cur

    @property
    def is_over(self) -> bool:
        return self.step == S_OVER

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        """Hidden from everyone: the order of the senior deck and the food deck, and which order tiles
        lie under each stack's face-up top (drawn from the tiles of that kind not yet seen).
        Hands, rest piles and food are open (every card enters a hand from a face-up source)."""
        self.senior_deck.sort()  # canonical order first: the sample depends only on what is known
        self.food_deck.sort()
        rng.shuffle(self.senior_deck)
        rng.shuffle(self.food_deck)
        seen = {i for me in self.seats for i in me.delivered}
        for k, stack in enumerate(self.stacks):
            if len(stack) <= 1:
                continue
            top = stack[-1]
            pool = [i for i in self.orders_of_kind[k] if i != top and i not in seen]
            rng.shuffle(pool)  # what rng.sample(pool, ...) draws, without its copy
            del pool[len(stack) - 1:]
            pool.append(top)
            stack[:] = pool
        if self.ai_deck:  # solo: which unseen AI cards of the level lie face down, and their order
            self.ai_deck[:] = ai_resample(self, rng)


def ai_pool(tables: Any, level: str) -> list[int]:
    """The AI cards of a solo difficulty: basic A-F (level 0), advanced G-L (level 1), intermediate
    both mixed (research, solo)."""
    want = {"basic": (0,), "advanced": (1,)}.get(level, (0, 1))
    return [i for i, c in enumerate(tables.ai_cards) if c.level in want]


def ai_resample(s: LunaState, rng: Rng) -> list[int]:
    """A sample of the face-down AI cards: as many as there are, from the level's cards not yet
    turned up (their identity and order are hidden; the level is open)."""
    seen = set(s.ai_seen)
    pool = [i for i in ai_pool(s.tables, s.options["difficulty"]) if i not in seen]
    rng.shuffle(pool)
    return pool[:len(s.ai_deck)]
