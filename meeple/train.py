"""``meeple train``: a value network for one game and player count, learned from self-play.

1. **Games.**  Seeded games between bots (``--bots``, one spec per seat, the
   last repeating; ``--explore`` of the decisions are played at random so the
   data is not one line of play), spread over processes (``--jobs``) or a Ray
   cluster (``--ray``).  At a share ``--keep`` of the decisions the position is
   kept: the observation of the seat to move (``state.observation``) and, once
   the game ends, every seat's result counted from that seat: its share of
   first place and its score margin squashed to (-1, 1).
2. **Fit.**  A small multi-layer perceptron (scikit-learn's ``MLPRegressor``,
   ReLU, Adam, an L2 penalty ``--alpha``) on the games of the first 90% of
   seeds; the last 10% are held out: the weights kept are those of the epoch
   with the lowest held-out loss (mean squared error of the first-place
   shares, reported beside the constant guess 1/N).
3. **Write** the weights (``.npz``) and the manifest (``.json``) that
   ``meeple.bots.valuenet`` loads and checks.

scikit-learn is needed for training only (``pip install 'meeple[train]'``);
the bots read the weights with numpy.
"""

from __future__ import annotations

import json
import math
import shlex
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from meeple import games
from meeple.bots.base import act
from meeple.bots.match import seat_rng
from meeple.bots.valuenet import WEIGHTS, expected_manifest, weights_path
from meeple.engine.messages import refused
from meeple.engine.rng import Rng
from meeple.parallel import run_tasks


def result_targets(state: Any, me: int) -> list[float]:
    """Per seat counted from ``me``: first-place share, then squashed score margin."""
    n = state.players
    ranking = state.ranking()
    first = ranking[0] if ranking else []
    scores = state.scores()
    spread = max(1.0, float(max(scores) - min(scores)))
    shares, margins = [], []
    for k in range(n):
        s = (me + k) % n
        shares.append(1.0 / len(first) if s in first else 0.0)
        best_other = max(x for i, x in enumerate(scores) if i != s)
        margins.append(math.tanh((scores[s] - best_other) / spread))
    return shares + margins


def play_for_data(task: tuple[str, int, int, list[str], float, float]) -> dict[str, Any]:
    """One self-play game: its record and the decision numbers of the positions kept."""
    from meeple import bots as botlib

    name, players, seed, specs, keep, explore = task
    game = games.get(name)
    state = game.new(players, seed)
    bots = [botlib.make(specs[min(s, len(specs) - 1)]) for s in range(players)]
    rngs = [seat_rng(seed, s) for s in range(players)]
    pick = Rng(seed * 7_919 + 17)
    kept: list[int] = []
    limit = 10 * game.max_steps(players)
    while not state.is_over and len(state.history) < limit:
        me = state.to_move
        legal = state.legal_actions()
        if len(legal) > 1 and pick.below(1_000_000) < keep * 1_000_000:
            kept.append(len(state.history))
        if len(legal) > 1 and pick.below(1_000_000) < explore * 1_000_000:
            action = legal[pick.below(len(legal))]
        else:
            action = act(bots[me], state, rngs[me])
        state.apply(action)
    return {"seed": seed, "record": state.record(), "kept": kept if state.is_over else []}


def observe(game_data: dict[str, Any]) -> tuple[list[Any], list[list[float]]]:
    """Replay one game's record; the observations of the seat to move at the kept
    decisions, and the game's final results counted from that seat."""
    record = game_data["record"]
    game = games.get(record["game"])
    state = game.new(record["players"], record["seed"], record["options"])
    kept = set(game_data["kept"])
    seen: list[tuple[Any, int]] = []
    for i, notation in enumerate(record["actions"]):
        if i in kept:
            seen.append((state.observation(state.to_move), state.to_move))
        state.apply(notation)
    if not state.is_over:
        return [], []
    return [x for x, _ in seen], [result_targets(state, me) for _, me in seen]


