"""What a game's component tables fix for the whole game, derived once at setup (bots' hot paths).

One ``Fixed`` is built by ``new_state`` and shared, never mutated in meaning, by every copy of the
state: clones and determinizations of one game read the same tables.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.core import Action

if TYPE_CHECKING:
    from meeple.engine.components import Tables

INCA = 9  # state.INCA (not imported: state imports this module)

PER_ROUND = {"caravel": 1.5, "warehouse": 0.8, "shipyard": 0.7, "merchant": 1.0, "character": 0.8}
"""A rough doubloon yield per remaining round of each development kind beyond its printed income, for
``scoring.estimate`` (bots only): a caravel's extra card, a warehouse's kept cards, a shipyard's fees, a
merchant's conversion, a character's ability."""


def last_row_reached(rows: tuple[tuple[int, int], ...], count: int) -> int:
    """The doubloons of the last (cards, doubloons) row whose cards ``count`` reaches (0: none)."""
    pay = 0
    for cards, doubloons in rows:
        if count >= cards:
            pay = doubloons
    return pay


class Fixed:
    """Per-game constants: resource names, each development's yield per round left (printed income
    plus ``PER_ROUND``), the different-set and Inca cash-in payouts by card count; and memos of values
    that depend only on these tables (built on first use, then reused): ``scoring.hand_terms`` by hand,
    the yield of a set of developments, the exchange actions of one victim's offer row, a Progression
    turn's actions (``progression.turn_actions``)."""

    __slots__ = ("names", "dev_rate", "diff_pay", "inca_pay", "victim_acts", "turn_acts", "hand_terms", "rate_sum")

    def __init__(self, tables: Tables) -> None:
        self.names: tuple[str, ...] = tuple(r.name for r in tables.resources)
        self.dev_rate: tuple[float, ...] = tuple(
            PER_ROUND.get(d.kind, 0.8) + d.income for d in tables.developments)
        different = tuple((r.cards, r.doubloons) for r in tables.different)
        inca = tuple((r.cards, r.doubloons) for r in tables.inca)
        self.diff_pay: tuple[int, ...] = tuple(last_row_reached(different, c) for c in range(INCA + 1))
        top = max((c for c, _ in inca), default=0)  # every row is reached from here on
        self.inca_pay: tuple[int, ...] = tuple(last_row_reached(inca, c) for c in range(top + 1))
        self.hand_terms: dict[tuple[int, ...], tuple[float, float]] = {}  # scoring.hand_terms by hand
        self.rate_sum: dict[tuple[int, ...], float] = {}  # the dev_rate sum of a seat's developments
        self.turn_acts: dict[tuple[tuple[int, ...], tuple[int, ...], int, bool, bool, bool], list[Action]] = {}
        self.victim_acts: dict[tuple[int, tuple[int, ...], tuple[int, ...]], list[Action]] = {}

    def inca_for(self, count: int) -> int:
        """The Inca cash-in table's doubloons for ``count`` relics (the last row reached)."""
        pay = self.inca_pay
        return pay[count] if count < len(pay) else pay[-1]
