"""Issue 15 (with issue 14's words): what the Mundus Novus board reads from the view and the labels.

The view names every resource, development and event by catalog key and carries the numbers each
card's effect text needs (seed "development cards", 3.3 offer values, 4.1 and 4.2 tables); the
different-set labels say the set's size and pay (seed 4.2); ending a turn asks first.
"""

from __future__ import annotations

import json
import re

from meeple.games.mundus_novus.components import DEVELOPMENTS, EVENTS, RESOURCES
from meeple.games.mundus_novus.state import PROG
from meeple.i18n import render, translate
from meeple.i18n.components import key as component_key

from .mundus_helpers import fresh, give, play, progression_turn, refresh

KEY = re.compile(r"^mundus_novus\.[a-z_]+\.[a-z0-9_]+\.name$")


def _strings(value: object) -> list[str]:
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return [value] if isinstance(value, str) else []


def test_view_names_components_by_catalog_key_only() -> None:
    """Issue 14: no resource, development or event is named by its English name in any view."""
    english = {r.name for r in RESOURCES} | {d.name for d in DEVELOPMENTS} | {e.name for e in EVENTS}
    for seed in range(4):
        s = fresh(4, seed=seed)
        give(s, seed % 4, "C05", "W06", "M07", "P02")
        while not s.is_over and s.round < 3:
            for seat in (0, 1, None):
                found = [x for x in _strings(s.view(seat)) if x in english]
                assert not found, found
            s.apply(s.legal_actions()[len(s.history) % len(s.legal_actions())])


def test_view_cards_carry_the_numbers_of_their_effects() -> None:
    """Seed, development cards: a caravel's value, a warehouse's capacity, a merchant's band and every
    income are in the view, and the card's effect text renders with them in both languages."""
    s = fresh(3)
    give(s, 2, "C09", "W07", "M01", "P05")
    devs = {d["code"]: d for d in s.view(None)["seats"][2]["developments"]}
    assert devs["C09"]["ship"] == 5 and devs["C09"]["event"] == component_key("mundus_novus", "events", "Storm")
    assert devs["W07"]["keeps"] == 2 and devs["W07"]["income"] == 1
    assert devs["M01"]["band"] == [1, 3] and devs["P05"]["income"] == 1 and devs["P05"]["event"] is None
    for d in devs.values():
        band = d.get("band", [0, 0])
        args = {"income": d["income"], "ship": d.get("ship", 0), "keeps": d.get("keeps", 0),
                "band_lo": band[0], "band_hi": band[1]}
        for lang in ("en", "zh_TW"):
            text = translate(lang, d["key"].replace(".name", ".text"), **args)
            assert text and "{" not in text
    assert "2" in translate("en", devs["W07"]["key"].replace(".name", ".text"), income=1, keeps=2)


def test_view_tables_are_the_component_tables() -> None:
    """Seed 3.3, 4.1, 4.2: the board's numbers come from the tables (so a component pack shows)."""
    s = fresh(2)
    v = s.view(0)
    assert [(r["card"], r["value"], r["offer"]) for r in v["resources"]] == [
        (component_key("mundus_novus", "resources", r.name), r.value, r.offer_value) for r in s.tables.resources]
    assert [(x["cards"], x["doubloons"]) for x in v["payouts"]["different"]] == [(4, 5), (5, 7), (6, 10), (7, 15), (8, 20), (9, 25)]
    assert [(x["cards"], x["doubloons"]) for x in v["payouts"]["inca"]] == [(1, 3), (2, 7), (3, 12), (4, 18), (5, 25)]
    assert [x["reach"] for x in v["payouts"]["identical"]] == [[1, 3, 5], [3, 5, 5], [5, 5, 5]]
    assert all(KEY.match(k) for k in v["market"]) and json.dumps(v) == json.dumps(s.view(0))


def test_different_set_labels_say_size_and_pay() -> None:
    """Seed 4.2 (issue 15: consequences before the move): starting a different set names what such sets
    pay; each further card names the set's size and what it would pay then; Natives pays 1 a card."""
    s = fresh(3)
    progression_turn(s, 0, {"cocoa": 1, "corn": 1, "tobacco": 1, "coffee": 1, "cotton": 1})
    start = next(a for a in s.legal_actions() if a.notation == "different: add cocoa")
    assert render("en", start.label) == "begin a set of different resources with cocoa (4 to 9 different cards pay 5 to 25 doubloons)"
    play(s, "different: add cocoa", "different: add corn")
    third = next(a for a in s.legal_actions() if a.notation == "different: add tobacco")
    assert render("en", third.label).endswith("3 cards (it needs at least 4)")
    play(s, "different: add tobacco")
    fourth = next(a for a in s.legal_actions() if a.notation == "different: add coffee")
    assert render("en", fourth.label).endswith("4 cards, worth 5 doubloons")
    assert "5 元" in render("zh_TW", fourth.label)
    s.event = "NA"
    refresh(s)
    natives = next(a for a in s.legal_actions() if a.notation == "different: add coffee")
    assert render("en", natives.label).endswith("4 cards, worth 4 doubloons")


def test_end_turn_asks_before_discarding_the_hand() -> None:
    """Seed 4.2 (the rest of the hand is discarded): the end-turn label's key ends in ``pass``, which
    the page confirms first (app.js needsConfirm)."""
    s = fresh(3)
    progression_turn(s, 0, {"cocoa": 3, "corn": 1})
    assert s.phase == PROG
    end = next(a for a in s.legal_actions() if a.notation == "end turn")
    assert end.label is not None and end.label["key"].split(".")[-1] == "pass"
    assert render("zh_TW", end.label).startswith("結束回合")
