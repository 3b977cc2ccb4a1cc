"""Write the golden playthroughs: ``.venv/bin/python -m tests.luna_maris.lm_make_golden``.

A seeded, mildly purposeful random policy (it avoids the emergency deposit and passing while it has
other things to do) plays one game per player count; the record, the final scores and the key events
(deliveries, builds, hires, final scoring) are stored as JSON.  Regenerate only on purpose: a diff in
these files is a rule change.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import meeple
from meeple.engine import Rng

HERE = Path(__file__).parent / "golden"
KEY_TYPES = ("deliver", "build", "hire", "final", "cleanup", "ai_card")


def choose(legal: list[Any], rng: Rng) -> Any:
    good = [a for a in legal if not a.notation.startswith(("emergency", "pass", "feed without", "done", "stop"))]
    if good and rng.random() < 0.93:
        return rng.choice(good)
    return rng.choice(legal)


def play(players: int, seed: int) -> dict[str, Any]:
    game = meeple.games.get("luna_maris")
    state = game.new(players, seed=seed)
    rng = Rng(seed * 101 + players)
    events: list[str] = []
    while not state.is_over:
        for e in state.apply(choose(state.legal_actions(), rng)):
            if e["type"] in KEY_TYPES:
                events.append(e["text"])
    return {"record": state.record(), "scores": state.scores(), "ranking": state.ranking(), "key_events": events}


def main() -> None:
    HERE.mkdir(exist_ok=True)
    for players, seed in ((1, 10), (2, 11), (3, 12), (4, 13)):
        data = play(players, seed)
        path = HERE / f"luna_maris_{players}p.json"
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(path, data["scores"], len(data["record"]["actions"]), "decisions")


if __name__ == "__main__":
    main()
