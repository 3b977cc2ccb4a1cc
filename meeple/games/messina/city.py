"""The city (seed 遊戲設置, 下一輪設置 step 6): hex geometry, distances, and new neighbourhoods.

Nodes 0-3 are the harbour hexes, 4-7 their docks, 8.. the districts (``state.py``).  Geometry that
depends only on which cells are in play is cached per tables object through ``tables.cache``
(the bots replay the same cities many times).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from meeple.engine.messages import event
from meeple.games.messina.state import D0, DOCK0, N_HARBOURS, NODES
from meeple.games.messina.words import hex_ref, msg

if TYPE_CHECKING:
    from meeple.engine.core import Event
    from meeple.games.messina.state import MessinaState

_DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def axial(col: int, row: int) -> tuple[int, int]:
    """Odd-r offset coordinates to axial (q, r)."""
    return col - (row - (row & 1)) // 2, row


def node_in_play(s: MessinaState, n: int) -> bool:
    return n < D0 or s.ntile[n] >= 0


def node_name(s: MessinaState, n: int) -> str:
    return s.nname[n]


def rebuild_geometry(s: MessinaState) -> None:
    """Adjacency, all-pairs step distances and names of the nodes in play (immutable tuples, shared
    by clones and cached across games with the same city).

    Docks touch only their own harbour hex (a dead end one step beyond it); paths may pass
    through any hex (research §8.2)."""
    key = tuple(s.ncell[n] if node_in_play(s, n) else None for n in range(NODES))
    cache = s.tables.cache("messina.geometry", 4096)
    hit = cache.get(key)
    if hit is None:
        hit = cache.put(key, _geometry(s))
    s.dist, s.dadj = hit[0], hit[1]
    s.nplay = tuple(n for n in range(NODES) if node_in_play(s, n))
    t = s.tables
    harbours = t.harbours
    hexes = t.hexes
    s.nname = tuple(
        str(harbours[n].name) if n < DOCK0 else str(harbours[n - DOCK0].docks_name) if n < D0
        else str(hexes[s.ntile[n]].name) if s.ntile[n] >= 0 else "" for n in range(NODES))


def _geometry(s: MessinaState) -> tuple[Any, Any]:
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
    return tuple(dist), dadj


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


def add_new_hex(s: MessinaState, harbour: int, events: list[Event]) -> None:
    """The top neighbourhood tile joins the city clockwise from ``harbour`` (seed 下一輪設置 step 6)."""
    if not s.hood:
        return
    tile = s.hood[0]
    s.hood = s.hood[1:]
    s.reveals += 1
    key = (s.ncell, harbour)
    cache = s.tables.cache("messina.new_hex", 20000)
    hit = cache.get(key)
    if hit is None:
        cell = new_hex_cell(s, harbour)
        n = add_district(s, tile, cell)
        cache.put(key, (n, s.ncell, s.dist, s.dadj, s.nplay))
    else:
        # the same city grows the same way: reuse the geometry computed before
        n, s.ncell, s.dist, s.dadj, s.nplay = hit
        nt = list(s.ntile)
        nt[n] = tile
        s.ntile = tuple(nt)
        names = list(s.nname)
        names[n] = str(s.tables.hexes[tile].name)
        s.nname = tuple(names)
    events.append(event("new_hex", msg("messina.event.new_hex", hex=hex_ref(s.tables.hexes[tile].name))))


__all__ = ["add_new_hex", "axial", "node_in_play", "node_name", "rebuild_geometry"]
