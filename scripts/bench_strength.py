"""Issue 19's strength table: the players' levels and the best bot against the baselines.

    python scripts/bench_strength.py [--games 40] [--jobs 1] [--budget 200] [--seed 3000]
                                     [--only GAME,...] [--players 2,max] [--rows KIND,...]
                                     [--out FILE.json] [--reports DIR] [--calibrate]

Rows (``--rows``, default all), each one ``meeple arena`` match-up (every seat arrangement,
each deal played once in each, so the luck of the deal is shared):

- ``best-heuristic``: the ``hard`` level (the best bot) against plain ``heuristic``;
- ``best-ismcts``: ``hard`` against today's ``ismcts`` at the same budget (``ismcts:iters=N``);
- ``hard-normal``: the ``hard`` level against ``normal``;
- ``normal-easy``: the ``normal`` level against ``easy``.

The levels' specs come from ``meeple.server.levels.DEFAULT_LEVELS``; ``--budget N`` sets the
ISMCTS iterations per decision of ``hard`` and of the ``ismcts`` it is compared with (default:
the ``hard`` level's own).  Iteration budgets, unlike time budgets, give the same games on a
loaded machine as on a quiet one.  At more than two players the measured bot holds one seat,
rotated through all of them, against copies of its opponent, so an even share is 1/players.

Every row runs ``arena_command`` (the function behind ``meeple arena``) and prints the
equivalent ``meeple arena`` command.  ``--reports DIR`` instead reads ``meeple arena --json``
reports saved in DIR (several seeds of one match-up are added up) and prints their table.
``--calibrate`` prints the CPU seconds per decision of ``hard`` at the budget on each game (six
mid-game decisions of two seeded random games at 2 players; CPU time of this process, so the
machine's other load counts only through shared caches).
The win rate is the measured bot's share of first places (a shared first place split) over
its seat-games, with a 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from meeple import bots as bot_kinds  # noqa: E402
from meeple import games  # noqa: E402
from meeple.bots.arena import arena_command, wilson  # noqa: E402
from meeple.server.levels import DEFAULT_LEVELS  # noqa: E402

ROWS = ("best-heuristic", "best-ismcts", "hard-normal", "normal-easy")


def with_budget(spec: str, iters: int | None) -> str:
    """``spec`` with its ISMCTS iteration budget set to ``iters`` (None: unchanged)."""
    name, params = bot_kinds.parse_spec(spec)
    if name != "ismcts" or iters is None:
        return spec
    params = {**params, "iters": str(iters)}
    params.pop("time", None)
    return name + ":" + ",".join(f"{k}={v}" for k, v in params.items())


ISMCTS_ITERS = {"messina": 400, "mundus_novus": 600}
"""ISMCTS iterations per decision that take about 0.1 s of a quiet core on each game (``--calibrate``;
200 on the others): the budget of today's ``ismcts`` that ``hard`` meets where ``hard`` is not ISMCTS."""


def level_iters(game: str) -> int:
    """The ISMCTS iterations per decision of the ``hard`` level on ``game`` (its game-wide spec, or
    ``ISMCTS_ITERS`` where that is not ISMCTS): the budget of the ``ismcts`` that ``hard`` meets."""
    name, params = bot_kinds.parse_spec(DEFAULT_LEVELS["hard"].spec_for(game))
    if name != "ismcts":
        return ISMCTS_ITERS.get(game, 200)
    return int(params.get("iters", 200))


def matchup(kind: str, budget: int | None, game: str, players: int | None = None) -> tuple[str, str]:
    """(measured bot, opponent) of a row kind on ``game`` (at ``players``: the level's spec for
    that count); ``budget``: the ISMCTS iterations of ``hard`` and of the ``ismcts`` it meets
    (None: the ``hard`` level's own on that game)."""
    iters = budget or level_iters(game)
    hard = with_budget(DEFAULT_LEVELS["hard"].spec_for(game, players), iters)
    normal = DEFAULT_LEVELS["normal"].spec_for(game, players)
    easy = DEFAULT_LEVELS["easy"].spec_for(game, players)
    return {
        "best-heuristic": (hard, "heuristic"),
        "best-ismcts": (hard, f"ismcts:iters={iters}"),
        "hard-normal": (hard, normal),
        "normal-easy": (normal, easy),
    }[kind]


