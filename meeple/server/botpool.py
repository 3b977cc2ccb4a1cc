"""Bot turns in worker processes: a bounded pool, fair per table, each decision under a deadline.

``BotPool`` keeps ``size`` worker processes (``meeple.server.botworker`` in a fresh interpreter,
started on first use in the server's session at ``nice`` (0: the web server's own priority, so
other work on the machine does not starve them), sharing nothing with it but a socket; a worker
says it is ready once its imports are done, and only then does a decision's deadline start).

Scheduling (issue 30: at nice 19 behind everything, ``hard`` ran into its 3 s deadline under load
and silently played its fallback):

- a decision waits for a free worker in its table's queue; a freed worker goes to the next table
  in turn (round-robin over tables, so one table with many bot seats cannot hold the pool), and
  tables with a person (``priority`` 0) come before bot-only ones nobody waits for (1, background);
- a level's deadline is its budget of the worker's **CPU time** (read from ``/proc``; where it
  cannot be read, wall time as before): a worker that waits for the CPU behind other work does not
  use it up, so a busy machine slows a bot down but does not make it weaker;
- a decision whose worker could not get the CPU for ``patience`` times its deadline (at least
  ``grace`` seconds more) is stopped all the same, as *starved* (``"busy"``): the caller plays the
  level's fallback and the table's log says the server was too busy (``driver.py``).

Neither waiting for a free worker nor a new worker's start-up counts against the deadline.  A
worker past its deadline is killed and replaced.  ``close`` kills the workers at once, so
shutdown takes well under a second.  ``clock`` (``Clock``) is what the pool reads time from;
tests give it a double.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import pickle
import socket
import subprocess
import sys
import time
from collections import OrderedDict, deque
from multiprocessing.connection import Connection
from typing import Any

from meeple.engine import State
from meeple.server import botworker  # noqa: F401 - registers how component tables travel

LAUNCH = ("import os, runpy, sys\nnice = int(sys.argv.pop(1))\ntry:\n    if nice:\n        os.nice(nice)\n"
          "except OSError:\n    pass\n"
          "runpy.run_module('meeple.server.botworker', run_name='__main__', alter_sys=True)")

READY_TIMEOUT = 60.0  # seconds a new worker may take to import the games and bots
POLL = 0.05  # seconds between looks at a thinking worker's CPU time
PATIENCE = 4.0  # a decision may wait for the CPU this many times its deadline ...
GRACE = 5.0  # ... and at least this many seconds more than it, before it counts as starved
_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


class Clock:
    """Where the pool reads time: the wall clock and a worker's CPU seconds (None: unknown)."""

    def wall(self) -> float:
        return time.monotonic()

    def cpu(self, pid: int) -> float | None:
        try:
            with open(f"/proc/{pid}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            return None
        return (int(fields[11]) + int(fields[12])) / _TICK  # utime + stime


class _Worker:
    """One worker process (``python -m meeple.server.botworker FD``) and its end of a socket pair."""

    def __init__(self, nice: int) -> None:
        self.ready = False  # it has said ("ready", pid): its imports are done
        mine, theirs = socket.socketpair()
        env = dict(os.environ)
        # the worker imports what this process imported (a game registered by a test, say)
        env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p and os.path.isdir(p))
        self.proc = subprocess.Popen(
            # nice before importing anything
            [sys.executable, "-c", LAUNCH, str(nice), str(theirs.fileno())],
            # same session as the server: with the kernel's autogroups a new session would get
            # its own fair share of the CPU whatever its nice value
            pass_fds=(theirs.fileno(),), env=env, stdin=subprocess.DEVNULL)
        theirs.close()
        self.conn = Connection(mine.detach())

    def kill(self) -> None:
        with contextlib.suppress(Exception):
            self.conn.close()
        with contextlib.suppress(Exception):
            self.proc.kill()
            self.proc.wait(timeout=1.0)


