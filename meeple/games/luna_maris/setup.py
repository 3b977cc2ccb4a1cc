"""The Luna Maris starting position (seed §setup, research §3): boards, decks, rows, every player's
starting kit, and the three setup decisions (special equipment, first probe, start module)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.engine.core import Event, Game, State
from meeple.engine.messages import event, ref
from meeple.games.luna_maris.components import HIBERNATION
from meeple.games.luna_maris.derived import derived, reach
from meeple.games.luna_maris.solo import ai_start, turn_up_ai_card
from meeple.games.luna_maris.state import (
    AI_SEAT,
    N_JUNIORS,
    S_EQUIP,
    S_PROBE,
    S_START,
    S_TURN,
    LunaState,
    ai_pool,
    moves,
    new_seat,
)
from meeple.games.luna_maris.words import msg

if TYPE_CHECKING:
    from meeple.engine.components import Tables


def new_state(cls: type[LunaState], game: Game, players: int, seed: int, options: dict[str, Any],
              tables: Tables) -> LunaState:
    """A new position of the concrete class ``cls`` (``LunaPosition``), set up."""
    state = cls.__new__(cls)
    State.__init__(state, game, players, seed, options, tables)
    setup_fields(state)
    return state


def setup_fields(s: LunaState) -> None:
    """Seed §setup (research §3): boards, decks, rows and every player's starting kit."""
    t = s.tables
    b = s.board = t.board[0]
    d = derived(t)
    s.cards, s.dist, s.adj, s.orders_of_kind = d.cards, d.dist, d.adj, d.orders_of_kind
    s.allowed, s.mincost, s.allowed_mask = reach(t, s.options["hibernation_icon"])
    s.within = d.within
    s.needs_act = tuple(m.needs_activation and (i != HIBERNATION or bool(s.options["hibernation_activation"]))
                        for i, m in enumerate(t.modules))
    s.pre = moves(t)
    s.tab = d.tab  # the component tables, read fast in the rules
    solo = s.players == 1
    n = 2 if solo else s.players  # solo: set up as a 2-player game, the AI the second seat (S-ZR)
    rng = s.rng
    first = 0 if solo else rng.below(n)  # solo: the human plays first (S-ZR)
    s.order = [(first + i) % n for i in range(n)]
    s.next_order = []
    s.round = 1
    s.seats = []
    per = len(t.juniors) // 4  # juniors: six per player, a set each (STAND_IN identical sets)
    for seat in range(n):
        me = new_seat()
        me.vp = b.start_vp
        me.energy = b.start_energy
        me.water = b.start_water
        me.fe_l = b.start_iron
        me.waste = b.start_waste
        me.cap = b.stress_start
        me.probes = len(t.probe_slots)
        me.co2 = b.co2_start
        me.ref = 1  # STAND_IN start level
        me.sus = 1  # STAND_IN start level
        me.em_energy = me.em_iron = me.em_water = 1
        me.equip = -1
        me.pending = -1
        me.pos = -1
        me.hand = list(range(seat * per, seat * per + per))
        s.seats.append(me)
    if solo:
        ai_board(s, s.seats[AI_SEAT])
    s.grid = [-1] * len(t.mining_spaces)
    s.act = [-1] * len(t.modules)
    s.built = [-1] * len(t.modules)
    s.build_track = []
    # order stacks: players + 1 of each kind, top face up (the last element is the top)
    kinds = sorted({o.kind for o in t.orders})
    s.stacks = []
    for k in kinds:
        tiles = [i for i, o in enumerate(t.orders) if o.kind == k]
        rng.shuffle(tiles)
        s.stacks.append(tiles[: n + 1])
    # seniors: shuffled, a hiring row of 3
    deck = list(range(N_JUNIORS, N_JUNIORS + len(t.seniors)))
    rng.shuffle(deck)
    s.hire_row = [deck.pop() for _ in range(min(b.hire_row, len(deck)))]
    s.senior_deck = deck
    # food: 4-player cards out with 3 or fewer players; a display of 3
    foods = [i for i, f in enumerate(t.foods) if n == 4 or not f.four_players]
    rng.shuffle(foods)
    s.food_row = [foods.pop() for _ in range(min(b.food_row, len(foods)))]
    s.food_deck = foods
    s.food_discard = []
    # advanced modules: 5 face up
    s.adv_offer = sorted(rng.sample(range(len(t.advanced_modules)), b.advanced_offered))
    # special equipment: players + 1 face up, chosen in reverse turn order
    s.equip_offer = []
    if s.options["equipment"] and s.options["equipment_deal"] == "random":
        deal_equipment(s)
    elif s.options["equipment"]:
        # players + 1 face up (solo, S-ZR: the human takes one, "the other" goes back to the box)
        s.equip_offer = sorted(rng.sample(range(len(t.equipment)), min(s.players + 1, len(t.equipment))))
    # starting astronaut modules from revealed scientist icons
    s.start_mods = reveal_start_modules(s)
    s.final = []
    s.ai_deck = []
    s.ai_seen = []
    s.ai_card = -1
    s.ai_next = 0
    if solo:
        ai_setup(s)
    s.reset_turn()
    s.cur = -1
    s.queue = []
    s.step = S_EQUIP if s.equip_offer else S_PROBE
    s.queue = _deciders(s, reversed(s.order))
    s.cur = s.queue.pop(0)


