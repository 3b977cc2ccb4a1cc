"""Issue 14: the server serves the catalog (``/api/i18n``), the page's only source of words."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from meeple.server import create_app
from meeple.server.i18n_routes import i18n_router


@pytest.fixture()
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path}/meeple.db")
    app.include_router(i18n_router)
    with TestClient(app) as c:
        yield c


def test_i18n_default_language_from_accept_language(client: TestClient) -> None:
    """Issue 14: the page's default comes from the browser's Accept-Language."""
    assert client.get("/api/i18n", headers={"Accept-Language": "zh-TW,zh;q=0.9"}).json()["lang"] == "zh_TW"
    assert client.get("/api/i18n", headers={"Accept-Language": "en-GB"}).json()["lang"] == "en"
    answer = client.get("/api/i18n").json()
    assert answer["lang"] == "en" and answer["languages"] == ["en", "zh-TW"]


@pytest.mark.parametrize("tag", ["zh-TW", "zh_TW", "zh"])
def test_i18n_catalog_for_the_page(client: TestClient, tag: str) -> None:
    """Issue 14: the interface strings, view labels, game titles, lobby options and component names
    all come from the gettext catalog; terminal-only entries are left out."""
    r = client.get(f"/api/i18n/{tag}")
    assert r.status_code == 200
    data = r.json()
    assert data["lang"] == "zh_TW" and data["tag"] == "zh-TW"
    messages = data["messages"]
    assert messages["web.lobby"] == "大廳" and messages["label.turn_order"] == "回合順序"
    assert messages["game.luna_maris.title"] == "月海礦場"
    assert messages["game.troyes.option.open_vp.name"] == "公開分數"
    assert messages["troyes.activities.baker.name"] == "麵包師"
    assert isinstance(messages["engine.illegal.not_legal_now"], list)
    assert not any(k.startswith("term.") for k in messages)
    assert data["names"]["Palace"] == "宮殿" and data["names"]["Airlock"] == "氣閘"


def test_i18n_unknown_language_is_a_404_with_a_clear_error(client: TestClient) -> None:
    r = client.get("/api/i18n/klingon")
    assert r.status_code == 404
    assert "unknown language 'klingon'" in r.json()["error"]


def test_i18n_page_strings_are_all_in_the_catalog() -> None:
    """Issue 14: i18n.js holds no hand-kept tables of words any more."""
    js = (Path(__file__).resolve().parents[2] / "meeple" / "server" / "static" / "i18n.js").read_text("utf-8")
    assert "STRINGS" not in js and "VIEW_ZH" not in js and "/api/i18n/" in js
    assert not any("\u3400" <= ch <= "\u9fff" for ch in js)
