"""The decision bar and "since your last decision" (issue 27), in every game at both sizes and in
both languages: a person at seat 0 plays a few decisions against random bots by clicking only
(board pieces, their choosers, the bar's own choices and its confirm step; never typed notation),
and after each of them the decision bar lies inside the window without scrolling and says, in the
page's language, what the game asks now (static/prompts.js), a piece a bot moved is marked on the
board, and a Chinese page shows no notation.  Each game's window is kept as a screenshot at both
sizes in both languages (``shot``: artefacts/screenshots, or $MEEPLE_SHOTS; copies in
docs/screenshots).

Playwright with Debian's Chromium against a live server (``tests/browserkit.py``).  To stay fast,
one browser serves every case, and each game at each size is one table played once: the person's
seat is open in two pages at once, one in English and one in Chinese, which take turns to click,
and both are checked after every decision (16 combinations from 8 games played).
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from meeple.i18n import translate
from tests.browserkit import (
    confirm_if_asked,
    create_table,
    decisions,
    in_viewport,
    is_over,
    open_page,
    shot,
    wait_until,
)

GAMES = ["luna_maris", "messina", "mundus_novus", "troyes"]
CASES = [(g, size) for g in GAMES for size in ("desktop", "phone")]
LANGS = {"en": "en", "zh": "zh_TW"}  # the page's language code and its catalog
DECISIONS = 3  # the person's decisions per game at least (after each, both pages are checked) ...
MOST = 12  # ... and at most, until a bot's move has been seen marked on both pages
CLICKABLE = "#board .clickable[data-actions], #mine .clickable[data-actions], #decision .choice[data-action]"
GENERIC = ("web.decide_on_board", "web.decide_here", "web.decide_mixed")


# the legal actions (the fallback list's), those the board's and own position's pieces play, and
# the bar's choices, read in one evaluation (a redraw between reads cannot mix two positions)
SPLIT = """() => {
  const acts = (sel, attr) => [...document.querySelectorAll(sel)].flatMap((e) => (e.getAttribute(attr) || "").split("|")).filter(Boolean);
  return [acts("#actions button.act", "data-action"), acts("#board [data-actions], #mine [data-actions]", "data-actions"),
          acts("#decision .choice[data-action]", "data-action")];
}"""


def _my_turn(page: Any) -> bool:
    return page.locator("#decision.mine").count() > 0


def _click_a_choice(page: Any, rng: random.Random) -> None:
    """One decision by clicking: a piece on the board (its chooser's first choice when it offers
    several) or one of the bar's choices; a move that asks first is confirmed in the bar."""
    targets = page.locator(CLICKABLE).all()
    assert targets, "no piece or choice to click although it is the person's turn"
    target = rng.choice(targets)
    many = len((target.get_attribute("data-actions") or "").split("|")) > 1
    target.click()
    if many or page.locator(".chooser .choice[data-action]").count():
        page.locator(".chooser .choice[data-action]").first.click()
    confirm_if_asked(page)


def _check_bar(page: Any, game: str, lang: str) -> None:
    """After a decision: the bar wholly in the window, its words in the page's language (the game's
    prompt for this decision, not only the general words), no notation anywhere on a Chinese page,
    the list of every action collapsed, and the bar's choices exactly the legal actions no piece
    plays."""
    cat = LANGS[lang]
    assert in_viewport(page, "#decision"), (game, lang, page.locator("#decision").bounding_box())
    assert translate(cat, "web.your_decision") in page.locator("#decision .barhead").inner_text()
    task = page.locator("#decision #task")
    assert task.count() == 1, f"{game} {lang}: no prompt for this decision"
    key = task.get_attribute("data-prompt") or ""
    words = task.inner_text()
    assert key.startswith(f"web.prompt.{game}.") and words.strip(), (key, words)
    assert "{" not in words and key not in words, words  # filled, and words rather than the key
    if lang == "zh":  # Chinese words, and no legal notation visible anywhere on the page (bar, board, log)
        assert re.search(r"[\u4e00-\u9fff]", words), words
        legal = page.eval_on_selector_all("#actions button.act", "els => els.map(e => e.dataset.action)")
        seen = page.locator("#app").inner_text()
        shown = [a for a in legal if re.search(rf"(^|\s){re.escape(a)}($|\s)", seen)]
        assert not shown, shown
    else:
        assert not re.search(r"[\u4e00-\u9fff]", words), words
    assert words != translate(cat, "web.decide_here", n=0)
    assert page.locator("#actions").count() == 0 or not page.locator("#actions button.act").first.is_visible()
    legal, on_board, in_bar = page.evaluate(SPLIT)
    assert set(in_bar) == set(legal) - set(on_board) and set(on_board) <= set(legal), (legal, on_board, in_bar)


