"""The players' "How to play" pages on the web (issue 15): ``/rules/{game}`` and ``/api/rules``.

- ``GET /rules/{game}?lang=zh-TW|en``: the game's rules page as HTML, styled like the site
  (``/static/style.css``). The language comes from ``lang``, else the ``meeple_lang`` cookie, else
  ``Accept-Language``. An unknown game is a 404 page, an unknown ``lang`` a 400 page.
- ``GET /api/rules``: every page, per game its title and URL in each language.

``app.py`` includes this router with ``app.include_router(howto_router)``.
"""

from __future__ import annotations

import functools
import html
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from markdown_it import MarkdownIt

from meeple import howto
from meeple.i18n.negotiate import UnknownLanguage, explicit, from_accept_language

howto_router = APIRouter()

_MD = MarkdownIt("commonmark", {"html": False, "typographer": False}).enable("table")

_WORDS = {
    "en": {"lobby": "Lobby", "rules": "How to play", "other": "Other games", "unknown": "No such page"},
    "zh_TW": {"lobby": "大廳", "rules": "遊戲規則", "other": "其他遊戲", "unknown": "找不到這一頁"},
}

_STYLE = """
.howto { max-width: 52rem; margin: 0 auto; line-height: 1.6; }
.howto h1 { margin: .4rem 0 .8rem; }
.howto h2 { margin: 1.6rem 0 .5rem; border-bottom: 1px solid var(--line, #ddd); }
.howto table { border-collapse: collapse; margin: .6rem 0; font-size: .92rem; display: block; overflow-x: auto; }
.howto th, .howto td { border-bottom: 1px solid var(--line, #ddd); padding: .3rem .5rem; text-align: left; vertical-align: top; }
.howto th { background: #f7efe2; }
.howto code { background: #efe6d6; border-radius: 4px; padding: 0 .25rem; }
.howto nav.games { font-size: .9rem; margin-bottom: .6rem; }
.howto td:first-child, .howto th:first-child { white-space: nowrap; }
"""


def tag(lang: str) -> str:
    """The BCP 47 tag of a catalog language (``zh_TW`` -> ``zh-TW``)."""
    return lang.replace("_", "-")


def url(game: str, lang: str) -> str:
    """The page's address in a language."""
    return f"/rules/{game}?lang={tag(lang)}"


def choose_language(query: str | None, cookie: str | None, accept: str | None) -> str:
    """The page language: the query (an unknown one raises ``UnknownLanguage``), else the
    ``meeple_lang`` cookie (ignored when unknown), else ``Accept-Language``."""
    if query:
        return howto.language(query)
    if cookie:
        try:
            return howto.language(explicit(cookie))
        except UnknownLanguage:
            pass
    found = from_accept_language(accept)
    return found if found in howto.LANGUAGES else "en"


@functools.cache
def rendered(game: str, lang: str) -> str:
    """The page body as HTML (built once per process)."""
    return _MD.render(howto.page(game, lang))


def _document(lang: str, title: str, body: str, game: str | None) -> str:
    words = _WORDS[lang]
    switch = " · ".join(
        f'<a href="{url(game, code)}" hreflang="{tag(code)}">{"繁體中文" if code == "zh_TW" else "English"}</a>'
        for code in howto.LANGUAGES) if game else ""
    others = " · ".join(
        f'<a href="{url(name, lang)}">{html.escape(howto.title(name, lang))}</a>'
        for name in howto.GAMES if name != game)
    return f"""<!doctype html>
<html lang="{tag(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)} · meeple</title>
<link rel="stylesheet" href="/static/style.css">
<style>{_STYLE}</style>
</head>
<body>
<header class="topbar">
  <a class="brand" href="/">meeple</a>
  <nav><a href="/">{words["lobby"]}</a></nav>
  <div class="spacer"></div>
  <span class="lang">{switch}</span>
</header>
<main><article class="howto">
<nav class="games">{words["other"]}{"：" if lang == "zh_TW" else ": "}{others}</nav>
{body}
</article></main>
</body>
</html>
"""


@howto_router.get("/rules/{game}", include_in_schema=False, response_class=HTMLResponse)
async def rules_page(game: str, request: Request, lang: str | None = None) -> HTMLResponse:
    try:
        code = choose_language(lang, request.cookies.get("meeple_lang"), request.headers.get("accept-language"))
    except UnknownLanguage as exc:
        body = f"<h1>{_WORDS['en']['unknown']}</h1><p>{html.escape(str(exc))}</p>"
        return HTMLResponse(_document("en", _WORDS["en"]["unknown"], body, None), status_code=400)
    if game not in howto.GAMES:
        message = f"no rules page for game {game!r}: choose one of {', '.join(howto.GAMES)}"
        body = f"<h1>{_WORDS[code]['unknown']}</h1><p>{html.escape(message)}</p>"
        return HTMLResponse(_document(code, _WORDS[code]["unknown"], body, None), status_code=404)
    return HTMLResponse(_document(code, howto.title(game, code), rendered(game, code), game))


@howto_router.get("/api/rules")
async def api_rules() -> dict[str, Any]:
    return {"games": [
        {"game": name, "pages": [{"lang": tag(code), "title": howto.title(name, code), "url": url(name, code)}
                                 for code in howto.LANGUAGES]}
        for name in howto.GAMES]}
