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

from typing import Any

from meeple.engine.encoding import Bounds, Encoder, Obs, vocab
from meeple.games.messina.components import CARGOS, CLASSES, REWARD_NAMES
from meeple.games.messina.turns import TASK_KEYS as _TASKS

# from consts.py (moves to state.py)
MAXLT = 5
CABINS = 4
PETAL_NAMES = ("C1", "A1", "N1", "C2", "A2", "N2")
# from choices.py
PAY_NAMES = ("coin", "wood", "fire", "major fire", "VP")
TASK_NAMES = tuple(_TASKS.values())  # what the seat to move must do: the view's now.step keys
FINAL_ITEMS = ("during_play", "rat_penalty", "popularity", "city", "church", "majority", "repopulated_hexes",
               "scrolls", "leftovers", "total")
STACKS = 3  # cabin and workshop stacks on the board


def _nodes(t: Any) -> list[str]:
    return ([h.name for h in t.harbours] + [h.docks_name for h in t.harbours] + [h.name for h in t.hexes])


class MessinaEncoder(Encoder):
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
        for name in v["ships"]:
            at = ships_at.get(name)
            out.onehot(f"{name}.at_docks", None if at is None else at[0], {d: d for d in range(len(v["docks"]))})
            out.num(f"{name}.place", None if at is None else at[1], 0, 9)
            out.flag(f"{name}.plague", at is not None and at[2])
        for name in v["hexes"]:
            e = nodes.get(name)
            pre = f"{name}."
            out.flag(pre + "in_play", e is not None)
            e = e or {"cell": None, "used": False, "plague": 0, "citizens": [0, 0, 0], "repopulated_by": None}
            cell = e["cell"] or (None, None)
            out.num(pre + "cell.x", cell[0], -8, 8)
            out.num(pre + "cell.y", cell[1], -8, 8)
            out.flag(pre + "used", e["used"])
            out.num(pre + "plague", e["plague"], 0, 10)
            for c, cls in enumerate(CLASSES):
                out.num(f"{pre}citizens.{cls}", e["citizens"][c], 0, 10)
            out.seat(pre + "repopulated_by", e["repopulated_by"])
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
        estate = p["estate"]
        for slot in v["slots"]:
            out.num(f"{pre}estate.{slot}", v["estate"].get(estate.get(slot), 0), 0, 2)
        for cab in p["cabins"]:
            c = f"{pre}cabin{cab['cabin']}."
            out.onehot(c + "citizen", cab["citizen"], v["citizen"])
            out.num(c + "stage", cab["stage"], 0, 2)
            out.onehot(c + "improvement", cab["improvement"], v["cabins"])
        for ov in p["overseers"]:
            o = f"{pre}overseer.{ov['overseer']}."
            out.num(o + "advances", ov["advances"], 0, 6)
            out.onehot(o + "petal", ov["petal"], v["petals"])
            out.flag(o + "upgraded", ov["upgraded"])
        shops = {w["workshop"]: w for w in p["workshops"]}
        for name in v["shops"]:
            w = shops.get(name)
            out.flag(f"{pre}{name}.owned", w is not None)
            out.num(f"{pre}{name}.citizen", w and v["estate"].get(w["citizen"], 0), 0, 2)
            out.flag(f"{pre}{name}.paid_out", w and w["paid_out"])
        wagons = {w["wagon"]: w for w in p["wagons"]}
        for name in v["wagons"]:
            w = wagons.get(name)
            out.flag(f"{pre}{name}.owned", w is not None)
            out.flag(f"{pre}{name}.exhausted", w and w["exhausted"])
        out.counts(pre + "rewards_now", p["rewards_now"], v["rewards"], 10)
        out.counts(pre + "rewards_next_turn", p["rewards_next_turn"], v["rewards"], 10)

    def bounds(self, game: Any, players: int, num_actions: int) -> Bounds:
        return Bounds(game.max_steps(players), num_actions, 0.0, 1.0,
                      "game length: Game.max_steps (random play is checked against it); legal actions: "
                      "at most the whole closed space; utility: 1 for first place")


ENCODER = MessinaEncoder()
