"""Issue 17: what ``meeple worker`` answers to a bot job (no Redis needed: ``Worker.answer``)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import meeple
from meeple import games
from meeple.server.jobs import Worker


def _job(state: Any, **kw: Any) -> dict[str, Any]:
    job = {"id": "j", "reply": "r", "spec": "random", "seed": 3, "deadline": 5.0,
           "until": time.time() + 30, "record": state.record()}
    job.update(kw)
    return job


def test_server_multiprocess_worker_answers_jobs() -> None:
    state = games.get("troyes").new(2, 5, {})
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    worker = Worker("redis://127.0.0.1:1", store=None, slots=1)

    async def go() -> list[dict[str, Any]]:
        try:
            out = [await worker.answer(_job(state))]
            later = state.clone()
            later.apply(later.legal_actions()[-1])
            out.append(await worker.answer(_job(later)))  # the cached game plus one action
            out.append(await worker.answer(_job(state, spec="ismcts:time=inf")))  # over the caps
            out.append(await worker.answer(_job(state, until=time.time() - 1)))  # waited too long
            out.append(await worker.answer(_job(state, record={"game": "nope"})))
            return out
        finally:
            worker.pool.close()

    ok, again, capped, late, bad = asyncio.run(go())
    assert ok["notation"] in {a.notation for a in state.legal_actions()}
    assert again["notation"] is not None
    assert "error" in capped and "notation" not in capped
    assert late == {"late": True}
    assert "error" in bad
    assert worker.done == 2
    # the cached position is the record's, action for action
    cached = next(iter(worker.states.values()))
    assert cached.record()["actions"] == meeple.replay(cached.record()).record()["actions"]
    assert len(cached.history) == len(state.history) + 1
