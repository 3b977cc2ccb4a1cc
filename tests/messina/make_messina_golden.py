"""Write the golden playthroughs (run by hand after a deliberate rule change:
``.venv/bin/python -m tests.messina.make_messina_golden``)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import meeple
from meeple.bots import make
from meeple.bots.base import act
from meeple.engine import Rng
from meeple.engine.components import tables_hash
from meeple.engine.core import Event, State

HERE = Path(__file__).parent / "golden"
KEY_EVENTS = ("repopulate", "ship_taken", "round", "rat", "build", "overseer", "reward", "lieutenant",
              "final_score")
# (players, seed): heuristic-bot games that reach staffing, new lieutenants, ships and repopulations
GAMES = ((2, 5), (3, 5), (4, 1))


def play(players: int, seed: int) -> tuple[State, list[Event]]:
    """A whole game between seeded heuristic bots (the record, not the bots, is what the test uses)."""
    game = meeple.games.get("messina")
    state = game.new(players, seed=seed)
    rng = Rng(seed * 101 + players)
    bots = [make("heuristic") for _ in range(players)]
    events: list[Event] = []
    while not state.is_over:
        events += state.apply(act(bots[state.to_move], state, rng).notation)
    return state, events


def event_counts(events: list[Event]) -> dict[str, int]:
    counts = Counter(e["type"] for e in events)
    return {k: counts.get(k, 0) for k in KEY_EVENTS}


def refresh() -> None:
    """Keep the stored records (the same games) and re-derive what is checked from them: for a change
    of texts or events that does not change any rule (``... make_messina_golden --refresh``)."""
    game = meeple.games.get("messina")
    for players, _ in GAMES:
        path = HERE / f"messina_{players}p.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        record = data["record"]
        state = game.new(players, seed=record["seed"], options=record["options"])
        events: list[Event] = []
        for text in record["actions"]:
            events += state.apply(text)
        record["version"] = game.version
        record["components"] = tables_hash(game.default_tables())  # a component table added (solo)
        data.update(scores=state.scores(), ranking=state.ranking(),
                    final_scoring=state.view(None)["final_scoring"], event_counts=event_counts(events),
                    first_events=[e["text"] for e in events[:6]])
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(path, state.scores(), len(record["actions"]))


def main() -> None:
    for players, seed in GAMES:
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
    import sys

    refresh() if "--refresh" in sys.argv else main()
