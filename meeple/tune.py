"""``meeple tune``: constants for a game's ``evaluate`` chosen in self-play (issue 19, ``value=tuned``).

Each candidate row of weights (``--try "caravel=0,identical=0.3"``, repeatable; the hand-set
defaults are always measured first) is played by ``--bot`` (default ``heuristic:value=tuned``) in one
seat against ``--against`` (default the stock ``heuristic``) in every other seat, in every seat
arrangement, on the same deals (``--seed``, ``--games``).  The row that wins the most seat-games is
written to ``<out>/<game>_<N>p.tuned.json`` with a manifest holding every candidate's result, so the
choice can be read and measured again; when no candidate beats the defaults nothing is written.

This is a measured choice among given rows, not a search: which rows to try is the tuner's
judgement (docs/bots.md records the ones tried).  The winner of many noisy trials is flattered by
its own selection, so measure it again on other deals (``meeple arena --seed``) before shipping it.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Annotated, Any

import typer

from meeple import games
from meeple.bots import make
from meeple.bots.arena import play_arena
from meeple.bots.tuned import expected, tuned_path
from meeple.bots.valuenet import WEIGHTS
from meeple.engine.messages import refused
from meeple.train import command_line


def parse_row(text: str) -> dict[str, float]:
    """``"name=value,name=value"`` as named numbers (an empty text: the defaults)."""
    row: dict[str, float] = {}
    for part in text.split(","):
        if not part.strip():
            continue
        name, sep, value = part.partition("=")
        try:
            if not sep:
                raise ValueError
            row[name.strip()] = float(value)
        except ValueError:
            raise refused("tune.try_pair", text=repr(text), part=repr(part)) from None
    return row


def write_tuned(folder: Path, manifest: dict[str, Any], weights: dict[str, float]) -> Path:
    """Write one tuned file into ``folder``; its path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = tuned_path(str(manifest["game"]), int(manifest["players"]), folder)
    path.write_text(json.dumps({"manifest": manifest, "weights": weights}, indent=1) + "\n", encoding="utf-8")
    return path


def tune(game: str, players: int, rows: list[dict[str, float]], count: int, *, bot: str = "heuristic:value=tuned",
         against: str = "heuristic", seed: int = 0, jobs: int = 1, out: Path | None = None,
         command: str = "", log: Any = print) -> Path | None:
    """Measure each row (the defaults first) and write the best if it beats the defaults."""
    g = games.get(game)
    state = g.new(players, seed)
    for row in rows:
        g.evaluate_with(row)  # an unknown weight name is refused before any game
    if "value=tuned" not in bot:
        raise refused("tune.bot_untuned", bot=repr(bot))
    make(bot)
    make(against)
    base = dict(expected(state), command=command)
    trials: list[dict[str, Any]] = []
    saved = os.environ.get("MEEPLE_WEIGHTS")
    try:
        with tempfile.TemporaryDirectory(prefix="meeple-tune-") as tmp:
            for i, row in enumerate([{}, *rows]):
                folder = Path(tmp) / str(i)
                write_tuned(folder, dict(base, trial=i), row)
                os.environ["MEEPLE_WEIGHTS"] = str(folder)
                report = play_arena(g.name, players, [bot] + [against] * (players - 1), count, jobs, seed)
                if report["crashes"]:
                    raise refused("tune.crashed", row=str(row), crash=str(report["crashes"][0]))
                mine = report["results"][0]
                trials.append({"weights": row, "wins": mine["wins"], "games": mine["seat_games"],
                               "win_rate": mine["win_rate"], "ci95": mine["ci95"],
                               "mean_margin": mine["mean_margin"]})
                log(f"{i:3d}  {mine['win_rate']:6.1%}  ({mine['ci95'][0]:.1%}-{mine['ci95'][1]:.1%})  "
                    f"{json.dumps(row) if row else 'defaults'}")
    finally:
        if saved is None:
            os.environ.pop("MEEPLE_WEIGHTS", None)
        else:
            os.environ["MEEPLE_WEIGHTS"] = saved
    best = max(range(len(trials)), key=lambda i: (trials[i]["wins"], -i))
    if best == 0:
        log("no candidate beat the defaults: nothing written")
        return None
    manifest = dict(base, games=count, seed=seed, bot=bot, opponent=against, trials=trials)
    path = write_tuned(out or WEIGHTS, manifest, trials[best]["weights"])
    log(f"wrote {path} (candidate {best})")
    return path


def tune_command(
    game: Annotated[str, typer.Argument(help="the game")],
    players: Annotated[int, typer.Option("--players", "-p")] = 2,
    rows: Annotated[list[str] | None, typer.Option("--try", help="a candidate row: name=value,... (repeatable)")] = None,
    count: Annotated[int, typer.Option("--games", "-n", help="games per candidate")] = 300,
    bot: Annotated[str, typer.Option("--bot", help="the bot that reads the weights")] = "heuristic:value=tuned",
    against: Annotated[str, typer.Option("--against", help="the bot in every other seat")] = "heuristic",
    jobs: Annotated[int, typer.Option("--jobs", "-j")] = 1,
    seed: Annotated[int, typer.Option("--seed")] = 0,
    out: Annotated[Path | None, typer.Option("--out", help="folder (default: the shipped weights)")] = None,
) -> None:
    """Choose constants for the game's evaluate in self-play and write the best (docs/bots.md)."""
    if not rows:
        raise refused("tune.no_try")
    if count < 1 or jobs < 1:
        raise refused("engine.setup.games_jobs")
    tune(game, players, [parse_row(r) for r in rows], count, bot=bot, against=against, seed=seed, jobs=jobs,
         out=out, command=command_line(), log=typer.echo)
