"""The table page's shared parts (issue 15, with issue 14's words): the end screen's score sheet and
ranking by seat name, no clock UI after game over, the turn notice in the tab title, the lobby's
options in player language, and a log line under every decision's header.

Playwright with Debian's Chromium against a live server (``tests/browserkit.py``); screenshots are
kept as test artefacts (``shot``).
"""

from __future__ import annotations

import random
import re
from typing import Any

import httpx
import pytest

from meeple import games
from meeple.i18n import translate
from tests.browserkit import (
    confirm_if_asked,
    create_table,
    decisions,
    open_page,
    open_table,
    shot,
    sideways,
    wait_until,
)

CJK = re.compile(r"[\u3400-\u9fff]")
GAMES = ["luna_maris", "messina", "mundus_novus", "troyes"]


def _all_bot_table(server: str, game: str, players: int = 2, seed: int = 3) -> str:
    seats = [{"kind": "bot", "bot": "random"} for _ in range(players)]
    r = httpx.post(server + "/api/tables", json={"game": game, "players": players, "seats": seats, "seed": seed},
                   timeout=30)
    assert r.status_code == 200, r.text
    return str(r.json()["table"])


def _wait_over(server: str, table: str, timeout: float = 240.0) -> None:
    import time

    end = time.time() + timeout
    while time.time() < end:
        if httpx.get(f"{server}/api/tables/{table}", timeout=30).json()["table"]["status"] == "over":
            return
        time.sleep(0.3)
    raise AssertionError(f"table {table} did not finish")


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("game", GAMES)
def test_web_end_screen_score_sheet_names_every_seat(browser: Any, server: str, game: str, lang: str) -> None:
    """Issue 15: a finished game's page shows a score sheet whose columns are the seats by name and
    whose rows are the scoring categories in the reader's language, the ranking by name (not "0, 1"),
    and no clock or "I'm back" any more; issue 27: every game's sheet has a row per round and a
    chart of every seat's score by round."""
    table = _all_bot_table(server, game)
    _wait_over(server, table)
    ctx, page, errors = open_page(browser, f"{server}/t/{table}", lang=lang)
    page.wait_for_selector("#scoresheet")
    sheet = page.locator("#score-sheet")
    heads = [h.strip() for h in sheet.locator("thead th[data-seat]").all_inner_texts()]
    seat = translate("zh_TW" if lang == "zh" else "en", "web.seat")
    assert heads == [f"{seat} {i} · " + heads[i].split(" · ", 1)[1] for i in range(2)], heads
    rows = sheet.locator("tbody tr").count()
    assert rows >= 2, f"{game}: the sheet shows no categories (or rounds)"
    cats = sheet.locator("tbody th").all_inner_texts()
    if lang == "zh":
        assert all(CJK.search(c) or c.isascii() and c.upper() == c for c in cats), cats
    else:
        assert not any(CJK.search(c) for c in cats), cats
    ranking = page.locator("#ranking").inner_text()
    assert seat in ranking and not re.search(r"^\s*[01]\s*$", ranking, re.M), ranking
    # issue 27: per-round rows in every game and a chart of every seat's score by round
    assert sheet.locator("tbody tr.round").count() >= 2, f"{game}: no per-round rows"
    assert page.locator("#score-chart .seatline polyline").count() == 2
    assert translate("zh_TW" if lang == "zh" else "en", "web.score_chart") in page.locator("#scoresheet .chart summary").inner_text()
    assert page.locator(".clock").count() == 0 and page.locator("#back").count() == 0
    assert page.locator(".warn").count() == 0
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 1280
    shot(page, f"end_{game}_{lang}")
    assert not errors, errors
    ctx.close()


def test_web_no_clock_ui_after_game_over(browser: Any, server: str) -> None:
    """Issue 15: a person whose turn clock ran out (the clock's bot plays for them) sees, once the
    game is over, no clock, no "I'm back" button and no clock banner."""
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "random"}]
    r = httpx.post(server + "/api/tables", json={"game": "messina", "players": 2, "seats": seats, "seed": 5,
                                                 "clock": 0.2}, timeout=30)
    data = r.json()
    ctx, page, errors = open_page(browser, f"{server}/t/{data['table']}#token={data['token']}")
    page.wait_for_selector("#back", timeout=20000)  # the clock ran out: the bot plays this seat
    assert page.locator(".warn").count() == 1  # the banner saying so
    _wait_over(server, data["table"], timeout=400)
    page.wait_for_selector("#scoresheet")
    assert page.locator(".clock").count() == 0 and page.locator("#back").count() == 0
    assert page.locator(".warn").count() == 0
    assert "Ana" in page.locator("#score-sheet thead").inner_text()
    assert not errors, errors
    ctx.close()


