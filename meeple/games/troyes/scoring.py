"""Scoring: event majorities (seed §5.3) and the final scoring (seed 'game end')."""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING, Any

from meeple.games.troyes.consts import NEUTRAL, NO_SPACE, SHORT_PENALTY

if TYPE_CHECKING:
    from meeple.games.troyes.state import TroyesState


def event_rewards(cubes: list[int], first: int, second: int) -> tuple[dict[int, int], int]:
    """VP per owner for a completed event, and who takes the card.

    Most cubes: the higher value; second most: the lower value.  Tied owners add the
    values of the places they share and split them, rounded down (STAND_IN rounding).
    The card goes to the owner with most cubes; among tied owners, the one who placed
    a cube first (seed §5.3)."""
    count: dict[int, int] = {}
    for o in cubes:
        count[o] = count.get(o, 0) + 1
    levels = sorted(set(count.values()), reverse=True)
    shares: dict[int, int] = {o: 0 for o in count}
    values = [first, second]
    place = 0
    for level in levels:
        if place >= 2:
            break
        tied = [o for o in count if count[o] == level]
        pot = sum(values[place:place + len(tied)])
        for o in tied:
            shares[o] += pot // len(tied)
        place += len(tied)
    top = [o for o in count if count[o] == levels[0]] if levels else []
    winner = min(top, key=cubes.index) if top else NEUTRAL
    return shares, winner


def character_points(s: TroyesState, char_i: int, p: int) -> int:
    """VP a revealed character gives seat ``p``: the highest threshold reached (research 10.4)."""
    ch = s.tables.characters[char_i]
    value = metric(s, ch.metric, p)
    pts = 0
    for need, got in zip(ch.thresholds, ch.points, strict=False):
        if value >= need:
            pts = got
    return pts


def metric(s: TroyesState, name: str, p: int) -> int:
    if name == "influence":
        return s.infl[p]
    if name == "deniers":
        return s.deniers[p]
    if name == "cathedral":
        return s.cath.count(p)
    if name == "tradesmen":
        return sum(1 for slot in range(9) if s.trade[slot * 4 + p])
    if name == "citizens":
        return s.bld.count(p)
    if name == "events":
        return len(s.won[p])
    raise ValueError(f"unknown character metric {name!r}")


def breakdown(s: TroyesState) -> list[dict[str, Any]]:
    """Each seat's final score by part (seed 'game end' 1-5)."""
    per_card = s.options.get("unfinished_events") == "per_card"
    in_play = sorted(c for hand in s.chars for c in hand)
    out = []
    for p in range(s.players):
        unfinished = 0
        for cubes in s.evcubes:
            k = cubes.count(p)
            unfinished += (1 if k else 0) if per_card else k
        trades = 0
        for slot in range(9):
            v = s.trade[slot * 4 + p]
            if v and v != NO_SPACE:
                trades += s.acts[s.slots[slot]].vp_spaces[v - 1]
        missing = sum(1 for level in range(3) if p not in s.cath[level * 6:level * 6 + 6])
        chars = sum(character_points(s, c, p) for c in in_play)
        parts = {"vp": s.vp[p], "unfinished_events": unfinished, "tradesmen": trades,
                 "cathedral": -SHORT_PENALTY * missing, "characters": chars}
        parts["total"] = sum(parts.values())
        out.append(parts)
    return out


