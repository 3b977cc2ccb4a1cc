"""Issue 15: Mundus Novus played on its board in the browser (Debian Chromium through Playwright).

A person at seat 0 plays against ``random`` bots by clicking cards, seats and the board's controls
only (never the action list, never typed notation), in Traditional Chinese and in English, at
desktop and phone size.  Seed sections: Supply 2.1-2.2 (supply cards), Trade 3.1-3.6 (hand and
offered cards, seats for the Trade Master), Progression 4-4.2 (hand cards for sets, queue cards).
"""

from __future__ import annotations

import random
import re
import time
from typing import Any

import httpx
import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.browserkit import (
    board_actions,
    box_of,
    choice_texts,
    confirm_if_asked,
    create_table,
    decisions,
    in_viewport,
    is_over,
    module_page,
    open_page,
    shot,
    wait_until,
)

CJK = re.compile(r"[\u3400-\u9fff]")
WORD = re.compile(r"[A-Za-z]{2,}")
NAME = "Ana"  # seat 0's player name (create_table), the only ASCII word the zh page may show
# the actions whose label must name a number (what they cost or pay)
COSTS = re.compile(r"^(force |offer (?!nothing)|cash |swap |take n\d|different: add |no event)")
PIECES = "#mine .clickable, #board .clickable, #board .controls .control"


def _table(server: str, table: str, token: str) -> dict[str, Any]:
    return dict(httpx.get(f"{server}/api/tables/{table}", headers={"X-Seat-Token": token}, timeout=30).json())


def _round(server: str, table: str, token: str) -> int:
    return int(_table(server, table, token)["view"].get("round", 0))


def _my_turn(page: Any) -> bool:
    return page.locator(".status.yourturn").count() > 0 and page.locator(PIECES).count() > 0


def _moved(page: Any, before: int) -> bool:
    """Whether a click made a move: the decision count grew (or the game ended).  A click on a piece
    redrawn under it is refused as stale (409, "the table moved on") or dropped while another move is
    in flight (app.js act): both change nothing, so after the page is idle an open chooser is
    cancelled and the caller looks again."""
    try:
        wait_until(page, lambda: decisions(page) > before or is_over(page), timeout=5)
        return True
    except AssertionError:
        wait_until(page, lambda: page.locator(".tablepage.busy").count() == 0, timeout=30)
    if decisions(page) > before or is_over(page):
        return True
    cancel = page.locator(".chooser .choice.cancel")
    if cancel.count():
        cancel.first.click(timeout=3000)
    return False


def _check_board(page: Any, lang: str) -> None:
    """Owner/state on every drawn piece that has one, an effect on every card, costs in choices,
    the page's language in the board's text, and "your turn" said once in the game's panels (issue
    27: the board repeated what the seat's own position says)."""
    cards = page.locator("#mine .mn-card, #board .mn-card:not(.deck)")
    for i in range(cards.count()):
        card = cards.nth(i)
        assert card.get_attribute("data-effect"), card.inner_text()
        assert card.get_attribute("data-state"), card.inner_text()
    for sel in ("#mine .mn-card.dev", "#mine .mn-card.res", "#board .mn-seat", "#board .mn-seat .mn-card"):
        owned = page.locator(sel)
        for i in range(owned.count()):
            assert owned.nth(i).get_attribute("data-owner") is not None, sel
    text = page.locator("#mine").inner_text() + "\n" + page.locator("#board .gameboard").inner_text()
    for notation in page.locator("#board .notation").all_inner_texts():
        text = text.replace(notation, "")
    # whose turn it is is said once in the game's own panels: your position says it, so the board
    # does not say it again (the page's status line and the decision bar stand apart)
    yours = page.locator(".status.yourturn b")
    if yours.count() and page.locator("#mine .mn-mine").count():
        phrase = yours.first.inner_text().strip()
        assert phrase and text.count(phrase) <= 1, f"{phrase!r} said {text.count(phrase)} times on the board"
    if lang == "zh":
        words = [w for w in WORD.findall(text) if w != NAME]
        assert not words, f"English words on the zh board: {sorted(set(words))[:20]}"
    else:
        assert not CJK.search(text), CJK.findall(text)[:20]


def _choices_show_costs(page: Any, sel: str) -> None:
    """Every choice that costs or pays names a number in its label.  The buttons are read in one
    evaluation in the page, so a redraw between reads cannot pair a notation with a missing label."""
    for notation, label in choice_texts(page, sel, ".alabel"):
        if COSTS.match(notation):
            assert label is not None, f"{notation!r} has no label"
            assert re.search(r"\d", label), f"{notation!r}: {label!r} names no number"


