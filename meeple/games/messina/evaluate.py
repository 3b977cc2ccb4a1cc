"""The bots' value of a position (``evaluate(state, seat)``): each seat's would-be final score plus
the VP-equivalent of what it holds that the final scoring does not count yet, as a logistic of the
seat's lead.  These weights are the bots', not the game's (docs/rules/messina.md "Balance")."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from meeple.games.messina.automa import yardstick
from meeple.games.messina.scoring import majority_shares, rat_penalty, shares
from meeple.games.messina.state import (
    CHURCH,
    CITY,
    CLASS_SLOTS,
    D0,
    LOC_LOST,
    LOC_NONE,
    MAXLT,
    NODES,
    POPULARITY,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    from meeple.games.messina.state import MessinaState

# Weights of the bots' estimate (VP-equivalents of what is not yet points; tuned by bot play,
# see docs/rules/messina.md "Balance"): not components, not rules.
_W_CITIZEN, _W_UPGRADED, _W_QUARANTINE = 0.8, 1.2, 0.6
_W_RESOURCE = (0.4, 0.4, 0.6, 1.0)      # coins, wood, fire, major fire while the game goes on
_W_WORKSHOP_ROUND, _W_CABIN_ROUND, _W_LIEUTENANT_ROUND = 1.5, 1.0, 2.5
_W_WAGON, _W_REWARD, _W_VISITS, _W_READY = 2.0, 1.5, 1.0, 0.5
_SCALE = 12.0


def potentials(s: MessinaState) -> list[float]:
    """Per seat, the VP-equivalent of what it holds that the final scoring does not count yet
    (citizens, resources beyond 1 per 3, production to come, extra lieutenants, unused wagons,
    rewards), fading as the game nears its end."""
    if s.final is not None:
        return [0.0] * s.players
    fade = _Fade(s)
    return [_potential(s, p, fade) for p in range(s.players)]


class _Fade:
    """What ``_potential`` needs that is the same for every seat of one position."""

    __slots__ = ("left", "w", "quarantined", "cabin_round", "workshop_round", "producing", "wagons")

    def __init__(self, s: MessinaState) -> None:
        fx = s.fx
        self.left = left = fx.rounds - s.round_          # whole rounds after this one
        self.w = min(1.0, (left + 0.5) / 1.5)
        self.quarantined = _W_QUARANTINE * self.w
        self.cabin_round = _W_CABIN_ROUND * (left + 1)
        self.workshop_round = _W_WORKSHOP_ROUND * (left + 1)
        # phase I workshops holding a citizen, and wagons, per seat
        self.producing = producing = [0] * s.players
        ws = s.workshops
        tile, citizen = ws.tile, ws.citizen
        phase = fx.ws_phase
        for i, o in enumerate(ws.owner):
            if citizen[i] >= 0 and phase[tile[i]] == 1:
                producing[o] += 1
        self.wagons = wagons = [0] * s.players
        for o in s.wagons.owner:
            wagons[o] += 1


def _potential(s: MessinaState, p: int, fade: _Fade) -> float:
    """Seat ``p``'s share of ``potentials``."""
    seat = s.seats[p]
    coin, wood, fire, major = seat.coins, seat.wood, seat.fire, seat.major
    repop = seat.repops
    w = fade.w
    left = fade.left
    est = seat.estate
    val = 0.0
    val += (_W_CITIZEN * est.count(0) + _W_UPGRADED * est.count(1)) * w
    citizen = seat.cabin_citizen
    if citizen.count(-1) != len(citizen):
        tiles = seat.cabin_tile
        for k, occ in enumerate(citizen):
            if occ >= 0:
                val += fade.quarantined
                if tiles[k] >= 0:
                    val += fade.cabin_round
    w_coin, w_wood, w_fire, w_major = _W_RESOURCE
    val += w_coin * coin * w
    val += w_wood * wood * w
    val += w_fire * fire * w
    val += w_major * major * w
    for _ in range(fade.producing[p]):
        val += fade.workshop_round
    # lieutenants the seat has (in the city or the estate) beyond the first three
    locs = seat.lt_where
    extra = MAXLT - locs.count(LOC_NONE) - locs.count(LOC_LOST) - 3
    if extra > 0:
        val += _W_LIEUTENANT_ROUND * extra * (left + 0.5)
    if repop < s.fx.repop_tokens:
        wagons = fade.wagons[p]
        val += _W_WAGON * w * min(wagons, 2)
        if wagons:
            val += _W_READY * w * _best_repopulation(s, p)
    val += _W_REWARD * (len(seat.pend) + len(seat.defer)) * w
    # a repopulated district earns 2 VP per later visit
    val += _W_VISITS * repop * (left + 0.5)
    return val


