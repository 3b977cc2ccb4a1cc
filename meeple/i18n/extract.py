"""Babel extractors for ``pybabel extract`` (``babel.cfg``, ``scripts/i18n.sh``), issue 14.

Message ids are keys, and several kinds of key are not string literals in a source file:

- ``extract_python``: ``translate(lang, "key")``, ``t("key")`` (a surface's shorthand) and ``ntranslate(lang, "key", n)`` calls (the latter
  as a plural entry ``key`` / ``key_plural``), and ``msg("key", ...)`` and ``refused("key", ...)`` calls;
- ``extract_components``: a game's ``components.py``, every component key of its tables;
- ``extract_games``: a game's ``__init__.py``, its title and its lobby options and choices;
- ``extract_web``: the browser client's ``t("key")`` calls (``web.<key>``, or ``label.<slug>`` for a
  heading given as English words);
- ``extract_kept``: the English catalog's own ``label.*`` and ``value.*`` entries (the words of the
  games' views, kept by hand in the ``.po`` files until the views carry keys), ``web.*`` (the page
  also names keys in ``index.html`` and in the server's notes) and ``engine.*`` (the engine's
  refusal reasons and bot names, for its conversion).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from babel.messages.extract import extract_javascript
from babel.messages.extract import extract_python as _babel_python
from babel.messages.pofile import read_po

from meeple.i18n.components import component_keys, slug

Result = tuple[int, str | None, Any, list[str]]
KEPT_PREFIXES = ("label.", "value.", "web.", "engine.")


_KEY = re.compile(r"^[a-z][a-z0-9_]*(\.[A-Za-z0-9_-]+)+$")
_PY_WORDS = {"translate": 1, "ntranslate": 1, "msg": 0, "refused": 0, "t": 0}
"""Python calls naming a key, and the position of the key among their arguments."""


def _nth(message: Any, index: int) -> Any:
    """The ``index``-th argument of a call as an extractor reports it (a string or a tuple)."""
    if isinstance(message, tuple):
        return message[index] if index < len(message) else None
    return message if index == 0 else None


def extract_python(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str],
                   options: Mapping[str, Any]) -> Iterator[Result]:
    words = dict.fromkeys(_PY_WORDS)
    found: Any = _babel_python(fileobj, words, comment_tags, options)  # type: ignore[arg-type]
    for lineno, func, message, comments in found:
        key = _nth(message, _PY_WORDS.get(func, 0))
        if not isinstance(key, str) or not _KEY.match(key):
            continue  # not a literal key (a key built at run time: its parts are extracted elsewhere)
        if func == "ntranslate":
            yield lineno, "ngettext", (key, key + "_plural"), list(comments)
        else:
            yield lineno, "gettext", key, list(comments)


def _game_name(fileobj: IO[bytes]) -> str:
    return Path(str(getattr(fileobj, "name", ""))).parent.name


def _game(fileobj: IO[bytes]) -> Any:
    import meeple.games  # the games are only read when pybabel extracts, never at run time

    return meeple.games.get(_game_name(fileobj))


def extract_components(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str],
                       options: Mapping[str, Any]) -> Iterator[Result]:
    for ck in component_keys(_game(fileobj)):
        note = f"{ck.table}: {ck.name}" + (" (placeholders: the entry's fields)" if ck.part == "text" else "")
        yield 1, "gettext", ck.key, [note]


def extract_games(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str],
                  options: Mapping[str, Any]) -> Iterator[Result]:
    game = _game(fileobj)
    yield 1, "gettext", f"game.{game.name}.title", [game.title]
    for name, option in game.options.items():
        base = f"game.{game.name}.option.{name}"
        yield 1, "gettext", base + ".name", [name]
        yield 1, "gettext", base + ".doc", [option.doc]
        for choice in option.choices or ():
            yield 1, "gettext", f"{base}.choice.{slug(str(choice))}", [str(choice)]


_IDENT = re.compile(r"^[a-z][a-z0-9_]*$")


def web_key(text: str) -> str:
    """The catalog key of a browser ``t(...)`` argument."""
    return "web." + text if _IDENT.match(text) else "label." + slug(text)


def extract_web(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str],
                options: Mapping[str, Any]) -> Iterator[Result]:
    found: Any = extract_javascript(fileobj, {"t": None}, comment_tags, options)  # type: ignore[arg-type]
    for lineno, _func, message, comments in found:
        key = _nth(message, 0)
        if isinstance(key, str) and key:
            yield lineno, "gettext", web_key(key), list(comments)


def extract_kept(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str],
                 options: Mapping[str, Any]) -> Iterator[Result]:
    for message in read_po(fileobj):
        key = message.id if isinstance(message.id, str) else message.id[0]
        if key.startswith(KEPT_PREFIXES):
            func = "gettext" if isinstance(message.id, str) else "ngettext"
            yield 1, func, message.id, list(message.auto_comments)
