"""Troyes (Pearl Games, 2010) for 2-4 players: seed 001, research /work/shared/research/troyes.md.

The package's face: ``TroyesGame`` and ``TroyesPosition`` (``position.py``), the concrete position
that binds the hooks of the engine to the modules (layout: docs/engine.md, "One shape for every game package";
code map: docs/rules/troyes.md)."""

from __future__ import annotations

from typing import Any

from meeple.engine.components import Tables
from meeple.engine.core import Game, Option, State
from meeple.games.troyes import clone as _clone  # noqa: F401  (registers the generated copy functions, issue 31)
from meeple.games.troyes import evaluate, setup, view
from meeple.games.troyes.components import STAND_INS, TABLES
from meeple.games.troyes.evaluate import finish_pending
from meeple.games.troyes.position import TroyesPosition
from meeple.games.troyes.state import TroyesState

_TABLES = Tables(TABLES)  # one shared object: the values derived from it are built once


class TroyesGame(Game):
    name = "troyes"
    title = "Troyes"
    min_players = 2
    max_players = 4
    version = 8
    from meeple.games.troyes.encode import ENCODER as encoder  # issue 18: ids, observations
    options = {
        "character_deal": Option(
            "random",
            "How the secret characters are dealt: random, one each (two each with 2 players); "
            "draw_two_keep_one, each draws two and keeps one secretly.",
            ("random", "draw_two_keep_one"),
        ),
        "unfinished_events": Option(
            "per_cube",
            "End-game points for events still in the row: per_cube, 1 VP per own cube; "
            "per_card, 1 VP per card you have a cube on.",
            ("per_cube", "per_card"),
        ),
        "push_out_protection": Option(
            "once_per_round",
            "How often a player's citizen may be pushed out of a building: once_per_round, at "
            "most once per player, building and round, even after placing that citizen again; "
            "lying, only while a pushed-out citizen of theirs lies beside the building.",
            ("once_per_round", "lying"),
        ),
        "open_vp": Option(
            False,
            "Show every player's victory points (the rulebook keeps them face down).",
        ),
    }

    def default_tables(self) -> Tables:
        return _TABLES

    def stand_ins(self) -> tuple[str, ...]:
        return STAND_INS

    def setup(self, players: int, seed: int, options: dict[str, Any], tables: Tables) -> State:
        setup.check_tables(tables, players, options)
        return setup.new_state(TroyesPosition, self, players, seed, options, tables)

    def max_steps(self, players: int) -> int:
        return 6000 * players

    def piece_ids(self, view_: dict[str, Any]) -> set[str]:
        return view.piece_ids(view_)

    def evaluate(self, state: State, seat: int) -> float:
        """Projected final score plus small values for resources, as a margin over the best
        other seat in [0, 1] (``evaluate.evaluate``)."""
        assert isinstance(state, TroyesState)
        return evaluate.evaluate(state, seat)


GAME = TroyesGame()

__all__ = ["GAME", "TroyesGame", "TroyesPosition", "TroyesState", "finish_pending"]
