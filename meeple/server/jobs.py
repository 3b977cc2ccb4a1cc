"""Bot turns as jobs on Redis (issue 17): ``meeple worker`` thinks, the table's owner moves.

The process that runs a table's bots (the holder of its advisory lock, see
``bus.py``) asks ``RemotePool.think`` for a move, as it asks the local
``BotPool``.  While at least one ``meeple worker`` holds a live lease (a
heartbeat in the sorted set ``<ns>:workers``, good for ``LEASE`` seconds), the
question becomes a job pushed on the list ``<ns>:jobs``: the game's record
(JSON: game, seed, options, notations; never a pickle), the bot spec, the
seed and the deadline.  A worker pops it (``BRPOP``), rebuilds the position
(``meeple.replay``, or its cached state of that game plus the new actions),
thinks in its own ``BotPool`` under the deadline and pushes the answer on the
asking process's reply list ``<ns>:reply:<origin>``.  The asking process then
applies the move itself, under the table's lock and row lock, so a job
delivered twice or answered late can never move twice: a move for a position
that changed meanwhile is dropped, as before.  A job nobody answers in time
(no worker took it, or its worker died) counts as over its deadline and the
level's fallback moves; with no worker alive the local pool thinks.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import threading
import time
import uuid
from collections import OrderedDict
from typing import Any

import meeple
from meeple.engine import State
from meeple.server.botpool import BotPool
from meeple.server.bus import HEARTBEAT, LEASE, Bus, namespace
from meeple.server.levels import MAX_SPEC, check_spec

log = logging.getLogger("meeple.server")

PICKUP = 2.0  # seconds a job may wait in the queue before its deadline starts (then it is dropped)
MAX_THINK = 12.0  # no job thinks longer than this, whatever it says (the levels' cap is 10 s)


class RemotePool(BotPool):
    """A ``BotPool`` that sends its decisions to the Redis job queue while a worker is
    alive, and thinks in its own processes otherwise."""

    def __init__(self, bus: Bus, size: int = 2) -> None:
        super().__init__(size)
        self.bus = bus
        self.remote_moves = 0
        self._waiting: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._reader: asyncio.Task[None] | None = None

    @property
    def replies(self) -> str:
        return f"{self.bus.prefix}:reply:{self.bus.origin}"

    async def decide(self, spec: str, state: State, seed: int, deadline: float,
                     key: str = "", priority: int = 0) -> tuple[str | None, str]:
        if self.bus.redis is not None and not self.closed and await self.bus.workers_alive():
            answer = await self._ask(spec, state, seed, deadline)
            if "error" in answer:
                raise RuntimeError(str(answer["error"])[:300])
            if not answer.get("late"):
                if answer.get("notation") is None:
                    why = "busy" if answer.get("why") == "busy" else "time"
                    if why == "busy":
                        self.starved += 1
                    else:
                        self.timeouts += 1
                    return None, why
                self.remote_moves += 1
                return str(answer["notation"]), "ok"
            # the job waited too long for a worker: think here instead
        return await super().decide(spec, state, seed, deadline, key, priority)

    async def _ask(self, spec: str, state: State, seed: int, deadline: float) -> dict[str, Any]:
        if self._reader is None or self._reader.done():
            self._reader = asyncio.get_running_loop().create_task(self._read_replies())
        job_id = uuid.uuid4().hex
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[job_id] = future
        job = {"id": job_id, "reply": self.replies, "spec": spec, "seed": seed, "deadline": deadline,
               "until": time.time() + PICKUP, "record": state.record()}
        try:
            async with self.bus.redis.pipeline(transaction=False) as pipe:
                pipe.lpush(self.bus.jobs, json.dumps(job))
                pipe.expire(self.bus.jobs, 60)  # jobs left behind by a worker that died go away
                await pipe.execute()
            # queued (at most PICKUP), thinking (its deadline of CPU time, or starved: botpool.py), and
            # the trip back
            starved = max(deadline * self.patience, deadline + self.grace)
            return await asyncio.wait_for(future, timeout=PICKUP + starved + 1.0)
        except TimeoutError:
            return {"notation": None}  # nobody answered in time (its worker died): the fallback moves
        except Exception as exc:  # noqa: BLE001 - Redis away: think here
            log.warning("the bot-job queue failed (%s); thinking here", exc)
            return {"late": True}
        finally:
            self._waiting.pop(job_id, None)

    async def _read_replies(self) -> None:
        while not self.closed:
            try:
                got = await self.bus.redis.brpop([self.replies], timeout=1)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - Redis away: the askers time out and think here
                await asyncio.sleep(0.5)
                continue
            if got is None:
                continue
            with contextlib.suppress(ValueError, TypeError, KeyError):
                answer = json.loads(got[1])
                future = self._waiting.get(answer["id"])
                if future is not None and not future.done():
                    future.set_result(answer)

    def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
        super().close()


class Worker:
    """``meeple worker``: ``slots`` bot decisions at once from the job queue of the site
    on one database, each in this machine's ``BotPool`` under its deadline."""

    def __init__(self, redis_url: str, store: Any, slots: int | None = None) -> None:
        self.bus = Bus(redis_url)
        self.store = store
        self.slots = max(1, slots or os.cpu_count() or 1)
        self.pool = BotPool(self.slots)
        self.states: OrderedDict[str, State] = OrderedDict()  # a game's last position, by set-up
        self._states_lock = threading.Lock()
        self.done = 0
        self.stopping = False

    async def run(self, ready: Any = None) -> None:
        await self.bus.connect(await asyncio.to_thread(namespace, self.store))
        tasks = [asyncio.create_task(self._heartbeat())]
        tasks += [asyncio.create_task(self._take_jobs()) for _ in range(self.slots)]
        if ready is not None:
            ready(self.bus.prefix)
        try:
            await asyncio.gather(*tasks)
        finally:
            for task in tasks:
                task.cancel()
            with contextlib.suppress(Exception):
                await self.bus.redis.zrem(self.bus.workers, self.bus.origin)
            self.pool.close()
            await self.bus.close()

    async def _heartbeat(self) -> None:
        while not self.stopping:
            try:
                now = time.time()
                await self.bus.redis.zadd(self.bus.workers, {self.bus.origin: now + LEASE})
                await self.bus.redis.zremrangebyscore(self.bus.workers, "-inf", now)  # leases run out
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - Redis away for a moment
                log.warning("the worker's heartbeat failed; trying again")
            await asyncio.sleep(HEARTBEAT)

    async def _take_jobs(self) -> None:
        while not self.stopping:
            try:
                got = await self.bus.redis.brpop([self.bus.jobs], timeout=1)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - Redis away for a moment
                await asyncio.sleep(0.5)
                continue
            if got is None:
                continue
            try:
                job = json.loads(got[1])
                reply, job_id = str(job["reply"]), str(job["id"])
            except (ValueError, TypeError, KeyError):
                log.warning("a malformed bot job was dropped")
                continue
            answer = await self.answer(job)
            answer["id"] = job_id
            try:
                await self.bus.redis.lpush(reply, json.dumps(answer))
                await self.bus.redis.expire(reply, 60)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - the asker times out and its fallback moves
                log.warning("a bot move could not be sent back")

    async def answer(self, job: dict[str, Any]) -> dict[str, Any]:
        """``{"notation": ..., "why": ...}`` (None: stopped, ``why`` says at its deadline, ``"time"``,
        or starved of the CPU, ``"busy"``), ``{"late": True}`` (the job waited
        longer than its pickup time: the asker thinks itself) or ``{"error": ...}``."""
        if time.time() > float(job.get("until", 0)):
            return {"late": True}
        try:
            spec = str(job["spec"])[:MAX_SPEC]
            check_spec(spec)  # the job's spec passes the servers' caps, whoever wrote it
            deadline = min(max(0.1, float(job["deadline"])), MAX_THINK)
            seed = int(job["seed"]) & ((1 << 64) - 1)
            state = await asyncio.to_thread(self._position, job["record"])
            notation, why = await self.pool.decide(spec, state, seed, deadline, key=str(job.get("reply", "")))
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - told to the asker, which plays the fallback
            return {"error": f"{type(exc).__name__}: {exc}"[:300]}
        self.done += 1
        return {"notation": notation, "why": why}

    def _position(self, record: dict[str, Any]) -> State:
        """The record's position: the cached state of that game plus its new actions."""
        actions = list(record["actions"])
        key = json.dumps({k: v for k, v in record.items() if k != "actions"}, sort_keys=True)
        with self._states_lock:
            state = self.states.get(key)
        if state is not None and len(state.history) <= len(actions) and \
                list(state.history) == actions[:len(state.history)]:
            state = state.clone()
            for text in actions[len(state.history):]:
                state.apply(text)
        else:
            state = meeple.replay(record)
        with self._states_lock:
            self.states[key] = state
            self.states.move_to_end(key)
            while len(self.states) > 512:
                self.states.popitem(last=False)
        return state
