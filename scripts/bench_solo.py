"""Issue 29's solo figures: score distributions of solo games per game, level and bot.

    python scripts/bench_solo.py [GAME ...] [--bots random,heuristic,hard] [--games 1000]
                                 [--games-for hard=32] [--seed 0] [--jobs 1] [--json]

For every game with a solo game (``min_players == 1``), every choice of its solo level option
(``--option``-style ``solo`` or ``level``, else the defaults only) and every bot, ``--games`` seeded
solo games (``meeple.simulate.run_games``, the function behind ``meeple simulate``), and prints
the median and quartiles of the final score, the mean, and how many reached the game's yardstick
(the view's ``solo``, docs/engine.md "Solo games").  ``hard`` is the server's level of that name
(``meeple.server.levels.DEFAULT_LEVELS``); ``--games-for hard=N`` plays fewer games for a slow bot.
A benchmark, not a test: the table goes in docs/bots.md.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from meeple import games
from meeple.simulate import run_games

LEVEL_OPTIONS = ("solo", "level", "difficulty", "ai")


def bot_spec(name: str) -> str:
    """A bot name or a server level (``hard``) as a ``meeple.bots`` spec."""
    from meeple.server.levels import DEFAULT_LEVELS

    level = DEFAULT_LEVELS.get(name)
    return level.spec if level is not None else name


def levels(game: Any) -> list[dict[str, str]]:
    """One options dict per solo level of the game (``[{}]`` when it names none)."""
    for key in LEVEL_OPTIONS:
        option = game.options.get(key)
        if option is not None and option.choices:
            return [{key: str(choice)} for choice in option.choices]
    return [{}]


def measure(name: str, options: dict[str, str], bot: str, count: int, seed: int, jobs: int) -> dict[str, Any]:
    started = time.process_time()
    results = run_games(name, 1, count, [bot_spec(bot)], seed, jobs, options)
    done = [r for r in results if r.error is None]
    scores = sorted(r.scores[0] for r in done)
    q1, median, q3 = statistics.quantiles(scores, n=4, method="inclusive") if len(scores) > 1 else scores * 3
    solos = [r.solo for r in done if r.solo is not None]
    return {"game": name, "options": options, "bot": bot, "games": count, "finished": len(done),
            "median": median, "q1": q1, "q3": q3, "mean": round(statistics.fmean(scores), 2),
            "min": scores[0], "max": scores[-1], "yardstick": solos[0]["yardstick"] if solos else None,
            "reached": sum(1 for s in solos if s["beaten"]), "cpu_seconds": round(time.process_time() - started, 1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*", help="games (default: every game with a solo game)")
    ap.add_argument("--bots", default="random,heuristic,hard")
    ap.add_argument("--games", dest="count", type=int, default=1000)
    ap.add_argument("--games-for", default="", help="per bot: bot=N,... (fewer games for a slow bot)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    names = args.games or [n for n in games.names() if games.get(n).min_players == 1]
    per_bot = dict(item.split("=") for item in args.games_for.split(",") if item)
    rows = []
    for name in names:
        game = games.get(name)
        for options in levels(game):
            for bot in args.bots.split(","):
                rows.append(measure(name, options, bot, int(per_bot.get(bot, args.count)), args.seed, args.jobs))
                if not args.json:
                    print(f"done: {name} {options} {bot}", file=sys.stderr)
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    print("| game | level | bot | games | median | quartiles | mean | min-max | reached the yardstick |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        level = ", ".join(f"{k}={v}" for k, v in r["options"].items()) or "-"
        print(f"| {r['game']} | {level} | {r['bot']} | {r['finished']} | {r['median']:g} | {r['q1']:g}-{r['q3']:g} "
              f"| {r['mean']:g} | {r['min']}-{r['max']} | {r['reached']} of {r['finished']} ({r['yardstick']}) |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
