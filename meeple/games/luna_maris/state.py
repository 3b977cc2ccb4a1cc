"""The Luna Maris state: plain data, setup, clone, view and determinize.

The rules themselves live in ``rules.py`` (turn flow), ``modules.py`` (the ten
modules) and ``scoring.py`` (round and final scoring).
"""

from __future__ import annotations

from typing import Any

from meeple.engine.core import Action, Event, Game, State
from meeple.engine.rng import Rng

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

N_JUNIORS = 24  # scientist ids: juniors 0..23, seniors 24..

# --- action kinds (Action.data[0]) and module operations (Action.data[1]) ---------------------------
(K_EQUIP, K_PROBE0, K_START, K_PLAY, K_FEED, K_FEED_NONE, K_PASS, K_EMERG, K_GO, K_END, K_DONE,
 K_MAIN, K_EXTRA, K_TAKE, K_RETURN, K_STOP, K_BONUS, K_COMPACT, K_SKIP, K_PAY) = range(20)
(OP_PROBE, OP_HIRE, OP_DELIVER, OP_RESEARCH, OP_REFINE, OP_EXTRACT, OP_CONCENTRATE, OP_BURN_IRON,
 OP_BURN_WATER, OP_RECYCLE, OP_TAKE_FOOD, OP_BUY_FOOD, OP_REST) = range(13)
X_BUILD, X_CO2 = 0, 1
TRACKS = ("refining", "sustainability")
SECTIONS = ("left", "right")


def distances(tables: Any) -> tuple[tuple[int, ...], ...]:
    """Shortest corridor distance between every two modules (breadth-first search)."""
    mods = tables.modules
    n = len(mods)
    out = []
    for a in range(n):
        dist = [-1] * n
        dist[a] = 0
        frontier = [a]
        while frontier:
            nxt = []
            for m in frontier:
                for b in mods[m].neighbours:
                    if dist[b] < 0:
                        dist[b] = dist[m] + 1
                        nxt.append(b)
            frontier = nxt
        out.append(tuple(d if d >= 0 else 99 for d in dist))
    return tuple(out)


def adjacency(tables: Any) -> tuple[tuple[int, ...], ...]:
    """Orthogonal neighbours of each mining space."""
    spaces = tables.mining_spaces
    where = {(s.row, s.col): i for i, s in enumerate(spaces)}
    return tuple(
        tuple(where[(s.row + dr, s.col + dc)] for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
              if (s.row + dr, s.col + dc) in where)
        for s in spaces
    )


