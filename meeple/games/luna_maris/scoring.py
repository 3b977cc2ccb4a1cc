"""Luna Maris scoring: the scores and their tiebreak (seed §平手), the clean-up of every round (seed
§結算階段) and the final scoring (seed §最終計分), as functions of plain values so tests can check
them on constructed states."""

from __future__ import annotations

from collections.abc import Sequence

from meeple.engine.core import Event
from meeple.engine.messages import event
from meeple.games.luna_maris.state import (
    N_JUNIORS,
    LunaState,
    Seat,
)
from meeple.games.luna_maris.words import msg


def scores(s: LunaState) -> list[int]:
    """Every seat's score (the final scores once the game is over; solo: the human's only, the AI
    is no seat)."""
    if s.is_solo:
        return [s.seats[0].vp]
    return [me.vp for me in s.seats]


def tiebreak(s: LunaState, seat: int) -> tuple[int, ...]:
    """Seed §平手: more orders delivered, then lower CO2 (a higher track index); else shared."""
    return (len(s.seats[seat].delivered), s.seats[seat].co2)


def largest_group(cells: Sequence[int], adj: Sequence[Sequence[int]], seat: int) -> int:
    """The size of ``seat``'s largest orthogonally connected group of probes."""
    seen = [False] * len(cells)
    best = 0
    for start, owner in enumerate(cells):
        if owner != seat or seen[start]:
            continue
        seen[start] = True
        stack = [start]
        size = 0
        while stack:
            c = stack.pop()
            size += 1
            for d in adj[c]:
                if not seen[d] and cells[d] == seat:
                    seen[d] = True
                    stack.append(d)
        best = max(best, size)
    return best


def probe_points(group: int, table: Sequence[int]) -> int:
    """Seed §探測器分數: adjacent probes 2/3/4 -> 1/2/3 VP."""
    return table[min(group, len(table) - 1)]


def carbon_credits(co2: Sequence[int], values: Sequence[int]) -> list[int]:
    """Seed §碳信用分數: rank by CO2 (a higher track index is less CO2).  All tied: nobody scores.
    Otherwise equal positions form groups ranked densely; the worst group always takes the last
    value (-1) and the others take the values of places 1, 2, ... in order."""
    levels = sorted(set(co2), reverse=True)
    if len(levels) == 1:
        return [0] * len(co2)
    out = []
    for c in co2:
        rank = levels.index(c)
        out.append(values[-1] if rank == len(levels) - 1 else values[rank])
    return out


def rank_points(values: Sequence[int], table: Sequence[int], eligible: Sequence[bool]) -> list[int]:
    """Seed §最終計分 3-4: places 1/2/3 score 8/5/2; tied players add the points of the places they
    share and split them, rounded down.  Players who hold no food take no place."""
    out = [0] * len(values)
    order = sorted([i for i in range(len(values)) if eligible[i]], key=values.__getitem__, reverse=True)
    place = 0
    held = len(order)
    while place < held:
        v = values[order[place]]
        end = place + 1
        while end < held and values[order[end]] == v:  # sorted: the tied players are adjacent
            end += 1
        share = sum(table[place:end]) // (end - place)
        for i in order[place:end]:
            out[i] = share
        place = end
    return out


def stress_points(cap: int, table: Sequence[int]) -> int:
    """Seed §最終計分 1: stress marker under 8 -> 5 VP, under 7 -> 2 VP (not cumulative)."""
    return table[cap] if 0 <= cap < len(table) else 0


def orders_points(n: int, table: Sequence[int]) -> int:
    """Seed §最終計分 6: 0-4 orders -> -5/0/3/5/8."""
    return table[min(n, len(table) - 1)]


def resource_points(me: Seat) -> int:
    """Seed §最終計分 7: 1 VP per 2 leftover iron, titanium, water, He-3 and energy, pooled; not O2."""
    return (me.fe_l + me.fe_r + me.ti_l + me.ti_r + me.water + me.he3 + me.energy) // 2


def waste_points(waste: int) -> int:
    """Seed §最終計分 8: the first waste cube -1, each further one -2."""
    return -(2 * waste - 1) if waste > 0 else 0


def clean_up_score(me: Seat, steps: Sequence[int]) -> None:
    """Seed §結算階段: the scoring steps (probes, carbon credits, build track) are taken one after
    the other, in the seed's order; the score track has no negatives, so a loss at one step stops at
    0 and a later step's points still count in full (0 VP, credits -1, one build disc: 1 VP)."""
    for pts in steps:
        me.vp = max(0, me.vp + pts)


