"""The compiled build (``make fast``) against the pure-Python one, side by side in one run.

    .venv/bin/python scripts/bench_compiled.py [--games 20] [--iters 300] [--rounds 2]

Each round runs one child process per build, alternating (``MEEPLE_PURE=1`` for the pure one);
each child plays the same random games (4 players, the same seeds) and the same ISMCTS searches
(2 players, plain ``ismcts:iters=N`` from the same mid-game positions) and reports CPU time
(``time.process_time``).  Printed: random decisions/s and ISMCTS iterations/s per build and their
ratio.  Needs the extensions built (``make fast``).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from typing import Any


def child(n_games: int, iters: int, positions: int) -> dict[str, Any]:
    import random

    import meeple._compiled as compiled
    from meeple import bots, games
    from meeple.engine.rng import Rng

    out: dict[str, Any] = {"compiled": compiled.active()}
    for name in games.names():
        g = games.get(name)
        players = min(4, g.max_players)
        g.new(players, 999)  # derived tables built before timing
        decisions, t0 = 0, time.process_time()
        for seed in range(n_games):
            state, rng = g.new(players, seed), random.Random(seed)
            while not state.is_over:
                state.apply(rng.choice(state.legal_actions()))
                decisions += 1
        random_s = time.process_time() - t0
        done, search_s = 0, 0.0
        for k in range(positions):
            state, rng = g.new(2, 100 + k), random.Random(k)
            for _ in range(30):
                if state.is_over:
                    break
                state.apply(rng.choice(state.legal_actions()))
            while len(state.legal_actions()) < 2 and not state.is_over:
                state.apply(state.legal_actions()[0])
            bot = bots.make(f"ismcts:iters={iters}")
            t1 = time.process_time()
            bots.act(bot, state, Rng(k))
            search_s += time.process_time() - t1
            done += int(bot.stats()["iterations"])  # type: ignore[attr-defined]
        out[name] = {"decisions": decisions, "random_s": random_s, "iterations": done, "search_s": search_s}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20, help="random games per game and build (4 players)")
    ap.add_argument("--iters", type=int, default=300, help="ISMCTS iterations per search")
    ap.add_argument("--positions", type=int, default=3, help="ISMCTS searches per game and build")
    ap.add_argument("--rounds", type=int, default=2, help="alternating runs of each build")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        print(json.dumps(child(args.games, args.iters, args.positions)))
        return 0
    totals: dict[str, dict[str, dict[str, float]]] = {"pure": {}, "compiled": {}}
    for _ in range(args.rounds):
        for build in ("pure", "compiled"):
            env = dict(os.environ)
            env.pop("MEEPLE_PURE", None)
            if build == "pure":
                env["MEEPLE_PURE"] = "1"
            cmd = [sys.executable, os.path.abspath(__file__), "--child", "--games", str(args.games),
                   "--iters", str(args.iters), "--positions", str(args.positions)]
            result = json.loads(subprocess.run(cmd, env=env, check=True, capture_output=True,
                                               text=True).stdout.splitlines()[-1])
            if result.pop("compiled") != (build == "compiled"):
                print(f"the {build} run did not run the {build} build (make fast?)", file=sys.stderr)
                return 1
            for name, row in result.items():
                acc = totals[build].setdefault(name, {})
                for key, value in row.items():
                    acc[key] = acc.get(key, 0.0) + value
    print("| game | random decisions/s pure | compiled | × | ISMCTS iterations/s pure | compiled | × |")
    print("|---|---|---|---|---|---|---|")
    for name, p in totals["pure"].items():
        c = totals["compiled"][name]
        rp, rc = p["decisions"] / p["random_s"], c["decisions"] / c["random_s"]
        ip, ic = p["iterations"] / p["search_s"], c["iterations"] / c["search_s"]
        print(f"| {name} | {rp:,.0f} | {rc:,.0f} | {rc / rp:.2f} | {ip:,.0f} | {ic:,.0f} | {ic / ip:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