class BotPool:
    """``size`` bot worker processes shared by every table of one server."""

    def __init__(self, size: int = 2, nice: int = 0) -> None:
        self.size = max(1, size)
        self.nice = max(0, min(19, nice))
        self.clock = Clock()
        self.patience = PATIENCE
        self.grace = GRACE
        self._idle: list[_Worker] | None = None
        self._queues: dict[int, OrderedDict[str, deque[asyncio.Future[_Worker]]]] = {}
        self._all: set[_Worker] = set()
        self.closed = False
        self.timeouts = 0  # decisions stopped at their CPU deadline (for tests and the health endpoint)
        self.starved = 0  # decisions stopped because their worker did not get the CPU in time

    @property
    def waiting(self) -> int:
        """Decisions waiting for a free worker now."""
        return sum(len(q) for queues in self._queues.values() for q in queues.values())

    def _start(self) -> list[_Worker]:
        if self._idle is None:
            self._idle = []
            for _ in range(self.size):
                self._spawn()
        return self._idle

    def _spawn(self) -> None:
        w = _Worker(self.nice)
        self._all.add(w)
        self._release(w)

    async def _acquire(self, key: str, priority: int) -> _Worker:
        """A free worker: at once if one is idle and nobody waits, else in this table's turn."""
        idle = self._start()
        if idle and not self.waiting:
            return idle.pop()
        future: asyncio.Future[_Worker] = asyncio.get_running_loop().create_future()
        self._queues.setdefault(priority, OrderedDict()).setdefault(key, deque()).append(future)
        try:
            return await future
        except asyncio.CancelledError:
            tables = self._queues.get(priority)
            queue = tables.get(key) if tables is not None else None
            if queue is not None and future in queue:
                queue.remove(future)
                if not queue:
                    del self._queues[priority][key]
            elif future.done() and not future.cancelled():
                self._release(future.result())  # handed over just as the asker left
            raise

    def _release(self, worker: _Worker) -> None:
        """Hand ``worker`` to the next table in turn (first priority first), else keep it idle."""
        for priority in sorted(self._queues):
            tables = self._queues[priority]
            while tables:
                key, queue = next(iter(tables.items()))
                future = queue.popleft()
                if queue:
                    tables.move_to_end(key)  # its next decision waits for the other tables' turn
                else:
                    del tables[key]
                if not future.done():
                    future.set_result(worker)
                    return
        assert self._idle is not None
        self._idle.append(worker)

    async def _recv(self, worker: _Worker, timeout: float) -> Any:
        """The worker's next message, waiting without blocking the event loop."""
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[Any] = loop.create_future()
        fd = worker.conn.fileno()

        def readable() -> None:
            loop.remove_reader(fd)
            if answer.done():
                return
            try:
                answer.set_result(worker.conn.recv())
            except Exception as exc:  # noqa: BLE001 - a dead worker
                answer.set_exception(exc)

        loop.add_reader(fd, readable)
        try:
            return await asyncio.wait_for(answer, timeout=timeout)
        finally:
            with contextlib.suppress(Exception):
                loop.remove_reader(fd)

    async def _answer(self, worker: _Worker, deadline: float) -> tuple[Any, str]:
        """The worker's answer and ``"ok"``, or ``(None, "time")`` once it used ``deadline`` CPU
        seconds, or ``(None, "busy")`` once it waited ``patience`` times that for the CPU."""
        clock, pid = self.clock, worker.proc.pid
        wall0, cpu0 = clock.wall(), clock.cpu(pid)
        starved_at = max(deadline * self.patience, deadline + self.grace)
        while True:
            try:
                return await self._recv(worker, POLL), "ok"
            except TimeoutError:
                pass
            waited = clock.wall() - wall0
            cpu = clock.cpu(pid)
            used = waited if cpu is None or cpu0 is None else cpu - cpu0
            if used >= deadline:
                return None, "time"
            if waited >= starved_at:
                return None, "busy"

    async def decide(self, spec: str, state: State, seed: int, deadline: float,
                     key: str = "", priority: int = 0) -> tuple[str | None, str]:
        """``(notation, "ok")``: what ``spec`` plays in ``state``; ``(None, "time")`` when it used
        its ``deadline`` of CPU seconds, ``(None, "busy")`` when its worker could not get the CPU
        in time (either way the worker is replaced); RuntimeError when it failed.  ``key`` (the
        table) and ``priority`` (0: a person waits; 1: background) place it in the queue."""
        if self.closed:
            return None, "closed"
        worker = await self._acquire(key, priority)
        timed = False
        why = "ok"
        try:
            if not worker.ready:
                await self._recv(worker, READY_TIMEOUT)  # ("ready", pid)
                worker.ready = True
            worker.conn.send((spec, pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL), seed))
            timed = True
            answer, why = await self._answer(worker, deadline)
            if answer is None:
                raise TimeoutError
            kind, value = answer
        except (TimeoutError, EOFError, OSError, asyncio.CancelledError) as exc:
            self._all.discard(worker)
            worker.kill()
            if not self.closed:
                self._spawn()
            if isinstance(exc, TimeoutError) and timed:
                if why == "busy":
                    self.starved += 1
                else:
                    self.timeouts += 1
                return None, why if why != "ok" else "time"
            if isinstance(exc, asyncio.CancelledError):
                raise
            raise RuntimeError("the bot's worker process ended or did not start") from None
        self._release(worker)
        if kind != "ok":
            raise RuntimeError(value)
        return str(value), "ok"

    async def think(self, spec: str, state: State, seed: int, deadline: float) -> str | None:
        """The notation ``spec`` plays in ``state``; None when it was stopped (``decide``)."""
        return (await self.decide(spec, state, seed, deadline))[0]

    def close(self) -> None:
        """Stop every worker now (a thinking one is killed)."""
        self.closed = True
        for w in list(self._all):
            w.kill()
        self._all.clear()
        for queues in self._queues.values():
            for queue in queues.values():
                for future in queue:
                    if not future.done():
                        future.cancel()
        self._queues.clear()
