"""Choosing the reader's language (issue 14).

Web: the ``Accept-Language`` header (the page's switch, remembered per browser, overrides it);
terminal: ``--lang``, else ``MEEPLE_LANG``, else the locale (``LC_ALL`` / ``LC_MESSAGES`` / ``LANG``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping

from babel.core import negotiate_locale

from meeple.engine.errors import BadSetup
from meeple.i18n.catalog import DEFAULT, LANGUAGES, normalize

_RANGE = re.compile(r"^\s*([A-Za-z]{1,8}(?:[-_][A-Za-z0-9]{1,8})*|\*)\s*(?:;\s*q\s*=\s*([0-9.]+))?\s*$")


class UnknownLanguage(BadSetup):
    """A language asked for explicitly (``--lang``, ``MEEPLE_LANG``, ``/api/i18n/<lang>``) with no catalog.

    A ``BadSetup``: the command prints it as one line and exits with status 2."""


def parse_accept_language(header: str) -> list[str]:
    """The language ranges of an ``Accept-Language`` header, best first (q=0 and malformed parts dropped)."""
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(header.split(",")):
        m = _RANGE.match(part)
        if not m:
            continue
        try:
            q = float(m.group(2)) if m.group(2) else 1.0
        except ValueError:
            continue
        if q > 0 and m.group(1) != "*":
            ranked.append((-q, i, m.group(1)))
    return [tag for _, _, tag in sorted(ranked)]


def _catalog_for(tag: str) -> str | None:
    """The catalog language of one tag, or None when there is none for it."""
    found = negotiate_locale([tag.replace("-", "_")], LANGUAGES, aliases={"zh": "zh_TW", "en": "en"})
    if found:
        return normalize(found)
    code = normalize(tag)
    return code if code != DEFAULT or tag.lower().startswith("en") else None


def from_accept_language(header: str | None) -> str:
    """The catalog language for an ``Accept-Language`` header (English when nothing matches)."""
    for tag in parse_accept_language(header or ""):
        found = _catalog_for(tag)
        if found:
            return found
    return DEFAULT


def explicit(lang: str) -> str:
    """The catalog language named by ``lang`` (``zh-TW``, ``zh_TW``, ``en``), or ``UnknownLanguage``."""
    found = _catalog_for(lang.strip()) if lang.strip() else None
    if not found:
        raise UnknownLanguage(f"unknown language {lang!r}: choose one of " + ", ".join(
            code.replace("_", "-") for code in LANGUAGES))
    return found


def terminal_language(option: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """``--lang``, else ``MEEPLE_LANG``, else the locale, else English."""
    env = os.environ if environ is None else environ
    if option:
        return explicit(option)
    if env.get("MEEPLE_LANG"):
        return explicit(env["MEEPLE_LANG"])
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value and value not in ("C", "POSIX") and not value.startswith("C."):
            return _catalog_for(value.split(".")[0]) or DEFAULT
    return DEFAULT
