#!/usr/bin/env python
"""The server's own work per decision, in-process (issue 30; a benchmark, not a test).

Plays random games (seeded) and, at every decision, does what the server does for it besides
HTTP and the database: apply the move to a clone, judge its story (``story.story_of``), build
the payload views of every seat and of the spectators, and encode them as JSON the way the
pushes do.  Prints CPU milliseconds per decision for each part and a digest of the stories and
views, which must be the same for two trees that judge alike.

``--tree DIR`` (repeatable) measures other source trees (``git archive REV | tar -x -C DIR``) in
turn, each in a fresh interpreter, ``--rounds`` times alternating, so that the trees are compared
in the same run; the minimum of the rounds is reported (the least disturbed by other work).

    .venv/bin/python scripts/bench_decision.py --game troyes --players 2 --seeds 6
    .venv/bin/python scripts/bench_decision.py --tree /tmp/meeple-old --tree . --rounds 3
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import subprocess
import sys
import time


def measure(game_name: str, players: int, seeds: int) -> dict[str, float | str | int]:
    import meeple
    from meeple.server import story

    try:  # the live module's encoder and views where this tree has them
        from meeple.server.live import dumps  # type: ignore[attr-defined]
    except ImportError:
        def dumps(body: object) -> str:
            return json.dumps(body, ensure_ascii=False)
    view = getattr(story, "shared_view", None) or (lambda state, seat: state.view(seat))
    game = meeple.games.get(game_name)
    parts = {"apply": 0.0, "story": 0.0, "views": 0.0, "json": 0.0}
    digest = hashlib.sha256()
    n = 0
    clock = time.process_time
    for seed in range(seeds):
        state = game.new(players, seed, {})
        rng = random.Random(seed)
        while not state.is_over:
            notation = rng.choice(state.legal_actions()).notation
            t0 = clock()
            new = state.clone()
            events = new.apply(notation)
            t1 = clock()
            told = story.story_of(state, notation, new, events)
            t2 = clock()
            views = [view(new, seat) for seat in [*range(players), None]]
            t3 = clock()
            texts = [dumps({"view": v}) for v in views]
            t4 = clock()
            parts["apply"] += t1 - t0
            parts["story"] += t2 - t1
            parts["views"] += t3 - t2
            parts["json"] += t4 - t3
            digest.update(json.dumps(told, sort_keys=True, default=str).encode())
            for text in texts:
                digest.update(json.dumps(json.loads(text), sort_keys=True).encode())
            n += 1
            state = new
    out: dict[str, float | str | int] = {k: v * 1000 / n for k, v in parts.items()}
    out["decisions"] = n
    out["digest"] = digest.hexdigest()[:16]
    out["source"] = os.path.dirname(os.path.dirname(os.path.abspath(meeple.__file__)))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="troyes")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seeds", type=int, default=6)
    ap.add_argument("--tree", action="append", default=[], help="source trees to compare ('.': this one)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if not args.tree:
        got = measure(args.game, args.players, args.seeds)
        if args.json:
            print(json.dumps(got))
            return
        print(f"{args.game} {args.players}p, {got['decisions']} decisions: " + ", ".join(
            f"{k} {got[k]:.3f}" for k in ("story", "views", "json", "apply")) + f" ms CPU each; digest {got['digest']}")
        return
    best: dict[str, dict[str, float | str | int]] = {}
    for _ in range(args.rounds):
        for tree in args.tree:
            env = {**os.environ, "PYTHONPATH": os.path.abspath(tree)}
            out = subprocess.run([sys.executable, os.path.abspath(__file__), "--game", args.game, "--players",
                                  str(args.players), "--seeds", str(args.seeds), "--json"],
                                 env=env, cwd=os.path.abspath(tree), capture_output=True, text=True, check=True)
            got = json.loads(out.stdout.strip().splitlines()[-1])
            old = best.get(tree)
            best[tree] = got if old is None else {k: min(v, old[k]) if isinstance(v, float) else v
                                                  for k, v in got.items()}
    print(f"{args.game} {args.players}p, {args.seeds} seeds, best of {args.rounds} rounds, CPU ms per decision; "
          f"load average {os.getloadavg()[0]:.1f}")
    for tree, got in best.items():
        total = sum(float(got[k]) for k in ("story", "views", "json", "apply"))
        print(f"  {tree}: story {got['story']:.3f}  views {got['views']:.3f}  json {got['json']:.3f}  "
              f"apply {got['apply']:.3f}  total {total:.3f}  ({got['decisions']} decisions, digest {got['digest']}, "
              f"from {got['source']})")


if __name__ == "__main__":
    main()
