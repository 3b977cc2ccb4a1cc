"""The shared actions of Messina (issue 14: each with its display label, built once): the constant
ones here, those whose notation names a component once per tables object (``Notations``, through
``tables.derived``), and each lieutenant's moves once per set of node names and price
(``tables.cache``; the state keeps the rows of its names).  ``actions.legal`` picks among them."""


from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.engine.core import Action
from meeple.engine.messages import Message
from meeple.games.messina.buildings import PAY_NAMES
from meeple.games.messina.components import CLASSES, REWARD_NAMES
from meeple.games.messina.plague import fire_cost
from meeple.games.messina.state import (
    CABINS,
    MAXLT,
    OP_ACT,
    OP_ACTDONE,
    OP_ACTION,
    OP_BUY,
    OP_CABIN,
    OP_CORCH,
    OP_CURE_WS,
    OP_DISCARD,
    OP_DONESTAFF,
    OP_DOUSE,
    OP_END,
    OP_LIGHT,
    OP_MOVE,
    OP_NOBUILD,
    OP_OVS,
    OP_OVUP,
    OP_PAY,
    OP_QPICK,
    OP_RECALL,
    OP_REPOP,
    OP_REWARD,
    OP_SCROLL,
    OP_SHIP,
    OP_SHIPDOUSE,
    OP_SHIPLET,
    OP_SKIP,
    OP_SLOT,
    OP_STAFF,
    OP_STOP,
    OP_SWAP,
    OP_UPG,
    PETAL_NAMES,
)
from meeple.games.messina.words import (
    CARGO_WORDS,
    CLASS_WORDS,
    PAY_WORDS,
    REWARD_WORDS,
    cost,
    cref,
    effect_ref,
    hex_ref,
    msg,
    node,
)

if TYPE_CHECKING:
    from meeple.engine.components import Tables
    from meeple.games.messina.state import MessinaState

Task = tuple[int, int, int, int, int]

# --- shared actions ---------------------------------------------------------------------------

RECALLS = tuple(Action(f"recall lt{i + 1}", (OP_RECALL, i), msg("messina.label.recall", lt=i + 1))
                for i in range(MAXLT))
SKIPS = tuple(Action(f"skip lt{i + 1}", (OP_SKIP, i), msg("messina.label.skip", lt=i + 1)) for i in range(MAXLT))
# the label keys ending in ``.lose`` make the page ask first (app.js needsConfirm: a citizen, VP, a
# rat or a reward is lost)
DISCARD = Action("discard citizen", (OP_DISCARD,), msg("messina.label.discard.lose"))
QUARANTINE = tuple(Action(f"quarantine in cabin {k + 1}", (OP_CABIN, k), msg("messina.label.quarantine_cabin", cabin=k + 1))
                   for k in range(CABINS))
QUARANTINE_CLASS = tuple(Action(f"quarantine {name}", (OP_QPICK, k), msg("messina.label.quarantine_class", cls=CLASS_WORDS[k]))
                         for k, name in enumerate(CLASSES))
DONE_STAFFING = Action("done staffing", (OP_DONESTAFF,), msg("messina.label.done_staffing"))
STOP = Action("stop fighting", (OP_STOP,), msg("messina.label.stop.lose"))
# per price in coins (one per lieutenant owned: 1 to 5)
BUY_CITY = tuple(Action("buy city", (OP_BUY, 1), msg("messina.label.buy.city", n=k)) for k in range(MAXLT + 1))
BUY_CHURCH = tuple(Action("buy church", (OP_BUY, 2), msg("messina.label.buy.church", n=k)) for k in range(MAXLT + 1))
USE_REWARD = tuple(Action(f"use {name}", (OP_REWARD, r), msg("messina.label.use_reward", reward=REWARD_WORDS[r]))
                   for r, name in enumerate(REWARD_NAMES))
END_TURN = Action("end turn", (OP_END,), msg("messina.label.end_turn"))
END_TURN_LOSE = Action("end turn", (OP_END,), msg("messina.label.end_turn.lose"))
"""``end turn`` while register rewards reached are still unused (they are lost)."""
SHIP_LET = Action("let the ship's plague go", (OP_SHIPLET,), msg("messina.label.ship_let.lose"))
NO_OVERSEER = Action("no overseer can advance", (OP_OVS, -1, -1, 0), msg("messina.label.no_overseer"))
STOP_ACTIVATING = Action("stop activating", (OP_ACTDONE,), msg("messina.label.stop_activating"))
NO_OVERSEER_UPGRADE = Action("no overseer to upgrade", (OP_UPG, -1, -1), msg("messina.label.no_overseer_upgrade"))
SCROLL_FULL = Action("scroll board is full", (OP_UPG, -1, -1), msg("messina.label.scroll_full"))
NOTHING_TO_UPGRADE = Action("nothing to upgrade", (OP_UPG, -1, -1), msg("messina.label.nothing_to_upgrade"))
CITY_STEP = Action("city +1", (OP_CORCH, 1), msg("messina.label.city_step"))
CHURCH_STEP = Action("church +1", (OP_CORCH, 2), msg("messina.label.church_step"))
REGISTERS_FULL = Action("registers are full", (OP_UPG, -1, -1), msg("messina.label.registers_full"))
BUILD_NOTHING = Action("build nothing", (OP_NOBUILD,), msg("messina.label.build_nothing"))
UPGRADE_CABIN = tuple(Action(f"upgrade cabin {k + 1}", (OP_UPG, 2, k), msg("messina.label.upgrade_cabin", cabin=k + 1))
                      for k in range(CABINS))
