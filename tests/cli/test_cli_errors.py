"""Every user-caused error on the command line is one line and exit status 2 (issue 16, item 6).

Before issue 16 these printed tracebacks (deep or 5,000-digit records, ``serve
--port 99999``, ``--db bogus://x``), silently used the default bots (``--bots
''``) or drew click's six-line usage box.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from meeple.cli import main


def run_main(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``meeple ARGS`` in this process (through ``sys.argv``): (exit status, stdout, stderr)."""
    saved = sys.argv
    sys.argv = ["meeple", *args]
    try:
        with pytest.raises(SystemExit) as exited:
            main()
    finally:
        sys.argv = saved
    out, errtext = capsys.readouterr()
    code = exited.value.code
    return (code if isinstance(code, int) else 0), out, errtext


def assert_one_line(code: int, out: str, errtext: str, says: str) -> None:
    lines = [ln for ln in errtext.splitlines() if ln.strip()]
    assert code == 2, (code, out, errtext)
    assert len(lines) == 1, errtext
    assert says in lines[0], lines[0]
    assert "Traceback" not in out + errtext and "╭" not in errtext


def test_deeply_nested_record_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 16 item 6: a 100,000-deep record file is refused in one line (was a RecursionError)."""
    for name, text in (("array.json", "[" * 100_000 + "]" * 100_000),
                       ("object.json", '{"a":' * 100_000 + "1" + "}" * 100_000)):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        for args in (["replay", str(path)], ["play", "--load", str(path)]):
            assert_one_line(*run_main(args, capsys), "nested too deeply")


def test_five_thousand_digit_record_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 16 item 6: a record with a 5,000-digit integer is refused in one line (was a ValueError)."""
    path = tmp_path / "big.json"
    path.write_text('{"game": "troyes", "version": 1, "players": 2, "seed": ' + "9" * 5000
                    + ', "options": {}, "components": "x", "actions": []}', encoding="utf-8")
    assert_one_line(*run_main(["replay", str(path)], capsys), "is not a record")


def test_serve_port_out_of_range_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 16 item 6: ``serve --port 99999`` is refused before anything starts (was an OverflowError)."""
    assert_one_line(*run_main(["serve", "--port", "99999"], capsys), "--port")


@pytest.mark.parametrize(("url", "says"), [
    ("bogus://x", "unknown kind of database 'bogus'"),
    ("not a url://", "not a database URL"),
    ("sqlite:////no/such/folder/meeple.db", "cannot open database"),
])
def test_serve_bad_database_is_one_line(url: str, says: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 16 item 6: ``serve --db bogus://x`` is refused in one line (was NoSuchModuleError)."""
    assert_one_line(*run_main(["serve", "--db", url], capsys), says)


