"""What a seat sees (``State.view``): everything on the table except the order of face-down stacks.

Messina has no private hands: every seat and spectators see the same thing.  Hidden, never shown:
the neighbourhood stack below its known B, the ship order within a back number, the unused
selection tiles' order, the cabin and workshop stacks below their tops (except tiles a swap put
at the bottom), the phase II workshops before round V, and the RNG.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.games.messina import automa
from meeple.games.messina import state as ops
from meeple.games.messina.components import CARGOS, CLASSES, COLOURS, RATS, REWARD_NAMES
from meeple.games.messina.state import (
    CABINS,
    D0,
    DOCK0,
    MAXLT,
    PETAL_NAMES,
    SLOTS,
)
from meeple.games.messina.turns import describe_task

if TYPE_CHECKING:
    from meeple.engine.core import Action
    from meeple.games.messina.state import MessinaState

CITIZEN = (None, "ordinary", "upgraded")


def _cost(s: MessinaState, tile: int) -> dict[str, Any]:
    """The repopulation cost: coins, wood, citizens (one word each, ``craftsman``, ``upgraded_nun``,
    ``any_upgraded``: catalog values every surface translates), lieutenants given up and the wagon
    it exhausts."""
    h = s.tables.hexes[tile]
    citizens = [CLASSES[c] for c in range(3) for _ in range(h.cost_citizens[c])]
    citizens += ["upgraded_" + CLASSES[c] for c in range(3) for _ in range(h.cost_upgraded[c])]
    citizens += ["any_upgraded"] * h.cost_any_upgraded
    return {"coins": h.cost_coins, "wood": h.cost_wood, "citizens": citizens, "lieutenant": h.cost_lieutenant,
            "wagon": 1}


def _nodes(s: MessinaState) -> list[dict[str, Any]]:
    t = s.tables
    on_node: dict[int, list[dict[str, Any]]] = {}
    for p, seat in enumerate(s.seats):
        for i in range(MAXLT):
            loc, status = seat.lt_where[i], seat.lt_status[i]
            if loc >= 0:
                on_node.setdefault(loc, []).append({"seat": p, "lieutenant": i + 1,
                                                    "status": "standing" if status == 1 else "lying"})
    out = []
    for n in s.nplay:
        kind = "harbour" if n < DOCK0 else "docks" if n < D0 else "district"
        e: dict[str, Any] = {"name": s.nname[n], "kind": kind}
        c = s.ncell[n]
        e["cell"] = None if c is None else [c[0], c[1]]
        e["lieutenants"] = on_node.get(n, [])
        if DOCK0 <= n < D0:
            e["ships"] = [{"name": t.ships[code >> 1].name, "cargo": t.ships[code >> 1].cargo,
                           "coins": t.ships[code >> 1].coins, "plague": code & 1} for code in s.docks[n - DOCK0]]
        else:
            e["used"] = bool(s.used[n])
        if n >= D0:
            h = t.hexes[s.ntile[n]]
            e["plague"] = s.cubes[n]
            e["citizens"] = [s.citizens[k][n] for k in range(3)]
            e["repopulated_by"] = None if s.owner[n] < 0 else s.owner[n]
            e["rat"] = RATS[h.rat]
            e["colour"] = COLOURS[h.colour]
            e["actions"] = [t.effects[x].name for x in h.actions]
            e["vp"] = h.vp
            e["cost"] = _cost(s, s.ntile[n])
            e["neighbours"] = [s.nname[m] for m in s.dadj[n]]
        out.append(e)
    return out


def _seat(s: MessinaState, p: int) -> dict[str, Any]:
    t = s.tables
    seat = s.seats[p]
    track, stamp = seat.track, seat.stamp
    d: dict[str, Any] = {
        "coins": seat.coins, "wood": seat.wood, "fire": seat.fire, "major_fire": seat.major, "vp": seat.vp,
        "rats": seat.rats, "ships": seat.ships, "repopulations": seat.repops,
        "cargo": {CARGOS[k]: seat.cargo[k] for k in range(3)},
        "registers": {"popularity": track[0], "city": track[1], "church": track[2]},
        "register_stack_height": {"popularity": stamp[0], "city": stamp[1], "church": stamp[2]},
        "scrolls": {t.scrolls[k].name: seat.scrolls[k] for k in range(3)},
    }
    lts = []
    for i in range(MAXLT):
        loc, status = seat.lt_where[i], seat.lt_status[i]
        if loc == -2:
            continue
        where = "estate" if loc == -1 else "lost" if loc == -3 else s.nname[loc]
        lts.append({"lieutenant": f"lt{i + 1}", "where": where, "status": ("ready", "standing", "spent")[status]})
    d["lieutenants"] = lts
    est = seat.estate
    d["estate"] = {t.estate[k].name: CITIZEN[est[k] + 1] for k in range(SLOTS) if est[k] >= 0}
    cabins = []
    for k in range(CABINS):
        occ, stage, imp = seat.cabin_citizen[k], seat.cabin_stage[k], seat.cabin_tile[k]
        cabins.append({"cabin": k + 1,
                       "citizen": None if occ < 0 else CLASSES[occ >> 1], "upgraded": occ >= 0 and bool(occ & 1),
                       "stage": stage if occ >= 0 else None,
                       "improvement": None if imp < 0 else t.cabins[imp].name,
                       "yields": None if imp < 0 else t.effects[t.cabins[imp].effect].name})
    d["cabins"] = cabins
    d["overseers"] = [{"overseer": CLASSES[k], "advances": seat.overseer_steps[k],
                       "petal": None if seat.overseer_petal[k] < 0 else PETAL_NAMES[seat.overseer_petal[k]],
                       "upgraded": bool(seat.overseer_upgraded[k])} for k in range(3)]
    ws = s.workshops
    d["workshops"] = [{"workshop": t.workshops[ws.tile[i]].name,
                       "class": CLASSES[t.workshops[ws.tile[i]].cls],
                       "citizen": CITIZEN[ws.citizen[i] + 1], "paid_out": bool(ws.paid[i])}
                      for i, o in enumerate(ws.owner) if o == p]
    wg = s.wagons
    d["wagons"] = [{"wagon": t.wagons[wg.tile[i]].name, "exhausted": bool(wg.exhausted[i])}
                   for i, o in enumerate(wg.owner) if o == p]
    d["rewards_now"] = [REWARD_NAMES[r] for r in seat.pend]
    d["rewards_next_turn"] = [REWARD_NAMES[r] for r in seat.defer]
    return d


def _effect(t: Any, k: int) -> str:
    return str(t.effects[k].name)


def _tables(t: Any) -> dict[str, Any]:
    """The printed components the board draws and explains (issue 15), from the component tables
    (so a component pack changes them): estate slots, workshops, cabin improvements, wagons,
    registers, the overseer path and the scroll tracks.  Public: the box's contents, never the
    order of a stack."""
    return {
        "estate": [{"name": e.name, "class": CLASSES[e.cls], "petal": PETAL_NAMES[e.petal], "position": e.position,
                    "effect": _effect(t, e.effect)} for e in t.estate],
        "workshops": {w.name: {"class": CLASSES[w.cls], "phase": w.phase,
                               "cost": {"coins": w.cost_coins, "wood": w.cost_wood},
                               "needed": "upgraded" if w.needs_upgraded else "ordinary",
                               "yields": _effect(t, w.effect)} for w in t.workshops},
        "cabins": {c.name: {"cost": {"coins": c.cost_coins, "wood": c.cost_wood},
                            "yields": _effect(t, c.effect)} for c in t.cabins},
        "wagons": {w.name: {"cost": {"coins": w.cost_coins, "wood": w.cost_wood}, "vp": w.vp} for w in t.wagons},
        "registers": {track: {"yields": [REWARD_NAMES[r.reward] for r in t.registers if r.track == track],
                              "vp": [r.vp for r in t.registers if r.track == track]}
                      for track in ("popularity", "city", "church")},
        "overseers": [o.name for o in t.overseer_path],
        "scrolls": {x.name: {"vp": list(x.values), "count": x.cap} for x in t.scrolls},
    }


def _segment(seg: Any) -> dict[str, Any]:
    return {"segment": seg.name, "rat": RATS[seg.rat],
            "colours": {CLASSES[k]: COLOURS[seg.colours[k]] for k in range(3)}}


def _stack(names: list[str], st: tuple[int, ...], known: int) -> dict[str, Any]:
    return {"top": names[st[0]] if st else None, "count": len(st),
            "known_bottom": [names[x] for x in st[len(st) - known:]] if known else []}


def view(s: MessinaState, seat: int | None) -> dict[str, Any]:
    """The same for every seat and for spectators (nothing in Messina is private)."""
    t = s.tables
    seg = t.wheel[s.wheel]
    cab_names = [c.name for c in t.cabins]
    ws_names = [w.name for w in t.workshops]
    hood_top = None
    if s.hood and t.hexes[s.hood[0]].cls == "B":
        hood_top = t.hexes[s.hood[0]].name
    view: dict[str, Any] = {
        "round": s.round_,
        "turn_order": list(s.order),
        "now": describe_task(s),
        "wheel": {"segment": seg.name, "rat": RATS[seg.rat],
                  "colours": {CLASSES[k]: COLOURS[seg.colours[k]] for k in range(3)},
                  # the printed wheel is in plain sight: the segments it will turn to next are public
                  "next_segments": [_segment(t.wheel[(s.wheel + k) % len(t.wheel)])
                                    for k in range(1, len(t.wheel))]},
        "plague_supply": s.cube_supply,
        "citizen_supply": {CLASSES[k]: s.cit_supply[k] for k in range(3)},
        "nodes": _nodes(s),
        "stacks": {
            "neighbourhood": {"count": len(s.hood), "known_top": hood_top},
            "ships": {"count": len(s.ship_stack),
                      "next_back": t.ships[s.ship_stack[0]].back if s.ship_stack else None},
            "selection_tiles": {"left": len(s.sel), "used": [t.harbours[h].name for h in s.sel_used]},
            "workshop_phase": s.ws_phase,
            "later_workshops": [len(st) for st in s.ws2_st] if s.ws_phase == 1 else [],
            "wagons": [[t.wagons[x].name for x in st] for st in s.wg_st],
        },
        "cabin_stacks": [_stack(cab_names, st, k) for st, k in zip(s.cab_st, s.cab_known, strict=True)],
        "workshop_stacks": [_stack(ws_names, st, k) for st, k in zip(s.ws_st, s.ws_known, strict=True)],
        "seats": {f"seat {p}": _seat(s, p) for p in range(s.players)},
        # built once per component set and shared by every view: never change it
        "components": t.derived("messina.view_tables", _tables),
    }
    if s.final is not None:
        view["final_scoring"] = {f"seat {p}": dict(f) for p, f in enumerate(s.final)}
    if s.players == 1:
        view["automa"] = automa.view(s)
        if s.final is not None:
            view["solo"] = automa.result(s, s.final[0]["total"])
    return view


# --- the pieces an action involves (issue 27: State.targets, Game.piece_ids) -------------------------

SLOT_OPS = frozenset((ops.OP_SLOT, ops.OP_ACT, ops.OP_PAY))
LT_OPS = frozenset((ops.OP_RECALL, ops.OP_SKIP, ops.OP_LTPAY))
TRACK_OPS = frozenset((ops.OP_BUY, ops.OP_CORCH))
REGISTERS = ("popularity", "city", "church")


def targets(s: MessinaState, action: Action) -> list[str]:
    """The pieces and places ``action`` plays, as ``piece_ids`` names them: ``node:<name>`` (a
    harbour, docks or district), ``cubes:<district>`` (its plague cubes), ``lt:<seat>:<n>``,
    ``ship:<name>`` (at the docks), ``slot:<estate slot>``, ``ws:<workshop>`` (one of the mover's),
    ``cabin:<n>``, ``ov:<class>`` (an overseer), ``cabstack:<n>``, ``wsstack:<n>`` (1-based),
    ``wagonstack:<i>`` (0-based), ``scroll:<name>``, ``reward:<reward>`` and ``track:<register>``.
    Ending, stopping, discarding and the ship's own plague cube have none (the board's controls)."""
    data = action.data
    op = data[0]
    t = s.tables
    if op == ops.OP_MOVE:
        return ["node:" + s.nname[data[2]]]
    if op == ops.OP_MAJOR:
        return ["node:" + s.nname[data[1]]]
    if op in (ops.OP_REPOP, ops.OP_ACTION, ops.OP_DOUSE):
        now = describe_task(s) or {}
        hex_ = now.get("hex")
        if hex_ is None:
            return []
        return [("cubes:" if op == ops.OP_DOUSE else "node:") + hex_]
    if op == ops.OP_LIGHT:
        effect = t.effects[data[1]].name
        return ["node:" + n["name"] for n in _nodes(s) if effect in n.get("actions", ())]
    if op in LT_OPS:
        return [f"lt:{s.to_move}:{data[1] + 1}"]
    if op == ops.OP_SHIP:
        return ["ship:" + t.ships[s.docks[s.tasks[-1][2]][data[1]] >> 1].name]
    if op in SLOT_OPS:
        return ["slot:" + t.estate[data[1]].name]
    if op == ops.OP_STAFF:
        return ["slot:" + t.estate[data[2]].name, "ws:" + t.workshops[s.workshops.tile[data[1]]].name]
    if op == ops.OP_CURE_WS:
        return ["ws:" + t.workshops[s.workshops.tile[data[1]]].name]
    if op == ops.OP_CABIN:
        return [f"cabin:{data[1] + 1}"]
    if op == ops.OP_UPG:
        where, which = data[1], data[2]
        if where == 0:
            return ["slot:" + t.estate[which].name]
        if where == 1:
            return ["ws:" + t.workshops[s.workshops.tile[which]].name]
        return [f"cabin:{which + 1}"] if where == 2 else []
    if op == ops.OP_OVS or op == ops.OP_OVUP:
        return ["ov:" + CLASSES[data[1]]] if data[1] >= 0 else []
    if op == ops.OP_BUILD_CABIN:
        return [f"cabin:{data[2] + 1}", f"cabstack:{data[1] + 1}"]
    if op == ops.OP_BUILD_WS:
        return [f"wsstack:{data[1] + 1}"]
    if op == ops.OP_BUILD_WG:
        return [f"wagonstack:{data[1]}"]
    if op == ops.OP_SWAP:
        kind, k = divmod(data[1], 3)
        return [("cabstack:" if kind == 0 else "wsstack:") + str(k + 1)]
    if op == ops.OP_SCROLL:
        return ["scroll:" + t.scrolls[data[1]].name]
    if op == ops.OP_REWARD:
        return ["reward:" + REWARD_NAMES[data[1]]]
    if op in TRACK_OPS:
        return ["track:" + REGISTERS[data[1]]]
    return []


def piece_ids(view: dict[str, Any]) -> set[str]:
    """Every id ``targets`` may name that this view draws (messina.js draws them by these ids)."""
    out: set[str] = set()
    for n in view.get("nodes", ()):
        out.add("node:" + n["name"])
        if n.get("plague"):
            out.add("cubes:" + n["name"])
        out.update("ship:" + sh["name"] for sh in n.get("ships", ()))
        out.update(f"lt:{lt['seat']}:{lt['lieutenant']}" for lt in n["lieutenants"])
    comp = view.get("components", {})
    out.update("slot:" + e["name"] for e in comp.get("estate", ()))
    out.update("scroll:" + name for name in comp.get("scrolls", {}))
    out.update("track:" + name for name in REGISTERS)
    out.update(f"cabstack:{k + 1}" for k in range(len(view.get("cabin_stacks", ()))))
    out.update(f"wsstack:{k + 1}" for k in range(len(view.get("workshop_stacks", ()))))
    out.update(f"wagonstack:{k}" for k in range(len(view.get("stacks", {}).get("wagons", ()))))
    for key, seat in view.get("seats", {}).items():
        p = key.split()[-1]
        out.update(f"lt:{p}:{lt['lieutenant'][2:]}" for lt in seat["lieutenants"])
        out.update("ws:" + w["workshop"] for w in seat["workshops"])
        out.update(f"cabin:{c['cabin']}" for c in seat["cabins"])
        out.update("ov:" + o["overseer"] for o in seat["overseers"])
        out.update("reward:" + r for r in seat["rewards_now"] + seat["rewards_next_turn"])
    return out


__all__ = ["piece_ids", "targets", "view"]