def final_scores(s: TroyesState) -> list[int]:
    """Each seat's final score: the totals of ``breakdown``, summed without building its parts
    (speed: the bots' ``evaluate`` projects the final scoring at every leaf)."""
    n = s.players
    totals = list(s.vp)
    per_card = s.options.get("unfinished_events") == "per_card"
    for cubes in s.evcubes:
        for o in set(cubes) if per_card else cubes:
            if o < n:
                totals[o] += 1
    acts, slots, trade = s.acts, s.slots, s.trade
    for p in range(n):
        for slot, v in enumerate(trade[p::4]):  # slot * 4 + seat
            if v and v != NO_SPACE:
                totals[p] += acts[slots[slot]].vp_spaces[v - 1]
    cath = s.cath
    for p in range(n):
        if p not in cath:
            totals[p] -= 3 * SHORT_PENALTY
        else:
            for seg in (cath[0:6], cath[6:12], cath[12:18]):
                if p not in seg:
                    totals[p] -= SHORT_PENALTY
    for name, table in _character_plan(s):
        top = len(table) - 1
        for p, value in enumerate(seat_metrics(s, name)):
            if value >= 0:
                totals[p] += table[value if value < top else top]
            else:  # below every table: each character's steps, one by one
                rules = _character_rules(s.tables.characters)
                totals[p] += sum(_points(rules[c][2], value) for hand in s.chars for c in hand
                                 if rules[c][0] == name)
    return totals


_PLANS: dict[tuple[int, ...], tuple[object, list[tuple[str, list[int]]]]] = {}


def _character_plan(s: TroyesState) -> list[tuple[str, list[int]]]:
    """The characters in play as (metric, points for each value 0..top) per metric, the
    tables of characters sharing a metric added up (a value above a table's top scores as its
    top); cached by the characters in play, per component table set."""
    tables = s.tables
    key = (id(tables),) + tuple(chain.from_iterable(s.chars))
    hit = _PLANS.get(key)
    if hit is None or hit[0] is not tables:
        rules = _character_rules(tables.characters)
        merged: dict[str, list[int]] = {}
        for c in key[1:]:
            name, table, _ = rules[c]
            old = merged.get(name, [0])
            size = max(len(old), len(table))
            merged[name] = [old[min(v, len(old) - 1)] + table[min(v, len(table) - 1)] for v in range(size)]
        if len(_PLANS) > 4096:
            _PLANS.clear()
        hit = _PLANS[key] = (tables, list(merged.items()))
    return hit[1]


def _points(steps: tuple[tuple[int, int], ...], value: int) -> int:
    """The points of the last step whose threshold ``value`` reaches (0: none)."""
    pts = 0
    for need, got in steps:
        if value >= need:
            pts = got
    return pts


_Rule = tuple[str, list[int], tuple[tuple[int, int], ...]]
_RULES: dict[int, tuple[object, list[_Rule]]] = {}


def _character_rules(characters: Any) -> list[_Rule]:
    """Per character: (metric, its points for each value 0..the highest threshold, its
    (threshold, points) steps), cached per character table.  A value above the highest
    threshold reaches every step, as the highest does."""
    hit = _RULES.get(id(characters))
    if hit is None or hit[0] is not characters:
        rules: list[_Rule] = []
        for ch in characters:
            steps = tuple(zip(ch.thresholds, ch.points, strict=False))
            top = max([0] + [need for need, _ in steps])
            rules.append((ch.metric, [_points(steps, v) for v in range(top + 1)], steps))
        hit = _RULES[id(characters)] = (characters, rules)
    return hit[1]


def seat_metrics(s: TroyesState, name: str) -> list[int]:
    """``metric(s, name, p)`` for every seat ``p``."""
    n = s.players
    if name == "influence":
        return s.infl
    if name == "deniers":
        return s.deniers
    if name == "cathedral":
        return [s.cath.count(p) for p in range(n)]
    if name == "tradesmen":
        trade = s.trade
        return [9 - trade[p::4].count(0) for p in range(n)]  # slot * 4 + p, 9 slots
    if name == "citizens":
        return [s.bld.count(p) for p in range(n)]
    if name == "events":
        return [len(w) for w in s.won]
    raise ValueError(f"unknown character metric {name!r}")


def tiebreak(s: TroyesState, seat: int) -> tuple[int, ...]:
    """STAND_IN tie-break (research 10.5): more deniers, then more influence; else shared."""
    return (s.deniers[seat], s.infl[seat])
