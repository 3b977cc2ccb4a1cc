"""Every word a player reads, in Traditional Chinese and in English (issue 14).

``translate(lang, key, **args)`` and ``ntranslate(lang, key, n, **args)`` read the gettext catalogs
(``meeple/locale``); ``render(lang, message)`` renders an event, refusal reason or label carried as
``key`` + ``args``; ``meeple.i18n.components`` names components; ``meeple.i18n.negotiate`` chooses
the language.  This module imports nothing of the games or the engine (they may call it).
"""

from meeple.i18n.catalog import (
    DEFAULT,
    LANGUAGES,
    MissingTranslation,
    entries,
    has,
    normalize,
    ntranslate,
    placeholders,
    translate,
)
from meeple.i18n.render import render

__all__ = [
    "DEFAULT", "LANGUAGES", "MissingTranslation", "entries", "has", "normalize", "ntranslate",
    "placeholders", "render", "translate",
]
