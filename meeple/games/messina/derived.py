"""Values derived once from the component tables, for the hot paths of the bots' search.

Reading a component through ``Tables`` goes through ``Tables.__getattr__`` and a named tuple; the
scoring estimate and the legal-action generators run thousands of times a second, so they read
these flat tuples instead.  ``derived(tables)`` builds one ``Derived`` per ``Tables`` object through
``tables.derived`` (the tables are immutable, so a component pack gets its own).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mypy_extensions import mypyc_attr

if TYPE_CHECKING:
    from meeple.engine.components import Tables

TRACK_NAMES = ("popularity", "city", "church")


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (make fast): unpickled without calling __init__
class Derived:
    """Flat per-index tuples of the component fields the hot paths read."""

    __slots__ = (
        "tables", "register_vp", "rat_penalty", "rat_last", "rat_step", "majority", "scrolls", "rounds",
        "repop_tokens", "fire", "hex_vp", "hex_actions", "hex_rat", "hex_colour", "hex_b", "hex_cost",
        "hex_req", "ship_back", "ws_phase", "ws_cls", "ws_name", "slot_name", "ship_name", "effect_name",
        "hex_name", "tracks", "payable",
    )

    def __init__(self, t: Tables) -> None:
        self.tables = t
        regs = t.registers
        self.register_vp: tuple[tuple[int, ...], ...] = tuple(
            tuple(r.vp for r in regs if r.track == name) for name in TRACK_NAMES)
        # (reward, vp) per space for popularity, city and church (``registers.advance_track``)
        self.tracks: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple((r.reward, r.vp) for r in regs if r.track == name) for name in TRACK_NAMES)
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
        self.hex_name: tuple[str, ...] = tuple(h.name for h in hexes)
        self.ship_back: tuple[int, ...] = tuple(sh.back for sh in t.ships)
        self.ship_name: tuple[str, ...] = tuple(sh.name for sh in t.ships)
        # per round number (1-based; index 0 unused): fire tokens per cube and VP per cube removed
        self.fire: tuple[tuple[int, int], ...] = ((0, 0),) + tuple((r.fire_cost, r.fire_vp) for r in t.rounds)
        self.hex_colour: tuple[int, ...] = tuple(h.colour for h in hexes)
        # repopulation requirement vectors (``repopulation.requirement``)
        self.hex_req: tuple[tuple[int, ...], ...] = tuple(
            (*h.cost_upgraded, h.cost_any_upgraded, *h.cost_citizens) for h in hexes)
        # a cache for the bots' estimate: an estate (its slots as a tuple) -> the bit mask of the
        # tiles whose citizens it could pay (``evaluate._best_repopulation``)
        self.payable: dict[tuple[int, ...], int] = {}
        self.scrolls: tuple[tuple[tuple[int, ...], int], ...] = tuple((x.values, x.cap) for x in t.scrolls)
        self.rounds: int = len(t.rounds)
        self.repop_tokens: int = t.start[0].repopulation_tokens
        ws = t.workshops
        self.ws_phase: tuple[int, ...] = tuple(w.phase for w in ws)
        self.ws_cls: tuple[int, ...] = tuple(w.cls for w in ws)
        self.ws_name: tuple[str, ...] = tuple(w.name for w in ws)
        self.slot_name: tuple[str, ...] = tuple(e.name for e in t.estate)
        self.effect_name: tuple[str, ...] = tuple(e.name for e in t.effects)


def derived(t: Tables) -> Derived:
    """The ``Derived`` of ``t``, built once per tables object (``Tables.derived``)."""
    return t.derived("messina", Derived)


__all__ = ["Derived", "TRACK_NAMES", "derived"]
