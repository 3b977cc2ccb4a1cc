"""The gettext catalogs (issue 14): one message catalog per language, keyed by message keys.

The sources are ``meeple/locale/<lang>/LC_MESSAGES/meeple.po`` (managed with ``pybabel``:
``scripts/i18n.sh``); the compiled ``.mo`` beside them is what is loaded, through Babel's
``Translations``.  Every message id is a stable dotted key (``term.prompt``,
``troyes.activities.baker.name``, ``web.lobby``); the English catalog holds the English text, so
English is a translation like any other and a key missing from a language is visible, never a
silent fallback to English.

Texts use ``str.format`` placeholders (``{seat}``, ``{n}``).  A plural entry has the message id
``<key>`` and the plural id ``<key>_plural`` and is chosen with ``ngettext`` by the count ``n``.
"""

from __future__ import annotations

import functools
import os
import string
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "meeple"
LANGUAGES: tuple[str, ...] = ("en", "zh_TW")
"""The languages with a catalog; ``en`` first (the language of records' notations)."""
DEFAULT = "en"
PLURAL_SUFFIX = "_plural"


class MissingTranslation(KeyError):
    """A message key with no entry in a language's catalog."""

    def __init__(self, lang: str, key: str) -> None:
        super().__init__(f"no {lang} catalog entry for {key!r}")
        self.lang = lang
        self.key = key

    def __str__(self) -> str:
        return str(self.args[0])


def strict() -> bool:
    """Missing keys raise when ``MEEPLE_I18N_STRICT`` is set (the tests set it); else the key shows."""
    return os.environ.get("MEEPLE_I18N_STRICT", "") not in ("", "0")


@functools.lru_cache(maxsize=256)
def normalize(lang: str | None) -> str:
    """A catalog language for a tag (``zh-TW``, ``zh_Hant``, ``zh``, ``en-GB`` ...); unknown: English.

    Every Chinese tag reads the Traditional Chinese catalog, the only Chinese one (the seeds' script).
    """
    if not lang:
        return DEFAULT
    tag = lang.strip().replace("-", "_").split(".")[0].split("@")[0]
    primary = tag.split("_")[0].lower()
    if primary == "zh":
        return "zh_TW"
    if primary == "en":
        return "en"
    return tag if tag in LANGUAGES else DEFAULT


def _po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def translations(lang: str) -> NullTranslations:
    """The compiled catalog of ``lang`` (a ``babel.support.Translations``)."""
    found = Translations.load(str(LOCALE_DIR), [lang], DOMAIN)
    if not isinstance(found, Translations):
        raise FileNotFoundError(f"no compiled catalog for {lang} in {LOCALE_DIR} (run scripts/i18n.sh)")
    return found


@functools.cache
def entries(lang: str) -> dict[str, str | tuple[str, ...]]:
    """Every key of ``lang``'s ``.po`` source with its text (a tuple of forms for a plural entry)."""
    with _po_path(lang).open("rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    out: dict[str, str | tuple[str, ...]] = {}
    for message in catalog:
        if not message.id:
            continue
        key = str(message.id if isinstance(message.id, str) else message.id[0])
        if isinstance(message.string, (tuple, list)):
            out[key] = tuple(message.string)
        else:
            out[key] = message.string or ""
    return out


def placeholders(text: str) -> set[str]:
    """The ``str.format`` field names of a text."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text) if name}


@functools.cache
def _entry(lang: str, key: str) -> tuple[bool, str] | None:
    """``(is_plural, text)`` of a key's compiled entry in ``lang`` (None: missing); cached per process."""
    trans = translations(lang)
    plural = key + PLURAL_SUFFIX
    if trans.ngettext(key, plural, 2) not in (key, plural):
        return True, ""
    text = trans.gettext(key)
    return None if text == key else (False, text)


@functools.cache
def english_template(key: str) -> str | None:
    """The English text of a singular entry (None: a plural or missing entry); cached."""
    found = _entry(DEFAULT, key)
    return found[1] if found is not None and not found[0] else None


def has(lang: str, key: str) -> bool:
    """Whether ``key`` has a compiled, non-empty entry in ``lang``."""
    return _entry(normalize(lang), key) is not None


def _missing(lang: str, key: str) -> str:
    if strict():
        raise MissingTranslation(lang, key)
    return key


def _format(text: str, args: dict[str, Any]) -> str:
    try:
        return text.format(**args)
    except (KeyError, IndexError, ValueError) as exc:
        raise ValueError(f"message {text!r} cannot be filled with {sorted(args)}: {exc}") from None


def translate(lang: str | None, key: str, /, **args: Any) -> str:
    """The text of ``key`` in ``lang`` with ``args`` filled in.

    A plural entry is chosen by ``args["n"]`` (``ngettext``).  A missing key raises
    ``MissingTranslation`` in strict mode and otherwise shows as the key itself (never as English
    in another language).
    """
    code = normalize(lang)
    found = _entry(code, key)
    if found is None:
        return _missing(code, key)
    if found[0]:
        n = args.get("n")
        return ntranslate(code, key, n if isinstance(n, int) else 1, **args)
    return _format(found[1], args)


def ntranslate(lang: str | None, key: str, n: int, /, **args: Any) -> str:
    """The plural form of ``key`` for the count ``n`` (``ngettext``), with ``n`` and ``args`` filled in."""
    code = normalize(lang)
    plural = key + PLURAL_SUFFIX
    text = translations(code).ngettext(key, plural, n)
    if text in (key, plural):
        return _missing(code, key)
    return _format(text, {**args, "n": n})
