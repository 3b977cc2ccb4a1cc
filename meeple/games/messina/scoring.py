"""End-game scoring, tie-breaks and the bots' estimate (seed 遊戲結束, 最終計分, 平手)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from meeple.games.messina.consts import (
    CABINS,
    COIN,
    D0,
    FIRE,
    MAJOR,
    MAXLT,
    NODES,
    NP,
    POP,
    RATS,
    REPOP,
    SC0,
    SHIPS,
    SLOTS,
    VP,
    WG_W,
    WOOD,
    WS_W,
)

if TYPE_CHECKING:
    from meeple.engine.core import Event
    from meeple.games.messina.state import MessinaState


def rat_penalty(s: MessinaState, rats: int) -> int:
    """Seed 老鼠標記懲罰: 0/1/2/4/7/10/13/16/18/21 for 0..9 rats (STAND_IN beyond)."""
    table = s.tables.rat_penalty
    if rats < len(table):
        return int(table[rats].penalty)
    last = table[-1]
    step = last.penalty - table[-2].penalty
    return int(last.penalty + step * (rats - last.rats))


def majority_bonus(s: MessinaState, pops: list[int]) -> list[int]:
    """Seed 最終計分 1: 10/7/3 for the popularity ranking; ties by fire tokens (a major fire counts
    2); still tied players share the places' bonuses, rounded down."""
    pc = next(x for x in s.tables.player_counts if x.players == s.players)
    bonus = list(pc.majority)
    keys = []
    for p in range(s.players):
        fires = s.pi[p * NP + FIRE] + 2 * s.pi[p * NP + MAJOR]
        keys.append((pops[p], fires))
    order = sorted(range(s.players), key=lambda p: keys[p], reverse=True)
    out = [0] * s.players
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and keys[order[j + 1]] == keys[order[i]]:
            j += 1
        share = sum(bonus[k] for k in range(i, j + 1) if k < len(bonus))
        for k in range(i, j + 1):
            out[order[k]] = share // (j - i + 1)
        i = j + 1
    return out


def breakdown(s: MessinaState) -> list[dict[str, int]]:
    """Every part of the final score, per seat, computed without changing the state."""
    t = s.tables
    regs = t.registers
    vp_of = {name: [r.vp for r in regs if r.track == name] for name in ("popularity", "city", "church")}
    pops = []
    out: list[dict[str, int]] = []
    for p in range(s.players):
        base = p * NP
        rats = s.pi[base + RATS]
        pops.append(max(0, s.pi[base + POP] - rats))
    bonus = majority_bonus(s, pops)
    for p in range(s.players):
        base = p * NP
        rats = s.pi[base + RATS]
        d: dict[str, int] = {"during_play": s.pi[base + VP]}
        d["rat_penalty"] = -rat_penalty(s, rats)
        d["popularity"] = vp_of["popularity"][pops[p]]
        d["city"] = vp_of["city"][s.pi[base + 7]]
        d["church"] = vp_of["church"][s.pi[base + 8]]
        d["majority"] = bonus[p]
        d["repopulated_hexes"] = sum(t.hexes[s.ntile[n]].vp for n in range(D0, NODES) if s.owner[n] == p)
        workshops = sum(1 for i in range(0, len(s.ws), WS_W) if s.ws[i] == p)
        counts = (workshops, s.pi[base + SHIPS], s.pi[base + REPOP])
        scroll = 0
        for k, track in enumerate(t.scrolls):
            scroll += track.values[s.pi[base + SC0 + k]] * min(counts[k], track.cap)
        d["scrolls"] = scroll
        d["leftovers"] = (s.pi[base + FIRE] + s.pi[base + MAJOR] + s.pi[base + WOOD] + s.pi[base + COIN]) // 3
        d["total"] = sum(d.values())
        out.append(d)
    return out


def final_scoring(s: MessinaState, events: list[Event]) -> None:
    """After round VI's production: rats push popularity back, then everything is scored."""
    s.final = breakdown(s)
    for p, d in enumerate(s.final):
        events.append({"type": "final_score", "seat": p, "score": d["total"],
                       "text": f"seat {p} scores {d['total']} VP"})


def tiebreak(s: MessinaState, seat: int) -> tuple[int, ...]:
    """Seed 平手: most repopulated districts, then the highest-valued one."""
    best = max((s.tables.hexes[s.ntile[n]].vp for n in range(D0, NODES) if s.owner[n] == seat), default=0)
    return (s.pi[seat * NP + REPOP], best)


