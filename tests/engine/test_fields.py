"""Typed state records (issue 31): every game declares its fields once; clone is derived from the
declaration, and a clone shares nothing mutable with its original."""

from __future__ import annotations

from typing import Any

import pytest

from meeple import games
from meeple.engine.core import State
from meeple.engine.fields import Record, Shared, copier, copy_kind, declared, fingerprint, slots
from tests.engine.conformance import random_game

GAMES = ("luna_maris", "messina", "mundus_novus", "troyes")


class Seat(Record):
    coins: int
    hand: list[int]
    stacks: list[list[int]]
    __slots__ = slots(__annotations__)


class Board(Record):
    seats: list[Seat]
    first: Seat
    spare: Seat | None
    cache: Shared[dict[str, int]]
    order: tuple[int, ...]
    counts: dict[str, int]
    __slots__ = slots(__annotations__)


def _board() -> Board:
    def seat(k: int) -> Seat:
        s = Seat()
        s.coins, s.hand, s.stacks = k, [k], [[k], [k + 1]]
        return s
    b = Board()
    b.seats, b.first, b.spare, b.cache, b.order, b.counts = [seat(0), seat(1)], seat(2), None, {}, (1,), {"a": 1}
    return b


def test_slots_are_the_declared_fields() -> None:
    """A record's slots are read off its annotations: one declaration, no hand-kept list."""
    assert Seat.__slots__ == ("coins", "hand", "stacks")
    assert list(declared(Board)) == ["seats", "first", "spare", "cache", "order", "counts"]


def test_copy_kind_follows_the_declared_type() -> None:
    """Immutables and Shared[...] are shared, containers copied to their declared depth, records cloned."""
    mod = __name__
    assert copy_kind("int", mod) == ("share", False)
    assert copy_kind("tuple[int, ...]", mod) == ("share", False)
    assert copy_kind("Shared[dict[str, int]]", mod) == ("share", False)
    assert copy_kind("list[int]", mod) == ("copy", False)
    assert copy_kind("dict[str, list[int]]", mod) == ("deepdict", False)
    assert copy_kind("list[list[int]] | None", mod) == ("deep", True)
    assert copy_kind("Seat", mod) == ("record", False)
    assert copy_kind("list[Seat]", mod) == ("records", False)


def test_record_clone_shares_nothing_mutable_but_what_is_declared_shared() -> None:
    """A record's clone copies every declared container to its depth and shares ``Shared`` fields."""
    b = _board()
    before = fingerprint(b)
    c = b.clone()
    assert fingerprint(c) == before
    c.seats[0].stacks[1].append(9)
    c.seats[1].hand.append(9)
    c.first.coins = 7
    c.counts["b"] = 2
    assert fingerprint(b) == before
    assert c.cache is b.cache  # shared on purpose
    assert copier(Board) is copier(Board)  # generated once per class


class Ledger(Record):
    by_name: dict[str, list[int]]
    __slots__ = slots(__annotations__)


def test_dict_of_lists_clone_stays_a_dict_and_copies_each_list() -> None:
    """``dict[K, list[V]]`` is copied two levels deep as a dict (each value list copied)."""
    led = Ledger()
    led.by_name = {"a": [1], "b": [2]}
    other = led.clone()
    assert other.by_name == {"a": [1], "b": [2]}
    other.by_name["a"].append(9)
    other.by_name["c"] = []
    assert led.by_name == {"a": [1], "b": [2]}


def _mutate(value: Any, seen: set[int]) -> bool:
    """Change every mutable container reachable from ``value`` in place (records recursed into
    through their declared fields, ``Shared`` fields skipped); whether anything was changed."""
    if id(value) in seen:
        return False
    seen.add(id(value))
    changed = False
    if isinstance(value, Record):
        for name, (ann, _module) in declared(type(value)).items():
            if ann.startswith("Shared["):
                continue
            if hasattr(value, name):
                changed |= _mutate(getattr(value, name), seen)
    elif isinstance(value, list):
        for v in value:
            changed |= _mutate(v, seen)
        value.append(object())
        changed = True
    elif isinstance(value, dict):
        for v in list(value.values()):
            changed |= _mutate(v, seen)
        value[object()] = object()
        changed = True
    elif isinstance(value, set):
        value.add(object())
        changed = True
    elif isinstance(value, tuple):
        for v in value:
            changed |= _mutate(v, seen)
    return changed


def _positions(name: str) -> list[tuple[int, State]]:
    game = games.get(name)
    out = []
    for players in sorted({game.min_players, game.max_players}):
        clones = [s.clone() for s in random_game(game, players, seed=3)]
        for i in sorted({0, len(clones) // 3, 2 * len(clones) // 3, len(clones) - 1}):
            out.append((players, clones[i]))
    return out


@pytest.mark.parametrize("name", GAMES)
def test_clone_mutating_every_declared_field_leaves_the_original(name: str) -> None:
    """issue 31: mutate every declared field of a clone (every container reachable from it, at
    every depth) at positions early, mid and late; the original's fields do not change."""
    for players, state in _positions(name):
        fields = declared(type(state))
        assert fields, f"{name}: the state declares no fields"
        before = fingerprint(state)
        other = state.clone()
        assert fingerprint(other) == before
        for field, (ann, _module) in fields.items():
            if ann.startswith("Shared["):
                continue
            _mutate(getattr(other, field), set())
        after = fingerprint(state)
        changed = [f for (f, v), (_, w) in zip(before, after, strict=True) if v != w]
        assert after == before, (
            f"{name} {players}p at decision {len(state.history)}: mutating a clone changed the "
            f"original's {changed}")


@pytest.mark.parametrize("name", GAMES)
def test_state_declares_its_fields_once(name: str) -> None:
    """issue 31: the state's slots are its declared fields (no hand-kept copy list or slot tuple),
    and the game relies on the derived clone (no ``_copy_into`` of its own)."""
    state = games.get(name).new(games.get(name).min_players, 0)
    cls = type(state)
    slotted: list[str] = []
    for klass in cls.__mro__:
        if klass.__module__.startswith("meeple.games"):
            own = list(klass.__dict__.get("__slots__", ()))
            if "__mypyc_attrs__" in klass.__dict__:  # compiled (make fast): its fields are its C struct
                inherited = {a for base in klass.__mro__[1:] for a in base.__dict__.get("__mypyc_attrs__", ())}
                own = [a for a in klass.__dict__["__mypyc_attrs__"] if a not in inherited]
            slotted += own
    assert sorted(slotted) == sorted(declared(cls)), f"{name}: slots and declared fields differ"
    owners = [k.__qualname__ for k in cls.__mro__ if "_copy_into" in k.__dict__ and k is not State]
    assert owners == [], f"{name}: a hand-written _copy_into remains on {owners}"
