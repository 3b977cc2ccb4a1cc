"""The browser tests' shared kit: a live server, Debian's Chromium through Playwright, a table
page opened as a seat, and the screenshots kept as test artefacts.

``tests/conftest.py`` loads this module as a plugin, so every test may ask for ``server`` and ``browser``.
Without /usr/bin/chromium the tests skip on a developer's machine and fail in CI (``CI`` set),
where ``scripts/ci-setup.sh`` installs it.  Screenshots go to ``MEEPLE_SHOTS`` when it is set
(CI keeps that folder), else to ``artefacts/screenshots`` under the project.
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

CHROMIUM = "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parents[1]
SIZES = {"desktop": (1280, 900), "phone": (390, 844)}


def need_chromium() -> None:
    """Skip (fail in CI) without Chromium or the playwright package."""
    if not os.path.exists(CHROMIUM):
        msg = f"{CHROMIUM} is missing: install it with `apt-get install -y chromium` (scripts/ci-setup.sh)"
        if os.environ.get("CI"):
            pytest.fail(msg)
        pytest.skip(msg)
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        msg = "the playwright Python package is missing (pip install -e '.[dev]')"
        if os.environ.get("CI"):
            pytest.fail(msg)
        pytest.skip(msg)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def live_server(folder: Path, **app_options: Any) -> Iterator[str]:
    """A live server on loopback (SQLite in ``folder``, bots without delay, chosen seeds allowed,
    plus ``app_options`` for ``create_app``): its address while the block runs."""
    import uvicorn

    from meeple.server import create_app, ws_impl

    port = free_port()
    app = create_app(f"sqlite:///{folder / 'meeple.db'}", bot_delay=0.0, allow_seeds=True, **app_options)
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", ws=ws_impl()))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    end = time.time() + 20
    while not srv.started:
        if time.time() > end or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A live server with the default limits."""
    with live_server(tmp_path_factory.mktemp("srv")) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    need_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
        yield b
        b.close()


def create_table(server: str, game: str, players: int, bots: str = "random", seed: int | None = None,
                 options: dict[str, Any] | None = None) -> tuple[str, str]:
    """A table with a human at seat 0 and ``bots`` in the other seats: (table id, seat 0's token)."""
    seats: list[dict[str, Any]] = [{"kind": "human", "name": "Ana"}]
    seats += [{"kind": "bot", "bot": bots} for _ in range(players - 1)]
    body: dict[str, Any] = {"game": game, "players": players, "seats": seats}
    if seed is not None:
        body["seed"] = seed
    if options:
        body["options"] = options
    r = httpx.post(server + "/api/tables", json=body, timeout=30)
    assert r.status_code == 200, r.text
    data = r.json()
    return str(data["table"]), str(data["token"])


ACTIONS_OPEN = "if (!localStorage.getItem('meeple:all-actions')) localStorage.setItem('meeple:all-actions', 'open')"
"""An init script opening the table page's list of every action (static/decision.js keeps its
state per browser; a new reader finds it collapsed), for the tests that drive that fallback list."""


def open_page(browser: Any, url: str, size: str = "desktop", lang: str = "en",
              action_list: bool = True) -> tuple[Any, Any, list[str]]:
    """A new page at ``url`` with the page language ``lang``; the list collects page errors and
    Content-Security-Policy complaints (a test asserts it stays empty).  ``action_list``: the
    table page's list of every action starts open (as a reader who opened it once finds it; the
    tests that drive that fallback list click its buttons), else collapsed as a new reader's."""
    w, hgt = SIZES[size]
    ctx = browser.new_context(viewport={"width": w, "height": hgt},
                              locale="zh-TW" if lang.startswith("zh") else "en-US")
    # the page's language as the header's switch stores it (static/i18n.js)
    ctx.add_init_script(f"localStorage.setItem('meeple:lang', '{'zh' if lang.startswith('zh') else 'en'}')")
    if action_list:
        ctx.add_init_script(ACTIONS_OPEN)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None)
    page.set_default_timeout(20000)
    page.goto(url)
    return ctx, page, errors


def open_table(browser: Any, server: str, game: str, players: int, *, bots: str = "random",
               seed: int | None = 1, size: str = "desktop", lang: str = "en",
               action_list: bool = True) -> tuple[Any, Any, list[str]]:
    """Create a table (seat 0 human) and open it as seat 0."""
    table, token = create_table(server, game, players, bots, seed)
    ctx, page, errors = open_page(browser, f"{server}/t/{table}#token={token}", size, lang, action_list)
    page.wait_for_selector(".tablehead")
    return ctx, page, errors


def wait_until(page: Any, cond: Callable[[], bool], timeout: float = 20.0) -> None:
    """Poll ``cond()`` from Python (the page's CSP forbids evaluating strings in it)."""
    end = time.time() + timeout
    while not cond():
        if time.time() > end:
            raise AssertionError("timed out waiting in the browser")
        page.wait_for_timeout(50)


def decisions(page: Any) -> int:
    return int(page.get_attribute(".tablehead", "data-decisions"))


def is_over(page: Any) -> bool:
    return page.get_attribute(".tablehead", "data-status") == "over"


