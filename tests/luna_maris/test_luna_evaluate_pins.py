"""The bots' evaluation of Luna Maris, pinned: this guards ``evaluate`` against speed-ups.

The values were computed by the straightforward implementation (final breakdown for every seat on
each call) at seeded positions from random play at 2 and 4 players, rounded to 9 places.  Any
optimisation of ``evaluate`` (memoised all-seat projection, cheaper rankings) must reproduce them.
"""

from __future__ import annotations

import pytest

import meeple
from meeple.engine.core import State
from meeple.engine.rng import Rng

GAME = meeple.games.get("luna_maris")

# (players, seed) -> {step index of the random playthrough: evaluate for every seat}
PINNED = {
    (2, 1): {
        5: (0.5, 0.5),
        14: (0.47, 0.53),
        23: (0.265, 0.735),
        32: (0.218333333, 0.781666667),
        41: (0.268333333, 0.731666667),
        50: (0.233333333, 0.766666667),
        59: (0.3, 0.7),
        68: (0.348333333, 0.651666667),
        77: (0.223333333, 0.776666667),
        86: (0.310833333, 0.689166667),
        95: (0.415833333, 0.584166667),
        104: (0.616666667, 0.383333333),
        113: (0.576666667, 0.423333333),
        122: (0.815, 0.185),
        128: (1.0, 0.0),
    },
    (2, 2): {
        5: (0.5, 0.5),
        14: (0.446666667, 0.553333333),
        23: (0.269166667, 0.730833333),
        32: (0.206666667, 0.793333333),
        41: (0.025, 0.975),
        50: (0.096666667, 0.903333333),
        59: (0.01, 0.99),
        68: (0.106666667, 0.893333333),
        77: (0.186666667, 0.813333333),
        86: (0.075, 0.925),
        95: (0.145, 0.855),
        103: (0.0, 1.0),
    },
    (4, 1): {
        5: (0.54, 0.46, 0.46, 0.46),
        17: (0.5, 0.408333333, 0.493333333, 0.5),
        29: (0.25, 0.211666667, 0.235, 0.75),
        41: (0.588333333, 0.225, 0.255, 0.411666667),
        53: (0.53, 0.28, 0.346666667, 0.47),
        65: (0.338333333, 0.271666667, 0.300833333, 0.661666667),
        77: (0.459166667, 0.34, 0.35, 0.540833333),
        89: (0.631666667, 0.298333333, 0.215, 0.368333333),
        101: (0.736666667, 0.261666667, 0.146666667, 0.263333333),
        113: (0.736666667, 0.191666667, 0.146666667, 0.263333333),
        125: (0.640833333, 0.359166667, 0.169166667, 0.215),
        137: (0.548333333, 0.451666667, 0.286666667, 0.316666667),
        149: (0.591666667, 0.408333333, 0.286666667, 0.316666667),
        155: (1.0, 0.692307692, 0.0, 0.230769231),
    },
    (4, 2): {
        5: (0.46, 0.54, 0.46, 0.46),
        17: (0.455, 0.545, 0.443333333, 0.435),
        29: (0.458333333, 0.536666667, 0.463333333, 0.395),
        41: (0.458333333, 0.490833333, 0.509166667, 0.435833333),
        53: (0.4675, 0.5325, 0.458333333, 0.458333333),
        65: (0.460833333, 0.490833333, 0.4625, 0.509166667),
        77: (0.470833333, 0.490833333, 0.465, 0.509166667),
        89: (0.465, 0.440833333, 0.5325, 0.4675),
        101: (0.453333333, 0.446666667, 0.546666667, 0.4),
        113: (0.181666667, 0.331666667, 0.668333333, 0.245),
        125: (0.213333333, 0.278333333, 0.708333333, 0.291666667),
        137: (0.0, 0.0, 0.964166667, 0.035833333),
        149: (0.071666667, 0.0, 0.9125, 0.0875),
        161: (0.070833333, 0.014166667, 0.894166667, 0.105833333),
        173: (0.055, 0.0, 0.86, 0.14),
        185: (0.0, 0.029411765, 1.0, 0.176470588),
    },
}


def _positions(players: int, seed: int, steps: set[int]) -> dict[int, State]:
    """Play randomly (Rng(100 + seed)) and keep a clone at each of ``steps``; the final position too."""
    s = GAME.new(players, seed=seed)
    rng = Rng(100 + seed)
    out: dict[int, State] = {}
    k = 0
    while not s.is_over:
        if k in steps:
            out[k] = s.clone()
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
        k += 1
    out[k] = s
    return out


@pytest.mark.parametrize("key", sorted(PINNED))
def test_evaluate_pinned_for_every_seat_at_seeded_positions(key: tuple[int, int]) -> None:
    """evaluate(state, seat) for every seat equals the pinned value (1e-9), asked in seat order and
    again in reverse order on a clone (the memoised projection is shared by clones)."""
    players, seed = key
    pins = PINNED[key]
    got = _positions(players, seed, set(pins))
    assert sorted(got) == sorted(pins)
    for k, want in pins.items():
        st = got[k]
        assert [GAME.evaluate(st, p) for p in range(players)] == pytest.approx(want, abs=1e-9), k
        twin = st.clone()
        back = [GAME.evaluate(twin, p) for p in reversed(range(players))]
        assert back[::-1] == pytest.approx(want, abs=1e-9), k


def test_evaluate_pins_cover_both_player_counts() -> None:
    """About 30 positions at 2 players and at the maximum count (4)."""
    assert sum(len(v) for k, v in PINNED.items() if k[0] == 2) >= 25
    assert sum(len(v) for k, v in PINNED.items() if k[0] == 4) >= 25