def _deciders(s: LunaState, seats: Any) -> list[int]:
    """The seats among ``seats`` that make set-up decisions (solo: not the AI)."""
    return [q for q in seats if q < s.players]


def ai_board(s: LunaState, ai: Any) -> None:
    """Research (solo, S-ZR): the AI's board starts with 1 waste, 3 probes and 2 water, a disc for
    an astronaut; it holds no other cubes, no scientists, no emergency deposit and no equipment."""
    ai.energy = ai.fe_l = 0
    ai.water = 2
    ai.waste = 1
    ai.probes = 3
    ai.em_energy = ai.em_iron = ai.em_water = 0
    ai.hand = []


def ai_setup(s: LunaState) -> None:
    """Research (solo, S-ZR): 5 random AI cards of the chosen difficulty, one a round; the AI's first
    probe on a random empty iron space (STAND_IN: the player's rule, placed before the human's in
    reverse turn order)."""
    rng = s.rng
    pool = ai_pool(s.tables, s.options["difficulty"])
    rng.shuffle(pool)
    s.ai_deck = pool[:s.board.rounds]
    iron = [i for i, sp in enumerate(s.tables.mining_spaces) if sp.ore == 0 and s.grid[i] < 0]
    s.grid[iron[rng.below(len(iron))]] = AI_SEAT


def deal_equipment(s: LunaState) -> None:
    """Seed §特殊設備 (開局隨機分配), option equipment_deal=random: each player is dealt one random
    tile, face up; there is no choice to make."""
    tiles = s.rng.sample(range(len(s.tables.equipment)), s.players)
    for me, e in zip(s.seats[:s.players], tiles, strict=True):  # solo: the AI takes none (S-ZR)
        me.equip = e
        me.equip_up = 1


def reveal_start_modules(s: LunaState) -> list[int]:
    """Seed/research §3: 2p one level-1 card, 3p one level-2 card, 4p two level-1 cards; more
    level-1 cards are turned up while there are fewer distinct modules than players."""
    t = s.tables
    n = max(2, s.players)  # solo: as 2 players (S-ZR)
    rng = s.rng
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


# --- the setup decisions --------------------------------------------------------------------------

def next_setup(s: LunaState) -> list[Event]:
    """Advance the setup queue: equipment (reverse order), first probes (reverse order), start
    positions (turn order), then round 1 (no production)."""
    if s.queue:
        s.cur = s.queue.pop(0)
        return []
    if s.step == S_EQUIP:
        s.equip_offer = []
        s.step = S_PROBE
        s.queue = _deciders(s, reversed(s.order))
    elif s.step == S_PROBE:
        s.step = S_START
        s.queue = _deciders(s, s.order)
    else:
        s.step = S_TURN
        s.cur = s.order[0]
        ev: list[Event] = []
        if s.is_solo:
            ev.extend(ai_start(s))
        ev.append(event("round", msg("luna_maris.event.round_first", round=1), round=1))
        if s.is_solo:
            ev.extend(turn_up_ai_card(s))
        return ev
    s.cur = s.queue.pop(0)
    return []


def choose_equipment(s: LunaState, p: int, e: int) -> list[Event]:
    """Research §3: players + 1 special equipment tiles, chosen in reverse turn order."""
    s.equip_offer.remove(e)
    s.seats[p].equip = e
    s.seats[p].equip_up = 1
    ev: list[Event] = [event("equipment", msg("luna_maris.event.equipment_take", seat=p,
                              equipment=ref("luna_maris", "equipment", s.tab.equipment[e].name)), seat=p)]
    return ev + next_setup(s)


def place_first_probe(s: LunaState, p: int, space: int) -> list[Event]:
    """Research §5.6 (STAND_IN placement): each player's first probe on an empty iron space."""
    s.grid[space] = p
    ev: list[Event] = [event("probe", msg("luna_maris.event.probe_first", seat=p,
                              space=ref("luna_maris", "mining_spaces", s.tab.mining_spaces[space].name)), seat=p)]
    return ev + next_setup(s)


def place_astronaut(s: LunaState, p: int, m: int) -> list[Event]:
    """Research §3: in turn order each astronaut starts on a distinct module from the revealed icons."""
    s.seats[p].pos = m
    ev: list[Event] = [event("start", msg("luna_maris.event.start", seat=p, module=ref("luna_maris", "modules", s.tab.modules[m].name)), seat=p)]
    return ev + next_setup(s)

