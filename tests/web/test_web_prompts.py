"""What you must decide now, in words (issue 27): static/prompts.js gives each game's kinds of
decision a sentence of the catalog, chosen by the words the mover's view already has (Luna Maris
``step``, Messina ``now.step``, Mundus Novus ``phase``, Troyes ``step`` or ``phase``).  Here, without
a browser: every kind each game's view can name has a prompt, every prompt has both languages and
only the placeholders prompts.js fills, and in Chinese it is Chinese.  The browser test
(test_web_decision_bar.py) sees them in the bar of every game in both languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from meeple.games.luna_maris.state import STEP_NAMES as LUNA_STEPS
from meeple.games.messina.words import DECIDE, TASKS
from meeple.games.mundus_novus.state import PHASE_NAMES as MUNDUS_PHASES
from meeple.games.troyes.state import PHASE_NAMES as TROYES_PHASES
from meeple.games.troyes.state import STEP_NAMES as TROYES_STEPS
from meeple.i18n.catalog import entries

PROMPTS = Path(__file__).resolve().parents[2] / "meeple" / "server" / "static" / "prompts.js"
TABLE = re.compile(r"^const (\w+) = \{\n(.*?)^\};", re.M | re.S)
ROW = re.compile(r'^\s+"([^"]+)": "(web\.prompt\.[a-z_]+\.[a-z_]+)",$', re.M)
# the placeholders prompts.js fills for each game (its luna / messina / mundus / troyes functions)
ARGS = {"luna_maris": {"n", "food", "back", "iron", "module"}, "messina": {"cubes"}, "mundus_novus": set(),
        "troyes": {"needed", "pool"}}
# the kinds of decision each game's view can name while a seat is to move ("over" is none)
KINDS = {
    "luna_maris": set(LUNA_STEPS) - {"over"},
    "messina": {m["key"] for m in TASKS.values()} | {DECIDE["key"]},
    "mundus_novus": set(MUNDUS_PHASES) - {"over"},
    "troyes": (set(TROYES_PHASES) - {"over"}) | (set(TROYES_STEPS) - {"main"}),
}
NAMES = {"LUNA": "luna_maris", "MESSINA": "messina", "MUNDUS": "mundus_novus", "TROYES": "troyes"}


def _tables() -> dict[str, dict[str, str]]:
    found = {NAMES[name]: dict(ROW.findall(body)) for name, body in TABLE.findall(PROMPTS.read_text(encoding="utf-8"))
             if name in NAMES}
    assert set(found) == set(NAMES.values())
    return found


@pytest.mark.parametrize("game", sorted(NAMES.values()))
def test_web_prompts_name_every_kind_of_decision_of_each_game(game: str) -> None:
    """Issue 27 ("what you must decide now, in words"): the game's prompt table has exactly the
    kinds of decision its view can name (a renamed step or phase fails here, not silently in the
    bar), each with its own key of that game."""
    table = _tables()[game]
    assert set(table) == KINDS[game]
    assert all(key.startswith(f"web.prompt.{game}.") for key in table.values())
    assert len(set(table.values())) == len(table)


@pytest.mark.parametrize("game", sorted(NAMES.values()))
def test_web_prompts_have_both_languages_and_only_the_filled_placeholders(game: str) -> None:
    """Issue 27 / issue 14: each prompt is a sentence in en and zh_TW with the same placeholders,
    all of them filled by prompts.js; the Chinese one is Chinese (the seeds' words, glossary) with no
    English word in it."""
    en, zh = entries("en"), entries("zh_TW")
    for key in _tables()[game].values():
        assert en.get(key) and zh.get(key), key
        holes = set(re.findall(r"\{(\w+)\}", str(en[key])))
        assert holes == set(re.findall(r"\{(\w+)\}", str(zh[key]))), key
        assert holes <= ARGS[game], (key, holes)
        text = re.sub(r"\{\w+\}", "", str(zh[key]))
        assert re.search(r"[\u4e00-\u9fff]", text), key
        assert not re.search(r"[A-Za-z]{2,}", text.replace("PASS", "").replace("CO2", "")), (key, zh[key])


@pytest.mark.parametrize("game", sorted(NAMES.values()))
def test_web_doing_words_every_kind_of_decision_for_the_waiting_seats(game: str) -> None:
    """Issue 27 ("one glance shows ... what to decide"): a seat waiting on another reads what that
    seat is deciding.  prompts.js doingOf words each kind as web.doing.<game>.<kind> (the prompt's
    key with "doing"): both languages, only ``{who}`` (the mover's seat name), Chinese in Chinese."""
    en, zh = entries("en"), entries("zh_TW")
    for key in _tables()[game].values():
        doing = key.replace("web.prompt.", "web.doing.", 1)
        assert en.get(doing) and zh.get(doing), doing
        assert set(re.findall(r"\{(\w+)\}", str(en[doing]))) == {"who"}, doing
        assert set(re.findall(r"\{(\w+)\}", str(zh[doing]))) == {"who"}, doing
        text = re.sub(r"\{\w+\}", "", str(zh[doing]))
        assert re.search(r"[\u4e00-\u9fff]", text), doing
        assert not re.search(r"[A-Za-z]{2,}", text.replace("PASS", "")), (doing, zh[doing])


def _kind(game: str, view: dict) -> object:
    """The words prompts.js reads for the kind of decision (its luna/messina/mundus/troyes)."""
    if game == "messina":
        return (view.get("now") or {}).get("step")
    if game == "troyes":
        return view.get("step") if view.get("step") not in (None, "main") else view.get("phase")
    return view.get("step") if game == "luna_maris" else view.get("phase")


@pytest.mark.parametrize("game", sorted(NAMES.values()))
def test_web_waiting_seats_view_names_the_movers_kind_of_decision(game: str) -> None:
    """Issue 27: doingOf reads the waiting reader's own view, so every seat's view must name the
    same kind of decision as the mover's (public: which step a seat is at is on the table), and a
    kind the prompt table knows, at every decision of a random game; a spectator's view too (the
    browser test reads the bar of a spectator)."""
    import random

    from meeple.games import get

    state = get(game).new(2, seed=7)
    rnd, seen, table = random.Random(7), set(), _tables()[game]
    for _ in range(400):
        if state.is_over:
            break
        kinds = {_kind(game, state.view(seat)) for seat in (0, 1, None)}
        assert len(kinds) == 1, (game, kinds)
        kind = kinds.pop()
        assert kind in table, (game, kind)
        seen.add(kind)
        state.apply(rnd.choice(state.legal_actions()))
    assert len(seen) >= 2
