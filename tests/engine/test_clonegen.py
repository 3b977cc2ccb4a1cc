"""The generated copy functions (issue 31): each game's ``clone.py`` is what
``scripts/gen_clone.py`` writes from the declarations now, the engine uses it, and a module out of
date with the declarations is never used (the copy derived at run time is)."""

from __future__ import annotations

from pathlib import Path

import pytest

from meeple import games
from meeple.engine import clonegen, fields
from meeple.engine.fields import Record, Shared, copier, fingerprint, register, signature, slots

GAMES = ("luna_maris", "messina", "mundus_novus", "troyes")
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", GAMES)
def test_generated_clone_module_matches_the_declarations(name: str) -> None:
    """``meeple/games/<game>/clone.py`` is exactly what the generator writes from the fields
    declared now (run ``python scripts/gen_clone.py`` after changing one)."""
    written = (ROOT / "meeple" / "games" / name / "clone.py").read_text(encoding="utf-8")
    assert written == clonegen.source(clonegen.state_class(name), name), \
        f"meeple/games/{name}/clone.py is out of date: run python scripts/gen_clone.py"


@pytest.mark.parametrize("name", GAMES)
def test_clone_uses_the_generated_functions(name: str) -> None:
    """A position and its seats are copied by the game's generated (compiled) functions, and the
    copy equals the original field for field."""
    module = __import__(f"meeple.games.{name}.clone", fromlist=["register"])
    state = games.get(name).new(games.get(name).max_players, 0)
    assert copier(type(state)).__module__ == module.__name__
    assert fields.cloner(type(state.seats[0])).__module__ == module.__name__
    assert fingerprint(state.clone()) == fingerprint(state)


class Chest(Record):
    coins: int
    gems: list[int]
    __slots__ = slots(__annotations__)


class Vault(Record):
    chests: list[Chest]
    log: Shared[list[int]]
    __slots__ = slots(__annotations__)


def test_a_stale_generated_function_is_not_used() -> None:
    """A copy function written for other declarations than the class has now (a field added
    since) is refused: the copy derived from the declarations runs, and copies every field."""
    def stale(s: Chest) -> Chest:  # written when Chest had only ``coins``
        o = Chest()
        o.coins = s.coins
        return o

    register({Chest: (("coins", "share"),)}, {}, {Chest: stale})
    c = Chest()
    c.coins, c.gems = 1, [2]
    copy = c.clone()
    assert copy.gems == [2] and copy.gems is not c.gems

    def fresh(s: Vault) -> Vault:
        o = Vault()
        o.chests = [x.clone() for x in s.chests]
        o.log = s.log
        return o

    register({Vault: signature(Vault)}, {}, {Vault: fresh})
    assert fields.cloner(Vault) is fresh
