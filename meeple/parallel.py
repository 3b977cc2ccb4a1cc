"""Running many independent games: one process, a local process pool, or a Ray cluster.

``simulate`` and ``arena`` hand their tasks (one seeded game each) to
``run_tasks``, which yields each result as it comes.  Results carry their seed
or index, so callers sort them: the same seeds give the same games wherever
they ran.  Ray is an optional extra (``pip install 'meeple[ray]'``); ``ray``
names the cluster (an address such as ``ray://head:10001`` or ``auto``), and
the empty string starts a local one sized to ``jobs``.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from meeple.engine.messages import refused

T = TypeVar("T")
R = TypeVar("R")


def _noop(_arg: Any) -> None:
    return None


def run_tasks(
    fn: Callable[[T], R], tasks: Sequence[T], jobs: int = 1, *,
    init: Callable[[Any], None] = _noop, init_arg: Any = None, ray: str | None = None,
) -> Iterator[R]:
    """``fn(task)`` for every task, in completion order.  ``init(init_arg)`` runs once in
    every worker before its first task (the component tables, for instance)."""
    if ray is not None:
        yield from _run_ray(fn, tasks, jobs, init, init_arg, ray)
        return
    if jobs <= 1 or len(tasks) <= 1:
        init(init_arg)
        for task in tasks:
            yield fn(task)
        return
    ctx = multiprocessing.get_context("fork")
    chunk = max(1, len(tasks) // (jobs * 8))
    with ctx.Pool(min(jobs, len(tasks)), initializer=init, initargs=(init_arg,)) as pool:
        yield from pool.imap_unordered(fn, tasks, chunksize=chunk)


def ray_module() -> Any:
    """The ``ray`` package, or ``BadSetup`` with the install command."""
    try:
        import ray
    except ImportError:
        raise refused("parallel.no_ray") from None
    return ray


def _ray_chunk(fn: Callable[[Any], Any], init: Callable[[Any], None], init_arg: Any,
               chunk: list[Any]) -> list[Any]:
    init(init_arg)
    return [fn(task) for task in chunk]


def _run_ray(fn: Callable[[T], R], tasks: Sequence[T], jobs: int,
             init: Callable[[Any], None], init_arg: Any, address: str) -> Iterator[R]:
    ray = ray_module()
    started_here = False
    if not ray.is_initialized():
        kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                  "configure_logging": False}
        if address:
            kwargs["address"] = address
        else:
            kwargs["num_cpus"] = max(1, jobs)
        try:
            ray.init(**kwargs)
        except (ConnectionError, ValueError, RuntimeError) as exc:
            raise refused("parallel.no_cluster", address=address or "(local)", reason=str(exc)) from None
        started_here = True
    try:
        remote = ray.remote(_ray_chunk)
        arg_ref = ray.put(init_arg)
        width = max(1, int(ray.cluster_resources().get("CPU", jobs)))
        size = max(1, len(tasks) // (width * 4))
        pending = [remote.remote(fn, init, arg_ref, list(tasks[i:i + size]))
                   for i in range(0, len(tasks), size)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield from ray.get(ref)
    finally:
        if started_here:
            ray.shutdown()
