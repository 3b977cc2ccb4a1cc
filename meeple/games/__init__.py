"""The registry of games.

Each game is a subpackage of ``meeple.games`` whose ``__init__`` exposes
``GAME`` (a ``meeple.engine.Game`` instance).  Games are found by name, so a
new package needs no edit here.  ``register`` adds a game from elsewhere
(tests use it for their small test game).
"""

from __future__ import annotations

import importlib
import pkgutil

from meeple.engine.core import Game
from meeple.engine.messages import refused

_extra: dict[str, Game] = {}
_found: dict[str, Game] | None = None


def _discover() -> dict[str, Game]:
    global _found
    if _found is None:
        found: dict[str, Game] = {}
        for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
            if not info.ispkg or info.name.startswith("_"):
                continue
            module = importlib.import_module(f"{__name__}.{info.name}")
            game = getattr(module, "GAME", None)
            if isinstance(game, Game):
                found[game.name] = game
        _found = found
    return _found


def names() -> list[str]:
    """The registered game names, sorted."""
    return sorted({**_discover(), **_extra})


def get(name: str) -> Game:
    """The game called ``name``; an unknown name raises ``BadSetup`` listing the known ones."""
    games = {**_discover(), **_extra}
    key = name.strip().lower().replace("-", "_").replace(" ", "_") if isinstance(name, str) else name
    if key in games:
        return games[key]
    known = ", ".join(sorted(games)) or "none"
    raise refused("engine.setup.unknown_game", name=repr(name), known=known)


def register(game: Game) -> None:
    """Add a game that does not live in ``meeple.games`` (e.g. a test game)."""
    _extra[game.name] = game


def unregister(name: str) -> None:
    _extra.pop(name, None)
