"""The errors meeple raises on purpose: one line for a person, never a traceback.

They live apart from ``core`` and ``components`` so that both can raise them
without importing each other.
"""

from __future__ import annotations


class MeepleError(Exception):
    """Base of every error meeple raises on purpose (shown as one line, never a traceback)."""


class IllegalAction(MeepleError, ValueError):
    """An action that is not legal in this state; the state is unchanged."""


class BadSetup(MeepleError, ValueError):
    """Bad game name, player count, option, record or component pack."""
