"""Issues 14 and 15 in the browser (Playwright, Debian Chromium, the server's CSP on): the page shows
the games' catalog messages in its language: action labels (with the notation small beside them,
and the decision bar's confirm step for the costly ones), the log's events, a refused act's reason, the "How to play"
link, and view values that are catalog keys.  Without /usr/bin/chromium these skip (fail in CI).
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import httpx
import pytest

from meeple.i18n import translate
from meeple.i18n.render import render
from tests.browserkit import ACTIONS_OPEN, shot
from tests.browserkit import wait_until as _wait_until

GAMES = ["troyes", "messina", "mundus_novus", "luna_maris"]
CJK = re.compile(r"[\u3400-\u9fff]")
RAW_KEY = re.compile(r"\b(?:messina|troyes|luna_maris|mundus_novus|engine|web|value|label)\.[a-z0-9_]+\.?[a-z0-9_.]*")
CONFIRM = {"pass", "pass_place", "feed_none", "give_up", "emergency"}


def _needs_confirm(label: dict[str, Any] | None) -> bool:
    """The page's rule (static/app.js needsConfirm), restated to find such an action."""
    if not label:
        return False
    last = str(label["key"]).split(".")[-1]
    return last in CONFIRM or "without_food" in last or re.search(r"(^|_)lose(_|$)", last) is not None


def _humans(server: str, game: str, seed: int = 3) -> tuple[str, dict[int, str]]:
    """A two-seat table of two people: its id and each seat's token."""
    created = httpx.post(server + "/api/tables", json={
        "game": game, "players": 2, "seed": seed, "seats": [{"kind": "human"}, {"kind": "human"}], "seat": 0}).json()
    tid = str(created["table"])
    joined = httpx.post(f"{server}/api/tables/{tid}/join", json={"seat": 1}).json()
    return tid, {0: str(created["token"]), 1: str(joined["token"])}


def _state(server: str, tid: str, tokens: dict[int, str]) -> tuple[int, dict[str, Any]]:
    """The seat to move and the table as that seat sees it."""
    seen = httpx.get(f"{server}/api/tables/{tid}").json()
    seat = int(seen["view"]["to_move"])
    return seat, httpx.get(f"{server}/api/tables/{tid}", headers={"X-Seat-Token": tokens[seat]}).json()


def _play(server: str, tid: str, tokens: dict[int, str], rng: random.Random, until: Any, limit: int = 300) -> tuple[int, dict[str, Any]]:
    """Random legal acts through the API until ``until(data)`` holds for the seat to move."""
    for _ in range(limit):
        seat, data = _state(server, tid, tokens)
        if until(data):
            return seat, data
        assert data["legal"], "the game ended first"
        act = httpx.post(f"{server}/api/tables/{tid}/act", headers={"X-Seat-Token": tokens[seat]},
                         json={"action": rng.choice(data["legal"]), "decision": data["decisions"]})
        assert act.status_code == 200, act.text
    raise AssertionError("the wanted position did not come")


def _open(browser: Any, server: str, path: str, lang: str = "zh",
          notations: bool = False) -> tuple[Any, Any, list[str]]:
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    ctx.add_init_script(f"localStorage.setItem('meeple:lang', '{lang}')")
    if notations:  # the player's setting that shows notations (issue 27; off by default)
        ctx.add_init_script("localStorage.setItem('meeple:notations', '1')")
    ctx.add_init_script(ACTIONS_OPEN)  # these tests read and click the list of every action
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" or "Content Security Policy" in m.text else None)
    page.set_default_timeout(20000)
    page.goto(server + path)
    return ctx, page, errors


def test_server_api_sends_labels_and_refusal_messages(server: str) -> None:
    """Issue 14: the table payload carries each legal action's label message (aligned with
    ``legal``) and a refused act's answer carries the refusal as a catalog message."""
    tid, tokens = _humans(server, "luna_maris")
    seat, data = _state(server, tid, tokens)
    assert len(data["labels"]) == len(data["legal"]) > 0
    assert all(lab and lab["key"].startswith("luna_maris.label.") for lab in data["labels"])
    spectator = httpx.get(f"{server}/api/tables/{tid}").json()
    assert spectator["legal"] == [] and spectator["labels"] == []
    refused = httpx.post(f"{server}/api/tables/{tid}/act", headers={"X-Seat-Token": tokens[seat]},
                         json={"action": "zzz", "decision": data["decisions"]})
    assert refused.status_code == 422
    body = refused.json()
    assert body["error"] and body["message"]["key"] == "engine.illegal.not_legal"
    assert CJK.search(render("zh_TW", body["message"]))
    assert httpx.get(f"{server}/api/tables/{tid}").json()["decisions"] == data["decisions"]  # nothing changed


