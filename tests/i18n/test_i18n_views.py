"""Issue 14: the phase and field names of every game's views have words in both languages.

Seeded random games of every game and player count, to the end, looking at every seat's view:
every field name the views use is a catalog label (``label.<key>``), a component's name, or a
seat; every fixed word a view holds that the catalog lists is rendered (the rest of a view's
strings are the rules' own English, converted with the rules: docs/engine.md, "Messages")."""

from __future__ import annotations

import re
from typing import Any

import pytest

from meeple import games
from meeple.engine.rng import Rng
from meeple.i18n import has, translate
from meeple.i18n.components import names_index, slug
from meeple.terminal import Words

SEAT = re.compile(r"^(seat \d+|\d+)$")
CASES = [(name, players) for name in ("messina", "troyes", "mundus_novus", "luna_maris")
         for players in range(games.get(name).min_players, games.get(name).max_players + 1)]


def _keys(value: Any, into: set[str]) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            into.add(str(k))
            _keys(v, into)
    elif isinstance(value, list):
        for v in value:
            _keys(v, into)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_i18n_every_view_field_has_a_label(game: str, players: int) -> None:
    """Issue 14: no view field name of a whole random game lacks a word in either language."""
    g = games.get(game)
    names = names_index("zh_TW", g)
    keys: set[str] = set()
    for seed in range(2):
        state = g.new(players, seed=seed)
        rng = Rng(seed + 100)
        step = 0
        while not state.is_over:
            if step % 4 == 0:
                for seat in range(players):
                    _keys(state.view(seat), keys)
            state.apply(rng.choice(state.legal_actions()))
            step += 1
        for seat in [*range(players), None]:
            _keys(state.view(seat), keys)
    unlabelled = sorted(k for k in keys if not (has("zh_TW", "label." + slug(k)) or k in names or SEAT.match(k)))
    assert not unlabelled, f"{game}: view fields with no label in the catalog: {unlabelled}"


def test_i18n_view_words_render_in_both_languages() -> None:
    """Issue 14: a fixed word of a view (a phase, a colour, a class) renders in both languages."""
    words = Words("zh_TW", games.get("troyes"))
    assert words.value("red") == "紅" and words.value("draft") == "放置起始工人"
    assert words.value("Palace") == "宮殿" and words.value("w5@p0") == "w5@p0"
    assert translate("en", "value.main") == "choose an action"
    assert Words("zh_TW").label("seat 3") == "座位 3"
