#!/usr/bin/env python
"""Load benchmark for ``meeple serve`` (a benchmark, not a test).

Starts the server in its own process on a free loopback port (SQLite in a
temporary folder unless ``--db`` is given), opens ``--tables`` tables at once,
each with one seat played by a client-side random bot over HTTP + WebSocket
(as a browser would: wait for the push that says it is our turn, think
``--think`` seconds on average, POST the action) and the other seats played by
the server's random bots.  With ``--think 0`` every table always has work
queued, so the figures show the server at saturation.  Reports the
latency of each accepted POST /act (which includes the database commit) and
the throughput.

    .venv/bin/python scripts/bench_server.py --tables 100 --seconds 30 --game troyes
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time

import httpx
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def player(base: str, game: str, players: int, seed: int, stop: list[float], think: float,
                 lat: list[float], server_lat: list[float], errors: list[str], client: httpx.AsyncClient,
                 made: dict[str, str], ready: asyncio.Barrier) -> tuple[str, int]:
    tid, token = made["table"], made["token"]
    rng = random.Random(seed)
    moves = 0
    ws_url = base.replace("http", "ws") + f"/ws/{tid}"
    async with websockets.connect(ws_url, max_size=None, compression=None) as ws:
        await ws.send(json.dumps({"token": token}))
        await ready.wait()  # measure the steady state: every table open and connected
        while time.perf_counter() < stop[0]:
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop[0] - time.perf_counter())))
            except TimeoutError:
                break
            if msg.get("type") not in ("full", "update"):
                continue
            if msg["table"]["status"] == "over":
                break
            if not msg["legal"]:
                continue
            action = rng.choice(msg["legal"])
            if think:
                await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
            t0 = time.perf_counter()
            res = await client.post(f"{base}/api/tables/{tid}/act", json={"action": action},
                                    headers={"X-Seat-Token": token})
            dt = time.perf_counter() - t0
            if res.status_code == 200:
                lat.append(dt)
                timing = res.headers.get("server-timing", "")
                if "dur=" in timing:
                    server_lat.append(float(timing.split("dur=")[1]) / 1000)
                moves += 1
            else:
                errors.append(f"{res.status_code} {res.text[:120]}")
    return tid, moves


def cpu_seconds(pid: int | None) -> float | None:
    """User+system CPU seconds of a process (Linux /proc), or None."""
    if pid is None:
        return None
    try:
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


async def run(args: argparse.Namespace, base: str, server_pid: int | None = None) -> None:
    lat: list[float] = []
    server_lat: list[float] = []
    errors: list[str] = []
    limits = httpx.Limits(max_connections=args.tables + 10, max_keepalive_connections=args.tables + 10)
    async with httpx.AsyncClient(limits=limits, timeout=60) as client:
        # open every table first (the seat we drive is a person; the others are server bots)
        made = []
        for i in range(args.tables):
            r = await client.post(f"{base}/api/tables", json={
                "game": args.game, "players": args.players, "seed": 1000 + i,
                "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (args.players - 1)})
            r.raise_for_status()
            made.append(r.json())
        stop = [float("inf")]
        ready = asyncio.Barrier(args.tables + 1)
        tasks = [asyncio.create_task(player(base, args.game, args.players, 1000 + i, stop, args.think, lat,
                                            server_lat, errors, client, made[i], ready)) for i in range(args.tables)]
        await ready.wait()
        cpu0 = cpu_seconds(server_pid)
        me0 = cpu_seconds(os.getpid())
        t0 = time.perf_counter()
        stop[0] = t0 + args.seconds
        results = await asyncio.gather(*tasks, return_exceptions=True)
        elapsed = time.perf_counter() - t0
        cpu1 = cpu_seconds(server_pid)
        me1 = cpu_seconds(os.getpid())
        total = 0
        finished = 0
        for res in results:
            if isinstance(res, BaseException):
                errors.append(repr(res))
                continue
            body = (await client.get(f"{base}/api/tables/{res[0]}")).json()
            total += body["decisions"]
            finished += body["table"]["status"] == "over"
    lat.sort()
    server_lat.sort()

    def q(p: float, xs: list[float] = lat) -> float:
        return xs[min(len(xs) - 1, int(p * len(xs)))] * 1000 if xs else float("nan")

    print(f"game {args.game}, {args.tables} tables x {args.players} players, think {args.think} s, "
          f"{elapsed:.1f} s, db {args.db or 'sqlite (temp file)'}")
    print(f"client POST /act accepted: {len(lat)}  ({len(lat) / elapsed:.0f}/s)")
    print(f"  latency p50 {q(0.50):.1f} ms  p90 {q(0.90):.1f} ms  p99 {q(0.99):.1f} ms  max {q(1.0):.1f} ms"
          + (f"  mean {statistics.mean(lat) * 1000:.1f} ms" if lat else ""))
    print(f"  inside the server (apply, commit, push): p50 {q(0.5, server_lat):.1f} ms  "
          f"p99 {q(0.99, server_lat):.1f} ms  max {q(1.0, server_lat):.1f} ms")
    print(f"all decisions (people + server bots): {total}  ({total / elapsed:.0f}/s); games finished: {finished}")
    if cpu0 is not None and cpu1 is not None and total:
        print(f"server process CPU: {cpu1 - cpu0:.1f} s = {(cpu1 - cpu0) / total * 1000:.2f} ms per decision "
              f"(HTTP, WebSocket pushes, engine, bots, database); load average now {os.getloadavg()[0]:.1f} "
              f"on {os.cpu_count()} CPUs")
    if me0 is not None and me1 is not None:
        print(f"load client CPU: {me1 - me0:.1f} s over {elapsed:.1f} s (a saturated client inflates the latency)")
    if errors:
        print(f"errors: {len(errors)}; first: {errors[0]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=100)
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--game", default="troyes")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--think", type=float, default=0.0,
                    help="mean pause (s) of the client seat before each action; 0 saturates the server")
    ap.add_argument("--db", default=None, help="database URL (default: SQLite in a temporary folder)")
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="meeple-bench-")
    db = args.db or f"sqlite:///{tmp}/bench.db"
    port = free_port()
    code = (
        "import uvicorn; from meeple.server import create_app, ws_impl; "
        f"uvicorn.run(create_app({db!r}, bot_delay=0.0), host='127.0.0.1', port={port}, "
        "log_level='warning', ws=ws_impl(), backlog=4096)"
    )
    proc = subprocess.Popen([sys.executable, "-c", code], env={**os.environ})
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                httpx.get(base + "/api/games", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        asyncio.run(run(args, base, proc.pid))
    finally:
        proc.terminate()
        proc.wait(timeout=20)


if __name__ == "__main__":
    main()