def _play(page: Any, server: str, table: str, token: str, lang: str, rounds: int, rng: random.Random) -> int:
    """Click random legal pieces (a chooser's random choice) until ``rounds`` rounds are over; returns
    how many decisions this seat took."""
    taken = 0
    checked = 0
    while not is_over(page) and _round(server, table, token) <= rounds:
        wait_until(page, lambda: is_over(page) or _my_turn(page), timeout=30)
        if is_over(page):
            break
        if checked % 6 == 0:
            _check_board(page, lang)
            # your own position fits the window whatever your hand and cards (scrolled to the top)
            page.mouse.wheel(0, -5000)
            wait_until(page, lambda: in_viewport(page, "#mine"), timeout=5)
            _choices_show_costs(page, "#board .controls .control")
        checked += 1
        before = decisions(page)
        data = _table(server, table, token)
        if data["view"]["decisions"] == before and data["legal"]:
            # every legal action is on the board: on its card or seat, or as a control
            missing = set(data["legal"]) - board_actions(page)
            assert not missing, f"not on the board: {sorted(missing)}"
        pieces = page.locator(PIECES)
        target = pieces.nth(rng.randrange(pieces.count()))
        try:
            target.scroll_into_view_if_needed(timeout=3000)
            target.click(timeout=3000)
            if page.locator(".chooser .choice:not(.cancel)").count():
                _choices_show_costs(page, ".chooser .choice:not(.cancel)")
                choices = page.locator(".chooser .choice:not(.cancel)")
                choices.nth(rng.randrange(choices.count())).click(timeout=3000)
            confirm_if_asked(page)  # "end turn" asks first (it discards the hand), in the decision bar
        except PlaywrightError:
            continue  # the page redrew under the click (an update arrived): look again
        if not _moved(page, before):
            continue  # the table refused a stale click (409) or dropped it (a move in flight): look again
        taken += 1
    return taken


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_mundus_board_two_rounds_by_clicking_cards(browser: Any, server: str, lang: str) -> None:
    """Issue 15: two full rounds (Supply, Trade, Progression) played by clicking the board only; your
    own position inside the viewport at 1280×900 and 390×844; every card explains itself."""
    table, token = create_table(server, "mundus_novus", 3, "random", seed=7)
    ctx, page, errors = open_page(browser, f"{server}/t/{table}#token={token}", "desktop", lang)
    page.wait_for_selector("#mine .mn-mine")
    assert in_viewport(page, "#mine")
    taken = _play(page, server, table, token, lang, 2, random.Random(3))
    assert taken >= 6 and (is_over(page) or _round(server, table, token) >= 3)
    _check_board(page, lang)
    shot(page, f"mundus_novus_desktop_{lang}")
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    page.wait_for_selector("#mine .mn-mine")
    assert in_viewport(page, "#mine")
    box = page.locator("#mine").bounding_box()
    assert box and box["width"] <= 390
    _check_board(page, lang)
    shot(page, f"mundus_novus_phone_{lang}")
    assert not errors, errors
    ctx.close()


def test_mundus_board_phone_plays_by_clicking(browser: Any, server: str) -> None:
    """Issue 15: at 390×844 the hand, the offer and the seats are played by clicking too (one round)."""
    table, token = create_table(server, "mundus_novus", 2, "random", seed=11)
    ctx, page, errors = open_page(browser, f"{server}/t/{table}#token={token}", "phone", "en")
    page.wait_for_selector("#mine .mn-mine")
    assert in_viewport(page, "#mine")
    assert _play(page, server, table, token, "en", 1, random.Random(5)) >= 3
    assert not errors, errors
    ctx.close()


def _samples(count: int) -> list[tuple[dict[str, Any], list[str]]]:
    """Seat 0's decisions in random games where seat 0 owns Coronado, Ponce de Leon, Pizarro,
    Almagro, Las Casas, three caravels, a warehouse and a merchant (every kind of decision the
    game has: Coronado's event, Ponce's fleets, Pirates, warehouses, merchants, the deck's top card)."""
    from meeple.engine.rng import Rng
    from tests.mundus_novus.mundus_helpers import fresh, give

    out: list[tuple[dict[str, Any], list[str]]] = []
    seen: dict[str, int] = {}
    for seed in range(40):
        s = fresh(3, seed=seed)
        give(s, 0, "P07", "P09", "P08", "P02", "P04", "C05", "C11", "C12", "W06", "M04")
        s.seats[0].money = 6
        s._legal_cache = None
        s._memo = None
        rng = Rng(seed)
        while not s.is_over and len(out) < count:
            legal = s.legal_actions()
            if s.to_move == 0:
                phase = s.view(0)["phase"]
                if seen.get(phase, 0) < count // 8:  # every kind of decision, none crowding out the rest
                    seen[phase] = seen.get(phase, 0) + 1
                    out.append((s.view(0), [a.notation for a in legal]))
            s.apply(rng.choice(legal))
    return out


