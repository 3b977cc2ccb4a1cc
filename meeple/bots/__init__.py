"""Bots: game-agnostic players that see a game only through the contract.

A bot is asked for a move with ``choose(seat, state, rng)`` where ``state`` is
a determinized copy of the position as ``seat`` knows it (hidden parts
resampled), never the true state.  ``act`` does that wrapping; surfaces call it.
"""

from __future__ import annotations

from collections.abc import Callable

from meeple.bots.base import Bot, act, parse_spec
from meeple.bots.random_bot import RandomBot
from meeple.engine.messages import refused

_FACTORIES: dict[str, Callable[[dict[str, str]], Bot]] = {
    "random": lambda params: RandomBot(),
}


def register(name: str, factory: Callable[[dict[str, str]], Bot]) -> None:
    """Add a bot kind (``factory`` receives the spec's ``key=value`` parameters)."""
    _FACTORIES[name] = factory


def kinds() -> list[str]:
    _load_optional()
    return sorted(_FACTORIES)


def make(spec: str) -> Bot:
    """A bot from a spec such as ``random`` or ``ismcts:time=0.5``."""
    _load_optional()
    name, params = parse_spec(spec)
    factory = _FACTORIES.get(name)
    if factory is None:
        raise refused("engine.botspec.unknown", name=repr(name), bots=", ".join(sorted(_FACTORIES)))
    return factory(params)


def _load_optional() -> None:
    """Import the bot modules that register themselves, if they exist."""
    import importlib

    for module in ("meeple.bots.heuristic", "meeple.bots.ismcts", "meeple.bots.rollout"):
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise


__all__ = ["Bot", "RandomBot", "act", "kinds", "make", "parse_spec", "register"]
