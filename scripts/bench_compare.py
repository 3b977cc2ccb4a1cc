"""Speed of the checkout against any commit, side by side in one run (issue 31).

    python scripts/bench_compare.py REF [--repeats 3] [--seconds 2] [--games a,b]
                                        [--only random,ismcts,catan,rl] [--iters 200]
                                        [--pure | --compile] [--json]

REF ("old") is checked out in a temporary ``git worktree`` (removed at the end); the
checkout this script sits in, with its uncommitted changes, is "new".  Each sample runs in
a fresh subprocess of this Python with ``PYTHONPATH`` set to the tree measured (the child
checks that ``meeple`` was imported from that tree).  Rounds alternate old and new (old,
new, new, old, ...); each figure is the median of ``--repeats`` samples and the ratio is
new/old of the medians.  Rates are per second of the child's CPU time
(``time.process_time``: per core, so the machine's other load counts little; the load
average is printed for the record).  Only same-run ratios mean anything: never compare
the absolute rates of two runs.

Measures (``--only``):

- ``random``: seeded random play (``random.Random(seed)`` over ``legal_actions()``),
  whole games from ``new(players, seed)``: games/s and decisions/s at 4 players,
  decisions/s at 2;
- ``ismcts``: the default ``ismcts:iters=N`` bot deciding on positions of seeded random
  games at 2 players; search iterations per CPU second;
- ``catan``: Catanatron's random play (4 ``RandomPlayer``s, whole games, actions counted)
  when the ``catanatron`` package is installed (``pip install catanatron==3.2.1``), and
  meeple's 4-player random decisions/s over it for each game (old and new);
- ``rl``: PettingZoo AEC steps/s and their ratio to bare engine steps at 2 players
  (``pettingzoo_vs_engine``, as ``scripts/bench_rl.py``) and ``observation(0)``/s over the
  same 200 positions, when numpy and pettingzoo import and the tree has them ("-" if not).

``--pure`` sets ``MEEPLE_PURE=1`` in every child (the engine may not honour it yet) and
makes the child import ``meeple`` from ``.py`` sources only, ignoring compiled (mypyc)
``.so`` files next to them; each sample records whether compiled modules were loaded.

The defaults (4 games, 3 repeats, 2 CPU s a figure: about 7 minutes on an idle 2-core
machine, more when it is shared) are modest; pass fewer ``--games`` or a smaller
``--seconds`` for a quick look, more ``--repeats`` for steadier ratios.
``--compile`` builds the compiled (mypyc) extensions in REF's worktree (and ``--new``'s) before
measuring, as ``make fast`` does (a minute or two on 2 cores each, printed), so that a compiled
checkout is compared with a compiled REF: without it REF runs as pure Python.  A REF older than
the compiled build (no ``meeple/_compiled.py``) is measured as it is.
``--new COMMIT`` measures that commit (in a second worktree) instead of the checkout, e.g.
``--new HEAD`` while others are editing the working tree.  Exit status 2 for a REF that is
not a commit or bad arguments, 1 if a sample failed (the table is printed all the same,
each figure from the samples that ran, and the failures are listed).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("luna_maris", "messina", "mundus_novus", "troyes")
KINDS = ("random", "ismcts", "catan", "rl")


# ---------------------------------------------------------------- child (one sample)


def _source_only() -> None:
    """Import ``meeple`` from ``.py`` files only, whatever compiled modules sit beside them."""
    import importlib.machinery as machinery

    loader = (machinery.SourceFileLoader, machinery.SOURCE_SUFFIXES)

    class SourceOnly:
        @staticmethod
        def find_spec(name: str, path: Any = None, target: Any = None) -> Any:
            if name != "meeple" and not name.startswith("meeple."):
                return None
            for entry in path if path is not None else sys.path:
                spec = machinery.FileFinder(entry or ".", loader).find_spec(name)
                if spec is not None:
                    return spec
            return None

    sys.meta_path.insert(0, SourceOnly)  # type: ignore[arg-type]


def _random_games(game: Any, players: int, seconds: float) -> tuple[float, float]:
    """Whole seeded random games for ``seconds`` of CPU: (games/s, decisions/s)."""
    import random

    games = decisions = seed = 0
    started = time.process_time()
    while True:
        state = game.new(players, seed)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
        games += 1
        seed += 1
        elapsed = time.process_time() - started
        if elapsed >= seconds:
            return games / elapsed, decisions / elapsed


def _positions(game: Any, players: int, count: int, every: int = 1, skip: int = 0) -> list[Any]:
    """Clones of the positions of seeded random games (every ``every``-th after ``skip``)."""
    import random

    out: list[Any] = []
    seed = 0
    while len(out) < count:
        state = game.new(players, seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_over and len(out) < count:
            legal = state.legal_actions()
            if step >= skip and (step - skip) % every == 0 and (every == 1 or len(legal) > 1):
                out.append(state.clone())
            state.apply(rng.choice(legal))
            step += 1
        seed += 1
    return out


def _ismcts(game: Any, iters: int, seconds: float) -> dict[str, float]:
    from meeple import bots
    from meeple.engine.rng import Rng

    spots = _positions(game, 2, 8, every=9, skip=10)
    done = 0
    spent = 0.0
    k = 0
    bots.act(bots.make(f"ismcts:iters={max(1, iters // 10)}"), spots[0].clone(), Rng(99))
    while spent < seconds:
        pos = spots[k % len(spots)]
        rng = Rng(k)
        known = pos.determinize(pos.to_move, rng.fork())
        bot = bots.make(f"ismcts:iters={iters}")
        started = time.process_time()
        bot.choose(pos.to_move, known, rng)
        spent += time.process_time() - started
        done += bot.iterations  # type: ignore[attr-defined]
        k += 1
    return {"ismcts_iterations_per_s": done / spent, "ismcts_decisions": k}


def _catan(seconds: float) -> dict[str, float]:
    import random

    from catanatron import Color, Game, RandomPlayer  # type: ignore[import-not-found]

    colors = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
    actions = games = 0
    started = time.process_time()
    while True:
        random.seed(games)
        g = Game([RandomPlayer(c) for c in colors], seed=games)
        g.play()
        actions += len(g.state.actions)
        games += 1
        elapsed = time.process_time() - started
        if elapsed >= seconds:
            return {"catan_actions_per_s": actions / elapsed, "catan_games": games}


def _rl(name: str, game: Any, seconds: float) -> dict[str, Any]:
    """PettingZoo against bare engine steps and observations/s at 2 players (bench_rl's way)."""
    import random

    out: dict[str, Any] = {}
    try:
        from meeple.rl.pettingzoo import env as make_env
    except ImportError as exc:
        out["rl_missing"] = f"pettingzoo adapter: {exc}"
    else:
        e = make_env(name, 2)
        steps = seed = 0
        started = time.process_time()
        while time.process_time() - started < seconds:
            e.reset(seed=seed)
            rng = random.Random(seed)
            for _agent in e.agent_iter():
                obs, _, term, trunc, _ = e.last()
                if term or trunc:
                    e.step(None)
                    continue
                e.step(int(rng.choice(obs["action_mask"].nonzero()[0])))
                steps += 1
            seed += 1
        pz = steps / (time.process_time() - started)
        engine = _random_games(game, 2, seconds)[1]
        out.update(pettingzoo_steps_per_s=pz, engine_steps_per_s=engine,
                   pettingzoo_vs_engine=pz / engine)
    items = _positions(game, 2, 200)
    if not hasattr(items[0], "observation"):
        out["observation_missing"] = "no State.observation in this tree"
        return out
    try:
        items[0].observation(0)  # layouts are built once per component set
    except ImportError as exc:
        out["observation_missing"] = str(exc)
        return out
    done, started = 0, time.process_time()
    while True:
        for s in items:
            s._memo = None  # observations are kept in the memo: measure making one
            s.observation(0)
        done += len(items)
        elapsed = time.process_time() - started
        if elapsed >= seconds:
            out["observations_per_s"] = done / elapsed
            return out


def _check_tree(tree: Path) -> str:
    """Every ``meeple`` module loaded comes from ``tree``; ``meeple.__file__``."""
    for name, module in list(sys.modules.items()):
        if name == "meeple" or name.startswith("meeple."):
            where = getattr(module, "__file__", None)
            if where and tree not in Path(where).resolve().parents:
                raise SystemExit(f"{name} imported from {where}, not from the tree measured "
                                 f"({tree})")
    return str(Path(sys.modules["meeple"].__file__ or "").resolve())


def child(spec: dict[str, Any]) -> dict[str, Any]:
    """One sample; prints nothing but its result."""
    import importlib.machinery

    if spec.get("pure"):
        _source_only()
    out: dict[str, Any] = {}
    if spec["kind"] == "catan":
        out.update(_catan(spec["seconds"]))
        return out
    # The venv's editable install adds a finder that would fill in, from its own tree, any
    # module the tree measured lacks: only PYTHONPATH's tree may supply meeple.
    sys.meta_path[:] = [f for f in sys.meta_path
                        if not str(getattr(f, "__module__", "")).startswith("__editable__")]
    import meeple
    import meeple.games

    tree = Path(spec["tree"]).resolve()
    out["meeple"] = _check_tree(tree)
    game = meeple.games.get(spec["game"])
    seconds = spec["seconds"]
    if spec["kind"] == "random":
        _random_games(game, 4, 0.0)  # one game first: tables built once per component set
        out["random_games_per_s_4p"], out["random_decisions_per_s_4p"] = \
            _random_games(game, 4, seconds)
        out["random_decisions_per_s_2p"] = _random_games(game, 2, seconds)[1]
    elif spec["kind"] == "ismcts":
        out.update(_ismcts(game, spec["iters"], seconds))
    elif spec["kind"] == "rl":
        out.update(_rl(spec["game"], game, seconds))
    _check_tree(tree)
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    out["compiled_modules"] = sorted(
        n for n, m in list(sys.modules.items())
        if n.startswith("meeple") and str(getattr(m, "__file__", "") or "").endswith(suffixes))
    return out


# ---------------------------------------------------------------- parent


def git(*args: str, cwd: Path = ROOT) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True,
                          text=True).stdout.strip()


