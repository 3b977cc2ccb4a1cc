"""The Messina 1347 state: plain containers of ints, hand-written clone, views and determinization."""

from __future__ import annotations

from typing import Any

from meeple.engine.core import Action, Event, State
from meeple.engine.rng import Rng
from meeple.games.messina import explain, flow, rules, scoring
from meeple.games.messina.board import node_in_play, node_name
from meeple.games.messina.consts import (
    CABINS,
    D0,
    DOCK0,
    MAXLT,
    N_HARBOURS,
    NODES,
    NP,
    PETAL_NAMES,
    SLOTS,
    ST_OVER,
    TRACK_NAMES,
    WG_W,
    WS_W,
)

_PI_NAMES = ("coins", "wood", "fire", "major_fire", "vp", "rats", "popularity", "city", "church",
             "popularity_stack", "city_stack", "church_stack", "scroll_buildings", "scroll_ships",
             "scroll_repopulation", "ships", "repopulations")


class MessinaState(State):
    """One position of Messina 1347 (see the package docstring for the layout of each field)."""

    __slots__ = (
        "round_", "stage", "order", "cur", "in_turn", "tasks", "pi", "lt", "estate", "cab", "ov", "ws",
        "wg", "pend", "defer", "stamp", "ntile", "ncell", "dist", "dadj", "nname", "nplay", "cubes", "cit", "owner", "used",
        "docks", "cube_supply", "cit_supply", "hood", "ship_stack", "sel", "sel_used", "wheel",
        "cab_st", "cab_known", "ws_st", "ws_known", "ws2_st", "wg_st", "ws_phase", "final",
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

    # --- hidden information ----------------------------------------------------------------

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        """Reshuffle what no seat can see: the neighbourhood stack below a known B tile, the order
        of ships of one back number, the unused selection tiles, and the face-down parts of the
        cabin and workshop stacks (the tiles put on the bottom by a swap are known)."""
        hexes = self.tables.hexes
        hood = list(self.hood)
        keep = 1 if hood and hexes[hood[0]].cls == "B" else 0
        rest = hood[keep:]
        rng.shuffle(rest)
        self.hood = tuple(hood[:keep] + rest)
        ships = self.tables.ships
        stack = list(self.ship_stack)
        out: list[int] = []
        for back in sorted({ships[i].back for i in stack}):
            group = [i for i in stack if ships[i].back == back]
            rng.shuffle(group)
            out += group
        self.ship_stack = tuple(out)
        sel = list(self.sel)
        rng.shuffle(sel)
        self.sel = tuple(sel)
        self.cab_st = _reshuffle(self.cab_st, self.cab_known, rng)
        self.ws_st = _reshuffle(self.ws_st, self.ws_known, rng)
        new2 = []
        for st in self.ws2_st:
            lst = list(st)
            rng.shuffle(lst)
            new2.append(tuple(lst))
        self.ws2_st = tuple(new2)

    # --- views -----------------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        """Everything in this game is public except the order of the stacks (and the RNG)."""
        t = self.tables
        nodes = []
        for n in range(NODES):
            if not node_in_play(self, n):
                continue
            kind = "harbour" if n < DOCK0 else "docks" if n < D0 else "district"
            entry: dict[str, Any] = {"name": node_name(self, n), "kind": kind}
            c = self.ncell[n]
            if c is not None:
                entry["cell"] = [c[0], c[1]]
            if n >= D0:
                entry["plague"] = self.cubes[n]
                entry["citizens"] = self.cit[n * 3:n * 3 + 3]
                entry["repopulated_by"] = None if self.owner[n] < 0 else self.owner[n]
                h = t.hexes[self.ntile[n]]
                entry["neighbours"] = [node_name(self, m) for m in self.dadj[n]]
                entry["hex"] = {"rat": h.rat, "colour": h.colour, "vp": h.vp,
                                "actions": [t.effects[e].name for e in h.actions]}
            if n >= DOCK0 and n < D0:
                entry["ships"] = [{"name": t.ships[code >> 1].name, "coins": t.ships[code >> 1].coins,
                                   "plague": code & 1} for code in self.docks[n - DOCK0]]
            entry["used"] = bool(self.used[n])
            entry["lieutenants"] = []
            nodes.append(entry)
        by_name = {e["name"]: e for e in nodes}
        players = []
        for p in range(self.players):
            base = p * NP
            d: dict[str, Any] = {k: self.pi[base + i] for i, k in enumerate(_PI_NAMES)}
            lts = []
            for i in range(MAXLT):
                loc, status = self.lt[(p * MAXLT + i) * 2], self.lt[(p * MAXLT + i) * 2 + 1]
                where = ("estate" if loc == -1 else "not gained" if loc == -2 else "lost" if loc == -3
                         else node_name(self, loc))
                lts.append({"where": where, "status": ("ready", "standing", "spent")[status]})
                if loc >= 0:
                    by_name[where]["lieutenants"].append({"seat": p, "lieutenant": i + 1,
                                                          "standing": status == 1})
            d["lieutenants"] = lts
            d["estate"] = {t.estate[k].name: self.estate[p * SLOTS + k] for k in range(SLOTS)}
            d["cabins"] = [
                {"citizen": None if self.cab[(p * CABINS + k) * 3] < 0 else
                 {"class": self.cab[(p * CABINS + k) * 3] >> 1, "upgraded": self.cab[(p * CABINS + k) * 3] & 1},
                 "stage": self.cab[(p * CABINS + k) * 3 + 1],
                 "improvement": None if self.cab[(p * CABINS + k) * 3 + 2] < 0
                 else t.cabins[self.cab[(p * CABINS + k) * 3 + 2]].name}
                for k in range(CABINS)]
            d["overseers"] = [{"advances": self.ov[(p * 3 + k) * 3],
                               "petal": None if self.ov[(p * 3 + k) * 3 + 1] < 0
                               else PETAL_NAMES[self.ov[(p * 3 + k) * 3 + 1]],
                               "upgraded": bool(self.ov[(p * 3 + k) * 3 + 2])} for k in range(3)]
            d["workshops"] = [{"name": t.workshops[self.ws[i + 1]].name, "citizen": self.ws[i + 2],
                               "paid_out": bool(self.ws[i + 3])}
                              for i in range(0, len(self.ws), WS_W) if self.ws[i] == p]
            d["wagons"] = [{"name": t.wagons[self.wg[i + 1]].name, "exhausted": bool(self.wg[i + 2])}
                           for i in range(0, len(self.wg), WG_W) if self.wg[i] == p]
            d["rewards_now"] = [int(r) for r in self.pend[p]]
            d["rewards_later"] = [int(r) for r in self.defer[p]]
            players.append(d)
        cabin_stacks = [{"top": t.cabins[st[0]].name if st else None, "count": len(st),
                         "known_bottom": [t.cabins[x].name for x in st[len(st) - k:]] if k else []}
                        for st, k in zip(self.cab_st, self.cab_known, strict=True)]
        ws_stacks = [{"top": t.workshops[st[0]].name if st else None, "count": len(st),
                      "known_bottom": [t.workshops[x].name for x in st[len(st) - k:]] if k else []}
                     for st, k in zip(self.ws_st, self.ws_known, strict=True)]
        hood_top = None
        if self.hood and t.hexes[self.hood[0]].cls == "B":
            hood_top = t.hexes[self.hood[0]].name
        view: dict[str, Any] = {
            "round": self.round_,
            "turn_order": list(self.order),
            "nodes": nodes,
            "plague_supply": self.cube_supply,
            "citizen_supply": list(self.cit_supply),
            "wheel": self.wheel,
            "neighbourhood_stack": {"count": len(self.hood), "known_top": hood_top},
            "ship_stack": {"count": len(self.ship_stack),
                           "next_back": t.ships[self.ship_stack[0]].back if self.ship_stack else None},
            "selection_tiles": {"left": len(self.sel),
                                "used": [t.harbours[h].name for h in self.sel_used]},
            "cabin_stacks": cabin_stacks,
            "workshop_phase": self.ws_phase,
            "workshop_stacks": ws_stacks,
            "later_workshop_stacks": [len(st) for st in self.ws2_st] if self.ws_phase == 1 else [],
            "wagon_stacks": [[t.wagons[x].name for x in st] for st in self.wg_st],
            "seats": players,
            "tracks": list(TRACK_NAMES),
            "harbours": [t.harbours[h].name for h in range(N_HARBOURS)],
            "pending": rules.describe_task(self),
        }
        if self.final is not None:
            view["final_scoring"] = [dict(f) for f in self.final]
        return view


def _reshuffle(stacks: tuple[tuple[int, ...], ...], known: tuple[int, ...], rng: Rng
               ) -> tuple[tuple[int, ...], ...]:
    """Shuffle each stack below its face-up top and above its known bottom part."""
    out = []
    for st, k in zip(stacks, known, strict=True):
        lst = list(st)
        if len(lst) > 2:
            lo, hi = 1, len(lst) - min(k, len(lst) - 1)
            mid = lst[lo:hi]
            rng.shuffle(mid)
            lst[lo:hi] = mid
        out.append(tuple(lst))
    return tuple(out)
