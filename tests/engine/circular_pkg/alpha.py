"""Imports beta, which imports alpha back (at call time, which still counts)."""

from tests.engine.circular_pkg import beta

VALUE = 1


def twice() -> int:
    return beta.VALUE * 2
