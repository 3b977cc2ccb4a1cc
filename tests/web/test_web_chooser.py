"""Issue 15 follow-up: a chooser (render.js ``chooser``, the popover beside a piece that several
legal actions share) stays open while the page is drawn again (another seat's move that leaves
yours as they were, people coming and going, the page's language) as long as its piece is drawn
and its actions are legal, and closes once none is.

Playwright with Debian's Chromium against a live server (``tests/browserkit.py``); Messina's cabin
stacks (swap a stack's top tile for a coin or a wood) are the pieces with several actions.
"""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest
from playwright.sync_api import Error as PlaywrightError

from meeple.i18n import translate
from tests.browserkit import create_table, decisions, module_page, open_page, shot, wait_until

MULTI = "#board .clickable[data-actions*='|'], #mine .clickable[data-actions*='|']"


def _state(server: str, table: str, token: str) -> dict[str, Any]:
    return dict(httpx.get(f"{server}/api/tables/{table}", headers={"X-Seat-Token": token}, timeout=30).json())


def _to_a_shared_piece(page: Any, server: str, table: str, token: str) -> dict[str, Any]:
    """Play the person's decisions at random (through the server) until it is their turn and the board
    draws a piece with several actions; the table's state then."""
    rng = random.Random(0)
    for _ in range(60):
        data = _state(server, table, token)
        wait_until(page, lambda d=data: decisions(page) >= d["view"]["decisions"])
        mine = data["legal"] and data["you"] == data["view"]["to_move"]
        if mine and page.locator(MULTI).count():
            return data
        if mine:
            httpx.post(f"{server}/api/tables/{table}/act", headers={"X-Seat-Token": token}, timeout=30,
                       json={"action": rng.choice(data["legal"]), "decision": data["view"]["decisions"]})
        else:
            page.wait_for_timeout(200)
    raise AssertionError("no piece with several actions came up")


def _open_chooser(page: Any) -> tuple[Any, list[str]]:
    """Click the first piece with several actions; a redraw that arrives meanwhile (a late update
    detaches the piece under the click) is waited out and the click tried again on the new one."""
    for _ in range(5):
        target = page.locator(MULTI).first
        try:
            acts = (target.get_attribute("data-actions", timeout=5000) or "").split("|")
            target.scroll_into_view_if_needed(timeout=5000)
            target.click(timeout=5000)
            page.wait_for_selector(".chooser", timeout=5000)
            return target, acts
        except PlaywrightError:
            page.wait_for_timeout(200)
    raise AssertionError("the piece kept being drawn again under the click")


def _choices(page: Any) -> list[str]:
    return [b.get_attribute("data-action") for b in page.locator(".chooser .choice:not(.cancel)").all()]


def _redrawn(page: Any, trigger: Any) -> None:
    """Mark the drawn board, run ``trigger`` and wait until the page has drawn a new one."""
    page.evaluate("() => { document.querySelector('#board').dataset.stale = '1'; }")
    trigger()
    wait_until(page, lambda: page.locator("#board").count() == 1 and page.locator("#board[data-stale]").count() == 0)


@pytest.mark.parametrize(("size", "lang"), [("desktop", "en"), ("phone", "zh"), ("desktop", "zh"), ("phone", "en")])
def test_web_chooser_stays_open_across_a_redraw_and_plays(browser: Any, server: str, size: str, lang: str) -> None:
    """Issue 15 follow-up: a chooser open beside a piece stays open, beside that piece and with the
    same choices, when an update redraws the board without changing the person's legal actions (a
    spectator opening the table: the presence push; the page's language switched), and clicking one
    of its choices then plays it."""
    table, token = create_table(server, "messina", 2, "random", seed=1)
    ctx, page, errors = open_page(browser, f"{server}/t/{table}#token={token}", size, lang)
    page.wait_for_selector(".tablehead")
    data = _to_a_shared_piece(page, server, table, token)
    target, acts = _open_chooser(page)
    assert _choices(page) == acts
    # someone comes to watch: the server pushes the new counts and the page draws everything again
    watcher = browser.new_context()
    watch = watcher.new_page()
    _redrawn(page, lambda: watch.goto(f"{server}/t/{table}"))
    assert page.locator(".chooser").count() == 1 and page.locator(".chooser").is_visible()
    assert _choices(page) == acts
    piece = page.locator(MULTI).first.bounding_box()
    box = page.locator(".chooser").bounding_box()
    assert abs(box["y"] - (piece["y"] + piece["height"] + 4)) <= 2, (box, piece)  # beside the new piece
    shot(page, f"chooser_kept_{size}_{lang}")
    # the page's language switched: drawn again, the choices now in the other language
    other = "en" if lang == "zh" else "zh"
    _redrawn(page, lambda: page.select_option("#lang", other))
    assert _choices(page) == acts
    cancel = page.locator(".chooser .choice.cancel").inner_text().strip()
    assert cancel == translate("zh_TW" if other == "zh" else "en", "web.cancel"), cancel
    before = data["view"]["decisions"]
    page.locator(".chooser .choice:not(.cancel)").nth(1).click()
    wait_until(page, lambda: decisions(page) > before)
    played = [e for e in _state(server, table, token)["log"] if e.get("kind") == "action" and e["decision"] == before]
    assert [e["notation"] for e in played] == [acts[1]], played
    assert page.locator(".chooser").count() == 0
    assert not errors, errors
    watcher.close()
    ctx.close()


