"""Issue 27, "server words through the catalog": every refusal a person reads from the server is a
catalog key with arguments, rendered in the requester's language (the page's ``meeple_lang``
cookie, else ``Accept-Language``, ``meeple.i18n.negotiate``), the JSON keeping the stable ``key``
and ``args`` beside the text; every server key has an English and a Traditional Chinese entry."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from meeple.i18n import translate
from meeple.i18n.check import catalogs, keys_in, problems, untranslated

SERVER = Path(__file__).resolve().parents[2] / "meeple" / "server"
CJK = re.compile(r"[\u4e00-\u9fff]")
ZH = {"Accept-Language": "zh-TW,zh;q=0.9"}
EN = {"Accept-Language": "en-US,en;q=0.9"}


def _table(client: TestClient) -> dict[str, str]:
    return client.post("/api/tables", json={"game": "servergame", "players": 2, "seed": 1,
                                            "seats": [{"kind": "human"}, {"kind": "human"}]}).json()


def test_server_not_your_turn_reads_in_the_requesters_language(make_client: Callable[..., TestClient]) -> None:
    """Issue 27: "it is not your turn: seat 0 is to move" is ``server.act.not_your_turn`` with
    ``seat``; in zh-TW its text is the catalog's Chinese, in English the English, the key and
    arguments the same in both."""
    client = make_client()
    made = _table(client)
    joined = client.post(f"/api/tables/{made['table']}/join", json={}).json()
    act = {"action": "draw", "decision": 0}
    said = {}
    for lang, headers in (("zh_TW", ZH), ("en", EN)):
        r = client.post(f"/api/tables/{made['table']}/act", json=act,
                        headers={"X-Seat-Token": joined["token"], **headers})
        assert r.status_code == 409, r.text
        said[lang] = r.json()
        assert said[lang]["error"] == translate(lang, "server.act.not_your_turn", seat=0)
    assert CJK.search(said["zh_TW"]["error"]) and not CJK.search(said["en"]["error"])
    assert said["en"]["error"] == "it is not your turn: seat 0 is to move"
    assert {k: v for k, v in said["zh_TW"].items() if k != "error"} == {k: v for k, v in said["en"].items()
                                                                          if k != "error"}
    assert said["en"]["key"] == "server.act.not_your_turn" and said["en"]["args"] == {"seat": 0}


def test_server_a_bad_option_reads_in_the_requesters_language(make_client: Callable[..., TestClient]) -> None:
    """Issue 27 and the brief's "messages through the catalog": a table asked for with an option the
    game does not have is refused with the engine's ``engine.setup.no_option`` inside
    ``server.create.setup``, so a zh-TW reader reads it all in Chinese."""
    client = make_client()
    body = {"game": "troyes", "players": 2, "options": {"no_such_option": 1}}
    said = {}
    for lang, headers in (("zh_TW", ZH), ("en", EN)):
        r = client.post("/api/tables", json=body, headers=headers)
        assert r.status_code == 400, r.text
        said[lang] = r.json()["error"]
    known = "character_deal, open_vp, push_out_protection, unfinished_events"
    inner = translate("zh_TW", "engine.setup.no_option", game="troyes", option="'no_such_option'", known=known)
    assert said["zh_TW"] == translate("zh_TW", "server.create.setup", detail=inner)
    assert said["en"] == f"troyes has no option 'no_such_option' (options: {known})"


def test_server_the_pages_language_cookie_comes_before_accept_language(
    make_client: Callable[..., TestClient],
) -> None:
    """Issue 27: the page's language switch (the ``meeple_lang`` cookie ``static/i18n.js`` keeps)
    wins over the browser's ``Accept-Language``; an unknown cookie is ignored; no language at all
    is English."""
    client = make_client()
    missing = "/api/tables/nosuchtable"
    r = client.get(missing, headers={**EN, "Cookie": "meeple_lang=zh-TW"})
    assert r.status_code == 404 and r.json()["error"] == translate("zh_TW", "server.table.unknown",
                                                                   table="'nosuchtable'")
    r = client.get(missing, headers={**ZH, "Cookie": "meeple_lang=klingon"})
    assert CJK.search(r.json()["error"]) and r.json()["key"] == "server.table.unknown"
    assert client.get(missing).json()["error"] == "no table 'nosuchtable'"


def test_server_validation_refusals_are_translated(make_client: Callable[..., TestClient]) -> None:
    """Issue 27: a body pydantic refuses names its field in the requester's language (here an
    unknown field, a number out of range, text where a number or a fraction is expected), never
    pydantic's English."""
    client = make_client()
    r = client.post("/api/tables", json={"game": "servergame", "colour": "red"}, headers=ZH)
    assert r.status_code == 400 and r.json()["key"] == "server.field.unknown"
    assert r.json()["error"] == translate("zh_TW", "server.field.unknown", field="colour")
    r = client.post("/api/tables", json={"game": "servergame", "players": 99}, headers=ZH)
    assert r.status_code == 400 and r.json()["key"] == "server.field.at_most", r.json()
    assert r.json()["args"] == {"field": "players", "limit": "16"} and CJK.search(r.json()["error"])
    r = client.post("/api/tables", json={"game": "servergame", "clock": "soon"}, headers=EN)
    assert r.status_code == 400 and r.json()["key"] == "server.field.wrong_type", r.json()
    assert r.json()["args"] == {"field": "clock"}  # the field, not the union member pydantic tried


def test_server_socket_refusal_is_in_the_readers_language(make_client: Callable[..., TestClient]) -> None:
    """Issue 27: a socket refused for a wrong token is told so in its handshake's language, with
    the key the page checks (``server.token.unknown``), then closed 4403."""
    client = make_client()
    made = _table(client)
    with client.websocket_connect(f"/ws/{made['table']}", headers=ZH) as ws:
        ws.send_json({"token": "not-a-token"})
        said = ws.receive_json()
        assert said["type"] == "error" and said["key"] == "server.token.unknown"
        assert said["error"] == translate("zh_TW", "server.token.unknown")
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4403


def _english_refusals(path: Path) -> list[str]:
    """Calls ``ServerError(status, "an English sentence")`` in one module (a refusal not given
    as ``msg(key, ...)``); the game's own refusal (``str(exc)`` with its message as ``detail``)
    is rendered from that message."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "ServerError" and len(node.args) > 1:
            text = node.args[1]
            given_as_key = isinstance(text, ast.Call) and getattr(text.func, "id", None) in ("msg", "describe")
            if isinstance(text, ast.IfExp):
                given_as_key = all(isinstance(b, ast.Call) and getattr(b.func, "id", None) == "msg"
                                   for b in (text.body, text.orelse))
            game_refusal = any(k.arg == "detail" for k in node.keywords)
            if not given_as_key and not game_refusal:
                out.append(f"{path.name}:{node.lineno}: {ast.unparse(text)}")
    return out


def test_server_every_refusal_is_a_catalog_key_with_both_translations() -> None:
    """Issue 27: no server module refuses with an English sentence, and every key the server
    names (``msg`` calls in ``meeple/server``) has a non-empty English and Traditional Chinese
    entry with the same placeholders, the Chinese not a copy of the English."""
    modules = sorted(SERVER.glob("*.py"))
    assert [line for m in modules for line in _english_refusals(m)] == []
    keys = {k for k in keys_in(modules) if k.startswith("server.")}
    assert len(keys) > 60
    shipped = catalogs()
    assert problems({lang: {k: shipped[lang][k] for k in keys if k in shipped[lang]} for lang in shipped},
                    keys) == []
    assert untranslated(shipped, keys) == []
