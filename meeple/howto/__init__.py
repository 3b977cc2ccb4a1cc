"""Players' "How to play" pages (issue 15): one Markdown page per game and language.

The pages are package data, ``meeple/howto/<game>.<lang>.md`` (``lang`` a catalog language:
``en``, ``zh_TW``). ``page(game, lang)`` reads one; the web (``meeple.server.howto_routes``) and the
terminal (``meeple.cli_rules``) show them.  They describe the rules as this app plays them, with the
numbers of the printed component tables (tests hold the two together).
"""

from __future__ import annotations

from importlib import resources

from meeple.engine.errors import BadSetup
from meeple.i18n.negotiate import explicit

GAMES: tuple[str, ...] = ("messina", "troyes", "mundus_novus", "luna_maris")
LANGUAGES: tuple[str, ...] = ("en", "zh_TW")

#: The page sections every page has, as (English, Traditional Chinese) heading words.
SECTIONS: tuple[tuple[str, str], ...] = (
    ("Goal", "目標"),
    ("Setup", "遊戲設置"),
    ("A round", "遊戲流程"),
    ("Actions", "行動"),
    ("End of the game and scoring", "遊戲結束與計分"),
    ("In this app", "在本程式中"),
)


class UnknownPage(BadSetup):
    """A rules page asked for a game that has none (a ``BadSetup``: one line, exit status 2)."""


def language(lang: str | None) -> str:
    """The page language for ``lang`` (``zh-TW``, ``zh_TW``, ``zh``, ``en``); English when ``None``.

    An unknown language raises ``UnknownLanguage`` (a ``BadSetup``)."""
    if lang is None:
        return "en"
    found = explicit(lang)
    return found if found in LANGUAGES else "en"


def page(game: str, lang: str = "en") -> str:
    """The Markdown text of ``game``'s page in catalog language ``lang``."""
    if game not in GAMES:
        raise UnknownPage(f"no rules page for game {game!r}: choose one of {', '.join(GAMES)}")
    code = language(lang)
    return resources.files(__package__).joinpath(f"{game}.{code}.md").read_text(encoding="utf-8")


def title(game: str, lang: str = "en") -> str:
    """The page's first heading (the game's name in that language)."""
    for line in page(game, lang).splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return game
