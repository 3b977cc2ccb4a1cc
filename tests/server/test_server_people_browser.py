"""Browser test of issue 28: two accounts in two browser contexts play a rated game by clicking,
see it under "my games", and find both ratings on the leaderboard afterwards."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browserkit import ACTIONS_OPEN, live_server
from tests.server.people import CHEAP


@pytest.fixture(scope="module")
def people_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with live_server(tmp_path_factory.mktemp("people"), people=CHEAP) as url:
        yield url


def _context(browser: Any) -> tuple[Any, Any, list[str]]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.add_init_script(ACTIONS_OPEN)  # the list of every action open (the test clicks its buttons)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None)
    page.set_default_timeout(20000)
    return ctx, page, errors


def _sign_up(page: Any, server: str, name: str) -> None:
    page.goto(server + "/me")
    page.fill("#acc-name", name)
    page.fill("#acc-pass", "a long password")
    page.click("#signup-btn")
    page.wait_for_selector(f"#nav-me:has-text('{name}')")


def test_two_accounts_play_a_rated_game_in_the_browser(browser: Any, people_server: str) -> None:
    """Issue 28's browser test: sign up in two contexts, a rated table (seat 1 open) joined by the
    second person, played by clicking; "my games" lists it with its replay, the leaderboard both."""
    server = people_server
    ctx_a, ann, errors_a = _context(browser)
    ctx_b, bob, errors_b = _context(browser)
    _sign_up(ann, server, "Ann")
    _sign_up(bob, server, "Bob")
    ann.goto(server + "/")
    ann.wait_for_selector("#create-btn")
    ann.select_option("#game", "servergame")
    ann.fill("[data-option=pile] input", "3")
    ann.dispatch_event("[data-option=pile] input", "change")
    ann.locator("select.seatkind").nth(1).select_option("open")
    ann.check("#rated")
    ann.click("#create-btn")
    ann.wait_for_url(re.compile(r"/t/\w+"))
    table = ann.url.rsplit("/", 1)[1]
    ann.wait_for_selector("#table-badges .tag")
    bob.goto(f"{server}/t/{table}")
    bob.locator("button", has_text=re.compile("Sit here")).first.click()
    bob.wait_for_selector(".tablehead")
    end = time.time() + 60
    while ann.get_attribute(".tablehead", "data-status") != "over":
        assert time.time() < end, "the game did not end"
        for page in (ann, bob):
            buttons = page.locator("#actions button.act:visible")
            if buttons.count():
                before = page.get_attribute(".tablehead", "data-decisions")
                buttons.first.click()
                deadline = time.time() + 8
                while page.get_attribute(".tablehead", "data-decisions") == before and time.time() < deadline:
                    time.sleep(0.05)
        time.sleep(0.05)
    bob.goto(server + "/me")
    bob.wait_for_selector(f"#my-finished_games tr[data-table='{table}'] a[href='/replay/{table}']")
    ann.goto(server + "/ratings/servergame")
    ann.wait_for_selector("#leaderboard tr[data-name='Ann']")
    ann.wait_for_selector("#leaderboard tr[data-name='Bob']")
    assert errors_a == [] and errors_b == []
    ctx_a.close()
    ctx_b.close()