@pytest.mark.parametrize("command", [
    ["play", "troyes"], ["simulate", "troyes", "--games", "1"],
])
@pytest.mark.parametrize("bots", ["", " , "])
def test_empty_bots_are_refused_not_the_default(
    command: list[str], bots: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 16 item 6: ``--bots ''`` names no bot and is refused (it silently used the default)."""
    assert_one_line(*run_main([*command, "--bots", bots], capsys), "names no bot")


def test_arena_empty_bots_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 16 item 6: arena with no bot is refused in one line."""
    assert_one_line(*run_main(["arena", "troyes", "--bots", ""], capsys), "at least one bot")


@pytest.mark.parametrize(("args", "says"), [
    (["simulate", "troyes", "--games", "x"], "Invalid value for '--games'"),
    (["simulate"], "Missing argument"),
    (["nonsense"], "No such command 'nonsense'"),
    (["play", "troyes", "--no-such-flag"], "No such option"),
    (["admin", "abort"], "Missing argument"),
])
def test_usage_errors_are_one_line_not_a_box(
    args: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 16 item 6: typer's usage errors print one line (not the six-line box), naming --help."""
    code, out, errtext = run_main(args, capsys)
    assert_one_line(code, out, errtext, says)
    assert "--help" in errtext


@pytest.mark.parametrize(("args", "says"), [
    (["play", "chess"], "unknown game 'chess'"),
    (["simulate", "troyes", "--players", "7", "--games", "1"], "not 7"),
    (["arena", "troyes", "--players", "7"], "not 7"),
    (["components", "chess"], "unknown game 'chess'"),
])
def test_unknown_game_and_bad_player_count_are_one_line(
    args: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 16 item 6: unknown games and player counts stay one line with status 2."""
    assert_one_line(*run_main(args, capsys), says)


@pytest.mark.parametrize(("args", "env", "key", "fields"), [
    (["play", "troyes", "--players", "9", "--lang", "zh-TW"], {},
     "engine.setup.players", {"game": "特魯瓦", "min": 2, "max": 4, "got": 9}),
    (["play", "chess", "--lang=zh-TW"], {}, "engine.setup.unknown_game", {"name": "'chess'"}),
    (["components", "chess"], {"MEEPLE_LANG": "zh-TW"}, "engine.setup.unknown_game", {"name": "'chess'"}),
    (["play", "troyes", "--seat", "5", "--lang", "zh-TW"], {},
     "engine.setup.no_such_seat", {"seat": 5, "players": 2, "last": 1}),
    (["play", "--lang", "zh-TW"], {}, "engine.setup.no_game", {}),
    (["play", "troyes", "--option", "x", "--lang", "zh-TW"], {}, "engine.setup.option_pair", {"option": "'x'"}),
    (["play", "troyes", "--bots", "foo", "--lang", "zh-TW"], {}, "engine.botspec.unknown_level", {"name": "'foo'"}),
    (["play", "troyes", "--bots", "ismcts:iters=x", "--lang", "zh-TW"], {}, "engine.botspec.int",
     {"param": "iters='x'"}),
    (["simulate", "troyes", "--games", "0"], {"MEEPLE_LANG": "zh-TW"}, "engine.setup.games_jobs", {}),
    (["components", "troyes", "--table", "nosuch"], {"MEEPLE_LANG": "zh-TW"}, "engine.setup.no_table",
     {"game": "troyes", "name": "'nosuch'", "tables": "activities, board, buildings, characters, events, permanent"}),
    (["play", "troyes", "--option", "x=1", "--lang", "zh-TW"], {},
     "engine.setup.no_option", {"game": "troyes", "option": "'x'",
                                "known": "character_deal, open_vp, push_out_protection, unfinished_events"}),
    (["train", "troyes", "--hidden", "a,b"], {"MEEPLE_LANG": "zh-TW"}, "train.hidden_numbers", {"got": "'a,b'"}),
    (["train", "troyes", "--jobs", "0"], {"MEEPLE_LANG": "zh-TW"}, "train.jobs", {}),
    (["tune", "troyes", "--try", "x"], {"MEEPLE_LANG": "zh-TW"}, "tune.try_pair", {"text": "'x'", "part": "'x'"}),
    (["tune", "troyes"], {"MEEPLE_LANG": "zh-TW"}, "tune.no_try", {}),
    (["serve", "--smtp", "ftp://x"], {"MEEPLE_LANG": "zh-TW"}, "serve.smtp_url", {"smtp": "'ftp://x'"}),
])
def test_setup_refusals_are_in_the_commands_language(
    args: list[str], env: dict[str, str], key: str, fields: dict[str, Any],
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Brief ("messages through the catalog"; "a clear error ... exit status 2"): a wrong game, player
    count, seat, bot or option is refused in the language the command reads in (``--lang``, else
    ``MEEPLE_LANG``), the zh-TW words being the catalog's (seed 001's 特魯瓦 for Troyes)."""
    from meeple.games import names
    from meeple.i18n.catalog import translate

    if key == "engine.setup.unknown_game":  # the games registered in this process (tests add some)
        fields = {**fields, "known": ", ".join(names())}
    if key == "engine.botspec.unknown_level":
        from meeple import bots
        from meeple.bots.levels import load_levels

        fields = {**fields, "bots": ", ".join(bots.kinds()), "levels": ", ".join(sorted(load_levels(None)))}
    monkeypatch.delenv("MEEPLE_LANG", raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    code, out, errtext = run_main(args, capsys)
    assert_one_line(code, out, errtext, translate("zh_TW", key, **fields))
    assert errtext.startswith(translate("zh_TW", "term.error")), errtext


def test_a_malformed_record_is_refused_in_the_commands_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Brief ("messages through the catalog"): a record whose first action is not legal is refused
    in the command's language, the engine's own refusal of the action (``engine.illegal.*``) inside
    the record's (``engine.record.field``), all of it from the zh-TW catalog; in English the same
    words as before."""
    import json

    from meeple import games, replay
    from meeple.engine import BadSetup
    from meeple.i18n.render import render

    monkeypatch.delenv("MEEPLE_LANG", raising=False)
    record = games.get("troyes").new(2, 1).record()
    record["actions"] = ["nonsense"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(BadSetup) as refused:
        replay(record)
    chinese = render("zh_TW", refused.value.message)
    assert "'actions'[0]" in chinese and re.search(r"[\u4e00-\u9fff].*'nonsense'.*[\u4e00-\u9fff]", chinese)
    assert_one_line(*run_main(["replay", str(path), "--lang", "zh-TW"], capsys), chinese)
    assert_one_line(*run_main(["replay", str(path), "--lang", "en"], capsys), str(refused.value))
    assert str(refused.value).startswith("record field 'actions'[0]: 'nonsense' is not")


def test_a_component_pack_out_of_its_limits_is_refused_in_the_commands_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Brief ("bad input ... pack ... gets a clear error", "messages through the catalog"): a Troyes
    pack whose Blacksmith divisor is outside its limit (1 to 36, ``troyes/components.py`` LIMITS) is
    refused in zh-TW with the range as a phrase of the catalog (``engine.pack.range`` holding
    ``engine.pack.between``), and in English in the words it always had."""
    from meeple.engine.components import dump_pack
    from meeple.games import get

    monkeypatch.delenv("MEEPLE_LANG", raising=False)
    pack = dump_pack(get("troyes").default_tables()).replace("divisor = 4\n", "divisor = 99\n", 1)
    path = tmp_path / "pack.toml"
    path.write_text('game = "troyes"\n' + pack, encoding="utf-8")
    where = f"{path}: activities[0] (Blacksmith).divisor"
    assert_one_line(*run_main(["play", "troyes", "--components", str(path), "--lang", "zh-TW"], capsys),
                    f"{where} 必須介於 1 到 36，收到的是 99")
    assert_one_line(*run_main(["play", "troyes", "--components", str(path), "--lang", "en"], capsys),
                    f"{where} must be from 1 to 36, got 99")


def test_help_keeps_its_layout() -> None:
    """Issue 16 item 6: ``--help`` is still the rich help and exits 0 (only errors became one line)."""
    result = subprocess.run([sys.executable, "-m", "meeple", "simulate", "--help"], capture_output=True,
                            text=True, timeout=60, env={"COLUMNS": "100", "PATH": "/usr/bin:/bin",
                                                       "PYTHONPATH": ":".join(sys.path)})
    assert result.returncode == 0, result.stderr
    assert "Usage: meeple simulate" in result.stdout and "--games" in result.stdout
    assert "Traceback" not in result.stderr


# --- serve passes the new flags through ------------------------------------------------------


def _fake_server(monkeypatch: pytest.MonkeyPatch, accepts_new: bool) -> dict[str, Any]:
    import meeple.server

    seen: dict[str, Any] = {}
    if accepts_new:
        def serve(host: str = "", port: int = 0, db: str | None = None, *, bot_levels: Any = None,
                  allow_seeds: bool = False, api_docs: bool = False) -> None:
            seen.update(host=host, port=port, db=db, bot_levels=bot_levels, allow_seeds=allow_seeds,
                        api_docs=api_docs)
    else:
        def serve(host: str = "", port: int = 0, db: str | None = None) -> None:  # type: ignore[misc]
            seen.update(host=host, port=port, db=db)
    monkeypatch.setattr(meeple.server, "serve", serve)
    return seen


def test_serve_passes_bot_levels_seeds_and_docs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 16: ``serve --bot-levels FILE --allow-seeds --docs`` reach the server as keywords."""
    seen = _fake_server(monkeypatch, accepts_new=True)
    levels = tmp_path / "levels.toml"
    levels.write_text('[levels.expert]\nspec = "heuristic:depth=1"\n', encoding="utf-8")  # the server's format
    db = f"sqlite:///{tmp_path}/m.db"
    code, _, errtext = run_main(["serve", "--port", "8765", "--db", db, "--bot-levels", str(levels),
                                 "--allow-seeds", "--docs"], capsys)
    assert code == 0, errtext
    assert seen == {"host": "127.0.0.1", "port": 8765, "db": db, "bot_levels": levels,
                    "allow_seeds": True, "api_docs": True}


def test_serve_without_new_flags_calls_the_server_as_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 16: without the new flags, a server that does not know them is called as before."""
    seen = _fake_server(monkeypatch, accepts_new=False)
    code, _, errtext = run_main(["serve", "--db", f"sqlite:///{tmp_path}/m.db"], capsys)
    assert code == 0, errtext
    assert seen["port"] == 8000


@pytest.mark.parametrize(("flag", "says"), [("--allow-seeds", "--allow-seeds"), ("--docs", "--docs")])
def test_serve_flag_the_server_lacks_is_one_line(
    flag: str, says: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 16: a flag the installed server does not accept yet is refused clearly, not a TypeError."""
    _fake_server(monkeypatch, accepts_new=False)
    assert_one_line(*run_main(["serve", "--db", f"sqlite:///{tmp_path}/m.db", flag], capsys), says)


def test_serve_missing_bot_levels_file_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 16: ``--bot-levels`` naming no file is refused before the server starts."""
    seen = _fake_server(monkeypatch, accepts_new=True)
    code, out, errtext = run_main(["serve", "--db", f"sqlite:///{tmp_path}/m.db", "--bot-levels",
                                   str(tmp_path / "none.toml")], capsys)
    assert_one_line(code, out, errtext, "not found")
    assert seen == {}


@pytest.mark.parametrize("args", [
    ["simulate", "troyes", "--games", "1000000000000"], ["arena", "troyes", "--games", "1000000000000"],
    ["simulate", "troyes", "--games", "1", "--jobs", "100000"],
])
def test_absurd_game_and_job_counts_are_refused(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 16 item 6: a trillion games or 100,000 worker processes are refused, not attempted."""
    assert_one_line(*run_main(args, capsys), "Invalid value for")


def test_serve_on_a_taken_port_or_unknown_host_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 16 item 6: a port already in use, or a host that is not this machine, is one line
    before the server starts (uvicorn would log a traceback-like error and exit 1)."""
    import socket

    seen = _fake_server(monkeypatch, accepts_new=True)
    db = f"sqlite:///{tmp_path}/m.db"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert_one_line(*run_main(["serve", "--db", db, "--port", str(port)], capsys), "cannot listen on")
    assert_one_line(*run_main(["serve", "--db", db, "--host", "no-such-host.invalid"], capsys),
                    "not an address of this machine")
    assert seen == {}


def test_crash_dir_that_is_a_file_is_refused_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 16 item 6: ``--crash-dir`` naming a file is refused up front (a crash could not be saved)."""
    path = tmp_path / "file"
    path.write_text("x", encoding="utf-8")
    assert_one_line(*run_main(["simulate", "troyes", "--games", "1", "--crash-dir", str(path)], capsys),
                    "is a file, not a folder")


def test_serve_follows_options_to_create_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 16: a ``serve(**options)`` that hands them to ``create_app`` gets the names that
    ``create_app`` takes (``docs`` where it has no ``api_docs``); an unknown one is still refused."""
    import meeple.server

    seen: dict[str, Any] = {}

    def serve(host: str = "", port: int = 0, db: str | None = None, **options: Any) -> None:
        seen.update(options)

    def create_app(db_url: str | None = None, *, docs: bool = False, allow_seeds: bool = False) -> None:
        raise AssertionError("not called by the fake serve")

    monkeypatch.setattr(meeple.server, "serve", serve)
    monkeypatch.setattr(meeple.server, "create_app", create_app)
    db = f"sqlite:///{tmp_path}/m.db"
    code, _, errtext = run_main(["serve", "--db", db, "--docs", "--allow-seeds"], capsys)
    assert code == 0, errtext
    assert seen == {"docs": True, "allow_seeds": True}
    levels = tmp_path / "levels.toml"
    levels.write_text("", encoding="utf-8")
    assert_one_line(*run_main(["serve", "--db", db, "--bot-levels", str(levels)], capsys),
                    "--bot-levels is not supported by this server yet")


def test_serve_bad_bot_levels_file_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 16: a levels file the server's ``load_levels`` refuses is one line before it starts."""
    import types

    from meeple.engine import BadSetup

    def load_levels(source: Any) -> dict[str, Any]:
        raise BadSetup(f"{source}: level 'bad': bot parameter 'workers' is not allowed inside the server")

    monkeypatch.setitem(sys.modules, "meeple.server.levels",
                        types.SimpleNamespace(load_levels=load_levels))
    seen = _fake_server(monkeypatch, accepts_new=True)
    levels = tmp_path / "bad.toml"
    levels.write_text('[levels.bad]\nspec = "ismcts:workers=3"\n', encoding="utf-8")
    assert_one_line(*run_main(["serve", "--db", f"sqlite:///{tmp_path}/m.db", "--bot-levels", str(levels)],
                              capsys), "'workers' is not allowed")
    assert seen == {}


@pytest.mark.parametrize(("text", "field", "inner"), [
    ('spec = "ismcts:time=60"', "spec", ("server.levels.param_cap", {"param": "time", "value": "'60'"})),
    ('spec = "random"\ngames = {chess = "random"}', "games",
     ("server.levels.unknown_game", {"game": "'chess'"})),
])
def test_serve_bot_levels_refusal_is_in_the_commands_language(
    text: str, field: str, inner: tuple[str, dict[str, Any]],
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    """Brief ("messages through the catalog"): a levels file whose level breaks a cap of the server
    (``ismcts`` thinking 60 s) or names no game is refused before the server starts, in the
    command's language (``MEEPLE_LANG``), the cap's own words nested in the level's."""
    from meeple.bots.levels import CAPS
    from meeple.engine.messages import msg
    from meeple.games import names
    from meeple.i18n.render import render

    seen = _fake_server(monkeypatch, accepts_new=True)
    levels = tmp_path / "bad.toml"
    levels.write_text(f"[levels.x]\n{text}\n", encoding="utf-8")
    key, args = inner
    args = {**args, "most": f"{CAPS['ismcts']['time']:g}"} if key.endswith("param_cap") else \
        {**args, "games": ", ".join(names())}
    expected = msg("server.levels.bad_level", where=str(levels), name="'x'", field=field, reason=msg(key, **args))
    monkeypatch.setenv("MEEPLE_LANG", "zh-TW")
    chinese = render("zh_TW", expected)
    assert re.search(r"[\u4e00-\u9fff]", chinese), chinese
    assert_one_line(*run_main(["serve", "--db", f"sqlite:///{tmp_path}/m.db", "--bot-levels", str(levels)],
                              capsys), chinese)
    monkeypatch.setenv("MEEPLE_LANG", "en")
    assert_one_line(*run_main(["serve", "--db", f"sqlite:///{tmp_path}/m.db", "--bot-levels", str(levels)],
                              capsys), str(expected["text"]))
    assert seen == {}
