"""Mundus Novus end of the game (seed 'game end' A-C; research §7): stopping the game, and option
``money_end="immediate"``.  Scores and tie-breaks are ``scoring.py``'s."""

from __future__ import annotations

from meeple.engine.core import Event
from meeple.games.mundus_novus.state import OVER, WIN_MONEY, MundusState


def end_game(s: MundusState, ev: list[Event], reason: str) -> None:
    s.phase = OVER
    ev.append({"type": "game_over", "reason": reason, "money": list(s.money),
               "text": f"Game over ({reason}); doubloons: " + ", ".join(f"seat {p} has {m}" for p, m in
                                                                 enumerate(s.money))})


def check_instant_money(s: MundusState, ev: list[Event]) -> bool:
    """Option ``money_end="immediate"`` (the seed's reading of end A): the game stops as soon as someone
    has 75 doubloons.  Called wherever doubloons are gained: income, Orellana's bonus, shipyards, a
    different set, an Inca cash-in (and after each Progression turn)."""
    if s.options["money_end"] == "immediate" and max(s.money) >= WIN_MONEY:
        end_game(s, ev, "a player has 75 doubloons")
        return True
    return False
