"""The seeded random bot."""

from __future__ import annotations

from meeple.bots.base import Bot
from meeple.engine.core import Action, State
from meeple.engine.rng import Rng


class RandomBot(Bot):
    """Plays a uniformly random legal action."""

    name = "random"

    def choose(self, seat: int, state: State, rng: Rng) -> Action:
        return rng.choice(state.legal_actions())
