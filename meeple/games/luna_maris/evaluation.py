"""The bots' estimate of a Luna Maris position: every seat's projected final score, and from it
each seat's value against the best other seat."""

from __future__ import annotations

from meeple.games.luna_maris.scoring import food_ranks, seat_items, seniors_held
from meeple.games.luna_maris.state import (
    CAP,
    ENERGY,
    FE_L,
    FE_R,
    HE3,
    O2,
    PASSED,
    REF,
    SUS,
    TI_L,
    TI_R,
    VP,
    WATER,
    LunaState,
)


def projection(s: LunaState) -> list[float]:
    """Per seat: its score plus what the final scoring would add now, plus a little for ore and
    probes still to come, research levels, seniors and build-track discs."""
    div, nut = food_ranks(s)
    left = s.board.rounds - s.round
    grid = s.grid
    track = s.build_track
    proj = []
    for p, me in enumerate(s.pl):
        seniors = seniors_held(s, p)
        future = left * (0.6 * grid.count(p) + 0.3 * me[ENERGY] / 6)
        future += 0.3 * (me[FE_L] + me[FE_R]) + 0.6 * (me[TI_L] + me[TI_R]) + 0.8 * me[WATER] + 1.2 * me[HE3]
        if not me[PASSED]:
            future += 0.8 * max(0, me[CAP] - me[O2])  # O2 left this round: actions still to take
        future += 0.4 * len(s.hands[p]) + 0.2 * me[CAP]
        # engine value still to come: research levels open processes, seniors act twice,
        # build-track discs pay 1 VP at every clean-up left
        future += left * (0.4 * (me[REF] + me[SUS] - 2) + 0.3 * seniors)
        future += (left + 1) * track.count(p)
        proj.append(me[VP] + sum(seat_items(s, p, seniors, div[p], nut[p])) + future)
    return proj


def seat_values(proj: list[float]) -> list[float]:
    """Per seat: 0.5 + (its projection - the best other seat's) / 60, clamped to [0, 1]."""
    top = max(proj)
    lead = proj.index(top)
    second = max(x for i, x in enumerate(proj) if i != lead)
    out = []
    for seat, mine in enumerate(proj):
        best_other = second if seat == lead else top
        out.append(max(0.0, min(1.0, 0.5 + (mine - best_other) / 60.0)))
    return out
