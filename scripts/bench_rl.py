"""Figures for learning agents (issue 18), per game and player count, each pair in one run:

- ids (the closed action space) and observation size;
- ``view(0)`` per second against ``observation(0)`` per second over the same positions;
- PettingZoo AEC steps per second with observations (masked random play) against the bare
  engine (random ``apply`` on the same games);
- ``--closure N``: N seeded random games per player count, every legal action checked for an id;
- ``--split``: the share of an observation's time that is the game's own writer
  (``Encoder.observe_state``, into a fresh array after the engine's head), the rest being the
  shared encoder's (array, head, memo, copy).

- ``--against TREE``: the adapters alone, in this process on this checkout's engine: the shared
  encoder's ``observation`` / ``action_mask`` / ``action_ids`` and the PettingZoo env of the
  checkout at TREE (e.g. ``git worktree add /tmp/rl-base <commit>``) against this checkout's,
  alternating bursts of S seconds, ``--rounds`` times; medians of the rates and of the ratios.

    python scripts/bench_rl.py [GAME ...] [--players N | --all] [--seconds S] [--closure N] [--split] [--json]
    python scripts/bench_rl.py [GAME ...] [--players N] --against TREE [--seconds S] [--rounds R]

(``--all``: every player count; by default the smallest, 2 and the largest.)

Single process; rates are per second of this process's CPU time (per core, so the machine's
other load does not count; ``load`` is ``os.getloadavg`` for the record).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import meeple  # noqa: E402

GAMES = ("luna_maris", "messina", "mundus_novus", "troyes")


def positions(name: str, players: int, count: int) -> list[Any]:
    out: list[Any] = []
    seed = 0
    while len(out) < count:
        state = meeple.games.get(name).new(players, seed)
        rng = random.Random(seed)
        while not state.is_over and len(out) < count:
            out.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
        seed += 1
    return out


def per_second(fn: Any, items: list[Any], seconds: float) -> float:
    done, started = 0, time.process_time()
    while True:
        for x in items:
            fn(x)
        done += len(items)
        elapsed = time.process_time() - started
        if elapsed >= seconds:
            return done / elapsed


def fresh_view(state: Any) -> Any:
    state._memo = None  # the same work for both: nothing kept from an earlier call
    return state.view(0)


def fresh_observation(state: Any) -> Any:
    state._memo = None  # observations are kept in the position's memo; measure making one
    return state.observation(0)


def writer_only(state: Any) -> Any:
    """The game's own writer alone, on an array made here (what ``observation`` adds around it
    is the array, the engine's head, the memo and the copy)."""
    from meeple.engine.encoding import Obs

    encoder = state.game.encoder
    out = Obs(0, state.players, state.observation_layout().size)
    out.pos = 2 * state.players + 2  # after the engine's head
    encoder.observe_state(state, out, encoder._vocabs(state.tables))
    return out


def bare_array(state: Any) -> Any:
    from meeple.engine.encoding import Obs

    return Obs(0, state.players, state.observation_layout().size)


def engine_steps(name: str, players: int, seconds: float) -> float:
    game = meeple.games.get(name)
    steps, seed, started = 0, 0, time.process_time()
    while time.process_time() - started < seconds:
        state = game.new(players, seed)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
        seed += 1
    return steps / (time.process_time() - started)


def pettingzoo_steps(name: str, players: int, seconds: float, make_env: Any = None) -> float:
    if make_env is None:
        from meeple.rl.pettingzoo import env as make_env

    e = make_env(name, players)
    steps, seed, started = 0, 0, time.process_time()
    while time.process_time() - started < seconds:
        e.reset(seed=seed)
        for _agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            mask = obs["action_mask"]
            e.step(int(random.choice(mask.nonzero()[0])))
            steps += 1
        seed += 1
    return steps / (time.process_time() - started)


SWAPPED = ("observation", "action_mask", "action_ids")
"""The shared encoder's methods ``--against`` takes from the other tree (the games' own writers,
the engine and everything else stay this checkout's)."""


def other_adapters(tree: str) -> tuple[dict[str, Any], Any]:
    """TREE's encoder methods (``SWAPPED``) and its PettingZoo ``env``, loaded beside this checkout's."""
    import importlib.util

    def load(name: str, path: Path) -> Any:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None, path
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        return module

    root = Path(tree)
    encoding = load("against_encoding", root / "meeple/engine/encoding.py")
    pz = load("against_pettingzoo", root / "meeple/rl/pettingzoo.py")
    return {n: encoding.Encoder.__dict__[n] for n in SWAPPED}, pz.env


