"""The bot interface."""

from __future__ import annotations

from abc import ABC, abstractmethod

from meeple.engine.core import Action, State
from meeple.engine.messages import refused
from meeple.engine.rng import Rng


class Bot(ABC):
    """Chooses one legal action for ``seat`` from what that seat knows."""

    name = "bot"

    @abstractmethod
    def choose(self, seat: int, state: State, rng: Rng) -> Action:
        """``state`` is a determinized copy (hidden parts resampled); return a legal action."""

    def __str__(self) -> str:
        return self.name


def act(bot: Bot, state: State, rng: Rng) -> Action:
    """Ask ``bot`` for the move of the seat to move in the true ``state``.

    The bot only ever receives ``state.determinize(seat, ...)``, so it cannot
    see what its seat cannot see.  The returned action is looked up in the
    true state's legal actions (determinization keeps them the same for the
    seat to move, since the seat knows its own options).
    """
    seat = state.to_move
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    known = state.determinize(seat, rng.fork())
    choice = bot.choose(seat, known, rng)
    return state.find(choice)


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"ismcts:time=0.5,iters=100"`` -> ``("ismcts", {"time": "0.5", "iters": "100"})``."""
    text = spec.strip()
    if not text:
        raise refused("engine.botspec.empty")
    name, _, rest = text.partition(":")
    params: dict[str, str] = {}
    if rest:
        for part in rest.replace(";", ",").split(","):
            if not part:
                continue
            key, eq, value = part.partition("=")
            if not eq:
                raise refused("engine.botspec.pair", part=repr(part), spec=repr(spec))
            params[key.strip()] = value.strip()
    return name.strip().lower(), params
