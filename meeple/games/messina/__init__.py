"""Messina 1347 (Delicious Games, 2021) for 2-4 players, by the seed's rules.

See docs/rules/messina.md for the rules as implemented, every stand-in and every option.
"""

from __future__ import annotations

from typing import Any

from meeple.engine.components import Tables
from meeple.engine.core import Game, Option, State
from meeple.games.messina import components, scoring
from meeple.games.messina.board import setup as _setup


class Messina(Game):
    name = "messina"
    title = "Messina 1347"
    min_players = 2
    max_players = 4
    version = 6
    from meeple.games.messina.encode import ENCODER as encoder  # issue 18: ids, observations
    options = {
        "ship_overseer_parity": Option(
            "even",
            "which ship counts advance an overseer: 'even' (2nd, 4th, 6th ship; the seed) or 'odd' "
            "(1st, 3rd, 5th; one secondary source)",
            ("even", "odd"),
        ),
        "ship_overseer_reward": Option(
            "advance",
            "what those ships give: 'advance' one overseer (research resolution) or 'upgrade' one "
            "overseer (the seed's literal word 升級)",
            ("advance", "upgrade"),
        ),
    }

    def default_tables(self) -> Tables:
        return Tables(components.TABLES)

    def stand_ins(self) -> tuple[str, ...]:
        return components.STAND_INS

    def setup(self, players: int, seed: int, options: dict[str, Any], tables: Tables) -> State:
        return _setup(self, players, seed, options, tables)

    def max_steps(self, players: int) -> int:
        return 2500 * players

    def evaluate(self, state: State, seat: int) -> float:
        from meeple.games.messina.state import MessinaState

        assert isinstance(state, MessinaState)
        return scoring.evaluate(state, seat)


GAME = Messina()