def command_line(game: str, players: int, specs: list[str], n: int, jobs: int, seed: int) -> str:
    """The ``meeple arena`` command that plays the same games (a bot's own commas as ``;``)."""
    listed = ",".join(s.replace(",", ";") for s in specs)
    return f"meeple arena {game} -p {players} --bots '{listed}' -n {n} --jobs {jobs} --seed {seed}"


def run_row(game: str, players: int, bot: str, opponent: str, n: int, jobs: int,
            seed: int) -> dict[str, Any]:
    specs = [bot] + [opponent] * (players - 1)
    print(command_line(game, players, specs, n, jobs, seed), flush=True)
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        rc = arena_command(game, players, specs, n, jobs=jobs, seed=seed, as_json=True,
                           crash_dir="arena-crashes")
    report: dict[str, Any] = json.loads(buf.getvalue())
    report["exit_code"] = rc
    return report


def _norm(spec: str) -> str:
    return spec.replace(";", ",")


def row_of(reports: list[dict[str, Any]], bot: str, opponent: str, kind: str) -> dict[str, Any]:
    """One table row from one or more reports of the same match-up (seat-games added up)."""
    first = reports[0]
    wins = margin = 0.0
    n = games_played = crashes = 0
    iters = []
    for rep in reports:
        rows = {_norm(r["bot"]): r for r in rep["results"]}
        me = rows[_norm(bot)]
        wins += float(me["wins"])
        n += int(me["seat_games"])
        margin += float(me["mean_margin"] or 0.0) * int(me["seat_games"])
        games_played += int(rep["finished"])
        crashes += len(rep["crashes"])
        if me.get("iterations_per_s"):
            iters.append(float(me["iterations_per_s"]))
    lo, hi = wilson(wins, n)
    return {
        "row": kind, "game": first["game"], "players": first["players"], "bot": bot,
        "opponent": opponent, "games": games_played, "seat_games": n, "wins": wins,
        "win_rate": wins / n if n else 0.0, "ci95": [lo, hi], "even": 1.0 / first["players"],
        "mean_margin": margin / n if n else 0.0, "crashes": crashes,
        "seeds": [rep["seed"] for rep in reports],
        "iterations_per_s": sum(iters) / len(iters) if iters else None,
    }


