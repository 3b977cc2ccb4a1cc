"""The errors meeple raises on purpose: one line for a person, never a traceback.

They live apart from ``core`` and ``components`` so that both can raise them
without importing each other.
"""

from __future__ import annotations

from typing import Any


class MeepleError(Exception):
    """Base of every error meeple raises on purpose (shown as one line, never a traceback)."""


class IllegalAction(MeepleError, ValueError):
    """An action that is not legal in this state; the state is unchanged.

    ``str(exc)`` is the English sentence; ``exc.message`` the same as a catalog message
    (``{"key", "args", "text"}``, issue 14) that surfaces render in their reader's language."""

    def __init__(self, text: str, message: dict[str, Any] | None = None) -> None:
        super().__init__(text)
        self.message: dict[str, Any] = message if message is not None else {"key": None, "text": text}


class BadSetup(MeepleError, ValueError):
    """Bad game name, player count, option, record or component pack.

    As ``IllegalAction``: ``str(exc)`` is the English sentence, ``exc.message`` a catalog message
    when the refusal has one (``messages.refused``; the command line renders it in its language)."""

    def __init__(self, text: str, message: dict[str, Any] | None = None) -> None:
        super().__init__(text)
        self.message: dict[str, Any] = message if message is not None else {"key": None, "text": text}

    @classmethod
    def of(cls, message: dict[str, Any]) -> BadSetup:
        """The refusal of a catalog message (``engine.messages.msg``): its English text and it."""
        return cls(str(message["text"]), message)


def reason(exc: BadSetup | IllegalAction) -> Any:
    """Why ``exc`` refused, to nest in another message: its catalog message when it has one (so a
    reader gets it in their language), else its English text."""
    return exc.message if exc.message.get("key") else str(exc)
