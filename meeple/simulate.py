"""``meeple simulate`` and ``meeple bench``: many games through the contract.

Simulation plays seeded games with bots in worker processes and gathers
results; a crash is returned with its seed and the record that reproduces
it.  The benchmark measures random play and the cost of the contract's hot
calls.  Neither is a test: speed figures belong here.
"""

from __future__ import annotations

import json
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from meeple import games
from meeple.bots.match import play_match
from meeple.engine import State
from meeple.engine.components import Tables, check_limits
from meeple.engine.rng import Rng
from meeple.parallel import run_tasks


@dataclass
class GameResult:
    seed: int
    scores: list[int] = field(default_factory=list)
    ranking: list[list[int]] = field(default_factory=list)
    decisions: int = 0
    seconds: float = 0.0
    error: str | None = None
    record: dict[str, Any] | None = None
    solo: dict[str, Any] | None = None  # a 1-player game's result against its yardstick


_tables: Tables | None = None


def _init_worker(tables: Tables | None) -> None:
    global _tables
    _tables = tables


def play_one(task: tuple[str, int, int, list[str], dict[str, Any]]) -> GameResult:
    """Play one seeded game with the given bots (one spec per seat)."""
    name, players, seed, specs, options = task
    match = play_match(name, players, seed, specs, options, _tables)
    state = match.state
    if match.error is not None or state is None:
        return GameResult(seed, error=match.error, record=match.crash_record(), seconds=match.seconds)
    return GameResult(seed, state.scores(), state.ranking(), len(state.history), match.seconds, solo=state.solo())


def check_setup(name: str, players: int, seed: int = 0, options: dict[str, Any] | None = None,
                tables: Tables | None = None) -> None:
    """Raise ``BadSetup`` unless the game accepts this set-up (its first game is set up once)."""
    game = games.get(name)
    if tables is not None:
        check_limits(tables)
    game.new(players, seed=seed, options=options or {}, tables=tables)


def run_games(
    name: str, players: int, count: int, specs: list[str], seed: int, jobs: int,
    options: dict[str, Any] | None = None, tables: Tables | None = None, progress: Any = None,
    ray: str | None = None,
) -> list[GameResult]:
    """Play seeds ``seed .. seed+count-1``, in seed order whether played here, in a local pool
    (``jobs``) or on a Ray cluster (``ray``: an address, or ``""`` for a local one).  A set-up
    the game refuses (players, options, a component pack outside its limits) raises
    ``BadSetup`` before any game is played, rather than coming back as ``count`` crashes."""
    check_setup(name, players, seed, options, tables)
    tasks = [(name, players, seed + i, specs, options or {}) for i in range(count)]
    results: list[GameResult] = []
    for result in run_tasks(play_one, tasks, jobs, init=_init_worker, init_arg=tables, ray=ray):
        results.append(result)
        if progress:
            progress()
    results.sort(key=lambda r: r.seed)
    return results


def summarise(name: str, players: int, specs: list[str], results: list[GameResult],
              seconds: float) -> dict[str, Any]:
    done = [r for r in results if r.error is None]
    seats: list[dict[str, Any]] = []
    for s in range(players):
        scores = [r.scores[s] for r in done]
        if players == 1:  # solo: a win is reaching the game's yardstick (docs/engine.md "Solo games")
            wins = float(sum(1 for r in done if r.solo is None or r.solo["beaten"]))
        else:
            wins = sum(1.0 / len(r.ranking[0]) for r in done if s in r.ranking[0])
        seats.append({
            "seat": s, "bot": specs[s], "wins": round(wins, 2),
            "win_rate": round(wins / len(done), 3) if done else 0.0,
            "mean_score": round(sum(scores) / len(scores), 2) if scores else None,
            "min_score": min(scores) if scores else None,
            "max_score": max(scores) if scores else None,
        })
    out = {
        "game": name, "players": players, "games": len(results), "finished": len(done),
        "crashes": [{"seed": r.seed, "error": r.error, "record_file": None} for r in results if r.error],
        "seats": seats,
        "mean_decisions": round(sum(r.decisions for r in done) / len(done), 1) if done else 0,
        "seconds": round(seconds, 3),
        "games_per_second": round(len(results) / seconds, 2) if seconds > 0 else None,
    }
    if players == 1:
        out["solo"] = solo_summary(done)
    return out


def solo_summary(done: list[GameResult]) -> dict[str, Any] | None:
    """Solo games: the yardstick, how many reached it, and the score's median and quartiles."""
    solos = [r.solo for r in done if r.solo is not None]
    if not solos:
        return None
    scores = sorted(r.scores[0] for r in done)
    q1, median, q3 = statistics.quantiles(scores, n=4, method="inclusive") if len(scores) > 1 else scores * 3
    return {"level": solos[0]["level"], "yardstick": solos[0]["yardstick"],
            "yardstick_kind": solos[0]["yardstick_kind"], "beaten": sum(1 for x in solos if x["beaten"]),
            "median": median, "q1": q1, "q3": q3}


def save_crashes(summary: dict[str, Any], results: list[GameResult], folder: Path) -> None:
    """Write each crash's record beside its entry in the summary."""
    by_seed = {r.seed: r for r in results if r.error}
    for crash in summary["crashes"]:
        result = by_seed[crash["seed"]]
        if result.record is None:
            continue
        path = folder / f"crash-{summary['game']}-{summary['players']}p-seed{crash['seed']}.json"
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(result.record, indent=1) + "\n", encoding="utf-8")
        crash["record_file"] = str(path)


# --- bench --------------------------------------------------------------------------------


def _time_per_call(fn: Any, items: list[Any], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for item in items:
            fn(item)
        best = min(best, time.perf_counter() - t0)
    return best / max(1, len(items)) * 1e6


def bench_one(name: str, players: int, seconds: float = 1.0, tables: Tables | None = None) -> dict[str, Any]:
    """Random-play speed and µs per legal_actions / apply / clone for one game and count."""
    game = games.get(name)
    rng = Rng(12345)
    decisions = 0
    finished = 0
    samples: list[State] = []
    started = time.perf_counter()
    seed = 0
    while time.perf_counter() - started < seconds or finished == 0:
        state = game.new(players, seed=seed, tables=tables)
        seed += 1
        while not state.is_over:
            legal = state.legal_actions()
            if decisions % 97 == 0 and len(samples) < 400:
                samples.append(state.clone())
            state.apply(legal[rng.below(len(legal))])
            decisions += 1
        finished += 1
    elapsed = time.perf_counter() - started
    legal_us = _time_per_call(lambda s: s._legal(), samples)
    clone_us = _time_per_call(lambda s: s.clone(), samples)
    pairs = []
    for s in samples:
        acts = s.legal_actions()
        pairs.append((s, acts[rng.below(len(acts))]))
    best = float("inf")
    for _ in range(3):
        copies = [(s.clone(), a) for s, a in pairs]
        t0 = time.perf_counter()
        for c, a in copies:
            c.apply(a)
        best = min(best, time.perf_counter() - t0)
    apply_us = best / max(1, len(pairs)) * 1e6
    return {
        "game": name, "players": players,
        "decisions_per_second": round(decisions / elapsed),
        "games_per_second": round(finished / elapsed, 2),
        "mean_decisions": round(decisions / finished, 1),
        "legal_actions_us": round(legal_us, 2), "apply_us": round(apply_us, 2),
        "clone_us": round(clone_us, 2),
    }
