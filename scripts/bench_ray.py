"""simulate on a local Ray cluster against the local process pool, side by side in one run.

    .venv/bin/python scripts/bench_ray.py [--games 200] [--jobs 2] [--bots random]

For each game: games/s with one process, with the pool (``--jobs``) and on a
local Ray cluster of ``--jobs`` CPUs (started once, outside the timing), the
overhead per game on Ray against the pool, and whether the results are equal
seed for seed.  A benchmark, not a test (docs/scaling.md has its figures).
"""

from __future__ import annotations

import argparse
import time

from meeple import games
from meeple.parallel import ray_module
from meeple.simulate import run_games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--bots", default="random")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    ray = ray_module()
    t0 = time.perf_counter()
    ray.init(num_cpus=args.jobs, include_dashboard=False, log_to_driver=False, configure_logging=False)
    print(f"local Ray cluster of {args.jobs} CPUs started in {time.perf_counter() - t0:.1f} s")
    print(f"{'game':14} {'1 proc g/s':>10} {'pool g/s':>9} {'ray g/s':>8} {'ray/pool':>8} "
          f"{'ray ms/game over pool':>21} same")
    for name in games.names():
        if name == "hilo":
            continue
        specs = [args.bots] * args.players
        rows = {}
        for label, jobs, where in (("one", 1, None), ("pool", args.jobs, None), ("ray", args.jobs, "")):
            count = max(20, args.games // 4) if label == "one" else args.games
            start = time.perf_counter()
            results = run_games(name, args.players, count, specs, 0, jobs, ray=where)
            rows[label] = (count / (time.perf_counter() - start), results)
        same = [(r.seed, r.scores) for r in rows["ray"][1]] == [(r.seed, r.scores) for r in rows["pool"][1]]
        pool, spread = rows["pool"][0], rows["ray"][0]
        overhead = (1 / spread - 1 / pool) * 1000 * args.jobs
        print(f"{name:14} {rows['one'][0]:10.1f} {pool:9.1f} {spread:8.1f} {spread / pool:8.2f} "
              f"{overhead:21.2f} {same}")
    ray.shutdown()


if __name__ == "__main__":
    main()
