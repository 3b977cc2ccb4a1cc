"""The city: hex geometry, set-up, the population wheel, ships and new neighbourhoods.

Seed sections: 遊戲設置 (set-up), 起始設置 (the first ship and the first wheel turn),
下一輪設置 steps 5-7 (ships, new hex, wheel).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from meeple.games.messina.consts import (
    CABINS,
    D0,
    DOCK0,
    LOC_ESTATE,
    LOC_NONE,
    MAXLT,
    N_HARBOURS,
    NODES,
    NP,
    RATS,
    READY,
    SLOTS,
    ST_TURNS,
)
from meeple.games.messina.derived import derived

if TYPE_CHECKING:
    from meeple.engine.components import Tables
    from meeple.engine.core import Event, Game
    from meeple.games.messina.state import MessinaState

_DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def axial(col: int, row: int) -> tuple[int, int]:
    """Odd-r offset coordinates to axial (q, r)."""
    return col - (row - (row & 1)) // 2, row


def node_in_play(s: MessinaState, n: int) -> bool:
    return n < D0 or s.ntile[n] >= 0


def node_name(s: MessinaState, n: int) -> str:
    return s.nname[n]


_GEOMETRY: dict[tuple[object, ...], tuple[Any, Any, Any]] = {}


def rebuild_geometry(s: MessinaState) -> None:
    """Adjacency, all-pairs step distances and names of the nodes in play (immutable tuples, shared
    by clones and cached across games with the same city).

    Docks touch only their own harbour hex (a dead end one step beyond it); paths may pass
    through any hex (research §8.2)."""
    key = tuple(s.ncell[n] if node_in_play(s, n) else None for n in range(NODES))
    hit = _GEOMETRY.get(key)
    if hit is None:
        hit = _geometry(s)
        if len(_GEOMETRY) > 4096:
            _GEOMETRY.clear()
        _GEOMETRY[key] = hit
    s.dist, s.dadj = hit[0], hit[1]
    s.nplay = tuple(n for n in range(NODES) if node_in_play(s, n))
    t = s.tables
    harbours = t.harbours
    hexes = t.hexes
    s.nname = tuple(
        str(harbours[n].name) if n < DOCK0 else str(harbours[n - DOCK0].docks_name) if n < D0
        else str(hexes[s.ntile[n]].name) if s.ntile[n] >= 0 else "" for n in range(NODES))


def _geometry(s: MessinaState) -> tuple[Any, Any, Any]:
    cell_node: dict[tuple[int, int], int] = {}
    for n in range(NODES):
        c = s.ncell[n]
        if c is not None and node_in_play(s, n):
            cell_node[c] = n
    adj: list[list[int]] = [[] for _ in range(NODES)]
    for c, n in cell_node.items():
        for dq, dr in _DIRS:
            m = cell_node.get((c[0] + dq, c[1] + dr))
            if m is not None:
                adj[n].append(m)
    for h in range(N_HARBOURS):
        adj[h].append(DOCK0 + h)
        adj[DOCK0 + h].append(h)
    dist: list[tuple[int, ...]] = []
    for a in range(NODES):
        d = [99] * NODES
        if node_in_play(s, a):
            d[a] = 0
            frontier = [a]
            while frontier:
                nxt = []
                for x in frontier:
                    for y in adj[x]:
                        if d[y] == 99:
                            d[y] = d[x] + 1
                            nxt.append(y)
                frontier = nxt
        dist.append(tuple(d))
    dadj = tuple(tuple(sorted(m for m in adj[n] if m >= D0)) if n >= D0 else () for n in range(NODES))
    t = s.tables
    names = []
    for n in range(NODES):
        if not node_in_play(s, n):
            names.append("")
        elif n < DOCK0:
            names.append(str(t.harbours[n].name))
        elif n < D0:
            names.append(str(t.harbours[n - DOCK0].docks_name))
        else:
            names.append(str(t.hexes[s.ntile[n]].name))
    return tuple(dist), dadj, tuple(names)


def _pixel(c: tuple[int, int]) -> tuple[float, float]:
    q, r = c
    return math.sqrt(3.0) * (q + r / 2.0), 1.5 * r


def new_hex_cell(s: MessinaState, harbour: int) -> tuple[int, int]:
    """Where a new neighbourhood goes (STAND_IN): the free cell touching at least two districts
    that comes first clockwise from the drawn harbour (seed 下一輪設置 step 6)."""
    occupied = {s.ncell[n] for n in range(NODES) if s.ncell[n] is not None and node_in_play(s, n)}
    districts = [s.ncell[n] for n in range(D0, NODES) if s.ntile[n] >= 0]
    dset = set(districts)
    cands: set[tuple[int, int]] = set()
    for c in districts:
        assert c is not None
        for dq, dr in _DIRS:
            x = (c[0] + dq, c[1] + dr)
            if x in occupied:
                continue
            touching = sum(1 for eq, er in _DIRS if (x[0] + eq, x[1] + er) in dset)
            if touching >= 2:
                cands.add(x)
    px = [_pixel(c) for c in districts if c is not None]
    cx = sum(p[0] for p in px) / len(px)
    cy = sum(p[1] for p in px) / len(px)
    hc = s.ncell[harbour]
    assert hc is not None
    hx, hy = _pixel(hc)
    base = math.atan2(hy - cy, hx - cx)

    def key(c: tuple[int, int]) -> tuple[float, int, int]:
        x, y = _pixel(c)
        off = (math.atan2(y - cy, x - cx) - base) % (2 * math.pi)
        return (round(off, 9), c[1], c[0])

    return min(cands, key=key)


def add_district(s: MessinaState, tile: int, cell: tuple[int, int]) -> int:
    n = next(i for i in range(D0, NODES) if s.ntile[i] < 0)
    nt = list(s.ntile)
    nt[n] = tile
    s.ntile = tuple(nt)
    nc = list(s.ncell)
    nc[n] = cell
    s.ncell = tuple(nc)
    _add_to_geometry(s, n, cell)
    return n


def _add_to_geometry(s: MessinaState, n: int, cell: tuple[int, int]) -> None:
    """Distances with one more district, updated in O(nodes^2) instead of a full rebuild."""
    around = {(cell[0] + dq, cell[1] + dr) for dq, dr in _DIRS}
    nbrs = [m for m in range(NODES) if m != n and s.ncell[m] in around and node_in_play(s, m)]
    old = s.dist
    dn = [99] * NODES
    for x in range(NODES):
        best = 99
        for a in nbrs:
            v = old[a][x]
            if v < best:
                best = v
        if best < 99:
            dn[x] = best + 1
    dn[n] = 0
    dist = []
    for x in range(NODES):
        row = list(old[x])
        dx = dn[x]
        if dx < 99:
            for y in range(NODES):
                v = dx + dn[y]
                if v < row[y]:
                    row[y] = v
        row[n] = dx
        dist.append(tuple(row))
    s.dist = tuple(dist)
    dadj = list(s.dadj)
    dn_list = sorted(m for m in nbrs if m >= D0)
    dadj[n] = tuple(dn_list)
    for m in dn_list:
        dadj[m] = tuple(sorted(dadj[m] + (n,)))
    s.dadj = tuple(dadj)
    names = list(s.nname)
    names[n] = str(s.tables.hexes[s.ntile[n]].name)
    s.nname = tuple(names)
    s.nplay = s.nplay + (n,)


def place_cube(s: MessinaState, n: int, events: list[Event]) -> bool:
    """One plague cube from the supply onto node ``n``; a repopulated hex gives its owner a rat
    (seed 活絡城市 5.2, 下一輪設置 step 7)."""
    if s.cube_supply <= 0:
        return False
    s.cube_supply -= 1
    s.cubes[n] += 1
    owner = s.owner[n]
    if owner >= 0:
        s.pi[owner * NP + RATS] += 1
        events.append({"type": "rat", "seat": owner, "text":
                       f"seat {owner} takes a rat: plague reached its repopulated {node_name(s, n)}"})
    return True


def wheel_turn(s: MessinaState, citizens: bool, events: list[Event]) -> None:
    """Turn the population wheel one segment: plague on every district with its rat, then one
    citizen of each class on every district of that class's colour (seed 起始設置; supply-limited)."""
    wheel = s.tables.wheel
    s.wheel = (s.wheel + 1) % len(wheel)
    seg = wheel[s.wheel]
    fx = s.fx
    ntile = s.ntile
    hex_rat = fx.hex_rat
    placed = 0
    for n in range(D0, NODES):
        t = ntile[n]
        if t >= 0 and hex_rat[t] == seg.rat and place_cube(s, n, events):
            placed += 1
    text = f"the wheel turns to {seg.name}: {placed} plague {'cube' if placed == 1 else 'cubes'} placed"
    if citizens:
        cit = s.cit
        supply = s.cit_supply
        hex_colour = fx.hex_colour
        for k in range(3):
            colour = seg.colours[k]
            for n in range(D0, NODES):
                t = ntile[n]
                if t >= 0 and hex_colour[t] == colour and supply[k] > 0:
                    supply[k] -= 1
                    cit[n * 3 + k] += 1
        text += ", citizens arrive"
    events.append({"type": "wheel", "segment": s.wheel, "text": text})


