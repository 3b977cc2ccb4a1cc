"""The registers (seed 進度軌): popularity, city and church, their rewards and the new lieutenant.

Rewards are register actions (seed 進度軌行動: used only in step 4): reached during the owner's turn
they wait in ``state.pend``, reached outside it in ``state.defer`` until the owner's next step 4.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.messages import event
from meeple.games.messina.components import (
    R_ACTIVATE,
    R_CITY_OR_CHURCH,
    R_LIEUTENANT,
    R_LIGHTNING,
    R_OVERSEER_UPGRADE,
    R_OVERSEER_UPGRADE_ADVANCE,
    REWARD_NAMES,
)
from meeple.games.messina.state import (
    LOC_ESTATE,
    LOC_LOST,
    LOC_NONE,
    MAXLT,
    READY,
    SLOTS,
    T_ACT,
    T_CORCH,
    T_LIGHT,
    T_OVUP,
)
from meeple.games.messina.words import REWARD_WORDS, msg

if TYPE_CHECKING:
    from meeple.engine.core import Event
    from meeple.games.messina.state import MessinaState


def owned_lieutenants(s: MessinaState, p: int) -> int:
    """Lieutenants a seat has (in the city or the estate): the price of a register step."""
    where = s.seats[p].lt_where
    return MAXLT - where.count(LOC_NONE) - where.count(LOC_LOST)


def advance_track(s: MessinaState, p: int, track: int, steps: int, events: list[Event]) -> None:
    """Move a register disc (seed 進度軌): rewards on each space reached; a disc arriving on an
    occupied space goes on top (a later stamp); extra steps beyond the end are lost."""
    tables = s.fx.tracks[track]
    top = len(tables) - 1
    seat = s.seats[p]
    start = pos = seat.track[track]
    for _ in range(steps):
        if pos >= top:
            break
        pos += 1
        reward = tables[pos][0]
        if reward:
            grant_reward(s, p, reward, events)
    if pos != start:
        seat.track[track] = pos
        s.stamp += 1
        seat.stamp[track] = s.stamp


def buy_step(s: MessinaState, p: int, track: int, events: list[Event]) -> None:
    """Seed 進度軌 推進方法: a city or church step for one coin per lieutenant the seat has."""
    s.seats[p].coins -= owned_lieutenants(s, p)
    advance_track(s, p, track, 1, events)
    events.append(event("buy", (msg("messina.event.buy.church", seat=p) if track == 2 else msg("messina.event.buy.city", seat=p)), seat=p))


def grant_reward(s: MessinaState, p: int, reward: int, events: list[Event]) -> None:
    """A register reward (seed 進度軌行動: every register action, the new lieutenant included, is
    used only in step 4): reached during the owner's own turn it may be used in that turn's step 4
    and is lost when the turn ends; reached outside it (production, a cured citizen entering a
    workshop, the staffing window) it waits for the owner's next step 4 (seed 生產推進: the next
    round's step 4; a turn without one, a recall, does not use it up), and rewards still waiting
    after round VI are lost."""
    seat = s.seats[p]
    if p == s.in_turn:
        seat.pend = seat.pend + (reward,)
    else:
        seat.defer = seat.defer + (reward,)
    events.append(event("reward", (msg("messina.event.reward", seat=p, reward=REWARD_WORDS[reward]) if p == s.in_turn
                      else msg("messina.event.reward.later", seat=p, reward=REWARD_WORDS[reward])), seat=p, reward=REWARD_NAMES[reward]))


def join_lieutenant(s: MessinaState, p: int, events: list[Event]) -> None:
    """The city register's new lieutenant (the 4th or 5th) joins lying in the estate; it can be used
    this round after the lieutenants already in the city (seed 獲得新工人)."""
    seat = s.seats[p]
    for i, where in enumerate(seat.lt_where):
        if where == LOC_NONE:
            seat.lt_where[i] = LOC_ESTATE
            seat.lt_status[i] = READY
            events.append(event("lieutenant", msg("messina.event.lieutenant", seat=p, lt=i + 1), seat=p))
            return


def use_reward(s: MessinaState, p: int, reward: int, events: list[Event]) -> None:
    """Spend one pending register reward (step 4)."""
    seat = s.seats[p]
    pend = list(seat.pend)
    pend.remove(reward)
    seat.pend = tuple(pend)
    tasks = s.tasks
    if reward == R_LIEUTENANT:
        join_lieutenant(s, p, events)
    elif reward == R_CITY_OR_CHURCH:
        tasks.append((T_CORCH, p, 0, 0, 0))
    elif reward == R_LIGHTNING:
        tasks.append((T_LIGHT, p, 0, 0, 0))
    elif reward == R_ACTIVATE:
        tasks.append((T_ACT, p, (1 << SLOTS) - 1, 1, 0))
    elif reward == R_OVERSEER_UPGRADE:
        tasks.append((T_OVUP, p, 0, 0, 0))
    elif reward == R_OVERSEER_UPGRADE_ADVANCE:
        tasks.append((T_OVUP, p, 1, 0, 0))


def apply_city_or_church(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 進度軌行動: the popularity register's reward, city or church +1 (the seat's choice)."""
    p = s.tasks.pop()[1]
    advance_track(s, p, data[1], 1, events)


__all__ = ["advance_track", "apply_city_or_church", "buy_step", "grant_reward", "join_lieutenant", "owned_lieutenants", "use_reward"]
