"""Issue 29 in Debian's Chromium: a Luna Maris solo game played by clicking the board only, from the
set-up to the end screen: the AI's board and this round's AI card with its actions are drawn, the
AI's turns are in the log, and the end screen shows the score against the AI and the person's best;
in English and in Traditional Chinese (no raw catalog key, no word of the other language)."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from tests.browserkit import CJK, confirm_if_asked, decisions, is_over, open_table, shot, wait_until
from tests.luna_maris.test_luna_maris_board_browser import RAW_KEY

BUDGET = 60.0  # seconds of clicking, at most (a game that passes often: about 40 decisions)


def _click(page: Any, rng: random.Random) -> None:
    """One click on the board: often the pass control (a short game), else a random piece or control,
    then a random choice of its chooser."""
    targets = page.locator("#app .clickable[data-actions], #app .controls .control").all()

    def acts(el: Any) -> set[str]:
        return set((el.get_attribute("data-actions") or el.get_attribute("data-action") or "").split("|"))

    passing = [t for t in targets if "pass" in acts(t)]
    calm = [t for t in targets if not acts(t) & {"pass", "feed without food", "emergency energy", "emergency iron",
                                                 "emergency water"}]
    target = rng.choice(passing) if passing and rng.random() < 0.35 else rng.choice(calm or targets)
    target.click()
    choices = page.locator(".chooser .choice:not(.cancel)")
    if choices.count():
        rng.choice(choices.all()).click()
    confirm_if_asked(page)  # passing asks first, in the decision bar


def _text(page: Any) -> str:
    return page.locator("#app").inner_text()


@pytest.mark.parametrize("lang", ["zh"])  # one whole game (about 20 s); English: the test below
def test_luna_solo_played_by_clicking_reaches_the_end_screen(browser: Any, server: str, lang: str) -> None:
    """Issue 29: the AI's card and board are on the page while playing; clicking only, the game ends
    and the end screen shows the solo result against the AI and the person's best."""
    ctx, page, errors = open_table(browser, server, "luna_maris", 1, seed=4, lang=lang)
    rng = random.Random(4)
    start = time.time()
    saw_card = False
    while not is_over(page) and time.time() - start < BUDGET:
        wait_until(page, lambda: is_over(page) or page.locator("#actions button.act").count() > 0, 30)
        if is_over(page):
            break
        if page.locator(".aiboard .aicard li").count():
            saw_card = True
            assert page.locator(".aiboard .aicard li").count() >= 4
            assert not RAW_KEY.search(page.locator(".aiboard").inner_text())
        before = decisions(page)
        _click(page, rng)
        wait_until(page, lambda before=before: decisions(page) > before or is_over(page), 30)
    assert is_over(page), f"not over after {BUDGET} s"
    assert saw_card
    page.wait_for_selector("#solo-result")
    result = page.locator("#solo-result").inner_text()
    assert page.locator("#solo-result .solo-best").count() == 1
    ai_lines = [t for t in page.locator("#log li").all_inner_texts() if ("AI" in t)]
    assert ai_lines, "no AI turn in the log"
    if lang == "zh":
        assert "單人結果" in result and "AI 得" in result
    else:
        assert "Solo result" in result and "the AI scored" in result
        assert not CJK.search(result)
    assert not RAW_KEY.search(result + _text(page))
    shot(page, f"luna_maris_solo_{lang}")
    assert not errors, errors
    ctx.close()


def test_luna_solo_board_in_english_shows_the_ai_card(browser: Any, server: str) -> None:
    """Issue 29: in English, the AI coordinator's board and this round's card list its actions in
    words (no catalog key, no Chinese); its disc is on the module map."""
    ctx, page, errors = open_table(browser, server, "luna_maris", 1, seed=6, lang="en")
    wait_until(page, lambda: page.locator("#actions button.act").count() > 0, 30)
    page.locator("#actions button.act").first.click()  # the equipment tile: set-up goes on
    wait_until(page, lambda: page.locator(".aiboard").count() > 0 or decisions(page) > 0, 30)
    while page.locator(".aiboard .aicard li").count() == 0:
        before = decisions(page)
        page.locator("#actions button.act").first.click()
        wait_until(page, lambda before=before: decisions(page) > before, 30)
    board = page.locator(".aiboard").inner_text()
    assert "AI coordinator" in board and "AI card" in board
    assert not RAW_KEY.search(board) and not CJK.search(board)
    assert page.locator(".modmap .aidisc").count() == 1
    assert page.locator(".aiboard .aicard li.next").count() == 1
    assert not errors, errors
    ctx.close()
