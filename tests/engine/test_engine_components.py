"""Component packs: a person who owns the box replaces printed tables (issue 2, "Component packs")."""

from __future__ import annotations

from pathlib import Path

import pytest

import meeple
from meeple.engine import BadSetup, load_pack, tables_hash
from tests.engine.tinygame import GAME as HILO

GOOD = "\n".join(f'[[cards]]\nname = "c{v}"\nvalue = {v * 2}\nzh = "牌"\n' for v in range(1, 13))


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "pack.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_pack_replaces_a_table_and_changes_play(tmp_path: Path) -> None:
    """A valid pack replaces the table; the game reads the new values."""
    tables = load_pack(HILO.default_tables(), write(tmp_path, GOOD))
    assert [c.value for c in tables.cards] == [v * 2 for v in range(1, 13)]
    state = HILO.new(2, seed=1, tables=tables)
    assert all(v % 2 == 0 for v in state.view(0)["hand"])


@pytest.mark.parametrize(
    ("text", "named"),
    [
        (GOOD.replace('zh = "牌"\n', 'zh = "牌"\ncolour = "red"\n', 1), "colour"),
        (GOOD.replace('zh = "牌"\n', "", 1), "zh"),
        (GOOD.replace("value = 2\n", 'value = "two"\n', 1), "value"),
        (GOOD.replace("[[cards]]", "[[dice]]", 1), "dice"),
        ("\n".join(GOOD.split("\n")[:5]), "12 entries"),
        ("this is = = not toml", "TOML"),
    ],
    ids=["unknown-field", "missing-field", "wrong-type", "unknown-table", "wrong-count", "not-toml"],
)
def test_bad_pack_is_refused_naming_the_problem(tmp_path: Path, text: str, named: str) -> None:
    """Unknown or missing fields, wrong types, unknown tables: a clear error, nothing half-loaded."""
    before = HILO.default_tables()
    with pytest.raises(BadSetup, match=named):
        load_pack(before, write(tmp_path, text))
    assert [c.value for c in HILO.default_tables().cards] == list(range(1, 13))


def test_missing_pack_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(BadSetup, match="not found"):
        load_pack(HILO.default_tables(), tmp_path / "nope.toml")


def test_record_carries_the_pack_hash_and_replay_needs_the_same_pack(tmp_path: Path) -> None:
    """A record made with a pack replays only with that pack (ENGINE.md, "Components are data")."""
    tables = load_pack(HILO.default_tables(), write(tmp_path, GOOD))
    state = HILO.new(2, seed=4, tables=tables)
    state.apply(state.legal_actions()[0])
    record = state.record()
    assert record["components"] == tables_hash(tables) != tables_hash(HILO.default_tables())
    with pytest.raises(BadSetup, match="components"):
        meeple.replay(record)
    assert meeple.replay(record, tables).record() == record


def test_every_game_ships_named_tables_and_lists_its_stand_ins() -> None:
    """Each game's components are NamedTuple tables with an English name; stand-ins are listed."""
    for name in meeple.games.names():
        game = meeple.games.get(name)
        tables = game.default_tables()
        assert len(tables) > 0, name
        for table, rows in tables.items():
            assert isinstance(rows, tuple), (name, table)
            for row in rows:
                assert hasattr(row, "_fields"), (name, table)
        assert all(isinstance(s, str) and s for s in game.stand_ins()), name


@pytest.mark.parametrize("name", meeple.games.names())
def test_every_game_round_trips_through_a_pack(name: str) -> None:
    """``meeple components GAME`` writes a pack that loads back to the very same tables."""
    import tomllib

    from meeple.engine.components import apply_pack, dump_pack

    game = meeple.games.get(name)
    tables = game.default_tables()
    again = apply_pack(tables, tomllib.loads(dump_pack(tables)))
    assert tables_hash(again) == tables_hash(tables)
    assert all(again[t] == tables[t] for t in tables)
