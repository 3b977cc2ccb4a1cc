"""The starting position (seed 遊戲設置, 其他板塊, 計分板, 起始設置): the city, the stacks, each
player's supplies, round I's turn order, the first ship with its plague cube, the first wheel turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from meeple.engine.core import State
from meeple.games.messina import automa
from meeple.games.messina.city import axial, rebuild_geometry
from meeple.games.messina.derived import derived
from meeple.games.messina.plague import wheel_turn
from meeple.games.messina.rounds import advance
from meeple.games.messina.ships import ship_arrives
from meeple.games.messina.state import (
    CABINS,
    D0,
    EMPTY,
    LOC_ESTATE,
    LOC_NONE,
    MAXLT,
    N_HARBOURS,
    NO_WAGONS,
    NO_WORKSHOPS,
    NODES,
    READY,
    SLOTS,
    ST_TURNS,
    MessinaState,
    Seat,
)

if TYPE_CHECKING:
    from meeple.engine.components import Tables
    from meeple.engine.core import Event, Game

S = TypeVar("S", bound=MessinaState)


def setup(cls: type[S], game: Game, players: int, seed: int, options: dict[str, Any], tables: Tables) -> S:
    """Seed 遊戲設置 and 起始設置: city, stacks, first ship, first wheel turn (a position of ``cls``,
    the concrete class that binds the hooks)."""
    s = cls.__new__(cls)
    State.__init__(s, game, players, seed, options, tables)
    s.fx = derived(tables)
    s.moves = None
    rng = s.rng
    pc = next(p for p in tables.player_counts if p.players == players)
    st = tables.start[0]
    board = max(players, 2)  # research §8.3: the solo game is set up as for 2 players
    # city
    hexes = tables.hexes
    a_tiles = [i for i, h in enumerate(hexes) if h.cls == "A" and h.min_players <= board]
    b_tiles = [i for i, h in enumerate(hexes) if h.cls == "B"]
    c_tiles = [i for i, h in enumerate(hexes) if h.cls == "C"]
    rng.shuffle(b_tiles)
    start = a_tiles + b_tiles[:1]
    rng.shuffle(start)
    rng.shuffle(c_tiles)
    s.hood = tuple(b_tiles[1:] + c_tiles)
    cells = [c for c in tables.layout if c.players == board]
    dcells = [axial(c.col, c.row) for c in cells if c.kind == "district"]
    hcells = [axial(c.col, c.row) for c in cells if c.kind == "harbour"]
    ntile = [-1] * NODES
    ncell: list[tuple[int, int] | None] = [None] * NODES
    for h in range(N_HARBOURS):
        ncell[h] = hcells[h]
    for i, t in enumerate(start):
        ntile[D0 + i] = t
        ncell[D0 + i] = dcells[i]
    s.ntile = tuple(ntile)
    s.ncell = tuple(ncell)
    rebuild_geometry(s)
    s.cubes = [0] * NODES
    s.citizens = [[0] * NODES for _ in range(3)]
    s.owner = [-1] * NODES
    s.used = [0] * NODES
    s.docks = ((), (), (), ())
    s.cube_supply = pc.plague_cubes
    s.cit_supply = [st.citizens_per_class] * 3
    # stacks
    sel = list(range(N_HARBOURS))
    rng.shuffle(sel)
    s.sel = tuple(sel)
    s.sel_used = ()
    ships: list[int] = []
    for back in sorted({sh.back for sh in tables.ships}):
        group = [i for i, sh in enumerate(tables.ships) if sh.back == back and (pc.gem_ships or sh.cargo != "gems")]
        rng.shuffle(group)
        ships += group
    s.ship_stack = tuple(ships)
    cab_st = []
    for k in range(3):
        stack = [i for i, c in enumerate(tables.cabins) if c.stack == k]
        rng.shuffle(stack)
        cab_st.append(tuple(stack))
    s.cab_st = tuple(cab_st)
    s.cab_known = (0, 0, 0)
    ws1: list[tuple[int, ...]] = []
    ws2: list[tuple[int, ...]] = []
    for kind in range(3):
        for phase, out in ((1, ws1), (2, ws2)):
            stack = [i for i, w in enumerate(tables.workshops) if w.phase == phase and w.cls == kind]
            rng.shuffle(stack)
            out.append(tuple(stack))
    s.ws_st = tuple(ws1)
    s.ws2_st = tuple(ws2)
    s.ws_known = (0, 0, 0)
    wagons: list[tuple[int, ...]] = []
    for copy in range(pc.wagon_stacks):
        nums = sorted({w.number for w in tables.wagons})
        stack = []
        for num in nums:
            same = [i for i, w in enumerate(tables.wagons) if w.number == num]
            stack.append(same[copy % len(same)])
        wagons.append(tuple(stack))
    s.wg_st = tuple(wagons)
    # players
    s.seats = [new_seat(st.coins, st.wood, st.fire, st.major, st.lieutenants) for _ in range(players)]
    s.workshops = NO_WORKSHOPS
    s.wagons = NO_WAGONS
    s.tasks = []
    s.final = None
    s.round_ = 1
    s.stage = ST_TURNS
    s.cur = -1
    s.in_turn = -1
    s.ws_phase = 1
    order = list(range(players))
    rng.shuffle(order)
    s.order = tuple(order)
    # discs start stacked in round I's order: the first seat on top
    s.stamp = players
    for i, p in enumerate(order):
        s.seats[p].stamp = [players - i] * 3
    s.wheel = rng.below(len(tables.wheel))
    s.auto_lt = s.auto_deck = s.auto_flipped = ()
    s.auto_left = s.auto_pop = s.auto_up = 0
    events: list[Event] = []
    ship_arrives(s, events)
    wheel_turn(s, True, events)
    if automa.is_solo(s):
        automa.start_round(s, events)
    advance(s, events)
    s.reveals = 0
    return s


def new_seat(coins: int, wood: int, fire: int, major: int, lieutenants: int) -> Seat:
    """A player's starting supplies (seed 起始設置): nothing built, every register at its start,
    ``lieutenants`` lying in the estate."""
    seat = Seat()
    seat.coins, seat.wood, seat.fire, seat.major = coins, wood, fire, major
    seat.vp = seat.rats = seat.ships = seat.repops = 0
    seat.track = [0, 0, 0]
    seat.stamp = [0, 0, 0]
    seat.scrolls = (0, 0, 0)
    seat.cargo = (0, 0, 0)
    seat.lt_where = [LOC_ESTATE if i < lieutenants else LOC_NONE for i in range(MAXLT)]
    seat.lt_status = [READY] * MAXLT
    seat.estate = [EMPTY] * SLOTS
    seat.cabin_citizen = (-1,) * CABINS
    seat.cabin_stage = (0,) * CABINS
    seat.cabin_tile = (-1,) * CABINS
    seat.overseer_steps = (0, 0, 0)
    seat.overseer_petal = (-1, -1, -1)
    seat.overseer_upgraded = (0, 0, 0)
    seat.pend = ()
    seat.defer = ()
    return seat


__all__ = ["new_seat", "setup"]
