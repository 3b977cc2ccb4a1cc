"""The other half of the loop."""

VALUE = 2


def back() -> int:
    from tests.engine.circular_pkg.alpha import VALUE

    return VALUE
