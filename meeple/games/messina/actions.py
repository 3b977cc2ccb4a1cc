"""What may be done now (``legal(state)``): the legal actions of the decision on top of
``state.tasks``, for every kind of task.

Actions are immutable and shared, each with its display label (issue 14): they are built once in
``labels.py`` (constants, per tables object, per set of node names) and picked here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from meeple.engine.core import Action
from meeple.games.messina.buildings import affordable, empty_workshops, swap_payments
from meeple.games.messina.labels import (
    BUILD_NOTHING,
    BUY_CHURCH,
    BUY_CITY,
    CHURCH_STEP,
    CITY_STEP,
    DISCARD,
    DONE_STAFFING,
    END_TURN,
    END_TURN_LOSE,
    NO_OVERSEER,
    NO_OVERSEER_UPGRADE,
    NOTHING_TO_UPGRADE,
    OVERSEER_ADVANCE,
    OVERSEER_UPGRADE,
    QUARANTINE,
    QUARANTINE_CLASS,
    RECALLS,
    REGISTERS_FULL,
    SCROLL_FULL,
    SHIP_LET,
    SKIPS,
    STOP,
    STOP_ACTIVATING,
    SWAPS,
    UPGRADE_CABIN,
    USE_REWARD,
    fight_actions,
    moves_of,
    notations,
    paid_move,
    pay_action,
)
from meeple.games.messina.plague import fire_cost
from meeple.games.messina.registers import owned_lieutenants
from meeple.games.messina.repopulation import ANY, can_repopulate, feasible, repop_plan, unpack
from meeple.games.messina.rescue import free_slots, unpack_counts
from meeple.games.messina.state import (
    CABINS,
    CHURCH,
    CITY,
    CLASS_SLOTS,
    D0,
    DOCK0,
    LOC_ESTATE,
    MAXLT,
    NODES,
    OP_BUILD_CABIN,
    OP_BUILD_WG,
    OP_BUILD_WS,
    OP_LTPAY,
    OP_MAJOR,
    READY,
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
)
from meeple.games.messina.words import (
    ESTATE,
    msg,
    node,
)

if TYPE_CHECKING:
    from meeple.games.messina.state import MessinaState

Task = tuple[int, int, int, int, int]

# --- dispatch: the legal actions of each task kind (``LEGAL``, at the end) ------------------------

def legal(s: MessinaState) -> list[Action]:
    """The legal actions of the decision on top of ``state.tasks`` (``LEGAL[kind](state, task)``)."""
    task = s.tasks[-1]
    return LEGAL[task[0]](s, task)


# --- a turn's steps -----------------------------------------------------------------------------

def legal_place(s: MessinaState, task: Task) -> list[Action]:
    """Lieutenants in the city move first (any hex without a standing figure, or the docks); only
    then may estate lieutenants be placed like in round I (not onto the docks)."""
    p = task[1]
    seat = s.seats[p]
    where, status = seat.lt_where, seat.lt_status
    used = s.used
    coins = seat.coins + 1
    out: list[Action] = []
    append = out.append
    dist = s.dist
    free: list[int] | None = None  # the nodes without a standing figure (the docks never have one)
    for i in range(MAXLT):
        a = where[i]
        if a < 0 or status[i] != READY:
            continue
        if free is None:
            free = [b for b in s.nplay if not used[b]]
        da = dist[a]
        row = moves_of(s, i)
        for b in free:
            d = da[b]
            if d <= 1:
                append(row[b][0])  # type: ignore[arg-type]
            elif d <= coins:
                cell = row[b]
                act = cell[d - 1] if d <= len(cell) else None
                append(act if act is not None else paid_move(s, cell, d - 1))
        append(RECALLS[i])
    if not out:
        for i in range(MAXLT):
            if where[i] == LOC_ESTATE and status[i] == READY:
                row = moves_of(s, i)
                out += [row[b][0] for b in s.nplay if not used[b] and not DOCK0 <= b < D0]  # type: ignore[misc]
                if not out:
                    out.append(SKIPS[i])
                break
    if p in s.workshops.owner:
        # seed 工房: estate citizens may move into workshops at any time (e.g. for a phase II
        # workshop's coins before paying for a move)
        out += staff_actions(s, p)
    return out


def staff_actions(s: MessinaState, p: int, cls_filter: int = -1) -> list[Action]:
    """Seed 工房: an estate citizen may move into an empty workshop of its class (for good)."""
    out: list[Action] = []
    ws = s.workshops
    owner = ws.owner
    if p not in owner:
        return out
    fx = s.fx
    staff = notations(s).staff
    ws_cls = fx.ws_cls
    est = s.seats[p].estate
    tiles, citizen = ws.tile, ws.citizen
    for i, o in enumerate(owner):
        if o != p or citizen[i] >= 0:
            continue
        tile = tiles[i]
        cls = ws_cls[tile]
        if cls_filter >= 0 and cls != cls_filter:
            continue
        for k in CLASS_SLOTS[cls]:
            if est[k] >= 0:
                out.append(staff(i, tile, k))
    return out


def legal_slot(s: MessinaState, task: Task) -> list[Action]:
    p, cls, cured = task[1], task[2], task[4]
    nt = notations(s)
    slot_action = nt.slot_action
    out = [slot_action[k] for k in free_slots(s, p, cls)]
    if cured:
        tiles = s.workshops.tile
        out += [nt.cure(i, tiles[i]) for i in empty_workshops(s, p, cls)]
    if not out:
        out = staff_actions(s, p, cls)
        out.append(DISCARD)
    return out


def legal_cabin(s: MessinaState, task: Task) -> list[Action]:
    seat = s.seats[task[1]]
    out: list[Action] = []
    plain = False
    for k in range(CABINS):
        if seat.cabin_citizen[k] < 0:
            if seat.cabin_tile[k] < 0:
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
    seat = s.seats[p]
    fire, major = seat.fire, seat.major
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
    if p in s.workshops.owner:
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
    seat = s.seats[p]
    if seat.coins >= price:
        track = seat.track
        if track[CITY] < 12:
            out.append(BUY_CITY[price])
        if track[CHURCH] < 12:
            out.append(BUY_CHURCH[price])
    pend = seat.pend
    if pend:
        seen = set()
        for r in pend:
            if r not in seen:
                seen.add(r)
                out.append(USE_REWARD[r])
    out += staff_actions(s, p)
    out.append(END_TURN_LOSE if pend else END_TURN)
    return out


def legal_shipfight(s: MessinaState, task: Task) -> list[Action]:
    p = task[1]
    k, _ = fire_cost(s)
    out = []
    seat = s.seats[p]
    if seat.fire + seat.major >= k:
        out.append(fight_actions(s)[1])
    if p in s.workshops.owner:
        out += staff_actions(s, p)
    out.append(SHIP_LET)
    return out


# --- repopulation -------------------------------------------------------------------------------

def legal_pay(s: MessinaState, task: Task) -> list[Action]:
    """The estate citizens that can pay the next citizen due."""
    p = task[1]
    req = unpack(task[2])
    r = next(i for i in range(7) if req[i])
    est = s.seats[p].estate
    if r < 3:
        cands = [k for k in CLASS_SLOTS[r] if est[k] == 1]
    elif r == ANY:
        cands = [k for c in range(3) for k in CLASS_SLOTS[c] if est[k] == 1]
        cands.sort()
    else:
        cands = [k for k in CLASS_SLOTS[r - 4] if est[k] >= 0]
    rest = req.copy()
    rest[r] -= 1
    return [pay_action(s, k) for k in cands if feasible(s, p, rest, k)]


def legal_ltpay(s: MessinaState, task: Task) -> list[Action]:
    """A lieutenant in the cost: any of your lieutenants (it is gone for good)."""
    p = task[1]
    out = []
    for i, loc in enumerate(s.seats[p].lt_where):
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
        step = s.seats[p].overseer_steps[cls]
        if step >= 6:
            continue
        forks = (cls, cls + 3) if step == 0 else (-1,)
        for petal in forks:
            for n in ((1, 2) if arrow and step <= 4 else (1,)):
                out.append(OVERSEER_ADVANCE[(cls, petal, n)])
    if not out:
        out.append(NO_OVERSEER)
    return out


def legal_activate(s: MessinaState, task: Task) -> list[Action]:
    """Seed 啟用市民: activate occupied slots among the candidates, each at most once."""
    p, mask, used = task[1], task[2], task[4]
    est = s.seats[p].estate
    acts = notations(s).activate
    out = [acts[k] for k in range(SLOTS) if (mask >> k) & 1 and not (used >> k) & 1 and est[k] >= 0]
    out.append(STOP_ACTIVATING)
    return out


def legal_ovup(s: MessinaState, task: Task) -> list[Action]:
    p = task[1]
    upgraded = s.seats[p].overseer_upgraded
    out = [OVERSEER_UPGRADE[c] for c in range(3) if not upgraded[c]]
    if not out:
        out.append(NO_OVERSEER_UPGRADE)
    return out


# --- scroll, upgrade, registers, lightning -----------------------------------------------------

def legal_scroll(s: MessinaState, task: Task) -> list[Action]:
    p = task[1]
    nt = notations(s)
    top = nt.scroll_top
    scrolls = s.seats[p].scrolls
    out = [nt.scroll[k] for k in range(3) if scrolls[k] < top[k]]
    if not out:
        out.append(SCROLL_FULL)
    return out


def legal_upgrade(s: MessinaState, task: Task) -> list[Action]:
    """Seed 升級市民: any ordinary citizen, in the estate, a workshop or a quarantine cabin."""
    p = task[1]
    nt = notations(s)
    slots = nt.upgrade_slot
    seat = s.seats[p]
    est = seat.estate
    out = [slots[k] for k in range(SLOTS) if est[k] == 0]
    ws = s.workshops
    tiles, citizen = ws.tile, ws.citizen
    for i, o in enumerate(ws.owner):
        if o == p and citizen[i] == 0:
            out.append(nt.upgrade_ws(i, tiles[i]))
    for k in range(CABINS):
        occ = seat.cabin_citizen[k]
        if occ >= 0 and not occ & 1:
            out.append(UPGRADE_CABIN[k])
    if not out:
        out.append(NOTHING_TO_UPGRADE)
    return out


def legal_corch(s: MessinaState, task: Task) -> list[Action]:
    p = task[1]
    out = []
    track = s.seats[p].track
    if track[CITY] < 12:
        out.append(CITY_STEP)
    if track[CHURCH] < 12:
        out.append(CHURCH_STEP)
    if not out:
        out.append(REGISTERS_FULL)
    return out


def legal_lightning(s: MessinaState, task: Task) -> list[Action]:
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
    seat = s.seats[p]
    for c in range(CABINS):
        if seat.cabin_tile[c] < 0:
            if seat.cabin_citizen[c] < 0:
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
        pays = [i for i, have in enumerate(swap_payments(seat)) if have >= 1]
        for kind, stacks in ((0, s.cab_st), (1, s.ws_st)):
            for k, st in enumerate(stacks):
                if len(st) >= 2:
                    for i in pays:
                        out.append(SWAPS[(kind, k, i)])
    out.append(BUILD_NOTHING)
    return out


def legal_ship(s: MessinaState, task: Task) -> list[Action]:
    """Seed 移動到船上: any ship at the docks."""
    take = notations(s).take
    return [take(i, code >> 1) for i, code in enumerate(s.docks[task[2]])]


def legal_qpick(s: MessinaState, task: Task) -> list[Action]:
    """Seed 拯救市民: too few free cabins; the seat picks the class of the next citizen to go in."""
    counts = unpack_counts(task[2])
    return [QUARANTINE_CLASS[k] for k in range(3) if counts[k]]


def legal_staffing(s: MessinaState, task: Task) -> list[Action]:
    """Seed 工房: the staffing window before production (any move into a workshop, or done)."""
    return staff_actions(s, task[1]) + [DONE_STAFFING]


def _no_task(s: MessinaState, task: Task) -> list[Action]:
    raise AssertionError(f"unknown task {task}")


_BY_KIND: dict[int, Callable[[MessinaState, Task], list[Action]]] = {
    T_PLACE: legal_place, T_SLOT: legal_slot, T_CABIN: legal_cabin, T_FIGHT: legal_fight, T_MAIN: legal_main,
    T_SHIP: legal_ship, T_SHIPFIGHT: legal_shipfight, T_OVS: legal_overseer, T_ACT: legal_activate,
    T_SCROLL: legal_scroll, T_UPGRADE: legal_upgrade, T_BUILD: legal_build, T_CORCH: legal_corch,
    T_LIGHT: legal_lightning, T_OVUP: legal_ovup, T_STAFFWIN: legal_staffing, T_PAY: legal_pay,
    T_LTPAY: legal_ltpay, T_QPICK: legal_qpick,
}
LEGAL: tuple[Callable[[MessinaState, Task], list[Action]], ...] = tuple(
    _BY_KIND.get(kind, _no_task) for kind in range(max(_BY_KIND) + 1))
"""Task kind -> the function listing its legal actions (a tuple indexed by kind)."""


__all__ = ["LEGAL", "legal", "moves_of", "notations", "staff_actions"]
