"""Issue 14: every component of every game has a name (and, where it does something, an effect
text) in both languages, keyed from the game's component tables."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from meeple import games
from meeple.i18n import placeholders, translate
from meeple.i18n.catalog import entries
from meeple.i18n.components import TEXT_TABLES, component_keys, names_index, slug, text

CJK = re.compile(r"[\u3400-\u9fff]")
GAMES = ("messina", "troyes", "mundus_novus", "luna_maris")


@pytest.mark.parametrize("game", GAMES)
def test_i18n_every_component_has_both_languages(game: str) -> None:
    """Issue 14: every named component of the game's tables has a non-empty en and zh_TW entry,
    the Traditional Chinese one in Chinese script, and the placeholders of an effect text are the
    same in both languages and are fields of the component's own entry."""
    g = games.get(game)
    keys = list(component_keys(g))
    assert keys and {ck.part for ck in keys} >= {"name"}
    en, zh = entries("en"), entries("zh_TW")
    for ck in keys:
        assert en.get(ck.key), f"no en entry for {ck.key}"
        assert zh.get(ck.key), f"no zh_TW entry for {ck.key}"
        assert CJK.search(str(zh[ck.key])), f"{ck.key} is not Chinese: {zh[ck.key]!r}"
        fields = placeholders(str(en[ck.key]))
        assert fields == placeholders(str(zh[ck.key])), ck.key
        assert fields <= ck.fields, f"{ck.key} uses {sorted(fields - ck.fields)}, not fields of its entry"


@pytest.mark.parametrize("game", GAMES)
def test_i18n_component_keys_are_distinct_per_table(game: str) -> None:
    """Issue 14: two different component names of a table never share a key."""
    g = games.get(game)
    counts = Counter((ck.table, ck.key) for ck in component_keys(g) if ck.part == "name")
    assert max(counts.values()) == 1


@pytest.mark.parametrize("game", GAMES)
def test_i18n_effect_texts_fill_with_each_entry_fields(game: str) -> None:
    """Issue 14: a component's effect text is filled with its own numbers (a component pack's
    numbers show in every language); every entry of a text table renders in both languages."""
    g = games.get(game)
    tables = g.default_tables()
    for table in TEXT_TABLES[game]:
        for entry in tables[table]:
            for lang in ("en", "zh_TW"):
                rendered = text(lang, game, table, entry)
                assert rendered and "{" not in rendered, (table, entry.name, rendered)


def test_i18n_effect_text_shows_a_packs_numbers() -> None:
    """Issue 14: a Troyes character's thresholds come from its entry, not from the catalog."""
    g = games.get("troyes")
    hugues = g.default_tables()["characters"][0]
    assert "8/12/16/20" in text("zh_TW", "troyes", "characters", hugues)
    changed = hugues._replace(thresholds=(1, 2, 3, 4))
    assert "1/2/3/4" in text("en", "troyes", "characters", changed)


def test_i18n_seed_terms_name_the_components() -> None:
    """Issue 14, the glossary is the seeds: the seeds' own words name the components."""
    seed_terms = {
        ("troyes", "buildings", "Bishopric"): "主教區", ("troyes", "buildings", "Palace"): "宮殿",
        ("troyes", "buildings", "City Hall"): "市政廳", ("troyes", "permanent", "Marauding"): "劫掠",
        ("mundus_novus", "resources", "inca relic"): "印加文物", ("luna_maris", "modules", "Airlock"): "氣閘",
        ("luna_maris", "modules", "Hibernation room"): "休眠間", ("messina", "workshops", "WI-C1"): "工房",
        ("mundus_novus", "developments", "Shipyard"): "造船廠", ("messina", "cabins", "Q-a1"): "隔離室",
    }
    for (game, table, name), term in seed_terms.items():
        assert term in translate("zh_TW", f"{game}.{table}.{slug(name)}.name"), (game, name)
    assert translate("zh_TW", "game.messina.title") == "墨西拿 1347"
    assert translate("zh_TW", "game.troyes.title") == "特魯瓦"
    assert translate("zh_TW", "game.mundus_novus.title") == "航海新世界"
    assert translate("zh_TW", "game.luna_maris.title") == "月海礦場"


def test_i18n_names_index_maps_english_names() -> None:
    """Issue 14: views that still hold English names are shown through the index."""
    index = names_index("zh-TW", games.get("troyes"))
    assert index["Palace"] == "宮殿" and index["Baker"] == "麵包師"
    assert names_index("en", games.get("troyes"))["Baker"] == "Baker"
