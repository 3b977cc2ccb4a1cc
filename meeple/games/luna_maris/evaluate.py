"""The bots' value of a Luna Maris position (``evaluate``): every seat's projected final score, and
from it each seat's value against the best other seat."""

from __future__ import annotations

from meeple.engine.core import Game, State
from meeple.games.luna_maris.scoring import food_ranks
from meeple.games.luna_maris.state import (
    N_JUNIORS,
    LunaState,
)


def evaluate(state: State, seat: int) -> float:
    """The projected final margin (``projection``): 0.5 + margin / 60 against the best other seat,
    clamped to [0, 1].  All seats are valued once per position (``state.memo()``).  A finished game
    is valued by the engine's default (the final scores)."""
    s: LunaState = state  # type: ignore[assignment]
    if s.is_over:
        return Game.evaluate(s.game, state, seat)
    memo = s.memo()
    values = memo.get("luna_eval")
    if values is None:
        values = memo["luna_eval"] = seat_values(projection(s))
    return values[seat]  # type: ignore[no-any-return]


def projection(s: LunaState) -> list[float]:
    """Per seat: its score plus what the final scoring would add now (``scoring.seat_items``,
    summed), plus a little for ore and probes still to come, research levels, seniors and
    build-track discs."""
    b = s.board
    div, nut = food_ranks(s)
    left = b.rounds - s.round
    grid = s.grid
    track = s.build_track
    stress_vp = b.stress_final_vp
    senior_vp = b.senior_vp
    co2_vp = b.co2_vp
    orders_vp = b.orders_vp
    most_orders = len(orders_vp) - 1
    proj = []
    for p, me in enumerate(s.seats):
        hand = s.seats[p].hand
        seniors = len([c for c in hand if c >= N_JUNIORS]) + len([c for c in s.seats[p].rest if c >= N_JUNIORS])
        cap = me.cap
        waste = me.waste
        energy = me.energy
        water = me.water
        he3 = me.he3
        iron = me.fe_l + me.fe_r
        titanium = me.ti_l + me.ti_r
        final = (
            (stress_vp[cap] if 0 <= cap < len(stress_vp) else 0)
            + seniors * senior_vp + div[p] + nut[p] + co2_vp[me.co2]
            + orders_vp[min(len(s.seats[p].delivered), most_orders)]
            + (iron + titanium + water + he3 + energy) // 2
            + (1 - 2 * waste if waste > 0 else 0)
        )
        future = left * (0.6 * grid.count(p) + 0.3 * energy / 6)
        future += 0.3 * iron + 0.6 * titanium + 0.8 * water + 1.2 * he3
        if not me.passed:
            future += 0.8 * max(0, cap - me.o2)  # O2 left this round: actions still to take
        future += 0.4 * len(hand) + 0.2 * cap
        # engine value still to come: research levels open processes, seniors act twice,
        # build-track discs pay 1 VP at every clean-up left
        future += left * (0.4 * (me.ref + me.sus - 2) + 0.3 * seniors)
        future += (left + 1) * track.count(p)
        proj.append(me.vp + final + future)
    return proj


def seat_values(proj: list[float]) -> list[float]:
    """Per seat: 0.5 + (its projection - the best other seat's) / 60, clamped to [0, 1]."""
    top = max(proj)
    lead = proj.index(top)
    second = max(proj[:lead] + proj[lead + 1:])
    out = []
    for seat, mine in enumerate(proj):
        v = 0.5 + (mine - (second if seat == lead else top)) / 60.0
        out.append(0.0 if v < 0.0 else 1.0 if v > 1.0 else v)
    return out
