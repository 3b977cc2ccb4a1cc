"""Component names and effect texts from the catalog (issue 14).

Every entry of a game's component tables that has a ``name`` field has a catalog entry
``<game>.<table>.<slug of name>.name``; the tables of ``TEXT_TABLES`` also have ``.text`` (what the
component does).  A text may use the entry's own fields as placeholders (``{divisor}``,
``{thresholds}``), so a component pack's numbers show in every language; tuples read ``8/12/16/20``.

The keys are derived from the tables alone (``component_keys``), so a game's converted rules and
views can name a component by key and a test can check that every component has an entry.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

from meeple.i18n.catalog import has, normalize, translate

if TYPE_CHECKING:
    from meeple.engine.core import Game as _Game

TEXT_TABLES: dict[str, frozenset[str]] = {
    "troyes": frozenset({"buildings", "activities", "events", "permanent", "characters"}),
    "mundus_novus": frozenset({"developments", "events"}),
    "luna_maris": frozenset({"modules", "advanced_modules", "equipment"}),
    "messina": frozenset(),
}
"""Per game, the tables whose components have an effect text a player reads."""


class ComponentKey(NamedTuple):
    key: str
    game: str
    table: str
    name: str           # the component's English name in the table
    part: str           # "name" or "text"
    fields: frozenset[str]  # the entry's fields: the placeholders a text may use


def slug(text: str) -> str:
    """A key segment for a component name (``Master Mason`` -> ``master_mason``)."""
    return re.sub(r"[^0-9a-z]+", "_", text.lower()).strip("_") or "_"


def key(game: str, table: str, name: str, part: str = "name") -> str:
    return f"{game}.{table}.{slug(name)}.{part}"


def _table_names(tables: Any) -> list[str]:
    return list(tables)


def component_keys(game: _Game, tables: Any = None) -> Iterator[ComponentKey]:
    """Every component key of a game's tables (one per distinct name and part)."""
    tables = game.default_tables() if tables is None else tables
    texts = TEXT_TABLES.get(game.name, frozenset())
    for table in _table_names(tables):
        seen: set[str] = set()
        for entry in tables[table]:
            fields = getattr(entry, "_fields", ())
            if "name" not in fields or entry.name in seen:
                continue
            seen.add(entry.name)
            parts = ("name", "text") if table in texts else ("name",)
            for part in parts:
                yield ComponentKey(key(game.name, table, entry.name, part), game.name, table, entry.name,
                                   part, frozenset(fields))


def _value(v: Any) -> Any:
    if isinstance(v, tuple):
        return "/".join(str(_value(x)) for x in v)
    return v


def name(lang: str | None, game: str, table: str, component: str) -> str:
    """A component's name in ``lang``."""
    return translate(lang, key(game, table, component))


def text(lang: str | None, game: str, table: str, entry: Any) -> str:
    """What a component does, in ``lang``, with the entry's own numbers filled in."""
    args = {f: _value(getattr(entry, f)) for f in entry._fields}
    return translate(lang, key(game, table, entry.name, "text"), **args)


_NAMES: dict[tuple[str, str], dict[str, str]] = {}


def names_index(lang: str | None, game: _Game) -> dict[str, str]:
    """English component name -> its name in ``lang`` (for views that still hold English names)."""
    code = normalize(lang)
    found = _NAMES.get((code, game.name))
    if found is None:
        found = {}
        for ck in component_keys(game):
            if ck.part == "name" and ck.name not in found and has(code, ck.key):
                found[ck.name] = translate(code, ck.key)
        _NAMES[(code, game.name)] = found
    return dict(found)
