"""Component packs are checked for ranges and cross-field rules before anything plays (issue 16, item 6).

Before issue 16 a Troyes pack with ``divisor = 0`` made ``simulate`` report every
game as a crash (while ``play`` refused it), and ``hire_cost = -1000``,
``vp_spaces = []`` or ``game = "messina"`` in a Troyes pack were accepted.  The
limits are data in each game's ``components.py`` (``LIMITS``); the engine checks
them in ``load_pack``.
"""

from __future__ import annotations

from pathlib import Path
from typing import get_type_hints

import pytest

import meeple
from meeple.engine import BadSetup, load_pack
from meeple.engine.components import Tables, dump_pack
from meeple.simulate import run_games
from tests.cli.test_cli_errors import assert_one_line, run_main
from tests.engine.tinygame import GAME as HILO


def troyes_pack(tmp_path: Path, table: str, old: str, new: str, header: str = "") -> Path:
    """A Troyes pack of ``table`` with the first ``old`` replaced by ``new``."""
    text = dump_pack(meeple.games.get("troyes").default_tables(), [table])
    assert old in text, old
    path = tmp_path / "pack.toml"
    path.write_text(header + text.replace(old, new, 1), encoding="utf-8")
    return path


def test_simulate_refuses_a_zero_divisor_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 16 item 6: ``divisor = 0`` is refused in one line; no game is played, no crash is saved."""
    pack = troyes_pack(tmp_path, "activities", "divisor = 4", "divisor = 0")
    crashes = tmp_path / "crashes"
    code, out, errtext = run_main(["simulate", "troyes", "--games", "3", "--components", str(pack),
                                   "--crash-dir", str(crashes)], capsys)
    assert_one_line(code, out, errtext, "activities[0] (Blacksmith).divisor must be from 1 to 36, got 0")
    assert not crashes.exists()


def test_arena_refuses_a_bad_pack_before_playing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 16 item 6: arena checks the pack too, before its first game."""
    pack = troyes_pack(tmp_path, "activities", "divisor = 4", "divisor = 0")
    assert_one_line(*run_main(["arena", "troyes", "--games", "2", "--components", str(pack)], capsys),
                    "divisor must be from 1 to 36")


def test_run_games_refuses_a_bad_set_up_instead_of_reporting_crashes() -> None:
    """Issue 16 item 6: the library call refuses too (tables built in code, not from a file)."""
    tables = meeple.games.get("troyes").default_tables()
    bad = tables.replace(activities=(tables.activities[0]._replace(divisor=0),) + tables.activities[1:])
    with pytest.raises(BadSetup, match="divisor"):
        run_games("troyes", 2, 3, ["random", "random"], 0, 1, {}, bad)


@pytest.mark.parametrize(("table", "old", "new", "says"), [
    ("activities", "hire_cost = 3", "hire_cost = -1000", "hire_cost must be from 0 to 99, got -1000"),
    ("activities", "vp_spaces = [2, 1, 1]", "vp_spaces = []", "vp_spaces must have from 1 to 12 values, got 0"),
    ("activities", "colour = 0", "colour = 7", "colour must be from 0 to 2, got 7"),
    ("activities", 'effect = "blacksmith"', 'effect = "teleport"', "effect must be one of"),
    ("activities", 'name = "Militia"', 'name = "Blacksmith"', "'Blacksmith' appears twice"),
    ("events", "vp_second = 2", "vp_second = 9", "vp_second must be at most vp_first (4), got 9"),
    ("events", "follow_up = 1", "follow_up = 5", "follow_up must be from 0 to 2, got 5"),
    ("characters", "points = [1, 2, 4, 6]", "points = [1, 2]", "as many values as thresholds"),
    ("characters", "thresholds = [8, 12, 16, 20]", "thresholds = [8, 30, 16, 20]", "never decrease"),
    ("board", "agriculture_divisor = 2", "agriculture_divisor = 0", "agriculture_divisor must be from 1"),
])
def test_troyes_pack_out_of_its_limits_is_refused(
    tmp_path: Path, table: str, old: str, new: str, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 16 item 6: negative costs, empty lists, unknown colours and names, broken cross-fields."""
    pack = troyes_pack(tmp_path, table, old, new)
    with pytest.raises(BadSetup, match=None) as refused:
        load_pack(meeple.games.get("troyes").default_tables(), pack)
    assert says in str(refused.value)
    assert_one_line(*run_main(["simulate", "troyes", "--games", "1", "--components", str(pack),
                               "--crash-dir", str(tmp_path / "crashes")], capsys), says)


def test_follow_up_minus_one_is_allowed(tmp_path: Path) -> None:
    """Issue 16: ``allow`` exempts a marker value (-1: no follow-up event) from the colour range."""
    pack = troyes_pack(tmp_path, "events", "follow_up = 1", "follow_up = -1")
    assert load_pack(meeple.games.get("troyes").default_tables(), pack).events[0].follow_up == -1


def test_pack_for_another_game_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 16 item 6: ``game = "messina"`` in a Troyes pack is refused; ``game = "troyes"`` loads."""
    pack = troyes_pack(tmp_path, "board", "cathedral_vp = 1", "cathedral_vp = 2", header='game = "messina"\n')
    assert_one_line(*run_main(["simulate", "troyes", "--games", "1", "--components", str(pack)], capsys),
                    "this pack is for the game 'messina', not 'troyes'")
    good = troyes_pack(tmp_path, "board", "cathedral_vp = 1", "cathedral_vp = 2", header='game = "troyes"\n')
    assert load_pack(meeple.games.get("troyes").default_tables(), good).board[0].cathedral_vp == 2


def test_references_to_other_tables_are_checked(tmp_path: Path) -> None:
    """Issue 16 item 6: an index or a code naming no entry of the referred table is refused."""
    messina = meeple.games.get("messina").default_tables()
    text = dump_pack(messina, ["hexes"]).replace("actions = [0]", "actions = [99]", 1)
    path = tmp_path / "m.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BadSetup, match=r"hexes\[0\] \(A01\)\.actions\[0\] must be an index into effects"):
        load_pack(messina, path)
    mundus = meeple.games.get("mundus_novus").default_tables()
    text = dump_pack(mundus, ["developments"]).replace('event = "KH"', 'event = "XX"', 1)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BadSetup, match="must name one of the events"):
        load_pack(mundus, path)
    text = dump_pack(mundus, ["developments"]).replace("band_lo = 1", "band_lo = 8", 1)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BadSetup, match="band_lo must be at most band_hi"):
        load_pack(mundus, path)


