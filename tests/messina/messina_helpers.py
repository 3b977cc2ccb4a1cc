"""Helpers for the Messina 1347 tests: build states and put them at a chosen decision."""

from __future__ import annotations

from meeple.games.messina import GAME
from meeple.games.messina.state import (
    COIN,
    D0,
    DOCK0,
    LOC_ESTATE,
    MAXLT,
    NODES,
    NP,
    READY,
    SLOTS,
    ST_TURNS,
    MessinaState,
)


def new(players: int = 2, seed: int = 1, **options: str) -> MessinaState:
    s = GAME.new(players, seed=seed, options=options)
    assert isinstance(s, MessinaState)
    return s


def node(s: MessinaState, name: str) -> int:
    return s.nname.index(name)


def districts(s: MessinaState) -> list[int]:
    return [n for n in range(D0, NODES) if s.ntile[n] >= 0]


def at(s: MessinaState, *tasks: tuple[int, int, int, int, int]) -> MessinaState:
    """Put ``s`` at the given task stack (last = the decision now)."""
    s.tasks = list(tasks)
    s.stage = ST_TURNS
    s.in_turn = tasks[0][1]
    s._legal_cache = None
    s._memo = None
    return s


def legal(s: MessinaState) -> list[str]:
    return [a.notation for a in s.legal_actions()]


def clear_board(s: MessinaState) -> MessinaState:
    """No plague, no citizens, no ships anywhere (the cubes go back to the supply)."""
    s.cube_supply += sum(s.cubes) + sum(code & 1 for d in s.docks for code in d)
    s.cubes = [0] * NODES
    for k in range(3):
        s.cit_supply[k] += sum(s.cit[n * 3 + k] for n in range(NODES))
    s.cit = [0] * (NODES * 3)
    s.docks = ((), (), (), ())
    return s


def put_lieutenant(s: MessinaState, seat: int, i: int, where: int, status: int = READY) -> None:
    s.lt[(seat * MAXLT + i) * 2] = where
    s.lt[(seat * MAXLT + i) * 2 + 1] = status


def all_in_estate(s: MessinaState) -> None:
    for p in range(s.players):
        for i in range(3):
            put_lieutenant(s, p, i, LOC_ESTATE)


def give(s: MessinaState, seat: int, offset: int, amount: int) -> None:
    s.pi[seat * NP + offset] = amount


def slot(s: MessinaState, seat: int, name: str, value: int) -> None:
    k = [e.name for e in s.tables.estate].index(name)
    s.estate[seat * SLOTS + k] = value


def estate(s: MessinaState, seat: int, name: str) -> int:
    k = [e.name for e in s.tables.estate].index(name)
    return s.estate[seat * SLOTS + k]


def get(s: MessinaState, seat: int, offset: int) -> int:
    return s.pi[seat * NP + offset]


def coins(s: MessinaState, seat: int) -> int:
    return s.pi[seat * NP + COIN]


__all__ = ["DOCK0", "D0"]
