"""Helpers for the Messina 1347 tests: build states and put them at a chosen decision."""

from __future__ import annotations

from meeple.games.messina import GAME
from meeple.games.messina.state import (
    D0,
    DOCK0,
    LOC_ESTATE,
    NODES,
    READY,
    ST_TURNS,
    MessinaState,
    Wagons,
    Workshops,
    replaced,
)

TRACKS = ("popularity", "city", "church")


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
        s.cit_supply[k] += sum(s.citizens[k])
    s.citizens = [[0] * NODES for _ in range(3)]
    s.docks = ((), (), (), ())
    return s


def put_lieutenant(s: MessinaState, seat: int, i: int, where: int, status: int = READY) -> None:
    s.seats[seat].lt_where[i] = where
    s.seats[seat].lt_status[i] = status


def all_in_estate(s: MessinaState) -> None:
    for p in range(s.players):
        for i in range(3):
            put_lieutenant(s, p, i, LOC_ESTATE)


def give(s: MessinaState, seat: int, what: str, amount: int) -> None:
    """Set a seat's value: a ``Seat`` int field (``"coins"``, ``"vp"``, ...), a register
    (``"popularity"``, ``"city"``, ``"church"``), ``"scroll<k>"`` or ``"cargo<k>"``."""
    st = s.seats[seat]
    if what in TRACKS:
        st.track[TRACKS.index(what)] = amount
    elif what.startswith("scroll"):
        st.scrolls = replaced(st.scrolls, int(what[6:]), amount)
    elif what.startswith("cargo"):
        st.cargo = replaced(st.cargo, int(what[5:]), amount)
    else:
        assert isinstance(getattr(st, what), int), what
        setattr(st, what, amount)


def get(s: MessinaState, seat: int, what: str) -> int:
    """A seat's value, named as in ``give``."""
    st = s.seats[seat]
    if what in TRACKS:
        return st.track[TRACKS.index(what)]
    if what.startswith("scroll"):
        return st.scrolls[int(what[6:])]
    if what.startswith("cargo"):
        return st.cargo[int(what[5:])]
    value = getattr(st, what)
    assert isinstance(value, int), what
    return value


def slot(s: MessinaState, seat: int, name: str, value: int) -> None:
    k = [e.name for e in s.tables.estate].index(name)
    s.seats[seat].estate[k] = value


def estate(s: MessinaState, seat: int, name: str) -> int:
    k = [e.name for e in s.tables.estate].index(name)
    return s.seats[seat].estate[k]


def coins(s: MessinaState, seat: int) -> int:
    return s.seats[seat].coins


def add_workshop(s: MessinaState, owner: int, tile: int, citizen: int = -1, paid: int = 0) -> int:
    """A built workshop entry; its index."""
    ws = s.workshops
    s.workshops = Workshops(ws.owner + (owner,), ws.tile + (tile,), ws.citizen + (citizen,), ws.paid + (paid,))
    return len(ws.owner)


def add_wagon(s: MessinaState, owner: int, tile: int, exhausted: int = 0) -> int:
    """A built wagon entry; its index."""
    wg = s.wagons
    s.wagons = Wagons(wg.owner + (owner,), wg.tile + (tile,), wg.exhausted + (exhausted,))
    return len(wg.owner)


def set_cabin(s: MessinaState, seat: int, k: int, citizen: int, stage: int, tile: int) -> None:
    st = s.seats[seat]
    st.cabin_citizen = replaced(st.cabin_citizen, k, citizen)
    st.cabin_stage = replaced(st.cabin_stage, k, stage)
    st.cabin_tile = replaced(st.cabin_tile, k, tile)


def cabin(s: MessinaState, seat: int, k: int) -> list[int]:
    """Cabin ``k``: [citizen, stage, improvement tile]."""
    st = s.seats[seat]
    return [st.cabin_citizen[k], st.cabin_stage[k], st.cabin_tile[k]]


def set_overseer(s: MessinaState, seat: int, cls: int, steps: int, petal: int, upgraded: int) -> None:
    st = s.seats[seat]
    st.overseer_steps = replaced(st.overseer_steps, cls, steps)
    st.overseer_petal = replaced(st.overseer_petal, cls, petal)
    st.overseer_upgraded = replaced(st.overseer_upgraded, cls, upgraded)


def overseer(s: MessinaState, seat: int, cls: int) -> list[int]:
    """Overseer ``cls``: [steps, petal, upgraded]."""
    st = s.seats[seat]
    return [st.overseer_steps[cls], st.overseer_petal[cls], st.overseer_upgraded[cls]]


def citizens_on(s: MessinaState, n: int) -> list[int]:
    """The citizens on node ``n``, by class."""
    return [s.citizens[k][n] for k in range(3)]


__all__ = ["DOCK0", "D0"]
