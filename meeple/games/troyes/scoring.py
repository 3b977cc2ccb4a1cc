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
                rules = character_rules(s.tables)
                totals[p] += sum(points(rules[c][2], value) for hand in s.chars for c in hand
                                 if rules[c][0] == name)
    return totals


def _character_plan(s: TroyesState) -> list[tuple[str, list[int]]]:
    """The characters in play as (metric, points for each value 0..top) per metric, the
    tables of characters sharing a metric added up (a value above a table's top scores as its
    top); kept per characters in play in the component set's ``caches.plans``."""
    cache = s.caches.plans
    key = tuple(chain.from_iterable(s.chars))
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


def scores(s: TroyesState) -> list[int]:
    """The victory points so far; the final scores once over."""
    if s.phase == P_OVER:
        return list(s.final)
    return list(s.vp)


def game_over(s: TroyesState) -> list[Event]:
    """The final scoring once the last round has ended (seed 遊戲結束): the characters are
    revealed and scored for everyone."""
    ev: list[Event] = []
    s.final = final_scores(s)
    s.reveals += 1
    for p in range(s.players):
        names = [W.character(s.tables.characters[c].name) for c in s.chars[p]]
        ev.append(event("characters", msg("troyes.event.characters", seat=p, cards=names), seat=p))
    ev.append(event("game_over", msg("troyes.event.game_over", scores=", ".join(map(str, s.final))), scores=list(s.final)))
    return ev


__all__ = ["breakdown", "character_points", "event_rewards", "final_scores", "game_over", "metric",
           "scores", "seat_metrics", "tiebreak"]