def test_server_browser_action_labels_in_the_pages_language(browser: Any, server: str) -> None:  # noqa: F811
    """Issue 15 item 1: each action button shows its label in the page's language (rendered from
    key+args); in English, the English label.  Issue 27: the notation is hidden by default and
    shown small beside the label only when the player's setting (``meeple:notations``) asks."""
    tid, tokens = _humans(server, "troyes")
    seat, data = _state(server, tid, tokens)
    for lang, code, shown in (("zh", "zh_TW", False), ("en", "en", True)):
        ctx, page, errors = _open(browser, server, f"/t/{tid}#token={tokens[seat]}", lang, notations=shown)
        page.wait_for_selector("#actions button.act")
        for i in range(min(5, len(data["legal"]))):
            button = page.locator(f"#actions button.act >> nth={i}")
            notation = button.get_attribute("data-action")
            j = data["legal"].index(notation)
            assert button.locator(".alabel").inner_text() == render(code, data["labels"][j])
            if shown:
                assert button.locator("small.notation").inner_text() == notation
            else:
                assert button.locator("small.notation").count() == 0
                assert notation not in button.inner_text()
        if lang == "zh":
            assert CJK.search(page.locator("#actions").inner_text())
        assert not errors, errors
        ctx.close()


@pytest.mark.parametrize(("lang", "code"), [("zh", "zh_TW"), ("en", "en")])
def test_server_browser_costly_action_asks_first(browser: Any, server: str, lang: str, code: str) -> None:  # noqa: F811
    """Issue 15 item 1, issue 27 (the confirm step in the decision bar): an action whose label says
    it costs VP or ends the round (Luna Maris's emergency deposit, a pass) is not sent at its click:
    the bar shows the chosen move in the page's language with Confirm and Back; Back (or Escape)
    changes nothing; Confirm, focused so that Enter presses it, acts."""
    tid, tokens = _humans(server, "luna_maris")
    seat, data = _play(server, tid, tokens, random.Random(0), lambda d: any(_needs_confirm(x) for x in d["labels"]))
    notation, label = next((a, lab) for a, lab in zip(data["legal"], data["labels"], strict=True) if _needs_confirm(lab))
    ctx, page, errors = _open(browser, server, f"/t/{tid}#token={tokens[seat]}", lang)
    button = page.locator(f"#actions button.act[data-action='{notation}']")
    button.wait_for()
    assert "confirm" in (button.get_attribute("class") or "")
    button.click()
    step = page.locator("#decision #confirm-step")
    step.wait_for()
    assert page.locator("#decision .yourturn").inner_text() == translate(code, "web.confirm_title")
    assert step.locator(".chosen").inner_text() == render(code, label)
    assert step.locator(".chosen").get_attribute("data-action") == notation
    assert page.locator("#confirm-yes").inner_text() == translate(code, "web.confirm_yes")
    assert page.locator("#confirm-back").inner_text() == translate(code, "web.confirm_back")
    assert page.evaluate("() => document.activeElement && document.activeElement.id") == "confirm-yes"
    shot(page, f"confirm_step_{lang}", full_page=False)
    page.locator("#confirm-back").click()  # Back: the bar's choices again, nothing sent
    _wait_until(page, lambda: page.locator("#decision #confirm-step").count() == 0)
    assert page.locator("#decision .yourturn").inner_text() == translate(code, "web.your_decision")
    button.click()
    step.wait_for()
    page.keyboard.press("Escape")  # Escape is Back too
    _wait_until(page, lambda: page.locator("#decision #confirm-step").count() == 0)
    page.wait_for_timeout(300)
    assert httpx.get(f"{server}/api/tables/{tid}").json()["decisions"] == data["decisions"]
    button.click()
    step.wait_for()
    page.keyboard.press("Enter")  # the focused Confirm
    _wait_until(page, lambda: httpx.get(f"{server}/api/tables/{tid}").json()["decisions"] > data["decisions"])
    assert not errors, errors
    ctx.close()


