"""Write the golden playthroughs (run by hand after a deliberate rule change:
``.venv/bin/python -m tests.messina.make_messina_golden``)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import meeple
from meeple.engine import Rng
from meeple.engine.core import Event, State

HERE = Path(__file__).parent / "golden"
PASSIVE = ("end turn", "stop fighting", "let the ship's plague go", "build nothing", "stop activating",
           "discard citizen", "done staffing")
KEY_EVENTS = ("repopulate", "ship_taken", "round", "rat", "build", "overseer", "lieutenant", "final_score")


def choose(state: State, rng: Rng) -> str:
    """A seeded, mildly purposeful random player: passive choices are taken less often."""
    legal = [a.notation for a in state.legal_actions()]
    for prefix in ("repopulate", "build wagon", "douse", "major fire", "take ", "use "):
        keen = [a for a in legal if a.startswith(prefix)]
        if keen and rng.below(4):
            return rng.choice(keen)
    active = [a for a in legal if a not in PASSIVE and not a.startswith("recall")]
    if active and rng.below(5):
        return rng.choice(active)
    return rng.choice(legal)


def play(players: int, seed: int) -> tuple[State, list[Event]]:
    game = meeple.games.get("messina")
    state = game.new(players, seed=seed)
    rng = Rng(seed * 101 + players)
    events: list[Event] = []
    while not state.is_over:
        events += state.apply(choose(state, rng))
    return state, events


def event_counts(events: list[Event]) -> dict[str, int]:
    counts = Counter(e["type"] for e in events)
    return {k: counts.get(k, 0) for k in KEY_EVENTS}


def main() -> None:
    for players, seed in ((2, 11), (3, 6), (4, 0)):
        state, events = play(players, seed)
        data = {
            "record": state.record(),
            "scores": state.scores(),
            "ranking": state.ranking(),
            "final_scoring": state.view(None)["final_scoring"],
            "event_counts": event_counts(events),
            "first_events": [e["text"] for e in events[:6]],
        }
        path = HERE / f"messina_{players}p.json"
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(path, state.scores(), len(state.history))


if __name__ == "__main__":
    main()
