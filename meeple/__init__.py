"""meeple: four Euro board games by their complete rules, for players and game-AI research."""

from meeple import games
from meeple.engine import (
    Action,
    BadSetup,
    Game,
    IllegalAction,
    MeepleError,
    State,
    replay,
)

__version__ = "0.1.0"
__all__ = ["Action", "BadSetup", "Game", "IllegalAction", "MeepleError", "State", "games", "replay"]
