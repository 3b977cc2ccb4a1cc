"""Mundus Novus end of game, final scores and tie-breaks (seed 'game end' A-C; research §7, §10.8)."""

from __future__ import annotations

from meeple.engine.core import Event
from meeple.games.mundus_novus.state import OVER, MundusState

TEN_DIFFERENT_BONUS = 1000
"""The 10-different winner's score is his doubloons + 1000, so he ranks first whatever the money."""


def end_game(s: MundusState, ev: list[Event], reason: str) -> None:
    s.phase = OVER
    scores = final_scores(s)
    ev.append({"type": "game_over", "reason": reason, "money": list(s.money),
               "text": f"Game over ({reason}); doubloons: " + ", ".join(f"p{p} {m}" for p, m in
                                                                 enumerate(s.money))})
    del scores


def final_scores(s: MundusState) -> list[int]:
    """Doubloons are the score (seed end A, C); the 10-different winner beats everyone (seed end B)."""
    out = list(s.money)
    if s.winner >= 0:
        out[s.winner] += TEN_DIFFERENT_BONUS
    return out


def tiebreak(s: MundusState, seat: int) -> tuple[int, ...]:
    """Equal doubloons: most development cards (STAND_IN, research §10.8); still equal: a shared place."""
    return (len(s.owned[seat]),)
