"""Tuned position values (issue 19): the game's own ``evaluate`` with constants chosen in self-play.

``meeple tune GAME --players N`` plays a bot on each candidate row of constants (``--try``) against
the stock bot in every other seat, on the same deals, and writes the row that won most, with every
candidate's result, to ``meeple/bots/weights/<game>_<N>p.tuned.json``:

    {"manifest": {"game", "players", "version", "components", "command", "games", "seed",
                  "opponent", "trials": [{"weights", "wins", "games", "win_rate"}, ...]},
     "weights": {"name": value, ...}}

A bot with ``value=tuned`` reads it through ``tuned_for(state)``; a file made for another game,
player count, rules version or component set is refused with a message naming the field and the
command that tunes it again.  The weights are a handful of numbers, read with no library at all.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from meeple.bots.valuenet import file_key, weights_folder
from meeple.engine.components import tables_hash
from meeple.engine.core import State
from meeple.engine.messages import refused

Evaluate = Callable[[State, int], float]
"""A position's value for a seat (as ``heuristic.Evaluate``)."""


def tuned_path(game: str, players: int, folder: Path | None = None) -> Path:
    """Where the tuned weights of ``game`` at ``players`` live."""
    return (folder or weights_folder()) / f"{game}_{players}p.tuned.json"


def expected(state: State) -> dict[str, Any]:
    """The manifest fields that must match for tuned weights to be used on ``state``'s game."""
    return {
        "game": state.game.name,
        "players": state.players,
        "version": state.game.version,
        "components": tables_hash(state.tables),
    }


def read_tuned(path: Path) -> tuple[dict[str, Any], dict[str, float]]:
    """(manifest, weights) of a tuned file; a missing or malformed one raises ``BadSetup``."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise refused("bots.tuned.missing", path=str(path)) from None
    except (OSError, ValueError) as exc:
        raise refused("bots.tuned.unreadable", path=str(path), reason=str(exc)) from None
    manifest, weights = (data.get("manifest"), data.get("weights")) if isinstance(data, dict) else (None, None)
    if not isinstance(manifest, dict) or not isinstance(weights, dict) or not all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in weights.values()):
        raise refused("bots.tuned.malformed", path=str(path))
    return manifest, {str(k): float(v) for k, v in weights.items()}


def check_tuned(manifest: dict[str, Any], state: State) -> None:
    """Refuse weights tuned for another game, player count, rules version or component set."""
    for field, value in expected(state).items():
        got = manifest.get(field)
        if got != value:
            raise refused("bots.tuned.mismatch", game=str(manifest.get("game")), players=str(manifest.get("players")),
                          field=field, got=repr(got), want=repr(value), name=state.game.name, count=state.players)


_LOADED: dict[tuple[str, float, str, int, str], Evaluate] = {}


def tuned_for(state: State, folder: Path | None = None) -> Evaluate:
    """``state``'s game's ``evaluate`` under the shipped (or ``folder``'s) tuned weights for its player
    count, checked against the game once per file, rules version and component set."""
    key = file_key(tuned_path(state.game.name, state.players, folder), state, "tune")
    value = _LOADED.get(key)
    if value is None:
        manifest, weights = read_tuned(Path(key[0]))
        check_tuned(manifest, state)
        value = _LOADED[key] = state.game.evaluate_with(weights)
    return value
