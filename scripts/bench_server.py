#!/usr/bin/env python
"""Load benchmark for ``meeple serve`` (a benchmark, not a test; issue 16's figures).

Starts the server in its own process on a free loopback port (SQLite in a
temporary folder unless ``--db`` is given) and runs one or more bounded
scenarios against it (each stops by itself):

- ``tables``: ``--tables`` tables at once, each with one seat played by a
  client-side random bot over HTTP + WebSocket (as a browser would: wait for
  the push that says it is our turn, think ``--think`` seconds on average,
  POST the action) and the other seats by the server's random bots; reports
  the latency of each accepted POST /act and the throughput.
- ``duplicates``: every act is sent twice at once (same action, same decision
  number) on tables whose seats are all driven by the client; reports how many
  pairs were applied twice (target 0 of at least ``--pairs``).
- ``hard``: act throughput of client-driven tables, first alone, then while
  nine tables of ``hard`` bots think (target: at least 80% of the first).
- ``spectators``: act latency at one table watched by ``--spectators``
  WebSocket spectators (target p99 < 100 ms).
- ``agree`` (issue 30; ``--processes 2 --redis URL``, PostgreSQL): seats acting on two processes;
  counts the payload pairs (both seats and spectators, after every decision) that differ.
- ``restart`` (issue 30): ``--tables`` running tables seeded into the store, a server started,
  killed with SIGKILL, started again: seconds until it serves.
- ``all``: duplicates, hard, spectators and tables, in that order.

``--tree DIR`` runs the server from another source tree (``git archive REV | tar -x -C DIR``:
the code before a change, measured in the same run; ``restart`` takes several ``--tree``).

Several processes (issue 17): ``--processes N --redis URL`` (with a PostgreSQL
``--db``) starts N servers on one schema and one Redis namespace; in ``tables``
each table is created on process ``i % N`` (which then runs its bots) and its
client talks to a process picked at random, as a load balancer without sticky
sessions would, so most pushes cross Redis (``--sticky``: on the table's own
process, as routing by table id does).  ``--watchers K`` adds K
WebSocket spectators spread over the tables (and the processes), in a process
of their own.

    .venv/bin/python scripts/bench_server.py --mode all
    .venv/bin/python scripts/bench_server.py --mode tables --tables 100 --seconds 20 --think 1 \
        --db postgresql+psycopg://postgres@127.0.0.1:5432/test
    .venv/bin/python scripts/bench_server.py --mode tables --tables 500 --seconds 15 --think 1 \
        --db postgresql+psycopg://postgres@127.0.0.1:5432/test --processes 2 --redis redis://127.0.0.1:6379
    .venv/bin/python scripts/bench_server.py --mode tables --tables 100 --watchers 400 --think 1 \
        --db postgresql+psycopg://postgres@127.0.0.1:5432/test --processes 2 --redis redis://127.0.0.1:6379
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

import httpx
from bench_server_lib import (
    HTTP,
    act,
    act_throughput,
    cpu_seconds,
    free_port,
    human_table,
    next_move,
    player,
    seed_running,
    spread_main,
    start_server,
    sum_cpu,
    wait_health,
    wait_watching,
    watchers_main,
)


async def run_tables(args: argparse.Namespace, bases: list[str], server_pids: list[int]) -> dict[str, float]:
    lat: list[float] = []
    server_lat: list[float] = []
    errors: list[str] = []
    limits = httpx.Limits(max_connections=args.tables + 10, max_keepalive_connections=args.tables + 10)
    async with httpx.AsyncClient(limits=limits, timeout=60) as client:
        # open every table first (the seat we drive is a person; the others are server bots)
        made = []
        for i in range(args.tables):
            r = await client.post(f"{bases[i % len(bases)]}/api/tables", json={
                "game": args.game, "players": args.players,
                "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (args.players - 1)})
            r.raise_for_status()
            made.append(r.json())
        stop = [float("inf")]
        ready = asyncio.Barrier(args.tables + 1)
        # each client on a process picked at random (no sticky sessions): its pushes cross Redis
        # whenever the table's bots run on another process
        pick = random.Random(5)
        where = [bases[pick.randrange(len(bases))] for _ in range(args.tables)]
        if args.sticky:  # a load balancer routing by table id: each table's clients on its bots' process
            where = [bases[i % len(bases)] for i in range(args.tables)]
        watchers = None
        if args.watchers:
            watchers = subprocess.Popen([sys.executable, __file__, "--mode", "_spread", "--base", ",".join(bases),
                                         "--spectators", str(args.watchers), "--seconds", str(args.seconds + 120),
                                         "--watch", ",".join(m["table"] for m in made)])
            await wait_watching(client, bases, [m["table"] for m in made], args.watchers)
        tasks = [asyncio.create_task(player(where[i], args.game, args.players, 1000 + i, stop, args.think, lat,
                                            server_lat, errors, client, made[i], ready)) for i in range(args.tables)]
        await ready.wait()
        cpu0 = sum_cpu(server_pids)
        me0 = cpu_seconds(os.getpid())
        t0 = time.perf_counter()
        stop[0] = t0 + args.seconds
        results = await asyncio.gather(*tasks, return_exceptions=True)
        elapsed = time.perf_counter() - t0
        cpu1 = sum_cpu(server_pids)
        me1 = cpu_seconds(os.getpid())
        total = 0
        finished = 0
        for res in results:
            if isinstance(res, BaseException):
                errors.append(repr(res))
                continue
            body = (await client.get(f"{bases[0]}/api/tables/{res[0]}")).json()
            total += body["decisions"]
            finished += body["table"]["status"] == "over"
        if watchers is not None:
            watchers.terminate()
            watchers.wait(timeout=20)
    lat.sort()
    server_lat.sort()

    def q(p: float, xs: list[float] = lat) -> float:
        return xs[min(len(xs) - 1, int(p * len(xs)))] * 1000 if xs else float("nan")

    print(f"game {args.game}, {args.tables} tables x {args.players} players, think {args.think} s, "
          f"{elapsed:.1f} s, db {args.db or 'sqlite (temp file)'}, {len(bases)} server process(es)"
          + (f" over Redis {args.redis}" if args.redis else "") + (", sticky by table" if args.sticky else "")
          + (f", {args.watchers} spectators spread over the tables" if args.watchers else ""))
    print(f"client POST /act accepted: {len(lat)}  ({len(lat) / elapsed:.0f}/s)")
    print(f"  latency p50 {q(0.50):.1f} ms  p90 {q(0.90):.1f} ms  p99 {q(0.99):.1f} ms  max {q(1.0):.1f} ms"
          + (f"  mean {statistics.mean(lat) * 1000:.1f} ms" if lat else ""))
    print(f"  inside the server (apply, commit, push): p50 {q(0.5, server_lat):.1f} ms  "
          f"p99 {q(0.99, server_lat):.1f} ms  max {q(1.0, server_lat):.1f} ms")
    print(f"all decisions (people + server bots): {total}  ({total / elapsed:.0f}/s); games finished: {finished}")
    if cpu0 is not None and cpu1 is not None and total:
        print(f"server processes' CPU: {cpu1 - cpu0:.1f} s = {(cpu1 - cpu0) / total * 1000:.2f} ms per decision "
              f"(HTTP, WebSocket pushes, engine, bots, database); load average now {os.getloadavg()[0]:.1f} "
              f"on {os.cpu_count()} CPUs")
    if me0 is not None and me1 is not None:
        print(f"load client CPU: {me1 - me0:.1f} s over {elapsed:.1f} s (a saturated client inflates the latency)")
    if errors:
        print(f"errors: {len(errors)}; first: {errors[0]}")
    return {"acts": len(lat) / elapsed, "decisions": total / elapsed, "p50": q(0.5), "p99": q(0.99)}


# --- issue 16's scenarios -------------------------------------------------------------


async def run_duplicates(args: argparse.Namespace, base: str) -> dict[str, float]:
    """Send every act twice at once; count the pairs the server applied twice."""
    limits = httpx.Limits(max_connections=200, max_keepalive_connections=200)
    pairs = twice = refused_second = 0
    accepted: dict[str, int] = {}
    deadline = time.perf_counter() + args.seconds * 4
    async with httpx.AsyncClient(limits=limits, timeout=60) as client:

        async def one_table(k: int) -> None:
            nonlocal pairs, twice, refused_second
            rng = random.Random(k)
            while pairs < args.pairs and time.perf_counter() < deadline:
                tid, tokens = await human_table(client, base, args.game, args.players)
                accepted[tid] = 0
                while pairs < args.pairs and time.perf_counter() < deadline:
                    move = await next_move(client, base, tid, tokens, rng)
                    if move is None:
                        break
                    token, decision, action = move
                    (a, _), (b, _) = await asyncio.gather(act(client, base, tid, token, decision, action),
                                                          act(client, base, tid, token, decision, action))
                    pairs += 1
                    accepted[tid] += (a == 200) + (b == 200)
                    twice += a == 200 and b == 200
                    refused_second += (a == 200) != (b == 200)

        await asyncio.gather(*(one_table(k) for k in range(args.dup_tables)))
        # the stored games agree: one action per accepted act
        stored = 0
        for tid, n in accepted.items():
            body = (await client.get(f"{base}/api/tables/{tid}")).json()
            stored += body["decisions"] == n
    print(f"duplicates: {pairs} pairs of identical concurrent acts on {len(accepted)} tables: "
          f"{twice} applied twice, {refused_second} with the copy refused (409); "
          f"{stored}/{len(accepted)} stored games have exactly the accepted actions")
    return {"pairs": pairs, "twice": twice}


async def run_hard(args: argparse.Namespace, base: str, db: str, schema: str | None) -> dict[str, float]:
    """Other tables' act throughput alone and while nine tables of hard bots think, in
    alternating phases (alone, loaded, alone, loaded: the hard tables of a loaded
    phase are aborted through the store before the next alone phase), so that the
    machine's other work drifting shows in both."""
    from meeple.server.store import Store

    store = Store(db, schema=schema)
    limits = httpx.Limits(max_connections=100, max_keepalive_connections=100)
    alone: list[float] = []
    loaded: list[float] = []
    moved = 0
    async with httpx.AsyncClient(limits=limits, timeout=60) as client:
        for phase in range(4):
            hard = []
            if phase % 2:
                for _ in range(9):
                    r = await client.post(f"{base}/api/tables", json={
                        "game": args.game, "players": args.players,
                        "seats": [{"kind": "bot", "bot": "hard"}] * args.players})
                    r.raise_for_status()
                    hard.append(r.json()["table"])
                await asyncio.sleep(1.0)  # the hard bots are thinking now
            rate, _ = await act_throughput(client, base, args, args.seconds)
            (loaded if phase % 2 else alone).append(rate)
            for tid in hard:
                moved += (await client.get(f"{base}/api/tables/{tid}")).json()["decisions"]
                store.abort(tid, "benchmark phase over")
            await asyncio.sleep(3.0 if hard else 0.0)  # a thinking bot finishes or is stopped
        health = (await client.get(f"{base}/api/health")).json()
    store.dispose()
    a, b = statistics.mean(alone), statistics.mean(loaded)
    print(f"hard bots: other tables' acts alone {', '.join(f'{x:.0f}' for x in alone)}/s, with nine hard-bot "
          f"tables thinking {', '.join(f'{x:.0f}' for x in loaded)}/s = {100 * b / a:.0f}% (target >= 80%); "
          f"the hard tables made {moved} decisions, {health['bot_timeouts']} stopped at their deadline, "
          f"{health.get('bot_starved', 'n/a')} starved of the CPU, {health.get('bot_fallbacks', 'n/a')} "
          "played by a fallback; "
          f"{health['bot_workers']} bot workers; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    return {"alone": a, "loaded": b, "ratio": b / a}


async def run_spectators(args: argparse.Namespace, base: str) -> dict[str, float]:
    """Act latency at a table that ``--spectators`` sockets watch (from another process;
    when a game ends the watchers follow the next table; acts while they move are not
    counted)."""
    limits = httpx.Limits(max_connections=20, max_keepalive_connections=20)
    async with httpx.AsyncClient(limits=limits, timeout=60) as client:
        made = [await human_table(client, base, args.game, args.players) for _ in range(12)]
        watchers = subprocess.Popen([sys.executable, __file__, "--mode", "_watch", "--base", base,
                                     "--spectators", str(args.spectators), "--seconds", str(args.seconds + 120),
                                     "--watch", ",".join(t for t, _ in made)])

        async def watching(table: str) -> int:
            return int((await client.get(f"{base}/api/tables/{table}")).json()["watchers"])

        lat: list[float] = []
        inside: list[float] = []
        counts: list[int] = []  # spectators watching, sampled every 50 acts
        rng = random.Random(7)
        k, counted, ready = 0, 0, False
        end = time.perf_counter() + args.seconds + 30
        while time.perf_counter() < end and len(lat) < 2000 and k < len(made):
            tid, tokens = made[k]
            if not ready:  # wait until they all watch this table
                for _ in range(300):
                    if await watching(tid) >= args.spectators:
                        break
                    await asyncio.sleep(0.1)
                await asyncio.sleep(2.0)  # their first (full) views are on their way: measure the steady state
                ready = True
                if not lat:
                    end = time.perf_counter() + args.seconds
            move = await next_move(client, base, tid, tokens, rng)
            if move is None:  # the game is over: everyone moves to the next table
                k, ready = k + 1, False
                continue
            if len(lat) % 50 == 0:
                counts.append(await watching(tid))
            t0 = time.perf_counter()
            r = await client.post(f"{base}/api/tables/{tid}/act", json={"action": move[2], "decision": move[1]},
                                  headers={"X-Seat-Token": move[0]})
            if r.status_code == 200:
                lat.append(time.perf_counter() - t0)
                timing = r.headers.get("server-timing", "")
                if "dur=" in timing:
                    inside.append(float(timing.split("dur=")[1]) / 1000)
        counted = min(counts) if counts else 0
        watchers.terminate()
        watchers.wait(timeout=20)
    lat.sort()
    inside.sort()

    def q(p: float, xs: list[float] = lat) -> float:
        return xs[min(len(xs) - 1, int(p * len(xs)))] * 1000 if xs else float("nan")

    print(f"spectators: {len(lat)} acts at tables watched by at least {counted} spectators: p50 {q(0.5):.1f} ms, "
          f"p99 {q(0.99):.1f} ms, max {q(1.0):.1f} ms (target p99 < 100 ms); inside the server p50 "
          f"{q(0.5, inside):.1f} ms, p99 {q(0.99, inside):.1f} ms; load average {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} CPUs")
    return {"p50": q(0.5), "p99": q(0.99)}


STRIP = {"version", "online", "watchers"}  # one process's own counter and sockets (docs/server.md)


async def run_agree(args: argparse.Namespace, bases: list[str]) -> dict[str, float]:
    """Two processes over Redis (issue 30): a table made on A, seat 1 joined on B, each seat acting
    on its own process; after every decision both processes' payloads for both seats and the
    spectators are compared (without ``STRIP``): pairs and pairs that differ."""
    pairs = differ = 0
    first: str | None = None
    rng = random.Random(30)
    async with httpx.AsyncClient(timeout=30) as client:
        async def get(base: str, tid: str, token: str | None) -> dict[str, object]:
            r = await client.get(f"{base}/api/tables/{tid}", headers={"X-Seat-Token": token} if token else {})
            return {k: v for k, v in r.json().items() if k not in STRIP}

        while pairs < args.pairs:
            made = (await client.post(f"{bases[0]}/api/tables", json={
                "game": args.game, "players": 2, "seats": [{"kind": "human"}] * 2})).json()
            tid = made["table"]
            joined = (await client.post(f"{bases[1]}/api/tables/{tid}/join", json={"seat": 1})).json()
            tokens, home = [made["token"], joined["token"]], bases[:2]
            for _ in range(40):
                views = [await get(home[s], tid, tokens[s]) for s in (0, 1)]
                seat = next((s for s in (0, 1) if views[s]["legal"]), None)
                if seat is None:
                    break
                mine = views[seat]
                await client.post(f"{home[seat]}/api/tables/{tid}/act", headers={"X-Seat-Token": tokens[seat]},
                                  json={"action": rng.choice(mine["legal"]), "decision": mine["decisions"]})
                other = home[1 - seat]
                for _ in range(200):  # until the other process has the change (Redis, or its sync)
                    if (await get(other, tid, None))["decisions"] == mine["decisions"] + 1:  # type: ignore[operator]
                        break
                    await asyncio.sleep(0.01)
                for token in (tokens[0], tokens[1], None):
                    a, b = await get(home[seat], tid, token), await get(other, tid, token)
                    pairs += 1
                    if a != b:
                        differ += 1
                        first = first or f"table {tid} decision {mine['decisions']}"
    print(f"agree: {differ} of {pairs} payload pairs differ between the two processes"
          + (f" (first at {first})" if first else "") + f"; load average {os.getloadavg()[0]:.1f}")
    return {"pairs": pairs, "differ": differ}


def run_restart(args: argparse.Namespace, db: str, schema: str | None, trees: list[str]) -> None:
    """Kill -9 a server holding ``--tables`` running tables, start another on the same database,
    time until it answers ``/api/health`` and a table's payload (each ``--tree`` in turn)."""
    seed_running(db, schema, args.tables, args.game, args.moves)
    for tree in trees:
        port = free_port()
        proc = start_server(db, port, schema, None, tree)
        wait_health(f"http://127.0.0.1:{port}", proc)
        proc.kill()  # kill -9
        proc.wait()
        port = free_port()
        t0 = time.perf_counter()
        proc = start_server(db, port, schema, None, tree)
        wait_health(f"http://127.0.0.1:{port}", proc)
        up = time.perf_counter() - t0
        r = httpx.get(f"http://127.0.0.1:{port}/api/tables/bench0", headers={"X-Seat-Token": "t"}, timeout=60)
        took = time.perf_counter() - t0
        print(f"restart ({tree or 'this tree'}): {args.tables} running tables: health {up:.2f} s, a table's "
              f"payload ({r.status_code}) {took:.2f} s after the start; load average {os.getloadavg()[0]:.1f}")
        proc.kill()
        proc.wait()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mode", choices=["tables", "duplicates", "hard", "spectators", "agree", "restart", "all",
                                       "_watch", "_spread"],
                    default="tables")
    ap.add_argument("--base", help=argparse.SUPPRESS)
    ap.add_argument("--watch", help=argparse.SUPPRESS)
    ap.add_argument("--tables", type=int, default=100)
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--game", default="troyes")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--think", type=float, default=0.0,
                    help="mean pause (s) of the client seat before each action; 0 saturates the server")
    ap.add_argument("--pairs", type=int, default=2000, help="duplicates: pairs of identical acts to send")
    ap.add_argument("--dup-tables", type=int, default=20, help="duplicates: tables played at once")
    ap.add_argument("--act-tables", type=int, default=10, help="hard: client-driven tables measured")
    ap.add_argument("--spectators", type=int, default=400)
    ap.add_argument("--db", default=None, help="database URL (default: SQLite in a temporary folder)")
    ap.add_argument("--processes", type=int, default=1, help="server processes (more than one: --redis, PostgreSQL)")
    ap.add_argument("--redis", default=None, help="Redis URL for several server processes (issue 17)")
    ap.add_argument("--watchers", type=int, default=0, help="tables: spectators spread over the tables")
    ap.add_argument("--tree", action="append", default=[],
                    help="run the server from this source tree (repeat: each in turn; '' is this one)")
    ap.add_argument("--http", choices=sorted(HTTP), default="auto",
                    help="uvicorn's HTTP parser and loop: auto (as meeple serve: httptools when installed, "
                         "on asyncio), h11 or httptools on asyncio, or httptools on uvloop")
    ap.add_argument("--moves", type=int, default=40, help="restart: decisions into each seeded table")
    ap.add_argument("--sticky", action="store_true",
                    help="tables: each client on its table's process (routing by table id), not a random one")
    args = ap.parse_args()
    if args.mode == "_watch":  # the spectators of run_spectators, in their own process
        asyncio.run(watchers_main(args.base, args.watch.split(","), args.spectators, args.seconds))
        return
    if args.mode == "_spread":  # the spectators of run_tables --watchers, in their own process
        asyncio.run(spread_main(args.base.split(","), args.watch.split(","), args.spectators, args.seconds))
        return
    if args.processes > 1 and (not args.redis or not args.db or args.db.startswith("sqlite")):
        ap.error("--processes above 1 needs --redis URL and a PostgreSQL --db")
    if args.processes > 1 and args.mode not in ("tables", "agree"):
        ap.error("--processes above 1 is measured in --mode tables and agree")
    if args.mode == "agree" and args.processes < 2:
        ap.error("--mode agree needs --processes 2 --redis URL and a PostgreSQL --db")
    tmp = tempfile.mkdtemp(prefix="meeple-bench-")
    db = args.db or f"sqlite:///{tmp}/bench.db"
    # PostgreSQL: a schema of its own, dropped afterwards (no tables of earlier runs to resume)
    schema = None if db.startswith("sqlite") else f"meeple_bench_{os.getpid()}"
    if args.mode == "restart":
        try:
            run_restart(args, db, schema, args.tree or [""])
        finally:
            if schema is not None:
                from meeple.server.store import Store

                Store(db, schema=schema).drop_schema()
        return
    tree = args.tree[0] if args.tree else ""
    ports = [free_port() for _ in range(max(1, args.processes))]
    procs = [start_server(db, port, schema, args.redis, tree, args.http) for port in ports]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    base = bases[0]
    try:
        for b, proc in zip(bases, procs, strict=True):
            wait_health(b, proc, 30)
        modes = ["duplicates", "hard", "spectators", "tables"] if args.mode == "all" else [args.mode]
        for mode in modes:
            if mode == "tables":
                asyncio.run(run_tables(args, bases, [p.pid for p in procs]))
            elif mode == "hard":
                asyncio.run(run_hard(args, base, db, schema))
            elif mode == "agree":
                asyncio.run(run_agree(args, bases))
            else:
                asyncio.run({"duplicates": run_duplicates, "spectators": run_spectators}[mode](args, base))
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.wait(timeout=20)
        if schema is not None:
            from meeple.server.store import Store

            Store(db, schema=schema).drop_schema()


if __name__ == "__main__":
    main()