def train(
    game: str, players: int, count: int, specs: list[str], *, seed: int = 0, jobs: int = 1,
    keep: float = 0.25, explore: float = 0.1, hidden: tuple[int, ...] = (64,), epochs: int = 40,
    alpha: float = 1e-2, patience: int = 6, out: Path | None = None, ray: str | None = None,
    command: str = "", log: Any = None, data: Path | None = None,
) -> dict[str, Any]:
    """Generate, fit, evaluate and write; returns the manifest."""
    try:
        import numpy as np
        from sklearn.neural_network import MLPRegressor
    except ImportError:
        raise refused("train.no_sklearn") from None
    g = games.get(game)
    players = g.check_players(players)
    if count < 10:
        raise refused("train.games_min")
    if not 0 < keep <= 1 or not 0 <= explore < 1:
        raise refused("train.keep_explore")
    opening = g.new(players, 0)
    say = log or (lambda text: None)
    started = time.perf_counter()
    if data is not None and data.exists():
        results = _load_data(data)
        say(f"read {len(results)} games from {data}")
        if any(r["record"]["version"] != g.version or r["record"]["players"] != players for r in results):
            raise refused("train.stale_data", path=str(data))
    else:
        tasks = [(g.name, players, seed + i, specs, keep, explore) for i in range(count)]
        results = sorted(run_tasks(play_for_data, tasks, jobs, ray=ray), key=lambda r: r["seed"])
        if data is not None:
            _save_data(data, results)
    gen_seconds = time.perf_counter() - started
    count = len(results)
    seed = min(r["seed"] for r in results)
    for r in results:
        r["x"], r["y"] = observe(r)
    cut = seed + count - max(1, count // 10)
    train_x = [x for r in results if r["seed"] < cut for x in r["x"]]
    train_y = [y for r in results if r["seed"] < cut for y in r["y"]]
    val_x = [x for r in results if r["seed"] >= cut for x in r["x"]]
    val_y = [y for r in results if r["seed"] >= cut for y in r["y"]]
    if not train_x or not val_x:
        raise refused("train.too_few")
    say(f"{len(results)} games, {len(train_x)} training and {len(val_x)} held-out positions "
        f"in {gen_seconds:.0f} s")
    layout = opening.observation_layout()
    low = np.asarray(layout.low, dtype=np.float32)
    span = np.maximum(np.asarray(layout.high, dtype=np.float32) - low, 1e-6).astype(np.float32)
    X = (np.asarray(train_x, dtype=np.float32) - low) / span
    Y = np.asarray(train_y, dtype=np.float32)
    Xv = (np.asarray(val_x, dtype=np.float32) - low) / span
    Yv = np.asarray(val_y, dtype=np.float32)
    t0 = time.perf_counter()
    model = MLPRegressor(hidden_layer_sizes=hidden, activation="relu", solver="adam",
                         batch_size=min(256, len(X)), learning_rate_init=1e-3, alpha=alpha,
                         random_state=seed)
    # one pass over the data per epoch; the weights kept are those of the epoch with the
    # lowest loss on the held-out games (positions of one game are strongly alike, so a
    # random split of positions would not show over-fitting)
    best: tuple[float, list[Any], list[Any], int] | None = None
    for epoch in range(1, epochs + 1):
        model.partial_fit(X, Y)
        pred = model.predict(Xv).reshape(len(Xv), -1)
        loss = float(np.mean((pred[:, :players] - Yv[:, :players]) ** 2))
        if best is None or loss < best[0]:
            best = (loss, [w.copy() for w in model.coefs_], [b.copy() for b in model.intercepts_], epoch)
        elif epoch - best[3] >= patience:
            break
    assert best is not None
    val_loss, model.coefs_, model.intercepts_, best_epoch = best
    fit_seconds = time.perf_counter() - t0
    train_loss = float(np.mean((model.predict(X).reshape(len(X), -1)[:, :players] - Y[:, :players]) ** 2))
    constant = float(np.mean((1.0 / players - Yv[:, :players]) ** 2))
    say(f"fit in {fit_seconds:.0f} s: validation loss {val_loss:.4f} (constant 1/N: {constant:.4f}), "
        f"training loss {train_loss:.4f}")
    arrays: dict[str, Any] = {"low": low, "span": span}
    for i, (w, b) in enumerate(zip(model.coefs_, model.intercepts_, strict=True)):
        arrays[f"W{i}"] = w.astype(np.float32)
        arrays[f"b{i}"] = b.astype(np.float32)
    manifest = {
        **expected_manifest(opening),
        "outputs": "first-place share per seat counted from the seat to move, then squashed margins",
        "hidden": list(hidden),
        "command": command or f"meeple train {g.name} --players {players} --games {count}",
        "bots": specs, "explore": explore, "keep": keep, "seed": seed,
        "games": count, "positions": len(train_x), "held_out_positions": len(val_x),
        "validation_loss": round(val_loss, 5), "training_loss": round(train_loss, 5),
        "constant_loss": round(constant, 5), "epochs": best_epoch, "alpha": alpha,
        "generate_seconds": round(gen_seconds, 1), "fit_seconds": round(fit_seconds, 1),
    }
    path = weights_path(g.name, players, out)
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, **arrays)
    path.with_suffix(".json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    say(f"wrote {path} and {path.with_suffix('.json').name}")
    return manifest


def _save_data(path: Path, results: list[dict[str, Any]]) -> None:
    """Keep the generated games (records and kept decisions, JSON lines): the observations
    are made again from them, so a new observation layout needs no new games."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as out:
        for r in results:
            out.write(json.dumps({"seed": r["seed"], "record": r["record"], "kept": r["kept"]}) + "\n")


def _load_data(path: Path) -> list[dict[str, Any]]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
        return [json.loads(line) for line in lines if line.strip()]
    except (OSError, ValueError) as exc:
        raise refused("train.unreadable", path=str(path), reason=str(exc)) from None


def command_line() -> str:
    """The command as typed, for the manifest."""
    return "meeple " + " ".join(shlex.quote(a) for a in sys.argv[1:])


def train_command(
    game: Annotated[str, typer.Argument(help="the game")],
    players: Annotated[int, typer.Option("--players", "-p")] = 2,
    count: Annotated[int, typer.Option("--games", "-n", help="self-play games (a tenth held out)")] = 400,
    bots: Annotated[str, typer.Option("--bots", help="one bot per seat, the last repeating")] = "heuristic",
    jobs: Annotated[int, typer.Option("--jobs", "-j")] = 1,
    seed: Annotated[int, typer.Option("--seed")] = 0,
    keep: Annotated[float, typer.Option("--keep", help="share of decisions kept as data")] = 0.25,
    explore: Annotated[float, typer.Option("--explore", help="share of moves played at random")] = 0.1,
    hidden: Annotated[str, typer.Option("--hidden", help="hidden layer sizes")] = "64",
    epochs: Annotated[int, typer.Option("--epochs", help="at most; the best on held-out games is kept")] = 40,
    alpha: Annotated[float, typer.Option("--alpha", help="L2 penalty")] = 1e-2,
    data: Annotated[Path | None, typer.Option("--data", help="keep the games here / fit again from them")] = None,
    out: Annotated[Path | None, typer.Option("--out", help="folder (default: the shipped weights)")] = None,
    ray: Annotated[str | None, typer.Option("--ray", help="a Ray cluster address, or 'local'")] = None,
) -> None:
    """Learn a value network from self-play and write its weights and manifest (docs/bots.md)."""
    from meeple.bots.arena import split_bots

    specs = split_bots(bots)
    if not specs:
        raise refused("train.no_bots")
    try:
        sizes = tuple(int(x) for x in hidden.split(",") if x.strip())
    except ValueError:
        raise refused("train.hidden_numbers", got=repr(hidden)) from None
    if not sizes or min(sizes) < 1:
        raise refused("train.hidden_empty")
    if jobs < 1:
        raise refused("train.jobs")
    where = None if ray is None else ("" if ray.strip() in ("", "local") else ray.strip())
    train(game, players, count, specs, seed=seed, jobs=jobs, keep=keep, explore=explore, hidden=sizes,
          epochs=epochs, alpha=alpha, out=out, ray=where, command=command_line(), log=typer.echo, data=data)


__all__ = ["WEIGHTS", "command_line", "observe", "play_for_data", "result_targets", "train",
           "train_command"]