def draw_selection(s: MessinaState) -> int:
    """The next harbour selection tile; all four are reshuffled once used (seed 其他板塊)."""
    if not s.sel:
        pool = list(s.sel_used)
        s.rng.shuffle(pool)
        s.sel = tuple(pool)
        s.sel_used = ()
    h = s.sel[0]
    s.sel = s.sel[1:]
    s.sel_used = s.sel_used + (h,)
    s.reveals += 1
    return h


def ship_arrives(s: MessinaState, events: list[Event]) -> int:
    """A ship from the stack docks at the drawn harbour (next clockwise if full) with a plague cube."""
    h = draw_selection(s)
    if not s.ship_stack:
        return h
    ship = s.ship_stack[0]
    s.ship_stack = s.ship_stack[1:]
    s.reveals += 1
    berths = s.tables.harbours
    target = h
    for k in range(N_HARBOURS):
        x = (h + k) % N_HARBOURS
        if len(s.docks[x]) < berths[x].berths:
            target = x
            break
    else:
        return h
    cube = 0
    if s.cube_supply > 0:
        s.cube_supply -= 1
        cube = 1
    docks = list(s.docks)
    docks[target] = docks[target] + (ship * 2 + cube,)
    s.docks = tuple(docks)
    events.append({"type": "ship", "text": f"{s.tables.ships[ship].name} docks at "
                   f"{berths[target].docks_name}" + (" with a plague cube" if cube else "")})
    return h


