"""The decision bar and "since your last decision" (issue 27), in every game at both sizes and in
both languages: a person at seat 0 plays a few decisions against random bots by clicking only
(board pieces, their choosers and the bar's own choices; never typed notation), and after each of
them the decision bar lies inside the window without scrolling, a piece a bot moved is marked on
the board, and a Chinese page shows no notation.  Each game's page is kept as a screenshot at both
sizes (``shot``: artefacts/screenshots, or $MEEPLE_SHOTS; copies in docs/screenshots).

Playwright with Debian's Chromium against a live server (``tests/browserkit.py``).  To stay fast
each game is played once per size, the language alternating between games so that each size is
seen in both languages.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from meeple.i18n import translate
from tests.browserkit import decisions, in_viewport, is_over, open_table, shot, wait_until

GAMES = ["luna_maris", "messina", "mundus_novus", "troyes"]
# (game, size, language): each game at both sizes, each size in both languages
CASES = [(g, size, ("zh" if (i + (size == "phone")) % 2 else "en")) for i, g in enumerate(GAMES)
         for size in ("desktop", "phone")]
DECISIONS = 3  # the person's decisions per game at least (after each, the bar is checked) ...
MOST = 12  # ... and at most, until a bot's move has been seen marked
CLICKABLE = "#board .clickable[data-actions], #mine .clickable[data-actions], #decision .choice[data-action]"


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
    several) or one of the bar's choices."""
    targets = page.locator(CLICKABLE).all()
    assert targets, "no piece or choice to click although it is the person's turn"
    target = rng.choice(targets)
    many = len((target.get_attribute("data-actions") or "").split("|")) > 1
    target.click()
    if many or page.locator(".chooser .choice[data-action]").count():
        page.locator(".chooser .choice[data-action]").first.click()


@pytest.mark.parametrize(("game", "size", "lang"), CASES)
def test_web_decision_bar_in_view_and_bot_moves_marked(browser: Any, server: str, game: str, size: str,
                                                       lang: str) -> None:
    """Issue 27 ("a decision bar always in view", "since your last decision"): after each of the
    person's decisions the bar is wholly inside the window (desktop: sticky beside the board; phone:
    a bottom sheet), says what to decide in the page's language, and in Chinese no legal notation
    shows anywhere on the page (bar, board, log: notations are hidden by default);
    once a bot has moved since the person's last decision, the strip names that seat and at least
    one piece on the board is marked (class ``changed``) until the person decides again; the list
    of every action starts collapsed."""
    ctx, page, errors = open_table(browser, server, game, 2, size=size, lang=lang, action_list=False)
    page.on("dialog", lambda d: d.accept())  # a move that costs VP or ends the round asks first
    rng = random.Random(f"{game}-{size}")
    cat = "zh_TW" if lang == "zh" else "en"
    bot_seen = marked = False
    made = 0
    while (made < DECISIONS or not marked) and made < MOST and not is_over(page):
        wait_until(page, lambda: _my_turn(page) or is_over(page), timeout=30)
        if is_over(page):
            break
        page.wait_for_timeout(100)  # the board's layout settles (the game's stylesheet)
        assert in_viewport(page, "#decision"), (game, size, made, page.locator("#decision").bounding_box())
        text = page.locator("#decision").inner_text()
        assert translate(cat, "web.your_decision") in text, text
        if lang == "zh":  # no legal notation visible anywhere on the page by default (bar, board, log)
            legal = page.eval_on_selector_all("#actions button.act", "els => els.map(e => e.dataset.action)")
            seen = page.locator("#app").inner_text()
            shown = [a for a in legal if re.search(rf"(^|\s){re.escape(a)}($|\s)", seen)]
            assert not shown, shown
        assert page.locator("#actions").count() == 0 or not page.locator("#actions button.act").first.is_visible()
        # the bar lists exactly the legal actions no piece plays; those with a piece stay on the board
        legal, on_board, in_bar = page.evaluate(SPLIT)
        assert set(in_bar) == set(legal) - set(on_board) and set(on_board) <= set(legal), (legal, on_board, in_bar)
        if page.locator("#since li").count():
            bot_seen = True
            assert page.locator("#since li[data-seat='1']").count() >= 1
            if not marked and page.locator("#board .changed, #mine .changed").count() >= 1:
                marked = True  # what the window shows then: the bar, a marked piece in the middle
                page.locator("#board .changed, #mine .changed").first.evaluate("e => e.scrollIntoView({block: 'center'})")
                print("screenshots:", shot(page, f"bar_{game}_{size}_{lang}_marked", full_page=False).parent)
        n = decisions(page)
        _click_a_choice(page, rng)
        wait_until(page, lambda n=n: decisions(page) > n or is_over(page), timeout=30)
        made += 1
    assert made >= 2, f"{game}: only {made} decisions were played"
    assert bot_seen, f"{game}: no bot decision between the person's decisions"
    assert marked, f"{game}: no piece was marked after a bot's decision"
    page.evaluate("() => window.scrollTo(0, 0)")
    shot(page, f"bar_{game}_{size}_{lang}")
    assert not errors, errors
    ctx.close()