def reach_tables(
    tables: Any, cards: tuple[Any, ...], dist: tuple[tuple[int, ...], ...], icon_needed: bool
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Per scientist: the modules it allows (its icons, plus icon-free modules such as Hibernation);
    and per scientist and position: the cheapest O2 cost to reach one of them (staying costs 1)."""
    mods = tables.modules
    allowed = tuple(
        tuple(m for m in range(len(mods)) if m in c.icons or (not mods[m].icon and not icon_needed))
        for c in cards
    )
    mincost = tuple(
        tuple(min(((dist[pos][m] or 1) for m in allowed[i]), default=99) for pos in range(len(mods)))
        for i in range(len(cards))
    )
    return allowed, mincost


_DERIVED: dict[tuple[int, bool], tuple[Any, ...]] = {}
_copy = list.copy  # copies one inner list of a clone


def derived(tables: Any, icon_needed: bool) -> tuple[Any, ...]:
    """Immutable lookups computed from the tables once per component set (cards, corridor distances,
    mining adjacency, reach tables); shared by every state and clone."""
    key = (id(tables), icon_needed)
    hit = _DERIVED.get(key)
    if hit is not None and hit[0] is tables:
        return hit[1]
    cards = tuple(tables.juniors) + tuple(tables.seniors)
    dist = distances(tables)
    allowed, mincost = reach_tables(tables, cards, dist, icon_needed)
    kinds = sorted({o.kind for o in tables.orders})
    by_kind = tuple(tuple(i for i, o in enumerate(tables.orders) if o.kind == k) for k in range(len(kinds)))
    value = (cards, dist, adjacency(tables), allowed, mincost, by_kind)
    if len(_DERIVED) > 64:
        _DERIVED.clear()
    _DERIVED[key] = (tables, value)
    return value


class LunaState(State):
    __slots__ = (
        # shared, immutable (never copied)
        "board", "cards", "dist", "adj", "allowed", "mincost", "orders_of_kind", "pre", "tab",
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

    # --- setup ------------------------------------------------------------------------------------

    def setup_fields(self) -> None:
        """Seed §setup (research §3): boards, decks, rows and every player's starting kit."""
        t = self.tables
        b = self.board = t.board[0]
        (self.cards, self.dist, self.adj, self.allowed, self.mincost, self.orders_of_kind) = derived(
            t, self.options["hibernation_icon"])
        from meeple.games.luna_maris.prebuilt import prebuilt

        self.pre = prebuilt(t, self.cards)
        self.tab = self.pre.tab  # the component tables, read fast in the rules
        n = self.players
        rng = self.rng
        first = rng.below(n)
        self.order = [(first + i) % n for i in range(n)]
        self.next_order: list[int] = []
        self.round = 1
        self.pl = []
        for _ in range(n):
            me = [0] * NFIELDS
            me[VP] = b.start_vp
            me[ENERGY] = b.start_energy
            me[WATER] = b.start_water
            me[FE_L] = b.start_iron
            me[WASTE] = b.start_waste
            me[CAP] = b.stress_start
            me[PROBES] = len(t.probe_slots)
            me[CO2] = b.co2_start
            me[REF] = 1  # STAND_IN start level
            me[SUS] = 1  # STAND_IN start level
            me[EM_ENERGY] = me[EM_IRON] = me[EM_WATER] = 1
            me[EQUIP] = -1
            me[PENDING] = -1
            me[POS] = -1
            self.pl.append(me)
        self.grid = [-1] * len(t.mining_spaces)
        self.act = [-1] * len(t.modules)
        self.built = [-1] * len(t.modules)
        self.build_track: list[int] = []
        # juniors: six per player, a set each (STAND_IN identical sets)
        per = len(t.juniors) // 4
        self.hands = [list(range(seat * per, seat * per + per)) for seat in range(n)]
        self.rest: list[list[int]] = [[] for _ in range(n)]
        self.food: list[list[int]] = [[] for _ in range(n)]
        self.delivered: list[list[int]] = [[] for _ in range(n)]
        # order stacks: players + 1 of each kind, top face up (the last element is the top)
        kinds = sorted({o.kind for o in t.orders})
        self.stacks = []
        for k in kinds:
            tiles = [i for i, o in enumerate(t.orders) if o.kind == k]
            rng.shuffle(tiles)
            self.stacks.append(tiles[: n + 1])
        # seniors: shuffled, a hiring row of 3
        deck = list(range(N_JUNIORS, N_JUNIORS + len(t.seniors)))
        rng.shuffle(deck)
        self.hire_row = [deck.pop() for _ in range(min(b.hire_row, len(deck)))]
        self.senior_deck = deck
        # food: 4-player cards out with 3 or fewer players; a display of 3
        foods = [i for i, f in enumerate(t.foods) if n == 4 or not f.four_players]
        rng.shuffle(foods)
        self.food_row = [foods.pop() for _ in range(min(b.food_row, len(foods)))]
        self.food_deck = foods
        self.food_discard: list[int] = []
        # advanced modules: 5 face up
        self.adv_offer = sorted(rng.sample(range(len(t.advanced_modules)), b.advanced_offered))
        # special equipment: players + 1 face up, chosen in reverse turn order
        self.equip_offer = []
        if self.options["equipment"] and self.options["equipment_deal"] == "random":
            self._deal_equipment()
        elif self.options["equipment"]:
            self.equip_offer = sorted(rng.sample(range(len(t.equipment)), min(n + 1, len(t.equipment))))
        # starting astronaut modules from revealed scientist icons
        self.start_mods = self._reveal_start_modules()
        self.final: list[list[int]] = []
        self.reset_turn()
        self.cur = -1
        self.queue = []
        if self.equip_offer:
            self.step = S_EQUIP
            self.queue = list(reversed(self.order))
        else:
            self.step = S_PROBE
            self.queue = list(reversed(self.order))
        self.cur = self.queue.pop(0)

    def _deal_equipment(self) -> None:
        """Seed §特殊設備 (開局隨機分配), option equipment_deal=random: each player is dealt one random
        tile, face up; there is no choice to make."""
        tiles = self.rng.sample(range(len(self.tables.equipment)), self.players)
        for me, e in zip(self.pl, tiles, strict=True):
            me[EQUIP] = e
            me[EQUIP_UP] = 1

    def _reveal_start_modules(self) -> list[int]:
        """Seed/research §3: 2p one level-1 card, 3p one level-2 card, 4p two level-1 cards; more
        level-1 cards are turned up while there are fewer distinct modules than players."""
        t = self.tables
        n = self.players
        rng = self.rng
        per = len(t.juniors) // 4
        mods: list[int] = []
        reveals = [False] * (1 if n == 2 else 2 if n == 4 else 0)
        if n == 3:
            card = t.seniors[rng.below(len(t.seniors))]
            mods.extend(m for m in card.icons if m not in mods)
        for _ in reveals:
            card = t.juniors[rng.below(per)]
            mods.extend(m for m in card.icons if m not in mods)
        while len(mods) < n:
            card = t.juniors[rng.below(per)]
            mods.extend(m for m in card.icons if m not in mods)
        return sorted(mods)

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

    def _legal(self) -> list[Action]:
        from meeple.games.luna_maris.rules import legal_actions

        return legal_actions(self)

    def _apply(self, action: Action) -> list[Event]:
        from meeple.games.luna_maris.rules import apply_action

        return apply_action(self, action)

    def explain_illegal(self, text: str) -> str | None:
        from meeple.games.luna_maris.explain import explain

        return explain(self, text)

    def scores(self) -> list[int]:
        return [me[VP] for me in self.pl]

    def tiebreak(self, seat: int) -> tuple[int, ...]:
        """Seed §平手: more orders delivered, then lower CO2 (a higher track index); else shared."""
        return (len(self.delivered[seat]), self.pl[seat][CO2])

    def _copy_into(self, other: State) -> None:
        o: LunaState = other  # type: ignore[assignment]
        o.board = self.board
        o.cards = self.cards
        o.dist = self.dist
        o.adj = self.adj
        o.allowed = self.allowed
        o.mincost = self.mincost
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

    def _view(self, seat: int | None) -> dict[str, Any]:
        from meeple.games.luna_maris.view import build_view

        return build_view(self, seat)


def new_state(game: Game, players: int, seed: int, options: dict[str, Any], tables: Any) -> LunaState:
    state = LunaState.__new__(LunaState)
    State.__init__(state, game, players, seed, options, tables)
    state.setup_fields()
    return state
