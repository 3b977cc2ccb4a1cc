"""The Luna Maris actions whose notation depends only on the components, built once per component
set and shared by every state (an ``Action`` is never changed after it is made)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from meeple.engine.core import Action
from meeple.games.luna_maris.resources import EMERGENCY_NAMES
from meeple.games.luna_maris.state import (
    K_DONE,
    K_EMERG,
    K_END,
    K_FEED,
    K_FEED_NONE,
    K_GO,
    K_PASS,
    K_PLAY,
    K_RETURN,
    K_SKIP,
    K_STOP,
)


class Prebuilt:
    """Per scientist: play / return; per food: feed (and its kind and value); per module: go; the
    emergency cubes still unused, by mask (bit i: cube i = energy, iron, water); and the fixed choices
    (pass, end turn, done, stop, skip, feed without food); and the notations of the module actions
    that name a component (probe a space, hire a scientist, deliver an order, refine a process)."""

    __slots__ = ("play", "ret", "card_name", "feed", "food_name", "food_kind", "food_value", "go",
                 "emergency", "pass_", "end", "done", "stop", "skip", "feed_none", "probe_note", "hire_note",
                 "deliver_note", "refine_note", "tab")

    def __init__(self, tables: Any, cards: tuple[Any, ...]) -> None:
        # the component tables as plain attributes (``Tables`` resolves names through __getattr__)
        self.tab = SimpleNamespace(**dict(tables))
        self.card_name = tuple(c.name for c in cards)
        self.play = tuple(Action(f"play {c.name}", (K_PLAY, i)) for i, c in enumerate(cards))
        self.ret = tuple(Action(f"return {c.name}", (K_RETURN, i)) for i, c in enumerate(cards))
        self.food_name = tuple(f.name for f in tables.foods)
        self.food_kind = tuple(f.kind for f in tables.foods)
        self.food_value = tuple(f.value for f in tables.foods)
        self.feed = tuple(Action(f"feed {f.name}", (K_FEED, i)) for i, f in enumerate(tables.foods))
        self.go = tuple(Action(f"go {m.key}", (K_GO, i)) for i, m in enumerate(tables.modules))
        cubes = tuple(Action(f"emergency {EMERGENCY_NAMES[i]}", (K_EMERG, i)) for i in range(3))
        self.emergency = tuple(tuple(a for i, a in enumerate(cubes) if mask >> i & 1) for mask in range(8))
        self.pass_ = Action("pass", (K_PASS,))
        self.end = Action("end turn", (K_END,))
        self.done = Action("done", (K_DONE,))
        self.stop = Action("stop", (K_STOP,))
        self.skip = Action("skip", (K_SKIP, -1))
        self.feed_none = Action("feed without food", (K_FEED_NONE,))
        self.probe_note = tuple(f"probe {sp.name}" for sp in tables.mining_spaces)
        self.hire_note = tuple(f"hire {c.name}" for c in cards)
        self.deliver_note = tuple(f"deliver {o.name}" for o in tables.orders)
        self.refine_note = tuple(f"refine {pr.name}" for pr in tables.refining)


_CACHE: dict[int, tuple[Any, Prebuilt]] = {}


def prebuilt(tables: Any, cards: tuple[Any, ...]) -> Prebuilt:
    """The shared ``Prebuilt`` of a component set (``cards`` is the scientist table derived from it)."""
    hit = _CACHE.get(id(tables))
    if hit is not None and hit[0] is tables:
        return hit[1]
    value = Prebuilt(tables, cards)
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[id(tables)] = (tables, value)
    return value
