"""Issue 14, choosing the language: web from Accept-Language, terminal from --lang, MEEPLE_LANG,
else the locale."""

from __future__ import annotations

import pytest

from meeple.engine import BadSetup
from meeple.i18n.negotiate import (
    UnknownLanguage,
    explicit,
    from_accept_language,
    parse_accept_language,
    terminal_language,
)


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("zh-TW,zh;q=0.9,en-US;q=0.8,en;q=0.7", "zh_TW"),
        ("en-US,en;q=0.9,zh-TW;q=0.8", "en"),
        ("zh-Hant", "zh_TW"),
        ("zh-HK", "zh_TW"),
        ("zh-CN,zh;q=0.9", "zh_TW"),
        ("fr-FR,fr;q=0.9", "en"),
        ("fr-FR,zh-TW;q=0.5", "zh_TW"),
        ("zh-TW;q=0,en", "en"),
        ("*", "en"),
        ("", "en"),
        ("garbage;;;q=x", "en"),
    ],
)
def test_i18n_accept_language_chooses_the_catalog(header: str, lang: str) -> None:
    """Issue 14: the page's default language comes from Accept-Language (q-values honoured)."""
    assert from_accept_language(header) == lang


def test_i18n_accept_language_order_by_quality() -> None:
    assert parse_accept_language("en;q=0.5, zh-TW, fr;q=0.7") == ["zh-TW", "fr", "en"]


def test_i18n_terminal_language_order() -> None:
    """Issue 14: --lang, else MEEPLE_LANG, else the locale, else English."""
    env = {"MEEPLE_LANG": "zh-TW", "LANG": "en_US.UTF-8"}
    assert terminal_language("en", env) == "en"
    assert terminal_language(None, env) == "zh_TW"
    assert terminal_language(None, {"LANG": "zh_TW.UTF-8"}) == "zh_TW"
    assert terminal_language(None, {"LC_ALL": "zh_TW.UTF-8", "LANG": "en_US.UTF-8"}) == "zh_TW"
    assert terminal_language(None, {"LANG": "C.UTF-8"}) == "en"
    assert terminal_language(None, {"LANG": "de_DE.UTF-8"}) == "en"
    assert terminal_language(None, {}) == "en"


@pytest.mark.parametrize("tag", ["zh-TW", "zh_TW", "zh", "ZH-tw", "en", "en-GB"])
def test_i18n_explicit_tags(tag: str) -> None:
    assert explicit(tag) in ("en", "zh_TW")


@pytest.mark.parametrize("tag", ["klingon", "fr", "", "   "])
def test_i18n_unknown_language_is_a_clear_setup_error(tag: str) -> None:
    """Issue 14: an unknown --lang is a BadSetup (one line, exit status 2 on the command line)."""
    with pytest.raises(UnknownLanguage, match="choose one of en, zh-TW") as caught:
        explicit(tag)
    assert isinstance(caught.value, BadSetup)
    with pytest.raises(UnknownLanguage):
        terminal_language(None, {"MEEPLE_LANG": "klingon"})