def markdown(rows: list[dict[str, Any]]) -> str:
    lines = [
        "| row | game | players | bot | against | games | bot's wins (seat-games) | "
        "win rate (95% CI) | even share | mean margin |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lo, hi = r["ci95"]
        lines.append(
            f"| {r['row']} | {r['game']} | {r['players']} | `{r['bot']}` | `{r['opponent']}` "
            f"| {r['games']}" + (f" ({r['crashes']} crashed)" if r["crashes"] else "")
            + f" | {r['wins']:g} of {r['seat_games']} | {100 * r['win_rate']:.0f}% "
            f"({100 * lo:.0f}-{100 * hi:.0f}%) | {100 * r['even']:.0f}% | {r['mean_margin']:+.1f} |"
        )
    return "\n".join(lines)


def plan(names: list[str], counts: str, kinds: list[str],
         budget: int | None) -> list[tuple[str, str, int, str, str]]:
    """(kind, game, players, bot, opponent) of every row asked for."""
    out = []
    for kind in kinds:
        for name in names:
            g = games.get(name)
            wanted = [g.max_players if p == "max" else int(p) for p in counts.split(",") if p]
            for players in sorted(set(wanted)):
                if g.min_players <= players <= g.max_players:
                    bot, opp = matchup(kind, budget, name, players)
                    out.append((kind, name, players, bot, opp))
    return out


def from_reports(folder: Path, todo: list[tuple[str, str, int, str, str]]) -> list[dict[str, Any]]:
    """Rows from saved ``meeple arena --json`` reports (every file in ``folder``)."""
    saved = []
    for path in sorted(folder.glob("*.json")):
        try:
            saved.append(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            continue
    rows = []
    for kind, name, players, bot, opp in todo:
        want = [_norm(bot)] + [_norm(opp)] * (players - 1)
        same = [r for r in saved if r["game"] == name and r["players"] == players
                and [_norm(b) for b in r["bots"]] == want]
        if same:
            rows.append(row_of(same, bot, opp, kind))
    return rows


def calibrate(names: list[str], spec: str) -> None:
    """CPU seconds per decision of ``spec`` at 2 players on each game."""
    from meeple.engine.rng import Rng

    for name in names:
        spent, decisions = 0.0, 0
        for seed in (1, 2):
            state = games.get(name).new(2, seed)
            rng = Rng(seed)
            for _ in range(60 if name == "mundus_novus" else 20):
                legal = state.legal_actions()
                state.apply(legal[rng.below(len(legal))])
            bot = bot_kinds.make(spec)
            for _ in range(3):
                if state.is_over:
                    break
                t0 = time.process_time()
                action = bot_kinds.act(bot, state, rng)
                spent += time.process_time() - t0
                decisions += 1
                state.apply(action)
        print(f"{name}: {spent / max(1, decisions):.3f} CPU s per decision of {spec}", flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=40, help="games per row")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--budget", type=int, default=None,
                    help="ISMCTS iterations per decision (default: the hard level's)")
    ap.add_argument("--seed", type=int, default=3000)
    ap.add_argument("--only", default="", help="comma-separated games (default: all)")
    ap.add_argument("--players", default="2,max", help="comma-separated counts; 'max': the game's most")
    ap.add_argument("--rows", default=",".join(ROWS), help=f"comma-separated of {', '.join(ROWS)}")
    ap.add_argument("--out", default=None, help="write the rows and reports as JSON here")
    ap.add_argument("--reports", default=None, help="table from saved meeple arena --json reports")
    ap.add_argument("--calibrate", action="store_true", help="CPU seconds per decision of hard")
    args = ap.parse_args(argv)
    kinds = [k for k in args.rows.split(",") if k]
    bad = [k for k in kinds if k not in ROWS]
    if bad:
        ap.error(f"unknown row {bad[0]!r} (rows: {', '.join(ROWS)})")
    budget = args.budget
    names = [n for n in args.only.split(",") if n] or games.names()
    if args.calibrate:
        for name in names:
            calibrate([name], with_budget(DEFAULT_LEVELS["hard"].spec_for(name), budget))
        return 0
    todo = plan(names, args.players, kinds, budget)
    if args.reports:
        print(markdown(from_reports(Path(args.reports), todo)))
        return 0
    rows, reports = [], []
    for kind, name, players, bot, opp in todo:
        t0 = time.perf_counter()
        report = run_row(name, players, bot, opp, args.games, args.jobs, args.seed)
        reports.append(report)
        row = row_of([report], bot, opp, kind)
        rows.append(row)
        print(f"  {kind} {name} {players}p: {100 * row['win_rate']:.0f}% of {row['seat_games']} "
              f"seat-games ({time.perf_counter() - t0:.0f} s)", file=sys.stderr, flush=True)
        if args.out:
            Path(args.out).write_text(json.dumps({"args": vars(args), "rows": rows,
                                                  "reports": reports}, indent=1), encoding="utf-8")
    print(markdown(rows))
    return 1 if any(r["crashes"] for r in rows) else 0


if __name__ == "__main__":
    raise SystemExit(main())
