"""The next round's set-up (seed 下一輪設置 steps 1-7): lieutenants lie down, citizens on plague hexes
die, the new turn order, ships, a new neighbourhood, the round V workshop swap, the wheel."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.messages import event
from meeple.games.messina.city import add_new_hex
from meeple.games.messina.plague import wheel_turn
from meeple.games.messina.ships import ship_arrives
from meeple.games.messina.state import (
    CHURCH,
    CITY,
    D0,
    LOC_ESTATE,
    NODES,
    NP,
    POP,
    READY,
    TRACK_STAMP,
    VP,
    WG_W,
)
from meeple.games.messina.words import cref, msg

if TYPE_CHECKING:
    from meeple.engine.core import Event
    from meeple.games.messina.state import MessinaState


def turn_order(s: MessinaState, rnd: int) -> tuple[int, ...]:
    """Seed 下一輪設置 step 4: order by the round's register; ties go to the disc on top."""
    how = s.tables.rounds[rnd - 1].order_by
    pi = s.pi
    seats = list(range(s.players))
    if how in ("city", "church", "popularity"):
        track = {"popularity": 0, "city": 1, "church": 2}[how]
        pos = (POP, CITY, CHURCH)[track]
        st = TRACK_STAMP[track]
        seats.sort(key=lambda p: (pi[p * NP + pos], pi[p * NP + st]), reverse=True)
        return tuple(seats)
    if how == "lowest_score":
        prev = {p: i for i, p in enumerate(s.order)}
        seats.sort(key=lambda p: (pi[p * NP + VP], prev[p]))
        return tuple(seats)
    return s.order


def next_round(s: MessinaState, events: list[Event]) -> None:
    """Seed 下一輪設置 steps 1-7."""
    s.round_ += 1
    rnd = s.round_
    info = s.tables.rounds[rnd - 1]
    events.append(event("round", msg("messina.event.round", round=cref("rounds", info.name)), round=rnd))
    # 2. lay every lieutenant down (recalled ones in the estate become usable again)
    lt = s.lt
    for i in range(0, len(lt), 2):
        if lt[i] >= LOC_ESTATE:
            lt[i + 1] = READY
    s.used = [0] * NODES
    # 3. citizens on plague hexes die
    for n in range(D0, NODES):
        if s.cubes[n] and s.ntile[n] >= 0:
            for k in range(3):
                c = s.cit[n * 3 + k]
                if c:
                    s.cit_supply[k] += c
                    s.cit[n * 3 + k] = 0
    # 4. turn order
    s.order = turn_order(s, rnd)
    # 5. ships, 6. a new neighbourhood next to the first drawn harbour
    ships = info.ships_2p if s.players == 2 else info.ships
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
    wg = s.wg
    for i in range(0, len(wg), WG_W):
        wg[i + 2] = 0


def swap_workshops(s: MessinaState, events: list[Event]) -> None:
    """Round V set-up: the phase I workshop stacks leave; the phase II stacks come out (seed 工房)."""
    s.ws_st = s.ws2_st
    s.ws2_st = ((), (), ())
    s.ws_known = (0, 0, 0)
    s.ws_phase = 2
    s.reveals += 1
    events.append(event("workshops", msg("messina.event.workshops")))


__all__ = ["next_round", "swap_workshops", "turn_order"]
