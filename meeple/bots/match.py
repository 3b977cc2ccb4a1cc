"""One seeded game between bots: the loop that ``meeple simulate`` and ``meeple arena`` share.

It never raises: a crash comes back in the ``Match`` with the decision that was
being applied, and ``crash_record`` turns it into a record that reproduces it
(replay the actions, then apply ``meta.crashed_on``).
"""

from __future__ import annotations

import time
import traceback
from dataclasses import dataclass, field
from typing import Any

from meeple.bots.base import Bot, act
from meeple.engine.components import Tables
from meeple.engine.core import State
from meeple.engine.rng import Rng


def seat_rng(game_seed: int, seat: int) -> Rng:
    """The bot rng of ``seat`` in the game of seed ``game_seed``."""
    return Rng(game_seed * 1_000_003 + 7919 * (seat + 1))


@dataclass
class Match:
    """How one game went: the final (or crashed) state, thinking time and decisions per seat."""

    seed: int
    specs: list[str]
    state: State | None = None
    bots: list[Bot] = field(default_factory=list)
    think: list[float] = field(default_factory=list)
    moves: list[int] = field(default_factory=list)
    seconds: float = 0.0
    error: str | None = None
    traceback: str | None = None
    crashed_on: str | None = None

    def crash_record(self, **meta: Any) -> dict[str, Any] | None:
        """The record up to the crash, with ``meta`` naming the error and the decision."""
        if self.error is None or self.state is None:
            return None
        record = self.state.record()
        record["meta"] = {"error": self.error, "crashed_on": self.crashed_on, "bots": list(self.specs),
                          "traceback": self.traceback, **meta}
        return record


def play_match(
    name: str, players: int, seed: int, specs: list[str] | tuple[str, ...],
    options: dict[str, Any] | None = None, tables: Tables | None = None,
) -> Match:
    """Play one seeded game, ``specs[seat]`` being the bot of each seat."""
    from meeple import bots as botlib
    from meeple import games

    match = Match(seed, list(specs), think=[0.0] * players, moves=[0] * players)
    started = time.perf_counter()
    try:
        game = games.get(name)
        match.bots = [botlib.make(spec) for spec in specs]
        rngs = [seat_rng(seed, seat) for seat in range(players)]
        state = match.state = game.new(players, seed, options, tables)
        limit = 10 * max(1, game.max_steps(players))
        while not state.is_over:
            if len(state.history) >= limit:
                raise RuntimeError(f"the game did not end within {limit} decisions")
            seat = state.to_move
            t0 = time.perf_counter()
            action = act(match.bots[seat], state, rngs[seat])
            match.think[seat] += time.perf_counter() - t0
            match.moves[seat] += 1
            match.crashed_on = action.notation
            state.apply(action)
            match.crashed_on = None
    except Exception as exc:  # a crash is a result: it carries what reproduces it
        match.error = f"{type(exc).__name__}: {exc}"
        match.traceback = traceback.format_exc(limit=8)
    match.seconds = time.perf_counter() - started
    return match
