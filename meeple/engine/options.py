"""A game's documented variants (``Game.options``): an option's default, the values it allows and
what it does; ``meeple list`` and the lobby show them, ``--option key=value`` sets them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from meeple.engine.messages import refused


@dataclass(frozen=True)
class Option:
    """A documented variant: its default, the values allowed and what it does."""

    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None

    def check(self, name: str, value: Any) -> Any:
        kind = type(self.default)
        if kind is int and isinstance(value, bool):
            raise refused("engine.setup.option_int", option=repr(name), got=repr(value))
        if kind is bool and not isinstance(value, bool):
            if value in ("true", "yes", "1", "on"):
                value = True
            elif value in ("false", "no", "0", "off"):
                value = False
            else:
                raise refused("engine.setup.option_bool", option=repr(name), got=repr(value))
        elif not isinstance(value, kind):
            try:
                value = kind(value)
            except (TypeError, ValueError):
                raise refused("engine.setup.option_kind", option=repr(name), kind=kind.__name__,
                              got=repr(value)) from None
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise refused("engine.setup.option_choice", option=repr(name), allowed=allowed, got=repr(value))
        return value
