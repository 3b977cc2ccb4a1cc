"""``scripts/bench_compare.py`` (issue 31): the checkout against a commit, side by side."""

from __future__ import annotations

import importlib.util
import json
import subprocess
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_compare", ROOT / "scripts" / "bench_compare.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_ref_that_is_not_a_commit_exits_with_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 31: a REF that does not exist is a clear error with exit status 2."""
    assert _script().main(["no-such-ref-31x"]) == 2
    assert "'no-such-ref-31x' is not a commit" in capsys.readouterr().err


def test_an_unknown_measure_or_game_is_an_argument_error() -> None:
    """Issue 31: --only takes random,ismcts,catan,rl and --games the four games."""
    bench = _script()
    for argv in (["HEAD", "--only", "random,speed"], ["HEAD", "--games", "catan"]):
        with pytest.raises(SystemExit) as exc:
            bench.parse(argv)
        assert exc.value.code == 2
    args = bench.parse(["HEAD", "--only", "ismcts", "--games", "troyes,messina"])
    assert args.only == ["ismcts"] and args.games == ["troyes", "messina"]


def test_compile_builds_a_tree_with_a_compiled_build_and_excludes_pure(tmp_path: Path) -> None:
    """Issue 31: --compile (a compiled REF beside a compiled checkout) cannot go with --pure,
    and a REF from before the compiled build is said to be measured as pure Python."""
    bench = _script()
    with pytest.raises(SystemExit) as exc:
        bench.parse(["HEAD", "--pure", "--compile"])
    assert exc.value.code == 2
    assert bench.parse(["HEAD", "--compile"]).compile
    assert bench.build(tmp_path) == "no compiled build at this commit (pure Python)"


def test_each_side_is_measured_from_its_own_tree_and_the_worktree_is_removed(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 31: REF runs from a temporary worktree (PYTHONPATH first, checked in the child),
    the checkout from itself; both give rates and a ratio; the worktree is gone after."""
    bench = _script()
    argv = ["HEAD", "--only", "random", "--games", "luna_maris", "--seconds", "0.02",
            "--repeats", "1", "--pure", "--json"]
    assert bench.main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True,
                          text=True, check=True).stdout.strip()
    assert report["old_commit"] == head and report["errors"] == []
    sides = {s["side"]: s for s in report["samples"]}
    new, old = Path(sides["new"]["meeple"]), Path(sides["old"]["meeple"])
    assert new == ROOT / "meeple" / "__init__.py"
    assert ROOT not in old.parents and old.parts[-3:] == ("old", "meeple", "__init__.py")
    assert not old.parents[1].exists()
    assert str(old.parents[1]) not in subprocess.run(
        ["git", "worktree", "list"], cwd=ROOT, capture_output=True, text=True).stdout
    assert sides["old"]["compiled_modules"] == sides["new"]["compiled_modules"] == []
    row = next(r for r in report["rows"] if r["figure"] == "random_games_per_s_4p")
    assert row["old"] > 0 and row["new"] > 0 and row["ratio"] == pytest.approx(row["new"] / row["old"])


def test_new_commit_is_measured_from_a_second_worktree(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 31: ``--new COMMIT`` compares two commits, each from its own temporary worktree
    (so that work in progress in the checkout does not enter the figures)."""
    argv = ["HEAD", "--new", "HEAD", "--only", "ismcts", "--games", "messina", "--seconds",
            "0.02", "--iters", "20", "--repeats", "1", "--json"]
    assert _script().main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["new"] == "HEAD" and report["new_commit"] == report["old_commit"]
    paths = {s["side"]: Path(s["meeple"]) for s in report["samples"]}
    assert paths["old"].parents[2] == paths["new"].parents[2]  # one temporary directory
    assert {paths["old"].parts[-3], paths["new"].parts[-3]} == {"old", "new"}
    assert not paths["new"].parents[2].exists()
    row = report["rows"][0]
    assert row["figure"] == "ismcts_iterations_per_s" and row["old"] > 0 and row["new"] > 0
