"""Legal actions and their effects for a turn's steps (seed 遊戲流程 1-4, 召回工人, 移動到船上).

Every decision belongs to the task on top of ``state.tasks``; the sub-decisions of effects
(overseers, activation, build, upgrade, scroll, register rewards) live in ``choices.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.engine.core import Action
from meeple.games.messina import choices, effects, repopulation
from meeple.games.messina.actions import (
    BUY_CHURCH,
    BUY_CITY,
    DISCARD,
    DONE_STAFFING,
    DOUSE,
    END_TURN,
    QUARANTINE,
    RECALLS,
    SHIP_DOUSE,
    SHIP_LET,
    STOP,
    USE_REWARD,
    moves_of,
)
from meeple.games.messina.board import node_name
from meeple.games.messina.components import CARGOS
from meeple.games.messina.consts import (
    CABINS,
    CARGO0,
    CHURCH,
    CITY,
    COIN,
    D0,
    DOCK0,
    FIRE,
    LOC_ESTATE,
    LOC_LOST,
    LOC_NONE,
    MAJOR,
    MAXLT,
    NP,
    OP_ACTION,
    OP_BUY,
    OP_CABIN,
    OP_CURE_WS,
    OP_DONESTAFF,
    OP_END,
    OP_LTPAY,
    OP_MAJOR,
    OP_PAY,
    OP_RECALL,
    OP_REWARD,
    OP_SHIP,
    OP_SHIPDOUSE,
    OP_SHIPLET,
    OP_SKIP,
    OP_SLOT,
    OP_STAFF,
    OP_STOP,
    RATS,
    READY,
    SHIPS,
    SLOTS,
    SPENT,
    STANDING,
    T_CABIN,
    T_FIGHT,
    T_LTPAY,
    T_MAIN,
    T_OVS,
    T_OVUP,
    T_PAY,
    T_PLACE,
    T_SHIP,
    T_SHIPFIGHT,
    T_SLOT,
    T_STAFFWIN,
    VP,
    WS_W,
)

if TYPE_CHECKING:
    from meeple.engine.core import Event
    from meeple.games.messina.state import MessinaState

TASK_NAMES = {1: "choose a hex", 2: "place a rescued or cured citizen in the estate", 3: "quarantine a citizen",
              4: "fight the plague", 5: "hex action or repopulation", 6: "choose a ship",
              7: "fight the ship's plague", 8: "advance an overseer", 9: "activate citizens",
              10: "advance a scroll cube", 11: "upgrade a citizen", 12: "build", 13: "advance city or church",
              14: "lightning: the action of any hex", 15: "upgrade an overseer",
              16: "move citizens into workshops before production", 17: "pay the citizens of a repopulation",
              18: "give up a lieutenant for a repopulation"}


# --- dispatch ---------------------------------------------------------------------------------

def legal(s: MessinaState) -> list[Action]:
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
    if kind == T_SHIP:
        take = s.fx.take
        return [take(i, code >> 1) for i, code in enumerate(s.docks[task[2]])]
    if kind == T_SHIPFIGHT:
        return legal_shipfight(s, task)
    if kind == T_PAY:
        return repopulation.legal_pay(s, task)
    if kind == T_LTPAY:
        return repopulation.legal_ltpay(s, task)
    if kind == T_STAFFWIN:
        return staff_actions(s, task[1]) + [DONE_STAFFING]
    return choices.legal(s, task)


def apply(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    op = data[0]
    if op <= OP_SKIP:
        apply_place(s, data, events)
    elif op <= OP_CURE_WS or op == OP_CABIN:
        apply_citizen(s, data, events)
    elif op <= OP_STOP:
        apply_fight(s, data, events)
    elif op <= OP_END:
        apply_main(s, data, events)
    elif op <= OP_SHIPLET:
        apply_ship(s, data, events)
    elif op == OP_DONESTAFF:
        s.tasks.pop()
    elif op == OP_PAY:
        repopulation.apply_pay(s, data, events)
    elif op == OP_LTPAY:
        repopulation.apply_ltpay(s, data, events)
    else:
        choices.apply(s, data, events)


def describe_task(s: MessinaState) -> dict[str, Any] | None:
    if not s.tasks:
        return None
    task = s.tasks[-1]
    out: dict[str, Any] = {"step": TASK_NAMES.get(task[0], "?"), "seat": task[1]}
    if task[0] in (T_MAIN, T_FIGHT):
        out["hex"] = node_name(s, task[2])
    if task[0] in (T_FIGHT, T_SHIPFIGHT):
        # seed 對抗瘟疫: what a cube costs and scores this round (two fires and +2 VP in V-VI)
        out["plague"] = s.cubes[task[2]] if task[0] == T_FIGHT else 1
        out["fire_per_cube"], out["vp_per_cube"] = fire_cost(s)
    return out


def plural(k: int, noun: str) -> str:
    """``1 rat``, ``2 rats``: event texts read as English."""
    return f"{k} {noun}" if k == 1 else f"{k} {noun}s"


def fire_cost(s: MessinaState) -> tuple[int, int]:
    return s.fx.fire[s.round_]


# --- step 1: choose a hex ---------------------------------------------------------------------

def owned_lieutenants(s: MessinaState, p: int) -> int:
    """Lieutenants a seat has (in the city or the estate): the price of a register step."""
    locs = s.lt[p * MAXLT * 2:(p + 1) * MAXLT * 2:2]
    return MAXLT - locs.count(LOC_NONE) - locs.count(LOC_LOST)


def move_cost(s: MessinaState, a: int, b: int) -> int:
    """Seed 第二到六輪: staying or one step is free; each further step costs 1 coin."""
    d = s.dist[a][b]
    return d - 1 if d > 1 else 0


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
        out += [row[b] for b in nplay if not used[b] and da[b] <= coins]
        out.append(RECALLS[i])
    if not out:
        for i in range(MAXLT):
            j = (p * MAXLT + i) * 2
            if lt[j] == LOC_ESTATE and lt[j + 1] == READY:
                row = moves_of(s, i)
                out += [row[b] for b in nplay if not used[b] and not DOCK0 <= b < D0]
                if not out:
                    out.append(Action(f"skip lt{i + 1}", (OP_SKIP, i)))
                break
    if p in s.ws[0::WS_W]:
        # seed 工房: estate citizens may move into workshops at any time (e.g. for a phase II
        # workshop's coins before paying for a move)
        out += staff_actions(s, p)
    return out


def apply_place(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    task = s.tasks.pop()
    p = task[1]
    op, i = data[0], data[1]
    j = (p * MAXLT + i) * 2
    if op == OP_RECALL:
        s.lt[j] = LOC_ESTATE
        s.lt[j + 1] = SPENT
        s.pi[p * NP + COIN] += 1
        events.append({"type": "recall", "seat": p, "text": f"seat {p} recalls lieutenant {i + 1} for 1 coin"})
        return
    if op == OP_SKIP:
        s.lt[j + 1] = SPENT
        events.append({"type": "skip", "seat": p, "text": f"seat {p}: lieutenant {i + 1} finds no free hex"})
        return
    b = data[2]
    lt = s.lt
    a = lt[j]
    cost = move_cost(s, a, b) if a >= 0 else 0
    if cost:
        s.pi[p * NP + COIN] -= cost
    lt[j] = b
    lt[j + 1] = STANDING
    name = s.nname[b]
    events.append({"type": "place", "seat": p, "hex": name,
                   "text": f"seat {p} sends lieutenant {i + 1} to {name}" + (f" for {cost} coins" if cost else "")})
    if DOCK0 <= b < D0:
        s.tasks.append((T_MAIN, p, b, 1, 0))
        if s.docks[b - DOCK0]:
            s.tasks.append((T_SHIP, p, b - DOCK0, 0, 0))
        return
    s.used[b] = 1
    if b < DOCK0:
        s.tasks.append((T_MAIN, p, b, 1, 0))
        return
    owner = s.owner[b]
    if owner >= 0:
        s.pi[owner * NP + VP] += 2
        events.append({"type": "repopulated_visit", "seat": owner,
                       "text": f"seat {owner} scores 2 VP: a lieutenant came to its {name}"})
    s.tasks.append((T_MAIN, p, b, 0, 0))
    plague = s.cubes[b] > 0
    fight = plague and can_fight(s, p)
    if fight:
        s.tasks.append((T_FIGHT, p, b, 0, 0))
    # seed 遊戲流程: step 2 (rescue) comes before step 3 (fight), in the events too
    rescue(s, p, b, plague, events)
    if plague and not fight:
        leave_plague(s, p, b, events)


def rescue(s: MessinaState, p: int, n: int, plague: bool, events: list[Event]) -> None:
    """Seed 拯救市民: every citizen on the hex is taken, to quarantine if the hex has plague."""
    cit = s.cit
    counts = cit[n * 3:n * 3 + 3]
    if not any(counts):
        return
    cit[n * 3] = cit[n * 3 + 1] = cit[n * 3 + 2] = 0
    tasks = s.tasks
    for k in (2, 1, 0):
        for _ in range(counts[k]):
            tasks.append((T_CABIN, p, k, 0, 0) if plague else (T_SLOT, p, k, 0, 0))
    total = sum(counts)
    events.append({"type": "rescue", "seat": p, "text": f"seat {p} rescues {plural(total, 'citizen')}"
                   + (" into quarantine" if plague else "")})


# --- step 2: citizens -------------------------------------------------------------------------

CLASS_SLOTS = tuple((c * 3, c * 3 + 1, c * 3 + 2, c * 3 + 9, c * 3 + 10, c * 3 + 11) for c in range(3))
"""The estate slots of each citizen class."""


def free_slots(s: MessinaState, p: int, cls: int) -> list[int]:
    est = s.estate
    base = p * SLOTS
    return [k for k in CLASS_SLOTS[cls] if est[base + k] < 0]


def empty_workshops(s: MessinaState, p: int, cls: int) -> list[int]:
    ws = s.ws
    ws_cls = s.fx.ws_cls
    return [i for i in range(0, len(ws), WS_W) if ws[i] == p and ws[i + 2] < 0 and ws_cls[ws[i + 1]] == cls]


def staff_actions(s: MessinaState, p: int, cls_filter: int = -1) -> list[Action]:
    """Seed 工房: an estate citizen may move into an empty workshop of its class (for good)."""
    out: list[Action] = []
    ws = s.ws
    if p not in ws[0::WS_W]:
        return out
    fx = s.fx
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
                out.append(fx.staff(i, tile, k))
    return out


def legal_slot(s: MessinaState, task: tuple[int, int, int, int, int]) -> list[Action]:
    p, cls, cured = task[1], task[2], task[4]
    fx = s.fx
    slot_action = fx.slot_action
    out = [slot_action[k] for k in free_slots(s, p, cls)]
    if cured:
        ws = s.ws
        out += [fx.cure(i, ws[i + 1]) for i in empty_workshops(s, p, cls)]
    if not out:
        out = staff_actions(s, p, cls)
        out.append(DISCARD)
    return out


def legal_cabin(s: MessinaState, task: tuple[int, int, int, int, int]) -> list[Action]:
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


def apply_citizen(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    op = data[0]
    if op == OP_STAFF:
        p = s.tasks[-1][1]
        staff(s, p, data[1], data[2], events)
        return
    task = s.tasks.pop()
    p, cls, upg = task[1], task[2], task[3]
    if op == OP_SLOT:
        s.estate[p * SLOTS + data[1]] = upg
    elif op == OP_CURE_WS:
        s.ws[data[1] + 2] = upg
        effects.ws_pay_out(s, data[1], events)
    elif op == OP_CABIN:
        base = (p * CABINS + data[1]) * 3
        s.cab[base] = cls * 2 + upg
        s.cab[base + 1] = 1
    else:
        s.cit_supply[cls] += 1
        events.append({"type": "discard", "seat": p, "text": f"seat {p} has no room: a citizen is discarded"})


def staff(s: MessinaState, p: int, i: int, slot: int, events: list[Event]) -> None:
    s.ws[i + 2] = s.estate[p * SLOTS + slot]
    s.estate[p * SLOTS + slot] = -1
    effects.ws_pay_out(s, i, events)


# --- step 3: fight the plague ---------------------------------------------------------------

def can_fight(s: MessinaState, p: int) -> bool:
    """Step 3 is a decision while the seat can pay for a cube, or could first staff a workshop
    (whose one-time pay-out may be fire)."""
    k, _ = fire_cost(s)
    if s.pi[p * NP + FIRE] + s.pi[p * NP + MAJOR] >= k:
        return True
    return p in s.ws[0::WS_W] and bool(staff_actions(s, p))


def legal_fight(s: MessinaState, task: tuple[int, int, int, int, int]) -> list[Action]:
    """Seed 對抗瘟疫: one fire per cube (two in rounds V-VI); a major fire may also clear one cube
    of a neighbouring district (two major fires in rounds V-VI); stop and take a rat per cube left."""
    p, n = task[1], task[2]
    k, _ = fire_cost(s)
    fire, major = s.pi[p * NP + FIRE], s.pi[p * NP + MAJOR]
    out: list[Action] = []
    if fire + major >= k:
        out.append(DOUSE)
    if major >= k:
        for m in s.dadj[n]:
            if s.cubes[m]:
                out.append(Action(f"major fire, also {node_name(s, m)}", (OP_MAJOR, m)))
    if p in s.ws[0::WS_W]:
        out += staff_actions(s, p)
    out.append(STOP)
    return out


def pay_fire(s: MessinaState, p: int, k: int, major_only: bool) -> None:
    base = p * NP
    if major_only:
        s.pi[base + MAJOR] -= k
        return
    use = min(k, s.pi[base + FIRE])
    s.pi[base + FIRE] -= use
    s.pi[base + MAJOR] -= k - use


def remove_cube(s: MessinaState, p: int, n: int, events: list[Event]) -> None:
    """A cube removed goes back to the supply: +1 popularity (+2 VP in rounds V-VI)."""
    s.cubes[n] -= 1
    s.cube_supply += 1
    _, vp = fire_cost(s)
    s.pi[p * NP + VP] += vp
    effects.advance_track(s, p, 0, 1, events)


def leave_plague(s: MessinaState, p: int, n: int, events: list[Event]) -> None:
    left = s.cubes[n]
    if left:
        s.pi[p * NP + RATS] += left
        events.append({"type": "rat", "seat": p, "text": f"seat {p} takes {plural(left, 'rat')} from {node_name(s, n)}"})


def apply_fight(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    task = s.tasks[-1]
    p, n = task[1], task[2]
    op = data[0]
    k, _ = fire_cost(s)
    if op == OP_STOP:
        s.tasks.pop()
        leave_plague(s, p, n, events)
        return
    pay_fire(s, p, k, op == OP_MAJOR)
    remove_cube(s, p, n, events)
    if op == OP_MAJOR:
        remove_cube(s, p, data[1], events)
    events.append({"type": "fight", "seat": p, "text": f"seat {p} burns plague on {node_name(s, n)}"})
    if s.cubes[n] == 0:
        s.tasks.pop()
    elif not can_fight(s, p):
        s.tasks.pop()
        leave_plague(s, p, n, events)


# --- step 4: the hex action, repopulation, register purchases, rewards -----------------------


def legal_main(s: MessinaState, task: tuple[int, int, int, int, int]) -> list[Action]:
    p, n, done = task[1], task[2], task[3]
    out: list[Action] = []
    if not done and n >= D0:
        fx = s.fx
        tile = s.ntile[n]
        hex_action = fx.hex_action
        for e in fx.hex_actions[tile]:
            out.append(hex_action[e])
        if repopulation.can_repopulate(s, p, n) and repopulation.repop_plan(s, p, n)[0] is None:
            out.append(fx.repop_action[tile])
    price = owned_lieutenants(s, p)
    base = p * NP
    pi = s.pi
    if pi[base + COIN] >= price:
        if pi[base + CITY] < 12:
            out.append(BUY_CITY)
        if pi[base + CHURCH] < 12:
            out.append(BUY_CHURCH)
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


def apply_main(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    task = s.tasks[-1]
    p, n = task[1], task[2]
    op = data[0]
    if op == OP_END:
        s.tasks.pop()
        s.pend[p] = ()
        return
    if op == OP_BUY:
        s.pi[p * NP + COIN] -= owned_lieutenants(s, p)
        effects.advance_track(s, p, data[1], 1, events)
        events.append({"type": "buy", "seat": p, "text": f"seat {p} buys a step on the "
                       f"{('city', 'church')[data[1] - 1]} register"})
        return
    if op == OP_REWARD:
        effects.use_reward(s, p, data[1], events)
        return
    s.tasks[-1] = (T_MAIN, p, n, 1, 0)
    if op == OP_ACTION:
        effects.gain(s, p, data[1], events, f"action of {node_name(s, n)}")
        return
    repopulation.repopulate(s, p, n, events)


# --- the docks --------------------------------------------------------------------------------


def legal_shipfight(s: MessinaState, task: tuple[int, int, int, int, int]) -> list[Action]:
    p = task[1]
    k, _ = fire_cost(s)
    out = []
    if s.pi[p * NP + FIRE] + s.pi[p * NP + MAJOR] >= k:
        out.append(SHIP_DOUSE)
    if p in s.ws[0::WS_W]:
        out += staff_actions(s, p)
    out.append(SHIP_LET)
    return out


def apply_ship(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 移動到船上: fight the ship's cube (else a rat; it leaves anyway), take the ship and its
    coins; every second ship (option: every odd one) advances an overseer."""
    task = s.tasks.pop()
    p = task[1]
    op = data[0]
    if op == OP_SHIP:
        h = task[2]
        ships = list(s.docks[h])
        code = ships.pop(data[1])
        docks = list(s.docks)
        docks[h] = tuple(ships)
        s.docks = tuple(docks)
        if code & 1:
            s.tasks.append((T_SHIPFIGHT, p, code >> 1, 1, 0))
        else:
            take_ship(s, p, code >> 1, events)
        return
    ship = task[2]
    s.cube_supply += 1
    if op == OP_SHIPDOUSE:
        k, vp = fire_cost(s)
        pay_fire(s, p, k, False)
        s.pi[p * NP + VP] += vp
        effects.advance_track(s, p, 0, 1, events)
    else:
        s.pi[p * NP + RATS] += 1
        events.append({"type": "rat", "seat": p, "text": f"seat {p} takes a rat from the ship"})
    take_ship(s, p, ship, events)


