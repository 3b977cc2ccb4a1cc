"""A bot worker process: ``python -m meeple.server.botworker FD`` (started by ``botpool``).

It reads ``(spec, pickled state, seed)`` from the socket ``FD`` and answers
``("ok", notation)`` of ``bots.act`` (the bot sees only a determinized copy)
or ``("error", message)``, until the socket closes.  It runs at the priority the pool started
it at (``BotPool.nice``: by default the web server's own, issue 30) and ignores Ctrl-C (the
server stops it).
"""

from __future__ import annotations

import copyreg
import os
import pickle
import signal
import sys
from multiprocessing.connection import Connection
from typing import Any

from meeple import bots, games
from meeple.engine import Rng, Tables, tables_hash

# A state travels with its component tables; a worker keeps one Tables object per
# component set, so what games derive from them is built once per worker.
_TABLES: dict[str, Tables] = {}


def _tables_from(digest: str, data: dict[str, Any]) -> Tables:
    tables = _TABLES.get(digest)
    if tables is None:
        tables = _TABLES[digest] = Tables(data)
    return tables


def _reduce_tables(tables: Tables) -> tuple[Any, ...]:
    return _tables_from, (tables_hash(tables), {k: tables[k] for k in tables})


copyreg.pickle(Tables, _reduce_tables)


def serve(conn: Connection) -> None:
    """A worker's loop: ``(spec, state_bytes, seed)`` in, ``("ok", notation)`` or
    ``("error", message)`` out, until the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server stops its workers itself
    made: dict[str, bots.Bot] = {}
    while True:
        try:
            spec, blob, seed = conn.recv()
        except (EOFError, OSError):
            return
        try:
            bot = made.get(spec)
            if bot is None:
                bot = made[spec] = bots.make(spec)
            state = pickle.loads(blob)
            conn.send(("ok", bots.act(bot, state, Rng(seed)).notation))
        except Exception as exc:  # noqa: BLE001 - reported to the server, which plays a fallback
            conn.send(("error", f"{type(exc).__name__}: {exc}"[:300]))


def main() -> None:
    conn = Connection(int(sys.argv[1]))
    for name in games.names():  # import every game (and the bots) before the first decision
        games.get(name)
    bots.kinds()
    conn.send(("ready", os.getpid()))  # the deadline of the first decision starts after this
    serve(conn)


if __name__ == "__main__":
    main()
