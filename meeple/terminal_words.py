"""The terminal's words (issue 14) and the small text helpers every terminal screen uses.

``Words`` reads the catalog in the player's language; ``inline`` and ``brief`` turn view values into
one line of text (``brief`` is the compact screen's shorter form, issue 15).
"""

from __future__ import annotations

import re
from typing import Any

from meeple.i18n import has, normalize, translate
from meeple.i18n.components import names_index, slug

SEAT_KEY = re.compile(r"^seat (\d+)$", re.IGNORECASE)
"""A view key naming a seat (``seat 2``)."""

CATALOG_KEY = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$")
"""A view value that is itself a catalog key (Messina's ``now.step``: ``messina.task.place``)."""


class Words:
    """The terminal's words in one language, for one game's views.

    ``label`` names a view field (``label.<key>`` in the catalog, else a component's name, else the
    key itself), ``value`` a word in a view (``value.<word>`` or a component's name); both leave
    anything they do not know as it is (rule texts not yet converted to keys, codes, numbers)."""

    def __init__(self, lang: str | None = "en", game: Any = None) -> None:
        self.lang = normalize(lang)
        self.names = names_index(self.lang, game) if game is not None else {}

    def t(self, key: str, **args: Any) -> str:
        return translate(self.lang, key, **args)

    def seat(self, seat: Any) -> str:
        return self.t("term.seat", seat=seat)

    def bot(self, spec: str) -> str:
        """A bot's kind in the reader's words (its settings, ``ismcts:time=0.5``, as they are)."""
        kind, sep, rest = spec.partition(":")
        entry = "engine.bot." + kind
        return (self.t(entry) if has(self.lang, entry) else kind) + sep + rest

    def label(self, key: str) -> str:
        entry = "label." + slug(key)
        if has(self.lang, entry):
            return self.t(entry)
        seat = SEAT_KEY.match(key)
        if seat:
            return self.seat(int(seat.group(1)))
        return self.names.get(key, key.replace("_", " "))

    def value(self, text: str) -> str:
        if CATALOG_KEY.match(text) and has(self.lang, text):
            return self.t(text)
        if text in self.names:
            return self.names[text]
        entry = "value." + slug(text)
        return self.t(entry) if text and has(self.lang, entry) else text


ENGLISH = Words()


def is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


def scalar(value: Any, words: Words = ENGLISH) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return words.t("term.yes") if value else words.t("term.no")
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, str):
        return words.value(value)
    return str(value)


def inline(value: Any, depth: int = 0, words: Words = ENGLISH) -> str:
    """A compact one-line text for small nested values."""
    if is_scalar(value):
        return scalar(value, words)
    if isinstance(value, list):
        if not value:
            return "-"
        return ", ".join(inline(v, depth + 1, words) for v in value) if depth == 0 else (
            "[" + ", ".join(inline(v, depth + 1, words) for v in value) + "]")
    if isinstance(value, dict):
        if not value:
            return "-"
        return "; ".join(f"{words.label(str(k))}: {inline(v, depth + 1, words)}" for k, v in value.items())
    return str(value)


def brief(value: Any, words: Words = ENGLISH, depth: int = 0) -> str:
    """A shorter one-line text than ``inline``: a row of a table shows only what it holds (its
    empty and false fields are left out), a nested object reads ``left (iron 2, titanium 0)``."""
    if is_scalar(value):
        return scalar(value, words)
    if isinstance(value, list):
        if not value:
            return "-"
        return ", ".join(brief(v, words, depth + 1) for v in value)
    if isinstance(value, dict):
        if not value:
            return "-"
        if depth > 0 and len(value) > 1 and all(is_scalar(v) for v in value.values()):
            # a row of a table (a lieutenant, a cabin): what it is, then what it holds (words as
            # they are, numbers with their field's name); empty fields are left out
            first, *rest = value.items()
            parts = [scalar(first[1], words)] + [
                scalar(v, words) if isinstance(v, str) else f"{words.label(str(k))} {scalar(v, words)}"
                for k, v in rest if v not in (None, False, "")]
            return " ".join(parts)
        parts = [f"{words.label(str(k))} {brief(v, words, depth + 1)}" for k, v in value.items()]
        text = ", ".join(parts)
        return f"({text})" if depth > 1 else text
    return str(value)