def test_web_tab_title_tells_your_turn(browser: Any, server: str) -> None:
    """Issue 15: the tab's title says "(●) Your turn — meeple" (in the page's language) while it
    is the reader's turn, and the plain title otherwise; the sound toggle is off by default and
    remembered."""
    ctx, page, errors = open_table(browser, server, "troyes", 2, lang="zh")
    page.wait_for_selector("#actions button.act")
    wait_until(page, lambda: page.title() == translate("zh_TW", "web.title_your_turn"))
    assert page.get_attribute("#sound", "aria-pressed") == "false"
    page.click("#sound")
    assert page.get_attribute("#sound", "aria-pressed") == "true"
    page.reload()
    page.wait_for_selector("#sound")
    assert page.get_attribute("#sound", "aria-pressed") == "true"
    page.goto(page.url.split("/t/")[0] + "/")
    page.wait_for_selector("#create-btn")
    assert page.title() == "meeple"
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize("game", GAMES)
def test_web_lobby_options_in_player_language(browser: Any, server: str, game: str) -> None:
    """Issue 15/14: each game's lobby options show their names, descriptions and choices from the
    catalog, in Chinese in zh, without internal references ("research", "§", "the seed's reading")
    or cut keys; bot levels are in player words."""
    ctx, page, errors = open_page(browser, server + "/", lang="zh")
    page.wait_for_selector("#create-btn")
    page.select_option("#game", game)
    page.wait_for_selector("#players")
    form = page.locator("form").first.inner_text()
    for key, option in games.get(game).options.items():
        base = f"game.{game}.option.{key}"
        assert translate("zh_TW", base + ".name") in form
        assert translate("zh_TW", base + ".doc") in form
        assert key not in form, key  # no key shown (nor cut, as push_out_protectio was)
        for c in option.choices or ():
            assert translate("zh_TW", f"{base}.choice.{c}") in form
    for bad in ("research", "§", "seed", "研究"):
        assert bad not in form, bad
    kinds = page.locator("select.seatkind").first.inner_text()
    assert translate("zh_TW", "web.level_normal") in kinds and "random" not in kinds and "normal" not in kinds
    shot(page, f"lobby_{game}_zh")
    assert not errors, errors
    ctx.close()


def test_web_lobby_options_in_english_read_as_player_words(browser: Any, server: str) -> None:
    """Issue 15: the English lobby shows the catalog's option names (not keys such as
    push_out_protection) and no internal references."""
    ctx, page, errors = open_page(browser, server + "/", lang="en")
    page.wait_for_selector("#create-btn")
    for game in GAMES:
        page.select_option("#game", game)
        page.wait_for_selector("#players")
        form = page.locator("form").first.inner_text()
        for key in games.get(game).options:
            assert translate("en", f"game.{game}.option.{key}.name") in form
        names = page.locator("label.opt .oname").all_inner_texts()
        assert not set(names) & set(games.get(game).options), names
        assert "research" not in form and "§" not in form and "seed's" not in form
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize("game", GAMES)
def test_web_every_decision_has_a_log_line(browser: Any, server: str, game: str) -> None:
    """Issue 15: every decision's log entry has a line under its header, a bot's too (its events,
    else its label where the reader may know it, else "chose secretly")."""
    ctx, page, errors = open_table(browser, server, game, 3, lang="en")
    page.wait_for_selector("#actions button.act")
    for _ in range(6):
        before = int(page.get_attribute(".tablehead", "data-decisions"))
        page.locator("#actions button.act:visible").first.click()
        confirm_if_asked(page)  # an action that costs VP or ends the round asks first, in the bar
        wait_until(page, lambda b=before: int(page.get_attribute(".tablehead", "data-decisions")) > b or
                   page.get_attribute(".tablehead", "data-status") == "over", timeout=60)
        page.wait_for_selector("#actions button.act", timeout=60000)
    entries = page.locator("#log li.action")
    assert entries.count() >= 6
    assert page.locator("#log li.action .who.s1, #log li.action .who.s2").count() >= 1, "no bot decision logged"
    if game == "troyes":  # its decisions without events are all seen on the board: labelled, none secret
        assert page.locator("#log .ev.secret").count() == 0
    for i in range(entries.count()):
        assert entries.nth(i).locator(".ev").count() >= 1, entries.nth(i).inner_text()
        assert entries.nth(i).locator(".ev").first.inner_text().strip()
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize("game", GAMES)
def test_web_phone_layout_own_position_turn_then_board_and_log_tab(browser: Any, server: str, game: str) -> None:
    """Issue 15: at 390 × 844 the reader's own panel comes first, then whose turn it is, then the
    board (played by clicking it) and the text list of actions after it as the fallback; the log is one tap away (Board / Log tabs), at the top, not 3,200 px down."""
    ctx, page, errors = open_table(browser, server, game, 3, size="phone", lang="zh")
    page.wait_for_selector("#actions button.act")

    def y(sel: str) -> float:  # the page redraws on every push: ask again if the node was replaced
        for _ in range(20):
            box = page.locator(sel).first.bounding_box()
            if box:
                return float(box["y"])
            page.wait_for_timeout(100)
        raise AssertionError(f"{sel} is not on the page")

    if page.locator("#mine").count():
        assert y("#mine") < y(".statusbar")
    assert y(".statusbar") < y("#board") <= y("#actions")
    assert page.locator("#tabs").is_visible()
    assert not page.locator("#logpanel").is_visible()
    shot(page, f"phone_board_{game}_zh")
    page.click("#tabs [data-tab=log]")
    assert page.locator("#logpanel").is_visible() and not page.locator("#board").is_visible()
    assert page.locator("#logpanel").bounding_box()["y"] < 844 * 1.5
    shot(page, f"phone_log_{game}_zh")
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= 391, wide
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize("game", GAMES)
def test_web_desktop_needs_no_sideways_scrolling(browser: Any, server: str, game: str) -> None:
    """Issue 15: at 1280 × 900 the table page is no wider than the window, nothing on the board or
    in the own position scrolls sideways (follow-up: Troyes' "what the table can see" was 879 px in
    860), and the action list has no group headings made of the notation's first word."""
    ctx, page, errors = open_table(browser, server, game, 3, size="desktop", lang="en")
    page.wait_for_selector("#actions button.act")
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= 1280, wide
    page.wait_for_timeout(150)  # the game's stylesheet
    assert not sideways(page), sideways(page)[:5]
    assert page.locator("#actions .gname").count() == 0
    assert page.locator("#tabs").is_hidden()
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("game", GAMES)
def test_web_phone_board_needs_no_sideways_scrolling(browser: Any, server: str, game: str, lang: str) -> None:
    """Issue 15 follow-up: at 390 × 844 nothing on a table page needs scrolling sideways, neither the
    page nor anything drawn on the board or in the own position (Troyes' "what the table can see"
    table was 880 px wide in its scrolling box), through the first dozen of the person's decisions
    (random legal ones, sent to the server)."""
    table, token = create_table(server, game, 3, "random", seed=1)
    ctx, page, errors = open_page(browser, f"{server}/t/{table}#token={token}", "phone", lang)
    page.wait_for_selector(".tablehead")
    rng = random.Random(7)
    head = {"X-Seat-Token": token}
    for _ in range(12):
        data = httpx.get(f"{server}/api/tables/{table}", headers=head, timeout=30).json()
        wait_until(page, lambda d=data: decisions(page) >= d["view"]["decisions"])
        page.wait_for_timeout(150)  # the stylesheet and the board's layout settle
        assert not sideways(page), (game, lang, data["view"]["decisions"], sideways(page)[:5])
        if data["table"]["status"] == "over":
            break
        if data["legal"] and data["you"] == data["view"]["to_move"]:
            httpx.post(f"{server}/api/tables/{table}/act", headers=head, timeout=30,
                       json={"action": rng.choice(data["legal"]), "decision": data["view"]["decisions"]})
        else:
            page.wait_for_timeout(300)
    shot(page, f"phone_sideways_{game}_{lang}")
    assert not errors, errors
    ctx.close()


