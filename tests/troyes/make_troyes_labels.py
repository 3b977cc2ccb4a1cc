"""Write the pinned labels of seeded random Troyes games (``golden/troyes_labels.json``; run by
hand after a deliberate change of what a label says):

    .venv/bin/python -m tests.troyes.make_troyes_labels

Per game: how many labels were shown, a digest of every one (decision, notation, key, args and
English text of each legal action's ``state.label``) and, readable in a diff, every label naming
forced bought dice (issue 15).  The file was first written by the code that still built these
labels inside ``legal_actions()``, so ``test_troyes_labels`` holds the labels on demand to it."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from meeple.engine import Rng
from meeple.games.troyes import GAME

PATH = Path(__file__).parent / "golden" / "troyes_labels.json"
GAMES = ((2, 0), (3, 4), (4, 1))
"""(players, seed): between them every kind of forced-dice label (main step, citizen source, cube)."""


def sweep(players: int, seed: int) -> dict[str, Any]:
    """Random play (``Rng(seed + 500)``), every legal action's label at every decision."""
    s = GAME.new(players, seed)
    rng = Rng(seed + 500)
    digest = hashlib.sha256()
    forced: list[list[Any]] = []
    count = 0
    while not s.is_over:
        legal = s.legal_actions()
        for a in legal:
            label = s.label(a)
            count += 1
            digest.update(json.dumps([len(s.history), a.notation, label], sort_keys=True,
                                     ensure_ascii=False).encode())
            if label is not None and label["key"] == "troyes.label.forced":
                forced.append([len(s.history), a.notation, label["text"]])
        s.apply(legal[rng.below(len(legal))])
    return {"players": players, "seed": seed, "labels": count, "sha256": digest.hexdigest(), "forced": forced}


def main() -> None:
    pinned = [sweep(players, seed) for players, seed in GAMES]
    PATH.write_text(json.dumps(pinned, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    for game in pinned:
        print(game["players"], game["seed"], game["labels"], len(game["forced"]))


if __name__ == "__main__":
    main()