_NEW_HEX: dict[tuple[object, int], tuple[Any, ...]] = {}


def add_new_hex(s: MessinaState, harbour: int, events: list[Event]) -> None:
    """The top neighbourhood tile joins the city clockwise from ``harbour`` (seed 下一輪設置 step 6)."""
    if not s.hood:
        return
    tile = s.hood[0]
    s.hood = s.hood[1:]
    s.reveals += 1
    key = (s.ncell, harbour)
    hit = _NEW_HEX.get(key)
    if hit is None:
        cell = new_hex_cell(s, harbour)
        n = add_district(s, tile, cell)
        if len(_NEW_HEX) > 20000:
            _NEW_HEX.clear()
        _NEW_HEX[key] = (n, s.ncell, s.dist, s.dadj, s.nplay)
    else:
        # the same city grows the same way: reuse the geometry computed before
        n, s.ncell, s.dist, s.dadj, s.nplay = hit
        nt = list(s.ntile)
        nt[n] = tile
        s.ntile = tuple(nt)
        names = list(s.nname)
        names[n] = str(s.tables.hexes[tile].name)
        s.nname = tuple(names)
    events.append({"type": "new_hex", "text": f"new neighbourhood {s.tables.hexes[tile].name} joins the city"})


def setup(game: Game, players: int, seed: int, options: dict[str, Any], tables: Tables) -> MessinaState:
    """Seed 遊戲設置 and 起始設置: city, stacks, first ship, first wheel turn."""
    from meeple.engine.core import State
    from meeple.games.messina.state import MessinaState

    s = MessinaState.__new__(MessinaState)
    State.__init__(s, game, players, seed, options, tables)
    s.fx = derived(tables)
    s.moves = None
    rng = s.rng
    pc = next(p for p in tables.player_counts if p.players == players)
    st = tables.start[0]
    # city
    hexes = tables.hexes
    a_tiles = [i for i, h in enumerate(hexes) if h.cls == "A" and h.min_players <= players]
    b_tiles = [i for i, h in enumerate(hexes) if h.cls == "B"]
    c_tiles = [i for i, h in enumerate(hexes) if h.cls == "C"]
    rng.shuffle(b_tiles)
    start = a_tiles + b_tiles[:1]
    rng.shuffle(start)
    rng.shuffle(c_tiles)
    s.hood = tuple(b_tiles[1:] + c_tiles)
    cells = [c for c in tables.layout if c.players == players]
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
    s.cit = [0] * (NODES * 3)
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
    for cls in range(3):
        for phase, out in ((1, ws1), (2, ws2)):
            stack = [i for i, w in enumerate(tables.workshops) if w.phase == phase and w.cls == cls]
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
    pi = [0] * (players * NP)
    from meeple.games.messina.consts import COIN, FIRE, MAJOR, WOOD
    for p in range(players):
        pi[p * NP + COIN] = st.coins
        pi[p * NP + WOOD] = st.wood
        pi[p * NP + FIRE] = st.fire
        pi[p * NP + MAJOR] = st.major
    s.pi = pi
    lt = []
    for _p in range(players):
        for i in range(MAXLT):
            lt += [LOC_ESTATE if i < st.lieutenants else LOC_NONE, READY]
    s.lt = lt
    s.estate = [-1] * (players * SLOTS)
    s.cab = [-1, 0, -1] * (players * CABINS)
    s.ov = [0, -1, 0] * (players * 3)
    s.ws = []
    s.wg = []
    s.pend = [()] * players
    s.defer = [()] * players
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
        for k in (9, 10, 11):
            pi[p * NP + k] = players - i
    s.wheel = rng.below(len(tables.wheel))
    events: list[Event] = []
    h = ship_arrives(s, events)
    del h
    wheel_turn(s, True, events)
    from meeple.games.messina.flow import advance

    advance(s, events)
    s.reveals = 0
    return s
