"""Measure the bots' strength table (for docs/bots.md) with the arena.

    python -m meeple.bots.measure --games 20 --time 0.05 --jobs 2 --out strength.json

For each registered game (or those given with ``--only``), at 2 players and
at the game's maximum count, three match-ups are played with
``arena_command``: heuristic against random, ismcts against random and ismcts
against heuristic.  At more than two players the bot measured takes one seat
and its opponent kind fills the others, rotated through every seat.  It
prints a Markdown table (the measured bot's share of first places, its 95%
Wilson interval, its mean score margin, ISMCTS iterations per second and
thinking time per decision) and writes every arena report as JSON.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import time
from typing import Any

from meeple import games
from meeple.bots.arena import arena_command


def matchups(ismcts: str) -> list[tuple[str, str]]:
    return [("heuristic", "random"), (ismcts, "random"), (ismcts, "heuristic")]


def run_one(game: str, players: int, bot: str, opponent: str, n: int, jobs: int,
            seed: int) -> dict[str, Any]:
    specs = [bot] + [opponent] * (players - 1)
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        rc = arena_command(game, players, specs, n, jobs=jobs, seed=seed, as_json=True,
                           crash_dir="arena-crashes")
    report = json.loads(buf.getvalue())
    report["exit_code"] = rc
    return report


def row_of(report: dict[str, Any], bot: str, opponent: str) -> dict[str, Any]:
    rows = {r["bot"]: r for r in report["results"]}
    me = rows[bot]
    return {
        "game": report["game"],
        "players": report["players"],
        "bot": bot,
        "opponent": opponent,
        "games": report["finished"],
        "crashes": len(report["crashes"]),
        "win_rate": me["win_rate"],
        "ci95": me["ci95"],
        "mean_margin": me["mean_margin"],
        "iterations_per_s": me["iterations_per_s"],
        "seconds_per_decision": me["seconds_per_decision"],
        "elapsed_s": report["elapsed_s"],
    }


def markdown(rows: list[dict[str, Any]]) -> str:
    lines = [
        "| game | players | bot | against | games | win rate (95% CI) | mean margin | "
        "ISMCTS iters/s | s/decision |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lo, hi = r["ci95"]
        ips = "-" if r["iterations_per_s"] is None else f"{r['iterations_per_s']:,.0f}"
        spd = "-" if r["seconds_per_decision"] is None else f"{r['seconds_per_decision']:.3f}"
        lines.append(
            f"| {r['game']} | {r['players']} | {r['bot']} | {r['opponent']} | {r['games']}"
            + (f" ({r['crashes']} crashed)" if r["crashes"] else "")
            + f" | {100 * r['win_rate']:.0f}% ({100 * lo:.0f}-{100 * hi:.0f}%) "
            f"| {r['mean_margin']:+.1f} | {ips} | {spd} |"
        )
    return "\n".join(lines)


def speed(names: list[str], ismcts: str, seconds: float = 2.0) -> str:
    """A Markdown table of raw speed per game and player count (2 and max):
    random-play decisions per second, clone time, and ISMCTS iterations per
    second on one core (mean over three mid-game positions, one decision
    each)."""
    from meeple import bots
    from meeple.engine.rng import Rng

    lines = [
        "| game | players | random decisions/s | decisions/game | clone µs | "
        f"`{ismcts}` iterations/s |",
        "|---|---|---|---|---|---|",
    ]
    for name in names:
        g = games.get(name)
        for players in sorted({2, g.max_players}):
            if not g.min_players <= players <= g.max_players:
                continue
            rng = Rng(1)
            n = played = clones = 0
            clone_s = 0.0
            t0 = time.perf_counter()
            mids: list[Any] = []
            while time.perf_counter() - t0 < seconds or played < 2:
                state = g.new(players, played)
                played += 1
                steps = 0
                while not state.is_over:
                    legal = state.legal_actions()
                    state.apply(legal[rng.below(len(legal))])
                    n += 1
                    steps += 1
                    if n % 10 == 0:
                        c0 = time.perf_counter()
                        copy = state.clone()
                        clone_s += time.perf_counter() - c0
                        clones += 1
                        if len(mids) < 3 and played > 1 and steps > 20 and not copy.is_over \
                                and len(copy.legal_actions()) > 1:
                            mids.append(copy)
            elapsed = time.perf_counter() - t0
            total_iters = total_s = 0.0
            for k, pos in enumerate(mids):
                bot = bots.make(ismcts)
                bots.act(bot, pos, Rng(k))
                st = bot.stats()  # type: ignore[attr-defined]
                total_iters += st["iterations"]
                total_s += st["seconds"]
            rate = total_iters / total_s if total_s else 0.0
            lines.append(
                f"| {name} | {players} | {n / elapsed:,.0f} | {n / played:.0f} | "
                f"{1e6 * clone_s / max(1, clones):.0f} | {rate:,.0f} |"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20, help="games per match-up")
    ap.add_argument("--time", type=float, default=1.0, help="ISMCTS seconds per decision")
    ap.add_argument("--iters", type=int, default=None, help="ISMCTS iterations instead of time")
    ap.add_argument("--extra", default="", help="extra ISMCTS parameters, e.g. horizon=10")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--only", default="", help="comma-separated games (default: all registered)")
    ap.add_argument("--players", default="", help="comma-separated counts, 'max' for each game's maximum (default: 2,max)")
    ap.add_argument("--matchups", default="", help="comma-separated indices of 0,1,2")
    ap.add_argument("--out", default=None, help="write the reports as JSON here")
    ap.add_argument("--speed", action="store_true", help="only the speed table")
    args = ap.parse_args(argv)
    budget = f"iters={args.iters}" if args.iters else f"time={args.time:g}"
    ismcts = f"ismcts:{budget}" + (f",{args.extra}" if args.extra else "")
    names = [n for n in args.only.split(",") if n] or games.names()
    if args.speed:
        print(speed(names, ismcts))
        return 0
    chosen = [int(i) for i in args.matchups.split(",") if i] or [0, 1, 2]
    rows = []
    reports = []
    for name in names:
        g = games.get(name)
        counts = [g.max_players if p == "max" else int(p) for p in args.players.split(",") if p]
        counts = counts or sorted({2, g.max_players})
        for players in counts:
            if not g.min_players <= players <= g.max_players:
                continue
            for k in chosen:
                bot, opp = matchups(ismcts)[k]
                t0 = time.perf_counter()
                report = run_one(name, players, bot, opp, args.games, args.jobs, args.seed)
                reports.append(report)
                row = row_of(report, bot, opp)
                rows.append(row)
                print(f"{name} {players}p {bot} vs {opp}: {100 * row['win_rate']:.0f}% of "
                      f"{row['games']} ({time.perf_counter() - t0:.0f} s)", file=sys.stderr,
                      flush=True)
                if args.out:
                    with open(args.out, "w", encoding="utf-8") as f:
                        json.dump({"args": vars(args), "rows": rows, "reports": reports}, f,
                                  indent=1)
    print(markdown(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