def _check_waiting(browser: Any, server: str, table: str, game: str) -> None:
    """While seat 0 decides, a Chinese spectator's bar names whom the table waits for and what that
    seat is deciding, in Chinese (static/prompts.js doingOf, web.doing.<game>.<kind>)."""
    ctx, page, errors = open_page(browser, f"{server}/t/{table}", "desktop", "zh", action_list=False)
    other = page.locator("#decision #task-other")
    wait_until(page, lambda: other.count() == 1, timeout=30)
    key, words = other.get_attribute("data-doing") or "", other.inner_text()
    assert key.startswith(f"web.doing.{game}.") and re.search(r"[\u4e00-\u9fff]", words), (key, words)
    assert "{" not in words and key not in words, words
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize(("game", "size"), CASES)
def test_web_decision_bar_in_view_and_bot_moves_marked(browser: Any, server: str, game: str, size: str) -> None:
    """Issue 27 ("a decision bar always in view", "what you must decide now, in words", "since your
    last decision"), each game x size x language: after each of the person's decisions the bar is
    wholly inside the window (desktop: sticky beside the board; phone: a bottom sheet), names this
    decision in the page's language, and in Chinese no legal notation shows anywhere on the page
    (bar, board, log: notations are hidden by default); once a bot has moved since the person's
    last decision, the strip names that seat and at least one piece on the board is marked (class
    ``changed``) until the person decides again; the list of every action starts collapsed."""
    table, token = create_table(server, game, 2, "random", 1)
    url = f"{server}/t/{table}#token={token}"
    pages: dict[str, tuple[Any, Any, list[str]]] = {
        lang: open_page(browser, url, size, lang, action_list=False) for lang in LANGS}
    rng = random.Random(f"{game}-{size}")
    bot_seen = {lang: False for lang in LANGS}
    marked = {lang: False for lang in LANGS}
    made = 0
    first = pages["en"][1]
    if size == "desktop":  # a reader who is not to move (a spectator) reads what the mover decides
        wait_until(first, lambda: _my_turn(first) or is_over(first), timeout=30)
        if not is_over(first):
            _check_waiting(browser, server, table, game)
    while (made < DECISIONS or not all(marked.values())) and made < MOST and not is_over(first):
        for _ctx, page, _errors in pages.values():
            wait_until(page, lambda page=page: _my_turn(page) or is_over(page), timeout=30)
        if is_over(first):
            break
        for lang, (_ctx, page, _errors) in pages.items():
            page.wait_for_timeout(50)  # the board's layout settles (the game's stylesheet)
            _check_bar(page, game, lang)
            if page.locator("#since li").count():
                bot_seen[lang] = True
                assert page.locator("#since li[data-seat='1']").count() >= 1
                if not marked[lang] and page.locator("#board .changed, #mine .changed").count() >= 1:
                    marked[lang] = True  # what the window shows then: the bar, a marked piece in the middle
                    page.locator("#board .changed, #mine .changed").first.evaluate("e => e.scrollIntoView({block: 'center'})")
                    shot(page, f"bar_{game}_{size}_{lang}_marked", full_page=False)
        actor = pages[list(LANGS)[made % 2]][1]  # the two pages take turns to click
        n = decisions(actor)
        _click_a_choice(actor, rng)
        for _ctx, page, _errors in pages.values():
            wait_until(page, lambda page=page, n=n: decisions(page) > n or is_over(page), timeout=30)
        made += 1
    assert made >= 2, f"{game}: only {made} decisions were played"
    assert all(bot_seen.values()), f"{game}: no bot decision between the person's decisions ({bot_seen})"
    assert all(marked.values()), f"{game}: no piece was marked after a bot's decision ({marked})"
    for lang, (ctx, page, errors) in pages.items():
        page.evaluate("() => window.scrollTo(0, 0)")
        shot(page, f"bar_{game}_{size}_{lang}")
        assert not errors, (lang, errors)
        ctx.close()
