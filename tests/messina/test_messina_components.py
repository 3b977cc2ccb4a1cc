"""Component tables: counts from the box, stand-ins listed, component packs (seed 遊戲設置)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from meeple.engine.components import apply_pack, dump_pack, tables_hash
from meeple.games.messina import GAME
from meeple.games.messina.components import TABLES
from tests.messina.messina_helpers import districts, new

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules" / "messina.md"


def test_component_counts_match_the_box() -> None:
    """遊戲設置: 20 districts (2 B), 4 harbours, 9 ships, 15 cabin improvements, 33 workshops,
    10 wagons numbered 1-5 twice."""
    t = GAME.default_tables()
    assert len(t.hexes) == 20 and sum(1 for h in t.hexes if h.cls == "B") == 2
    assert len(t.harbours) == 4 and len(t.ships) == 9 and len(t.cabins) == 15
    assert len(t.workshops) == 33 and len(t.wagons) == 10
    assert sorted(w.number for w in t.wagons) == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    assert len(t.estate) == 18 and all(sum(1 for s in t.estate if s.cls == c) == 6 for c in range(3))
    assert [r.penalty for r in t.rat_penalty[:10]] == [0, 1, 2, 4, 7, 10, 13, 16, 18, 21]


def test_every_table_entry_has_english_and_chinese_names() -> None:
    """Components carry an English name and the seed's Chinese term."""
    for name, table in TABLES.items():
        for entry in table:
            assert entry.name and entry.zh, f"{name}: {entry}"


def test_stand_ins_are_listed_and_documented() -> None:
    """Every stand-in is listed by the game and in the rules document."""
    lines = GAME.stand_ins()
    assert len(lines) >= 15 and all("STAND_IN" in line for line in lines)
    doc = DOC.read_text(encoding="utf-8")
    assert "## Stand-ins" in doc
    for table in ("hexes", "wheel", "ships", "cabins", "workshops", "wagons", "registers", "estate", "scrolls"):
        assert any(line.startswith(table) for line in lines), table


def test_a_component_pack_replaces_a_table() -> None:
    """Component packs: the dumped tables load back unchanged, and a changed table changes play."""
    t = GAME.default_tables()
    again = apply_pack(t, tomllib.loads(dump_pack(t)))
    assert tables_hash(again) == tables_hash(t)
    richer = t.replace(start=(t.start[0]._replace(coins=9),))
    s = GAME.new(2, seed=1, tables=richer)
    assert s.seats[0].coins == 9 and len(districts(s)) == len(districts(new(2, 1)))
