"""``simulate --ray`` and ``arena --ray``: games spread over a Ray cluster give the same
results as the local run, seed for seed, and a crash in a Ray worker comes back with a
record that replays (issue 17, "Ray for simulation and the arena").

These tests start a local Ray cluster of 2 CPUs when the ``ray`` package is installed
(``pip install 'meeple[ray]'``; CI installs it); set ``MEEPLE_TEST_RAY=0`` to skip them.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

import meeple
from meeple.bots.arena import arena_command
from meeple.simulate import run_games, save_crashes, summarise
from tests.engine.ray_setup import register_test_games

ROOT = Path(__file__).resolve().parents[2]

ray = pytest.importorskip(
    "ray", reason="Ray is not installed: pip install 'meeple[ray]' enables the Ray tests (CI has it)"
)
if os.environ.get("MEEPLE_TEST_RAY") == "0":
    pytest.skip("MEEPLE_TEST_RAY=0 skips the Ray tests", allow_module_level=True)


@pytest.fixture(scope="module")
def cluster() -> Iterator[None]:
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False,
             runtime_env={"env_vars": {"PYTHONPATH": path},
                          "worker_process_setup_hook": "tests.engine.ray_setup.register_test_games"})
    register_test_games()
    try:
        yield
    finally:
        ray.shutdown()


def test_simulate_on_ray_gives_the_local_results_seed_for_seed(cluster: None) -> None:
    """Same seeds, same games: wins, scores and decision counts equal the local pool's."""
    local = run_games("luna_maris", 2, 6, ["random", "heuristic"], seed=40, jobs=2)
    spread = run_games("luna_maris", 2, 6, ["random", "heuristic"], seed=40, jobs=2, ray="")
    assert [(r.seed, r.scores, r.ranking, r.decisions) for r in spread] == \
        [(r.seed, r.scores, r.ranking, r.decisions) for r in local]
    assert all(r.error is None for r in spread)


def test_a_crash_on_a_ray_worker_comes_back_with_a_record_that_replays(
        cluster: None, tmp_path: Path) -> None:
    """The crash record made inside a Ray worker reproduces the crash here."""
    results = run_games("crashy", 2, 8, ["random", "random"], seed=0, jobs=2, ray="")
    summary = summarise("crashy", 2, ["random", "random"], results, 1.0)
    assert summary["crashes"], "the 12 is played in some of eight games"
    local = run_games("crashy", 2, 8, ["random", "random"], seed=0, jobs=1)
    assert [r.seed for r in results if r.error] == [r.seed for r in local if r.error]
    save_crashes(summary, results, tmp_path)
    record = json.loads(Path(summary["crashes"][0]["record_file"]).read_text())
    state = meeple.replay(record)
    with pytest.raises(RuntimeError, match="boom on 12"):
        state.apply(record["meta"]["crashed_on"])


def test_arena_on_ray_gives_the_local_report(cluster: None, capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    """The arena's win table over every seat arrangement is the same on Ray as locally."""
    reports = []
    for where in (None, ""):
        code = arena_command("hilo", 2, ["random", "heuristic"], 8, jobs=2, seed=5, as_json=True,
                             crash_dir=tmp_path, ray=where)
        assert code == 0
        report = json.loads(capsys.readouterr().out)
        timing = ("seconds_per_decision", "iterations_per_s")
        rows = [{k: v for k, v in row.items() if k not in timing} for row in report["results"]]
        reports.append({"results": rows, **{k: report[k] for k in ("head_to_head", "seat_win_rate",
                                                                    "mean_decisions")}})
    assert reports[0]["results"] and reports[0] == reports[1]
