#!/usr/bin/env python
"""Benchmark of issue 28 (a benchmark, not a test): accounts, turn-based tables and notices.

Starts ``--processes`` servers (PostgreSQL and ``--redis`` for more than one; SQLite in a temporary
folder otherwise) with email notices to an SMTP server this script runs (aiosmtpd), then:

1. signs up ``--accounts`` accounts (each opted into email, its own bearer session);
2. creates ``--live`` live rated tables (an account against the ``random`` bot) and
   ``--turn`` turn-based rated tables (two accounts), each on process ``i % N``;
3. phase A: the live tables alone for ``--seconds``: every act's latency (client side);
4. phase B: the same live tables while the turn-based ones are played too, over HTTP only (nobody
   has a page open, so every turn that passes to the other person is a notice) for ``--seconds``:
   ``--turn-model told`` (default): only the person whose turn it is comes, ``--turn-think``
   seconds on average after the turn passed to them, and plays their turn's decisions in a row;
   ``--turn-model poll`` (the first figures): every person looks at the table every
   ``--turn-think`` seconds on average (both seats' views) and acts as long after; every client
   talks to a process picked at random (no sticky sessions);
5. counts: the turns passed at turn-based tables (seen by the clients) against the emails received
   and the ``meeple_notified`` rows (exactly once: all three equal), and the finished rated tables
   against the ``meeple_rated`` rows and the games counted in ``meeple_ratings`` (each rated table
   adds one game per seat).

``--control`` creates the ``--turn`` tables as live ones, played the same way: no notices, so the
difference between the two runs is what the notices cost.

Reports act p50/p99 of the live tables in both phases and their ratio (issue 28's target: no worse
with the turn-based load).  Hashes use a cheap argon2 cost here (signing up 1,000 accounts at the
server's default cost takes ~50 ms each, which measures argon2, not the server).

    .venv/bin/python scripts/bench_people.py --accounts 1000 --turn 200 --live 50 --seconds 30 \
        --db postgresql+psycopg://postgres@127.0.0.1:5432/test --processes 2 --redis redis://127.0.0.1:6379
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

import httpx

LIMITS = {"creates_per_minute": 1e6, "acts_per_second": 1e6, "open_tables_per_client": 10**6,
          "sockets_per_client": 10**6, "sockets_per_table": 10**6}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: str, port: int, schema: str | None, redis: str | None, smtp: str) -> subprocess.Popen[bytes]:
    people = {"smtp": smtp, "notify_every": 0, "logins_per_minute": 1e6, "signups_per_minute": 1e6,
              "hash_cost": {"time_cost": 1, "memory_cost": 1024, "parallelism": 1}}
    code = ("import uvicorn; from meeple.server import create_app, ws_impl; "
            f"uvicorn.run(create_app({db!r}, bot_delay=0.0, limits={LIMITS!r}, schema={schema!r}, "
            f"people={people!r}" + (f", redis={redis!r}" if redis else "") + "), "
            f"host='127.0.0.1', port={port}, log_level='warning', ws=ws_impl(), backlog=4096)")
    return subprocess.Popen([sys.executable, "-c", code], env={**os.environ})


def wait_health(base: str, proc: subprocess.Popen[bytes], seconds: float = 60) -> None:
    end = time.time() + seconds
    while time.time() < end and proc.poll() is None:
        try:
            if httpx.get(base + "/api/health", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.05)
    raise SystemExit(f"the server at {base} did not answer")


class Counts:
    def __init__(self) -> None:
        self.live_lat: list[float] = []
        self.live_server: list[float] = []  # the act's time inside the server (its Server-Timing header)
        self.turn_passes = 0
        self.errors: list[str] = []
        self.finished: set[str] = set()
        self.next_seat: dict[str, int | None] = {}


async def retried(client: httpx.AsyncClient, method: str, url: str, **kw: Any) -> httpx.Response:
    """A setup request, sent again when its connection dropped under load (the machine is shared)."""
    for attempt in range(8):
        try:
            return await client.request(method, url, **kw)
        except httpx.HTTPError:
            if attempt == 7:
                raise
            await asyncio.sleep(0.2 * (attempt + 1))
    raise AssertionError("unreachable")


async def sign_up(client: httpx.AsyncClient, bases: list[str], n: int) -> list[dict[str, str]]:
    sem = asyncio.Semaphore(32)

    async def one(i: int) -> dict[str, str]:
        base = bases[i % len(bases)]
        async with sem:
            body = {"name": f"p{i:05d}", "password": "bench-password"}
            r = await retried(client, "POST", f"{base}/api/accounts", json=body)
            assert r.status_code in (201, 409), r.text  # 409: made by a try whose answer was lost
            token = (await retried(client, "POST", f"{base}/api/session", json=body)).json()["token"]
            auth = {"Authorization": f"Bearer {token}"}
            r = await retried(client, "PUT", f"{base}/api/me/settings", json={"email": f"p{i:05d}@bench.test", "mail": True},
                              headers=auth)
            assert r.status_code == 200, r.text
            return auth

    return list(await asyncio.gather(*(one(i) for i in range(n))))


async def create(client: httpx.AsyncClient, base: str, auth: dict[str, str], game: str, mode: str,
                 second: dict[str, str] | None) -> tuple[str, dict[int, str]]:
    seats = [{"kind": "human"}, {"kind": "human"} if second else {"kind": "bot", "bot": "random"}]
    body: dict[str, Any] = {"game": game, "players": 2, "seats": seats, "rated": True, "mode": mode}
    r = await retried(client, "POST", f"{base}/api/tables", json=body, headers=auth)
    assert r.status_code == 200, r.text
    made = r.json()
    tokens = {0: made["token"]}
    if second:
        joined = await retried(client, "POST", f"{base}/api/tables/{made['table']}/join", json={}, headers=second)
        assert joined.status_code == 200, joined.text
        tokens[1] = joined.json()["token"]
    return made["table"], tokens


async def play(client: httpx.AsyncClient, bases: list[str], table: str, tokens: dict[int, str], stop: list[float],
               think: float, counts: Counts, live: bool, rng: random.Random, told: bool = False) -> None:
    """Play the people's seats of one table until ``stop`` (random legal actions); ``told``: a
    turn-based table played by people who come when told it is their turn (``_sitting``)."""
    while time.perf_counter() < stop[0]:
        try:
            if told and not live:
                if await _sitting(client, rng.choice(bases), table, tokens, stop, think, counts, rng):
                    return
            elif await _turn(client, rng.choice(bases), table, tokens, stop, think, counts, live, rng):
                return
        except httpx.HTTPError as exc:  # a connection dropped under load: counted, the table goes on
            counts.errors.append(f"{type(exc).__name__}")
            await asyncio.sleep(0.2)


async def _turn(client: httpx.AsyncClient, base: str, table: str, tokens: dict[int, str], stop: list[float],
                think: float, counts: Counts, live: bool, rng: random.Random) -> bool:
    """One look at a table and, when a person's seat is to move, its act; True: the game is over."""
    order = list(tokens.items())
    if not live and len(order) > 1 and counts.next_seat.get(table) is not None:  # the one told it is their turn
        order = [(s, t) for s, t in order if s == counts.next_seat[table]] + [(s, t) for s, t in order
                                                                             if s != counts.next_seat[table]]
    for seat, token in order:
        r = await client.get(f"{base}/api/tables/{table}", headers={"X-Seat-Token": token})
        if r.status_code != 200:
            counts.errors.append(f"GET {r.status_code}")
            continue
        body = r.json()
        if body["table"]["status"] != "playing":
            counts.finished.add(table)
            return True
        if not body["legal"]:
            continue
        if think:
            await asyncio.sleep(rng.uniform(0, 2 * think))
            if time.perf_counter() >= stop[0]:
                return False
        t0 = time.perf_counter()
        res = await client.post(f"{base}/api/tables/{table}/act", headers={"X-Seat-Token": token},
                                json={"action": rng.choice(body["legal"]), "decision": body["decisions"]})
        if res.status_code != 200:
            if res.status_code != 409:  # a stale view of a process that was behind: asked again
                counts.errors.append(f"act {res.status_code} {res.text[:80]}")
            return False
        if live:
            counts.live_lat.append(time.perf_counter() - t0)
            timing = res.headers.get("server-timing", "")
            if "dur=" in timing:
                counts.live_server.append(float(timing.split("dur=")[1]) / 1000)
        else:
            after = (await client.get(f"{base}/api/tables/{table}")).json()
            if after["table"]["status"] == "playing" and after["view"].get("to_move") != seat:
                counts.turn_passes += 1
                counts.next_seat[table] = after["view"].get("to_move")
        return False
    # nobody of ours to move: a live seat looks again soon (a bot thinks); a turn-based person later
    await asyncio.sleep(0.05 if live else rng.uniform(0, 2 * think))
    return False


