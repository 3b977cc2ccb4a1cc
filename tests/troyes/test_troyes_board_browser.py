"""Issue 15 (the player's table) for Troyes, in Debian's Chromium: a person at seat 0 plays against
random bots by clicking the board only (its dice, spaces, cards, cathedral columns, black dice,
their choosers and the board's controls; never the action list, never typed notation) for at
least two full rounds (seed 遊戲流程: a round is activities, income, workforce, events, actions, end
of round), in English and in Traditional Chinese, and the board explains itself: own position
first and inside the viewport at 1280 × 900 and 390 × 844, owners and states on dice, citizens and
cubes, an effect text on every card and building, costs in the offered choices (seed §5: bought
dice 2/4/6 deniers, hiring; 額外行動: influence), and no English game word in Chinese (issue 14)
nor Chinese in English."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest

from meeple import games
from tests.browserkit import (
    CJK,
    SIZES,
    board_actions,
    choice_texts,
    confirm_if_asked,
    create_table,
    decisions,
    fallback_actions,
    in_viewport,
    is_over,
    notation_words,
    open_page,
    open_table,
    shot,
    wait_until,
)

GAME = games.get("troyes")
ROUNDS = {"en": 4, "zh": 2}  # full rounds played by clicking: the whole 2-player game in English
BUDGET = {"en": 90.0, "zh": 60.0}  # seconds of clicking at most (about 35 and 25 on this machine alone)
NOTATION_WORDS = notation_words(GAME)
NAMES = {"Ana", "random"}  # the seats' names (browserkit's person, the bots' kind): not game words
# choices that cost something (deniers, influence, VP) and must show the number in their text
COSTLY = re.compile(r"^(die \S+@|reroll |recruit citizen|flip dice|cannot counter|activate )")


def _round(page: Any) -> int:
    return int(page.get_attribute(".troyes[data-round]", "data-round") or 0)


def _check_pieces(page: Any, dice: bool = True) -> None:
    """Issue 15: owners and states on dice, citizens and cubes; an effect on every card."""
    assert not dice or page.locator("#app .troyes .tdie").count(), "no dice drawn"
    for sel in (".tdie:not(.black)", ".tspace.full", ".tcube.full", ".tlying"):
        for el in page.locator(f"#app .troyes {sel}").all():
            assert el.get_attribute("data-owner") is not None and el.get_attribute("data-state"), sel
    for el in page.locator("#app .troyes .tdie.black").all():
        assert el.get_attribute("data-state") == "black"
    cards = page.locator("#app .troyes .tcard").all()
    assert len(cards) >= 3 + 1 + 9 + 1, "buildings, cathedral, activity cards and Marauding"
    for el in cards:
        assert (el.get_attribute("data-effect") or "").strip(), "a card without an effect text"


def _check_words(page: Any, lang: str) -> None:
    """Issue 14: in Chinese no English game word (ASCII letters only in notations); in English no
    Chinese."""
    text = " ".join(page.locator(sel).first.inner_text() for sel in ("#mine", "#board .troyes"))
    text += " ".join(el.get_attribute("data-effect") or "" for el in page.locator("#app .troyes [data-effect]").all())
    if lang == "zh":
        words = set(re.findall(r"[A-Za-z]+", text)) - NOTATION_WORDS - NAMES
        assert not words, f"English words on the Chinese board: {sorted(words)}"
    else:
        assert not CJK.search(text), "Chinese on the English board"


def _check_viewport(page: Any, size: str) -> None:
    """Issue 15: the own position first, its VP inside the viewport, no sideways scrolling."""
    page.set_viewport_size(dict(zip(("width", "height"), SIZES[size], strict=True)))
    page.mouse.wheel(0, -100000)
    page.wait_for_timeout(100)
    assert in_viewport(page, "#mine .tstats"), f"own VP, deniers and influence not in the viewport ({size})"
    assert in_viewport(page, "#mine .tchars"), f"own characters not in the viewport ({size})"
    box = page.locator("#mine").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size][0], f"own position wider than the viewport ({size})"


def _check_reroll_asks(page: Any) -> None:
    """Seed 額外行動: a die whose only action is a reroll (1 influence) asks before spending it, so
    a click to pick a die never costs influence by surprise."""
    dice = page.locator("#mine .tdie[data-actions^='reroll ']")
    if not dice.count():
        return
    before = decisions(page)
    dice.first.click()
    choice = page.locator(".chooser .choice:not(.cancel):not(.pick)")
    assert choice.count() == 1 and "1" in choice.first.inner_text()
    page.locator(".chooser .choice.cancel").first.click()
    assert page.locator(".chooser").count() == 0 and decisions(page) == before


def _settle(page: Any) -> None:
    """Wait until no more table updates arrive (the bots' decisions after ours redraw the page,
    which closes an open chooser)."""
    last = decisions(page)
    while True:
        page.wait_for_timeout(80)
        now = decisions(page)
        if now == last:
            return
        last = now


def _choose(page: Any, rng: random.Random) -> None:
    """One click on the board: a piece (one action plays, several open a chooser) or a control."""
    _settle(page)
    targets = page.locator("#app .clickable[data-actions], #app .controls .control").all()
    # pass ends the round and cannot counter costs VP: taken only when nothing else is left
    calm = [t for t in targets if t.get_attribute("data-action") not in ("pass", "cannot counter")]
    target = rng.choice(calm or targets)
    notation = target.get_attribute("data-action") or ""
    if COSTLY.match(notation):
        assert re.search(r"\d", target.inner_text()), f"control {notation!r} shows no cost"
    target.click()
    choices = page.locator(".chooser .choice:not(.cancel):not(.pick)")
    if choices.count():
        for notation, text in choice_texts(page, ".chooser .choice:not(.cancel):not(.pick)"):
            if COSTLY.match(notation):
                assert re.search(r"\d", text or ""), f"choice {notation!r} shows no cost"
        rng.choice(choices.all()).click()
    confirm_if_asked(page)  # pass and cannot counter ask first, in the decision bar


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_troyes_board_is_played_by_clicking(browser: Any, server: str, lang: str) -> None:
    """Issue 15 / seed §5: every legal action has its piece or a control; the whole game (in
    English) or two full rounds (in Chinese) are played by clicking them only (dice one at a time,
    then the target); the own position, the score, the costs and the final score sheet are
    visible."""
    ctx, page, errors = open_table(browser, server, "troyes", 2, bots="random", seed=5, size="desktop", lang=lang)
    rng = random.Random(7)
    start = time.time()
    checked = False
    while not is_over(page) and _round(page) <= ROUNDS[lang] and time.time() - start < BUDGET[lang]:
        wait_until(page, lambda: is_over(page) or page.locator("#actions button.act").count() > 0, 30)
        if is_over(page):
            break
        legal = set(fallback_actions(page))
        assert legal <= board_actions(page), f"not on the board: {sorted(legal - board_actions(page))}"
        if not checked and _round(page) >= 1 and page.locator("#app .troyes .tdie").count():
            _check_reroll_asks(page)
            _check_pieces(page)
            _check_words(page, lang)
            for size in ("phone", "desktop"):
                _check_viewport(page, size)
                shot(page, f"troyes_{size}_{lang}")
            checked = True
        before = decisions(page)
        _choose(page, rng)
        wait_until(page, lambda b=before: decisions(page) > b or is_over(page), 30)
    assert checked
    assert is_over(page) or _round(page) > ROUNDS[lang], f"only reached round {_round(page)} in {BUDGET[lang]} s"
    if ROUNDS[lang] >= GAME.new(2, seed=5).view(0)["rounds"]:
        # the whole game: the board's score sheet names every seat and each scoring part
        wait_until(page, lambda: is_over(page) and page.locator("#score-sheet").count() > 0, 30)
        sheet = page.locator("#score-sheet")
        heads = sheet.locator("thead th[data-seat]").all_inner_texts()
        assert len(heads) == 2 and "Ana" in heads[0], heads
        assert sheet.locator("tbody tr[data-category]").count() >= 3, sheet.inner_text()
    _check_pieces(page, dice=not is_over(page))
    _check_words(page, lang)
    if is_over(page):
        # the replay page draws the same board (its ctx has no message(): the module's fallback)
        table = page.url.split("/t/")[1].split("#")[0]
        page.goto(f"{server}/replay/{table}")
        page.wait_for_selector("#app .troyes .tcard[data-effect]")
    assert not errors, errors
    ctx.close()


def test_troyes_drawn_characters_are_kept_by_clicking_their_card(browser: Any, server: str) -> None:
    """Seed 遊戲設置 (option draw_two_keep_one): the two drawn characters show in the own position
    with their scoring texts; a click on one keeps it, and it stays among the secret characters."""
    table, token = create_table(server, "troyes", 3, "random", seed=2, options={"character_deal": "draw_two_keep_one"})
    ctx, page, errors = open_page(browser, f"{server}/t/{table}#token={token}", "phone", "zh")
    page.wait_for_selector("#mine .character[data-state='drawn']")
    drawn = page.locator("#mine .character[data-state='drawn']").all()
    assert len(drawn) == 2
    for card in drawn:
        assert (card.get_attribute("data-effect") or "").strip() and card.get_attribute("data-actions")
    kept = drawn[0].locator("b").inner_text()
    before = decisions(page)
    drawn[0].click()
    wait_until(page, lambda: decisions(page) > before)
    page.wait_for_selector("#mine .character[data-state='held']")
    held = page.locator("#mine .character[data-state='held']").all()
    assert len(held) == 1 and held[0].get_attribute("data-effect")
    assert held[0].locator("b").inner_text() == kept
    assert page.locator("#mine .character[data-state='drawn']").count() == 0
    assert not errors, errors
    ctx.close()


def _own_yellow(page: Any) -> list[Any]:
    return page.locator("#mine .tdie.yellow").all()


def test_troyes_dice_first_then_the_action(browser: Any, server: str) -> None:
    """Issue 15 (seed §5: an action takes a group of dice): the dice can be picked first, by
    clicking them at the main step (nothing is played), then the action; its dice step then takes
    the picked die and finishes (die y…, done) without another click."""
    ctx, page, errors = open_table(browser, server, "troyes", 2, bots="random", seed=5, size="desktop", lang="en")
    rng = random.Random(3)
    start = time.time()
    while time.time() - start < 40:
        wait_until(page, lambda: is_over(page) or page.locator("#actions button.act").count() > 0, 30)
        assert not is_over(page), "the game ended first"
        legal = set(fallback_actions(page))
        if "farm" in legal and _own_yellow(page) and page.get_attribute(".troyes[data-phase]", "data-phase") == "actions":
            break
        before = decisions(page)
        _choose(page, rng)
        wait_until(page, lambda b=before: decisions(page) > b or is_over(page), 30)
    else:
        pytest.fail("no main step with farm and an own yellow die")
    yellow = len(_own_yellow(page))
    before = decisions(page)
    die = _own_yellow(page)[0]
    die.click()
    pick = page.locator(".chooser .choice.pick")
    if pick.count():  # the die can also be rerolled: its chooser offers the pick
        pick.first.click()
    assert decisions(page) == before, "picking a die plays nothing"
    assert page.locator("#mine .tdie.picked").count() == 1 and page.locator("#mine .tpicks").inner_text()
    page.locator("#app .controls .control[data-action='farm']").first.click()
    wait_until(page, lambda: len(_own_yellow(page)) == yellow - 1 and not (page.locator("#app .troyes[data-phase='actions']").count()
               and page.locator(".tpending").count()), 20)
    assert not errors, errors
    ctx.close()


def test_troyes_die_chooser_stays_open_across_a_redraw(browser: Any, server: str) -> None:
    """Issue 15 follow-up: a die's chooser at your main step (pick it for the action, or reroll it for
    1 influence) stays open, its pick first, when the page is drawn again without your actions
    changing (someone opens the table to watch); its pick then still picks the die."""
    ctx, page, errors = open_table(browser, server, "troyes", 2, bots="random", seed=5, size="phone", lang="zh")
    rng = random.Random(3)
    asks = "#mine .tdie.clickable[data-pick][data-actions]"
    start = time.time()
    while time.time() - start < 40:
        wait_until(page, lambda: is_over(page) or page.locator("#actions button.act").count() > 0, 30)
        assert not is_over(page), "the game ended first"
        _settle(page)
        if page.locator(asks).count() and page.get_attribute(".troyes[data-phase]", "data-phase") == "actions":
            break
        before = decisions(page)
        _choose(page, rng)
        wait_until(page, lambda b=before: decisions(page) > b or is_over(page), 30)
    else:
        pytest.fail("no main step with a die to reroll")
    die = page.locator(asks).first
    key = die.get_attribute("data-pick")
    before = decisions(page)
    die.click()
    choices = [b.get_attribute("data-action") for b in page.locator(".chooser .choice:not(.cancel):not(.pick)").all()]
    assert page.locator(".chooser .choice.pick").count() == 1 and choices
    page.evaluate("() => { document.querySelector('#board').dataset.stale = '1'; }")
    watcher = browser.new_context()
    watcher.new_page().goto(page.url.split("#")[0])
    wait_until(page, lambda: page.locator("#board[data-stale]").count() == 0 and page.locator("#board").count() == 1)
    assert page.locator(".chooser").count() == 1 and page.locator(".chooser .choice.pick").count() == 1
    assert [b.get_attribute("data-action") for b in page.locator(".chooser .choice:not(.cancel):not(.pick)").all()] == choices
    shot(page, "troyes_die_chooser_kept_phone_zh")
    page.locator(".chooser .choice.pick").click()
    assert decisions(page) == before, "picking a die plays nothing"
    assert page.locator(f"#mine .tdie.picked[data-pick='{key}']").count() == 1
    assert page.locator(".chooser").count() == 0
    assert not errors, errors
    watcher.close()
    ctx.close()
