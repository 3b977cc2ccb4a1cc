"""Ships (seed 移動到船上, 起始設置 and 下一輪設置 5): the harbour selection tiles, ships arriving
with a plague cube, and a lieutenant on the docks taking a ship."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.messages import event
from meeple.games.messina.components import CARGOS
from meeple.games.messina.plague import fire_cost, pay_fire
from meeple.games.messina.registers import advance_track
from meeple.games.messina.state import (
    N_HARBOURS,
    T_OVS,
    T_OVUP,
    T_SHIPFIGHT,
    replaced,
)
from meeple.games.messina.words import CARGO_WORDS, cref, msg

if TYPE_CHECKING:
    from meeple.engine.core import Event
    from meeple.games.messina.state import MessinaState


def draw_selection(s: MessinaState) -> int:
    """The next harbour selection tile; all four are reshuffled once used (seed 其他板塊)."""
    if not s.sel:
        pool = list(s.sel_used)
        s.rng.shuffle(pool)
        s.sel = tuple(pool)
        s.sel_used = ()
    h = s.sel[0]
    s.sel = s.sel[1:]
    s.sel_used = s.sel_used + (h,)
    s.reveals += 1
    return h


def ship_arrives(s: MessinaState, events: list[Event]) -> int:
    """A ship from the stack docks at the drawn harbour (next clockwise if full) with a plague cube.

    A ship never vanishes: when every docks is full (the seed says only that a full harbour sends the
    ship on clockwise; the berth count is a stand-in), it docks at the drawn harbour beyond its berths,
    with its cube, and the event says so."""
    h = draw_selection(s)
    if not s.ship_stack:
        return h
    ship = s.ship_stack[0]
    s.ship_stack = s.ship_stack[1:]
    s.reveals += 1
    berths = s.tables.harbours
    target = h
    crowded = False
    for k in range(N_HARBOURS):
        x = (h + k) % N_HARBOURS
        if len(s.docks[x]) < berths[x].berths:
            target = x
            break
    else:
        crowded = True
    cube = 0
    if s.cube_supply > 0:
        s.cube_supply -= 1
        cube = 1
    docks = list(s.docks)
    docks[target] = docks[target] + (ship * 2 + cube,)
    s.docks = tuple(docks)
    name = cref("ships", s.tables.ships[ship].name)
    where = msg("messina.word.docks", docks=berths[target].docks_name)
    if cube:
        text = (msg("messina.event.ship.plague_crowded", ship=name, docks=where) if crowded
                else msg("messina.event.ship.plague", ship=name, docks=where))
    else:
        text = (msg("messina.event.ship.crowded", ship=name, docks=where) if crowded
                else msg("messina.event.ship", ship=name, docks=where))
    events.append(event("ship", text))
    return h


def apply_take_ship(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 移動到船上: a lieutenant on the docks takes one of the ships there; one carrying a
    plague cube is fought first (else a rat; it leaves anyway)."""
    task = s.tasks.pop()
    p, h = task[1], task[2]
    ships = list(s.docks[h])
    code = ships.pop(data[1])
    docks = list(s.docks)
    docks[h] = tuple(ships)
    s.docks = tuple(docks)
    if code & 1:
        s.tasks.append((T_SHIPFIGHT, p, code >> 1, 1, 0))
    else:
        take_ship(s, p, code >> 1, events)


def apply_ship_douse(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 移動到船上: the ship's cube is fought like a hex's (the round's fire; +1 popularity and
    the round's VP), then the ship is taken."""
    task = s.tasks.pop()
    p = task[1]
    s.cube_supply += 1
    k, vp = fire_cost(s)
    pay_fire(s, p, k, False)
    s.seats[p].vp += vp
    advance_track(s, p, 0, 1, events)
    take_ship(s, p, task[2], events)


def apply_ship_let(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 移動到船上: a ship's cube not fought gives a rat; the ship is taken anyway."""
    task = s.tasks.pop()
    p = task[1]
    s.cube_supply += 1
    s.seats[p].rats += 1
    events.append(event("rat", msg("messina.event.rat.ship", seat=p), seat=p))
    take_ship(s, p, task[2], events)


def take_ship(s: MessinaState, p: int, ship: int, events: list[Event]) -> None:
    """Seed 移動到船上: the ship and its coins go to the seat.  Its cargo (spices, cloth, gems) is
    kept apart (shown in the view); in the basic game every cargo counts as one kind of ship, so the
    ships scroll scores the total (the seed leaves separate cargo scoring to the advanced game)."""
    sh = s.tables.ships[ship]
    seat = s.seats[p]
    seat.coins += sh.coins
    seat.ships += 1
    k = CARGOS.index(sh.cargo)
    seat.cargo = replaced(seat.cargo, k, seat.cargo[k] + 1)
    events.append(event("ship_taken", msg("messina.event.ship_taken", seat=p, ship=cref("ships", sh.name),
                         cargo=CARGO_WORDS[sh.cargo], n=sh.coins), seat=p, cargo=sh.cargo))
    count = seat.ships
    parity = 0 if s.options.get("ship_overseer_parity", "even") == "even" else 1
    if count % 2 == parity:
        if s.options.get("ship_overseer_reward", "advance") == "upgrade":
            s.tasks.append((T_OVUP, p, 0, 0, 0))
        else:
            s.tasks.append((T_OVS, p, 3, 0, 0))


__all__ = ["apply_ship_douse", "apply_ship_let", "apply_take_ship", "draw_selection", "ship_arrives", "take_ship"]
