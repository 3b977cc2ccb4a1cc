"""The next round's set-up (seed 下一輪設置 steps 1-7): lieutenants lie down, citizens on plague hexes
die, the new turn order, ships, a new neighbourhood, the round V workshop swap, the wheel."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.messages import event
from meeple.games.messina import automa
from meeple.games.messina.city import add_new_hex
from meeple.games.messina.plague import wheel_turn
from meeple.games.messina.ships import ship_arrives
from meeple.games.messina.state import (
    CHURCH,
    CITY,
    D0,
    LOC_ESTATE,
    NODES,
    POPULARITY,
    READY,
)
from meeple.games.messina.words import cref, msg

if TYPE_CHECKING:
    from meeple.engine.core import Event
    from meeple.games.messina.state import MessinaState


def turn_order(s: MessinaState, rnd: int) -> tuple[int, ...]:
    """Seed 下一輪設置 step 4: order by the round's register; ties go to the disc on top."""
    how = s.tables.rounds[rnd - 1].order_by
    players = s.seats
    seats = list(range(s.players))
    if how in ("city", "church", "popularity"):
        track = {"popularity": POPULARITY, "city": CITY, "church": CHURCH}[how]
        seats.sort(key=lambda p: (players[p].track[track], players[p].stamp[track]), reverse=True)
        return tuple(seats)
    if how == "lowest_score":
        prev = {p: i for i, p in enumerate(s.order)}
        seats.sort(key=lambda p: (players[p].vp, prev[p]))
        return tuple(seats)
    return s.order


def next_round(s: MessinaState, events: list[Event]) -> None:
    """Seed 下一輪設置 steps 1-7."""
    s.round_ += 1
    rnd = s.round_
    info = s.tables.rounds[rnd - 1]
    events.append(event("round", msg("messina.event.round", round=cref("rounds", info.name)), round=rnd))
    # 2. lay every lieutenant down (recalled ones in the estate become usable again)
    for seat in s.seats:
        status = seat.lt_status
        for i, where in enumerate(seat.lt_where):
            if where >= LOC_ESTATE:
                status[i] = READY
    s.used = [0] * NODES
    # 3. citizens on plague hexes die
    for n in range(D0, NODES):
        if s.cubes[n] and s.ntile[n] >= 0:
            for k in range(3):
                on = s.citizens[k]
                c = on[n]
                if c:
                    s.cit_supply[k] += c
                    on[n] = 0
    # 4. turn order
    s.order = turn_order(s, rnd)
    # 5. ships, 6. a new neighbourhood next to the first drawn harbour
    ships = info.ships_2p if s.players <= 2 else info.ships
    first = -1
    for k in range(ships):
        h = ship_arrives(s, events)
        if k == 0:
            first = h
    if first >= 0:
        add_new_hex(s, first, events)
    if rnd == 5:
        swap_workshops(s, events)
    # 7. the wheel
    if info.extra_plague:
        wheel_turn(s, False, events)
    if info.wheel:
        wheel_turn(s, True, events)
    wg = s.wagons
    if any(wg.exhausted):
        s.wagons = wg._replace(exhausted=(0,) * len(wg.exhausted))
    if automa.is_solo(s):
        automa.start_round(s, events)


def swap_workshops(s: MessinaState, events: list[Event]) -> None:
    """Round V set-up: the phase I workshop stacks leave; the phase II stacks come out (seed 工房)."""
    s.ws_st = s.ws2_st
    s.ws2_st = ((), (), ())
    s.ws_known = (0, 0, 0)
    s.ws_phase = 2
    s.reveals += 1
    events.append(event("workshops", msg("messina.event.workshops")))


__all__ = ["next_round", "swap_workshops", "turn_order"]
