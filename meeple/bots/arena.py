"""The arena: bots play each other in every seat arrangement, with statistics.

``arena_command`` plays ``games`` games of one game at one player count.
Seat arrangements: every distinct assignment of the listed bots to the seats
(all orderings when there are at least as many bots as seats, else the
rotations ``seat i -> bots[(i + r) % len(bots)]``), played in rotation; each
deal (game seed ``seed + k``) is played once in every arrangement before the
next deal starts, so luck of the deal is shared evenly.

A bot's result in one game, seen from each seat it holds: 1 for a sole first
place, 1/k for a first place shared by k seats, else 0 ("win rate", with a
95% Wilson interval over seat-games); its score margin is its score minus the
best other seat's.  Elo ratings are fitted (Bradley-Terry, by minorization-
maximization, one virtual draw per pair as a prior) from every pair of seats
held by different bots in every game: the better place wins, an equal place
is a draw.  The mean rating is 1500.

Any exception raised by a bot or the game, and any game that runs past ten
times the game's step bound, is a crash: the game's record is saved to a
file (``Match.crash_record``; a ``meta`` field adds the error,
the bots by seat and the action that was being applied), its path is shown,
and the exit status is 1.
"""

from __future__ import annotations

import itertools
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

from meeple.bots.match import Match, play_match
from meeple.engine.core import MeepleError
from meeple.parallel import run_tasks

Z95 = 1.959963984540054
MAX_ARRANGEMENTS = 720

_tables: Any = None  # the component pack in use (inherited by forked workers)


# --- planning ---------------------------------------------------------------------


def split_bots(text: str) -> list[str]:
    """Split a ``--bots`` list on commas, keeping each bot's parameters with it:
    ``"ismcts:iters=200,horizon=8,heuristic"`` -> ``["ismcts:iters=200,horizon=8",
    "heuristic"]`` (a piece holding ``=`` but no ``:`` continues the previous bot)."""
    out: list[str] = []
    for piece in text.split(","):
        piece = piece.strip()
        if not piece:
            continue
        if out and "=" in piece and ":" not in piece:
            out[-1] += "," + piece
        else:
            out.append(piece)
    return out


def arrangements(bots: list[str], players: int) -> list[tuple[str, ...]]:
    """Every seat arrangement of ``bots`` at ``players`` seats, in a fixed order."""
    n = len(bots)
    out: list[tuple[str, ...]] = []
    seen: set[tuple[str, ...]] = set()
    if n >= players and math.perm(n, players) <= MAX_ARRANGEMENTS:
        candidates: Any = itertools.permutations(range(n), players)
    else:
        candidates = (tuple((i + r) % n for i in range(players)) for r in range(n))
    for idx in candidates:
        specs = tuple(bots[i] for i in idx)
        if specs not in seen:
            seen.add(specs)
            out.append(specs)
    return out


