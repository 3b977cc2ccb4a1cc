"""The bots' evaluation is pinned: speed-ups of ``GAME.evaluate`` (and of the play and determinization
that lead to the positions) must give the values the original code gave, to 1e-9."""

from __future__ import annotations

import json

import pytest

from meeple.games.mundus_novus import GAME

from .evaluate_pins import PINS, evaluations, positions


@pytest.fixture(scope="module")
def pinned() -> dict[str, list[float]]:
    data: dict[str, list[float]] = json.loads(PINS.read_text())
    return data


def test_evaluate_matches_pinned_values_at_2_and_6_players(pinned: dict[str, list[float]]) -> None:
    """Guards the bots' evaluation against speed-ups: every seat's ``evaluate`` at 64 seeded positions
    (random play and determinized copies, 2 and 6 players, finished games too) equals the stored value."""
    got = positions()
    assert [label for label, _ in got] == list(pinned)
    for label, s in got:
        assert evaluations(s) == pytest.approx(pinned[label], abs=1e-9), label


def test_evaluate_does_not_depend_on_the_order_seats_are_asked(pinned: dict[str, list[float]]) -> None:
    """Guards the per-position memo of ``evaluate``: asking the seats last to first, or one seat twice,
    gives the same values as asking them in order."""
    for label, s in positions():
        backwards = [round(GAME.evaluate(s, seat), 9) for seat in reversed(range(s.players))]
        assert backwards[::-1] == pytest.approx(pinned[label], abs=1e-9), label
        assert round(GAME.evaluate(s, 0), 9) == pytest.approx(pinned[label][0], abs=1e-9), label
