"""The pushes' JSON (issue 30: encoded by orjson): the same values ``json.dumps`` writes, a
catalog message keeping its lazily formatted text."""

from __future__ import annotations

import json
import random

from meeple import games
from meeple.engine.messages import msg
from meeple.server.live import dumps


def test_server_push_json_keeps_message_texts_and_values() -> None:
    """Issue 30 (and issue 31's lazy ``Message.text``): a push encoded by ``live.dumps`` parses to
    what ``json.dumps(body, ensure_ascii=False)`` wrote, a message nested in events and labels
    with its ``text``, non-ASCII as is, tuples as lists, a number key as its text."""
    note = msg("server.table.unknown", table="é")
    body = {"events": [note, {"inner": note}], 7: "ü", "pair": (1, 2), "none": None}
    text = dumps(body)
    assert json.loads(text) == json.loads(json.dumps(body, ensure_ascii=False))
    assert json.loads(text)["events"][1]["inner"]["text"] == note["text"]
    assert "é" in text


def test_server_push_json_equals_json_dumps_on_payload_parts() -> None:
    """Issue 30: views, labels and events of Troyes positions encode to the same values."""
    game = games.get("troyes")
    state, rng = game.new(2, 5, {}), random.Random(5)
    for _ in range(60):
        events = state.apply(rng.choice(state.legal_actions()))
        for seat in (0, 1, None):
            body = {"view": state.view(seat), "labels": [state.label(a) for a in state.legal_actions()],
                    "events": state.visible_events(events, seat)}
            assert json.loads(dumps(body)) == json.loads(json.dumps(body, ensure_ascii=False))
