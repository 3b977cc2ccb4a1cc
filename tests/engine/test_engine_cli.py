"""The meeple command as a user meets it (issue 2, "The meeple command" and "Done when")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from meeple.engine import save_record
from meeple.terminal import TerminalGame, render_view
from tests.engine.tinygame import GAME as HILO


def run(*args: str, cwd: Path | None = None, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "meeple", *args], capture_output=True, text=True,
                          input=stdin, timeout=120, cwd=cwd)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("play", "chess"), "unknown game 'chess'"),
        (("play", "troyes", "--players", "9"), "2-4 players, not 9"),
        (("simulate", "troyes", "--players", "1", "--games", "1"), "not 1"),
        (("play", "troyes", "--bots", "genius"), "unknown bot 'genius'"),
        (("play", "troyes", "--option", "nope=1"), "no option 'nope'"),
    ],
)
def test_user_errors_are_one_line_without_traceback(args: tuple[str, ...], says: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and says in lines[0], result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_malformed_record_and_bad_pack_are_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "troyes", "version": 1}', encoding="utf-8")
    for args in (("replay", str(bad)), ("play", "--load", str(bad))):
        result = run(*args)
        assert result.returncode == 2 and "record field 'players' is missing" in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
    notjson = tmp_path / "x.json"
    notjson.write_text("{{{", encoding="utf-8")
    result = run("replay", str(notjson))
    assert result.returncode == 2 and "not valid JSON" in result.stderr
    pack = tmp_path / "p.toml"
    pack.write_text("[[nonexistent_table]]\nx = 1\n", encoding="utf-8")
    result = run("play", "troyes", "--components", str(pack))
    assert result.returncode == 2 and "unknown table 'nonexistent_table'" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_simulate_json_is_valid_and_counts_games() -> None:
    result = run("simulate", "troyes", "--players", "2", "--games", "2", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["games"] == 2 and data["finished"] == 2 and len(data["seats"]) == 2
    assert sum(s["wins"] for s in data["seats"]) == pytest.approx(2)


def test_bench_json_is_valid() -> None:
    result = run("bench", "troyes", "--players", "2", "--seconds", "0.2", "--json")
    assert result.returncode == 0, result.stderr
    (row,) = json.loads(result.stdout)
    assert row["game"] == "troyes" and row["decisions_per_second"] > 0 and row["clone_us"] > 0


def test_list_names_every_game() -> None:
    result = run("list", "--json")
    names = {g["name"] for g in json.loads(result.stdout)}
    assert {"troyes", "messina", "mundus_novus", "luna_maris"} <= names


def scripted(lines: list[str]):  # type: ignore[no-untyped-def]
    feed = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return read


def test_terminal_game_illegal_input_asks_again_then_end_of_input_saves(tmp_path: Path) -> None:
    """Illegal input prints the error and asks again; end of input saves the game to a named file."""
    console = Console(record=True, width=120)
    state = HILO.new(2, seed=3)
    game = TerminalGame(state, [0], {1: "random"}, console, scripted(["99", "fly away", "1"]),
                        save_dir=tmp_path)
    code = game.run()
    out = console.export_text()
    assert "no action number 99" in out and "'fly away' is not" in out
    assert code == 130 and len(game.state.history) >= 2
    saved = list(tmp_path.glob("meeple-hilo-3-*.json"))
    assert len(saved) == 1 and json.loads(saved[0].read_text())["actions"] == game.state.history


def test_terminal_game_undo_refused_after_another_seat_moved(tmp_path: Path) -> None:
    console = Console(record=True, width=120)
    game = TerminalGame(HILO.new(2, seed=3), [0], {1: "random"}, console,
                        scripted(["1", "undo", "quit"]), save_dir=tmp_path)
    assert game.run() == 0
    assert "cannot undo" in console.export_text()


def test_terminal_game_plays_to_the_end_against_a_bot(tmp_path: Path) -> None:
    console = Console(record=True, width=120)
    game = TerminalGame(HILO.new(2, seed=8), [0], {1: "random"}, console, scripted(["1"] * 200),
                        save_dir=tmp_path)
    assert game.run() == 0 and game.state.is_over
    assert "final result" in console.export_text()


def test_view_is_drawn_as_tables_not_json() -> None:
    console = Console(record=True, width=100)
    console.print(render_view(HILO.new(3, seed=1).view(0)))
    out = console.export_text()
    assert "hand sizes" in out and "{" not in out


def test_replay_command_steps_through_a_saved_game(tmp_path: Path) -> None:
    from meeple.games import get

    state = get("troyes").new(2, seed=5)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    path = save_record(state, tmp_path / "g.json")
    result = run("replay", str(path), "--seat", "1", stdin="\n\n\nq\n")
    assert result.returncode == 0, result.stderr
    assert "step 3 of 3" in result.stdout


def test_terminal_never_prints_a_bots_notation(tmp_path: Path) -> None:
    """Hidden information: a bot's move is told through the events the person's seat may see,
    never through its notation (which can name a secret choice)."""
    console = Console(record=True, width=120)
    game = TerminalGame(HILO.new(2, seed=8), [0], {1: "random"}, console, scripted(["1"] * 200),
                        save_dir=tmp_path)
    game.run()
    out = console.export_text()
    bot_moves = [n for n, a in zip(game.state.history, game.state.actors, strict=True) if a == 1]
    assert bot_moves and "seat 1 (random) decides" in out
    assert not any(f"(random): {n}" in out for n in bot_moves)