def test_web_chooser_closes_when_its_actions_are_gone(browser: Any, server: str) -> None:
    """Issue 15 follow-up: a chooser closes once none of its actions is legal any more (the person's
    decision was taken elsewhere, in another tab: the turn has moved on)."""
    table, token = create_table(server, "messina", 2, "random", seed=1)
    ctx, page, errors = open_page(browser, f"{server}/t/{table}#token={token}", "phone", "en")
    page.wait_for_selector(".tablehead")
    data = _to_a_shared_piece(page, server, table, token)
    _target, acts = _open_chooser(page)
    # another kind of decision (not the piece's: a swap of another stack could leave this one's legal)
    kind = acts[0].split()[0]
    other = next((a for a in data["legal"] if a.split()[0] != kind), None) or next(a for a in data["legal"] if a not in acts)
    r = httpx.post(f"{server}/api/tables/{table}/act", headers={"X-Seat-Token": token}, timeout=30,
                   json={"action": other, "decision": data["view"]["decisions"]})
    assert r.status_code == 200, r.text
    wait_until(page, lambda: decisions(page) > data["view"]["decisions"])
    page.wait_for_timeout(300)  # the bots' replies redraw the page too
    now = _state(server, table, token)
    wait_until(page, lambda: decisions(page) >= now["view"]["decisions"])
    still = [a for a in acts if a in now["legal"]] if now["you"] == now["view"]["to_move"] else []
    if still:  # the turn goes on with some of them: the chooser offers those
        assert _choices(page) == still
    else:
        assert page.locator(".chooser").count() == 0
    assert not errors, errors
    ctx.close()


KEEP = """([legal, drawn, offers]) => {
  const { piece, keepChooser } = window.rk;
  const ctx = { legal, act: () => {}, t: (k) => k, labelText: (a) => `label of ${a}` };
  const span = (name) => Object.assign(document.createElement("span"), { textContent: name });
  document.getElementById("app").replaceChildren(...drawn.map((name) => piece(span(name), ctx, offers, { name })));
  keepChooser(ctx);
  const box = document.querySelector(".chooser");
  return box ? [...box.querySelectorAll(".choice:not(.cancel)")].map((b) => b.dataset.action) : null;
}"""


def test_web_chooser_keeps_only_its_actions_still_legal(browser: Any, server: str) -> None:
    """Issue 15 follow-up (render.js ``keepChooser``): drawn again, a chooser offers those of its
    actions that are still legal, beside the piece of the same name; it closes when none is legal
    or the piece is no longer drawn.  On a test page of the server's origin that imports render.js."""
    ctx, page = module_page(browser, server, "render.js", "rk")
    every = ["a 1", "a 2", "a 3"]
    assert page.evaluate(KEEP, [every, ["stack"], every]) is None  # nothing open: nothing to keep
    page.locator("#app [data-piece=stack]").click()
    assert _choices(page) == every
    assert page.evaluate(KEEP, [every, ["other", "stack"], every]) == every  # the same piece, drawn anew
    assert page.evaluate(KEEP, [["a 3", "a 1"], ["stack"], every]) == ["a 1", "a 3"]  # some still legal: those
    assert page.evaluate(KEEP, [every, ["stack"], every]) == every  # legal again: offered again
    assert page.evaluate(KEEP, [["a 2", "a 4"], ["stack"], [*every, "a 4"]]) == ["a 2"]  # none it did not offer
    assert page.evaluate(KEEP, [["a 4"], ["stack"], [*every, "a 4"]]) is None  # none of its own legal: closed
    page.locator("#app [data-piece=stack]").click()
    assert page.evaluate(KEEP, [every, ["other"], every]) is None  # the piece is gone: closed
    ctx.close()
