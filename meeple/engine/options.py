"""A game's documented variants (``Game.options``): an option's default, the values it allows and
what it does; ``meeple list`` and the lobby show them, ``--option key=value`` sets them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from meeple.engine.errors import BadSetup


@dataclass(frozen=True)
class Option:
    """A documented variant: its default, the values allowed and what it does."""

    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None

    def check(self, name: str, value: Any) -> Any:
        kind = type(self.default)
        if kind is int and isinstance(value, bool):
            raise BadSetup(f"option {name!r} takes a whole number, got {value!r}")
        if kind is bool and not isinstance(value, bool):
            if value in ("true", "yes", "1", "on"):
                value = True
            elif value in ("false", "no", "0", "off"):
                value = False
            else:
                raise BadSetup(f"option {name!r} takes true or false, got {value!r}")
        elif not isinstance(value, kind):
            try:
                value = kind(value)
            except (TypeError, ValueError):
                raise BadSetup(
                    f"option {name!r} takes a {kind.__name__}, got {value!r}"
                ) from None
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise BadSetup(f"option {name!r} must be one of {allowed}; got {value!r}")
        return value
