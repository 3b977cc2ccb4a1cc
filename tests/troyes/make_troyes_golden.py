"""Write the golden playthroughs (run by hand after a deliberate rules change):

    .venv/bin/python -m tests.troyes.make_troyes_golden
"""

from __future__ import annotations

import json
from pathlib import Path

from meeple.engine import Rng
from meeple.games.troyes import GAME
from tests.troyes.troyes_helpers import apply_whole, whole_decisions

HERE = Path(__file__).parent / "golden"
KEY_TYPES = ("event_scored", "event_done", "hire", "expel", "game_over", "characters")


def play(players: int, seed: int) -> dict:
    s = GAME.new(players, seed)
    rng = Rng(1000 + seed)
    key: list[dict] = []
    while not s.is_over:
        # the decisions as versions 1-7 offered them (a whole dice group, a whole set of black
        # dice), applied one die at a time as version 8 asks: the same games as before, in the
        # new notation
        legal = whole_decisions(s)
        # prefer real actions over influence spends and passing, so the record shows the rules at work
        real = [a for a in legal if not a.startswith(("reroll", "recruit", "flip", "pass"))]
        pick = rng.choice(real if real and rng.random() < 0.8 else legal)
        for decision, e in apply_whole(s, pick):
            if e["type"] in KEY_TYPES and "private" not in e:
                key.append({"decision": decision, "text": e["text"]})
    record = s.record()
    record["meta"] = {"expected_scores": s.scores(), "key_events": key[:12] + key[-4:]}
    return record


def main() -> None:
    HERE.mkdir(exist_ok=True)
    for players, seed in ((2, 21), (3, 31), (4, 41)):
        record = play(players, seed)
        path = HERE / f"troyes_{players}p.json"
        path.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(path, record["meta"]["expected_scores"], len(record["actions"]))


if __name__ == "__main__":
    main()