def game_seeds(seed: int, games: int, n_arrangements: int) -> list[tuple[int, int]]:
    """(game seed, arrangement index) of each game."""
    return [(seed + g // n_arrangements, g % n_arrangements) for g in range(games)]


# --- one game ---------------------------------------------------------------------


def play_one(task: tuple[int, str, int, int, tuple[str, ...], str]) -> dict[str, Any]:
    """Play one game; never raises (a crash is returned, with its saved record)."""
    index, game_name, players, game_seed, specs, crash_dir = task
    match = play_match(game_name, players, game_seed, specs, None, _tables)
    state = match.state
    if match.error is None and state is not None:
        return {
            "index": index,
            "seed": game_seed,
            "bots": list(specs),
            "scores": list(state.scores()),
            "ranking": [list(p) for p in state.ranking()],
            "solo": state.solo(),
            "decisions": len(state.history),
            "think": match.think,
            "moves": match.moves,
            "stats": [_bot_stats(b) for b in match.bots],
            "error": None,
        }
    return {
        "index": index,
        "seed": game_seed,
        "bots": list(specs),
        "error": match.error,
        "traceback": match.traceback,
        "record": _save_crash(match, crash_dir, index),
        "pending": match.crashed_on,
    }


def _bot_stats(bot: Any) -> dict[str, float] | None:
    stats = getattr(bot, "stats", None)
    return stats() if callable(stats) else None


def _save_crash(match: Match, crash_dir: str, index: int) -> str | None:
    """Write the crash's record (``meta.crashed_on`` names the decision that failed)."""
    record = match.crash_record(
        arena=True,
        note=("replay the actions, then apply crashed_on to reproduce a game error; "
              "a bot error reproduces by re-running the arena game with this seed and bots"),
    )
    if record is None:
        return None
    try:
        folder = Path(crash_dir)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{record['game']}-{record['players']}p-seed{match.seed}-game{index}.json"
        path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        return str(path)
    except OSError:  # pragma: no cover - the record cannot be written
        return None


# --- statistics ---------------------------------------------------------------------


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``wins`` may be fractional)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / denom
    lo = 0.0 if wins <= 0 else max(0.0, centre - half)
    hi = 1.0 if wins >= n else min(1.0, centre + half)
    return (lo, hi)


def place_of(ranking: list[list[int]], players: int) -> list[int]:
    place = [0] * players
    for i, group in enumerate(ranking):
        for s in group:
            place[s] = i
    return place


def fit_elo(names: list[str], wins: dict[tuple[str, str], float],
            counts: dict[tuple[str, str], int], iterations: int = 500) -> dict[str, float]:
    """Bradley-Terry ratings on the Elo scale (mean 1500) from pairwise results.

    ``wins[a, b]``: points ``a`` scored against ``b`` (a draw is half a point);
    ``counts[a, b]``: games between them (symmetric).  One virtual draw per
    pair that met keeps every rating finite.
    """
    if len(names) < 2:
        return {n: 1500.0 for n in names}
    w: dict[tuple[str, str], float] = {}
    n: dict[tuple[str, str], float] = {}
    for a in names:
        for b in names:
            if a == b:
                continue
            games = counts.get((a, b), 0)
            if games:
                w[a, b] = wins.get((a, b), 0.0) + 0.5
                n[a, b] = games + 1.0
    gamma = {a: 1.0 for a in names}
    for _ in range(iterations):
        new = {}
        for a in names:
            total = sum(w.get((a, b), 0.0) for b in names if b != a)
            denom = sum(n[a, b] / (gamma[a] + gamma[b]) for b in names if (a, b) in n)
            new[a] = total / denom if denom > 0 and total > 0 else gamma[a]
        # normalise (geometric mean 1) and stop when settled
        g = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        new = {a: v / g for a, v in new.items()}
        change = max(abs(new[a] - gamma[a]) for a in names)
        gamma = new
        if change < 1e-10:
            break
    return {a: 1500.0 + 400.0 * math.log10(gamma[a]) for a in names}


def summarise(results: list[dict[str, Any]], bots: list[str], players: int) -> dict[str, Any]:
    names = list(dict.fromkeys(bots))
    plays = {b: 0 for b in names}
    wins = {b: 0.0 for b in names}
    margins = {b: 0.0 for b in names}
    think = {b: 0.0 for b in names}
    moves = {b: 0 for b in names}
    iters = {b: 0.0 for b in names}
    iter_time = {b: 0.0 for b in names}
    pair_w: dict[tuple[str, str], float] = {}
    pair_n: dict[tuple[str, str], int] = {}
    seat_wins = [0.0] * players
    finished = 0
    decisions = 0
    for r in results:
        if r.get("error"):
            continue
        finished += 1
        decisions += r["decisions"]
        specs = r["bots"]
        scores = r["scores"]
        ranking = r["ranking"]
        place = place_of(ranking, players)
        first = ranking[0]
        solo = r.get("solo")
        for s, spec in enumerate(specs):
            plays[spec] += 1
            share = 1.0 / len(first) if s in first else 0.0
            others = [scores[o] for o in range(players) if o != s]
            if solo:  # solo: the yardstick is the opponent (docs/engine.md "Solo games")
                share = 1.0 if solo["beaten"] else 0.0
                others = [solo["yardstick"]]
            wins[spec] += share
            seat_wins[s] += share
            margins[spec] += scores[s] - (max(others) if others else 0)
            think[spec] += r["think"][s]
            moves[spec] += r["moves"][s]
            st = r["stats"][s]
            if st:
                iters[spec] += st.get("iterations", 0)
                iter_time[spec] += st.get("seconds", 0.0)
        for i in range(players):
            for j in range(players):
                a, b = specs[i], specs[j]
                if i == j or a == b:
                    continue
                pair_n[a, b] = pair_n.get((a, b), 0) + 1
                if place[i] < place[j]:
                    pair_w[a, b] = pair_w.get((a, b), 0.0) + 1.0
                elif place[i] == place[j]:
                    pair_w[a, b] = pair_w.get((a, b), 0.0) + 0.5
    # pair_n counts each unordered meeting once per direction; halve nothing:
    # wins[a,b] + wins[b,a] == counts[a,b] holds for every pair.
    elo = fit_elo(names, pair_w, pair_n)
    rows = []
    for b in names:
        n = plays[b]
        lo, hi = wilson(wins[b], n)
        rows.append({
            "bot": b,
            "seat_games": n,
            "wins": round(wins[b], 4),
            "win_rate": wins[b] / n if n else None,
            "ci95": [lo, hi],
            "mean_margin": margins[b] / n if n else None,
            "elo": elo[b],
            "seconds_per_decision": think[b] / moves[b] if moves[b] else None,
            "iterations_per_s": iters[b] / iter_time[b] if iter_time[b] > 0 else None,
        })
    head_to_head = []
    for a in names:
        for b in names:
            if a != b and pair_n.get((a, b)):
                head_to_head.append({
                    "bot": a, "opponent": b, "meetings": pair_n[a, b],
                    "score": pair_w.get((a, b), 0.0) / pair_n[a, b],
                })
    return {
        "finished": finished,
        "results": rows,
        "head_to_head": head_to_head,
        "seat_win_rate": [w / finished if finished else None for w in seat_wins],
        "mean_decisions": decisions / finished if finished else None,
    }


# --- the command ----------------------------------------------------------------------


def arena_command(
    game: str,
    players: int,
    bots: list[str],
    games: int,
    jobs: int = 1,
    seed: int = 0,
    as_json: bool = False,
    tables: Any = None,
    crash_dir: str | Path = "arena-crashes",
    ray: str | None = None,
) -> int:
    """Play ``games`` games of ``game`` between ``bots`` and print the statistics.

    Prints a rich table (or JSON on stdout when ``as_json``); a progress bar
    goes to stderr.  Returns 0, 1 when any game crashed (each crash's record
    file is named in the output), or 2 for bad arguments.
    """
    from rich.console import Console

    err = Console(stderr=True)
    try:
        report = play_arena(game, players, bots, games, jobs, seed, tables, crash_dir, ray, err)
    except MeepleError as exc:
        err.print(f"[red]error:[/red] {exc}", highlight=False)
        return 2
    if as_json:
        sys.stdout.write(json.dumps(report, indent=1) + "\n")
        sys.stdout.flush()
    else:
        _print_report(report)
    return 1 if report["crashes"] else 0


def play_arena(
    game: str,
    players: int,
    bots: list[str],
    games: int,
    jobs: int = 1,
    seed: int = 0,
    tables: Any = None,
    crash_dir: str | Path = "arena-crashes",
    ray: str | None = None,
    err: Any = None,
) -> dict[str, Any]:
    """Play the games and return the report ``arena_command`` prints (``MeepleError`` on bad
    arguments, before any game); ``err``: a rich console for the progress bar (default stderr)."""
    from rich.console import Console

    game_name, bots, arrangement_list = _check(game, players, bots, games, jobs, seed)
    global _tables
    _tables = tables
    tasks = [
        (g, game_name, players, gseed, arrangement_list[a], str(crash_dir))
        for g, (gseed, a) in enumerate(game_seeds(seed, games, len(arrangement_list)))
    ]
    results, elapsed = _run(tasks, jobs, err or Console(stderr=True), ray)
    results.sort(key=lambda r: r["index"])
    summary = summarise(results, bots, players)
    crashes = [
        {"game": r["index"], "seed": r["seed"], "bots": r["bots"], "error": r["error"],
         "record": r.get("record"), "crashed_on": r.get("pending")}
        for r in results if r.get("error")
    ]
    return {
        "game": game_name,
        "players": players,
        "games": games,
        "seed": seed,
        "jobs": jobs,
        "bots": list(bots),
        "arrangements": [list(a) for a in arrangement_list],
        "elapsed_s": elapsed,
        **summary,
        "crashes": crashes,
    }


def _check(game: str, players: int, bots: list[str], games: int, jobs: int,
           seed: int) -> tuple[str, list[str], list[tuple[str, ...]]]:
    from meeple import bots as botlib
    from meeple import games as gamelib
    from meeple.engine.messages import refused

    g = gamelib.get(game)
    g.check_players(players)
    specs = [b.strip() for b in bots if b and b.strip()]
    if not specs:
        raise refused("engine.setup.arena_bots")
    for spec in specs:
        botlib.make(spec)  # a bad spec fails here, before any game starts
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise refused("engine.setup.positive", name="games", got=repr(games))
    if not isinstance(jobs, int) or isinstance(jobs, bool) or jobs < 1:
        raise refused("engine.setup.positive", name="jobs", got=repr(jobs))
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise refused("engine.setup.seed", got=repr(seed))
    return g.name, specs, arrangements(specs, players)


def _set_tables(tables: Any) -> None:
    global _tables
    _tables = tables


def _run(tasks: list[Any], jobs: int, err: Any, ray: str | None = None) -> tuple[list[dict[str, Any]], float]:
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    results: list[dict[str, Any]] = []
    start = time.perf_counter()
    progress = Progress(
        TextColumn("[bold]arena[/bold] {task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
    )
    with progress:
        bar = progress.add_task(tasks[0][1] if tasks else "", total=len(tasks))
        for result in run_tasks(play_one, tasks, jobs, init=_set_tables, init_arg=_tables, ray=ray):
            results.append(result)
            progress.advance(bar)
    return results, time.perf_counter() - start


def _fmt(x: float | None, spec: str) -> str:
    return "-" if x is None else format(x, spec)


def _print_report(report: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    out = Console(highlight=False)
    finished = report["finished"]
    out.print(
        f"[bold]Arena[/bold] {report['game']}, {report['players']} players: "
        f"{finished} of {report['games']} games finished, {len(report['arrangements'])} seat "
        f"arrangements, seed {report['seed']}, {report['jobs']} job(s), "
        f"{report['elapsed_s']:.1f} s"
    )
    table = Table(
        title="Results by bot",
        caption="n: seat-games played; a first place shared by k seats counts 1/k; margin: "
        "score minus the best other seat's; ms/move: thinking time per decision",
    )
    table.add_column("bot", overflow="fold")
    for col in ("n", "wins", "win%", "95% CI", "margin", "Elo", "ms/move", "iter/s"):
        table.add_column(col, justify="right", no_wrap=True)
    for row in report["results"]:
        lo, hi = row["ci95"]
        spd = row["seconds_per_decision"]
        table.add_row(
            row["bot"],
            str(row["seat_games"]),
            _fmt(row["wins"], "g"),
            _fmt(None if row["win_rate"] is None else 100 * row["win_rate"], ".1f"),
            f"{100 * lo:.0f}-{100 * hi:.0f}",
            _fmt(row["mean_margin"], "+.2f"),
            f"{row['elo']:.0f}",
            _fmt(None if spd is None else 1000 * spd, ".1f"),
            _fmt(row["iterations_per_s"], ".0f"),
        )
    out.print(table)
    if report["head_to_head"]:
        h2h = Table(title="Head to head: share of meetings placed ahead (a tie counts half)")
        h2h.add_column("bot", overflow="fold")
        h2h.add_column("opponent", overflow="fold")
        h2h.add_column("meetings", justify="right")
        h2h.add_column("score", justify="right")
        for row in report["head_to_head"]:
            h2h.add_row(row["bot"], row["opponent"], str(row["meetings"]),
                        f"{100 * row['score']:.1f}%")
        out.print(h2h)
    seats = ", ".join(
        f"seat {i}: {_fmt(None if w is None else 100 * w, '.0f')}%"
        for i, w in enumerate(report["seat_win_rate"])
    )
    out.print(f"Win rate by seat: {seats}; mean decisions per game: "
              f"{_fmt(report['mean_decisions'], '.1f')}")
    if report["crashes"]:
        out.print(f"[red bold]{len(report['crashes'])} game(s) crashed:[/red bold]")
        for c in report["crashes"]:
            where = c["record"] or "(no record could be saved)"
            out.print(f"  game {c['game']} (seed {c['seed']}, bots {', '.join(c['bots'])}): "
                      f"{c['error']}; record: {where}")
    else:
        out.print("No crashes.")
