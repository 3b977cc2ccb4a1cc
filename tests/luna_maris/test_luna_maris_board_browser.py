"""Issue 15 (the player's table) for Luna Maris, in Debian's Chromium: a person at seat 0 plays
against random bots by clicking the board only (its pieces, its choosers and its controls; never the
action list, never typed notation) for at least two full rounds (seed §概要: five rounds of
production, actions and clean-up), in English and in Traditional Chinese, and the board explains
itself: own board first and inside the viewport at 1280 × 900 and 390 × 844, owners and states on
astronauts, probes and discs, an effect text on every card and tile, costs in the offered choices,
and no English game word in Chinese (issue 14) nor Chinese in English."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import httpx
import pytest

from meeple import games
from tests.browserkit import (
    CJK,
    SIZES,
    board_actions,
    choice_texts,
    confirm_if_asked,
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

GAME = games.get("luna_maris")
# full rounds played by clicking in each language (the suite's time budget; the whole game, five
# rounds, is scored by bots in test_luna_board_score_sheet_names_every_seat)
ROUNDS = {"en": 2, "zh": 2}
BUDGET = 40.0  # seconds of clicking per language, at most
NOTATION_WORDS = notation_words(GAME)
CHEMISTRY = {"CO", "O", "PASS"}  # CO2, O2 and PASS are the seed's own words (docs/glossary.md)
ASKS_FIRST = {"pass", "feed without food", "emergency energy", "emergency iron", "emergency water"}
NAMES = {"Ana", "random"}  # the seats' names (browserkit's person, the bots' kind): not game words
RAW_KEY = re.compile(r"\b(?:luna_maris|web|value|label)\.[a-z0-9_.]+")
# choices that cost something, and the digit their text must show (seed: each module's cost)
COSTLY = re.compile(r"^(hire|deliver|build|go|emergency|burn|buy food|cut|feed without food|pay|refine|research)\b")


def _round(page: Any) -> int:
    return int(page.get_attribute(".luna[data-round]", "data-round") or 0)


def _check_pieces(page: Any) -> None:
    """Issue 15: owners and states on the pieces that have them; an effect on every card and tile."""
    for sel in (".astronaut", ".probe", ".disc"):
        for el in page.locator(f"#app {sel}").all():
            assert el.get_attribute("data-owner") is not None and el.get_attribute("data-state"), sel
    for sel in (".card", ".module", ".ore", ".track .space", ".cube.em", ".gauge", ".slot"):
        els = page.locator(f"#app .luna {sel}").all()
        assert els, sel
        for el in els:
            assert (el.get_attribute("data-effect") or "").strip(), f"{sel} without an effect text"


def _check_words(page: Any, lang: str) -> None:
    """Issue 14: in Chinese no English game word (ASCII letters only in notations and the chemical
    symbols CO2/O2); in English no Chinese."""
    text = " ".join(page.locator(sel).first.inner_text() for sel in ("#mine", "#board .luna") if page.locator(sel).count())
    effects = " ".join(el.get_attribute("data-effect") or "" for el in page.locator("#app [data-effect]").all())
    assert not RAW_KEY.search(text + " " + effects), f"a catalog key shown as it is: {RAW_KEY.search(text + effects)}"
    if lang == "zh":
        words = set(re.findall(r"[A-Za-z]+", text + " " + effects)) - NOTATION_WORDS - CHEMISTRY - NAMES
        assert not words, f"English words on the Chinese board: {sorted(words)}"
    else:
        assert not CJK.search(text + effects), "Chinese on the English board"


def _fit(page: Any, size: str) -> None:
    page.set_viewport_size(dict(zip(("width", "height"), SIZES[size], strict=True)))
    page.mouse.wheel(0, -100000)
    page.wait_for_timeout(150)


def _check_viewport(page: Any, size: str) -> None:
    """Issue 15: the own position first, wholly inside the viewport, no sideways scrolling."""
    assert in_viewport(page, "#mine .bhead"), f"own score not in the viewport ({size})"
    assert in_viewport(page, "#mine"), f"own board not in the viewport ({size})"
    width = page.locator("#mine").bounding_box()["width"]
    assert width <= SIZES[size][0], f"own board wider than the viewport ({size})"


def _choose(page: Any, rng: random.Random) -> None:
    """One click on the board: a piece (one action plays, several open a chooser) or a control."""
    targets = page.locator("#app .clickable[data-actions], #app .controls .control").all()
    # pass and feeding without food end the round or cost VP: taken only when nothing else is left
    for el in page.locator("#app .clickable[data-actions]").all():  # a piece that plays at once
        acts = (el.get_attribute("data-actions") or "").split("|")
        if len(acts) == 1 and COSTLY.match(acts[0]):
            assert re.search(r"\d", el.get_attribute("title") or ""), f"piece for {acts[0]!r} shows no cost"
    for c in page.locator("#app .controls .control").all():
        notation = c.get_attribute("data-action") or ""
        if COSTLY.match(notation):
            assert re.search(r"\d", c.inner_text()), f"control {notation!r} shows no cost"
    # passing, feeding without food and the emergency deposit end the round or cost VP: taken only
    # when nothing else is left
    costly = ("pass", "feed without food", "emergency energy", "emergency iron", "emergency water")
    calm = [t for t in targets if not set((t.get_attribute("data-actions") or t.get_attribute("data-action") or "").split("|")) & set(costly)]
    target = rng.choice(calm or targets)
    target.click()
    choices = page.locator(".chooser .choice:not(.cancel)")
    if choices.count():
        assert choices.count() == len((target.get_attribute("data-actions") or "").split("|"))
        for notation, text in choice_texts(page, ".chooser .choice:not(.cancel)"):
            if COSTLY.match(notation):
                assert re.search(r"\d", text or ""), f"choice {notation!r} shows no cost"
        rng.choice(choices.all()).click()
    confirm_if_asked(page)  # pass and the emergency deposit ask first, in the decision bar


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_luna_board_plays_two_rounds_by_clicking(browser: Any, server: str, lang: str) -> None:
    """Issue 15 / seed §行動階段: every legal action has its piece or a control; two full rounds are
    played by clicking them only; the own board, the score and the costs are visible."""
    ctx, page, errors = open_table(browser, server, "luna_maris", 2, bots="random", seed=5, size="desktop", lang=lang)
    rng = random.Random(7)
    start = time.time()
    checked = False
    while not is_over(page) and _round(page) <= ROUNDS[lang] and time.time() - start < BUDGET:
        wait_until(page, lambda: is_over(page) or page.locator("#actions button.act").count() > 0, 30)
        if is_over(page):
            break
        legal = set(fallback_actions(page))
        assert legal <= board_actions(page), f"not on the board: {sorted(legal - board_actions(page))}"
        for a in legal & ASKS_FIRST:  # issue 15: what costs VP or ends the round asks first
            assert "confirm" in (page.get_attribute(f"#actions button.act[data-action='{a}']", "class") or ""), a
        if decisions(page) <= 3 or (not checked and _round(page) >= 2):
            _check_pieces(page)
            _check_words(page, lang)
        if not checked and _round(page) >= 2:  # mid-game: astronauts, probes, a full player board
            for size in ("phone", "desktop"):
                _fit(page, size)
                shot(page, f"luna_maris_{size}_{lang}")
                _check_viewport(page, size)
            checked = True
        before = decisions(page)
        _choose(page, rng)
        wait_until(page, lambda before=before: decisions(page) > before or is_over(page), 30)
    assert checked
    assert is_over(page) or _round(page) > ROUNDS[lang], f"only reached round {_round(page)} in {BUDGET} s"
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_luna_board_score_sheet_names_every_seat(browser: Any, server: str, lang: str) -> None:
    """Seed §最終計分: after a whole game (three bots, watched), the score sheet has a column per
    seat named like the seats, a row per scoring item and the final score; the board still explains
    every card and tile."""
    body = {"game": "luna_maris", "players": 3, "seed": 3, "seats": [{"kind": "bot", "bot": "random"}] * 3}
    r = httpx.post(server + "/api/tables", json=body, timeout=30)
    assert r.status_code == 200, r.text
    ctx, page, errors = open_page(browser, f"{server}/t/{r.json()['table']}", "desktop", lang)
    page.wait_for_selector(".tablehead")
    wait_until(page, lambda: is_over(page), 60)
    page.wait_for_selector("#score-sheet")
    heads = page.locator("#score-sheet thead th[data-seat]").all_inner_texts()
    assert len(heads) == 3
    seat = "座位" if lang == "zh" else "seat"
    for i, head in enumerate(heads):
        assert head.lower().startswith(f"{seat} {i}"), head
    # a row per scoring item, and the final score
    assert page.locator("#score-sheet tbody tr[data-category]").count() == 8 + 1
    for row in page.locator("#score-sheet tbody tr").all():
        assert re.search(r"-?\d+$", row.inner_text().strip())
    _check_pieces(page)
    _check_words(page, lang)
    shot(page, f"luna_maris_over_{lang}")
    assert not errors, errors
    ctx.close()
