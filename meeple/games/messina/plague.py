"""The plague (seed 3 對抗瘟疫, and 起始設置 / 下一輪設置 7: the population wheel spreading it):
fire and major fire, cubes removed or left as rats, cubes placed by the wheel."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.messages import event
from meeple.games.messina.buildings import can_staff
from meeple.games.messina.registers import advance_track
from meeple.games.messina.state import D0, NODES
from meeple.games.messina.words import cref, msg, node

if TYPE_CHECKING:
    from meeple.engine.core import Event
    from meeple.games.messina.state import MessinaState


def fire_cost(s: MessinaState) -> tuple[int, int]:
    """Fire tokens per cube and VP per cube removed this round (two and +2 VP in rounds V-VI)."""
    return s.fx.fire[s.round_]


def can_fight(s: MessinaState, p: int) -> bool:
    """Step 3 is a decision while the seat can pay for a cube, or could first staff a workshop
    (whose one-time pay-out may be fire)."""
    k, _ = fire_cost(s)
    seat = s.seats[p]
    if seat.fire + seat.major >= k:
        return True
    return p in s.workshops.owner and can_staff(s, p)


def pay_fire(s: MessinaState, p: int, k: int, major_only: bool) -> None:
    """Pay ``k`` fire tokens: ordinary fire first, major fire when short (or major fire only)."""
    seat = s.seats[p]
    if major_only:
        seat.major -= k
        return
    use = min(k, seat.fire)
    seat.fire -= use
    seat.major -= k - use


def remove_cube(s: MessinaState, p: int, n: int, events: list[Event]) -> None:
    """A cube removed goes back to the supply: +1 popularity (+2 VP in rounds V-VI)."""
    s.cubes[n] -= 1
    s.cube_supply += 1
    _, vp = fire_cost(s)
    s.seats[p].vp += vp
    advance_track(s, p, 0, 1, events)


def leave_plague(s: MessinaState, p: int, n: int, events: list[Event]) -> None:
    """The fight ends: one rat per cube left (the cubes stay)."""
    left = s.cubes[n]
    if left:
        s.seats[p].rats += left
        events.append(event("rat", msg("messina.event.rat", seat=p, n=left, node=node(s, n)), seat=p))


def apply_stop(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 對抗瘟疫: the fight may stop at any time; a rat per cube left."""
    task = s.tasks.pop()
    leave_plague(s, task[1], task[2], events)


def apply_douse(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 對抗瘟疫: fire removes one cube of the hex (ordinary fire first)."""
    fight_cubes(s, False, -1, events)


def apply_major(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    """Seed 對抗瘟疫: a major fire removes a cube of the hex and one of a neighbouring district."""
    fight_cubes(s, True, data[1], events)


def fight_cubes(s: MessinaState, major: bool, also: int, events: list[Event]) -> None:
    """Pay the round's fire, remove the cube(s); the fight ends when the hex is clear, or with a rat
    per cube left once the seat can pay no more."""
    task = s.tasks[-1]
    p, n = task[1], task[2]
    k, _ = fire_cost(s)
    pay_fire(s, p, k, major)
    remove_cube(s, p, n, events)
    if major:
        remove_cube(s, p, also, events)
    events.append(event("fight", msg("messina.event.fight", seat=p, node=node(s, n)), seat=p))
    if s.cubes[n] == 0:
        s.tasks.pop()
    elif not can_fight(s, p):
        s.tasks.pop()
        leave_plague(s, p, n, events)


# --- the population wheel spreads the plague ---------------------------------------------------

def place_cube(s: MessinaState, n: int, events: list[Event]) -> bool:
    """One plague cube from the supply onto node ``n``; a repopulated hex gives its owner a rat
    (seed 活絡城市 5.2, 下一輪設置 step 7)."""
    if s.cube_supply <= 0:
        return False
    s.cube_supply -= 1
    s.cubes[n] += 1
    owner = s.owner[n]
    if owner >= 0:
        s.seats[owner].rats += 1
        events.append(event("rat", msg("messina.event.rat.repopulated", seat=owner, node=node(s, n)), seat=owner))
    return True


def wheel_turn(s: MessinaState, citizens: bool, events: list[Event]) -> None:
    """Turn the population wheel one segment: plague on every district with its rat, then one
    citizen of each class on every district of that class's colour (seed 起始設置; supply-limited)."""
    wheel = s.tables.wheel
    s.wheel = (s.wheel + 1) % len(wheel)
    seg = wheel[s.wheel]
    fx = s.fx
    ntile = s.ntile
    hex_rat = fx.hex_rat
    placed = 0
    for n in range(D0, NODES):
        t = ntile[n]
        if t >= 0 and hex_rat[t] == seg.rat and place_cube(s, n, events):
            placed += 1
    if citizens:
        supply = s.cit_supply
        hex_colour = fx.hex_colour
        for k in range(3):
            colour = seg.colours[k]
            on = s.citizens[k]
            for n in range(D0, NODES):
                t = ntile[n]
                if t >= 0 and hex_colour[t] == colour and supply[k] > 0:
                    supply[k] -= 1
                    on[n] += 1
    segment = cref("wheel", seg.name)
    events.append(event("wheel", (msg("messina.event.wheel.citizens", segment=segment, n=placed) if citizens
                      else msg("messina.event.wheel", segment=segment, n=placed)), segment=s.wheel))


__all__ = ["apply_douse", "apply_major", "apply_stop", "can_fight", "fight_cubes", "fire_cost", "leave_plague", "pay_fire", "place_cube", "remove_cube",
           "wheel_turn"]
