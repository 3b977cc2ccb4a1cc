"""What may be done now (``legal(state)``): the legal actions of the decision on top of
``state.tasks``, for every kind of task.

Actions are immutable and shared: the constant ones are built once here, those whose notation names
a component once per tables object (``Notations``, through ``tables.derived``), and each lieutenant's
moves once per set of node names (``tables.cache``; the state keeps the rows of its names).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.engine.core import Action
from meeple.engine.messages import msg, ref
from meeple.games.messina.buildings import PAY_NAMES, PAY_OFFSETS, affordable, empty_workshops
from meeple.games.messina.components import CLASSES, REWARD_NAMES
from meeple.games.messina.plague import fire_cost
from meeple.games.messina.registers import owned_lieutenants
from meeple.games.messina.repopulation import ANY, can_repopulate, feasible, repop_plan, unpack
from meeple.games.messina.rescue import free_slots, unpack_counts
from meeple.games.messina.state import (
    CABINS,
    CHURCH,
    CITY,
    CLASS_SLOTS,
    COIN,
    D0,
    DOCK0,
    FIRE,
    LOC_ESTATE,
    MAJOR,
    MAXLT,
    NODES,
    NP,
    OP_ACT,
    OP_ACTDONE,
    OP_ACTION,
    OP_BUILD_CABIN,
    OP_BUILD_WG,
    OP_BUILD_WS,
    OP_BUY,
    OP_CABIN,
    OP_CORCH,
    OP_CURE_WS,
    OP_DISCARD,
    OP_DONESTAFF,
    OP_DOUSE,
    OP_END,
    OP_LIGHT,
    OP_LTPAY,
    OP_MAJOR,
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
    READY,
    SC0,
    SLOTS,
    T_ACT,
    T_BUILD,
    T_CABIN,
    T_CORCH,
    T_FIGHT,
    T_LIGHT,
    T_LTPAY,
    T_MAIN,
    T_OVS,
    T_OVUP,
    T_PAY,
    T_PLACE,
    T_QPICK,
    T_SCROLL,
    T_SHIP,
    T_SHIPFIGHT,
    T_SLOT,
    T_STAFFWIN,
    T_UPGRADE,
    WS_W,
)
from meeple.games.messina.words import (
    CARGO_WORDS,
    CLASS_WORDS,
    ESTATE,
    PAY_WORDS,
    REWARD_WORDS,
    cost,
    effect_ref,
    hex_ref,
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
DISCARD = Action("discard citizen", (OP_DISCARD,), msg("messina.label.discard"))
QUARANTINE = tuple(Action(f"quarantine in cabin {k + 1}", (OP_CABIN, k), msg("messina.label.quarantine_cabin", cabin=k + 1))
                   for k in range(CABINS))
QUARANTINE_CLASS = tuple(Action(f"quarantine {name}", (OP_QPICK, k), msg("messina.label.quarantine_class", cls=CLASS_WORDS[k]))
                         for k, name in enumerate(CLASSES))
DONE_STAFFING = Action("done staffing", (OP_DONESTAFF,), msg("messina.label.done_staffing"))
STOP = Action("stop fighting", (OP_STOP,), msg("messina.label.stop"))
# per price in coins (one per lieutenant owned: 1 to 5)
BUY_CITY = tuple(Action("buy city", (OP_BUY, 1), msg("messina.label.buy.city", n=k)) for k in range(MAXLT + 1))
BUY_CHURCH = tuple(Action("buy church", (OP_BUY, 2), msg("messina.label.buy.church", n=k)) for k in range(MAXLT + 1))
USE_REWARD = tuple(Action(f"use {name}", (OP_REWARD, r), msg("messina.label.use_reward", reward=REWARD_WORDS[r]))
                   for r, name in enumerate(REWARD_NAMES))
END_TURN = Action("end turn", (OP_END,), msg("messina.label.end_turn"))
SHIP_LET = Action("let the ship's plague go", (OP_SHIPLET,), msg("messina.label.ship_let"))
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
            Action(f"repopulate {h.name}", (OP_REPOP,),
                   msg("messina.label.repopulate.lieutenant", hex=hex_ref(h.name), cost=cost(h.cost_coins, h.cost_wood))
                   if h.cost_lieutenant else
                   msg("messina.label.repopulate", hex=hex_ref(h.name), cost=cost(h.cost_coins, h.cost_wood)))
            for h in t.hexes)
        self._slot_name: tuple[str, ...] = tuple(e.name for e in t.estate)
        self.slot_action: tuple[Action, ...] = tuple(
            Action(f"to {name}", (OP_SLOT, k), msg("messina.label.slot", slot=ref("messina", "estate", name)))
            for k, name in enumerate(self._slot_name))
        self._ws_name: tuple[str, ...] = tuple(w.name for w in t.workshops)
        self.activate: tuple[Action, ...] = tuple(
            Action(f"activate {e.name}", (OP_ACT, k), msg("messina.label.activate", slot=ref("messina", "estate", e.name),
                                                           effect=effect_ref(t.effects[e.effect].name)))
            for k, e in enumerate(t.estate))
        self.upgrade_slot: tuple[Action, ...] = tuple(
            Action(f"upgrade {e.name}", (OP_UPG, 0, k), msg("messina.label.upgrade_slot", slot=ref("messina", "estate", e.name)))
            for k, e in enumerate(t.estate))
        self.scroll: tuple[Action, ...] = tuple(
            Action(f"scroll {x.name}", (OP_SCROLL, k), msg("messina.label.scroll", scroll=ref("messina", "scrolls", x.name)))
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
                msg("messina.label.staff", slot=ref("messina", "estate", self._slot_name[k]),
                    workshop=ref("messina", "workshops", self._ws_name[tile])))
        return act

    def cure(self, i: int, tile: int) -> Action:
        """``to <workshop>``: a cured citizen into workshop entry ``i`` (tile ``tile``)."""
        key = (i, tile)
        act = self._cure.get(key)
        if act is None:
            act = self._cure[key] = Action(f"to {self._ws_name[tile]}", (OP_CURE_WS, i),
                                           msg("messina.label.cure_ws",
                                               workshop=ref("messina", "workshops", self._ws_name[tile])))
        return act

    def take(self, i: int, ship: int) -> Action:
        """``take <ship>``: the ``i``-th ship at the docks."""
        key = (i, ship)
        act = self._take.get(key)
        if act is None:
            sh = self.tables.ships[ship]
            act = self._take[key] = Action(f"take {sh.name}", (OP_SHIP, i),
                                           msg("messina.label.take_ship", ship=ref("messina", "ships", sh.name),
                                               cargo=CARGO_WORDS[sh.cargo], n=sh.coins))
        return act


    def upgrade_ws(self, i: int, tile: int) -> Action:
        """``upgrade <workshop>``: the citizen of workshop entry ``i`` (tile ``tile``)."""
        key = ("upg_ws", i, tile)
        act = self.acts.get(key)
        if act is None:
            name = self._ws_name[tile]
            act = self.acts[key] = Action(f"upgrade {name}", (OP_UPG, 1, i),
                                          msg("messina.label.upgrade_ws", workshop=ref("messina", "workshops", name)))
        return act

    def build(self, key: tuple[object, ...], notation: str, data: tuple[int, ...], table: str, tile: Any,
              **args: Any) -> Action:
        """A build action (its label names the tile, its price and, for a wagon, its VP)."""
        act = self.acts.get(key)
        if act is None:
            price = cost(tile.cost_coins, tile.cost_wood)
            what = ref("messina", table, tile.name)
            if table == "cabins":
                label = msg("messina.label.build_cabin", tile=what, cost=price, **args)
            elif table == "wagons" and tile.vp:
                label = msg("messina.label.build_wagon", tile=what, cost=price, vp=tile.vp)
            else:
                label = msg("messina.label.build", tile=what, cost=price)
            act = self.acts[key] = Action(notation, data, label)
        return act


def _swap(kind: int, k: int, i: int) -> Action:
    name = "cabin" if kind == 0 else "workshop"
    stack = msg("messina.word.cabin_stack", stack=k + 1) if kind == 0 else msg("messina.word.workshop_stack", stack=k + 1)
    return Action(f"swap {name} stack {k + 1} for 1 {PAY_NAMES[i]}", (OP_SWAP, kind * 3 + k, i),
                  msg("messina.label.swap", stack=stack, pay=PAY_WORDS[i]))


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


# --- dispatch ---------------------------------------------------------------------------------

def legal(s: MessinaState) -> list[Action]:
    """The legal actions of the decision on top of ``state.tasks``."""
    task = s.tasks[-1]
    kind = task[0]
    if kind == T_PLACE:
        return legal_place(s, task[1])
    if kind == T_MAIN:
        return legal_main(s, task)
    if kind == T_FIGHT:
        return legal_fight(s, task)
    if kind == T_SLOT:
        return legal_slot(s, task)
    if kind == T_CABIN:
        return legal_cabin(s, task)
    if kind == T_QPICK:
        # seed 拯救市民: too few free cabins; the seat picks the next citizen to go in
        counts = unpack_counts(task[2])
        return [QUARANTINE_CLASS[k] for k in range(3) if counts[k]]
    if kind == T_SHIP:
        take = notations(s).take
        return [take(i, code >> 1) for i, code in enumerate(s.docks[task[2]])]
    if kind == T_SHIPFIGHT:
        return legal_shipfight(s, task)
    if kind == T_PAY:
        return legal_pay(s, task)
    if kind == T_LTPAY:
        return legal_ltpay(s, task)
    if kind == T_STAFFWIN:
        return staff_actions(s, task[1]) + [DONE_STAFFING]
    if kind == T_ACT:
        return legal_activate(s, task)
    if kind == T_OVS:
        return legal_overseer(s, task)
    if kind == T_BUILD:
        return legal_build(s, task)
    if kind == T_UPGRADE:
        return legal_upgrade(s, task[1])
    if kind == T_SCROLL:
        return legal_scroll(s, task[1])
    if kind == T_CORCH:
        return legal_corch(s, task[1])
    if kind == T_LIGHT:
        return legal_lightning(s)
    if kind == T_OVUP:
        return legal_ovup(s, task[1])
    raise AssertionError(f"unknown task {task}")


# --- a turn's steps -----------------------------------------------------------------------------

def legal_place(s: MessinaState, p: int) -> list[Action]:
    """Lieutenants in the city move first (any hex without a standing figure, or the docks); only
    then may estate lieutenants be placed like in round I (not onto the docks)."""
    lt = s.lt
    used = s.used
    coins = s.pi[p * NP + COIN] + 1
    out: list[Action] = []
    nplay = s.nplay
    dist = s.dist
    for i in range(MAXLT):
        j = (p * MAXLT + i) * 2
        a = lt[j]
        if a < 0 or lt[j + 1] != READY:
            continue
        da = dist[a]
        row = moves_of(s, i)
        for b in nplay:
            if not used[b]:
                d = da[b]
                if d <= 1:
                    out.append(row[b][0])  # type: ignore[arg-type]
                elif d <= coins:
                    cell = row[b]
                    out.append(cell[d - 1] if len(cell) >= d and cell[d - 1] is not None
                               else paid_move(s, cell, d - 1))  # type: ignore[arg-type]
        out.append(RECALLS[i])
    if not out:
        for i in range(MAXLT):
            j = (p * MAXLT + i) * 2
            if lt[j] == LOC_ESTATE and lt[j + 1] == READY:
                row = moves_of(s, i)
                out += [row[b][0] for b in nplay if not used[b] and not DOCK0 <= b < D0]  # type: ignore[misc]
                if not out:
                    out.append(SKIPS[i])
                break
    if p in s.ws[0::WS_W]:
        # seed 工房: estate citizens may move into workshops at any time (e.g. for a phase II
        # workshop's coins before paying for a move)
        out += staff_actions(s, p)
    return out


def staff_actions(s: MessinaState, p: int, cls_filter: int = -1) -> list[Action]:
    """Seed 工房: an estate citizen may move into an empty workshop of its class (for good)."""
    out: list[Action] = []
    ws = s.ws
    if p not in ws[0::WS_W]:
        return out
    fx = s.fx
    staff = notations(s).staff
    ws_cls = fx.ws_cls
    est = s.estate
    base = p * SLOTS
    for i in range(0, len(ws), WS_W):
        if ws[i] != p or ws[i + 2] >= 0:
            continue
        tile = ws[i + 1]
        cls = ws_cls[tile]
        if cls_filter >= 0 and cls != cls_filter:
            continue
        for k in CLASS_SLOTS[cls]:
            if est[base + k] >= 0:
                out.append(staff(i, tile, k))
    return out


def legal_slot(s: MessinaState, task: Task) -> list[Action]:
    p, cls, cured = task[1], task[2], task[4]
    nt = notations(s)
    slot_action = nt.slot_action
    out = [slot_action[k] for k in free_slots(s, p, cls)]
    if cured:
        ws = s.ws
        out += [nt.cure(i, ws[i + 1]) for i in empty_workshops(s, p, cls)]
    if not out:
        out = staff_actions(s, p, cls)
        out.append(DISCARD)
    return out


def legal_cabin(s: MessinaState, task: Task) -> list[Action]:
    p = task[1]
    out: list[Action] = []
    plain = False
    for k in range(CABINS):
        base = (p * CABINS + k) * 3
        if s.cab[base] < 0:
            if s.cab[base + 2] < 0:
                if plain:
                    continue
                plain = True
            out.append(QUARANTINE[k])
    if not out:
        out.append(DISCARD)
    return out


def legal_fight(s: MessinaState, task: Task) -> list[Action]:
    """Seed 對抗瘟疫: one fire per cube (two in rounds V-VI); a major fire may also clear one cube
    of a neighbouring district (two major fires in rounds V-VI); stop and take a rat per cube left."""
    p, n = task[1], task[2]
    k, _ = fire_cost(s)
    fire, major = s.pi[p * NP + FIRE], s.pi[p * NP + MAJOR]
    out: list[Action] = []
    if fire + major >= k:
        out.append(fight_actions(s)[0])
    if major >= k:
        acts = notations(s).acts
        _, vp = fire_cost(s)
        for m in s.dadj[n]:
            if s.cubes[m]:
                name = s.nname[m]
                key = ("major", m, name, k, vp)
                act = acts.get(key)
                if act is None:
                    label = (msg("messina.label.major.vp", fire=k, node=node(s, m), vp=2 * vp) if vp
                             else msg("messina.label.major", fire=k, node=node(s, m)))
                    act = acts[key] = Action(f"major fire, also {name}", (OP_MAJOR, m), label)
                out.append(act)
    if p in s.ws[0::WS_W]:
        out += staff_actions(s, p)
    out.append(STOP)
    return out


def legal_main(s: MessinaState, task: Task) -> list[Action]:
    p, n, done = task[1], task[2], task[3]
    out: list[Action] = []
    if not done and n >= D0:
        nt = notations(s)
        tile = s.ntile[n]
        hex_action = nt.hex_action
        for e in s.fx.hex_actions[tile]:
            out.append(hex_action[e])
        if can_repopulate(s, p, n) and repop_plan(s, p, n)[0] is None:
            out.append(nt.repop_action[tile])
    price = owned_lieutenants(s, p)
    base = p * NP
    pi = s.pi
    if pi[base + COIN] >= price:
        if pi[base + CITY] < 12:
            out.append(BUY_CITY[price])
        if pi[base + CHURCH] < 12:
            out.append(BUY_CHURCH[price])
    pend = s.pend[p]
    if pend:
        seen = set()
        for r in pend:
            if r not in seen:
                seen.add(r)
                out.append(USE_REWARD[r])
    out += staff_actions(s, p)
    out.append(END_TURN)
    return out


def legal_shipfight(s: MessinaState, task: Task) -> list[Action]:
    p = task[1]
    k, _ = fire_cost(s)
    out = []
    if s.pi[p * NP + FIRE] + s.pi[p * NP + MAJOR] >= k:
        out.append(fight_actions(s)[1])
    if p in s.ws[0::WS_W]:
        out += staff_actions(s, p)
    out.append(SHIP_LET)
    return out


# --- repopulation -------------------------------------------------------------------------------

def legal_pay(s: MessinaState, task: Task) -> list[Action]:
    """The estate citizens that can pay the next citizen due."""
    p = task[1]
    req = unpack(task[2])
    r = next(i for i in range(7) if req[i])
    est = s.estate
    base = p * SLOTS
    if r < 3:
        cands = [k for k in CLASS_SLOTS[r] if est[base + k] == 1]
    elif r == ANY:
        cands = [k for c in range(3) for k in CLASS_SLOTS[c] if est[base + k] == 1]
        cands.sort()
    else:
        cands = [k for k in CLASS_SLOTS[r - 4] if est[base + k] >= 0]
    rest = req.copy()
    rest[r] -= 1
    return [_pay_action(s, k) for k in cands if feasible(s, p, rest, k)]


def _pay_action(s: MessinaState, k: int) -> Action:
    acts = notations(s).acts
    act = acts.get(("pay", k))
    if act is None:
        name = s.tables.estate[k].name
        act = acts[("pay", k)] = Action(f"pay with {name}", (OP_PAY, k),
                                        msg("messina.label.pay", slot=ref("messina", "estate", name)))
    return act


def legal_ltpay(s: MessinaState, task: Task) -> list[Action]:
    """A lieutenant in the cost: any of your lieutenants (it is gone for good)."""
    p = task[1]
    out = []
    for i in range(MAXLT):
        loc = s.lt[(p * MAXLT + i) * 2]
        if loc >= LOC_ESTATE:
            where = "estate" if loc == LOC_ESTATE else s.nname[loc]
            acts = notations(s).acts
            key = ("ltpay", i, loc, where)
            act = acts.get(key)
            if act is None:
                act = acts[key] = Action(f"give up lt{i + 1} ({where})", (OP_LTPAY, i),
                                         msg("messina.label.give_up", lt=i + 1,
                                             where=ESTATE if loc == LOC_ESTATE else node(s, loc)))
            out.append(act)
    return out


# --- overseers and activation ------------------------------------------------------------------

def legal_overseer(s: MessinaState, task: Task) -> list[Action]:
    """Seed 推進監工: each overseer advances at most 6 times; at its first advance it takes one of the
    two forks (the petals of its class); an arrow allows one extra step."""
    p, which, arrow = task[1], task[2], task[3]
    out: list[Action] = []
    for cls in ((0, 1, 2) if which == 3 else (which,)):
        base = (p * 3 + cls) * 3
        step = s.ov[base]
        if step >= 6:
            continue
        forks = (cls, cls + 3) if step == 0 else (-1,)
        for petal in forks:
            for n in ((1, 2) if arrow and step <= 4 else (1,)):
                out.append(OVERSEER_ADVANCE[(cls, petal, n)])
    if not out:
        out.append(NO_OVERSEER)
    return out


def _overseer_advance(cls: int, petal: int, n: int) -> Action:
    text = f"advance {CLASSES[cls]} overseer"
    if petal >= 0:
        text += f" via {PETAL_NAMES[petal]}"
    if n == 2:
        text += " 2 steps"
    if petal >= 0:
        label = msg("messina.label.advance.via", cls=CLASS_WORDS[cls], petal=PETAL_NAMES[petal], n=n)
    else:
        label = msg("messina.label.advance", cls=CLASS_WORDS[cls], n=n)
    return Action(text, (OP_OVS, cls, petal, n), label)


OVERSEER_ADVANCE: dict[tuple[int, int, int], Action] = {
    (cls, petal, n): _overseer_advance(cls, petal, n)
    for cls in range(3) for petal in (-1, cls, cls + 3) for n in (1, 2)}


def legal_activate(s: MessinaState, task: Task) -> list[Action]:
    """Seed 啟用市民: activate occupied slots among the candidates, each at most once."""
    p, mask, used = task[1], task[2], task[4]
    est = s.estate
    base = p * SLOTS
    acts = notations(s).activate
    out = [acts[k] for k in range(SLOTS) if (mask >> k) & 1 and not (used >> k) & 1 and est[base + k] >= 0]
    out.append(STOP_ACTIVATING)
    return out


def legal_ovup(s: MessinaState, p: int) -> list[Action]:
    out = [OVERSEER_UPGRADE[c] for c in range(3) if not s.ov[(p * 3 + c) * 3 + 2]]
    if not out:
        out.append(NO_OVERSEER_UPGRADE)
    return out


# --- scroll, upgrade, registers, lightning -----------------------------------------------------

def legal_scroll(s: MessinaState, p: int) -> list[Action]:
    nt = notations(s)
    top = nt.scroll_top
    out = [nt.scroll[k] for k in range(3) if s.pi[p * NP + SC0 + k] < top[k]]
    if not out:
        out.append(SCROLL_FULL)
    return out


def legal_upgrade(s: MessinaState, p: int) -> list[Action]:
    """Seed 升級市民: any ordinary citizen, in the estate, a workshop or a quarantine cabin."""
    nt = notations(s)
    slots = nt.upgrade_slot
    base = p * SLOTS
    out = [slots[k] for k in range(SLOTS) if s.estate[base + k] == 0]
    ws = s.ws
    for i in range(0, len(ws), WS_W):
        if ws[i] == p and ws[i + 2] == 0:
            out.append(nt.upgrade_ws(i, ws[i + 1]))
    for k in range(CABINS):
        occ = s.cab[(p * CABINS + k) * 3]
        if occ >= 0 and not occ & 1:
            out.append(UPGRADE_CABIN[k])
    if not out:
        out.append(NOTHING_TO_UPGRADE)
    return out


def legal_corch(s: MessinaState, p: int) -> list[Action]:
    out = []
    if s.pi[p * NP + CITY] < 12:
        out.append(CITY_STEP)
    if s.pi[p * NP + CHURCH] < 12:
        out.append(CHURCH_STEP)
    if not out:
        out.append(REGISTERS_FULL)
    return out


def legal_lightning(s: MessinaState) -> list[Action]:
    """Lightning: the action of any district in the city, used this round or not (each distinct
    action offered once)."""
    t = s.tables
    seen: list[int] = []
    for n in range(D0, NODES):
        tile = s.ntile[n]
        if tile >= 0:
            for e in t.hexes[tile].actions:
                if e not in seen:
                    seen.append(e)
    light = notations(s).lightning
    return [light[e] for e in sorted(seen)]


# --- build -----------------------------------------------------------------------------------

def legal_build(s: MessinaState, task: Task) -> list[Action]:
    """Seed 建造: a cabin improvement, a workshop or a wagon; once per build you may first pay one
    resource or 1 VP to put a cabin or workshop stack's top on its bottom, and must then build from
    that stack if you can pay for it."""
    p, swapped = task[1], task[2]
    t = s.tables
    nt = notations(s)
    out: list[Action] = []
    cab_options: list[Action] = []
    free_cabins = []
    empty_seen = False
    for c in range(CABINS):
        base = (p * CABINS + c) * 3
        if s.cab[base + 2] < 0:
            if s.cab[base] < 0:
                # empty unimproved cabins are all alike: offer the first
                if empty_seen:
                    continue
                empty_seen = True
            free_cabins.append(c)
    for k, st in enumerate(s.cab_st):
        if st and free_cabins and (swapped < 0 or swapped == k):
            tile = t.cabins[st[0]]
            if affordable(s, p, tile.cost_coins, tile.cost_wood):
                for c in free_cabins:
                    cab_options.append(nt.build(("cab", k, st[0], c), f"build {tile.name} on cabin {c + 1}",
                                                (OP_BUILD_CABIN, k, c), "cabins", tile, cabin=c + 1))
    ws_options: list[Action] = []
    for k, st in enumerate(s.ws_st):
        if st and (swapped < 0 or swapped == 3 + k):
            w = t.workshops[st[0]]
            if affordable(s, p, w.cost_coins, w.cost_wood):
                ws_options.append(nt.build(("ws", k, st[0]), f"build {w.name}", (OP_BUILD_WS, k), "workshops", w))
    if swapped >= 0 and (cab_options or ws_options):
        return cab_options + ws_options
    if swapped >= 0:
        # the swapped stack is unaffordable: any other build is open
        return legal_build(s, (T_BUILD, p, -2, 0, 0))
    out += cab_options + ws_options
    numbers = set()
    for k, st in enumerate(s.wg_st):
        if st:
            w = t.wagons[st[0]]
            if w.number not in numbers and affordable(s, p, w.cost_coins, w.cost_wood):
                numbers.add(w.number)
                out.append(nt.build(("wg", k, st[0]), f"build {w.name}", (OP_BUILD_WG, k), "wagons", w))
    if swapped == -1:
        pays = [i for i, off in enumerate(PAY_OFFSETS) if s.pi[p * NP + off] >= 1]
        for kind, stacks in ((0, s.cab_st), (1, s.ws_st)):
            for k, st in enumerate(stacks):
                if len(st) >= 2:
                    for i in pays:
                        out.append(SWAPS[(kind, k, i)])
    out.append(BUILD_NOTHING)
    return out


__all__ = ["legal", "moves_of", "notations", "staff_actions"]
