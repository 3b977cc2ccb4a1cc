"""The main-step legal actions, remembered by everything they are derived from.

A search visits the same turn again and again (every iteration replays the tree's path on a
fresh determinization, whose hidden parts the main step does not read), so ``main_actions``
is kept per key: the seat, its deniers, influence, citizens, supply, tradesmen and card cubes,
the dice on the city square, the buildings, lying and push-out protection, the cathedral, the
event row and the face-up activity cards.  Everything else it reads comes from the component
tables (one cache per table set) or the push-out option (in the key)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.engine.core import Action
from meeple.games.troyes.actions import main_actions
from meeple.games.troyes.consts import MAX_CITIZENS
from meeple.games.troyes.dice import protection

if TYPE_CHECKING:
    from meeple.games.troyes.state import TroyesState

_LIMIT = 20000  # entries per table set before the cache is emptied
_CACHES: dict[int, tuple[Any, dict[tuple[int, ...], list[Action]]]] = {}


def cached_main_actions(s: TroyesState, p: int) -> list[Action]:
    """``main_actions(s, p)`` (a copy of the list: callers own it)."""
    tables = s.tables
    hit = _CACHES.get(id(tables))
    if hit is None or hit[0] is not tables:
        hit = _CACHES[id(tables)] = (tables, {})
    cache = hit[1]
    key = main_key(s, p)
    out = cache.get(key)
    if out is None:
        if len(cache) >= _LIMIT:
            cache.clear()
        out = cache[key] = main_actions(s, p)
    return out[:]


def main_key(s: TroyesState, p: int) -> tuple[int, ...]:
    """Everything of the position ``main_actions`` reads for seat ``p``.  Variable-length
    parts (dice, row, face-up slots) are told apart by the lengths and ``revealed`` in the tail."""
    slots = s.slots
    r = s.revealed
    shown = slots[0:r] + slots[3:3 + r] + slots[6:6 + r]
    parts = (s.dice + s.row + shown + s.bld + s.lying + protection(s) + s.cath
             + s.trade[p::4] + s.cubes[p::4])
    parts += (p, s.deniers[p], s.infl[p], s.owned[p], s.supply[p], r, s.prot, len(s.dice), len(s.row))
    return tuple(parts)


def several_main_actions(s: TroyesState, p: int) -> bool:
    """Seat ``p``'s main step lists at least two actions: pass always, and a reroll (1 influence
    and an own die) or recruiting (2 influence, fewer than the most citizens) (``main_actions``)."""
    infl = s.infl[p]
    if infl >= 2 and s.owned[p] < MAX_CITIZENS:
        return True
    if infl >= 1:
        for d in s.dice:
            if d >> 6 == p:
                return True
    return False
