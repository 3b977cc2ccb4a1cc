"""Issue 15: what the board needs from the view and the labels (the browser test plays it).

The drawing reads structure, never phrases: lieutenants as seat, number and standing/lying; the
printed components from the tables; and each label says its cost, those that lose something with a
key ending in ``.lose`` so that the page asks first (app.js ``needsConfirm``)."""

from __future__ import annotations

import re

from meeple.engine.rng import Rng
from meeple.games.messina.labels import END_TURN, END_TURN_LOSE, SWAPS, notations
from meeple.i18n import render
from tests.messina.messina_helpers import new

CONFIRM = re.compile(r"(^|_)lose(_|$)")


def _needs_confirm(key: str) -> bool:
    """app.js's rule: the key's last part is a pass word or contains ``lose``."""
    last = key.split(".")[-1]
    return last in {"pass", "pass_place", "feed_none", "give_up", "emergency"} or bool(CONFIRM.search(last))


def test_lieutenants_on_the_map_carry_seat_number_and_posture() -> None:
    """Issue 15: every lieutenant on a node is {seat, lieutenant, status} (no "seat 0 lt3 lying")."""
    s = new(3, 2)
    rng = Rng(5)
    seen = 0
    for _ in range(200):
        if s.is_over:
            break
        for n in s.view(0)["nodes"]:
            for lt in n["lieutenants"]:
                assert set(lt) == {"seat", "lieutenant", "status"}
                assert 0 <= lt["seat"] < 3 and 1 <= lt["lieutenant"] <= 5 and lt["status"] in ("standing", "lying")
                seen += 1
        s.apply(rng.choice(s.legal_actions()))
    assert seen


def test_the_board_tables_are_the_component_tables() -> None:
    """Issue 15: slot actions, workshop prices and outputs, register rewards come from the tables."""
    s = new(2, 1)
    t = s.tables
    comp = s.view(None)["components"]
    assert [e["name"] for e in comp["estate"]] == [e.name for e in t.estate]
    assert [e["effect"] for e in comp["estate"]] == [t.effects[e.effect].name for e in t.estate]
    for w in t.workshops:
        entry = comp["workshops"][w.name]
        assert entry["cost"] == {"coins": w.cost_coins, "wood": w.cost_wood}
        assert entry["yields"] == t.effects[w.effect].name and entry["phase"] == w.phase
    assert len(comp["registers"]["popularity"]["vp"]) == sum(1 for r in t.registers if r.track == "popularity")
    assert comp == s.view(1)["components"], "public: the same for every seat"


def test_cabin_citizens_are_a_class_and_a_grade() -> None:
    """Issue 14: no English phrase "craftsman (upgraded)" in the view."""
    s = new(2, 1)
    for cab in s.view(0)["seats"]["seat 0"]["cabins"]:
        assert cab["citizen"] in (None, "craftsman", "aristocrat", "nun") and isinstance(cab["upgraded"], bool)


def test_labels_that_lose_something_ask_first() -> None:
    """Issue 15: stopping a fight (rats), letting a ship's plague go (a rat), discarding a citizen,
    paying 1 VP for a swap and ending a turn with rewards unused ask for confirmation; an ordinary
    swap and end of turn do not."""
    from meeple.games.messina.labels import DISCARD, SHIP_LET, STOP

    for act in (STOP, SHIP_LET, DISCARD, END_TURN_LOSE, SWAPS[(0, 1, 4)]):
        assert _needs_confirm(act.label["key"]), act.notation
    for act in (END_TURN, SWAPS[(0, 1, 0)]):
        assert not _needs_confirm(act.label["key"]), act.notation


def test_a_repopulation_label_names_every_citizen_and_its_vp() -> None:
    """Issue 15: "repopulate" says all it takes (coins, wood, each citizen, a lieutenant) and gives."""
    s = new(2, 1)
    t = s.tables
    for h, act in zip(t.hexes, notations(s).repop_action, strict=True):
        en = render("en", act.label)
        assert f"{h.vp} VP" in en
        for c, word in enumerate(("craftsm", "aristocrat", "nun")):
            if h.cost_citizens[c] or h.cost_upgraded[c]:
                assert word in en, en
        if h.cost_lieutenant:
            assert "lieutenant" in en
        assert "{" not in render("zh_TW", act.label)


def test_repopulation_cost_citizens_are_words_every_surface_translates() -> None:
    """Seed 000 §活絡城市 (a repopulation pays citizens, some upgraded), issue 14: the cost's citizens
    are catalog words (``craftsman``, ``upgraded_nun``, ``any_upgraded``), so the zh-TW terminal shows
    them in Chinese (they were the codes C/A/N/``any*``, English in every language)."""
    from meeple.games import messina
    from meeple.terminal_words import Words

    words = Words("zh_TW", messina.GAME)
    seen = set()
    for seed in range(6):
        for node in new(4, seed).view(0)["nodes"]:
            for citizen in (node.get("cost") or {}).get("citizens", []):
                seen.add(citizen)
                shown = words.value(citizen)
                assert not re.search(r"[A-Za-z]", shown), f"{citizen!r} shows as {shown!r}"
    assert seen & {"craftsman", "aristocrat", "nun"} and any(c.startswith("upgraded_") or c == "any_upgraded" for c in seen)
