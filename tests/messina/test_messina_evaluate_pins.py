"""Pins the bots' estimate (``evaluate``) at seeded positions from random play.

The values in ``evaluate_pins.json`` were computed by the code before the speed-ups of issue 7;
write them again only for a deliberate change of the estimate:
``python -m tests.messina.test_messina_evaluate_pins --write``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from meeple.engine.rng import Rng
from meeple.games.messina import GAME, evaluate, scoring
from meeple.games.messina.state import MessinaState

PINS = Path(__file__).with_name("evaluate_pins.json")
SEEDS = (0, 1, 2)
PER_GAME = 10


def positions(players: int) -> list[tuple[str, MessinaState]]:
    """``PER_GAME`` positions of each seeded random game (evenly spread, the last one finished)."""
    out: list[tuple[str, MessinaState]] = []
    for seed in SEEDS:
        s = GAME.new(players, seed=seed)
        assert isinstance(s, MessinaState)
        rng = Rng(1000 + seed)
        states = [s.clone()]
        while not s.is_over:
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
            states.append(s.clone())
        step = len(states) / PER_GAME
        picks = [int(k * step) for k in range(PER_GAME - 1)] + [len(states) - 1]
        out += [(f"{players}p seed {seed} step {i}", states[i]) for i in picks]
    return out


def values(players: int) -> dict[str, list[float]]:
    return {key: [round(GAME.evaluate(s, seat), 9) for seat in range(players)] for key, s in positions(players)}


@pytest.mark.parametrize("players", [2, 4])
def test_evaluate_matches_the_pinned_values_at_seeded_positions(players: int) -> None:
    """Guards the bots' evaluation against speed-ups: every seat's ``evaluate`` at 30 positions of
    random play (2 players and the maximum count) equals the pinned value to 1e-9, whether the seats
    are asked in order, in reverse order, or on a clone."""
    pinned = json.loads(PINS.read_text())[str(players)]
    got = positions(players)
    assert len(got) == len(pinned) == 30
    for key, s in got:
        want = pinned[key]
        forward = [GAME.evaluate(s, seat) for seat in range(players)]
        other = s.clone()
        backward = [GAME.evaluate(other, seat) for seat in reversed(range(players))][::-1]
        for seat in range(players):
            assert abs(forward[seat] - want[seat]) <= 1e-9, (key, seat)
            assert abs(backward[seat] - want[seat]) <= 1e-9, (key, seat)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fused_estimates_equal_the_score_parts_plus_potentials(players: int) -> None:
    """``evaluate.estimates`` (the one-pass hot path of ``evaluate``) equals the sum of the final
    score's ``parts`` plus ``potentials`` (the readable definitions), exactly, for every seat."""
    for _key, s in positions(players):
        if s.final is not None:
            continue
        want = [sum(row) + extra for row, extra in zip(scoring.parts(s), evaluate.potentials(s), strict=True)]
        assert evaluate.estimates(s) == want


if __name__ == "__main__" and "--write" in sys.argv:
    blocks = []
    for n in (2, 4):
        rows = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in values(n).items())
        blocks.append(f' "{n}": {{\n{rows}\n }}')
    PINS.write_text("{\n" + ",\n".join(blocks) + "\n}\n")