def test_mundus_board_puts_every_decision_on_a_card_or_control(browser: Any, server: str) -> None:
    """Issue 15 ("every legal action that has a piece or place is reachable by clicking it"): for
    seat 0's decisions of every kind (Coronado's event, Ponce de Leon's fleets, Pirates, Supply,
    Trade, Progression, warehouses), the board and your position draw a piece or a control for each
    legal action.  Drawn on a test page of the server's origin (no CSP, so it may call the module)."""
    samples = _samples(120)
    phases = {v["phase"] for v, _ in samples}
    assert {"coronado", "ponce de leon", "offer", "exchange", "progression", "choose development"} <= phases, phases
    ctx, page = module_page(browser, server, "games/mundus_novus.js", "mn")
    missing = page.evaluate("""(samples) => samples.map(([view, legal]) => {
        const ctx = { you: 0, toMove: view.to_move, players: view.players, legal, act: () => {},
          seatName: (i) => `Seat ${i}`, seatLabel: (i) => `Seat ${i}`, t: (k) => k, word: (w) => w,
          lang: "en", labelText: (a) => a, message: (m) => m.key, explain: () => {} };
        const app = document.getElementById("app");
        app.replaceChildren(window.mn.mine(view, ctx), window.mn.render(view, ctx));
        const on = new Set();
        for (const el of app.querySelectorAll("[data-actions]")) for (const a of el.dataset.actions.split("|")) on.add(a);
        for (const el of app.querySelectorAll(".controls .control")) on.add(el.dataset.action);
        const effects = [...app.querySelectorAll(".mn-card:not(.deck)")].filter((el) => !el.dataset.effect).length;
        return [view.phase, legal.filter((a) => !on.has(a)), effects];
    })""", samples)
    bad = [m for m in missing if m[1] or m[2]]
    assert not bad, bad[:5]
    ctx.close()


@pytest.mark.parametrize(("size", "lang"), [("desktop", "en"), ("phone", "zh"), ("desktop", "zh"), ("phone", "en")])
def test_mundus_score_sheet_shows_each_round(browser: Any, server: str, size: str, lang: str) -> None:
    """Issue 15 follow-up: a finished game's score sheet shows how each seat's doubloons (the score,
    seed 'game end') grew: a row a round, in the page's language, with each seat's doubloons at the
    round's end and what it gained in it, then the final score; on a phone it fits the width."""
    from meeple.i18n import translate
    from tests.browserkit import SIZES, sideways

    seats = [{"kind": "bot", "bot": "random"} for _ in range(3)]
    r = httpx.post(server + "/api/tables", json={"game": "mundus_novus", "players": 3, "seats": seats, "seed": 4},
                   timeout=30)
    table = str(r.json()["table"])
    wait_until_over = time.time() + 240
    while (data := httpx.get(f"{server}/api/tables/{table}", timeout=30).json())["table"]["status"] != "over":
        assert time.time() < wait_until_over, "the bots' game did not finish"
        time.sleep(0.3)
    rounds = data["view"]["score_by_round"]
    assert len(rounds) == data["view"]["round"] >= 2
    ctx, page, errors = open_page(browser, f"{server}/t/{table}", size, lang)
    page.wait_for_selector("#score-sheet")
    rows = page.locator("#score-sheet tbody tr.round")
    assert rows.count() == len(rounds)
    catalog = "zh_TW" if lang == "zh" else "en"
    before = [0, 0, 0]
    for i, row in enumerate(rounds):
        tr = rows.nth(i)
        assert tr.locator("th").inner_text().strip() == translate(catalog, "web.round_n", n=row["round"])
        cells = [c.split() for c in tr.locator("td").all_inner_texts()]
        gained = [f"+{x - b}" if x >= b else f"−{b - x}" for x, b in zip(row["scores"], before, strict=True)]
        assert cells == [[str(x), g] for x, g in zip(row["scores"], gained, strict=True)], (cells, row)
        before = row["scores"]
    final = [c.strip() for c in page.locator("#score-sheet tr.total td").all_inner_texts()]
    assert final == [str(x) for x in data["scores"]]
    if data["view"].get("winner") is None:
        assert rounds[-1]["scores"] == data["scores"]  # doubloons are the score
    if size == "phone":
        box = box_of(page, "#score-sheet")
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= SIZES["phone"][0], box
        assert not sideways(page), sideways(page)[:5]
    shot(page, f"mundus_novus_sheet_{size}_{lang}")
    assert not errors, errors
    ctx.close()