def test_server_browser_log_events_in_the_pages_language(browser: Any, server: str) -> None:  # noqa: F811
    """Issue 15 item 2: the log shows each event rendered from key+args in the page's language;
    a list argument is joined with "、" in Chinese and ", " in English, each element rendered."""
    tid, tokens = _humans(server, "messina")
    _play(server, tid, tokens, random.Random(1), lambda d: d["decisions"] >= 6)
    seat, data = _state(server, tid, tokens)
    keyed = [ev for e in data["log"] for ev in e["events"] if "." in str(ev.get("key", ""))]
    assert keyed
    ctx, page, errors = _open(browser, server, f"/t/{tid}#token={tokens[seat]}", "zh")
    page.wait_for_selector("#log .ev")
    log = page.locator("#log").inner_text()
    for ev in keyed[-5:]:
        assert render("zh_TW", ev) in log
    title = {"key": "game.troyes.title"}
    joined = page.evaluate("m => import('/static/i18n.js').then(i => i.message(m))",
                           {"key": "web.waiting_for", "args": {"who": [title, "x"]}})
    assert joined == translate("zh_TW", "web.waiting_for", who=translate("zh_TW", "game.troyes.title") + "、x")
    assert "[object Object]" not in log
    assert not errors, errors
    ctx.close()


def test_render_joins_lists_in_the_readers_language() -> None:
    """Issue 15 item 2: ``meeple.i18n.render`` joins a list argument with "、" in Chinese."""
    message = {"key": "web.waiting_for", "args": {"who": [{"key": "game.troyes.title"}, "x"]}}
    assert render("zh_TW", message) == translate("zh_TW", "web.waiting_for", who=translate("zh_TW", "game.troyes.title") + "、x")
    assert render("en", message) == "Waiting for Troyes, x"


def test_server_browser_refusal_in_the_pages_language(browser: Any, server: str) -> None:  # noqa: F811
    """Issue 15 item 3: a refused act shows the game's refusal message in the page's language
    (the act is rewritten on its way to an illegal notation; the server refuses it)."""
    tid, tokens = _humans(server, "mundus_novus")
    seat, data = _state(server, tid, tokens)
    ctx, page, errors = _open(browser, server, f"/t/{tid}#token={tokens[seat]}", "zh")
    page.wait_for_selector("#actions button.act")

    def rewrite(route: Any) -> None:
        body = json.loads(route.request.post_data or "{}")
        route.continue_(post_data=json.dumps({**body, "action": "zzz"}))

    page.route("**/act", rewrite)
    page.locator("#actions button.act").first.click()
    page.wait_for_selector("#toast:not([hidden])")
    refused = httpx.post(f"{server}/api/tables/{tid}/act", headers={"X-Seat-Token": tokens[seat]},
                         json={"action": "zzz", "decision": data["decisions"]}).json()
    shown = page.locator("#toast").inner_text()
    assert shown == render("zh_TW", refused["message"]) and CJK.search(shown)
    assert httpx.get(f"{server}/api/tables/{tid}").json()["decisions"] == data["decisions"]
    ctx.close()


def test_server_browser_how_to_play_links(browser: Any, server: str) -> None:  # noqa: F811
    """Issue 15 item 4: "How to play" beside the lobby's game choice and in the table's header
    links to ``/rules/<game>?lang=<lang>`` in the page's language."""
    ctx, page, errors = _open(browser, server, "/", "zh")
    page.wait_for_selector("#create-btn")
    page.select_option("#game", "troyes")
    link = page.locator("#create #howto")
    assert link.inner_text() == translate("zh_TW", "web.how_to_play") == "遊戲規則"
    assert link.get_attribute("href") == "/rules/troyes?lang=zh-TW"
    assert httpx.get(server + "/rules/troyes?lang=zh-TW").status_code == 200
    tid, tokens = _humans(server, "luna_maris")
    page.goto(f"{server}/t/{tid}")
    page.wait_for_selector(".tablehead #howto")
    assert page.locator(".tablehead #howto").get_attribute("href") == "/rules/luna_maris?lang=zh-TW"
    ctx.close()
    ctx, page, errors = _open(browser, server, "/", "en")
    page.wait_for_selector("#create #howto")
    assert page.locator("#create #howto").inner_text() == "How to play"
    assert page.locator("#create #howto").get_attribute("href").endswith("?lang=en")
    assert not errors, errors
    ctx.close()


