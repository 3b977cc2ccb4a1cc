"""Mundus Novus (Cathala & Laget, Asmodee 2011) for 2-6 players: seed 002, research mundus_novus.md."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

from meeple.engine.components import Tables
from meeple.engine.core import Game, Option, State
from meeple.games.mundus_novus import clone as _clone  # noqa: F401  (registers the generated copy functions, issue 31)
from meeple.games.mundus_novus import evaluate, view
from meeple.games.mundus_novus.components import STAND_INS, TABLES
from meeple.games.mundus_novus.position import MundusPosition
from meeple.games.mundus_novus.setup import new_state
from meeple.games.mundus_novus.state import MundusState

DEFAULT_TABLES = Tables(TABLES)
"""The shipped tables, one shared immutable instance, so that what ``derived.py`` builds from them (every
``Action``, the payout tables, the memos) is built once per process, not once per game."""


class MundusNovus(Game):
    name = "mundus_novus"
    title = "Mundus Novus"
    min_players = 2
    max_players = 6
    version = 5
    from meeple.games.mundus_novus.encode import ENCODER as encoder  # issue 18: ids, observations
    options = {
        "one_set_only": Option(
            False, "One combination per player per round in all (otherwise one set of identical "
            "resources, one set of different resources and one Inca cash-in each)."),
        "inca_wild_in_different": Option(
            False, "Inca relics may stand in a set of different resources."),
        "supply_order": Option(
            "values", "Who takes from the supply first: by the sum of caravel values ('values') or by "
            "the number of caravels ('count').", ("values", "count")),
        "low_set_reward": Option(
            "queue", "What a set of 3 cards of value 1-3 takes: the first card of the development row "
            "('queue') or the top card of the development deck ('deck').", ("queue", "deck")),
        "take_back": Option(
            "never", "After A takes from B, B may not take straight back from A ('never') "
            "or may once, after which A must turn to someone else ('once').",
            ("never", "once")),
        "no_event_round_1": Option(True, "No event happens in the first round."),
        "money_end": Option(
            "round_end", "75 doubloons end the game at the end of the round ('round_end') or "
            "at once ('immediate').", ("round_end", "immediate")),
    }

    def default_tables(self) -> Tables:
        return DEFAULT_TABLES

    def stand_ins(self) -> tuple[str, ...]:
        return STAND_INS

    def setup(self, players: int, seed: int, options: dict[str, Any], tables: Tables) -> State:
        return new_state(MundusPosition, self, players, seed, options, tables)

    def max_steps(self, players: int) -> int:
        return 2000 + 500 * players

    def piece_ids(self, view_: dict[str, Any]) -> set[str]:
        return view.piece_ids(view_)

    def evaluate(self, state: State, seat: int) -> float:
        """Doubloons, developments, income and hand potential against the best other seat (``evaluate.py``)."""
        assert isinstance(state, MundusState)
        return evaluate.evaluate(state, seat)

    def evaluate_with(self, weights: Mapping[str, float]) -> Callable[[State, int], float]:
        """``evaluate`` under another ``evaluate.Weights`` row (``value=tuned``, issue 19)."""
        value = evaluate.weighted(weights)
        return lambda state, seat: value(cast(MundusState, state), seat)


GAME = MundusNovus()
