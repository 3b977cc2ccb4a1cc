"""Mundus Novus end of game, final scores and tie-breaks (seed 'game end' A-C; research §7, §10.8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.core import Event

if TYPE_CHECKING:
    from meeple.games.mundus_novus.state import MundusState

OVER = 13  # state.OVER (not imported: state imports the rules, which import this module)

TEN_DIFFERENT_BONUS = 1000
"""The 10-different winner's score is his doubloons + 1000, so he ranks first whatever the money."""


def end_game(s: MundusState, ev: list[Event], reason: str) -> None:
    s.phase = OVER
    ev.append({"type": "game_over", "reason": reason, "money": list(s.money),
               "text": f"Game over ({reason}); doubloons: " + ", ".join(f"p{p} {m}" for p, m in
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


DEV_WORTH = {"caravel": 5, "warehouse": 4, "shipyard": 3, "merchant": 5, "character": 4}
"""A rough doubloon worth of each development kind for ``estimate`` (bots only)."""


def hand_potential(s: MundusState, seat: int) -> float:
    """What the seat's hand could still become this round, roughly, in doubloons (bots only)."""
    from meeple.games.mundus_novus.state import INCA, K

    o = seat * K
    h = s.hand[o:o + K]
    distinct = sum(1 for k in range(INCA) if h[k])
    diff = 0
    for row in s.tables.different:
        if distinct >= row.cards:
            diff = row.doubloons
    best_group = max(h[:INCA]) + h[INCA]
    ident = 6.0 if best_group >= 3 else 2.0 * best_group / 3
    inca = 0
    for row in s.tables.inca:
        if h[INCA] >= row.cards:
            inca = row.doubloons
    return 0.7 * diff + ident + 0.4 * inca


def estimate(s: MundusState, seat: int) -> float:
    """A cheap [0, 1] estimate of ``seat``'s standing: doubloons, developments, income and hand, against
    the best other seat (used by the bots through ``Game.evaluate``)."""
    devs = s.tables.developments
    worth = []
    for p in range(s.players):
        w = float(s.money[p])
        for i in s.owned[p]:
            d = devs[i]
            w += DEV_WORTH.get(d.kind, 3) + 2 * d.income
        w += hand_potential(s, p)
        worth.append(w)
    mine = worth[seat]
    other = max(w for p, w in enumerate(worth) if p != seat)
    scale = max(30.0, mine, other)
    value = 0.5 + (mine - other) / (2 * scale)
    return 0.0 if value < 0 else 1.0 if value > 1 else value