def clean_up(s: LunaState) -> list[Event]:
    """Seed §結算階段: probe groups, carbon credits, build-track income, equipment face up, O2 to 0."""
    b = s.board
    events: list[Event] = []
    credits_table = {2: b.credits_2p, 3: b.credits_3p}.get(len(s.seats), b.credits_4p)  # solo: as 2 players
    credits = carbon_credits([me.co2 for me in s.seats], credits_table)
    for p, me in enumerate(s.seats):
        group = largest_group(s.grid, s.adj, p)
        probe = probe_points(group, b.probe_group_vp)
        build = s.build_track.count(p)
        clean_up_score(me, (probe, credits[p], build))
        if me.equip >= 0:
            me.equip_up = 1
        me.o2 = 0
        said = msg("luna_maris.event.cleanup_ai", round=s.round, probes=f"{probe:+d}", credits=f"{credits[p]:+d}",
                   build=f"{build:+d}") if p >= s.players else msg(
            "luna_maris.event.cleanup", round=s.round, seat=p, probes=f"{probe:+d}", credits=f"{credits[p]:+d}",
            build=f"{build:+d}")
        events.append(event("cleanup", said, seat=p, probes=probe, credits=credits[p], build=build))
    s.act = [-1] * len(s.act)
    return events


def food_ranks(s: LunaState) -> tuple[list[int], list[int]]:
    """Per seat: the food diversity and food value rank points (seed §最終計分 3-4)."""
    held = [me.food for me in s.seats]
    if not any(held):
        zero = [0] * len(s.seats)
        return zero, zero[:]
    table = s.board.food_rank_vp
    kind = s.pre.food_kind
    worth = s.pre.food_value
    kinds = [len({kind[f] for f in fs}) for fs in held]
    value = [sum([worth[f] for f in fs]) for fs in held]
    holds = [bool(fs) for fs in held]
    return rank_points(kinds, table, holds), rank_points(value, table, holds)


def seniors_held(s: LunaState, p: int) -> int:
    """Senior scientists in seat ``p``'s hand and rest pile."""
    return sum(1 for c in s.seats[p].hand if c >= N_JUNIORS) + sum(1 for c in s.seats[p].rest if c >= N_JUNIORS)


def seat_items(s: LunaState, p: int, seniors: int, div: int, nut: int) -> list[int]:
    """Seat ``p``'s eight final items: [stress, seniors, diversity, nutrition, co2, orders,
    resources, waste]."""
    b = s.board
    me = s.seats[p]
    return [
        stress_points(me.cap, b.stress_final_vp),
        seniors * b.senior_vp,
        div,
        nut,
        b.co2_vp[me.co2],
        orders_points(len(me.delivered), b.orders_vp),
        resource_points(me),
        waste_points(me.waste),
    ]


def final_breakdown(s: LunaState) -> list[list[int]]:
    """Per seat: [stress, seniors, diversity, nutrition, co2, orders, resources, waste]."""
    div, nut = food_ranks(s)
    return [seat_items(s, p, seniors_held(s, p), div[p], nut[p]) for p in range(len(s.seats))]


FINAL_ITEMS = ("stress", "seniors", "food diversity", "food value", "CO2", "orders", "resources", "waste")
SCORE_KEYS = tuple({"key": m["key"]} for m in (
    msg("luna_maris.score.stress"), msg("luna_maris.score.seniors"), msg("luna_maris.score.food_diversity"),
    msg("luna_maris.score.food_value"), msg("luna_maris.score.co2"), msg("luna_maris.score.orders"),
    msg("luna_maris.score.resources"), msg("luna_maris.score.waste")))
"""The catalog keys of ``FINAL_ITEMS`` (the score sheet's rows, issue 14)."""


def final_scoring(s: LunaState) -> list[Event]:
    """Seed §最終計分: add the eight final items to every score."""
    s.final = final_breakdown(s)
    events: list[Event] = []
    for p, items in enumerate(s.final):
        s.seats[p].vp += sum(items)
        parts = [msg("luna_maris.event.final_part", item=SCORE_KEYS[i], value=f"{v:+d}") for i, v in enumerate(items)]
        said = msg("luna_maris.event.final_ai", parts=parts, total=s.seats[p].vp) if p >= s.players else msg(
            "luna_maris.event.final", seat=p, parts=parts, total=s.seats[p].vp)
        events.append(event("final", said, seat=p, items=items))
    return events


def solo_result(s: LunaState) -> dict[str, object] | None:
    """Solo, once the game is over: the human's score against the AI's (the yardstick; the human
    beats it with more VP, a tie going to the seed's tiebreak: more orders, then less CO2)."""
    if not s.is_solo or not s.final:
        return None
    me, ai = s.seats[0], s.seats[1]
    mine = (me.vp, len(me.delivered), me.co2)
    theirs = (ai.vp, len(ai.delivered), ai.co2)
    return {"level": s.options["difficulty"], "score": me.vp, "yardstick": ai.vp, "yardstick_kind": "ai",
            "beaten": mine > theirs}