def take_ship(s: MessinaState, p: int, ship: int, events: list[Event]) -> None:
    """Seed 移動到船上: the ship and its coins go to the seat.  Its cargo (spices, cloth, gems) is
    kept apart (shown in the view); in the basic game every cargo counts as one kind of ship, so the
    ships scroll scores the total (the seed leaves separate cargo scoring to the advanced game)."""
    sh = s.tables.ships[ship]
    base = p * NP
    s.pi[base + COIN] += sh.coins
    s.pi[base + SHIPS] += 1
    s.pi[base + CARGO0 + CARGOS.index(sh.cargo)] += 1
    events.append({"type": "ship_taken", "seat": p, "cargo": sh.cargo,
                   "text": f"seat {p} takes {sh.name} ({sh.cargo}) and {sh.coins} coins"})
    count = s.pi[base + SHIPS]
    parity = 0 if s.options.get("ship_overseer_parity", "even") == "even" else 1
    if count % 2 == parity:
        if s.options.get("ship_overseer_reward", "advance") == "upgrade":
            s.tasks.append((T_OVUP, p, 0, 0, 0))
        else:
            s.tasks.append((T_OVS, p, 3, 0, 0))


__all__ = ["legal", "apply", "describe_task", "fire_cost", "move_cost", "owned_lieutenants"]
