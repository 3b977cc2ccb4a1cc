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


PER_ROUND = {"caravel": 1.5, "warehouse": 0.8, "shipyard": 0.7, "merchant": 1.0, "character": 0.8}
"""A rough doubloon yield per remaining round of each development kind beyond its printed income, for
``estimate`` (bots only): a caravel's extra card, a warehouse's kept cards, a shipyard's fees, a
merchant's conversion, a character's ability."""
ROUND_YIELD = 8.0
"""Doubloons a player gains in a typical round (bot play, 2-6 players): used to guess the rounds left."""


def rounds_left(s: MundusState) -> float:
    """A guess at the rounds still to play: from the leader's distance to 75 doubloons and from the
    development cards left before the queue runs dry (bots only)."""
    by_money = (75 - max(s.money)) / ROUND_YIELD
    by_deck = (len(s.dev_deck) + 1) / max(1.0, 0.5 * s.players)
    left = min(by_money, by_deck)
    return 1.0 if left < 1.0 else 10.0 if left > 10.0 else left


def hand_potential(s: MundusState, seat: int) -> float:
    """What the seat's hand could still become, roughly, in doubloons (bots only): the best different set,
    an identical set, the Inca cash-in, and progress toward ten different resources (an instant win)."""
    from meeple.games.mundus_novus.state import INCA, K

    o = seat * K
    h = s.hand[o:o + K]
    distinct = sum(1 for k in range(INCA) if h[k])
    diff = 0
    for row in s.tables.different:
        if distinct >= row.cards:
            diff = row.doubloons
    best_group = max(h[:INCA]) + h[INCA]
    dev_value = 1.0 * rounds_left(s)  # below what any development card yields once taken
    ident = dev_value if best_group >= 3 else dev_value * (best_group / 3) ** 2
    inca = 0
    for row in s.tables.inca:
        if h[INCA] >= row.cards:
            inca = row.doubloons
    ten = distinct + (1 if h[INCA] else 0)
    toward_ten = 6.0 * (ten - 6) if ten > 6 else 0.0
    return 0.7 * diff + ident + 0.4 * inca + toward_ten


def estimate(s: MundusState, seat: int) -> float:
    """A cheap [0, 1] estimate of ``seat``'s standing: doubloons, developments (their income and yield
    over the rounds likely left), and hand, against the best other seat (used by the bots through
    ``Game.evaluate``)."""
    devs = s.tables.developments
    left = rounds_left(s)
    worth = []
    for p in range(s.players):
        w = float(s.money[p])
        for i in s.owned[p]:
            d = devs[i]
            w += (PER_ROUND.get(d.kind, 0.8) + d.income) * left
        w += hand_potential(s, p)
        worth.append(w)
    mine = worth[seat]
    other = max(w for p, w in enumerate(worth) if p != seat)
    scale = max(30.0, mine, other)
    value = 0.5 + (mine - other) / (2 * scale)
    return 0.0 if value < 0 else 1.0 if value > 1 else value
