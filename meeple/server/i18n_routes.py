"""The catalog for the browser (issue 14): ``GET /api/i18n`` and ``GET /api/i18n/{lang}``.

The page's interface strings, view labels, game titles, lobby options and component names all come
from the same gettext catalog as the terminal's (``meeple/locale``); ``static/i18n.js`` loads it.
``app.py`` includes this router with ``app.include_router(i18n_router)``.

- ``GET /api/i18n``: ``{"lang": ..., "languages": [...]}``, the language ``Accept-Language`` asks for
  (the page's default until the reader picks one with the header's switch).
- ``GET /api/i18n/{lang}`` (``en``, ``zh-TW``, ``zh_TW``, ``zh``): ``{"lang", "tag", "messages",
  "names", "options"}``: every catalog entry (a plural entry as its list of forms); for views that
  still hold English component names, English name -> name in that language; per game, its lobby
  options' names, descriptions and choices in that language.  An unknown language is a
  404 with ``{"error": ...}``.
"""

from __future__ import annotations

import functools
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from meeple import games
from meeple.i18n import LANGUAGES, entries, has, translate
from meeple.i18n.components import names_index, slug
from meeple.i18n.negotiate import UnknownLanguage, explicit, from_accept_language

i18n_router = APIRouter()

TERMINAL_ONLY = "term."


def tag(lang: str) -> str:
    """The BCP 47 tag of a catalog language (``zh_TW`` -> ``zh-TW``)."""
    return lang.replace("_", "-")


@functools.cache
def payload(lang: str) -> dict[str, Any]:
    """What ``/api/i18n/{lang}`` answers for a catalog language (built once per process)."""
    messages: dict[str, Any] = {}
    for key, text in entries(lang).items():
        if key.startswith(TERMINAL_ONLY):
            continue
        messages[key] = list(text) if isinstance(text, tuple) else text
    names: dict[str, str] = {}
    options: dict[str, dict[str, Any]] = {}
    for name in games.names():
        game = games.get(name)
        for english, translated in names_index(lang, game).items():
            names.setdefault(english, translated)
        options[name] = option_texts(lang, game)
    return {"lang": lang, "tag": tag(lang), "messages": messages, "names": names, "options": options}


def option_texts(lang: str, game: Any) -> dict[str, Any]:
    """A game's lobby options in ``lang``: per option its name, description and choices' texts
    (with the English description the server's ``/api/games`` still sends, to recognise it)."""
    out: dict[str, Any] = {}
    for key, option in game.options.items():
        base = f"game.{game.name}.option.{key}"
        if not has(lang, base + ".name"):
            continue
        choice_keys = {str(c): base + ".choice." + slug(str(c)) for c in option.choices or ()}
        choices = {c: translate(lang, k) for c, k in choice_keys.items() if has(lang, k)}
        out[key] = {"name": translate(lang, base + ".name"), "doc": translate(lang, base + ".doc"),
                    "english": option.doc, "choices": choices}
    return out


@i18n_router.get("/api/i18n")
async def api_i18n_default(request: Request) -> dict[str, Any]:
    lang = from_accept_language(request.headers.get("accept-language"))
    return {"lang": lang, "tag": tag(lang), "languages": [tag(code) for code in LANGUAGES]}


@i18n_router.get("/api/i18n/{lang}")
async def api_i18n(lang: str) -> JSONResponse:
    try:
        code = explicit(lang)
    except UnknownLanguage as exc:
        return JSONResponse({"error": str(exc)}, status_code=404)
    return JSONResponse(payload(code), headers={"Cache-Control": "no-cache"})
