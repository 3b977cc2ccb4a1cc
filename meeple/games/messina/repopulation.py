"""Repopulation (seed 活絡城市): the check, the payment and the citizens paid one by one.

The citizens shown on a hex are paid as a sequence of choices (``pay with C1.2``): first the
upgraded citizens of a given class, then "any upgraded citizen", then the ordinary ones (an
upgraded citizen may pay for an ordinary one).  Only choices that leave the rest payable are offered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.messages import Message, event
from meeple.games.messina.registers import owned_lieutenants
from meeple.games.messina.state import (
    CLASS_SLOTS,
    D0,
    EMPTY,
    LOC_LOST,
    READY,
    T_LTPAY,
    T_PAY,
    replaced,
)
from meeple.games.messina.words import hex_ref, msg

if TYPE_CHECKING:
    from collections.abc import Sequence

    from meeple.engine.core import Event
    from meeple.games.messina.state import MessinaState

# requirement vector: upgraded C, A, N; any upgraded; ordinary C, A, N (3 bits each when packed)
ANY = 3


def pack(req: list[int]) -> int:
    out = 0
    for i, v in enumerate(req):
        out |= v << (3 * i)
    return out


def unpack(code: int) -> list[int]:
    return [(code >> (3 * i)) & 7 for i in range(7)]


def requirement(s: MessinaState, n: int) -> list[int]:
    h = s.tables.hexes[s.ntile[n]]
    return [*h.cost_upgraded, h.cost_any_upgraded, *h.cost_citizens]


def feasible(s: MessinaState, p: int, req: Sequence[int], skip: int = -1) -> bool:
    """Can the estate (less slot ``skip``) pay ``req``? Greedy: ordinary citizens first."""
    est = s.seats[p].estate
    spare = 0
    for c in range(3):
        ordinary = upgraded = 0
        for k in CLASS_SLOTS[c]:
            if k == skip:
                continue
            v = est[k]
            if v == 0:
                ordinary += 1
            elif v == 1:
                upgraded += 1
        upgraded -= req[c]
        if upgraded < 0:
            return False
        short = req[4 + c] - ordinary
        if short > 0:
            upgraded -= short
            if upgraded < 0:
                return False
        spare += upgraded
    return spare >= req[ANY]


def unused_wagon(s: MessinaState, p: int) -> int:
    """The entry of seat ``p``'s first wagon not exhausted this round, -1 if none."""
    exhausted = s.wagons.exhausted
    for i, o in enumerate(s.wagons.owner):
        if o == p and not exhausted[i]:
            return i
    return -1


def can_repopulate(s: MessinaState, p: int, n: int) -> bool:
    """Cheap necessary conditions for a repopulation (the full check is ``repop_plan``)."""
    if s.owner[n] >= 0:
        return False
    fx = s.fx
    coins, wood = fx.hex_cost[s.ntile[n]]
    seat = s.seats[p]
    if seat.coins < coins or seat.wood < wood:
        return False
    if seat.repops >= fx.repop_tokens:
        return False
    return unused_wagon(s, p) >= 0


def repop_plan(s: MessinaState, p: int, n: int) -> tuple[Message | None, int]:
    """Why seat ``p`` cannot repopulate node ``n`` (None: it can), and the wagon entry it would use."""
    if n < D0:
        return msg("messina.refusal.repopulate_district"), -1
    if s.owner[n] >= 0:
        return msg("messina.refusal.repopulated_already"), -1
    t = s.tables
    h = t.hexes[s.ntile[n]]
    seat = s.seats[p]
    if seat.repops >= t.start[0].repopulation_tokens:
        return msg("messina.refusal.no_repopulation_token"), -1
    need: list[Message] = []
    if seat.coins < h.cost_coins:
        need.append(msg("messina.refusal.need_coins", n=h.cost_coins, have=seat.coins))
    if seat.wood < h.cost_wood:
        need.append(msg("messina.refusal.need_wood", n=h.cost_wood, have=seat.wood))
    wagon = unused_wagon(s, p)
    if wagon < 0:
        need.append(msg("messina.refusal.need_wagon"))
    if h.cost_lieutenant and owned_lieutenants(s, p) <= h.cost_lieutenant:
        need.append(msg("messina.refusal.need_lieutenant"))
    if not feasible(s, p, requirement(s, n)):
        need.append(msg("messina.refusal.need_citizens"))
    if need:
        return msg("messina.refusal.repopulate_needs", needs=need), -1
    return None, wagon


def repopulate(s: MessinaState, p: int, n: int, events: list[Event]) -> None:
    """Seed 活絡城市: pay the cost, exhaust a wagon, place your token (a rat if the district has
    plague), then give up a lieutenant where shown and return the citizens (the player's choices)."""
    _, wagon = repop_plan(s, p, n)
    t = s.tables
    h = t.hexes[s.ntile[n]]
    seat = s.seats[p]
    seat.coins -= h.cost_coins
    seat.wood -= h.cost_wood
    wg = s.wagons
    s.wagons = wg._replace(exhausted=replaced(wg.exhausted, wagon, 1))
    s.owner[n] = p
    seat.repops += 1
    if s.cubes[n]:
        seat.rats += 1
    req = requirement(s, n)
    if any(req):
        s.tasks.append((T_PAY, p, pack(req), n, 0))
    for _ in range(h.cost_lieutenant):
        s.tasks.append((T_LTPAY, p, n, 0, 0))
    events.append(event("repopulate", msg("messina.event.repopulate", seat=p, hex=hex_ref(h.name)), seat=p))


def apply_pay(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    task = s.tasks.pop()
    p, k = task[1], data[1]
    req = unpack(task[2])
    r = next(i for i in range(7) if req[i])
    req[r] -= 1
    s.seats[p].estate[k] = EMPTY
    s.cit_supply[s.tables.estate[k].cls] += 1
    if any(req):
        s.tasks.append((T_PAY, p, pack(req), task[3], 0))


def apply_ltpay(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    task = s.tasks.pop()
    p, i = task[1], data[1]
    seat = s.seats[p]
    seat.lt_where[i] = LOC_LOST
    seat.lt_status[i] = READY
    events.append(event("lieutenant_lost", msg("messina.event.lieutenant_lost", seat=p, lt=i + 1), seat=p))


__all__ = ["apply_ltpay", "apply_pay", "can_repopulate", "feasible", "pack", "repop_plan", "repopulate",
           "requirement", "unpack", "unused_wagon"]