OVERSEER_UPGRADE = tuple(Action(f"upgrade {CLASSES[c]} overseer", (OP_OVUP, c),
                                msg("messina.label.upgrade_overseer", cls=CLASS_WORDS[c])) for c in range(3))


def _fight_actions(k: int, vp: int) -> tuple[Action, Action]:
    """``douse`` and ``douse the ship`` at ``k`` fire a cube, ``vp`` VP a cube (the round's price)."""
    if vp:
        return (Action("douse", (OP_DOUSE,), msg("messina.label.douse.vp", fire=k, vp=vp)),
                Action("douse the ship", (OP_SHIPDOUSE,), msg("messina.label.ship_douse.vp", fire=k, vp=vp)))
    return (Action("douse", (OP_DOUSE,), msg("messina.label.douse", fire=k)),
            Action("douse the ship", (OP_SHIPDOUSE,), msg("messina.label.ship_douse", fire=k)))


_FIGHT: dict[tuple[int, int], tuple[Action, Action]] = {}


def fight_actions(s: MessinaState) -> tuple[Action, Action]:
    price = fire_cost(s)
    acts = _FIGHT.get(price)
    if acts is None:
        acts = _FIGHT[price] = _fight_actions(*price)
    return acts


class Notations:
    """The shared actions whose notation names a component, one set per tables object."""

    __slots__ = ("hex_action", "repop_action", "slot_action", "_staff", "_cure", "_take", "_ws_name",
                 "_slot_name", "_ship_name", "acts", "tables", "activate", "scroll", "scroll_top", "upgrade_slot",
                 "lightning")

    def __init__(self, t: Tables) -> None:
        self.tables = t
        self.acts: dict[tuple[object, ...], Action] = {}
        """Actions built on demand, by what determines their notation and label."""
        self.hex_action: tuple[Action, ...] = tuple(
            Action(f"action: {e.name}", (OP_ACTION, k), msg("messina.label.hex_action", effect=effect_ref(e.name)))
            for k, e in enumerate(t.effects))
        self.repop_action: tuple[Action, ...] = tuple(
            Action(f"repopulate {h.name}", (OP_REPOP,), _repop_label(h)) for h in t.hexes)
        self._slot_name: tuple[str, ...] = tuple(e.name for e in t.estate)
        self.slot_action: tuple[Action, ...] = tuple(
            Action(f"to {name}", (OP_SLOT, k), msg("messina.label.slot", slot=cref("estate", name)))
            for k, name in enumerate(self._slot_name))
        self._ws_name: tuple[str, ...] = tuple(w.name for w in t.workshops)
        self.activate: tuple[Action, ...] = tuple(
            Action(f"activate {e.name}", (OP_ACT, k), msg("messina.label.activate", slot=cref("estate", e.name),
                                                           effect=effect_ref(t.effects[e.effect].name)))
            for k, e in enumerate(t.estate))
        self.upgrade_slot: tuple[Action, ...] = tuple(
            Action(f"upgrade {e.name}", (OP_UPG, 0, k), msg("messina.label.upgrade_slot", slot=cref("estate", e.name)))
            for k, e in enumerate(t.estate))
        self.scroll: tuple[Action, ...] = tuple(
            Action(f"scroll {x.name}", (OP_SCROLL, k), msg("messina.label.scroll", scroll=cref("scrolls", x.name)))
            for k, x in enumerate(t.scrolls))
        self.scroll_top: tuple[int, ...] = tuple(len(x.values) - 1 for x in t.scrolls)
        self.lightning: tuple[Action, ...] = tuple(
            Action(f"lightning: {e.name}", (OP_LIGHT, k), msg("messina.label.lightning", effect=effect_ref(e.name)))
            for k, e in enumerate(t.effects))
        self._ship_name: tuple[str, ...] = tuple(sh.name for sh in t.ships)
        self._staff: dict[tuple[int, int, int], Action] = {}
        self._cure: dict[tuple[int, int], Action] = {}
        self._take: dict[tuple[int, int], Action] = {}

    def staff(self, i: int, tile: int, k: int) -> Action:
        """``staff <workshop> from <slot>``: estate slot ``k`` into workshop entry ``i`` (tile ``tile``)."""
        key = (i, tile, k)
        act = self._staff.get(key)
        if act is None:
            act = self._staff[key] = Action(
                f"staff {self._ws_name[tile]} from {self._slot_name[k]}", (OP_STAFF, i, k),
                msg("messina.label.staff", slot=cref("estate", self._slot_name[k]),
                    workshop=cref("workshops", self._ws_name[tile])))
        return act

    def cure(self, i: int, tile: int) -> Action:
        """``to <workshop>``: a cured citizen into workshop entry ``i`` (tile ``tile``)."""
        key = (i, tile)
        act = self._cure.get(key)
        if act is None:
            act = self._cure[key] = Action(f"to {self._ws_name[tile]}", (OP_CURE_WS, i),
                                           msg("messina.label.cure_ws",
                                               workshop=cref("workshops", self._ws_name[tile])))
        return act

    def take(self, i: int, ship: int) -> Action:
        """``take <ship>``: the ``i``-th ship at the docks."""
        key = (i, ship)
        act = self._take.get(key)
        if act is None:
            sh = self.tables.ships[ship]
            act = self._take[key] = Action(f"take {sh.name}", (OP_SHIP, i),
                                           msg("messina.label.take_ship", ship=cref("ships", sh.name),
                                               cargo=CARGO_WORDS[sh.cargo], n=sh.coins))
        return act


    def upgrade_ws(self, i: int, tile: int) -> Action:
        """``upgrade <workshop>``: the citizen of workshop entry ``i`` (tile ``tile``)."""
        key = ("upg_ws", i, tile)
        act = self.acts.get(key)
        if act is None:
            name = self._ws_name[tile]
            act = self.acts[key] = Action(f"upgrade {name}", (OP_UPG, 1, i),
                                          msg("messina.label.upgrade_ws", workshop=cref("workshops", name)))
        return act

    def build(self, key: tuple[object, ...], notation: str, data: tuple[int, ...], table: str, tile: Any,
              **args: Any) -> Action:
        """A build action (its label names the tile, its price and, for a wagon, its VP)."""
        act = self.acts.get(key)
        if act is None:
            price = cost(tile.cost_coins, tile.cost_wood)
            what = cref(table, tile.name)
            if table == "cabins":
                label = msg("messina.label.build_cabin", tile=what, cost=price,
                            effect=effect_ref(self.tables.effects[tile.effect].name), **args)
            elif table == "wagons" and tile.vp:
                label = msg("messina.label.build_wagon", tile=what, cost=price, vp=tile.vp)
            elif table == "workshops" and tile.phase == 1:
                label = msg("messina.label.build_workshop", tile=what, cost=price, cls=CLASS_WORDS[tile.cls],
                            effect=effect_ref(self.tables.effects[tile.effect].name))
            elif table == "workshops":
                label = msg("messina.label.build_workshop2", tile=what, cost=price, cls=CLASS_WORDS[tile.cls],
                            effect=effect_ref(self.tables.effects[tile.effect].name))
            else:
                label = msg("messina.label.build", tile=what, cost=price)
            act = self.acts[key] = Action(notation, data, label)
        return act