SHIPPED = [n for n in meeple.games.names() if type(meeple.games.get(n)).__module__.startswith("meeple.games.")]


@pytest.mark.parametrize("name", SHIPPED)
def test_every_game_declares_limits_its_own_box_meets(name: str) -> None:
    """Issue 16: every integer field (costs, counts, divisors, VP) has a range or reference, and the
    printed tables pass every limit (so limits never refuse the box itself)."""
    from meeple.engine.components import check_limits, limits_of

    tables = meeple.games.get(name).default_tables()
    limits = limits_of(tables)
    check_limits(tables)
    unlimited = []
    for table, rows in tables.items():
        for field, kind in get_type_hints(type(rows[0])).items():
            if kind is int or kind == tuple[int, ...]:
                rule = limits.get(table, {}).get(field)
                if rule is None or (rule.range is None and rule.ref is None and rule.choices is None):
                    unlimited.append(f"{table}.{field}")
    assert unlimited == [], f"{name}: integer fields without a limit: {unlimited}"


def test_limits_are_generic_data_a_new_game_only_declares() -> None:
    """Issue 16: the engine checks any tables against declared data, no game code involved."""
    from meeple.engine.components import FieldLimit, check_limits

    tables: Tables = HILO.default_tables()
    check_limits(tables, {"cards": {"value": (1, 12), "name": {"unique": True}}})
    with pytest.raises(BadSetup, match=r"cards\[5\] \(card 6\)\.value must be at most 5, got 6"):
        check_limits(tables, {"cards": {"value": (None, 5)}}, origin="pack")
    with pytest.raises(ValueError, match="unknown rule 'rnage'"):
        FieldLimit.parse("cards.value", {"rnage": (1, 2)})
    with pytest.raises(ValueError, match="no field 'weight'"):
        check_limits(tables, {"cards": {"weight": (1, 2)}})


@pytest.mark.parametrize(("text", "says"), [
    ("a = " + "[" * 10_000 + "]" * 10_000 + "\n", "nested too deeply"),
    ("[[board]]\nagriculture_divisor = " + "9" * 5000 + "\n", "is not a pack"),
])
def test_deep_or_huge_pack_file_is_one_line(
    tmp_path: Path, text: str, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 16 item 6: a pack file the TOML reader cannot take is one line, like a record."""
    pack = tmp_path / "pack.toml"
    pack.write_text(text, encoding="utf-8")
    assert_one_line(*run_main(["simulate", "troyes", "--games", "1", "--components", str(pack)], capsys), says)


@pytest.mark.parametrize("name", SHIPPED)
def test_printed_pack_loads_back_under_its_limits(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 16: ``meeple components GAME`` (with its ``game = ...`` line) loads back through every
    limit unchanged, so the checks never refuse the box itself."""
    from meeple.engine import tables_hash

    code, out, errtext = run_main(["components", name], capsys)
    assert code == 0, errtext
    path = tmp_path / "pack.toml"
    path.write_text(out, encoding="utf-8")
    box = meeple.games.get(name).default_tables()
    assert tables_hash(load_pack(box, path, game=name)) == tables_hash(box)
