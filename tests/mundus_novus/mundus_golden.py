"""Write the golden playthroughs: ``.venv/bin/python -m tests.mundus_novus.mundus_golden`` (not a test).

Each file holds a seeded random game's record, its final scores and a few key events; the test replays
the record, so any rule change shows up as a diff here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from meeple.engine import Rng
from meeple.games.mundus_novus import GAME

HERE = Path(__file__).parent / "golden"
KEY_EVENTS = ("trade_master", "develop", "game_over", "ten_different", "coronado", "queue_empty")
CASES = ((2, 2024), (4, 4048), (6, 6072), (4, 5014))
"""(players, seed); the last game is chosen for its fleets of 2+ caravels, Ponce de León's splits and
Pirates (issue 13: random play rarely builds fleets, and the first three games have none)."""


def golden_name(players: int, seed: int) -> str:
    return f"mundus_novus_{players}p_fleets.json" if seed == 5014 else f"mundus_novus_{players}p.json"


def key_events(record: dict[str, Any]) -> list[str]:
    s = GAME.new(record["players"], seed=record["seed"], options=record["options"])
    out = []
    for a in record["actions"]:
        for e in s.apply(a):
            if e["type"] in KEY_EVENTS and "private" not in e:
                out.append(e["text"])
    return out


def play(players: int, seed: int) -> dict[str, Any]:
    s = GAME.new(players, seed=seed)
    r = Rng(seed + 1)
    while not s.is_over:
        s.apply(r.choice(s.legal_actions()))
    rec = s.record()
    assert isinstance(s.round, int)
    return {"record": rec, "scores": s.scores(), "ranking": s.ranking(), "round": s.round,
            "key_events": key_events(rec)}


def main() -> None:
    HERE.mkdir(exist_ok=True)
    for players, seed in CASES:
        data = play(players, seed)
        (HERE / golden_name(players, seed)).write_text(json.dumps(data, indent=1) + "\n")
        print(players, data["scores"], data["round"], len(data["record"]["actions"]))


if __name__ == "__main__":
    main()
