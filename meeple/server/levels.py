"""The server's bot levels: ``meeple.bots.levels`` (where the terminal reads them too), kept
importable here for code written against the server's module."""

from __future__ import annotations

from meeple.bots.levels import (
    CAPS,
    CHOICES,
    DEFAULT_LEVELS,
    LEVEL_NAME,
    MAX_ITERS,
    MAX_SPEC,
    MAX_THINK,
    ZOMBIE_LEVEL,
    Level,
    budget,
    check_spec,
    load_levels,
)

__all__ = ["CAPS", "CHOICES", "DEFAULT_LEVELS", "LEVEL_NAME", "MAX_ITERS", "MAX_SPEC", "MAX_THINK",
           "ZOMBIE_LEVEL", "Level", "budget", "check_spec", "load_levels"]
