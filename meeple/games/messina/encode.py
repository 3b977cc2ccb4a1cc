"""Messina 1347 for learning agents (issue 18): the closed action space and the observation tensor.

The action space is every notation the rules can write (``actions.py``, ``choices.py``,
``derived.py``, ``repopulation.py``, ``rules.py``), enumerated from the component tables; no
notation names a seat.  The observation is ``view(seat)`` (Messina has no private
information) with the seats rotated, the observer first.  Left out because they are a function
of what is encoded: a district's printed rat, colour, actions, VP and cost (its tile is named),
its neighbours (the cells are encoded), the wheel's colours and next segments (the segment is
named), the lieutenants listed on nodes (each seat's lieutenants carry where and status),
workshop classes and cabin yields (the tiles are named).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from meeple.engine.core import State
from meeple.engine.encoding import Bounds, Encoder, Obs, vocab
from meeple.games.messina.automa import yardstick
from meeple.games.messina.buildings import PAY_NAMES
from meeple.games.messina.components import CARGOS, CLASSES, REWARD_NAMES
from meeple.games.messina.state import (
    CABINS,
    D0,
    DOCK0,
    MAXLT,
    PETAL_NAMES,
    T_FIGHT,
    T_MAIN,
    T_SHIPFIGHT,
    MessinaState,
)
from meeple.games.messina.turns import TASK_KEYS as _TASKS

TASK_NAMES = tuple(_TASKS.values())  # what the seat to move must do: the view's now.step keys
FINAL_ITEMS = ("during_play", "rat_penalty", "popularity", "city", "church", "majority", "repopulated_hexes",
               "scrolls", "leftovers", "total")
STACKS = 3  # cabin and workshop stacks on the board

if TYPE_CHECKING:
    from librt.vecs import vec  # the observation's buffer when compiled (engine.encoding.Obs)


def _nodes(t: Any) -> list[str]:
    return ([h.name for h in t.harbours] + [h.docks_name for h in t.harbours] + [h.name for h in t.hexes])


class _Index:
    """What the fast path needs of one component set (vocabularies: ``MessinaEncoder.vocabs``):
    component index -> vocabulary index, sizes, and the entries of absent districts."""

    def __init__(self, t: Any, v: dict[str, dict[Any, int]]) -> None:
        self.tables = t
        self.task, self.nodes, self.where = v["task"], v["nodes"], v["where"]
        self.harbours, self.docks, self.hexes = v["harbours"], v["docks"], v["hexes"]
        self.nsegments, self.nbacks, self.nhexes = len(v["segments"]), len(v["backs"]), len(v["hexes"])
        self.ncitizen, self.ncabins, self.nrewards = len(v["citizen"]), len(v["cabins"]), len(v["rewards"])
        self.nsolo = len(v["solo_tiles"])
        self.segment: list[int] = [v["segments"][w.name] for w in t.wheel]  # by wheel position
        self.hood_top: list[int] = [v["hexes"][h.name] if h.cls == "B" else -1 for h in t.hexes]  # a known top
        self.back: list[int] = [v["backs"][sh.back] for sh in t.ships]
        self.harbour: list[int] = [v["harbours"][h.name] for h in t.harbours]
        self.cabins: list[int] = [v["cabins"][c.name] for c in t.cabins]
        self.shops: list[int] = [v["shops"][w.name] for w in t.workshops]
        self.wagons: list[int] = [v["wagons"][w.name] for w in t.wagons]
        self.solo: list[int] = [v["solo_tiles"][x.name] for x in t.solo_tiles]
        self.nships, self.nwagons = len(t.ships), len(t.wagons)
        self.hexes_absent: list[float] = [0.0, -9.0, -9.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0] * self.nhexes


def _row(a: vec[float], p: int, values: list[int]) -> int:
    """``values`` from ``p`` on (zeros are not written: the array starts at zero); the next place."""
    for x in values:
        if x:
            a[p] = x
        p += 1
    return p


def _fill(a: vec[float], p: int, count: int, value: float) -> int:
    """``count`` entries of ``value`` from ``p`` on; the next place."""
    for k in range(p, p + count):
        a[k] = value
    return p + count


def _stacks(a: vec[float], p: int, stacks: tuple[tuple[int, ...], ...], knowns: tuple[int, ...], names: list[int],
            size: int) -> int:
    """The cabin or workshop stacks (top one-hot, count, the known bottom tiles); the next place."""
    for i, stack in enumerate(stacks):
        known = knowns[i]
        if stack:
            a[p + names[stack[0]]] = 1.0
            a[p + size] = len(stack)
        p += size + 1
        if known:
            for k, x in enumerate(stack[len(stack) - known:]):
                a[p + k] = names[x] + 1
        p += 4
    return p


class MessinaEncoder(Encoder):
    def __init__(self) -> None:
        super().__init__()
        self._ix: _Index | None = None

    def _index(self, tables: Any, v: dict[str, dict[Any, int]]) -> _Index:
        ix = self._ix
        if ix is None or ix.tables is not tables:
            ix = self._ix = _Index(tables, v)
        return ix

    def notations(self, tables: Any, players: int) -> list[str]:
        t = tables
        nodes = _nodes(t)
        lts = [f"lt{i + 1}" for i in range(MAXLT)]
        slots = [e.name for e in t.estate]
        shops = [w.name for w in t.workshops]
        out: list[str] = [f"{lt} to {n}" for lt in lts for n in nodes]
        out += [f"recall {lt}" for lt in lts] + [f"skip {lt}" for lt in lts]
        out += [f"give up {lt} ({w})" for lt in lts for w in ["estate"] + nodes]
        out += ["discard citizen", "done staffing", "douse", "stop fighting", "buy city", "buy church",
                "end turn", "douse the ship", "let the ship's plague go", "stop activating",
                "no overseer can advance", "no overseer to upgrade", "scroll board is full",
                "nothing to upgrade", "city +1", "church +1", "registers are full", "build nothing"]
        out += [f"quarantine in cabin {k + 1}" for k in range(CABINS)]
        out += [f"quarantine {cls}" for cls in CLASSES]  # rules version 7: which class goes to quarantine
        out += [f"use {r}" for r in REWARD_NAMES]
        for c, cls in enumerate(CLASSES):
            for petal in (None, PETAL_NAMES[c], PETAL_NAMES[c + 3]):
                for steps in ("", " 2 steps"):
                    out.append(f"advance {cls} overseer" + (f" via {petal}" if petal else "") + steps)
            out.append(f"upgrade {cls} overseer")
        out += [f"activate {s}" for s in slots] + [f"upgrade {s}" for s in slots]
        out += [f"upgrade {w}" for w in shops] + [f"upgrade cabin {k + 1}" for k in range(CABINS)]
        out += [f"scroll {x.name}" for x in t.scrolls]
        out += [f"lightning: {e.name}" for e in t.effects] + [f"action: {e.name}" for e in t.effects]
        out += [f"repopulate {h.name}" for h in t.hexes]
        out += [f"build {c.name} on cabin {k + 1}" for c in t.cabins for k in range(CABINS)]
        out += [f"build {w}" for w in shops] + [f"build {w.name}" for w in t.wagons]
        out += [f"swap {label} stack {k + 1} for 1 {pay}" for label in ("cabin", "workshop")
                for k in range(STACKS) for pay in PAY_NAMES]
        out += [f"to {s}" for s in slots] + [f"to {w}" for w in shops]
        out += [f"staff {w} from {s}" for w in shops for s in slots]
        out += [f"take {sh.name}" for sh in t.ships]
        out += [f"pay with {s}" for s in slots]
        out += [f"major fire, also {n}" for n in nodes]
        return out

    def vocabs(self, tables: Any) -> dict[str, dict[Any, int]]:
        t = tables
        nodes = _nodes(t)
        return {
            "task": vocab(TASK_NAMES), "nodes": vocab(nodes), "hexes": vocab(h.name for h in t.hexes),
            "harbours": vocab(h.name for h in t.harbours), "docks": vocab(h.docks_name for h in t.harbours),
            "segments": vocab(w.name for w in t.wheel), "ships": vocab(sh.name for sh in t.ships),
            "backs": vocab(sorted({sh.back for sh in t.ships})), "wagons": vocab(w.name for w in t.wagons),
            "cabins": vocab(c.name for c in t.cabins), "shops": vocab(w.name for w in t.workshops),
            "slots": vocab(e.name for e in t.estate), "scrolls": vocab(x.name for x in t.scrolls),
            "rewards": vocab(REWARD_NAMES), "petals": vocab(PETAL_NAMES),
            "where": vocab(["estate", "lost"] + nodes),
            "lt_status": vocab(("ready", "standing", "spent")),
            "citizen": vocab([c for cls in CLASSES for c in (cls, f"{cls} (upgraded)")]),
            "estate": {"ordinary": 1, "upgraded": 2},
            "solo_tiles": vocab(x.name for x in t.solo_tiles),
        }

    def observe(self, view: dict[str, Any], out: Obs, v: dict[str, dict[Any, int]]) -> None:
        n = out.players
        out.num("round", view["round"], 0, 6)
        out.seats("turn_order", view["turn_order"], n)
        now = view["now"] or {}
        out.onehot("now.step", now.get("step"), v["task"])
        out.seat("now.seat", now.get("seat"))
        out.onehot("now.hex", now.get("hex"), v["nodes"])
        out.num("now.plague", now.get("plague"), 0, 6)
        out.num("now.fire_per_cube", now.get("fire_per_cube"), 0, 4)
        out.num("now.vp_per_cube", now.get("vp_per_cube"), 0, 4)
        out.onehot("wheel.segment", view["wheel"]["segment"], v["segments"])
        out.num("plague_supply", view["plague_supply"], 0, 60)
        for cls in CLASSES:
            out.num(f"citizen_supply.{cls}", view["citizen_supply"][cls], 0, 40)
        nodes = {e["name"]: e for e in view["nodes"]}
        for name in v["harbours"]:
            e = nodes.get(name)
            out.flag(f"{name}.in_play", e is not None)
            out.flag(f"{name}.used", e and e["used"])
        ships_at: dict[str, tuple[int, int, int]] = {}
        for d, name in enumerate(v["docks"]):
            for i, ship in enumerate((nodes.get(name) or {"ships": []})["ships"]):
                ships_at[ship["name"]] = (d, i, ship["plague"])
        row: list[float] = []
        for name in v["ships"]:  # docks (1-4, 0 = not at the docks), place there, plague
            at = ships_at.get(name)
            row += (0, 0, 0) if at is None else (at[0] + 1, at[1], at[2])
        out.vector("ships(docks,place,plague)", row, 0, 9)
        row = []
        for name in v["hexes"]:  # in play, cell x, y, used, plague, citizens x3, repopulated by
            e = nodes.get(name)
            if e is None:
                row += (0, -9, -9, 0, 0, 0, 0, 0, 0)
                continue
            cell = e["cell"] or (-9, -9)
            owner = e["repopulated_by"]
            row += (1, cell[0], cell[1], 1 if e["used"] else 0, e["plague"], *e["citizens"],
                    0 if owner is None else out.rel_seat(owner))
        out.vector("hexes(in_play,x,y,used,plague,craftsmen,aristocrats,nuns,repopulated_by)", row, -8, 10)
        st = view["stacks"]
        out.num("neighbourhood.count", st["neighbourhood"]["count"], 0, 20)
        out.onehot("neighbourhood.known_top", st["neighbourhood"]["known_top"], v["hexes"])
        out.num("ship_stack.count", st["ships"]["count"], 0, 9)
        out.onehot("ship_stack.next_back", st["ships"]["next_back"], v["backs"])
        out.num("selection_tiles.left", st["selection_tiles"]["left"], 0, 8)
        out.counts("selection_tiles.used", st["selection_tiles"]["used"], v["harbours"], 8)
        out.num("workshop_phase", st["workshop_phase"], 0, 3)
        later = st["later_workshops"]
        for k in range(STACKS):
            out.num(f"later_workshops{k}", later[k] if k < len(later) else None, 0, 20)
        wagon_at = {w: (k, i) for k, stack in enumerate(st["wagons"]) for i, w in enumerate(stack)}
        for name in v["wagons"]:
            wat = wagon_at.get(name)
            out.num(f"{name}.stack", None if wat is None else wat[0], 0, 4)
            out.num(f"{name}.place", None if wat is None else wat[1], 0, 10)
        for label, stacks, names in (("cabin", view["cabin_stacks"], v["cabins"]),
                                     ("workshop", view["workshop_stacks"], v["shops"])):
            for k, stack in enumerate(stacks):
                out.onehot(f"{label}_stack{k}.top", stack["top"], names)
                out.num(f"{label}_stack{k}.count", stack["count"], 0, 20)
                out.sequence(f"{label}_stack{k}.known_bottom", stack["known_bottom"], names, 4)
        seats = view["seats"]
        for k, p in enumerate(out.rotate([seats[f"seat {i}"] for i in range(n)])):
            self._seat(out, f"seat+{k}.", p, v)
        final = view.get("final_scoring")
        finals = [final[f"seat {i}"] for i in range(n)] if final else [None] * n
        for k, items in enumerate(out.rotate(finals)):
            for item in FINAL_ITEMS:
                out.num(f"final+{k}.{item}", None if items is None else items[item], -200, 300)
        if n == 1:
            self._automa(out, view, v)

    def _automa(self, out: Obs, view: dict[str, Any], v: dict[str, dict[Any, int]]) -> None:
        """Solo: the automa (its popularity, lieutenants, the solo tiles flipped this round; who moves
        first follows from the round) and the result against the score to beat."""
        au = view["automa"]
        out.num("automa.popularity", au["popularity"], 0, 20)
        out.num("automa.to_place", au["to_place"], 0, MAXLT)
        out.num("automa.tiles_left", au["tiles_left"], 0, 20)
        lts = {lt["lieutenant"]: lt for lt in au["lieutenants"]}
        for i in range(MAXLT):
            lt = lts.get(i + 1)
            out.onehot(f"automa.lt{i + 1}.where", lt and lt["where"], v["where"])
            out.flag(f"automa.lt{i + 1}.standing", lt and lt["standing"])
        out.counts("automa.flipped", au["flipped"], v["solo_tiles"], 1)
        solo = view.get("solo")
        out.num("solo.yardstick", solo and solo["yardstick"], 0, 999)
        out.flag("solo.beaten", solo and solo["beaten"])

    def _seat(self, out: Obs, pre: str, p: dict[str, Any], v: dict[str, dict[Any, int]]) -> None:
        for key, hi in (("coins", 60), ("wood", 60), ("fire", 60), ("major_fire", 60), ("rats", 60),
                        ("ships", 9), ("repopulations", 20)):
            out.num(pre + key, p[key], 0, hi)
        out.num(pre + "vp", p["vp"], -100, 300)
        for c in CARGOS:
            out.num(f"{pre}cargo.{c}", p["cargo"][c], 0, 9)
        for r in ("popularity", "city", "church"):
            out.num(f"{pre}registers.{r}", p["registers"][r], 0, 20)
            out.num(f"{pre}register_stack_height.{r}", p["register_stack_height"][r], 0, 400)
        for x in v["scrolls"]:
            out.num(f"{pre}scrolls.{x}", p["scrolls"][x], 0, 10)
        lts = {lt["lieutenant"]: lt for lt in p["lieutenants"]}
        for i in range(MAXLT):
            lt = lts.get(f"lt{i + 1}")
            out.onehot(f"{pre}lt{i + 1}.where", lt and lt["where"], v["where"])
            out.onehot(f"{pre}lt{i + 1}.status", lt and lt["status"], v["lt_status"])
        estate, grade = p["estate"], v["estate"]
        out.vector(pre + "estate", [grade.get(estate.get(slot), 0) for slot in v["slots"]], 0, 2)
        for cab in p["cabins"]:
            c = f"{pre}cabin{cab['cabin']}."
            citizen = cab["citizen"]
            out.onehot(c + "citizen", citizen and citizen + (" (upgraded)" if cab["upgraded"] else ""), v["citizen"])
            out.num(c + "stage", cab["stage"], 0, 2)
            out.onehot(c + "improvement", cab["improvement"], v["cabins"])
        for ov in p["overseers"]:
            o = f"{pre}overseer.{ov['overseer']}."
            out.num(o + "advances", ov["advances"], 0, 6)
            out.onehot(o + "petal", ov["petal"], v["petals"])
            out.flag(o + "upgraded", ov["upgraded"])
        # workshops and wagons: three and two numbers per tile (0 = not this seat's)
        shops = {w["workshop"]: w for w in p["workshops"]}
        row: list[float] = []
        for name in v["shops"]:
            w = shops.get(name)
            row += (0, 0, 0) if w is None else (1, grade.get(w["citizen"], 0), 1 if w["paid_out"] else 0)
        out.vector(pre + "workshops(owned,citizen,paid_out)", row, 0, 2)
        wagons = {w["wagon"]: w for w in p["wagons"]}
        row = []
        for name in v["wagons"]:
            w = wagons.get(name)
            row += (0, 0) if w is None else (1, 1 if w["exhausted"] else 0)
        out.vector(pre + "wagons(owned,exhausted)", row, 0, 1)
        out.counts(pre + "rewards_now", p["rewards_now"], v["rewards"], 10)
        out.counts(pre + "rewards_next_turn", p["rewards_next_turn"], v["rewards"], 10)

    def observe_state(self, state: State, out: Obs, v: dict[str, dict[Any, int]]) -> bool:
        """The same entries as ``observe(view)``, written by index straight from the fields (only
        the non-zero ones: the array starts at zero)."""
        s = cast(MessinaState, state)
        ix = self._index(s.tables, v)
        n, me = out.players, out.me
        a = out.buf
        p = out.pos
        if s.round_:
            a[p] = s.round_
        p += 1
        for k, x in enumerate(s.order):
            a[p + k] = (x - me) % n + 1
        p += n
        ntask, nnodes = len(ix.task), len(ix.nodes)
        if s.tasks:
            task = s.tasks[-1]
            kind = task[0]
            if 1 <= kind <= ntask:
                a[p + kind - 1] = 1.0  # TASK_NAMES is in task-kind order
            p += ntask
            a[p + (task[1] - me) % n] = 1.0
            p += n
            if kind == T_MAIN or kind == T_FIGHT:
                a[p + ix.nodes[s.nname[task[2]]]] = 1.0
            p += nnodes
            if kind == T_FIGHT or kind == T_SHIPFIGHT:
                fire, vp = s.fx.fire[s.round_]
                a[p] = s.cubes[task[2]] if kind == T_FIGHT else 1
                a[p + 1] = fire
                a[p + 2] = vp
            else:
                _fill(a, p, 3, -1.0)
        else:
            p += ntask + n + nnodes
            _fill(a, p, 3, -1.0)
        p += 3
        a[p + ix.segment[s.wheel]] = 1.0
        p += ix.nsegments
        if s.cube_supply:
            a[p] = s.cube_supply
        p = _row(a, p + 1, s.cit_supply[:3])
        used, nname = s.used, s.nname
        harbours, docks, hexes = ix.harbours, ix.docks, ix.hexes
        p_ships = p + 2 * len(harbours)
        p_hexes = p_ships + 3 * ix.nships
        end = p_hexes + 9 * len(hexes)
        out.put(p_hexes, ix.hexes_absent)
        cubes, owner, ncell = s.cubes, s.owner, s.ncell
        c0, c1, c2 = s.citizens[0], s.citizens[1], s.citizens[2]
        for x in s.nplay:
            name = nname[x]
            if x < DOCK0:
                j = p + 2 * harbours[name]
                a[j] = 1.0
                if used[x]:
                    a[j + 1] = 1.0
            elif x < D0:  # ships: docks (1-4, 0 = not there), place, plague
                d = docks[name] + 1
                for i, code in enumerate(s.docks[x - DOCK0]):
                    j = p_ships + 3 * (code >> 1)
                    a[j] = d
                    a[j + 1] = i
                    a[j + 2] = code & 1
            else:
                j = p_hexes + 9 * hexes[name]
                a[j] = 1.0
                cell = ncell[x]
                if cell is None:
                    a[j + 1] = a[j + 2] = -9.0
                else:
                    a[j + 1] = cell[0]
                    a[j + 2] = cell[1]
                if used[x]:
                    a[j + 3] = 1.0
                a[j + 4] = cubes[x]
                a[j + 5] = c0[x]
                a[j + 6] = c1[x]
                a[j + 7] = c2[x]
                if owner[x] >= 0:
                    a[j + 8] = (owner[x] - me) % n + 1
        p = end
        hood = s.hood
        if hood:
            a[p] = len(hood)
            if ix.hood_top[hood[0]] >= 0:
                a[p + 1 + ix.hood_top[hood[0]]] = 1.0
        p += 1 + ix.nhexes
        if s.ship_stack:
            a[p] = len(s.ship_stack)
            a[p + 1 + ix.back[s.ship_stack[0]]] = 1.0
        p += 1 + ix.nbacks
        if s.sel:
            a[p] = len(s.sel)
        p += 1
        for h in s.sel_used:
            j = p + ix.harbour[h]
            a[j] = a[j] + 1.0
        p += len(harbours)
        if s.ws_phase:
            a[p] = s.ws_phase
        p += 1
        if s.ws_phase == 1:
            later = s.ws2_st
            for k in range(STACKS):
                a[p + k] = len(later[k]) if k < len(later) else -1
        else:
            _fill(a, p, STACKS, -1.0)
        p += STACKS
        nwagons = ix.nwagons
        _fill(a, p, 2 * nwagons, -1.0)
        for k, stack in enumerate(s.wg_st):
            for i, w in enumerate(stack):
                a[p + 2 * w] = k
                a[p + 2 * w + 1] = i
        p += 2 * nwagons
        p = _stacks(a, p, s.cab_st, s.cab_known, ix.cabins, ix.ncabins)
        p = _stacks(a, p, s.ws_st, s.ws_known, ix.shops, len(ix.shops))
        shops: list[list[int]] = [[] for _ in range(n)]
        for i, o in enumerate(s.workshops.owner):
            shops[o].append(i)
        wagons: list[list[int]] = [[] for _ in range(n)]
        for i, o in enumerate(s.wagons.owner):
            wagons[o].append(i)
        for k in range(n):
            q = (me + k) % n
            p = self._seat_fields(s, a, p, q, ix, shops[q], wagons[q])
        nitems = len(FINAL_ITEMS)
        final = s.final
        if final is None:
            p = out.fill(p, nitems * n, -201.0)
        else:
            for k in range(n):
                items = final[(me + k) % n]
                p = _row(a, p, [items[item] for item in FINAL_ITEMS])
        if n == 1:
            p = self._automa_fields(s, a, p, ix)
        out.pos = p
        return True

    @staticmethod
    def _automa_fields(s: MessinaState, a: vec[float], p: int, ix: _Index) -> int:
        """``_automa``'s entries from ``p`` on, from the fields; the next place."""
        p = _row(a, p, [s.auto_pop, s.auto_left, len(s.auto_deck)])
        where = ix.where
        nwhere = len(where)
        nname = s.nname
        for i, loc in enumerate(s.auto_lt):
            if loc >= 0:
                a[p + where[nname[loc]]] = 1.0
            if (s.auto_up >> i) & 1:
                a[p + nwhere] = 1.0
            p += nwhere + 1
        p += (nwhere + 1) * (MAXLT - len(s.auto_lt))
        solo = ix.solo
        for x in s.auto_flipped:
            j = p + solo[x]
            a[j] = a[j] + 1.0
        p += ix.nsolo
        if s.final is None:
            a[p] = -1.0
        else:
            stick = yardstick(s)
            a[p] = stick
            if s.final[0]["total"] >= stick:
                a[p + 1] = 1.0
        return p + 2

    @staticmethod
    def _seat_fields(s: MessinaState, a: vec[float], p: int, q: int, ix: _Index, shops: list[int],
                     wagons: list[int]) -> int:
        """Seat ``q``'s entries from ``p`` on (as ``_seat``; ``shops`` and ``wagons``: where its
        workshop and wagon entries in ``s.workshops`` and ``s.wagons``); the next place."""
        seat = s.seats[q]
        track, stamp, cargo, scrolls = seat.track, seat.stamp, seat.cargo, seat.scrolls
        p = _row(a, p, [seat.coins, seat.wood, seat.fire, seat.major, seat.rats, seat.ships, seat.repops, seat.vp,
                        cargo[0], cargo[1], cargo[2], track[0], stamp[0], track[1], stamp[1], track[2], stamp[2],
                        scrolls[0], scrolls[1], scrolls[2]])
        where = ix.where  # then the status one-hot: ready, standing, spent = 0, 1, 2
        nwhere = len(where)
        nname = s.nname
        status = seat.lt_status
        for i, loc in enumerate(seat.lt_where):
            if loc != -2:
                a[p + where["estate" if loc == -1 else "lost" if loc == -3 else nname[loc]]] = 1.0
                a[p + nwhere + status[i]] = 1.0
            p += nwhere + 3
        p = _row(a, p, [x + 1 if x >= 0 else 0 for x in seat.estate])
        ncit, ncab, i_cabins = ix.ncitizen, ix.ncabins, ix.cabins
        for k in range(CABINS):
            occ, stage, imp = seat.cabin_citizen[k], seat.cabin_stage[k], seat.cabin_tile[k]
            if occ >= 0:
                a[p + (occ >> 1) * 2 + (occ & 1)] = 1.0
                a[p + ncit] = stage
            else:
                a[p + ncit] = -1.0
            p += ncit + 1
            if imp >= 0:
                a[p + i_cabins[imp]] = 1.0
            p += ncab
        npetals = len(PETAL_NAMES)
        steps, petal, upgraded = seat.overseer_steps, seat.overseer_petal, seat.overseer_upgraded
        for k in range(3):
            if steps[k]:
                a[p] = steps[k]
            if petal[k] >= 0:
                a[p + 1 + petal[k]] = 1.0
            if upgraded[k]:
                a[p + 1 + npetals] = 1.0
            p += npetals + 2
        ws, i_shops = s.workshops, ix.shops
        ws_tile, ws_citizen, ws_paid = ws.tile, ws.citizen, ws.paid
        for i in shops:
            j = p + 3 * i_shops[ws_tile[i]]
            a[j] = 1.0
            if ws_citizen[i] >= 0:
                a[j + 1] = ws_citizen[i] + 1
            if ws_paid[i]:
                a[j + 2] = 1.0
        p += 3 * len(i_shops)
        wg, i_wagons = s.wagons, ix.wagons
        wg_tile, wg_exhausted = wg.tile, wg.exhausted
        for i in wagons:
            j = p + 2 * i_wagons[wg_tile[i]]
            a[j] = 1.0
            if wg_exhausted[i]:
                a[j + 1] = 1.0
        p += 2 * len(i_wagons)
        nrewards = ix.nrewards
        for r in seat.pend:
            a[p + r] = a[p + r] + 1.0  # REWARD_NAMES is the rewards vocabulary, in reward order
        p += nrewards
        for r in seat.defer:
            a[p + r] = a[p + r] + 1.0
        return p + nrewards

    def bounds(self, game: Any, players: int, num_actions: int) -> Bounds:
        """Derived from the rules (docs/rl.md "Bounds", Messina 1347)."""
        t = game.default_tables()
        n = players
        cubes = next(p for p in t.player_counts if p.players == n).plague_cubes
        citizens = 3 * t.start[0].citizens_per_class
        nodes = len(_nodes(t))
        shops, slots = len(t.workshops), len(t.estate)
        # a turn: the hex, <= 2 decisions per citizen rescued, <= 1 per cube fought + stop, a ship,
        # the hex action or repopulation and what follows it, end turn
        payment = max(sum(h.cost_citizens) + sum(h.cost_upgraded) + h.cost_any_upgraded + h.cost_lieutenant
                      for h in t.hexes)
        # the steps a hex action opens: activations, overseers, scrolls, upgrades, a build (and its
        # swap); twice, for a lightning that takes another hex's action
        follow = 2 * (slots + 1 + 3 * 2 + 3 + slots + shops + CABINS + 2)
        per_turn = 1 + 2 * citizens + cubes + 1 + 3 + 1 + max(follow, payment) + 1
        turns = 6 * n * MAXLT  # six rounds, one turn per lieutenant
        per_game = n * (24 + 3 * 20 + slots)  # buys (12 + 12 register steps), register rewards, staffing
        length = turns * per_turn + per_game + 6 * n * (slots + 1)  # + round-end staffing
        steps = {"place": MAXLT * (nodes + 1) + 6 * shops, "main": 6 + 1 + 2 + len(REWARD_NAMES) + 6 * shops + 1,
                 "activate": slots + 1, "upgrade": slots + shops + CABINS, "slot": 6 + shops + 1,
                 "lightning": len(t.effects), "build": len(t.cabins) * CABINS + shops + len(t.wagons) + 30 + 1}
        most = max(steps.values())
        note = (f"game length: {turns} turns (6 rounds, <= {MAXLT} lieutenants each) x <= {per_turn} decisions "
                f"+ {per_game} register buys, rewards and staffing + round-end staffing; legal actions: the "
                f"largest step ({max(steps, key=lambda k: steps[k])}: {most}, every ready lieutenant to "
                f"every node or recalled, every empty workshop staffed from every slot of its class); "
                f"utility: 1 for first place" + (" (solo: 1 for reaching the score to beat)" if players == 1 else ""))
        return Bounds(length, most, 0.0, 1.0, note)


ENCODER = MessinaEncoder()
