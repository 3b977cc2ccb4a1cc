"""Write the evaluate pins: ``.venv/bin/python -m tests.mundus_novus.evaluate_pins`` (not a test).

Seeded random games at 2 and 6 players; at fixed steps the position's ``GAME.evaluate`` for every seat
(and for every seat of one determinized copy) is stored rounded to 9 places, so that speed-ups of the
bots' evaluation can be checked against the values the original code gave.
"""

from __future__ import annotations

import json
from pathlib import Path

from meeple.engine import Rng
from meeple.engine.core import State
from meeple.games.mundus_novus import GAME

PINS = Path(__file__).parent / "golden" / "evaluate_pins.json"
GAMES = ((2, 11), (2, 12), (6, 61), (6, 62))
STEPS = (1, 25, 60, 110, 170, 240, 320, 420, 99999)  # 99999: the finished game


def positions() -> list[tuple[str, State]]:
    """(label, position) pairs: random play from each seeded game, plus one determinized copy each."""
    out: list[tuple[str, State]] = []
    for players, seed in GAMES:
        s = GAME.new(players, seed=seed)
        rng = Rng(seed * 7 + 1)
        step = 0
        for target in STEPS:
            while step < target and not s.is_over:
                legal = s.legal_actions()
                s.apply(legal[rng.below(len(legal))])
                step += 1
            label = f"{players}p seed {seed} step {step}"
            if out and out[-1][0] == label:
                continue  # the game ended before this step
            out.append((label, s.clone()))
            if not s.is_over:
                out.append((label + " determinized", s.determinize(s.to_move, Rng(seed + step))))
    return out


def evaluations(s: State) -> list[float]:
    return [round(GAME.evaluate(s, seat), 9) for seat in range(s.players)]


def main() -> None:
    pins = {label: evaluations(s) for label, s in positions()}
    PINS.write_text(json.dumps(pins, indent=1) + "\n")


if __name__ == "__main__":
    main()