async def _sitting(client: httpx.AsyncClient, base: str, table: str, tokens: dict[int, str], stop: list[float],
                   think: float, counts: Counts, rng: random.Random) -> bool:
    """``--turn-model told``: the person whose turn it is comes after a while (``think`` on average:
    the notice reached them), opens their seat's view once and plays the decisions of their turn in
    a row (each act followed by one look at their own view: still theirs, or the turn passed);
    nobody polls a table where it is not their turn.  True: the game is over."""
    await asyncio.sleep(rng.uniform(0, 2 * think))
    if time.perf_counter() >= stop[0]:
        return False
    known = counts.next_seat.get(table)
    for seat in ([known] if known is not None else list(tokens)):
        token = tokens[seat]
        r = await client.get(f"{base}/api/tables/{table}", headers={"X-Seat-Token": token})
        acted = False
        while True:
            if r.status_code != 200:
                counts.errors.append(f"GET {r.status_code}")
                return False
            body = r.json()
            if body["table"]["status"] != "playing":
                counts.finished.add(table)
                return True
            if not body["legal"]:
                if acted:  # the turn passed to the other person (told, in the server, by a notice)
                    counts.turn_passes += 1
                    counts.next_seat[table] = next(s for s in tokens if s != seat)
                    return False
                break  # not this seat's turn: the other one's
            if time.perf_counter() >= stop[0]:
                return False
            res = await client.post(f"{base}/api/tables/{table}/act", headers={"X-Seat-Token": token},
                                    json={"action": rng.choice(body["legal"]), "decision": body["decisions"]})
            if res.status_code != 200:
                if res.status_code != 409:
                    counts.errors.append(f"act {res.status_code} {res.text[:80]}")
                return False
            acted = True
            r = await client.get(f"{base}/api/tables/{table}", headers={"X-Seat-Token": token})
    counts.next_seat[table] = None
    return False