def estimates(s: MessinaState) -> list[float]:
    """Per seat, the sum of ``parts`` plus ``potentials`` (what ``evaluate`` ranks), in one pass over
    the seats: the bots' hot path, tested equal to those two."""
    fx = s.fx
    players = s.players
    hexes = [0] * players
    owner = s.owner
    if owner.count(-1) != NODES:
        hex_vp = fx.hex_vp
        for o, t in zip(owner, s.ntile, strict=True):
            if o >= 0:
                hexes[o] += hex_vp[t]
    workshops = [0] * players
    for o in s.workshops.owner:
        workshops[o] += 1
    fade = _Fade(s)
    pop_vp, city_vp, church_vp = fx.register_vp
    (v0, cap0), (v1, cap1), (v2, cap2) = fx.scrolls
    penalties = fx.rat_penalty
    keys = []
    scores = []
    values = []
    for p, seat in enumerate(s.seats):
        coin, wood, fire, major, vp, rats = seat.coins, seat.wood, seat.fire, seat.major, seat.vp, seat.rats
        track = seat.track
        pop, city, church = track[POPULARITY], track[CITY], track[CHURCH]
        sc0, sc1, sc2 = seat.scrolls
        ships, repop = seat.ships, seat.repops
        # the parts of the final score but the majority bonus
        pop -= rats
        if pop < 0:
            pop = 0
        keys.append((pop, fire + 2 * major))
        penalty = penalties[rats] if 0 <= rats < len(penalties) else rat_penalty(s, rats)
        built = workshops[p]
        scores.append(vp - penalty + pop_vp[pop] + city_vp[city] + church_vp[church] + hexes[p]
                      + v0[sc0] * (built if built < cap0 else cap0) + v1[sc1] * (ships if ships < cap1 else cap1)
                      + v2[sc2] * (repop if repop < cap2 else cap2) + (fire + major + wood + coin) // 3)
        values.append(_potential(s, p, fade))
    bonus = majority_shares(s, keys) if players == 1 else shares(fx.majority[players], keys)
    return [scores[p] + bonus[p] + values[p] for p in range(players)]


def _best_repopulation(s: MessinaState, p: int) -> int:
    """The printed VP of the best free district whose citizens seat ``p``'s estate could pay now
    (``repopulation.feasible``; which tiles an estate can pay is kept per estate in ``fx.payable``)."""
    fx = s.fx
    est = tuple(s.seats[p].estate)
    cache = fx.payable
    mask = cache.get(est)
    if mask is None:
        if len(cache) > 100_000:
            cache.clear()
        counts = _estate_counts(est)
        mask = 0
        for t, req in enumerate(fx.hex_req):
            if _payable(counts, req):
                mask |= 1 << t
        cache[est] = mask
    if not mask:
        return 0
    hex_vp = fx.hex_vp
    owner = s.owner
    ntile = s.ntile
    best = 0
    for n in range(D0, NODES):
        t = ntile[n]
        if t >= 0 and owner[n] < 0 and (mask >> t) & 1 and hex_vp[t] > best:
            best = hex_vp[t]
    return best


def _estate_counts(est: Sequence[int]) -> list[int]:
    """Ordinary citizens by class, then upgraded ones by class, in the estate."""
    counts = [0] * 6
    for c in range(3):
        for k in CLASS_SLOTS[c]:
            v = est[k]
            if v == 0:
                counts[c] += 1
            elif v == 1:
                counts[3 + c] += 1
    return counts


def _payable(counts: list[int], req: tuple[int, ...]) -> bool:
    """``repopulation.feasible`` from the estate's ``_estate_counts`` (the same greedy check)."""
    spare = 0
    for c in range(3):
        upgraded = counts[3 + c] - req[c]
        if upgraded < 0:
            return False
        short = req[4 + c] - counts[c]
        if short > 0:
            upgraded -= short
            if upgraded < 0:
                return False
        spare += upgraded
    return spare >= req[3]


_EVALUATE = "messina.evaluate"


def evaluate(s: MessinaState, seat: int) -> float:
    """Cheap standing estimate in [0, 1] for the bots: each seat's would-be final score plus the
    VP-equivalent of its assets (``potentials``), and a logistic of the seat's lead over the others
    (half the best other, half their mean).  Every seat's value is computed at once and kept in the
    position's memo (the bots ask for every seat)."""
    memo = s.memo()
    values = memo.get(_EVALUATE)
    if values is None:
        values = memo[_EVALUATE] = standing(s)
    return values[seat]


def standing(s: MessinaState) -> list[float]:
    """``evaluate`` for every seat."""
    players = s.players
    if s.final is not None:
        est = [row["total"] + 0.0 for row in s.final]
    else:
        est = estimates(s)
    if players == 1:
        # solo: the lead over the score to beat (the published good solo score)
        return [1.0 / (1.0 + math.exp(-(est[0] - yardstick(s)) / _SCALE))]
    out = []
    for seat in range(players):
        others = est[:seat] + est[seat + 1:]
        lead = est[seat] - 0.5 * (max(others) + sum(others) / len(others))
        out.append(1.0 / (1.0 + math.exp(-lead / _SCALE)))
    return out


__all__ = ["estimates", "evaluate", "potentials", "standing"]
