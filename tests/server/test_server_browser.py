"""Browser tests: Playwright driving Debian's Chromium against a live server.

Without /usr/bin/chromium these skip on a developer's machine and fail in CI
(``CI`` set), where ``scripts/ci-setup.sh`` installs it.
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
from tests.browserkit import ACTIONS_OPEN, confirm_if_asked, wait_until

STATIC_GAMES = Path(__file__).resolve().parents[2] / "meeple" / "server" / "static" / "games"


def _page(browser: Any) -> tuple[Any, Any, list[str]]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.add_init_script(ACTIONS_OPEN)  # these tests play through the list of every action
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # the server's Content-Security-Policy stays on: anything the page does against it is an error
    page.on("console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None)
    page.set_default_timeout(20000)
    return ctx, page, errors


_wait_until = wait_until


def _decisions(page: Any) -> int:
    return int(page.get_attribute(".tablehead", "data-decisions"))


def _click_and_wait(page: Any, nth: int = 0) -> None:
    """Click one legal action and wait until the server has taken it."""
    page.wait_for_selector("#actions button.act")
    before = _decisions(page)
    for attempt in range(3):  # a push may redraw the buttons under the click: click again
        buttons = page.locator("#actions button.act:visible")
        buttons.nth(min(nth, buttons.count() - 1)).click()
        confirm_if_asked(page)  # an action that costs VP or ends the round asks first, in the bar
        try:
            _wait_until(page, lambda: _decisions(page) > before, timeout=8.0)
            return
        except AssertionError:
            if attempt == 2:
                raise


@pytest.mark.parametrize("game", sorted(set(games.names()) | {"servergame"}))
def test_server_browser_play_against_bots(browser: Any, server: str, game: str) -> None:
    """A person creates a table against bots, plays by clicking, reloads and continues."""
    if game not in games.names():
        pytest.skip(f"{game} is not registered")
    ctx, page, errors = _page(browser)
    page.goto(server + "/")
    page.wait_for_selector("#create-btn")
    page.select_option("#game", game)
    for sel in page.locator("select.seatkind").all()[1:]:
        sel.select_option("bot:random")
    page.click("#create-btn")
    page.wait_for_url(re.compile(r"/t/\w+"))
    if (STATIC_GAMES / f"{game}.js").exists():  # the game's own board is drawn
        page.wait_for_selector(".gameboard")
    for i in range(3):
        if page.get_attribute(".tablehead", "data-status") == "over":
            break
        _click_and_wait(page, i)
    done = _decisions(page)
    assert done >= 1
    page.reload()
    page.wait_for_selector(".tablehead")
    assert _decisions(page) >= done
    assert page.locator("#whoami").inner_text().startswith("You play")
    if page.get_attribute(".tablehead", "data-status") != "over":
        _click_and_wait(page)
    # a piece on a game's board that legal actions name: clicking it plays or highlights them
    page.wait_for_selector("#actions button.act, .status.over")
    pieces = page.locator("[data-piece]")
    if pieces.count():
        before = _decisions(page)
        for attempt in range(3):  # a push may redraw the board under the click: click again
            page.locator("[data-piece]").first.click()
            # one action plays at once; several open a chooser beside the piece (render.js piece)
            try:
                _wait_until(page, lambda: _decisions(page) > before or page.locator(".chooser").count() > 0
                            or page.locator("#actions button.act.focus").count() > 0, timeout=8.0)
                break
            except AssertionError:
                if attempt == 2 or not page.locator("[data-piece]").count():
                    raise
    assert not errors, errors
    ctx.close()


def test_server_browser_second_seat_sees_only_its_own(browser: Any, server: str) -> None:
    created = httpx.post(server + "/api/tables", json={
        "game": "servergame", "players": 2, "seed": 11, "seats": [{"kind": "human"}, {"kind": "human"}],
        "name": "Ann"}).json()
    tid, tok = created["table"], created["token"]
    ctx_a, a, errors_a = _page(browser)
    a.goto(f"{server}/t/{tid}#token={tok}")  # the creator's private link
    a.wait_for_selector("#actions button.act")
    assert "#token" not in a.url
    ctx_b, b, errors_b = _page(browser)
    b.goto(f"{server}/t/{tid}")
    b.wait_for_selector("button.sit")
    assert "spectator" in b.locator("#whoami").inner_text()
    b.click("button.sit")
    _wait_until(b, lambda: "Seat 1" in b.locator("#whoami").inner_text())
    # seat 0 draws a secret card: only seat 0 sees what it is
    a.click("#actions button.act[data-action='draw']")
    a.wait_for_selector("text=You draw a")
    b.wait_for_selector("text=Seat 0 draws a card.")
    assert "You draw a" not in b.content()
    assert tok not in b.content()
    b_token = b.evaluate(f"localStorage.getItem('meeple:token:{tid}')")
    assert b_token and b_token not in a.content()
    # seat 1 now acts from its own page
    b.wait_for_selector("#actions button.act")
    b.click("#actions button.act[data-action='take 1']")
    a.wait_for_selector(".tablehead[data-decisions='2']")
    a.screenshot(path=str(os.environ.get("MEEPLE_SHOTS", "/tmp")) + "/meeple_seat1.png") if os.environ.get("MEEPLE_SHOTS") else None
    assert not errors_a and not errors_b, errors_a + errors_b
    ctx_a.close()
    ctx_b.close()


def test_server_browser_language_switch_and_replay(browser: Any, server: str) -> None:
    created = httpx.post(server + "/api/tables", json={
        "game": "servergame", "players": 2, "seed": 5, "seats": [{"kind": "bot"}, {"kind": "bot"}]}).json()
    tid = created["table"]
    end = time.time() + 20
    while httpx.get(f"{server}/api/tables/{tid}").json()["table"]["status"] != "over":
        assert time.time() < end
        time.sleep(0.05)
    ctx, page, errors = _page(browser)
    page.goto(server + "/")
    page.wait_for_selector("#create-btn")
    page.select_option("#lang", "zh")
    page.wait_for_selector("text=開新桌")
    assert "大廳" in page.locator("header").inner_text()
    page.goto(f"{server}/replay/{tid}")
    page.wait_for_selector("#stepno")
    assert "步驟" in page.locator("#stepno").inner_text()  # the language choice is remembered
    page.select_option("#lang", "en")
    page.wait_for_selector("#stepno >> text=Step")
    total = page.locator("#stepno").inner_text().split("/")[1].strip()
    page.click("#prev")
    page.wait_for_selector(f"#stepno >> text=Step {int(total) - 1} / {total}")
    page.select_option("#replay-seat", "0")
    page.wait_for_selector(f"#stepno >> text=Step {int(total) - 1} / {total}")
    assert not errors, errors
    ctx.close()
