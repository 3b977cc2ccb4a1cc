"""End-game scoring, tie-breaks and the bots' estimate (seed 遊戲結束, 最終計分, 平手)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.messina.consts import (
    COIN,
    D0,
    FIRE,
    MAJOR,
    NODES,
    NP,
    POP,
    RATS,
    REPOP,
    SC0,
    SHIPS,
    VP,
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


def evaluate(s: MessinaState, seat: int) -> float:
    """Cheap standing estimate in [0, 1]: the seat's would-be final score against the others'."""
    totals = [d["total"] for d in (s.final if s.final is not None else breakdown(s))]
    best, worst = max(totals), min(totals)
    if best == worst:
        return 0.5
    return (totals[seat] - worst) / (best - worst)


__all__ = ["final_scoring", "tiebreak", "evaluate", "breakdown", "rat_penalty", "majority_bonus"]
