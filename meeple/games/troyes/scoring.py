"""Scores, the tie-break and the final scoring (seed 遊戲結束); event majorities are scored in
events.py (``event_rewards``, seed §5.3)."""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING, Any

from meeple.engine.core import Event
from meeple.engine.messages import event
from meeple.games.troyes import words as W
from meeple.games.troyes.derived import character_rules, points
from meeple.games.troyes.events import event_rewards
from meeple.games.troyes.state import NO_SPACE, P_OVER, SHORT_PENALTY
from meeple.games.troyes.words import msg

if TYPE_CHECKING:
    from meeple.games.troyes.state import TroyesState


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
        return s.seats[p].infl
    if name == "deniers":
        return s.seats[p].deniers
    if name == "cathedral":
        return s.cath.count(p)
    if name == "tradesmen":
        return 9 - s.seats[p].trade.count(0)
    if name == "citizens":
        return s.bld.count(p)
    if name == "events":
        return len(s.seats[p].won)
    raise ValueError(f"unknown character metric {name!r}")


def breakdown(s: TroyesState) -> list[dict[str, Any]]:
    """Each seat's final score by part (seed 'game end' 1-5)."""
    per_card = s.options.get("unfinished_events") == "per_card"
    in_play = sorted(c for q in s.seats for c in q.chars)
    out = []
    for p in range(s.players):
        unfinished = 0
        for cubes in s.evcubes:
            k = cubes.count(p)
            unfinished += (1 if k else 0) if per_card else k
        trades = 0
        for slot in range(9):
            v = s.seats[p].trade[slot]
            if v and v != NO_SPACE:
                trades += s.acts[s.slots[slot]].vp_spaces[v - 1]
        missing = sum(1 for level in range(3) if p not in s.cath[level * 6:level * 6 + 6])
        chars = sum(character_points(s, c, p) for c in in_play)
        parts = {"vp": s.seats[p].vp, "unfinished_events": unfinished, "tradesmen": trades,
                 "cathedral": -SHORT_PENALTY * missing, "characters": chars}
        parts["total"] = sum(parts.values())
        out.append(parts)
    return out


def final_scores(s: TroyesState) -> list[int]:
    """Each seat's final score: the totals of ``breakdown``, summed without building its parts
    (speed: the bots' ``evaluate`` projects the final scoring at every leaf)."""
    n = s.players
    seats = s.seats
    totals = [q.vp for q in seats]
    per_card = s.options.get("unfinished_events") == "per_card"
    for cubes in s.evcubes:
        for o in set(cubes) if per_card else cubes:
            if o < n:
                totals[o] += 1
    acts, slots = s.acts, s.slots
    for p in range(n):
        trade = seats[p].trade
        if trade.count(0) < 9:
            for slot in range(9):
                v = trade[slot]
                if v and v != NO_SPACE:
                    totals[p] += acts[slots[slot]].vp_spaces[v - 1]
    cath = s.cath
    levels = (cath[0:6], cath[6:12], cath[12:18])
    for p in range(n):
        for level in levels:  # -2 VP per level without an own cube
            if p not in level:
                totals[p] -= SHORT_PENALTY
    for name, table in _character_plan(s):
        top = len(table) - 1
        for p, value in enumerate(seat_metrics(s, name)):
            if value >= 0:
                totals[p] += table[value if value < top else top]
            else:  # below every table: each character's steps, one by one
                rules = character_rules(s.tables)
                totals[p] += sum(points(rules[c][2], value) for q in seats for c in q.chars
                                 if rules[c][0] == name)
    return totals


def _character_plan(s: TroyesState) -> list[tuple[str, list[int]]]:
    """The characters in play as (metric, points for each value 0..top) per metric, the
    tables of characters sharing a metric added up (a value above a table's top scores as its
    top); kept per characters in play in the component set's ``caches.plans``."""
    cache = s.caches.plans
    key = tuple(chain.from_iterable(q.chars for q in s.seats))
    hit = cache.get(key)
    if hit is None:
        rules = character_rules(s.tables)
        merged: dict[str, list[int]] = {}
        for c in key:
            name, table, _ = rules[c]
            old = merged.get(name, [0])
            size = max(len(old), len(table))
            merged[name] = [old[min(v, len(old) - 1)] + table[min(v, len(table) - 1)] for v in range(size)]
        hit = cache.put(key, list(merged.items()))
    return hit  # type: ignore[no-any-return]


def seat_metrics(s: TroyesState, name: str) -> list[int]:
    """``metric(s, name, p)`` for every seat ``p``."""
    n = s.players
    if name == "influence":
        return [q.infl for q in s.seats]
    if name == "deniers":
        return [q.deniers for q in s.seats]
    if name == "cathedral":
        return [s.cath.count(p) for p in range(n)]
    if name == "tradesmen":
        return [9 - q.trade.count(0) for q in s.seats]  # 9 slots
    if name == "citizens":
        return [s.bld.count(p) for p in range(n)]
    if name == "events":
        return [len(q.won) for q in s.seats]
    raise ValueError(f"unknown character metric {name!r}")


def tiebreak(s: TroyesState, seat: int) -> tuple[int, ...]:
    """STAND_IN tie-break (research 10.5): more deniers, then more influence; else shared."""
    return (s.seats[seat].deniers, s.seats[seat].infl)


def scores(s: TroyesState) -> list[int]:
    """The victory points so far; the final scores once over."""
    if s.phase == P_OVER:
        return list(s.final)
    return [q.vp for q in s.seats]


def game_over(s: TroyesState) -> list[Event]:
    """The final scoring once the last round has ended (seed 遊戲結束): the characters are
    revealed and scored for everyone."""
    ev: list[Event] = []
    s.final = final_scores(s)
    s.reveals += 1
    for p in range(s.players):
        names = [W.character(s.tables.characters[c].name) for c in s.seats[p].chars]
        ev.append(event("characters", msg("troyes.event.characters", seat=p, cards=names), seat=p))
    ev.append(event("game_over", msg("troyes.event.game_over", scores=", ".join(map(str, s.final))), scores=list(s.final)))
    return ev


__all__ = ["breakdown", "character_points", "event_rewards", "final_scores", "game_over", "metric",
           "scores", "seat_metrics", "tiebreak"]
