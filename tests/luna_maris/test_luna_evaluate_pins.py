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
        35: (0.566666667, 0.433333333),
        40: (0.4875, 0.5125),
        45: (0.420833333, 0.579166667),
        50: (0.388333333, 0.611666667),
        55: (0.445833333, 0.554166667),
        60: (0.505, 0.495),
        65: (0.708333333, 0.291666667),
        70: (0.75, 0.25),
        75: (0.748333333, 0.251666667),
        80: (0.703333333, 0.296666667),
        81: (1.0, 0.0),
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
        50: (0.591666667, 0.408333333),
        55: (0.6175, 0.3825),
        60: (0.358333333, 0.641666667),
        65: (0.308333333, 0.691666667),
        70: (0.37, 0.63),
        75: (0.268333333, 0.731666667),
        80: (0.198333333, 0.801666667),
        82: (0.0, 1.0),
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
        101: (0.248333333, 0.47, 0.53, 0.453333333),
        113: (0.296666667, 0.481666667, 0.518333333, 0.47),
        125: (0.309166667, 0.531666667, 0.465, 0.468333333),
        137: (0.146666667, 0.318333333, 0.418333333, 0.581666667),
        149: (0.0, 0.141666667, 0.241666667, 0.758333333),
        161: (0.0, 0.483870968, 0.774193548, 1.0),
    },
    (4, 2): {
        5: (0.46, 0.54, 0.46, 0.46),
        17: (0.398333333, 0.45, 0.393333333, 0.55),
        29: (0.661666667, 0.318333333, 0.258333333, 0.338333333),
        41: (0.386666667, 0.595, 0.405, 0.385),
        53: (0.37, 0.580833333, 0.3775, 0.419166667),
        65: (0.335, 0.6275, 0.361666667, 0.3725),
        77: (0.4125, 0.545, 0.445, 0.455),
        89: (0.29, 0.368333333, 0.565, 0.435),
        101: (0.183333333, 0.528333333, 0.471666667, 0.315),
        113: (0.0175, 0.5525, 0.4475, 0.379166667),
        125: (0.0, 0.363333333, 0.636666667, 0.225),
        137: (0.146666667, 0.623333333, 0.376666667, 0.268333333),
        149: (0.106666667, 0.596666667, 0.403333333, 0.32),
        161: (0.061666667, 0.596666667, 0.403333333, 0.363333333),
        171: (0.0, 1.0, 0.8, 0.733333333),
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
