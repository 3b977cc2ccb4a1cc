"""Effects of actions, registers and their rewards, overseers and activation (seed 行動, 進度軌)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.messina.consts import (
    COIN,
    FIRE,
    LOC_ESTATE,
    LOC_NONE,
    MAJOR,
    MAXLT,
    NP,
    READY,
    SLOTS,
    T_ACT,
    T_BUILD,
    T_CORCH,
    T_LIGHT,
    T_OVS,
    T_OVUP,
    T_SCROLL,
    T_UPGRADE,
    TRACK_NAMES,
    TRACK_POS,
    TRACK_STAMP,
    VP,
    WOOD,
)

if TYPE_CHECKING:
    from meeple.engine.core import Event
    from meeple.games.messina.state import MessinaState

from meeple.games.messina.components import (
    R_ACTIVATE,
    R_CITY_OR_CHURCH,
    R_LIEUTENANT,
    R_LIGHTNING,
    R_OVERSEER_UPGRADE,
    R_OVERSEER_UPGRADE_ADVANCE,
    REWARD_NAMES,
)

_TRACKS: dict[int, tuple[object, tuple[tuple[tuple[int, int], ...], ...]]] = {}


def track_tables(s: MessinaState) -> tuple[tuple[tuple[int, int], ...], ...]:
    """(reward, vp) per space for popularity, city and church, from the registers table."""
    regs = s.tables.registers
    hit = _TRACKS.get(id(regs))
    if hit is not None and hit[0] is regs:
        return hit[1]
    out = tuple(tuple((r.reward, r.vp) for r in regs if r.track == name) for name in TRACK_NAMES)
    _TRACKS[id(regs)] = (regs, out)
    return out


def gain(s: MessinaState, p: int, eff: int, events: list[Event], source: str = "") -> None:
    """Apply effect ``eff`` for seat ``p``: resources at once, choices as tasks (seed 行動)."""
    e = s.tables.effects[eff]
    base = p * NP
    pi = s.pi
    if e.coins:
        pi[base + COIN] += e.coins
    if e.wood:
        pi[base + WOOD] += e.wood
    if e.fire:
        pi[base + FIRE] += e.fire
    if e.major:
        pi[base + MAJOR] += e.major
    if e.vp:
        pi[base + VP] += e.vp
    if e.city:
        advance_track(s, p, 1, e.city, events)
    if e.church:
        advance_track(s, p, 2, e.church, events)
    tasks = s.tasks
    if e.build:
        tasks.append((T_BUILD, p, -1, 0, 0))
    if e.upgrade:
        for _ in range(e.upgrade):
            tasks.append((T_UPGRADE, p, 0, 0, 0))
    if e.scroll:
        tasks.append((T_SCROLL, p, e.scroll, 0, 0))
    if e.overseer >= 0:
        tasks.append((T_OVS, p, e.overseer, 1 if e.arrow else 0, 0))
    if source:
        events.append({"type": "gain", "seat": p, "text": f"seat {p} gains {e.name} ({source})"})


def advance_track(s: MessinaState, p: int, track: int, steps: int, events: list[Event]) -> None:
    """Move a register disc (seed 進度軌): rewards on each space reached; a disc arriving on an
    occupied space goes on top (a later stamp); extra steps beyond the end are lost."""
    tables = track_tables(s)[track]
    top = len(tables) - 1
    base = p * NP
    pos = s.pi[base + TRACK_POS[track]]
    for _ in range(steps):
        if pos >= top:
            break
        pos += 1
        reward = tables[pos][0]
        if reward:
            grant_reward(s, p, reward, events)
    if pos != s.pi[base + TRACK_POS[track]]:
        s.pi[base + TRACK_POS[track]] = pos
        s.stamp += 1
        s.pi[base + TRACK_STAMP[track]] = s.stamp


def grant_reward(s: MessinaState, p: int, reward: int, events: list[Event]) -> None:
    """A register reward (seed 進度軌行動: every register action, the new lieutenant included, is
    used only in step 4): reached during the owner's own turn it may be used in that turn's step 4
    and is lost when the turn ends; reached outside it (production, a cured citizen entering a
    workshop, the staffing window) it waits for the owner's next turn's step 4 (seed 生產推進), and
    rewards still waiting after round VI are lost."""
    if p == s.in_turn:
        s.pend[p] = s.pend[p] + (reward,)
    else:
        s.defer[p] = s.defer[p] + (reward,)
    events.append({"type": "reward", "seat": p, "reward": REWARD_NAMES[reward],
                   "text": f"seat {p} reaches a register reward: {REWARD_NAMES[reward]}"
                   + ("" if p == s.in_turn else " (usable in its next turn's step 4)")})


def join_lieutenant(s: MessinaState, p: int, events: list[Event]) -> None:
    """The city register's new lieutenant (the 4th or 5th) joins lying in the estate; it can be used
    this round after the lieutenants already in the city (seed 獲得新工人)."""
    lt = s.lt
    for i in range(p * MAXLT, (p + 1) * MAXLT):
        if lt[i * 2] == LOC_NONE:
            lt[i * 2] = LOC_ESTATE
            lt[i * 2 + 1] = READY
            events.append({"type": "lieutenant", "seat": p, "text": f"seat {p} gains lieutenant {i % MAXLT + 1}"})
            return


def use_reward(s: MessinaState, p: int, reward: int, events: list[Event]) -> None:
    """Spend one pending register reward (step 4)."""
    pend = list(s.pend[p])
    pend.remove(reward)
    s.pend[p] = tuple(pend)
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


def petal_mask(petal: int) -> int:
    return 7 << (petal * 3)


def slot_bit(petal: int, index: int) -> int:
    return 1 << (petal * 3 + index)


def overseer_activation(s: MessinaState, p: int, cls: int, events: list[Event]) -> None:
    """Push the activations of overseer ``cls`` at its current advance (seed 啟用市民, STAND_IN path).

    P is the petal chosen at the fork, ccw/cw its neighbours (petals clockwise C1 A1 N1 C2 A2 N2)."""
    base = (p * 3 + cls) * 3
    step, petal, upg = s.ov[base], s.ov[base + 1], s.ov[base + 2]
    if step <= 0 or petal < 0:
        return
    kind = s.tables.overseer_path[step - 1].kind
    ccw, cw = (petal + 5) % 6, (petal + 1) % 6
    row = step - 1 if step <= 2 else 0
    tasks = s.tasks
    if kind == 1:
        mask = slot_bit(petal, row) | slot_bit(ccw, row)
        tasks.append((T_ACT, p, mask, 2 if upg else 1, 0))
    elif kind == 2:
        tasks.append((T_ACT, p, petal_mask(petal), 2 if upg else 1, 0))
    elif kind == 3:
        tasks.append((T_ACT, p, petal_mask(cw), 2 if upg else 1, 0))
    elif kind == 4:
        tasks.append((T_ACT, p, petal_mask(cw), 1, 0))
        tasks.append((T_ACT, p, petal_mask(petal), 2 if upg else 1, 0))
    else:
        tasks.append((T_ACT, p, (1 << SLOTS) - 1, 3, 0))


def advance_overseer(s: MessinaState, p: int, cls: int, petal: int, steps: int, events: list[Event]) -> None:
    """Advance an overseer (seed 推進監工): at most 6 advances; with an arrow one extra step, but
    only the final space activates."""
    base = (p * 3 + cls) * 3
    if s.ov[base] == 0 and petal >= 0:
        s.ov[base + 1] = petal
    s.ov[base] = min(6, s.ov[base] + steps)
    events.append({"type": "overseer", "seat": p, "text":
                   f"seat {p} advances its {('craftsman', 'aristocrat', 'nun')[cls]} overseer to step {s.ov[base]}"})
    overseer_activation(s, p, cls, events)


def activate_slot(s: MessinaState, p: int, slot: int, events: list[Event]) -> None:
    """An activated estate citizen performs its slot's action (seed 啟用市民)."""
    eff = s.tables.estate[slot].effect
    gain(s, p, eff, events, f"citizen on {s.tables.estate[slot].name}")


def ws_pay_out(s: MessinaState, i: int, events: list[Event]) -> None:
    """A phase II workshop pays once when it holds a fitting citizen, then is flipped (seed 後期工房)."""
    t = s.tables.workshops[s.ws[i + 1]]
    if t.phase != 2 or s.ws[i + 3] or s.ws[i + 2] < 0:
        return
    if t.needs_upgraded and s.ws[i + 2] != 1:
        return
    s.ws[i + 3] = 1
    gain(s, s.ws[i], t.effect, events, t.name)


__all__ = ["gain", "advance_track", "grant_reward", "use_reward", "advance_overseer", "activate_slot",
           "ws_pay_out", "track_tables"]
