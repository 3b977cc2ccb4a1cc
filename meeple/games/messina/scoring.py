"""Scores, tie-breaks and the final scoring (seed 遊戲結束: 老鼠標記懲罰, 最終計分, 平手)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.messages import event
from meeple.games.messina.state import CHURCH, CITY, D0, NODES, POPULARITY
from meeple.games.messina.words import msg

if TYPE_CHECKING:
    from meeple.engine.core import Event
    from meeple.games.messina.state import MessinaState


def rat_penalty(s: MessinaState, rats: int) -> int:
    """Seed 老鼠標記懲罰: 0/1/2/4/7/10/13/16/18/21 for 0..9 rats (STAND_IN beyond)."""
    fx = s.fx
    table = fx.rat_penalty
    if rats < len(table):
        return table[rats]
    last_rats, last_penalty = fx.rat_last
    return last_penalty + fx.rat_step * (rats - last_rats)


def majority_bonus(s: MessinaState, pops: list[int]) -> list[int]:
    """Seed 最終計分 1: 10/7/3 for the popularity ranking; ties by fire tokens (a major fire counts
    2); still tied players share the places' bonuses, rounded down."""
    keys = [(pops[p], seat.fire + 2 * seat.major) for p, seat in enumerate(s.seats)]
    return majority_shares(s, keys)


def majority_shares(s: MessinaState, keys: list[tuple[int, int]]) -> list[int]:
    """``shares`` of the player count's majority bonuses; solo, the human shares them with the
    automa's popularity disc (research §8.4: the human scores the majority against it; the automa
    has no fire tokens for a tie)."""
    if s.players == 1:
        return shares(s.fx.majority[1], [keys[0], (s.auto_pop, 0)])[:1]
    return shares(s.fx.majority[s.players], keys)


def shares(bonus: tuple[int, ...], keys: list[tuple[int, int]]) -> list[int]:
    """Per seat, its places' bonuses shared by its tie group (ranked by ``keys``, highest first)."""
    if len(keys) == 2:
        a, b = keys
        if a == b:
            share = sum(bonus[0:2]) // 2
            return [share, share]
        first, second = sum(bonus[0:1]), sum(bonus[1:2])
        return [first, second] if a > b else [second, first]
    out = []
    for key in keys:
        # the places this seat's tie group takes: after every better key, one per tied seat
        first = tied = 0
        for other in keys:
            if other > key:
                first += 1
            elif other == key:
                tied += 1
        out.append(sum(bonus[first:first + tied]) // tied)
    return out


PARTS = ("during_play", "rat_penalty", "popularity", "city", "church", "majority", "repopulated_hexes",
         "scrolls", "leftovers")
"""The parts of the final score, in the order of ``breakdown`` (before its ``total``)."""



def parts(s: MessinaState) -> list[tuple[int, ...]]:
    """Per seat, the final score's parts (``PARTS``) as they would be now, without changing the state
    (once the game is scored, the parts it was scored with: the rats have moved popularity back)."""
    if s.final is not None:
        return [tuple(d[k] for k in PARTS) for d in s.final]
    fx = s.fx
    seats = s.seats
    players = s.players
    pops = [max(0, seat.track[POPULARITY] - seat.rats) for seat in seats]
    bonus = majority_shares(s, [(pop, seat.fire + 2 * seat.major) for pop, seat in zip(pops, seats, strict=True)])
    hexes = [0] * players
    owner = s.owner
    ntile = s.ntile
    hex_vp = fx.hex_vp
    for n in range(D0, NODES):
        o = owner[n]
        if o >= 0:
            hexes[o] += hex_vp[ntile[n]]
    workshops = [0] * players
    for o in s.workshops.owner:
        workshops[o] += 1
    pop_vp, city_vp, church_vp = fx.register_vp
    (v0, cap0), (v1, cap1), (v2, cap2) = fx.scrolls
    penalties = fx.rat_penalty
    out: list[tuple[int, ...]] = []
    for p, seat in enumerate(seats):
        sc0, sc1, sc2 = seat.scrolls
        scroll = (v0[sc0] * min(workshops[p], cap0) + v1[sc1] * min(seat.ships, cap1)
                  + v2[sc2] * min(seat.repops, cap2))
        rats = seat.rats
        penalty = penalties[rats] if 0 <= rats < len(penalties) else rat_penalty(s, rats)
        out.append((seat.vp, -penalty, pop_vp[pops[p]], city_vp[seat.track[CITY]], church_vp[seat.track[CHURCH]],
                    bonus[p], hexes[p], scroll, (seat.fire + seat.major + seat.wood + seat.coins) // 3))
    return out


def breakdown(s: MessinaState) -> list[dict[str, int]]:
    """Every part of the final score, per seat, computed without changing the state."""
    out: list[dict[str, int]] = []
    for row in parts(s):
        d = dict(zip(PARTS, row, strict=True))
        d["total"] = sum(row)
        out.append(d)
    return out


def final_scoring(s: MessinaState, events: list[Event]) -> None:
    """After round VI's production: rats push popularity back (seed 老鼠標記懲罰: the disc moves, so
    the view shows where it ends), then everything is scored."""
    s.final = breakdown(s)
    for p, seat in enumerate(s.seats):
        pop, rats = seat.track[POPULARITY], seat.rats
        back = min(pop, rats)
        if back:
            seat.track[POPULARITY] = pop - back
            events.append(event("rats_push_back", msg("messina.event.rats_push_back", seat=p, n=rats, before=pop, after=pop - back), seat=p))
    for p, d in enumerate(s.final):
        events.append(event("final_score", msg("messina.event.final_score", seat=p, score=d["total"]), seat=p, score=d["total"]))


def tiebreak(s: MessinaState, seat: int) -> tuple[int, ...]:
    """Seed 平手: most repopulated districts, then the highest-valued one."""
    best = max((s.tables.hexes[s.ntile[n]].vp for n in range(D0, NODES) if s.owner[n] == seat), default=0)
    return (s.seats[seat].repops, best)


def scores(s: MessinaState) -> list[int]:
    """The final totals once the game is over, else the VP scored so far."""
    if s.final is not None:
        return [f["total"] for f in s.final]
    return [seat.vp for seat in s.seats]


__all__ = ["PARTS", "breakdown", "final_scoring", "majority_bonus", "majority_shares", "parts", "rat_penalty", "scores", "shares",
           "tiebreak"]