def against(name: str, players: int, tree: str, seconds: float, rounds: int) -> dict[str, Any]:
    """One row of ``--against``: A is TREE's adapters, B this checkout's, alternating (ABBA...)."""
    import statistics

    from meeple.engine.encoding import Encoder
    from meeple.rl.pettingzoo import env as own_env

    own = {n: Encoder.__dict__[n] for n in SWAPPED}
    theirs, their_env = other_adapters(tree)
    items = positions(name, players, 200)
    items[0].observation(0)
    got: dict[str, list[float]] = {k: [] for k in ("oA", "oB", "pA", "pB", "eA", "eB")}
    sides = (("A", theirs, their_env), ("B", own, own_env))
    try:
        for r in range(rounds):
            for side, methods, make_env in sides if r % 2 == 0 else sides[::-1]:
                for n, f in methods.items():
                    setattr(Encoder, n, f)
                got["o" + side].append(per_second(fresh_observation, items, seconds))
                got["e" + side].append(engine_steps(name, players, seconds))
                random.seed(r)
                got["p" + side].append(pettingzoo_steps(name, players, 2 * seconds, make_env))
    finally:
        for n, f in own.items():
            setattr(Encoder, n, f)
    med = statistics.median

    def ratio(a: str, b: str) -> float:
        return round(med(y / x for x, y in zip(got[a], got[b], strict=True)), 2)

    return {"game": name, "players": players, "against": tree, "rounds": rounds,
            "observation_per_s_A": round(med(got["oA"])), "observation_per_s_B": round(med(got["oB"])),
            "observation_B_vs_A": ratio("oA", "oB"),
            "pettingzoo_steps_per_s_A": round(med(got["pA"])), "pettingzoo_steps_per_s_B": round(med(got["pB"])),
            "pettingzoo_B_vs_A": ratio("pA", "pB"),
            "engine_steps_per_s_A": round(med(got["eA"])), "engine_steps_per_s_B": round(med(got["eB"])),
            "pettingzoo_vs_engine_A": ratio("eA", "pA"), "pettingzoo_vs_engine_B": ratio("eB", "pB"),
            "load": round(os.getloadavg()[0], 1)}


def closure(name: str, players: int, games: int) -> int:
    decisions = 0
    for seed in range(games):
        state = meeple.games.get(name).new(players, seed)
        rng = random.Random(seed)
        while not state.is_over:
            assert len(state.action_ids()) == len(state.legal_actions())
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", default=list(GAMES))
    ap.add_argument("--players", type=int, action="append")
    ap.add_argument("--all", action="store_true", help="every player count of each game")
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--closure", type=int, default=0, metavar="N")
    ap.add_argument("--split", action="store_true", help="the game writer's share of an observation")
    ap.add_argument("--against", metavar="TREE", help="another checkout's adapters, side by side")
    ap.add_argument("--rounds", type=int, default=7, help="--against: alternating rounds")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = []
    for name in args.games:
        game = meeple.games.get(name)
        every = range(game.min_players, game.max_players + 1) if args.all else None
        for players in args.players or every or sorted({game.min_players, 2, game.max_players}):
            if args.against:
                rows.append(against(name, players, args.against, args.seconds, args.rounds))
                if not args.json:
                    print(" ".join(f"{k}={v}" for k, v in rows[-1].items()), flush=True)
                continue
            items = positions(name, players, 200)
            items[0].observation(0)  # layout and vocabularies are built once per component set
            row: dict[str, Any] = {
                "game": name, "players": players, "ids": game.num_actions(players),
                "observation": game.observation_shape(players)[0],
                "view_per_s": round(per_second(fresh_view, items, args.seconds)),
                "observation_per_s": round(per_second(fresh_observation, items, args.seconds)),
                "engine_steps_per_s": round(engine_steps(name, players, args.seconds)),
                "pettingzoo_steps_per_s": round(pettingzoo_steps(name, players, args.seconds)),
                "load": round(os.getloadavg()[0], 1),
            }
            row["observation_vs_view"] = round(row["observation_per_s"] / row["view_per_s"], 2)
            row["pettingzoo_vs_engine"] = round(row["pettingzoo_steps_per_s"] / row["engine_steps_per_s"], 2)
            if args.split:  # µs per observation: the writer (less the array made for it) of the whole
                whole = 1e6 / row["observation_per_s"]
                writer = 1e6 / per_second(writer_only, items, args.seconds) - 1e6 / per_second(bare_array, items, args.seconds)
                row["writer_us"] = round(writer, 2)
                row["observation_us"] = round(whole, 2)
                row["writer_share"] = round(writer / whole, 2)
            if args.closure:
                row["closure_games"] = args.closure
                row["closure_decisions"] = closure(name, players, args.closure)
            rows.append(row)
            if not args.json:
                print(" ".join(f"{k}={v}" for k, v in row.items()), flush=True)
    if args.json:
        print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
