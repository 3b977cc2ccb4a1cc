"""Issue 14: messages instead of sentences: ``msg(key, **args)`` for the games' events, refusal
reasons and action labels, rendered by every surface in its reader's language."""

from __future__ import annotations

import pytest

from meeple.engine.messages import msg, ref, text_of
from meeple.i18n import MissingTranslation, render


def test_i18n_msg_carries_key_args_and_an_english_fallback() -> None:
    """Issue 14: an event is a key and args, plus the English text for surfaces not converted."""
    m = msg("term.bot_decides", seat=2, bot="random")
    assert m == {"key": "term.bot_decides", "args": {"seat": 2, "bot": "random"},
                 "text": "seat 2 (random) decides"}
    assert render("zh_TW", m) == "座位 2（random 電腦）正在決定"


def test_i18n_a_component_argument_renders_in_the_readers_language() -> None:
    """Issue 14: an argument that names a component is a reference rendered per language."""
    m = msg("engine.illegal.not_legal", action="activate Baker",
            reason=ref("troyes", "activities", "Baker"))
    assert m["args"]["reason"] == {"key": "troyes.activities.baker.name"}
    assert m["text"] == "activate Baker is not legal: Baker"
    assert render("zh-TW", m) == "activate Baker 不合規則：麵包師"


def test_i18n_count_chooses_the_plural_form() -> None:
    """Issue 14: a count named n chooses the plural form (ngettext)."""
    one = msg("engine.illegal.not_legal_now", action="x", seat=0, n=1)
    many = msg("engine.illegal.not_legal_now", action="x", seat=0, n=5)
    assert "(1 legal action;" in one["text"] and "(5 legal actions;" in many["text"]
    assert "共 5 個可執行的動作" in render("zh_TW", many)


def test_i18n_an_unconverted_event_shows_its_text() -> None:
    """Issue 14: surfaces render key+args when present, else the old text."""
    assert render("zh_TW", {"type": "play", "text": "Seat 0 plays"}) == "Seat 0 plays"
    assert text_of("plain", "zh_TW") == "plain"


def test_i18n_a_missing_key_fails_at_the_rules_in_strict_mode() -> None:
    """Issue 14: a rule emitting a key the catalog lacks fails its tests at once."""
    with pytest.raises(MissingTranslation):
        msg("troyes.event.no_such_event", seat=1)
