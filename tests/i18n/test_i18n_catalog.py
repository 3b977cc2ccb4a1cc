"""Issue 14: one catalog for every surface, and a missing translation is a test failure.

Every key used anywhere (``pybabel extract -F babel.cfg``) has a non-empty ``en`` and ``zh_TW``
entry whose placeholders match; the check itself fails on a deliberately missing entry; the
compiled ``.mo`` files are those of the ``.po`` sources; plural forms come from ``ngettext``.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from meeple.i18n import MissingTranslation, has, ntranslate, translate
from meeple.i18n.catalog import LOCALE_DIR
from meeple.i18n.check import catalogs, problems, used_keys

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def used() -> set[str]:
    return used_keys(ROOT)


def test_i18n_every_used_key_has_both_languages_with_matching_placeholders(used: set[str]) -> None:
    """Issue 14, catalog completeness: every key pybabel finds in the code, the component tables,
    the games' options and the web client has a non-empty en and zh_TW entry, and the same
    placeholders in both."""
    assert len(used) > 1000
    found = problems(catalogs(), used)
    assert not found, "\n".join(found[:40])


def test_i18n_catalogs_hold_nothing_unused(used: set[str]) -> None:
    """Issue 14: every catalog entry is used (pybabel's update keeps only extracted keys), so the
    counts in the report are real entries."""
    for lang, entries in catalogs().items():
        unused = sorted(set(entries) - used)
        assert not unused, f"{lang}: entries no extractor finds: {unused[:20]}"


def test_i18n_check_fails_on_a_deliberately_missing_entry(used: set[str]) -> None:
    """Issue 14: the completeness check is not vacuous: removing one zh_TW entry, emptying one,
    or changing one's placeholders is reported, each exactly once."""
    base = catalogs()
    removed = {lang: dict(entries) for lang, entries in base.items()}
    del removed["zh_TW"]["troyes.activities.baker.name"]
    assert problems(removed, used) == ["zh_TW: no entry for troyes.activities.baker.name"]
    emptied = {lang: dict(entries) for lang, entries in base.items()}
    emptied["en"]["term.prompt"] = ""
    assert problems(emptied, used) == ["en: empty entry for term.prompt"]
    shifted = {lang: dict(entries) for lang, entries in base.items()}
    shifted["zh_TW"]["term.prompt"] = "座位 {place}> "
    assert problems(shifted, used) == ["placeholders of term.prompt differ: en ['seat']; zh_TW ['place']"]
    unknown = problems(base, used | {"term.no_such_key"})
    assert unknown == ["en: no entry for term.no_such_key", "zh_TW: no entry for term.no_such_key"]


def test_i18n_missing_key_raises_in_strict_mode_and_never_shows_english() -> None:
    """Issue 14: a missing translation is never a silent fallback to English: strict mode (the
    tests) raises, otherwise the key itself shows."""
    with pytest.raises(MissingTranslation, match="term.no_such_key"):
        translate("zh_TW", "term.no_such_key")
    assert not has("zh_TW", "term.no_such_key")


def test_i18n_missing_key_shows_the_key_outside_strict_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 14: outside the tests a missing key shows as itself, never as another language."""
    monkeypatch.delenv("MEEPLE_I18N_STRICT")
    assert translate("zh_TW", "term.no_such_key") == "term.no_such_key"


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_i18n_compiled_catalogs_match_their_sources(lang: str) -> None:
    """Issue 14: the .mo the package loads is the compiled .po (run scripts/i18n.sh after editing)."""
    folder = LOCALE_DIR / lang / "LC_MESSAGES"
    with (folder / "meeple.po").open("rb") as f:
        po = read_po(f, locale=lang)
    mo = read_mo(io.BytesIO((folder / "meeple.mo").read_bytes()))
    def norm(value: object) -> object:
        return tuple(value) if isinstance(value, (list, tuple)) else value

    want = {norm(m.id): norm(m.string) for m in po if m.id and m.string}
    got = {norm(m.id): norm(m.string) for m in mo if m.id}
    assert got == want


def test_i18n_plural_forms_come_from_ngettext() -> None:
    """Issue 14: no more "1 cube(s)": English has two forms chosen by n, Traditional Chinese one."""
    one = ntranslate("en", "term.undone", 1)
    many = ntranslate("en", "term.undone", 3)
    assert "(1 decision kept)" in one and "(3 decisions kept)" in many
    assert translate("en", "term.undone", n=1) == one
    assert "保留 1 個決定" in ntranslate("zh_TW", "term.undone", 1)
    assert "保留 3 個決定" in ntranslate("zh-TW", "term.undone", 3)


def test_i18n_placeholders_fill_in_both_languages() -> None:
    """Issue 14: a key's arguments fill the same placeholders in both languages."""
    assert translate("en", "term.prompt", seat=2) == "seat 2> "
    assert translate("zh_TW", "term.prompt", seat=2) == "座位 2> "
    with pytest.raises(ValueError, match="cannot be filled"):
        translate("en", "term.prompt")
