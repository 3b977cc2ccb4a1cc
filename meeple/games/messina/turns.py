"""A turn's steps (seed 遊戲流程 1-4, 召回工人, 移動到船上): choosing a hex (or recalling), the rescue
and the fight it starts, the docks, and step 4 (the hex's action or repopulation, register
purchases and rewards).

Every decision belongs to the task on top of ``state.tasks`` (``(kind, seat, a, b, c)``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.engine.messages import event
from meeple.games.messina import repopulation
from meeple.games.messina.components import CLASSES
from meeple.games.messina.gains import gain
from meeple.games.messina.plague import can_fight, fire_cost, leave_plague
from meeple.games.messina.registers import buy_step, use_reward
from meeple.games.messina.rescue import rescue
from meeple.games.messina.state import (
    D0,
    DOCK0,
    LOC_ESTATE,
    SPENT,
    STANDING,
    T_FIGHT,
    T_MAIN,
    T_QPICK,
    T_SHIP,
    T_SHIPFIGHT,
)
from meeple.games.messina.words import TASKS, msg, node

if TYPE_CHECKING:
    from meeple.engine.core import Event
    from meeple.games.messina.state import MessinaState

TASK_KEYS = {kind: message["key"] for kind, message in TASKS.items()}
"""The view's ``now.step``: the catalog key of what the seat to move must do."""


def describe_task(s: MessinaState) -> dict[str, Any] | None:
    """The decision now, for the view (``now``)."""
    if not s.tasks:
        return None
    task = s.tasks[-1]
    out: dict[str, Any] = {"step": TASK_KEYS.get(task[0], "messina.task.decide"), "seat": task[1]}
    if task[0] in (T_MAIN, T_FIGHT):
        out["hex"] = s.nname[task[2]]
    if task[0] == T_QPICK:
        code = task[2]
        out["citizens"] = {CLASSES[k]: (code >> (4 * k)) & 15 for k in range(3)}
        out["free_cabins"] = task[3]
    if task[0] in (T_FIGHT, T_SHIPFIGHT):
        # seed 對抗瘟疫: what a cube costs and scores this round (two fires and +2 VP in V-VI)
        out["plague"] = s.cubes[task[2]] if task[0] == T_FIGHT else 1
        out["fire_per_cube"], out["vp_per_cube"] = fire_cost(s)
    return out


# --- step 1: choose a hex ---------------------------------------------------------------------

def move_cost(s: MessinaState, a: int, b: int) -> int:
    """Seed 第二到六輪: staying or one step is free; each further step costs 1 coin."""
    d = s.dist[a][b]
    return d - 1 if d > 1 else 0


def apply_recall(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 召回工人: a lieutenant in the city goes back to the estate, and the seat takes 1 coin."""
    p = s.tasks.pop()[1]
    i = data[1]
    seat = s.seats[p]
    seat.lt_where[i] = LOC_ESTATE
    seat.lt_status[i] = SPENT
    seat.coins += 1
    events.append(event("recall", msg("messina.event.recall", seat=p, lt=i + 1), seat=p))


def apply_skip(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 遊戲流程 1: an estate lieutenant with no hex left to go to is set aside for the round."""
    p = s.tasks.pop()[1]
    i = data[1]
    s.seats[p].lt_status[i] = SPENT
    events.append(event("skip", msg("messina.event.skip", seat=p, lt=i + 1), seat=p))


def apply_move(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 遊戲流程 1: a lieutenant moves to a hex (paying for steps beyond the first), then the
    rescue (2) and the fight (3) there, or the docks (移動到船上); step 4 follows."""
    p = s.tasks.pop()[1]
    i, b = data[1], data[2]
    seat = s.seats[p]
    a = seat.lt_where[i]
    cost = move_cost(s, a, b) if a >= 0 else 0
    if cost:
        seat.coins -= cost
    seat.lt_where[i] = b
    seat.lt_status[i] = STANDING
    name = s.nname[b]
    events.append(event("place", (msg("messina.event.place.paid", seat=p, lt=i + 1, node=node(s, b), n=cost) if cost
                      else msg("messina.event.place", seat=p, lt=i + 1, node=node(s, b))), seat=p, hex=name))
    if DOCK0 <= b < D0:
        open_step4(s, p, b, 1)
        if s.docks[b - DOCK0]:
            s.tasks.append((T_SHIP, p, b - DOCK0, 0, 0))
        return
    s.used[b] = 1
    if b < DOCK0:
        open_step4(s, p, b, 1)
        return
    owner = s.owner[b]
    if owner >= 0:
        s.seats[owner].vp += 2
        events.append(event("repopulated_visit", msg("messina.event.repopulated_visit", seat=owner, node=node(s, b)), seat=owner))
    open_step4(s, p, b, 0)
    plague = s.cubes[b] > 0
    fight = plague and can_fight(s, p)
    if fight:
        s.tasks.append((T_FIGHT, p, b, 0, 0))
    # seed 遊戲流程: step 2 (rescue) comes before step 3 (fight), in the events too
    rescue(s, p, b, plague, events)
    if plague and not fight:
        leave_plague(s, p, b, events)


# --- step 4: the hex action, repopulation, register purchases, rewards -----------------------

def open_step4(s: MessinaState, p: int, n: int, done: int) -> None:
    """The turn will have a step 4 on node ``n`` (``done``: no hex action there).  Rewards waiting
    from outside the seat's turns (seed 生產推進) become usable in it; a turn without a step 4 (a
    recall, a lieutenant set aside) leaves them waiting for the next one."""
    seat = s.seats[p]
    if seat.defer:
        seat.pend = seat.defer + seat.pend
        seat.defer = ()
    s.tasks.append((T_MAIN, p, n, done, 0))


def apply_end_turn(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 遊戲流程 4: the turn ends; register rewards reached in it and not used are lost."""
    p = s.tasks.pop()[1]
    s.seats[p].pend = ()


def apply_buy(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 進度軌 推進方法: step 4 may buy city or church steps (any number, any time in it)."""
    buy_step(s, s.tasks[-1][1], data[1], events)


def apply_reward(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 進度軌行動: a register reward reached is used in step 4."""
    use_reward(s, s.tasks[-1][1], data[1], events)


def apply_hex_action(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 遊戲流程 4: the hex's action (one of its alternatives), once per turn, instead of a
    repopulation."""
    task = s.tasks[-1]
    p, n = task[1], task[2]
    s.tasks[-1] = (T_MAIN, p, n, 1, 0)
    gain(s, p, data[1], events, msg("messina.source.action", node=node(s, n)))


def apply_repopulate(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 活絡城市: step 4's repopulation of the hex, instead of its action."""
    task = s.tasks[-1]
    p, n = task[1], task[2]
    s.tasks[-1] = (T_MAIN, p, n, 1, 0)
    repopulation.repopulate(s, p, n, events)


__all__ = ["TASK_KEYS", "apply_buy", "apply_end_turn", "apply_hex_action", "apply_move", "apply_recall",
           "apply_repopulate", "apply_reward", "apply_skip", "describe_task", "move_cost"]
