"""Catalog completeness (issue 14): what the tests hold the catalogs to.

A missing translation is a test failure, never a silent fallback: every key used anywhere (what
``pybabel extract`` finds with ``babel.cfg``) has a non-empty entry in every language, every entry
exists in every language, and an entry's placeholders are the same in every language (and in
every plural form).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg

from meeple.i18n.catalog import LANGUAGES, entries, placeholders

Catalogs = Mapping[str, Mapping[str, str | tuple[str, ...]]]


def _forms(text: str | tuple[str, ...]) -> tuple[str, ...]:
    return text if isinstance(text, tuple) else (text,)


def problems(catalogs: Catalogs, required: Iterable[str] = ()) -> list[str]:
    """Every completeness problem of ``catalogs`` (language -> key -> text), one line each."""
    out: list[str] = []
    langs = sorted(catalogs)
    keys = set(required)
    for lang in langs:
        keys |= set(catalogs[lang])
    for key in sorted(keys):
        shapes: dict[str, set[str]] = {}
        for lang in langs:
            text = catalogs[lang].get(key)
            if text is None:
                out.append(f"{lang}: no entry for {key}")
                continue
            forms = _forms(text)
            if not forms or any(not f.strip() for f in forms):
                out.append(f"{lang}: empty entry for {key}")
                continue
            fields = {name for f in forms for name in placeholders(f)}
            if any(placeholders(f) != fields for f in forms):
                out.append(f"{lang}: plural forms of {key} use different placeholders")
            shapes[lang] = fields
        if len({frozenset(s) for s in shapes.values()}) > 1:
            detail = "; ".join(f"{lang} {sorted(s)}" for lang, s in shapes.items())
            out.append(f"placeholders of {key} differ: {detail}")
    return out


def catalogs() -> dict[str, dict[str, str | tuple[str, ...]]]:
    """The shipped catalogs (their ``.po`` sources)."""
    return {lang: dict(entries(lang)) for lang in LANGUAGES}


def used_keys(root: Path) -> set[str]:
    """Every key ``pybabel extract -F babel.cfg`` finds under ``root`` (the repository)."""
    with (root / "babel.cfg").open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    found: set[str] = set()
    for _file, _line, message, _comments, _context in extract_from_dir(str(root), method_map, options_map):
        found.add(message[0] if isinstance(message, tuple) else message)
    return found


def keys_in(paths: Iterable[Path]) -> set[str]:
    """The keys the Python files ``paths`` name (``msg``, ``translate``, ``t`` calls), as
    ``used_keys`` finds them, without extracting the whole repository."""
    from meeple.i18n.extract import extract_python

    found: set[str] = set()
    for path in paths:
        with path.open("rb") as f:
            for _line, _func, message, _comments in extract_python(f, {}, (), {}):
                found.add(message[0] if isinstance(message, tuple) else message)
    return found


def untranslated(catalogs: Catalogs, keys: Iterable[str], lang: str = "zh_TW", base: str = "en") -> list[str]:
    """The ``keys`` whose ``lang`` entry is missing or is ``base``'s text unchanged (copied, not
    translated; issue 27: every server refusal reads in both languages), one line each."""
    out: list[str] = []
    for key in sorted(keys):
        text, english = catalogs[lang].get(key), catalogs[base].get(key)
        if text is None:
            out.append(f"{lang}: no entry for {key}")
        elif text == english:
            out.append(f"{lang}: {key} is the {base} text unchanged")
    return out