def quantiles(xs: list[float]) -> tuple[float, float]:
    if len(xs) < 2:
        return (xs[0] if xs else 0.0), (xs[0] if xs else 0.0)
    q = statistics.quantiles(xs, n=100)
    return statistics.median(xs), q[98]


def stored_counts(db: str, schema: str | None) -> dict[str, int]:
    import sqlalchemy as sa

    from meeple.server.people_store import PeopleStore
    from meeple.server.store import Store

    store = Store(db, schema=schema)
    people = PeopleStore(store)
    with store.engine.connect() as conn:
        out = {"notified": int(conn.execute(sa.select(sa.func.count()).select_from(people.notified)).scalar() or 0),
               "rated": int(conn.execute(sa.select(sa.func.count()).select_from(people.rated)).scalar() or 0),
               "finished": int(conn.execute(sa.select(sa.func.count()).select_from(
                   people.extra.join(store.tables, store.tables.c.id == people.extra.c.table_id)).where(
                   people.extra.c.rated.is_(True) & (store.tables.c.status == "over"))).scalar() or 0),
               "games": int(conn.execute(sa.select(sa.func.coalesce(sa.func.sum(people.ratings.c.games), 0))).scalar()
                            or 0)}
    store.dispose()
    return out


async def run(args: argparse.Namespace, bases: list[str], mails: list[Any]) -> Counts:
    rng = random.Random(1)
    limits = httpx.Limits(max_connections=400, max_keepalive_connections=400)
    from http.cookiejar import CookieJar, DefaultCookiePolicy

    no_cookies = CookieJar(policy=DefaultCookiePolicy(allowed_domains=[]))  # bearer sessions only, as a script
    async with httpx.AsyncClient(timeout=60, limits=limits, cookies=no_cookies) as client:
        t0 = time.perf_counter()
        auths = await sign_up(client, bases, args.accounts)
        print(f"{args.accounts} accounts signed up and in: {time.perf_counter() - t0:.1f} s")
        live = [await create(client, bases[i % len(bases)], auths[i % len(auths)], args.game, "live", None)
                for i in range(args.live)]
        mode = "live" if args.control else "turn"  # the control: the same play, no notices
        turn = [await create(client, bases[i % len(bases)], auths[(2 * i) % len(auths)], args.game, mode,
                             auths[(2 * i + 1) % len(auths)]) for i in range(args.turn)]
        phases = {}
        for name, with_turn in (("A: live alone", False), ("B: live + turn-based", True)):
            counts = Counts()
            stop = [time.perf_counter() + args.seconds]
            jobs = [play(client, bases, t, tok, stop, args.think, counts, True, random.Random(rng.random()))
                    for t, tok in live]
            if with_turn:
                jobs += [play(client, bases, t, tok, stop, args.turn_think, counts, False, random.Random(rng.random()),
                              told=args.turn_model == "told") for t, tok in turn]
            await asyncio.gather(*jobs)
            phases[name] = counts
            p50, p99 = quantiles(counts.live_lat)
            s50, s99 = quantiles(counts.live_server)
            print(f"phase {name}: {len(counts.live_lat)} live acts, p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms "
                  f"(inside the server {s50 * 1000:.1f} / {s99 * 1000:.1f} ms); "
                  f"turn passes {counts.turn_passes}; errors {len(counts.errors)} {counts.errors[:3]}")
        a, b = phases["A: live alone"], phases["B: live + turn-based"]
        ratio = quantiles(b.live_lat)[1] / max(1e-9, quantiles(a.live_lat)[1])
        inside = quantiles(b.live_server)[1] / max(1e-9, quantiles(a.live_server)[1])
        print(f"live act p99 with / without the turn-based load: {ratio:.2f} (inside the server {inside:.2f})")
        await asyncio.sleep(3)  # the last notices on their way
        b.finished |= a.finished
        print(f"emails received: {len(mails)}; turn passes seen: {b.turn_passes}")
        return b


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--accounts", type=int, default=1000)
    ap.add_argument("--turn", type=int, default=200, help="turn-based tables (two accounts each)")
    ap.add_argument("--live", type=int, default=50, help="live tables (an account against the random bot)")
    ap.add_argument("--seconds", type=float, default=30, help="length of each phase")
    ap.add_argument("--think", type=float, default=0.5, help="mean pause (s) of a live seat before it acts")
    ap.add_argument("--turn-think", type=float, default=4.0, help="mean pause (s) of a turn-based seat")
    ap.add_argument("--turn-model", choices=("poll", "told"), default="told",
                    help="poll: every person of a turn-based table looks at it every --turn-think seconds on "
                         "average (both seats' full views) and acts as long after (the first figures); told: "
                         "only the person whose turn it is comes, --turn-think seconds on average after the "
                         "turn passed to them, and plays their turn's decisions in a row")
    ap.add_argument("--game", default="messina")
    ap.add_argument("--control", action="store_true",
                    help="the --turn tables are created live (same play, no notices): what the notices cost")
    ap.add_argument("--db", default=None)
    ap.add_argument("--processes", type=int, default=1)
    ap.add_argument("--redis", default=None)
    args = ap.parse_args()
    if args.processes > 1 and (not args.redis or not args.db or args.db.startswith("sqlite")):
        ap.error("--processes above 1 needs --redis URL and a PostgreSQL --db")
    from aiosmtpd.controller import Controller

    mails: list[Any] = []

    class Keep:
        async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
            mails.append(envelope.rcpt_tos)
            return "250 OK"

    smtp_port = free_port()
    controller = Controller(Keep(), hostname="127.0.0.1", port=smtp_port)
    controller.start()
    tmp = tempfile.mkdtemp(prefix="meeple-bench-people-")
    db = args.db or f"sqlite:///{tmp}/bench.db"
    schema = None if db.startswith("sqlite") else f"meeple_bench_people_{os.getpid()}"
    ports = [free_port() for _ in range(max(1, args.processes))]
    procs = [start_server(db, p, schema, args.redis, f"smtp://127.0.0.1:{smtp_port}") for p in ports]
    bases = [f"http://127.0.0.1:{p}" for p in ports]
    try:
        for base, proc in zip(bases, procs, strict=True):
            wait_health(base, proc)
        counts = asyncio.run(run(args, bases, mails))
        stored = stored_counts(db, schema)
        print(f"notices: {stored['notified']} meeple_notified rows, {len(mails)} emails, {counts.turn_passes} turn "
              f"passes ({'exactly once' if stored['notified'] == len(mails) == counts.turn_passes else 'DIFFER'})")
        once = stored["rated"] == stored["finished"] and stored["games"] == 2 * stored["rated"]
        print(f"ratings: {stored['finished']} rated tables finished (stored), {stored['rated']} meeple_rated rows, "
              f"{stored['games']} games counted (expected {2 * stored['finished']}; "
              f"{'exactly once' if once else 'DIFFER'})")
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.wait(timeout=20)
        controller.stop()
        if schema is not None:
            from meeple.server.store import Store

            Store(db, schema=schema).drop_schema()


if __name__ == "__main__":
    main()
