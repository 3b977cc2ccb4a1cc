"""Bot turns in worker processes, each decision under a deadline.

``BotPool`` keeps ``size`` worker processes (``meeple.server.botworker`` in a
fresh interpreter, started on first use at nice 19 in the server's session,
sharing nothing with it but a socket; a worker says it is ready once its
imports are done, and only then does a decision's deadline start).  A decision goes to
an idle worker with the true state (pickled), the spec and a seed; the worker
answers the notation of ``bots.act`` (which shows the bot only a
determinized copy).  A worker past the deadline is killed and replaced, and
``think`` answers ``None`` so the caller plays the level's fallback.
``close`` kills the workers at once, so shutdown takes well under a second.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import pickle
import socket
import subprocess
import sys
from multiprocessing.connection import Connection
from typing import Any

from meeple.engine import State
from meeple.server import botworker  # noqa: F401 - registers how component tables travel

LAUNCH = ("import os, runpy\ntry:\n    os.nice(19)\nexcept OSError:\n    pass\n"
          "runpy.run_module('meeple.server.botworker', run_name='__main__', alter_sys=True)")


READY_TIMEOUT = 60.0  # seconds a new worker may take to import the games and bots


class _Worker:
    """One worker process (``python -m meeple.server.botworker FD``) and its end of a socket pair."""

    def __init__(self) -> None:
        self.ready = False  # it has said ("ready", pid): its imports are done
        mine, theirs = socket.socketpair()
        env = dict(os.environ)
        # the worker imports what this process imported (a game registered by a test, say)
        env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p and os.path.isdir(p))
        self.proc = subprocess.Popen(
            # nice before importing anything: a worker's start-up must not slow the server either
            [sys.executable, "-c", LAUNCH, str(theirs.fileno())],
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

    def __init__(self, size: int = 2) -> None:
        self.size = max(1, size)
        self._idle: asyncio.Queue[_Worker] | None = None
        self._all: set[_Worker] = set()
        self.closed = False
        self.timeouts = 0  # decisions stopped at their deadline (for tests and the health endpoint)

    def _start(self) -> asyncio.Queue[_Worker]:
        if self._idle is None:
            self._idle = asyncio.Queue()
            for _ in range(self.size):
                self._spawn()
        return self._idle

    def _spawn(self) -> None:
        w = _Worker()
        self._all.add(w)
        assert self._idle is not None
        self._idle.put_nowait(w)

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

    async def think(self, spec: str, state: State, seed: int, deadline: float) -> str | None:
        """The notation ``spec`` plays in ``state``; None if it took longer than
        ``deadline`` seconds (the worker is replaced) or failed (logged by the caller).
        Neither waiting for a free worker nor a new worker's start-up counts against
        the deadline."""
        if self.closed:
            return None
        idle = self._start()
        worker = await idle.get()
        timed = False
        try:
            if not worker.ready:
                await self._recv(worker, READY_TIMEOUT)  # ("ready", pid)
                worker.ready = True
            worker.conn.send((spec, pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL), seed))
            timed = True
            kind, value = await self._recv(worker, deadline)
        except (TimeoutError, EOFError, OSError, asyncio.CancelledError) as exc:
            self._all.discard(worker)
            worker.kill()
            if not self.closed:
                self._spawn()
            if isinstance(exc, TimeoutError) and timed:
                self.timeouts += 1
                return None
            if isinstance(exc, asyncio.CancelledError):
                raise
            raise RuntimeError("the bot's worker process ended or did not start") from None
        idle.put_nowait(worker)
        if kind != "ok":
            raise RuntimeError(value)
        return str(value)

    def close(self) -> None:
        """Stop every worker now (a thinking one is killed)."""
        self.closed = True
        for w in list(self._all):
            w.kill()
        self._all.clear()
