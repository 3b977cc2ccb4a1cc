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
# Re-pinned for rules version 7 (issue 13 changed play, so the random playthroughs changed; the
# evaluation itself did not change).
PINNED = {
    (2, 1): {
        5: (0.5, 0.5),
        10: (0.52, 0.48),
        15: (0.598333333, 0.401666667),
        20: (0.336666667, 0.663333333),
        25: (0.316666667, 0.683333333),
        30: (0.543333333, 0.456666667),
        35: (0.593333333, 0.406666667),
        40: (0.493333333, 0.506666667),
        45: (0.426666667, 0.573333333),
        50: (0.53, 0.47),
        55: (0.540833333, 0.459166667),
        60: (0.56, 0.44),
        65: (0.806666667, 0.193333333),
        70: (0.956666667, 0.043333333),
        75: (0.855833333, 0.144166667),
        80: (0.87, 0.13),
        85: (0.636666667, 0.363333333),
        86: (1.0, 0.0),
    },
    (2, 2): {
        5: (0.5, 0.5),
        10: (0.405, 0.595),
        15: (0.456666667, 0.543333333),
        20: (0.465, 0.535),
        25: (0.438333333, 0.561666667),
        30: (0.455833333, 0.544166667),
        35: (0.436666667, 0.563333333),
        40: (0.51, 0.49),
        45: (0.521666667, 0.478333333),
        50: (0.456666667, 0.543333333),
        55: (0.3725, 0.6275),
        60: (0.333333333, 0.666666667),
        65: (0.106666667, 0.893333333),
        70: (0.001666667, 0.998333333),
        75: (0.0, 1.0),
        80: (0.0, 1.0),
        81: (0.0, 1.0),
    },
    (4, 1): {
        5: (0.54, 0.46, 0.46, 0.46),
        17: (0.5, 0.386666667, 0.493333333, 0.5),
        29: (0.495, 0.441666667, 0.505, 0.458333333),
        41: (0.525, 0.453333333, 0.475, 0.446666667),
        53: (0.426666667, 0.408333333, 0.573333333, 0.424166667),
        65: (0.393333333, 0.348333333, 0.606666667, 0.3775),
        77: (0.333333333, 0.391666667, 0.501666667, 0.498333333),
        89: (0.365, 0.61, 0.39, 0.373333333),
        101: (0.278333333, 0.535, 0.431666667, 0.465),
        113: (0.273333333, 0.511666667, 0.488333333, 0.428333333),
        125: (0.231666667, 0.546666667, 0.453333333, 0.410833333),
        137: (0.22, 0.476666667, 0.523333333, 0.355),
        149: (0.22, 0.25, 0.698333333, 0.301666667),
        160: (0.25, 0.0, 0.928571429, 1.0),
    },
    (4, 2): {
        5: (0.46, 0.54, 0.46, 0.46),
        17: (0.398333333, 0.45, 0.393333333, 0.55),
        29: (0.661666667, 0.318333333, 0.258333333, 0.338333333),
        41: (0.448333333, 0.551666667, 0.416666667, 0.396666667),
        53: (0.27, 0.73, 0.25, 0.23),
        65: (0.315, 0.685, 0.255, 0.284166667),
        77: (0.296666667, 0.703333333, 0.210833333, 0.26),
        89: (0.399166667, 0.600833333, 0.34, 0.3875),
        101: (0.415, 0.585, 0.326666667, 0.36),
        113: (0.481666667, 0.373333333, 0.485, 0.515),
        125: (0.308333333, 0.093333333, 0.691666667, 0.281666667),
        137: (0.420833333, 0.0025, 0.579166667, 0.196666667),
        149: (0.473333333, 0.0, 0.526666667, 0.245),
        161: (0.306666667, 0.0, 0.693333333, 0.221666667),
        173: (0.536666667, 0.096666667, 0.463333333, 0.361666667),
        185: (0.515, 0.1, 0.485, 0.448333333),
        191: (0.961538462, 0.0, 1.0, 0.846153846),
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
