"""What a Mundus Novus component set fixes for every game played with it, derived once (bots' hot paths).

``derived(tables)`` is one ``Derived`` per tables object, built through ``tables.derived`` and shared by
every game, clone and determinization played with those tables.  Its memos of values keyed by a part of a
position are ``tables.cache`` dicts whose keys hold everything the value depends on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from meeple.engine.components import PositionCache, Tables

PER_ROUND = {"caravel": 1.5, "warehouse": 0.8, "shipyard": 0.7, "merchant": 1.0, "character": 0.8}
"""A rough doubloon yield per remaining round of each development kind beyond its printed income, for
``evaluate`` (bots only): a caravel's extra card, a warehouse's kept cards, a shipyard's fees, a
merchant's conversion, a character's ability."""

HAND_TERMS_CAP = 200_000  # entries ``hand_terms`` and ``rate_sum`` keep before they start afresh
TURN_ACTS_CAP = 50_000  # Progression turn positions whose actions are remembered
VICTIM_ACTS_CAP = 100_000  # offer rows whose exchange actions are remembered
ACTIONS_CAP = 1_000_000  # Action objects by their data (a few hundred exist)


def last_row_reached(rows: tuple[tuple[int, int], ...], count: int) -> int:
    """The doubloons of the last (cards, doubloons) row whose cards ``count`` reaches (0: none)."""
    pay = 0
    for cards, doubloons in rows:
        if count >= cards:
            pay = doubloons
    return pay


class Derived:
    """Per component set: resource names, each development's yield per round left (printed income
    plus ``PER_ROUND``), the different-set and Inca cash-in payouts by card count; and the memos
    ``hand_terms`` (``evaluate.hand_terms`` by hand), ``rate_sum`` (the yield of a set of developments),
    ``victim_acts`` (the exchange actions of one victim's offer row), ``turn_acts`` (a Progression turn's
    actions) and ``actions`` (immutable ``Action`` objects by their data)."""

    __slots__ = ("names", "dev_rate", "diff_pay", "inca_pay", "victim_acts", "turn_acts", "hand_terms",
                 "rate_sum", "actions")

    def __init__(self, tables: Tables) -> None:
        self.names: tuple[str, ...] = tuple(r.name for r in tables.resources)
        self.dev_rate: tuple[float, ...] = tuple(
            PER_ROUND.get(d.kind, 0.8) + d.income for d in tables.developments)
        different = tuple((r.cards, r.doubloons) for r in tables.different)
        inca = tuple((r.cards, r.doubloons) for r in tables.inca)
        kinds = len(tables.resources)  # a different set holds at most one card per plain resource
        self.diff_pay: tuple[int, ...] = tuple(last_row_reached(different, c) for c in range(kinds))
        top = max((c for c, _ in inca), default=0)  # every row is reached from here on
        self.inca_pay: tuple[int, ...] = tuple(last_row_reached(inca, c) for c in range(top + 1))
        self.hand_terms: PositionCache = tables.cache("mundus_novus.hand_terms", HAND_TERMS_CAP)
        self.rate_sum: PositionCache = tables.cache("mundus_novus.rate_sum", HAND_TERMS_CAP)
        self.turn_acts: PositionCache = tables.cache("mundus_novus.turn_acts", TURN_ACTS_CAP)
        self.victim_acts: PositionCache = tables.cache("mundus_novus.victim_acts", VICTIM_ACTS_CAP)
        self.actions: PositionCache = tables.cache("mundus_novus.actions", ACTIONS_CAP)

    def inca_for(self, count: int) -> int:
        """The Inca cash-in table's doubloons for ``count`` relics (the last row reached)."""
        pay = self.inca_pay
        return pay[count] if count < len(pay) else pay[-1]


def derived(tables: Tables) -> Derived:
    """The ``Derived`` of ``tables`` (built on first use, then kept with the tables)."""
    return tables.derived("mundus_novus", _build)


def _build(tables: Any) -> Derived:
    return Derived(tables)
