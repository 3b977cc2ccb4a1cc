"""The bots' value of a Mundus Novus position: ``evaluate(state, seat)`` in [0, 1] (bots only; no rule
depends on it).  Each development kind's yield per round left is ``derived.PER_ROUND``.

Its constants are one ``Weights`` row: ``DEFAULT`` is the hand-set one every bot uses unless told
otherwise; ``meeple tune`` (issue 19) measures other rows in self-play and ships the best for a player
count (``value=tuned``, ``meeple/bots/tuned.py``)."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, NamedTuple

from meeple.engine.messages import refused
from meeple.games.mundus_novus.derived import PER_ROUND
from meeple.games.mundus_novus.ending import richest
from meeple.games.mundus_novus.state import INCA, OVER, MundusState

if TYPE_CHECKING:
    from meeple.games.mundus_novus.derived import Derived, Memos


class Weights(NamedTuple):
    """The constants of ``evaluate`` (bots only).  ``round_yield``: doubloons a player gains in a typical
    round, to guess the rounds left; one per development kind: its yield per round left beyond its
    printed income; ``different`` / ``inca``: the share of the best different set's and of the Inca
    cash-in's doubloons a hand is worth; ``toward_ten`` per kind held beyond ``ten_from`` (toward the
    ten-different win); ``identical``: an identical set's development, per round left; ``scale``: the
    least doubloon gap that spans the whole value range."""

    round_yield: float = 8.0
    caravel: float = PER_ROUND["caravel"]
    warehouse: float = PER_ROUND["warehouse"]
    shipyard: float = PER_ROUND["shipyard"]
    merchant: float = PER_ROUND["merchant"]
    character: float = PER_ROUND["character"]
    different: float = 0.7
    inca: float = 0.4
    toward_ten: float = 6.0
    ten_from: float = 6.0
    identical: float = 1.0
    scale: float = 30.0


DEFAULT = Weights()
ROUND_YIELD = DEFAULT.round_yield
"""Doubloons a player gains in a typical round (bot play, 2-6 players): used to guess the rounds left."""


def weights_from(values: Mapping[str, float]) -> Weights:
    """A ``Weights`` row from named values (the rest as ``DEFAULT``); an unknown name is refused."""
    unknown = sorted(set(values) - set(Weights._fields))
    if unknown:
        raise refused("engine.setup.no_weight", game="mundus_novus", name=repr(unknown[0]),
                      weights=", ".join(Weights._fields))
    return DEFAULT._replace(**{k: float(v) for k, v in values.items()})


def rounds_left(s: MundusState, w: Weights = DEFAULT) -> float:
    """A guess at the rounds still to play: from the leader's distance to 75 doubloons and from the
    development cards left before the queue runs dry (bots only)."""
    by_money = (75 - richest(s)) / w.round_yield
    by_deck = (len(s.dev_deck) + 1) / max(1.0, 0.5 * s.players)
    left = min(by_money, by_deck)
    return 1.0 if left < 1.0 else 10.0 if left > 10.0 else left


def hand_potential(s: MundusState, seat: int, left: float | None = None) -> float:
    """What the seat's hand could still become, roughly, in doubloons (bots only): the best different set,
    an identical set, the Inca cash-in, and progress toward ten different resources (an instant win).
    ``left``: ``rounds_left(s)`` when the caller already has it."""
    if left is None:
        left = rounds_left(s)
    fixed_part, per_round = hand_terms(s.fx, s.hx, tuple(s.seats[seat].hand))
    return fixed_part + per_round * left


def hand_terms(fx: Derived, hx: Memos, row: tuple[int, ...], w: Weights = DEFAULT) -> tuple[float, float]:
    """``hand_potential`` of a hand (its ``K`` card counts) as (a part that does not depend on the rounds
    left, a part per round left): the development an identical set would bring is worth
    ``w.identical`` doubloons per round left, scaled down while the hand holds fewer than 3 cards of one
    resource (Inca relics help).  Remembered in ``hx`` by hand (and by ``w`` when not ``DEFAULT``)."""
    key: object = row if w is DEFAULT else (w, row)
    got = hx.hand_terms.get(key)
    if got is not None:
        return got
    plain = row[:INCA]
    incas = row[INCA]
    distinct = INCA - plain.count(0)
    best_group = max(plain) + incas
    per_round = w.identical if best_group >= 3 else w.identical * (best_group / 3) ** 2
    ten = distinct + (1 if incas else 0)
    toward_ten = w.toward_ten * (ten - w.ten_from) if ten > w.ten_from else 0.0
    got = (w.different * fx.diff_pay[distinct] + w.inca * fx.inca_for(incas) + toward_ten, per_round)
    return hx.hand_terms.put(key, got)


def dev_rates(s: MundusState, w: Weights) -> tuple[float, ...]:
    """Each development's yield per round left under ``w`` (its printed income plus its kind's weight)."""
    if w is DEFAULT:
        return s.fx.dev_rate
    return tuple(getattr(w, d.kind, DEFAULT.character) + d.income for d in s.tables.developments)


def worths(s: MundusState, w: Weights = DEFAULT) -> list[float]:
    """Every seat's rough worth in doubloons: money, developments' income and yield over the rounds
    likely left, and hand potential."""
    left = rounds_left(s, w)
    fx = s.fx
    rate_of = fx.rate_sum
    hx = s.hx
    terms_of = hx.hand_terms
    default = w is DEFAULT
    rates: tuple[float, ...] | None = None
    out = []
    for seat in s.seats:
        devs = seat.owned
        row = tuple(seat.hand)
        terms = terms_of.get(row if default else (w, row))
        if terms is None:
            terms = hand_terms(fx, hx, row, w)
        key: object = devs if default else (w, devs)
        rate = rate_of.get(key)
        if rate is None:
            if rates is None:
                rates = dev_rates(s, w)
            rate = rate_of.put(key, sum(rates[i] for i in devs))
        out.append(seat.money + terms[0] + (rate + terms[1]) * left)
    return out


def standings(s: MundusState, w: Weights = DEFAULT) -> tuple[list[float], float, int, float]:
    """(worths, the best worth, the first seat with it, the best worth of the other seats), computed
    once per position and weights (``state.memo``)."""
    memo = s.memo()
    key = "mundus_standings" if w is DEFAULT else _memo_key(w)
    got: tuple[list[float], float, int, float] | None = memo.get(key)
    if got is None:
        worth = worths(s, w)
        top = second = -math.inf
        leader = -1
        for p, x in enumerate(worth):
            if x > top:
                top, second, leader = x, top, p
            elif x > second:
                second = x
        got = memo[key] = (worth, top, leader, second)
    return got


_MEMO_KEYS: dict[Weights, str] = {}


def _memo_key(w: Weights) -> str:
    """The ``state.memo`` key of the standings under ``w`` (not ``DEFAULT``)."""
    key = _MEMO_KEYS.get(w)
    if key is None:
        key = _MEMO_KEYS[w] = "mundus_standings:" + ",".join(map(repr, w))
    return key


def evaluate(s: MundusState, seat: int, w: Weights = DEFAULT) -> float:
    """The bots' [0, 1] value of ``seat``'s standing.  A finished game: its place (1 for the winner, 0
    for the last, 0.5 when everyone shares one place).  Otherwise a cheap estimate: doubloons,
    developments (their income and yield over the rounds likely left), and hand, against the best other
    seat."""
    if s.phase == OVER:
        ranking = s.ranking()
        for place, seats in enumerate(ranking):
            if seat in seats:
                return 1.0 - place / max(1, len(ranking) - 1) if len(ranking) > 1 else 0.5
    return estimate(s, seat, w)


def estimate(s: MundusState, seat: int, w: Weights = DEFAULT) -> float:
    """``evaluate`` of a position still in play."""
    worth, top, leader, second = standings(s, w)
    mine = worth[seat]
    other = second if seat == leader else top
    scale = max(w.scale, mine, other)
    value = 0.5 + (mine - other) / (2 * scale)
    return 0.0 if value < 0 else 1.0 if value > 1 else value


def weighted(values: Mapping[str, float]) -> Callable[[MundusState, int], float]:
    """``evaluate`` under the ``Weights`` row ``values`` names (``Game.evaluate_with``)."""
    w = weights_from(values)
    return lambda s, seat: evaluate(s, seat, w)