def test_web_spectator_reads_a_public_bot_decision(browser: Any, server: str) -> None:
    """Issue 15: a spectator watching bots play Troyes reads each decision the board shows
    (activations, dice placed ...) by its label, pushed live, and none as "chose secretly"."""
    table = _all_bot_table(server, "troyes", players=2, seed=8)
    ctx, page, errors = open_page(browser, f"{server}/t/{table}", lang="zh")
    page.wait_for_selector("#log li.action")
    wait_until(page, lambda: page.locator("#log .ev.chosen").count() >= 3 or
               page.get_attribute(".tablehead", "data-status") == "over", timeout=120)
    assert page.locator("#log .ev.chosen").count() >= 1
    assert CJK.search(page.locator("#log .ev.chosen").first.inner_text())
    assert page.locator("#log .ev.secret").count() == 0
    assert not errors, errors
    ctx.close()


def test_web_replay_last_step_shows_the_score_sheet(browser: Any, server: str) -> None:
    """Issue 15: the replay of a finished game names every step by its label and ends on the same
    score sheet (seats by name; issue 27: with its rows by round and their chart)."""
    table = _all_bot_table(server, "luna_maris", seed=6)
    _wait_over(server, table)
    ctx, page, errors = open_page(browser, f"{server}/replay/{table}", lang="en")
    page.wait_for_selector("#scoresheet")
    assert page.locator("#score-sheet thead th[data-seat]").count() == 2
    assert page.locator("#score-sheet tbody tr.round").count() >= 2
    assert page.locator("#score-chart .seatline").count() == 2
    steps = page.locator(".steps li")
    assert steps.count() > 10 and steps.locator(".alabel").count() == steps.count()  # each step by its label
    page.click("#prev")
    wait_until(page, lambda: page.locator("#scoresheet").count() == 0)
    assert not errors, errors
    ctx.close()


def test_web_phone_end_screen_starts_with_the_score_sheet(browser: Any, server: str) -> None:
    """Issue 15: on a phone (390 × 844) a finished game opens on its score sheet, no wider than the
    screen (the sheet scrolls inside itself when seats are many)."""
    table = _all_bot_table(server, "troyes", players=3, seed=9)
    _wait_over(server, table)
    ctx, page, errors = open_page(browser, f"{server}/t/{table}", size="phone", lang="zh")
    page.wait_for_selector("#scoresheet")
    assert page.locator("#scoresheet").bounding_box()["y"] < 844 / 2
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 391
    shot(page, "end_troyes_zh_phone")
    assert not errors, errors
    ctx.close()
