"""Issue 27, "levels everywhere": the levels a player picks in the lobby (``easy``, ``normal``,
``hard``, every server level) are bot names for ``meeple play``, ``arena`` and ``simulate``,
resolving to the same per-game specs as a table's bot seat (``meeple.bots.levels``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from meeple import cli, games
from meeple.bots.levels import DEFAULT_LEVELS
from tests.cli.test_cli_errors import assert_one_line, run_main


def _scripted(answers: list[str]) -> Iterator[str]:
    yield from answers
    while True:
        yield "quit"


@pytest.mark.parametrize("game", ["messina", "troyes", "mundus_novus", "luna_maris"])
def test_play_against_hard_plays_the_servers_hard_spec(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 27: ``meeple play GAME --bots hard`` seats the bot a table's ``hard`` seat plays on that
    game and player count (``DEFAULT_LEVELS["hard"].spec_for``); a person takes a few decisions, the
    bot answers, the person quits (the game is saved, exit 0)."""
    monkeypatch.chdir(tmp_path)
    answers = _scripted(["1"] * 6)
    monkeypatch.setattr(cli, "_reader", lambda prompt: next(answers))
    code, out, errtext = run_main(["play", game, "--bots", "hard", "--seed", "3", "--lang", "en"], capsys)
    assert code == 0, errtext
    spec = DEFAULT_LEVELS["hard"].spec_for(game, games.get(game).min_players)
    assert f"seat 1 ({spec}) decides" in " ".join(out.split())


def test_arena_takes_level_names(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 27: ``meeple arena troyes --bots hard,normal`` pits the servers' two levels, each as the
    spec it plays on Troyes at two players."""
    import meeple.bots.arena as arena

    seen: dict[str, Any] = {}

    def fake_arena(game: str, players: int, specs: list[str], count: int, **kw: Any) -> int:
        seen.update(game=game, players=players, specs=specs)
        return 0

    monkeypatch.setattr(arena, "arena_command", fake_arena)
    code, _, errtext = run_main(["arena", "troyes", "--bots", "hard,normal", "-n", "1"], capsys)
    assert code == 0, errtext
    assert seen["specs"] == [DEFAULT_LEVELS["hard"].spec_for("troyes", 2),
                             DEFAULT_LEVELS["normal"].spec_for("troyes", 2)]


def test_simulate_resolves_a_level_per_game_and_player_count(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 27: a level's per-game entry (``hard`` on six-player Mundus Novus plays tuned values)
    is what ``meeple simulate --bots`` runs, as a table of that size would."""
    import meeple.simulate as simulate

    seen: dict[str, Any] = {}

    def fake_run(game: str, players: int, count: int, specs: list[str], *args: Any, **kw: Any) -> list[Any]:
        seen["specs"] = specs
        raise SystemExit(0)

    monkeypatch.setattr(simulate, "run_games", fake_run)
    code, _, errtext = run_main(["simulate", "mundus_novus", "-p", "6", "-n", "1", "--bots", "easy,hard"], capsys)
    assert code == 0, errtext
    hard = DEFAULT_LEVELS["hard"].spec_for("mundus_novus", 6)
    assert hard == DEFAULT_LEVELS["hard"].games["mundus_novus:6"]
    assert seen["specs"] == [DEFAULT_LEVELS["easy"].spec] + [hard] * 5


def test_a_servers_levels_file_adds_bot_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 27: a level of a ``meeple serve --bot-levels`` file is a bot name with the same
    ``--bot-levels FILE``, played as that server plays it (its per-game spec first); a file the
    server refuses is refused in one line (exit 2)."""
    import meeple.bots.arena as arena

    levels = tmp_path / "levels.toml"
    levels.write_text('[levels.expert]\nspec = "heuristic:depth=2"\ngames = { troyes = "heuristic:depth=1" }\n',
                      encoding="utf-8")
    seen: dict[str, Any] = {}
    monkeypatch.setattr(arena, "arena_command", lambda game, players, specs, count, **kw: seen.update(specs=specs) or 0)
    code, _, errtext = run_main(["arena", "troyes", "--bots", "expert,hard", "--bot-levels", str(levels)], capsys)
    assert code == 0, errtext
    assert seen["specs"] == ["heuristic:depth=1", DEFAULT_LEVELS["hard"].spec_for("troyes", 2)]
    code, _, errtext = run_main(["arena", "messina", "--bots", "expert", "--bot-levels", str(levels)], capsys)
    assert code == 0 and seen["specs"] == ["heuristic:depth=2"], errtext
    bad = tmp_path / "bad.toml"
    bad.write_text('[levels.bad]\nspec = "ismcts:workers=3"\n', encoding="utf-8")
    assert_one_line(*run_main(["arena", "troyes", "--bots", "bad", "--bot-levels", str(bad)], capsys), "workers")


@pytest.mark.parametrize("command", [["play", "troyes"], ["arena", "troyes"], ["simulate", "troyes"]])
def test_unknown_bot_name_lists_bots_and_levels(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 27: an unknown bot name is one line naming every bot and every level, exit 2."""
    code, out, errtext = run_main([*command, "--bots", "hardest"], capsys)
    assert_one_line(code, out, errtext, "unknown bot 'hardest'")
    assert "levels: easy, hard, normal, random" in errtext and "ismcts" in errtext
