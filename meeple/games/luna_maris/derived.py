"""Values derived once per Luna Maris component set, shared by every state and clone.

Each goes through ``tables.derived(key, build)``: the tables are immutable, so the value is kept on
the tables object itself and a component pack gets values of its own.  Nothing here depends on a
position.  (The fixed ``Action`` objects need the action kinds, which are constants of
``state.py``; ``state.Moves`` builds them the same way, from the names and notations here.)
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from meeple.engine.components import Tables


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


def allowed_masks(allowed: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """Per scientist: the modules it allows as a bit mask (bit m: module m)."""
    return tuple(sum(1 << m for m in mods) for mods in allowed)


O2_MOST = 16  # more O2 left than any corridor needs: ``within`` clips the O2 left to it


def within(dist: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """Per position and O2 left (0 .. O2_MOST): the modules that O2 reaches, as a bit mask (staying
    costs 1)."""
    n = len(dist)
    return tuple(tuple(sum(1 << m for m in range(n) if (dist[pos][m] or 1) <= left) for left in range(O2_MOST + 1))
                 for pos in range(n))


class Derived:
    """The lookups of one component set: the scientist table (juniors then seniors), corridor
    distances, mining adjacency, the order tiles of each kind, per-index names and values read in
    the hot paths, the notations of the module actions that name a component, and the tables as
    plain attributes (``Tables`` resolves names through ``__getattr__``)."""

    __slots__ = ("cards", "dist", "adj", "orders_of_kind", "card_name", "food_name", "food_kind",
                 "food_value", "probe_note", "hire_note", "deliver_note", "refine_note", "tab", "within")

    def __init__(self, tables: Any) -> None:
        self.tab = SimpleNamespace(**dict(tables))
        cards = self.cards = tuple(tables.juniors) + tuple(tables.seniors)
        self.dist = distances(tables)
        self.within = within(self.dist)
        self.adj = adjacency(tables)
        kinds = sorted({o.kind for o in tables.orders})
        self.orders_of_kind = tuple(tuple(i for i, o in enumerate(tables.orders) if o.kind == k)
                                    for k in range(len(kinds)))
        self.card_name = tuple(c.name for c in cards)
        self.food_name = tuple(f.name for f in tables.foods)
        self.food_kind = tuple(f.kind for f in tables.foods)
        self.food_value = tuple(f.value for f in tables.foods)
        self.probe_note = tuple(f"probe {sp.name}" for sp in tables.mining_spaces)
        self.hire_note = tuple(f"hire {c.name}" for c in cards)
        self.deliver_note = tuple(f"deliver {o.name}" for o in tables.orders)
        self.refine_note = tuple(f"refine {pr.name}" for pr in tables.refining)


def derived(tables: Tables) -> Derived:
    """The ``Derived`` of a component set, built once."""
    return tables.derived("luna_maris", Derived)


def _reach(tables: Tables, icon_needed: bool) -> tuple[Any, Any, tuple[int, ...]]:
    d = derived(tables)
    allowed, mincost = reach_tables(tables, d.cards, d.dist, icon_needed)
    return allowed, mincost, allowed_masks(allowed)


def _reach_no_icon(tables: Tables) -> tuple[Any, Any, tuple[int, ...]]:
    return _reach(tables, False)


def _reach_icon(tables: Tables) -> tuple[Any, Any, tuple[int, ...]]:
    return _reach(tables, True)


def reach(tables: Tables, icon_needed: bool) -> tuple[Any, Any, tuple[int, ...]]:
    """``reach_tables`` of a component set and the allowed modules as masks, once per value of the
    option ``hibernation_icon``."""
    if icon_needed:
        return tables.derived("luna_maris.reach.icon", _reach_icon)
    return tables.derived("luna_maris.reach", _reach_no_icon)
