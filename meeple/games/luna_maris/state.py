"""The Luna Maris state: its fields, the game's constants, clone and determinize.

The starting position is built in ``setup.py``; the rules live in the topic modules (``modules.py``
and the module files it dispatches to, ``food.py``, ``production.py``, ``resources.py``) and in
``rules.py`` (turn flow); ``__init__.LunaPosition`` binds the engine's hooks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from meeple.engine.core import Action, State
from meeple.engine.rng import Rng
from meeple.games.luna_maris.derived import derived

if TYPE_CHECKING:
    from meeple.engine.components import Tables

# --- per-player fields: ``state.pl[seat][FIELD]`` -------------------------------------------------
(VP, ENERGY, WATER, HE3, FE_L, FE_R, TI_L, TI_R, WASTE, CAP, O2, POS, ON_ACT, PROBES, CO2, REF, SUS,
 REF_BONUS, SUS_BONUS, EM_ENERGY, EM_IRON, EM_WATER, PASSED, EQUIP, EQUIP_UP, PENDING) = range(26)
NFIELDS = 26

# --- steps (who decides what) ---------------------------------------------------------------------
(S_EQUIP, S_PROBE, S_START, S_TURN, S_MOVE, S_MODULE, S_FOOD, S_FEED, S_BONUS, S_COMPACT, S_OVER,
 S_PAY) = range(12)
STEP_NAMES = ("choose equipment", "place first probe", "place astronaut", "turn", "move",
              "module action", "take food", "feed scientists", "research bonus", "compactor", "over",
              "pay iron")
SETUP_STEPS: Final = (S_EQUIP, S_PROBE, S_START)
"""The setup decisions (equipment, first probe, start module), before round 1."""

N_JUNIORS = 24  # scientist ids: juniors 0..23, seniors 24..

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
_copy = list.copy  # copies one inner list of a clone


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


class LunaState(State):
    """The fields of a Luna Maris position (per-seat rows ``pl[seat][FIELD]``, shared boards and
    decks, the turn in progress) and the turn properties.  Abstract: ``LunaPosition`` binds the
    rules."""

    __slots__ = (
        # shared, immutable (never copied)
        "board", "cards", "dist", "adj", "allowed", "mincost", "allowed_mask", "within", "orders_of_kind",
        "pre", "tab",
        # mutable
        "step", "round", "cur", "order", "next_order", "queue", "pl", "grid", "act", "built",
        "build_track", "adv_offer", "equip_offer", "start_mods", "hire_row", "senior_deck",
        "stacks", "delivered", "food_row", "food_deck", "food_discard", "hands", "rest", "food",
        "final",
        # the turn in progress
        "card", "acts_left", "acts_done", "used", "module", "main_done", "extra_done",
        "pick_left", "feed_left", "feed_food", "bonus_track", "compact",
        # a main action waiting for the player's choice of cubes (titanium standing in for iron)
        "pay_op", "pay_arg", "ti_use",
    )

    # shared, immutable (never copied)
    board: Any
    cards: tuple[Any, ...]
    dist: tuple[tuple[int, ...], ...]
    adj: tuple[tuple[int, ...], ...]
    allowed: tuple[tuple[int, ...], ...]
    mincost: tuple[tuple[int, ...], ...]
    allowed_mask: tuple[int, ...]
    within: tuple[tuple[int, ...], ...]
    orders_of_kind: tuple[tuple[int, ...], ...]
    pre: Moves
    tab: Any
    # mutable
    step: int
    round: int
    cur: int
    order: list[int]
    next_order: list[int]
    queue: list[int]
    pl: list[list[int]]
    grid: list[int]
    act: list[int]
    built: list[int]
    build_track: list[int]
    adv_offer: list[int]
    equip_offer: list[int]
    start_mods: list[int]
    hire_row: list[int]
    senior_deck: list[int]
    stacks: list[list[int]]
    delivered: list[list[int]]
    food_row: list[int]
    food_deck: list[int]
    food_discard: list[int]
    hands: list[list[int]]
    rest: list[list[int]]
    food: list[list[int]]
    final: list[list[int]]
    card: int
    acts_left: int
    acts_done: int
    used: int
    module: int
    main_done: int
    extra_done: int
    pick_left: int
    feed_left: int
    feed_food: int
    bonus_track: int
    compact: int
    pay_op: int
    pay_arg: int
    ti_use: int

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

    def _copy_into(self, other: State) -> None:
        o: LunaState = other  # type: ignore[assignment]
        o.board = self.board
        o.cards = self.cards
        o.dist = self.dist
        o.adj = self.adj
        o.allowed = self.allowed
        o.mincost = self.mincost
        o.allowed_mask = self.allowed_mask
        o.within = self.within
        o.orders_of_kind = self.orders_of_kind
        o.pre = self.pre
        o.tab = self.tab
        o.step = self.step
        o.round = self.round
        o.cur = self.cur
        o.order = self.order[:]
        o.next_order = self.next_order[:]
        o.queue = self.queue[:]
        o.pl = list(map(_copy, self.pl))
        o.grid = self.grid[:]
        o.act = self.act[:]
        o.built = self.built[:]
        o.build_track = self.build_track[:]
        o.adv_offer = self.adv_offer[:]
        o.equip_offer = self.equip_offer[:]
        o.start_mods = self.start_mods[:]
        o.hire_row = self.hire_row[:]
        o.senior_deck = self.senior_deck[:]
        o.stacks = list(map(_copy, self.stacks))
        o.delivered = list(map(_copy, self.delivered))
        o.food_row = self.food_row[:]
        o.food_deck = self.food_deck[:]
        o.food_discard = self.food_discard[:]
        o.hands = list(map(_copy, self.hands))
        o.rest = list(map(_copy, self.rest))
        o.food = list(map(_copy, self.food))
        o.final = list(map(_copy, self.final))
        o.card = self.card
        o.acts_left = self.acts_left
        o.acts_done = self.acts_done
        o.used = self.used
        o.module = self.module
        o.main_done = self.main_done
        o.extra_done = self.extra_done
        o.pick_left = self.pick_left
        o.feed_left = self.feed_left
        o.feed_food = self.feed_food
        o.bonus_track = self.bonus_track
        o.compact = self.compact
        o.pay_op = self.pay_op
        o.pay_arg = self.pay_arg
        o.ti_use = self.ti_use

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        """Hidden from everyone: the order of the senior deck and the food deck, and which order tiles
        lie under each stack's face-up top (drawn from the tiles of that kind not yet seen).
        Hands, rest piles and food are open (every card enters a hand from a face-up source)."""
        self.senior_deck.sort()  # canonical order first: the sample depends only on what is known
        self.food_deck.sort()
        rng.shuffle(self.senior_deck)
        rng.shuffle(self.food_deck)
        delivered = self.delivered
        seen = {i for d in delivered for i in d} if any(delivered) else ()
        for k, stack in enumerate(self.stacks):
            if len(stack) <= 1:
                continue
            top = stack[-1]
            pool = [i for i in self.orders_of_kind[k] if i != top and i not in seen]
            rng.shuffle(pool)  # what rng.sample(pool, ...) draws, without its copy
            del pool[len(stack) - 1:]
            pool.append(top)
            stack[:] = pool
