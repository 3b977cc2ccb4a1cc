"""Opcodes and dispatch (issue 31): every game applies a decision through one explicit table from
opcode to handler, and the table refuses a missing, doubled or stray handler."""

from __future__ import annotations

import importlib

import pytest

from meeple import games
from meeple.engine.dispatch import opcodes, table

GAMES = ("luna_maris", "messina", "mundus_novus", "troyes")


def _h1(*_: object) -> None: ...
def _h2(*_: object) -> None: ...


def test_table_refuses_an_opcode_without_a_handler() -> None:
    with pytest.raises(ValueError, match="no handler for OP_B"):
        table({1: "OP_A", 2: "OP_B"}, ((1, _h1),))


def test_table_refuses_two_handlers_for_one_opcode() -> None:
    with pytest.raises(ValueError, match="OP_A has two handlers"):
        table({1: "OP_A"}, ((1, _h1), (1, _h2)))


def test_table_refuses_a_handler_for_no_opcode() -> None:
    with pytest.raises(ValueError, match="for 3, which is no opcode"):
        table({1: "OP_A"}, ((1, _h1), (3, _h2)))


def test_opcodes_refuse_two_names_for_one_number() -> None:
    with pytest.raises(ValueError, match="OP_A and OP_B are both 1"):
        opcodes({"OP_A": 1, "OP_B": 1, "OTHER": 1})


def test_table_is_indexed_by_opcode() -> None:
    t = table({1: "OP_A", 3: "OP_C"}, ((3, _h2), (1, _h1)))
    assert t[1] is _h1 and t[3] is _h2


@pytest.mark.parametrize("name", GAMES)
def test_every_opcode_has_exactly_one_handler(name: str) -> None:
    """Each game's ``rules.HANDLERS`` covers exactly the ``OP_*`` constants of its ``state.py``."""
    state = importlib.import_module(f"meeple.games.{name}.state")
    rules = importlib.import_module(f"meeple.games.{name}.rules")
    declared = opcodes(vars(state))
    assert declared, f"{name}: no OP_* opcodes in state.py"
    assert rules.OPCODES == declared
    handlers = rules.HANDLERS
    for op in declared:
        assert callable(handlers[op]) and handlers[op].__name__ != "_missing", (name, declared[op])
    again = table(declared, ((op, handlers[op]) for op in declared))
    assert again == tuple(handlers)


@pytest.mark.parametrize("name", GAMES)
def test_random_games_reach_every_handler_kind_through_the_table(name: str) -> None:
    """Every opcode random play takes is one of the declared opcodes (none falls outside the table)."""
    from tests.engine.conformance import random_game

    state_mod = importlib.import_module(f"meeple.games.{name}.state")
    declared = opcodes(vars(state_mod))
    game = games.get(name)
    seen: set[int] = set()
    for state in random_game(game, game.min_players, seed=5):
        for action in state.legal_actions():
            data = action.data
            op = data[0] if isinstance(data, tuple) and data else None
            if isinstance(op, int):
                seen.add(op)
    assert seen and seen <= set(declared), sorted(seen - set(declared))
