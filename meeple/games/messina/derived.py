"""Values derived once from the component tables for the hot paths of the bots' search.

Reading a component through ``Tables`` goes through ``Tables.__getattr__`` and a named tuple; the
scoring estimate and the legal-action generators run thousands of times a second, so they read
these flat tuples instead.  One ``Derived`` per ``Tables`` object (the tables are immutable).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.core import Action
from meeple.games.messina.consts import OP_ACTION, OP_CURE_WS, OP_REPOP, OP_SHIP, OP_SLOT, OP_STAFF

if TYPE_CHECKING:
    from meeple.engine.components import Tables


class Derived:
    """Flat per-index tuples of the component fields the hot paths read."""

    __slots__ = (
        "tables", "register_vp", "rat_penalty", "rat_last", "rat_step", "majority", "scrolls", "rounds",
        "repop_tokens", "fire", "hex_vp", "hex_actions", "hex_rat", "hex_colour", "hex_b", "hex_cost",
        "hex_req", "ship_back", "ws_phase", "ws_cls", "ws_name", "slot_name",
        "hex_action", "repop_action", "slot_action", "_staff", "_cure", "_take", "_ship_names",
    )

    def __init__(self, t: Tables) -> None:
        self.tables = t
        regs = t.registers
        self.register_vp: tuple[tuple[int, ...], ...] = tuple(
            tuple(r.vp for r in regs if r.track == name) for name in ("popularity", "city", "church"))
        rp = t.rat_penalty
        self.rat_penalty: tuple[int, ...] = tuple(int(r.penalty) for r in rp)
        # beyond the table: the last entry plus the last step per further rat (``scoring.rat_penalty``)
        self.rat_last: tuple[int, int] = (int(rp[-1].rats), int(rp[-1].penalty))
        self.rat_step: int = int(rp[-1].penalty - rp[-2].penalty) if len(rp) > 1 else 0
        self.majority: dict[int, tuple[int, ...]] = {}
        for pc in t.player_counts:
            self.majority.setdefault(pc.players, tuple(pc.majority))
        hexes = t.hexes
        self.hex_vp: tuple[int, ...] = tuple(h.vp for h in hexes)
        self.hex_actions: tuple[tuple[int, ...], ...] = tuple(h.actions for h in hexes)
        self.hex_rat: tuple[int, ...] = tuple(h.rat for h in hexes)
        self.hex_b: tuple[bool, ...] = tuple(h.cls == "B" for h in hexes)
        self.hex_cost: tuple[tuple[int, int], ...] = tuple((h.cost_coins, h.cost_wood) for h in hexes)
        self.ship_back: tuple[int, ...] = tuple(sh.back for sh in t.ships)
        # per round number (1-based; index 0 unused): fire tokens per cube and VP per cube removed
        self.fire: tuple[tuple[int, int], ...] = ((0, 0),) + tuple((r.fire_cost, r.fire_vp) for r in t.rounds)
        self.hex_colour: tuple[int, ...] = tuple(h.colour for h in hexes)
        # repopulation requirement vectors (``repopulation.requirement``)
        self.hex_req: tuple[tuple[int, ...], ...] = tuple(
            (*h.cost_upgraded, h.cost_any_upgraded, *h.cost_citizens) for h in hexes)
        self.scrolls: tuple[tuple[tuple[int, ...], int], ...] = tuple((x.values, x.cap) for x in t.scrolls)
        self.rounds: int = len(t.rounds)
        self.repop_tokens: int = t.start[0].repopulation_tokens
        ws = t.workshops
        self.ws_phase: tuple[int, ...] = tuple(w.phase for w in ws)
        self.ws_cls: tuple[int, ...] = tuple(w.cls for w in ws)
        self.ws_name: tuple[str, ...] = tuple(w.name for w in ws)
        self.slot_name: tuple[str, ...] = tuple(e.name for e in t.estate)
        # actions whose notation names a component, built once (actions are immutable and shared)
        self.hex_action: tuple[Action, ...] = tuple(
            Action(f"action: {e.name}", (OP_ACTION, k)) for k, e in enumerate(t.effects))
        self.repop_action: tuple[Action, ...] = tuple(Action(f"repopulate {h.name}", (OP_REPOP,)) for h in hexes)
        self.slot_action: tuple[Action, ...] = tuple(
            Action(f"to {name}", (OP_SLOT, k)) for k, name in enumerate(self.slot_name))
        self._staff: dict[tuple[int, int, int], Action] = {}
        self._cure: dict[tuple[int, int], Action] = {}
        self._take: dict[tuple[int, int], Action] = {}
        self._ship_names: tuple[str, ...] = tuple(sh.name for sh in t.ships)

    def staff(self, i: int, tile: int, k: int) -> Action:
        """``staff <workshop> from <slot>``: estate slot ``k`` into workshop entry ``i`` (tile ``tile``)."""
        key = (i, tile, k)
        act = self._staff.get(key)
        if act is None:
            act = self._staff[key] = Action(f"staff {self.ws_name[tile]} from {self.slot_name[k]}", (OP_STAFF, i, k))
        return act

    def cure(self, i: int, tile: int) -> Action:
        """``to <workshop>``: a cured citizen into workshop entry ``i`` (tile ``tile``)."""
        key = (i, tile)
        act = self._cure.get(key)
        if act is None:
            act = self._cure[key] = Action(f"to {self.ws_name[tile]}", (OP_CURE_WS, i))
        return act

    def take(self, i: int, ship: int) -> Action:
        """``take <ship>``: the ``i``-th ship at the docks."""
        key = (i, ship)
        act = self._take.get(key)
        if act is None:
            act = self._take[key] = Action(f"take {self._ship_names[ship]}", (OP_SHIP, i))
        return act


_CACHE: dict[int, Derived] = {}


def derived(t: Tables) -> Derived:
    """The ``Derived`` of ``t`` (cached by identity; the entry keeps ``t`` alive, so its id stays unique)."""
    d = _CACHE.get(id(t))
    if d is None or d.tables is not t:
        if len(_CACHE) > 64:
            _CACHE.clear()
        d = _CACHE[id(t)] = Derived(t)
    return d


__all__ = ["Derived", "derived"]
