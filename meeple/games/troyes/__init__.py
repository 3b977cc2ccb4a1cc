"""Troyes (Pearl Games, 2010) for 2-4 players: seed 001, research /work/shared/research/troyes.md."""

from __future__ import annotations

from typing import Any

from meeple.engine.components import Tables
from meeple.engine.core import BadSetup, Game, Option, State
from meeple.games.troyes import value
from meeple.games.troyes.components import STAND_INS, TABLES
from meeple.games.troyes.consts import CHARACTERS_EACH, ROUNDS
from meeple.games.troyes.state import TroyesState, new_state
from meeple.games.troyes.value import finish_pending


class TroyesGame(Game):
    name = "troyes"
    title = "Troyes"
    min_players = 2
    max_players = 4
    version = 6
    from meeple.games.troyes.encode import ENCODER as encoder  # issue 18: ids, observations
    options = {
        "character_deal": Option(
            "random",
            "random: one secret character each, two each with 2 players (research S5, S12); "
            "draw_two_keep_one: each draws two and keeps one secretly (the seed's reading)",
            ("random", "draw_two_keep_one"),
        ),
        "unfinished_events": Option(
            "per_cube",
            "end-game VP for events still in the row: per_cube, 1 VP per own cube (seed); "
            "per_card, 1 VP per card you have a cube on (research S5)",
            ("per_cube", "per_card"),
        ),
        "push_out_protection": Option(
            "once_per_round",
            "once_per_round: at most once per player, building and round, even after placing that "
            "citizen again (seed §5.4, research §7 summary, the issue); lying: only while a "
            "pushed-out citizen of theirs lies beside the building (research §5 D reading)",
            ("once_per_round", "lying"),
        ),
        "open_vp": Option(
            False,
            "show every player's victory points in the views (the rulebook keeps them face down)",
        ),
    }

    def default_tables(self) -> Tables:
        return Tables(TABLES)

    def stand_ins(self) -> tuple[str, ...]:
        return STAND_INS

    def setup(self, players: int, seed: int, options: dict[str, Any], tables: Tables) -> State:
        check_tables(tables, players, options)
        return new_state(self, players, seed, options, tables)

    def max_steps(self, players: int) -> int:
        return 6000 * players

    def evaluate(self, state: State, seat: int) -> float:
        """Projected final score plus small values for resources, as a margin over the best
        other seat in [0, 1] (``value.evaluate``)."""
        assert isinstance(state, TroyesState)
        return value.evaluate(state, seat)


def check_tables(tables: Tables, players: int, options: dict[str, Any]) -> None:
    """Refuse a component pack the rules cannot play with, naming the value."""
    for name in ("activities", "events", "permanent"):
        for i, card in enumerate(tables[name]):
            if card.divisor < 1:
                raise BadSetup(f"component {name}[{i}] ({card.name}): divisor must be at least 1")
            if not 0 <= card.colour <= 2 or (hasattr(card, "fight_colour") and not 0 <= card.fight_colour <= 2):
                raise BadSetup(f"component {name}[{i}] ({card.name}): colours are 0 red, 1 white, 2 yellow")
    for i, card in enumerate(tables.activities):
        if not 1 <= card.level <= 3 or len(card.vp_spaces) > 12:
            raise BadSetup(f"component activities[{i}] ({card.name}): level 1-3 and at most 12 VP spaces")
    for colour in range(3):
        for level in (1, 2, 3):
            if not any(a.colour == colour and a.level == level for a in tables.activities):
                raise BadSetup(f"components: no activity card of colour {colour}, level {level}")
    if sum(1 for e in tables.events if e.colour == 0) < ROUNDS[players]:
        raise BadSetup(f"components: {players} players need {ROUNDS[players]} red event cards")
    board = tables.board[0]
    if board.agriculture_divisor < 1 or len(board.cathedral_influence) != 6:
        raise BadSetup("component board[0]: agriculture_divisor >= 1 and 6 cathedral_influence values")
    need = CHARACTERS_EACH[players] * players
    if options.get("character_deal") == "draw_two_keep_one":
        need += 1  # the last chooser still draws two
    if len(tables.characters) < need:
        raise BadSetup(f"components: {players} players need {need} character cards")


GAME = TroyesGame()

__all__ = ["GAME", "TroyesGame", "TroyesState", "finish_pending"]
