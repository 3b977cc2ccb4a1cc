"""Issue 15 items 5 and 7: the words the page and the terminal show for view values.

A view value that is a catalog key (Messina's ``now.step``) reads translated in the terminal, and
the view words the web page used to show raw have entries in natural Traditional Chinese.
"""

from __future__ import annotations

import re

import pytest

from meeple.i18n import has, translate
from meeple.terminal_words import Words

CJK = re.compile(r"[\u3400-\u9fff]")

ADDED = ["value.new_lieutenant", "value.upgrade_an_overseer", "value.upgrade_and_advance_an_overseer",
         "value.lost", "value.coronado", "value.ponce_de_leon", "value.pirates", "value.research_bonus",
         "value.pay_iron", "label.night", "web.how_to_play", "web.confirm_action"]


@pytest.mark.parametrize("key", ADDED)
def test_i18n_view_words_have_both_languages(key: str) -> None:
    """Issue 15 item 7: each word the page showed raw has an English and a Chinese entry."""
    assert has("en", key) and has("zh_TW", key)
    args = {"action": "x"} if key == "web.confirm_action" else {}
    assert CJK.search(translate("zh_TW", key, **args)) and not CJK.search(translate("en", key, **args))


def test_i18n_how_to_play_words() -> None:
    """Issue 15 item 4: the link reads "How to play" / "遊戲規則"."""
    assert translate("en", "web.how_to_play") == "How to play"
    assert translate("zh_TW", "web.how_to_play") == "遊戲規則"


def test_i18n_terminal_value_that_is_a_catalog_key() -> None:
    """Issue 15 item 5: ``Words.value`` shows a catalog key (``messina.task.place``) as its
    translation; a dotted text the catalog lacks stays as it is."""
    assert Words("zh_TW").value("messina.task.place") == translate("zh_TW", "messina.task.place")
    assert Words("en").value("messina.task.place") == translate("en", "messina.task.place")
    assert "messina" not in Words("zh_TW").value("messina.task.place")
    assert Words("zh_TW").value("no.such.key") == "no.such.key"
    assert Words("zh_TW").value("pay iron") == translate("zh_TW", "value.pay_iron")
