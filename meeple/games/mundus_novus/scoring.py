"""Mundus Novus scores and tie-breaks (seed 'game end' A-C; research §7, §10.8)."""

from __future__ import annotations

from meeple.games.mundus_novus.state import OVER, TEN_DIFFERENT_BONUS, MundusState

__all__ = ["OVER", "TEN_DIFFERENT_BONUS", "scores", "tiebreak"]


def scores(s: MundusState) -> list[int]:
    """Doubloons are the score (seed end A, C); the 10-different winner beats everyone (seed end B)."""
    out = [seat.money for seat in s.seats]
    if s.winner >= 0:
        out[s.winner] += TEN_DIFFERENT_BONUS
    return out


def tiebreak(s: MundusState, seat: int) -> tuple[int, ...]:
    """Equal doubloons: most development cards (STAND_IN, research §10.8); still equal: a shared place."""
    return (len(s.seats[seat].owned),)
