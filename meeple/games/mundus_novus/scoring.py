"""Mundus Novus end of game, final scores and tie-breaks (seed 'game end' A-C; research §7, §10.8)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from meeple.engine.core import Event

if TYPE_CHECKING:
    from meeple.games.mundus_novus.fixed import Fixed
    from meeple.games.mundus_novus.state import MundusState

OVER = 13  # state.OVER (not imported: state imports the rules, which import this module)

TEN_DIFFERENT_BONUS = 1000
"""The 10-different winner's score is his doubloons + 1000, so he ranks first whatever the money."""


def end_game(s: MundusState, ev: list[Event], reason: str) -> None:
    s.phase = OVER
    ev.append({"type": "game_over", "reason": reason, "money": list(s.money),
               "text": f"Game over ({reason}); doubloons: " + ", ".join(f"seat {p} has {m}" for p, m in
                                                                 enumerate(s.money))})


def final_scores(s: MundusState) -> list[int]:
    """Doubloons are the score (seed end A, C); the 10-different winner beats everyone (seed end B)."""
    out = list(s.money)
    if s.winner >= 0:
        out[s.winner] += TEN_DIFFERENT_BONUS
    return out


def tiebreak(s: MundusState, seat: int) -> tuple[int, ...]:
    """Equal doubloons: most development cards (STAND_IN, research §10.8); still equal: a shared place."""
    return (len(s.owned[seat]),)


ROUND_YIELD = 8.0
"""Doubloons a player gains in a typical round (bot play, 2-6 players): used to guess the rounds left."""
INCA = 9  # state.INCA
K = 10  # state.K
HAND_TERMS_CAP = 200_000  # entries a memo in ``Fixed`` keeps per game before it starts afresh


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
    fixed_part, per_round = hand_terms(s.fx, tuple(s.hand[o:o + K]))
    return fixed_part + per_round * left


def hand_terms(fx: Fixed, row: tuple[int, ...]) -> tuple[float, float]:
    """``hand_potential`` of a hand (its ``K`` card counts) as (a part that does not depend on the rounds
    left, a part per round left): the development an identical set would bring is worth 1 doubloon per
    round left, scaled down while the hand holds fewer than 3 cards of one resource (Inca relics help)."""
    got = fx.hand_terms.get(row)
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
    if len(fx.hand_terms) >= HAND_TERMS_CAP:
        fx.hand_terms.clear()
    fx.hand_terms[row] = got
    return got


def worths(s: MundusState) -> list[float]:
    """Every seat's rough worth in doubloons: money, developments' income and yield over the rounds
    likely left, and hand potential."""
    left = rounds_left(s)
    fx = s.fx
    rate_of = fx.rate_sum
    terms_of = fx.hand_terms
    hand = tuple(s.hand)
    money = s.money
    out = []
    o = 0
    for p, devs in enumerate(s.owned):
        row = hand[o:o + K]
        terms = terms_of.get(row)
        if terms is None:
            terms = hand_terms(fx, row)
        rate = rate_of.get(devs)
        if rate is None:
            if len(rate_of) >= HAND_TERMS_CAP:
                rate_of.clear()
            rate = rate_of[devs] = sum(fx.dev_rate[i] for i in devs)
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


def estimate(s: MundusState, seat: int) -> float:
    """A cheap [0, 1] estimate of ``seat``'s standing: doubloons, developments (their income and yield
    over the rounds likely left), and hand, against the best other seat (used by the bots through
    ``Game.evaluate``)."""
    worth, top, leader, second = standings(s)
    mine = worth[seat]
    other = second if seat == leader else top
    scale = max(30.0, mine, other)
    value = 0.5 + (mine - other) / (2 * scale)
    return 0.0 if value < 0 else 1.0 if value > 1 else value
