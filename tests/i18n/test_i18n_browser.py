"""Issue 14 in the browser (Playwright, Debian Chromium): a table page in zh-TW shows the page's
chrome and the components' names in Traditional Chinese; the same page in English shows them in
English.  Screenshots of both go to ``MEEPLE_SHOTS`` (the browser tests' artefacts folder), else
to the test's temporary folder.

The server is the app of ``create_app`` with ``i18n_router`` included (the one line ``app.py`` gets).
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from meeple import games
from meeple.i18n import translate
from meeple.i18n.components import names_index

CJK = re.compile(r"[\u3400-\u9fff]")
CHROMIUM = "/usr/bin/chromium"


def _shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("MEEPLE_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _open_table(browser: Any, server: str, table: str, locale: str) -> tuple[Any, Any, list[str]]:
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000}, locale=locale)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(20000)
    page.goto(f"{server}/t/{table}")
    page.wait_for_selector(".tablehead")
    page.wait_for_selector("#log")
    return ctx, page, errors


def _table(server: str, game: str) -> str:
    created = httpx.post(server + "/api/tables", json={
        "game": game, "players": 2, "seed": 3, "seats": [{"kind": "bot", "bot": "random"}] * 2}).json()
    tid = str(created["table"])
    end = time.time() + 60
    while httpx.get(f"{server}/api/tables/{tid}").json()["view"]["decisions"] < 6:
        assert time.time() < end
        time.sleep(0.1)
    return tid


@pytest.mark.parametrize("game", ["troyes", "messina", "mundus_novus", "luna_maris"])
def test_i18n_table_page_in_zh_tw_and_en(browser: Any, server: str, game: str, tmp_path: Path) -> None:
    """Issue 14: with Accept-Language zh-TW (no choice stored) the table page's chrome, the game's
    title and its components' names are Traditional Chinese; in English they are English."""
    tid = _table(server, game)
    g = games.get(game)
    zh_names = set(names_index("zh_TW", g).values())
    en_names = set(names_index("en", g))

    ctx, page, errors = _open_table(browser, server, tid, "zh-TW")
    assert page.evaluate("localStorage.getItem('meeple:lang')") in (None, "zh")
    assert page.locator("#lang").input_value() == "zh"
    head = page.locator(".tablehead").inner_text()
    assert translate("zh_TW", f"game.{game}.title") in head
    body = page.locator("main").inner_text()
    assert translate("zh_TW", "web.log") in body and translate("zh_TW", "web.seats") in body
    shown = {n for n in zh_names if n in body}
    assert shown, f"no component name of {game} in Traditional Chinese on the page"
    board = page.locator(".board").first.inner_text() if page.locator(".board").count() else body
    cells = {part.strip() for line in board.splitlines() for part in line.split("·")}
    english_left = sorted(n for n in en_names if n in cells and CJK.search(translate("zh_TW", _key(g, n))))
    assert not english_left, f"English component names left on the zh-TW board: {english_left[:10]}"
    page.screenshot(path=str(_shots(tmp_path) / f"i18n_{game}_zh_TW.png"), full_page=True)
    missing = page.evaluate("import('/static/i18n.js').then(m => m.missingKeys())")
    assert not missing, f"keys the page asked for and the catalog lacks: {missing}"
    assert not errors, errors
    ctx.close()

    ctx, page, errors = _open_table(browser, server, tid, "en-US")
    head = page.locator(".tablehead").inner_text()
    assert g.title in head and not CJK.search(head)
    chrome = page.locator("header").inner_text().replace("繁體中文", "") + page.locator(".side").inner_text()
    assert not CJK.search(chrome), chrome
    page.screenshot(path=str(_shots(tmp_path) / f"i18n_{game}_en.png"), full_page=True)
    assert not errors, errors
    ctx.close()


def _key(game: Any, english: str) -> str:
    from meeple.i18n.components import component_keys

    for ck in component_keys(game):
        if ck.part == "name" and ck.name == english:
            return ck.key
    raise KeyError(english)


def test_i18n_language_switch_is_remembered(browser: Any, server: str) -> None:
    """Issue 14: the header's switch overrides Accept-Language and is remembered per browser."""
    ctx = browser.new_context(locale="zh-TW")
    page = ctx.new_page()
    page.goto(server + "/")
    page.wait_for_selector("#create-btn")
    assert translate("zh_TW", "web.lobby") in page.locator("header").inner_text()
    page.select_option("#lang", "en")
    page.wait_for_selector("text=New table")
    page.reload()
    page.wait_for_selector("#create-btn")
    assert "Lobby" in page.locator("header").inner_text()
    assert not CJK.search(page.locator("main").inner_text().replace("繁體中文", ""))
    ctx.close()


def test_i18n_lobby_options_in_the_readers_language(browser: Any, server: str, tmp_path: Path) -> None:
    """Issue 14: the lobby's option names, descriptions and choices are in the player's language,
    without internal references ("research §5", "the seed's reading")."""
    ctx = browser.new_context(locale="zh-TW", viewport={"width": 1280, "height": 1000})
    page = ctx.new_page()
    page.goto(server + "/")
    page.wait_for_selector("#create-btn")
    page.select_option("#game", "luna_maris")
    page.wait_for_selector("label.opt")
    form = page.locator("form").first.inner_text()
    assert translate("zh_TW", "game.luna_maris.option.solar.name") in form
    assert translate("zh_TW", "game.luna_maris.option.equipment.doc") in form
    assert translate("zh_TW", "game.luna_maris.option.solar.choice.day") in form
    assert "research" not in form and "seed" not in form and "solar energy in production" not in form
    page.screenshot(path=str(_shots(tmp_path) / "i18n_lobby_zh_TW.png"), full_page=True)
    ctx.close()


def test_i18n_english_headings_stay_capitalised(browser: Any, server: str) -> None:
    """Issue 14: in English a board heading read from the catalog's labels reads as a heading."""
    tid = _table(server, "mundus_novus")
    ctx, page, errors = _open_table(browser, server, tid, "en-US")
    board = page.locator(".gameboard, .board").first.inner_text()
    assert "Market" in board and "Development row" in board
    assert not errors, errors
    ctx.close()
