"""meeple: four Euro board games by their complete rules, for players and game-AI research."""

from meeple import _compiled

_compiled.select()  # the compiled build (make fast) unless MEEPLE_PURE=1; before anything else

from meeple import games  # noqa: E402
from meeple.engine import (  # noqa: E402
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