def _standing(view: Any) -> int:
    """How many lieutenants the view's map holds standing (``{seat, lieutenant, status}``)."""
    if isinstance(view, dict):
        own = 1 if view.get("status") == "standing" and "lieutenant" in view and "seat" in view else 0
        return own + sum(_standing(v) for v in view.values())
    if isinstance(view, list):
        return sum(_standing(v) for v in view)
    return 0


@pytest.mark.parametrize("game", GAMES)
def test_server_browser_each_board_draws_translated(browser: Any, server: str, game: str) -> None:  # noqa: F811
    """Issue 15 items 5 and 6: a table of each game draws its board without page or console
    errors (Messina's lieutenants are ``{seat, lieutenant, status}``), shows no raw catalog key
    (Messina's ``now.step`` is translated) and asks the catalog for nothing it lacks."""
    tid, tokens = _humans(server, game)
    _play(server, tid, tokens, random.Random(2), lambda d: d["decisions"] >= 8)
    seat, data = _state(server, tid, tokens)
    for lang in ("zh", "en"):
        ctx, page, errors = _open(browser, server, f"/t/{tid}#token={tokens[seat]}", lang)
        page.wait_for_selector(".gameboard")
        page.wait_for_selector("#log")
        body = page.locator("main").inner_text()
        assert not RAW_KEY.findall(body), RAW_KEY.findall(body)[:10]
        if game == "messina" and lang == "zh":
            step = data["view"]["now"]["step"]
            assert translate("zh_TW", step) in body
            standing = _standing(data["view"])
            filled = page.locator(".gameboard .lt[data-state=standing]").count()
            assert filled >= standing, f"{standing} standing lieutenants, {filled} drawn standing"
            board = page.locator(".gameboard").inner_text()
            assert "harbour" not in board and "district" not in board
        if game == "luna_maris" and lang == "zh" and "day" in data["view"]:
            board = page.locator(".gameboard").inner_text()
            assert translate("zh_TW", "label.day" if data["view"]["day"] else "label.night") in board
        missing = page.evaluate("import('/static/i18n.js').then(m => m.missingKeys())")
        assert not missing, f"keys the page asked for and the catalog lacks: {missing}"
        assert not errors, errors
        ctx.close()


def test_server_browser_server_refusals_follow_the_pages_language(browser: Any, server: str) -> None:
    """Issue 27: the page's language switch reaches the server's own words: the page keeps it in
    the ``meeple_lang`` cookie, so a refusal the server words (here "not your turn") comes back in
    the page's language although the browser's ``Accept-Language`` is English."""
    tid, tokens = _humans(server, "troyes")
    seat, data = _state(server, tid, tokens)
    other = 1 - seat
    said = {}
    for lang in ("zh", "en"):
        ctx, page, errors = _open(browser, server, f"/t/{tid}#token={tokens[other]}", lang)
        _wait_until(page, lambda p=page: "meeple_lang=" in p.evaluate("() => document.cookie"))
        said[lang] = page.evaluate("""async ([tid, token, decision]) => {
            const r = await fetch(`/api/tables/${tid}/act`, {method: "POST",
              headers: {"Content-Type": "application/json", "X-Seat-Token": token},
              body: JSON.stringify({action: "x", decision})});
            return [r.status, await r.json()];
        }""", [tid, tokens[other], data["decisions"]])
        assert not [e for e in errors if "409 (Conflict)" not in e], errors  # the refusal asked for
        ctx.close()
    for lang, code in (("zh", "zh_TW"), ("en", "en")):
        status, body = said[lang]
        assert status == 409 and body["key"] == "server.act.not_your_turn", body
        assert body["error"] == translate(code, "server.act.not_your_turn", seat=seat)
    assert CJK.search(said["zh"][1]["error"]) and not CJK.search(said["en"][1]["error"])
