"""Issue 14: the glossary is the seeds: the seeds' terms the issue names are the catalog's words,
and docs/glossary.md lists every term with its source."""

from __future__ import annotations

from pathlib import Path

from meeple.i18n.catalog import entries

GLOSSARY = Path(__file__).resolve().parents[2] / "docs" / "glossary.md"
SEED_TERMS = ("瘟疫方塊", "老鼠標記", "隔離室", "工房", "名聲軌", "主教區", "宮殿", "市政廳", "影響力",
              "帆船", "倉庫", "造船廠", "印加文物", "氣閘", "休眠間", "廢料區", "氦-3",
              "墨西拿 1347", "特魯瓦", "航海新世界", "月海礦場")


def test_i18n_the_issues_seed_terms_are_the_catalogs_words() -> None:
    """Issue 14: each seed term the issue names is used by the zh_TW catalog and in the glossary."""
    texts = "\n".join(str(v) for v in entries("zh_TW").values())
    glossary = GLOSSARY.read_text(encoding="utf-8")
    for term in SEED_TERMS:
        assert term in texts, term
        assert f"| {term} |" in glossary, term


def test_i18n_glossary_rows_name_a_source() -> None:
    """Issue 14: every glossary row has English, Traditional Chinese and where the term comes from."""
    rows = [line for line in GLOSSARY.read_text(encoding="utf-8").splitlines()
            if line.startswith("| ") and not line.startswith("| English")]
    assert len(rows) > 300
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert len(cells) == 3 and all(cells), row
        assert cells[2].startswith(("seed ", "research (", "translation", "the issue")), row
