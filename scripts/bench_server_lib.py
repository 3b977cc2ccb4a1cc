"""The pieces of ``scripts/bench_server.py`` (issue 16 and 30's load benchmark) that its scenarios
share: client-side players and spectators, acting, CPU accounting, starting and watching a server.

Split from the benchmark so that each file stays under 600 lines; what is measured is unchanged.
``bench_server.py`` imports this module from its own folder (run it as ``python scripts/bench_server.py``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import subprocess
import sys
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
            res = await client.post(f"{base}/api/tables/{tid}/act", json={"action": action,
                                                                          "decision": msg["decisions"]},
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


def sum_cpu(pids: list[int]) -> float | None:
    got = [cpu_seconds(p) for p in pids]
    return None if any(g is None for g in got) else sum(g for g in got if g is not None)


async def wait_watching(client: httpx.AsyncClient, bases: list[str], tables: list[str], count: int) -> None:
    """Until ``count`` spectators (spread by ``spread_main``) watch ``tables``, at most a minute."""
    end = time.perf_counter() + 60
    while time.perf_counter() < end:
        seen = 0  # each process counts its own sockets
        for base in bases:
            got = await asyncio.gather(*(client.get(f"{base}/api/tables/{tid}") for tid in tables))
            seen += sum(int(r.json()["watchers"]) for r in got)
        if seen >= count:
            break
        await asyncio.sleep(0.5)
    await asyncio.sleep(1.0)


async def spread_main(bases: list[str], tables: list[str], count: int, seconds: float) -> None:
    """(In its own process) ``count`` spectators, spectator ``k`` watching ``tables[k % len]``
    on the process ``bases[(k // len) % len(bases)]`` until the time is up."""
    stop = time.perf_counter() + seconds

    async def watch(k: int) -> None:
        base = bases[(k + k // len(tables)) % len(bases)]
        url = base.replace("http", "ws") + f"/ws/{tables[k % len(tables)]}"
        async with websockets.connect(url, max_size=None, compression=None) as ws:
            await ws.send('{"token": null}')
            while time.perf_counter() < stop:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(ws.recv(), timeout=0.5)

    tasks = []
    for k in range(count):
        tasks.append(asyncio.create_task(watch(k)))
        await asyncio.sleep(0.002)
    await asyncio.gather(*tasks, return_exceptions=True)


async def human_table(client: httpx.AsyncClient, base: str, game: str, players: int) -> tuple[str, list[str]]:
    """A table whose every seat the client drives: its id and the seats' tokens."""
    r = await client.post(f"{base}/api/tables", json={"game": game, "players": players,
                                                      "seats": [{"kind": "human"}] * players})
    r.raise_for_status()
    made = r.json()
    tokens = [made["token"]]
    for seat in range(1, players):
        j = await client.post(f"{base}/api/tables/{made['table']}/join", json={"seat": seat})
        j.raise_for_status()
        tokens.append(j.json()["token"])
    return made["table"], tokens


async def next_move(client: httpx.AsyncClient, base: str, tid: str, tokens: list[str],
                    rng: random.Random) -> tuple[str, int, str] | None:
    """(token of the seat to move, decision number, a random legal action); None when over."""
    spec = (await client.get(f"{base}/api/tables/{tid}")).json()
    if spec["table"]["status"] != "playing":
        return None
    token = tokens[spec["view"]["to_move"]]
    mine = (await client.get(f"{base}/api/tables/{tid}", headers={"X-Seat-Token": token})).json()
    if not mine["legal"]:
        return None
    return token, mine["decisions"], rng.choice(mine["legal"])


async def act(client: httpx.AsyncClient, base: str, tid: str, token: str, decision: int,
              action: str) -> tuple[int, float]:
    t0 = time.perf_counter()
    r = await client.post(f"{base}/api/tables/{tid}/act", json={"action": action, "decision": decision},
                          headers={"X-Seat-Token": token})
    return r.status_code, time.perf_counter() - t0


async def act_throughput(client: httpx.AsyncClient, base: str, args: argparse.Namespace,
                         seconds: float) -> tuple[float, list[float]]:
    """Acts per second of ``--act-tables`` client-driven tables for ``seconds``."""
    done = 0
    lat: list[float] = []
    stop = time.perf_counter() + seconds

    async def one_table(k: int) -> None:
        nonlocal done
        rng = random.Random(100 + k)
        while time.perf_counter() < stop:
            tid, tokens = await human_table(client, base, args.game, args.players)
            while time.perf_counter() < stop:
                move = await next_move(client, base, tid, tokens, rng)
                if move is None:
                    break
                code, dt = await act(client, base, tid, *move)
                if code == 200:
                    done += 1
                    lat.append(dt)

    t0 = time.perf_counter()
    await asyncio.gather(*(one_table(k) for k in range(args.act_tables)))
    return done / (time.perf_counter() - t0), lat


async def watchers_main(base: str, tables: list[str], count: int, seconds: float) -> None:
    """(In its own process, so the acting client's latency is not its CPU) ``count``
    spectators watch ``tables[0]``; when that game ends they move to the next one."""
    stop = time.perf_counter() + seconds

    async def watch() -> None:
        for tid in tables:
            url = base.replace("http", "ws") + f"/ws/{tid}"
            over = False
            async with websockets.connect(url, max_size=None, compression=None) as ws:
                await ws.send('{"token": null}')
                while time.perf_counter() < stop and not over:
                    try:
                        msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=0.5))
                    except TimeoutError:
                        continue
                    over = msg.get("table", {}).get("status") == "over"
            if time.perf_counter() >= stop:
                return

    tasks = []
    for _ in range(count):
        tasks.append(asyncio.create_task(watch()))
        await asyncio.sleep(0.002)
    await asyncio.gather(*tasks, return_exceptions=True)


def seed_running(db: str, schema: str | None, count: int, game_name: str, moves: int) -> None:
    """``count`` running tables straight into the store: a person at seat 0 (to move) and a
    ``random`` bot, each ``moves`` or more decisions into the game (issue 30's restart figure)."""
    from meeple import games
    from meeple.engine import Rng, tables_hash
    from meeple.server.store import Store, token_digest

    store = Store(db, schema=schema)
    store.create_schema()
    game = games.get(game_name)
    for i in range(count):
        state, rng = game.new(2, 7000 + i), Rng(i)
        meta = {"id": f"bench{i}", "game": game.name, "version": game.version, "players": 2, "seed": 7000 + i,
                "options": {}, "components": tables_hash(state.tables), "clock": None, "status": "playing",
                "seeded": True, "created": time.time(), "updated": time.time()}
        store.create_table(meta, [{"seat": 0, "kind": "human", "bot": None, "name": "P", "token": token_digest("t")},
                                  {"seat": 1, "kind": "bot", "bot": "random", "name": "B"}])
        while not state.is_over and (len(state.history) < moves or state.to_move != 0):
            legal = state.legal_actions()
            notation = legal[rng.below(len(legal))].notation
            seat, events = state.to_move, state.apply(notation)
            store.add_entry(meta["id"], {"kind": "action", "decision": len(state.history) - 1, "seat": seat,
                                         "notation": notation, "actor": "human", "events": events}, "playing")
    store.dispose()


def wait_health(base: str, proc: subprocess.Popen[bytes], seconds: float = 300) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and proc.poll() is None:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(base + "/api/health", timeout=1).status_code == 200:
                return
        time.sleep(0.02)
    raise SystemExit(f"the server at {base} did not answer")


# uvicorn's HTTP parser and loop, by the name ``--http`` gives them: "auto" is uvicorn's choice of
# parser (httptools when installed) on asyncio's own loop, as ``meeple serve`` runs
HTTP = {"auto": "loop='asyncio'", "h11": "http='h11', loop='asyncio'",
        "httptools": "http='httptools', loop='asyncio'", "uvloop": "http='httptools', loop='uvloop'"}


def start_server(db: str, port: int, schema: str | None = None, redis: str | None = None,
                 tree: str = "", http: str = "auto") -> subprocess.Popen[bytes]:
    """A server on ``port`` with the parser and loop ``HTTP[http]``."""
    limits = {"creates_per_minute": 1e6, "acts_per_second": 1e6, "open_tables_per_client": 10**6,
              "sockets_per_client": 10**6, "sockets_per_table": 10**6}
    code = (
        "import uvicorn; from meeple.server import create_app, ws_impl; "
        f"uvicorn.run(create_app({db!r}, bot_delay=0.0, limits={limits!r}, schema={schema!r}"
        + (f", redis={redis!r}" if redis else "") + "), "
        f"host='127.0.0.1', port={port}, "
        f"log_level='warning', ws=ws_impl(), backlog=4096, ws_per_message_deflate=False, {HTTP[http]})"
    )
    if not tree:
        return subprocess.Popen([sys.executable, "-c", code], env={**os.environ})
    # another source tree (the code before a change, say: git archive REV | tar -x -C DIR)
    return subprocess.Popen([sys.executable, "-c", code], env={**os.environ, "PYTHONPATH": tree}, cwd=tree)
