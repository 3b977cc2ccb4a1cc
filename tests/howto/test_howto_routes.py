"""The rules pages on the web and in the terminal (issue 15: "in both languages, linked from the
table and the lobby"; ``/rules/<game>?lang=``, ``/api/rules``, ``meeple rules GAME``)."""

from __future__ import annotations

import pytest
import typer
from fastapi import FastAPI
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from meeple import cli, howto
from meeple.cli_rules import rules
from meeple.server.howto_routes import howto_router


@pytest.fixture(scope="module")
def client() -> TestClient:
    app = FastAPI()
    app.include_router(howto_router)
    return TestClient(app)


@pytest.mark.parametrize("game", howto.GAMES)
@pytest.mark.parametrize(("query", "tag"), [("en", "en"), ("zh-TW", "zh-TW"), ("zh_TW", "zh-TW")])
def test_the_rules_page_is_served_as_html_in_each_language(client: TestClient, game: str, query: str,
                                                           tag: str) -> None:
    """Issue 15: /rules/<game>?lang= answers 200 HTML in the asked language, styled like the site."""
    response = client.get(f"/rules/{game}", params={"lang": query})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    body = response.text
    assert f'<html lang="{tag}">' in body
    assert '<link rel="stylesheet" href="/static/style.css">' in body
    code = "en" if tag == "en" else "zh_TW"
    assert f"<h1>{howto.title(game, code)}</h1>" in body
    assert "<table>" in body and "<h2>" in body
    assert body.count("<h2>") == len(howto.SECTIONS)
    assert 'href="/"' in body  # back to the lobby


def test_an_unknown_game_is_a_404_page(client: TestClient) -> None:
    """Issue 15: 404 for an unknown game, with the games that exist."""
    response = client.get("/rules/chess")
    assert response.status_code == 404
    assert "no rules page for game &#x27;chess&#x27;" in response.text
    assert "troyes" in response.text


def test_an_unknown_language_is_a_400_page(client: TestClient) -> None:
    """Bad input gets a clear 4xx: an unknown ?lang= names the languages there are."""
    response = client.get("/rules/troyes", params={"lang": "xx"})
    assert response.status_code == 400
    assert "unknown language" in response.text and "zh-TW" in response.text


def test_the_language_comes_from_the_cookie_then_accept_language(client: TestClient) -> None:
    """Issue 15: language from the query, else the meeple_lang cookie, else Accept-Language."""
    zh = howto.title("messina", "zh_TW")
    en = howto.title("messina", "en")
    r = client.get("/rules/messina", headers={"Accept-Language": "zh-TW,zh;q=0.9"})
    assert f"<h1>{zh}</h1>" in r.text
    r = client.get("/rules/messina", headers={"Accept-Language": "zh-TW", "Cookie": "meeple_lang=en"})
    assert f"<h1>{en}</h1>" in r.text
    r = client.get("/rules/messina", params={"lang": "zh-TW"}, headers={"Cookie": "meeple_lang=en"})
    assert f"<h1>{zh}</h1>" in r.text
    r = client.get("/rules/messina", headers={"Cookie": "meeple_lang=klingon", "Accept-Language": "zh"})
    assert f"<h1>{zh}</h1>" in r.text
    r = client.get("/rules/messina")
    assert f"<h1>{en}</h1>" in r.text


def test_api_rules_lists_every_page(client: TestClient) -> None:
    """Issue 15: /api/rules lists each game's page in both languages, with URLs that answer."""
    data = client.get("/api/rules").json()
    assert [entry["game"] for entry in data["games"]] == list(howto.GAMES)
    for entry in data["games"]:
        assert [page["lang"] for page in entry["pages"]] == ["en", "zh-TW"]
        for page in entry["pages"]:
            assert page["title"]
            assert client.get(page["url"]).status_code == 200


def _app() -> typer.Typer:
    app = typer.Typer()
    app.callback()(lambda: None)
    app.command("rules")(rules)
    return app


@pytest.mark.parametrize("game", howto.GAMES)
def test_meeple_rules_prints_the_page(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 15: `meeple rules GAME [--lang]` prints the page (rich Markdown; --plain the text)."""
    monkeypatch.delenv("MEEPLE_LANG", raising=False)
    runner = CliRunner()
    result = runner.invoke(_app(), ["rules", game, "--lang", "zh-TW", "--plain"])
    assert result.exit_code == 0, result.output
    assert result.output.strip() == howto.page(game, "zh_TW").strip()
    result = runner.invoke(_app(), ["rules", game, "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert howto.title(game, "en") in result.output
    assert "Goal" in result.output and "In this app" in result.output


def test_meeple_rules_takes_the_language_from_meeple_lang(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 15: without --lang the terminal's language (MEEPLE_LANG, else the locale) is used."""
    monkeypatch.setenv("MEEPLE_LANG", "zh-TW")
    result = CliRunner().invoke(_app(), ["rules", "troyes", "--plain"])
    assert result.output.startswith("# 特魯瓦")


@pytest.mark.parametrize("args", [["rules", "chess"], ["rules", "troyes", "--lang", "xx"]])
def test_meeple_rules_refuses_bad_input_in_one_line_with_status_2(
        args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Bad input on the command line: one line on stderr, exit status 2 (through `meeple`'s main)."""
    monkeypatch.setattr(cli.app, "registered_commands", list(cli.app.registered_commands))
    cli.app.command("rules")(rules)
    with pytest.raises(SystemExit) as exit_info:
        cli.main(args)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "chess" in err or "unknown language" in err