def _repop_label(h: Any) -> Message:
    """Everything a repopulation costs and what it scores (issue 15: the cost before the move)."""
    args = {"hex": hex_ref(h.name), "cost": cost(h.cost_coins, h.cost_wood), "citizens": citizens_cost(h), "vp": h.vp}
    if h.cost_lieutenant:
        return msg("messina.label.repopulate.lieutenant", **args)
    return msg("messina.label.repopulate", **args)


def citizens_cost(h: Any) -> list[Message]:
    """The citizens a repopulation returns, in words: "2 craftsmen, 1 upgraded nun, 1 upgraded citizen"."""
    out: list[Message] = []
    for c in range(3):
        if h.cost_citizens[c]:
            out.append(msg(CITIZEN_COUNT[c], n=h.cost_citizens[c]))
    for c in range(3):
        if h.cost_upgraded[c]:
            out.append(msg("messina.word.upgraded_count", n=h.cost_upgraded[c], cls=CLASS_WORDS[c]))
    if h.cost_any_upgraded:
        out.append(msg("messina.word.any_upgraded_count", n=h.cost_any_upgraded))
    return out or [msg("messina.word.no_citizens")]


CITIZEN_COUNT = ("messina.word.craftsmen", "messina.word.aristocrats", "messina.word.nuns")


