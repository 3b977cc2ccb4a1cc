"""The Messina 1347 state: plain containers of ints, hand-written clone, views and determinization."""

from __future__ import annotations

from typing import Any

from meeple.engine.core import Action, Event, State
from meeple.engine.rng import Rng
from meeple.games.messina import explain, flow, rules, scoring, view
from meeple.games.messina.consts import (
    NP,
    ST_OVER,
)
from meeple.games.messina.derived import Derived

_PI_NAMES = ("coins", "wood", "fire", "major_fire", "vp", "rats", "popularity", "city", "church",
             "popularity_stack", "city_stack", "church_stack", "scroll_buildings", "scroll_ships",
             "scroll_repopulation", "ships", "repopulations", "spices", "cloth", "gems")


class MessinaState(State):
    """One position of Messina 1347 (see the package docstring for the layout of each field)."""

    __slots__ = (
        "round_", "stage", "order", "cur", "in_turn", "tasks", "pi", "lt", "estate", "cab", "ov", "ws",
        "wg", "pend", "defer", "stamp", "ntile", "ncell", "dist", "dadj", "nname", "nplay", "cubes", "cit", "owner", "used",
        "docks", "cube_supply", "cit_supply", "hood", "ship_stack", "sel", "sel_used", "wheel",
        "cab_st", "cab_known", "ws_st", "ws_known", "ws2_st", "wg_st", "ws_phase", "final",
        "fx", "moves",
    )

    round_: int
    stage: int
    order: tuple[int, ...]
    cur: int
    in_turn: int
    tasks: list[tuple[int, int, int, int, int]]
    pi: list[int]
    lt: list[int]
    estate: list[int]
    cab: list[int]
    ov: list[int]
    ws: list[int]
    wg: list[int]
    pend: list[tuple[int, ...]]
    defer: list[tuple[int, ...]]
    stamp: int
    ntile: tuple[int, ...]
    ncell: tuple[tuple[int, int] | None, ...]
    dist: tuple[tuple[int, ...], ...]
    dadj: tuple[tuple[int, ...], ...]
    nname: tuple[str, ...]
    nplay: tuple[int, ...]
    cubes: list[int]
    cit: list[int]
    owner: list[int]
    used: list[int]
    docks: tuple[tuple[int, ...], ...]
    cube_supply: int
    cit_supply: list[int]
    hood: tuple[int, ...]
    ship_stack: tuple[int, ...]
    sel: tuple[int, ...]
    sel_used: tuple[int, ...]
    wheel: int
    cab_st: tuple[tuple[int, ...], ...]
    cab_known: tuple[int, ...]
    ws_st: tuple[tuple[int, ...], ...]
    ws_known: tuple[int, ...]
    ws2_st: tuple[tuple[int, ...], ...]
    wg_st: tuple[tuple[int, ...], ...]
    ws_phase: int
    final: list[dict[str, int]] | None
    fx: Derived
    moves: tuple[tuple[str, ...], list[tuple[Action, ...] | None]] | None

    # --- turn ----------------------------------------------------------------------------

    @property
    def to_move(self) -> int:
        tasks = self.tasks
        return tasks[-1][1] if tasks else 0

    @property
    def is_over(self) -> bool:
        return self.stage == ST_OVER

    def _legal(self) -> list[Action]:
        return rules.legal(self)

    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        rules.apply(self, action.data, events)
        flow.advance(self, events)
        return events

    def scores(self) -> list[int]:
        if self.final is not None:
            return [f["total"] for f in self.final]
        return [self.pi[p * NP + 4] for p in range(self.players)]

    def tiebreak(self, seat: int) -> tuple[int, ...]:
        return scoring.tiebreak(self, seat)

    def explain_illegal(self, text: str) -> str | None:
        return explain.explain_illegal(self, text)

    # --- copy ------------------------------------------------------------------------------

    def _copy_into(self, o: State) -> None:
        assert isinstance(o, MessinaState)
        o.round_ = self.round_
        o.stage = self.stage
        o.order = self.order
        o.cur = self.cur
        o.in_turn = self.in_turn
        o.tasks = self.tasks.copy()
        o.pi = self.pi.copy()
        o.lt = self.lt.copy()
        o.estate = self.estate.copy()
        o.cab = self.cab.copy()
        o.ov = self.ov.copy()
        o.ws = self.ws.copy()
        o.wg = self.wg.copy()
        o.pend = self.pend.copy()
        o.defer = self.defer.copy()
        o.stamp = self.stamp
        o.ntile = self.ntile
        o.ncell = self.ncell
        o.dist = self.dist
        o.dadj = self.dadj
        o.nname = self.nname
        o.nplay = self.nplay
        o.cubes = self.cubes.copy()
        o.cit = self.cit.copy()
        o.owner = self.owner.copy()
        o.used = self.used.copy()
        o.docks = self.docks
        o.cube_supply = self.cube_supply
        o.cit_supply = self.cit_supply.copy()
        o.hood = self.hood
        o.ship_stack = self.ship_stack
        o.sel = self.sel
        o.sel_used = self.sel_used
        o.wheel = self.wheel
        o.cab_st = self.cab_st
        o.cab_known = self.cab_known
        o.ws_st = self.ws_st
        o.ws_known = self.ws_known
        o.ws2_st = self.ws2_st
        o.wg_st = self.wg_st
        o.ws_phase = self.ws_phase
        o.final = self.final
        o.fx = self.fx
        o.moves = self.moves

    # --- hidden information ----------------------------------------------------------------

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        """Reshuffle what no seat can see: the neighbourhood stack below a known B tile, the order
        of ships of one back number, the unused selection tiles, and the face-down parts of the
        cabin and workshop stacks (the tiles put on the bottom by a swap are known).  Each pool is
        sorted before it is shuffled, so the sample depends only on what the seat knows and on rng."""
        fx = self.fx
        hood = self.hood
        keep = 1 if hood and fx.hex_b[hood[0]] else 0
        rest = sorted(hood[keep:])
        rng.shuffle(rest)
        self.hood = hood[:keep] + tuple(rest)
        back_of = fx.ship_back
        stack = self.ship_stack
        out: list[int] = []
        for back in sorted({back_of[i] for i in stack}):
            group = sorted(i for i in stack if back_of[i] == back)
            rng.shuffle(group)
            out += group
        self.ship_stack = tuple(out)
        sel = sorted(self.sel)
        rng.shuffle(sel)
        self.sel = tuple(sel)
        self.cab_st = _reshuffle(self.cab_st, self.cab_known, rng)
        self.ws_st = _reshuffle(self.ws_st, self.ws_known, rng)
        new2 = []
        for st in self.ws2_st:
            lst = sorted(st)
            rng.shuffle(lst)
            new2.append(tuple(lst))
        self.ws2_st = tuple(new2)

    # --- views -----------------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        """Everything in this game is public except the order of the stacks (and the RNG)."""
        return view.build(self, seat)


def _reshuffle(stacks: tuple[tuple[int, ...], ...], known: tuple[int, ...], rng: Rng
               ) -> tuple[tuple[int, ...], ...]:
    """Shuffle each stack below its face-up top and above its known bottom part."""
    out = []
    for st, k in zip(stacks, known, strict=True):
        lst = list(st)
        if len(lst) > 2:
            lo, hi = 1, len(lst) - min(k, len(lst) - 1)
            mid = sorted(lst[lo:hi])
            rng.shuffle(mid)
            lst[lo:hi] = mid
        out.append(tuple(lst))
    return tuple(out)