def confirm_if_asked(page: Any) -> bool:
    """Issue 27: a move that costs VP or ends the round opens the decision bar's confirm step (the
    chosen move, Confirm / Back: static/decision.js) instead of being sent; confirm it there.
    True when the move asked."""
    if not page.locator("#decision #confirm-step").count():
        return False
    page.locator("#decision #confirm-yes").click()
    return True


def box_of(page: Any, selector: str, timeout: float = 10.0) -> dict[str, float] | None:
    """The first matching element's bounding box, waiting while a redraw (a bot's move) has it
    detached or not yet laid out; None if it never shows within ``timeout`` seconds."""
    end = time.time() + timeout
    while True:
        box = page.locator(selector).first.bounding_box()
        if box is not None or time.time() > end:
            return box
        page.wait_for_timeout(50)


def in_viewport(page: Any, selector: str) -> bool:
    """Whether the first element matching ``selector`` lies wholly inside the viewport
    (no scrolling, sideways or down)."""
    box = box_of(page, selector)
    vp = page.viewport_size
    return bool(box) and box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= vp["width"] + 1 \
        and box["y"] + box["height"] <= vp["height"] + 1


SIDEWAYS = """() => {
  const W = innerWidth, bad = [];
  if (document.documentElement.scrollWidth > W) bad.push(`the page: ${document.documentElement.scrollWidth} px`);
  for (const root of document.querySelectorAll("#board, #mine")) for (const el of root.querySelectorAll("*")) {
    const r = el.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    const name = `${el.tagName.toLowerCase()}.${String(el.className.baseVal ?? el.className).trim().replace(/\\s+/g, ".")}`;
    const overflow = getComputedStyle(el).overflowX;
    if (r.left < -1 || r.right > W + 1) bad.push(`${name} at ${Math.round(r.left)}..${Math.round(r.right)} px`);
    else if ((overflow === "auto" || overflow === "scroll") && el.scrollWidth > el.clientWidth + 1)
      bad.push(`${name} scrolls: ${el.scrollWidth} px in ${el.clientWidth}`);
  }
  return bad;
}"""


def sideways(page: Any) -> list[str]:
    """What needs scrolling sideways (issue 15): the page when it is wider than the window, and each
    element drawn inside ``#board`` or ``#mine`` that reaches past the window's edges or scrolls
    its content sideways.  Empty when nothing does."""
    return list(page.evaluate(SIDEWAYS))


def shot(page: Any, name: str, full_page: bool = True) -> Path:
    """Save a screenshot (the full page, or what the window shows) as a test artefact and return
    its path."""
    folder = Path(os.environ.get("MEEPLE_SHOTS") or ROOT / "artefacts" / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


# --- what the four games' board tests check alike (issue 15) ---------------------------------

CJK = re.compile(r"[\u3400-\u9fff\uff00-\uffef]")
"""Chinese characters (and full-width forms): none may show on an English page."""


def notation_words(game: Any, players: int = 2) -> set[str]:
    """The ASCII words of every notation of ``game`` (its closed action space): the only English a
    Chinese board may show, beside names."""
    return {w for a in game.encoder.notations(game.default_tables(), players) for w in re.findall(r"[A-Za-z]+", a)}


def fallback_actions(page: Any) -> list[str]:
    """The position's legal notations, read (never clicked) from the fallback action list."""
    return [b.get_attribute("data-action") for b in page.locator("#actions button.act").all()]


def board_actions(page: Any, scope: str = "#app") -> set[str]:
    """Every notation the board and the own position offer under ``scope``: their pieces' actions
    (render.js ``piece``) and their controls."""
    found: set[str] = set()
    for el in page.locator(f"{scope} [data-actions]").all():
        found.update((el.get_attribute("data-actions") or "").split("|"))
    for el in page.locator(f"{scope} .controls .control").all():
        found.add(el.get_attribute("data-action") or "")
    return found - {""}


def choice_texts(page: Any, sel: str, part: str | None = None) -> list[tuple[str, str | None]]:
    """(notation, text) of every choice button under ``sel`` (the text of its ``part`` element, or
    of the whole button), read in one evaluation in the page, so that a redraw between two reads
    cannot pair a notation with another button's text or a vanished one (None)."""
    return [(a, t) for a, t in page.eval_on_selector_all(
        sel, "(els, part) => els.map(e => [e.dataset.action || '', "
             "part ? (e.querySelector(part) || {}).textContent ?? null : e.textContent])", part)]


def module_page(browser: Any, server: str, module: str, name: str) -> tuple[Any, Any]:
    """A blank test page of the server's origin that imports ``/static/<module>`` as
    ``window.<name>`` (no CSP there, so the test may call the module's functions directly)."""
    ctx = browser.new_context()
    page = ctx.new_page()
    page.route(f"{server}/{name}-module-test", lambda route: route.fulfill(
        content_type="text/html", body=f'<div id="app"></div><script type="module">'
        f'import * as m from "/static/{module}"; window.{name} = m;</script>'))
    page.goto(f"{server}/{name}-module-test")
    wait_until(page, lambda: bool(page.evaluate(f"() => !!window.{name}")))
    return ctx, page
