"""Values derived once from the component tables for the hot paths of the bots' search.

Reading a component through ``Tables`` goes through ``Tables.__getattr__`` and a named tuple; the
scoring estimate and the legal-action generators run thousands of times a second, so they read
these flat tuples instead.  One ``Derived`` per ``Tables`` object (the tables are immutable).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from meeple.engine.components import Tables


class Derived:
    """Flat per-index tuples of the component fields the hot paths read."""

    __slots__ = (
        "tables", "register_vp", "rat_penalty", "rat_last", "rat_step", "majority", "hex_vp",
        "hex_req", "scrolls", "rounds", "repop_tokens", "ws_phase", "ws_cls", "ws_name", "slot_name",
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
