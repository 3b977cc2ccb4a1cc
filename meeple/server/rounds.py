"""Every seat's score at the end of each round of a finished game (issue 27): the score sheet's
per-round rows and chart for every game (Mundus Novus' view keeps its own ``score_by_round``).

The stored game is replayed once; a round ends with the decision after which the spectators'
view's ``round`` changes, and the row holds each seat's score then (``State.scores()``: the
points so far, the round's own scoring included); the last round ends with the game, so its row
holds the final scores (as Mundus Novus' own rows do).  Only finished games are asked, so nothing hidden is told: every view of a finished
game is the public record's.
"""

from __future__ import annotations

from typing import Any

import meeple
from meeple.engine import MeepleError


def score_by_round(record: dict[str, Any]) -> list[dict[str, Any]]:
    """``[{"round": r, "scores": [...]}, ...]`` of the game ``record``, in the order played (empty
    when the game's view has no ``round``, or the record cannot be replayed)."""
    try:
        state = meeple.replay(record, upto=0)
    except MeepleError:
        return []
    out: list[dict[str, Any]] = []
    current = state.view(None).get("round")
    if not isinstance(current, int) or isinstance(current, bool):
        return []

    def close(r: Any) -> None:
        if r:  # a round 0 (Troyes' draft) scores nothing: no row
            out.append({"round": r, "scores": list(state.scores())})

    for notation in record["actions"]:
        try:
            state.apply(notation)
        except MeepleError:
            return []
        if state.is_over:
            break
        now = state.view(None).get("round")
        if now != current:  # the decision that ended the round: its scoring is in
            close(current)
            current = now
    close(current)
    return out


def table_rounds(table: Any) -> list[dict[str, Any]]:
    """``score_by_round`` of a finished table's game, worked out once per table (kept on it)."""
    done = getattr(table, "_score_by_round", None)
    if done is None or done[0] != len(table.state.history):
        done = (len(table.state.history), score_by_round(table.state.record()))
        table._score_by_round = done
    return list(done[1])