# Weights of the bots' estimate (VP-equivalents of what is not yet points; tuned by bot play,
# see docs/rules/messina.md "Balance"): not components, not rules.
_W_CITIZEN, _W_UPGRADED, _W_QUARANTINE = 0.8, 1.2, 0.6
_W_RESOURCE = (0.4, 0.4, 0.6, 1.0)      # coins, wood, fire, major fire while the game goes on
_W_WORKSHOP_ROUND, _W_CABIN_ROUND, _W_LIEUTENANT_ROUND = 1.5, 1.0, 2.5
_W_WAGON, _W_REWARD, _W_VISITS, _W_READY = 2.0, 1.5, 1.0, 0.5
_SCALE = 12.0


def potential(s: MessinaState, p: int) -> float:
    """VP-equivalent of what seat ``p`` holds that the final scoring does not count yet (citizens,
    resources beyond 1 per 3, production to come, extra lieutenants, unused wagons, rewards),
    fading as the game nears its end."""
    if s.final is not None:
        return 0.0
    left = len(s.tables.rounds) - s.round_          # whole rounds after this one
    w = min(1.0, (left + 0.5) / 1.5)
    base = p * NP
    pi = s.pi
    val = 0.0
    est = s.estate[p * SLOTS:(p + 1) * SLOTS]
    val += (_W_CITIZEN * est.count(0) + _W_UPGRADED * est.count(1)) * w
    for k in range(CABINS):
        cb = (p * CABINS + k) * 3
        if s.cab[cb] >= 0:
            val += _W_QUARANTINE * w
            if s.cab[cb + 2] >= 0:
                val += _W_CABIN_ROUND * (left + 1)
    for i, off in enumerate((COIN, WOOD, FIRE, MAJOR)):
        val += _W_RESOURCE[i] * pi[base + off] * w
    ws = s.ws
    wt = s.tables.workshops
    for i in range(0, len(ws), WS_W):
        if ws[i] == p and ws[i + 2] >= 0 and wt[ws[i + 1]].phase == 1:
            val += _W_WORKSHOP_ROUND * (left + 1)
    extra = sum(1 for i in range(MAXLT) if s.lt[(p * MAXLT + i) * 2] >= -1) - 3
    if extra > 0:
        val += _W_LIEUTENANT_ROUND * extra * (left + 0.5)
    if pi[base + REPOP] < s.tables.start[0].repopulation_tokens:
        wg = s.wg
        wagons = sum(1 for i in range(0, len(wg), WG_W) if wg[i] == p)
        val += _W_WAGON * w * min(wagons, 2)
        if wagons:
            val += _W_READY * w * _best_repopulation(s, p)
    val += _W_REWARD * (len(s.pend[p]) + len(s.defer[p])) * w
    # a repopulated district earns 2 VP per later visit
    val += _W_VISITS * pi[base + REPOP] * (left + 0.5)
    return val


def _best_repopulation(s: MessinaState, p: int) -> int:
    """The printed VP of the best free district whose citizens seat ``p``'s estate could pay now."""
    from meeple.games.messina.repopulation import feasible, requirement

    hexes = s.tables.hexes
    best = 0
    for n in range(D0, NODES):
        t = s.ntile[n]
        if t >= 0 and s.owner[n] < 0 and hexes[t].vp > best and feasible(s, p, requirement(s, n)):
            best = hexes[t].vp
    return best


def evaluate(s: MessinaState, seat: int) -> float:
    """Cheap standing estimate in [0, 1] for the bots: each seat's would-be final score plus the
    VP-equivalent of its assets (``potential``), and a logistic of the seat's lead over the others
    (half the best other, half their mean)."""
    rows = s.final if s.final is not None else breakdown(s)
    est = [rows[p]["total"] + potential(s, p) for p in range(s.players)]
    others = [est[p] for p in range(s.players) if p != seat]
    if not others:
        return 0.5
    lead = est[seat] - 0.5 * (max(others) + sum(others) / len(others))
    return 1.0 / (1.0 + math.exp(-lead / _SCALE))


__all__ = ["final_scoring", "tiebreak", "evaluate", "breakdown", "rat_penalty", "majority_bonus"]
