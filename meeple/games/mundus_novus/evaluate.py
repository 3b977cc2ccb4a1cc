"""The bots' value of a Mundus Novus position: ``evaluate(state, seat)`` in [0, 1] (bots only; no rule
depends on it).  Each development kind's yield per round left is ``derived.PER_ROUND``."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from meeple.games.mundus_novus.state import INCA, OVER, K, MundusState

if TYPE_CHECKING:
    from meeple.games.mundus_novus.derived import Derived, Memos


ROUND_YIELD = 8.0
"""Doubloons a player gains in a typical round (bot play, 2-6 players): used to guess the rounds left."""


def rounds_left(s: MundusState) -> float:
    """A guess at the rounds still to play: from the leader's distance to 75 doubloons and from the
    development cards left before the queue runs dry (bots only)."""
    by_money = (75 - max(s.money)) / ROUND_YIELD
    by_deck = (len(s.dev_deck) + 1) / max(1.0, 0.5 * s.players)
    left = min(by_money, by_deck)
    return 1.0 if left < 1.0 else 10.0 if left > 10.0 else left


def hand_potential(s: MundusState, seat: int, left: float | None = None) -> float:
    """What the seat's hand could still become, roughly, in doubloons (bots only): the best different set,
    an identical set, the Inca cash-in, and progress toward ten different resources (an instant win).
    ``left``: ``rounds_left(s)`` when the caller already has it."""
    if left is None:
        left = rounds_left(s)
    o = seat * K
    fixed_part, per_round = hand_terms(s.fx, s.hx, tuple(s.hand[o:o + K]))
    return fixed_part + per_round * left


def hand_terms(fx: Derived, hx: Memos, row: tuple[int, ...]) -> tuple[float, float]:
    """``hand_potential`` of a hand (its ``K`` card counts) as (a part that does not depend on the rounds
    left, a part per round left): the development an identical set would bring is worth 1 doubloon per
    round left, scaled down while the hand holds fewer than 3 cards of one resource (Inca relics help)."""
    got = hx.hand_terms.get(row)
    if got is not None:
        return got
    plain = row[:INCA]
    incas = row[INCA]
    distinct = INCA - plain.count(0)
    best_group = max(plain) + incas
    per_round = 1.0 if best_group >= 3 else (best_group / 3) ** 2
    ten = distinct + (1 if incas else 0)
    toward_ten = 6.0 * (ten - 6) if ten > 6 else 0.0
    got = (0.7 * fx.diff_pay[distinct] + 0.4 * fx.inca_for(incas) + toward_ten, per_round)
    return hx.hand_terms.put(row, got)


def worths(s: MundusState) -> list[float]:
    """Every seat's rough worth in doubloons: money, developments' income and yield over the rounds
    likely left, and hand potential."""
    left = rounds_left(s)
    fx = s.fx
    rate_of = fx.rate_sum
    hx = s.hx
    terms_of = hx.hand_terms
    hand = tuple(s.hand)
    money = s.money
    out = []
    o = 0
    for p, devs in enumerate(s.owned):
        row = hand[o:o + K]
        terms = terms_of.get(row)
        if terms is None:
            terms = hand_terms(fx, hx, row)
        rate = rate_of.get(devs)
        if rate is None:
            rate = rate_of.put(devs, sum(fx.dev_rate[i] for i in devs))
        out.append(money[p] + terms[0] + (rate + terms[1]) * left)
        o += K
    return out


def standings(s: MundusState) -> tuple[list[float], float, int, float]:
    """(worths, the best worth, the first seat with it, the best worth of the other seats), computed
    once per position (``state.memo``)."""
    memo = s.memo()
    got: tuple[list[float], float, int, float] | None = memo.get("mundus_standings")
    if got is None:
        worth = worths(s)
        top = second = -math.inf
        leader = -1
        for p, w in enumerate(worth):
            if w > top:
                top, second, leader = w, top, p
            elif w > second:
                second = w
        got = memo["mundus_standings"] = (worth, top, leader, second)
    return got


def evaluate(s: MundusState, seat: int) -> float:
    """The bots' [0, 1] value of ``seat``'s standing.  A finished game: its place (1 for the winner, 0
    for the last, 0.5 when everyone shares one place).  Otherwise a cheap estimate: doubloons,
    developments (their income and yield over the rounds likely left), and hand, against the best other
    seat."""
    if s.phase == OVER:
        ranking = s.ranking()
        for place, seats in enumerate(ranking):
            if seat in seats:
                return 1.0 - place / max(1, len(ranking) - 1) if len(ranking) > 1 else 0.5
    return estimate(s, seat)


def estimate(s: MundusState, seat: int) -> float:
    """``evaluate`` of a position still in play."""
    worth, top, leader, second = standings(s)
    mine = worth[seat]
    other = second if seat == leader else top
    scale = max(30.0, mine, other)
    value = 0.5 + (mine - other) / (2 * scale)
    return 0.0 if value < 0 else 1.0 if value > 1 else value