def _swap(kind: int, k: int, i: int) -> Action:
    name = "cabin" if kind == 0 else "workshop"
    stack = msg("messina.word.cabin_stack", stack=k + 1) if kind == 0 else msg("messina.word.workshop_stack", stack=k + 1)
    if PAY_NAMES[i] == "VP":
        label = msg("messina.label.swap.lose", stack=stack, pay=PAY_WORDS[i])
    else:
        label = msg("messina.label.swap", stack=stack, pay=PAY_WORDS[i])
    return Action(f"swap {name} stack {k + 1} for 1 {PAY_NAMES[i]}", (OP_SWAP, kind * 3 + k, i), label)


SWAPS: dict[tuple[int, int, int], Action] = {
    (kind, k, i): _swap(kind, k, i) for kind in (0, 1) for k in range(3) for i in range(len(PAY_NAMES))}


def notations(s: MessinaState) -> Notations:
    return s.tables.derived("messina.notations", Notations)


def moves_of(s: MessinaState, i: int) -> tuple[list[Action | None], ...]:
    """Lieutenant ``i``'s move actions, indexed by node and then by the coins the move costs (the
    label says the price), under the current node names (built once per city's names; the state
    keeps the rows of its names, shared by clones)."""
    names = s.nname
    cached = s.moves
    if cached is None or cached[0] is not names:
        cache = s.tables.cache("messina.moves", 4096)
        found: list[tuple[list[Action | None], ...] | None] | None = cache.get(names)
        if found is None:
            found = [None] * MAXLT
            cache.put(names, found)
        cached = (names, found)
        s.moves = cached
    rows = cached[1]
    row = rows[i]
    if row is None:
        # each action is shared too, by lieutenant, node and name (across cities that share names)
        acts = s.tables.cache("messina.move_actions", 20000)
        out: list[list[Action | None]] = []
        for b, name in enumerate(names):
            key = (i, b, name)
            cell: list[Action | None] | None = acts.get(key)
            if cell is None:
                cell = [Action(f"lt{i + 1} to {name}", (OP_MOVE, i, b),
                               msg("messina.label.move", lt=i + 1, node=node(s, b)))]
                acts.put(key, cell)
            out.append(cell)
        row = rows[i] = tuple(out)
    return row


def paid_move(s: MessinaState, cell: list[Action | None], cost: int) -> Action:
    """The move of ``cell`` (one lieutenant to one node) when it costs ``cost`` coins."""
    while len(cell) <= cost:
        cell.append(None)
    act = cell[cost]
    if act is None:
        free = cell[0]
        assert free is not None
        i, b = free.data[1], free.data[2]
        act = cell[cost] = Action(free.notation, free.data,
                                  msg("messina.label.move.paid", lt=i + 1, node=node(s, b), n=cost))
    return act


def pay_action(s: MessinaState, k: int) -> Action:
    acts = notations(s).acts
    act = acts.get(("pay", k))
    if act is None:
        name = s.tables.estate[k].name
        act = acts[("pay", k)] = Action(f"pay with {name}", (OP_PAY, k),
                                        msg("messina.label.pay", slot=cref("estate", name)))
    return act


def _overseer_advance(cls: int, petal: int, n: int) -> Action:
    text = f"advance {CLASSES[cls]} overseer"
    if petal >= 0:
        text += f" via {PETAL_NAMES[petal]}"
    if n == 2:
        text += " 2 steps"
    if petal >= 0:
        area = msg("messina.word.area", cls=CLASS_WORDS[petal % 3], n=petal // 3 + 1)
        label = msg("messina.label.advance.via", cls=CLASS_WORDS[cls], petal=area, n=n)
    else:
        label = msg("messina.label.advance", cls=CLASS_WORDS[cls], n=n)
    return Action(text, (OP_OVS, cls, petal, n), label)


OVERSEER_ADVANCE: dict[tuple[int, int, int], Action] = {
    (cls, petal, n): _overseer_advance(cls, petal, n)
    for cls in range(3) for petal in (-1, cls, cls + 3) for n in (1, 2)}


__all__ = ["BUILD_NOTHING", "BUY_CHURCH", "BUY_CITY", "CHURCH_STEP", "CITY_STEP", "DISCARD", "DONE_STAFFING", "END_TURN",
           "END_TURN_LOSE", "citizens_cost",
           "NOTHING_TO_UPGRADE", "NO_OVERSEER", "NO_OVERSEER_UPGRADE", "OVERSEER_ADVANCE", "OVERSEER_UPGRADE",
           "QUARANTINE", "QUARANTINE_CLASS", "RECALLS", "REGISTERS_FULL", "SCROLL_FULL", "SHIP_LET", "SKIPS",
           "STOP", "STOP_ACTIVATING", "SWAPS", "UPGRADE_CABIN", "USE_REWARD", "Notations", "fight_actions",
           "moves_of", "notations", "paid_move", "pay_action"]