def resolve(ref: str) -> str | None:
    done = subprocess.run(["git", "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"],
                          cwd=ROOT, capture_output=True, text=True)
    return done.stdout.strip() if done.returncode == 0 else None


def build(tree: Path) -> str:
    """Compile ``tree``'s extensions in place (``scripts/build_fast.sh``'s build, this Python);
    what happened, in a few words."""
    if not (tree / "meeple" / "_compiled.py").exists():
        return "no compiled build at this commit (pure Python)"
    started = time.time()
    env = dict(os.environ, MEEPLE_COMPILE="1")
    env.pop("PYTHONPATH", None)
    done = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace",
                           "--build-temp", "build/mypyc"], cwd=tree, env=env, capture_output=True,
                          text=True)
    if done.returncode != 0:
        lines = (done.stderr or done.stdout).strip().splitlines()
        return f"compiling failed ({lines[-1] if lines else done.returncode}); measured as pure Python"
    for so in tree.glob("meeple/**/*.cpython-*.so"):
        so.touch()  # as build_fast.sh: every extension as new as the build
    return f"compiled in {time.time() - started:.0f} s"


def sample(kind: str, tree: Path | None, game: str | None, args: argparse.Namespace,
           ) -> dict[str, Any]:
    """Run one sample in a fresh child process; its figures, or ``{"error": ...}``."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    env.update(OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", MKL_NUM_THREADS="1",
               PYTHONHASHSEED="0")
    if args.pure:
        env["MEEPLE_PURE"] = "1"
    spec = {"kind": kind, "tree": str(tree or ROOT), "game": game, "seconds": args.seconds,
            "iters": args.iters, "pure": args.pure}
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child",
                           json.dumps(spec)], cwd=tree or ROOT, env=env, capture_output=True,
                          text=True)
    if done.returncode != 0:
        lines = (done.stderr or done.stdout).strip().splitlines()
        return {"error": lines[-1] if lines else f"exit status {done.returncode}"}
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


FIGURES = (  # (kind, key, label) in the table's order
    ("random", "random_games_per_s_4p", "random games/s (4p)"),
    ("random", "random_decisions_per_s_2p", "random decisions/s (2p)"),
    ("random", "random_decisions_per_s_4p", "random decisions/s (4p)"),
    ("ismcts", "ismcts_iterations_per_s", "ismcts iterations/s (2p)"),
    ("rl", "observations_per_s", "observations/s (2p)"),
    ("rl", "pettingzoo_steps_per_s", "PettingZoo steps/s (2p)"),
    ("rl", "pettingzoo_vs_engine", "pettingzoo_vs_engine (2p)"),
)


def _median(samples: list[dict[str, Any]], key: str) -> float | None:
    values = [s[key] for s in samples if isinstance(s.get(key), (int, float))]
    return statistics.median(values) if values else None


def summarize(samples: dict[tuple[str, str, str], list[dict[str, Any]]],
              games: list[str], kinds: list[str]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    catan = _median(samples.get(("catan", "-", "-"), []), "catan_actions_per_s")
    for name in games:
        for kind, key, label in FIGURES:
            if kind not in kinds:
                continue
            got = {side: [s for s in samples.get((kind, name, side), []) if "error" not in s]
                   for side in ("old", "new")}
            old, new = _median(got["old"], key), _median(got["new"], key)
            rows.append({"game": name, "figure": key, "label": label, "old": old, "new": new,
                         "ratio": new / old if old and new is not None else None,
                         "samples": {side: len(v) for side, v in got.items()}})
        if "catan" in kinds and catan and "random" in kinds:
            old = _median(samples.get(("random", name, "old"), []), "random_decisions_per_s_4p")
            new = _median(samples.get(("random", name, "new"), []), "random_decisions_per_s_4p")
            rows.append({"game": name, "figure": "vs_catanatron",
                         "label": "random decisions/s ÷ Catanatron actions/s (4p)",
                         "old": old / catan if old else None,
                         "new": new / catan if new else None, "ratio": None})
    return rows


def _fmt(x: float | None, ratio: bool = False) -> str:
    if x is None:
        return "-"
    if ratio:
        return f"{x:.2f}×"
    return f"{x:,.0f}" if x >= 100 else f"{x:.2f}"


def table(rows: list[dict[str, Any]], repeats: int) -> str:
    """Markdown; a figure from fewer than ``repeats`` good samples says how many."""
    lines = ["| game | figure | old | new | new/old |", "|---|---|---|---|---|"]
    for r in rows:
        ratio_like = r["figure"] in ("vs_catanatron",)
        cells = []
        for side in ("old", "new"):
            cell = _fmt(r[side], ratio_like)
            n = r.get("samples", {}).get(side, repeats)
            cells.append(cell + (f" ({n} of {repeats})" if r[side] is not None and n < repeats
                                 else ""))
        lines.append(f"| {r['game']} | {r['label']} | {cells[0]} | {cells[1]} | "
                     f"{_fmt(r['ratio'], True)} |")
    return "\n".join(lines)


def parse(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(
        description=(__doc__ or "").split("\n\n")[0],
        epilog="Defaults: all four games, 3 repeats, 2 CPU seconds a figure (about 7 "
               "minutes on an idle 2-core machine). --pure sets MEEPLE_PURE=1 in the children and imports "
               "meeple from .py sources only (compiled .so files ignored; the engine itself "
               "may not honour MEEPLE_PURE yet).")
    ap.add_argument("ref", help="the commit to compare the checkout with ('old')")
    ap.add_argument("--new", metavar="COMMIT",
                    help="measure this commit as 'new' (in a second worktree) instead of the "
                         "checkout as it stands with its uncommitted changes")
    ap.add_argument("--repeats", type=int, default=3, help="rounds of old/new samples (3)")
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds a figure (2)")
    ap.add_argument("--games", default=",".join(GAMES), help="comma list (default: all four)")
    ap.add_argument("--only", default=",".join(KINDS), help="comma list of " + ",".join(KINDS))
    ap.add_argument("--iters", type=int, default=200, help="ismcts iterations a decision (200)")
    ap.add_argument("--pure", action="store_true", help="ignore compiled modules (MEEPLE_PURE=1)")
    ap.add_argument("--compile", action="store_true",
                    help="build the compiled extensions in REF's worktree (and --new's) first")
    ap.add_argument("--json", action="store_true", help="print the result as JSON")
    args = ap.parse_args(argv)
    args.games = [g for g in args.games.split(",") if g]
    args.only = [k for k in args.only.split(",") if k]
    for value, known, what in ((args.games, GAMES, "game"), (args.only, KINDS, "measure")):
        bad = [v for v in value if v not in known]
        if bad or not value:
            ap.error(f"unknown {what} {', '.join(bad) or '(none)'}; known: {', '.join(known)}")
    if args.pure and args.compile:
        ap.error("--pure and --compile exclude each other")
    if args.repeats < 1 or args.seconds <= 0 or args.iters < 1:
        ap.error("--repeats and --iters must be at least 1 and --seconds more than 0")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    old_commit = resolve(args.ref)
    if old_commit is None:
        print(f"bench_compare: {args.ref!r} is not a commit in {ROOT}", file=sys.stderr)
        return 2
    new_commit = resolve(args.new) if args.new else git("rev-parse", "HEAD")
    if new_commit is None:
        print(f"bench_compare: {args.new!r} is not a commit in {ROOT}", file=sys.stderr)
        return 2
    dirty = 0 if args.new else len(git("status", "--porcelain", "--untracked-files=no")
                                   .splitlines())
    kinds = list(args.only)
    if "catan" in kinds:
        import importlib.util

        if importlib.util.find_spec("catanatron") is None:
            print("bench_compare: catanatron is not installed, skipping it "
                  "(pip install catanatron==3.2.1)", file=sys.stderr)
            kinds.remove("catan")
    load_start = os.getloadavg()
    began = time.time()
    samples: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
    base = Path(tempfile.mkdtemp(prefix="meeple-bench-compare-"))
    trees = {"old": base / "old", "new": base / "new" if args.new else ROOT}
    try:
        git("worktree", "add", "--detach", str(trees["old"]), old_commit)
        if args.new:
            git("worktree", "add", "--detach", str(trees["new"]), new_commit)
        if args.compile:
            for side in ("old", "new"):
                if trees[side] != ROOT:
                    print(f"bench_compare: {side}: {build(trees[side])}", file=sys.stderr, flush=True)
        for r in range(args.repeats):
            order = ("old", "new") if r % 2 == 0 else ("new", "old")
            if "catan" in kinds:
                got = sample("catan", None, None, args)
                samples.setdefault(("catan", "-", "-"), []).append(got)
                print(f"round {r + 1} catan {got}", file=sys.stderr, flush=True)
            for name in args.games:
                for kind in (k for k in ("random", "ismcts", "rl") if k in kinds):
                    for side in order:
                        got = sample(kind, trees[side], name, args)
                        samples.setdefault((kind, name, side), []).append(got)
                        shown = {k: round(v, 2) if isinstance(v, float)
                                 else len(v) if k == "compiled_modules" else v
                                 for k, v in got.items() if k != "meeple"}
                        print(f"round {r + 1} {name} {kind} {side} {shown}",
                              file=sys.stderr, flush=True)
    finally:
        for tree in trees.values():
            if tree != ROOT:
                subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT,
                               capture_output=True)
        subprocess.run(["rm", "-rf", str(base)], check=False)
    rows = summarize(samples, args.games, kinds)
    errors = sorted({f"{k[0]} {k[1]} {k[2]}: {s['error']}" for k, v in samples.items()
                     for s in v if "error" in s})
    missing = sorted({f"{k[1]} {k[2]}: {s[m]}" for k, v in samples.items() for s in v
                      for m in ("rl_missing", "observation_missing") if m in s})
    compiled = sorted({k[2] for k, v in samples.items() for s in v if s.get("compiled_modules")})
    catan = _median(samples.get(("catan", "-", "-"), []), "catan_actions_per_s")
    report = {
        "ref": args.ref, "old_commit": old_commit, "new_commit": new_commit,
        "new": args.new or "checkout",
        "new_uncommitted_files": dirty, "load_start": [round(x, 2) for x in load_start],
        "load_end": [round(x, 2) for x in os.getloadavg()], "cpus": os.cpu_count(),
        "python": sys.version.split()[0], "date": time.strftime("%Y-%m-%d %H:%M UTC",
                                                                   time.gmtime(began)),
        "wall_s": round(time.time() - began), "repeats": args.repeats,
        "seconds": args.seconds, "iters": args.iters, "pure": args.pure,
        "catanatron_actions_per_s": catan, "compiled_sides": compiled,
        "rows": rows, "errors": errors, "missing": missing,
        "samples": [{"kind": k[0], "game": k[1], "side": k[2], **s}
                    for k, v in samples.items() for s in v],
    }
    if args.json:
        print(json.dumps(report, indent=1))
        return 1 if errors else 0
    where = f"{args.new} = {new_commit[:12]}" if args.new else f"checkout at {new_commit[:12]}"
    print(f"old: {args.ref} = {old_commit[:12]}   new: {where}"
          + (f" + uncommitted changes in {dirty} files" if dirty else ""))
    print(f"date {report['date']}, {report['cpus']} cpus, load average "
          f"{' '.join(f'{x:.2f}' for x in load_start)} at start, "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())} at end; {report['wall_s']} s")
    print(f"median of {args.repeats} samples of {args.seconds:g} CPU s each, alternating "
          f"old/new; ismcts:iters={args.iters}" + ("; --pure" if args.pure else "")
          + (f"; Catanatron random play {catan:,.0f} actions/s" if catan else ""))
    if compiled:
        print(f"compiled modules loaded on: {', '.join(compiled)}")
    print()
    print(table(rows, args.repeats))
    for line in missing + errors:
        print(f"note: {line}")
    return 1 if errors else 0


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--child":
        print(json.dumps(child(json.loads(sys.argv[2]))))
    else:
        sys.exit(main())
