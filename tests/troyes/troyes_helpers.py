"""Helpers for the Troyes tests: states at a chosen point, and hand-made positions."""

from __future__ import annotations

from typing import Any

from meeple.games.troyes import GAME, TroyesState
from meeple.games.troyes.state import (
    NEUTRAL,
    P_ACTION,
    P_BLACK,
    S_COUNT,
    S_DICE,
    S_MAIN,
    die,
    die_rank,
    die_text,
)


def new(players: int = 2, seed: int = 1, **options: Any) -> TroyesState:
    s = GAME.new(players, seed, options)
    assert isinstance(s, TroyesState)
    return s


def after_draft(players: int = 2, seed: int = 1, **options: Any) -> TroyesState:
    """A state right after the draft (first legal choice each time)."""
    s = new(players, seed, **options)
    while s.rnd == 0:
        s.apply(s.legal_actions()[0])
    return s


def at_actions(players: int = 2, seed: int = 1, **options: Any) -> TroyesState:
    """A state at the start of round 1's action phase."""
    s = after_draft(players, seed, **options)
    while s.phase == P_BLACK:
        s.apply(s.legal_actions()[-1])
    assert s.phase == P_ACTION
    return s


def set_dice(s: TroyesState, dice: list[tuple[int, str, int]]) -> None:
    """Replace the dice on the city square: (owner, colour letter, value); owner 4 = neutral."""
    s.dice = sorted(die(o, "rwy".index(c), v) for o, c, v in dice)
    touch(s)


def per_seat(s: TroyesState, field: str) -> list[Any]:
    """One field of every seat record, in seat order (``per_seat(s, "deniers") == [5, 5]``)."""
    return [getattr(q, field) for q in s.seats]


def set_per_seat(s: TroyesState, **values: list[Any]) -> None:
    """Set fields of every seat record at once: ``set_per_seat(s, deniers=[0, 3], vp=[1, 2])``."""
    for field, column in values.items():
        assert len(column) == s.players, (field, column)
        for q, v in zip(s.seats, column, strict=True):
            setattr(q, field, v)


def touch(s: TroyesState) -> None:
    """Forget cached legal actions and derived values after editing a state by hand."""
    s._legal_cache = None
    s._memo = None


def action_turn(s: TroyesState, seat: int) -> None:
    s.phase, s.step, s.turn = P_ACTION, S_MAIN, seat
    set_per_seat(s, passed=[0] * s.players)
    touch(s)


def black_turn(s: TroyesState, seat: int, black: list[int]) -> None:
    s.phase, s.step, s.turn = P_BLACK, S_MAIN, seat
    s.black = sorted(black, reverse=True)
    touch(s)


def notations(s: TroyesState) -> list[str]:
    return [a.notation for a in s.legal_actions()]


def choose(s: TroyesState, text: str) -> list[tuple[int, dict[str, Any]]]:
    """Apply a whole dice group or set of black dice written as before version 8 (``dice y4
    y5@p1``, ``counter 6+3``) the way the rules ask for it since: one die at a time in the order
    of ``die_rank`` (``die y5@p1``, ``die y4``), one black die at a time from the highest down,
    then ``done`` (each step unless it was forced and taken already).  Returns the events, each
    with the number of recorded decisions after the step that brought it."""
    words = text.split()
    p = s.to_move
    seen: list[tuple[int, dict[str, Any]]] = []

    def step(notation: str) -> None:
        events = s.apply(notation)
        seen.extend((len(s.history), e) for e in events)

    if words[0] == "counter":
        values = [int(v) for v in words[1].split("+")]
        if not (s.phase == P_BLACK and s.step == S_COUNT):  # else the highest was forced
            step(f"counter {values[0]}")
        for k, v in enumerate(values[1:], 1):
            if s.phase == P_BLACK and s.step == S_COUNT and len(s.bsel) > k:  # forced
                assert s.bsel[k] == v, text
                continue
            assert s.phase == P_BLACK and s.step == S_COUNT, f"{text}: no more black dice may be added"
            step(f"counter {v}")
        if s.phase == P_BLACK and s.step == S_COUNT:
            step("done")
        return seen
    assert words[0] == "dice", text
    pool = list(s.dice)
    combo = []
    for w in words[1:]:
        d = next(x for x in pool if die_text(x, p) == w)
        pool.remove(d)
        combo.append(d)
    combo.sort(key=lambda d: die_rank(d, p, s.players))
    for k, d in enumerate(combo):
        if not (s.phase == P_ACTION and s.step == S_DICE and s.to_move == p):
            return seen  # the rest was forced (a single choice each) and is taken already
        if len(s.group) > k:  # a forced die
            assert s.group[k] == d, f"{text}: {die_text(s.group[k], p)} was forced"
            continue
        step(f"die {die_text(d, p)}")
    if s.phase == P_ACTION and s.step == S_DICE and s.to_move == p and len(s.group) == len(combo):
        step("done")
    return seen


def _walk(s: TroyesState, step: int, prefix: list[int], out: list[list[int]]) -> None:
    """Every complete choice from here, one raw decision at a time (no forced steps); every
    offered step must lead to at least one (no dead ends)."""
    found = len(out)
    for a in s.legal_actions():
        if a.notation == "done":
            out.append(prefix)
            continue
        c: Any = s.clone()
        c._apply(a)
        touch(c)
        assert c.step == step, a.notation
        _walk(c, step, prefix + [a.data[1]], out)
    assert len(out) > found, f"a dead end after {prefix}"


def groups(s: TroyesState) -> list[str]:
    """The complete dice groups reachable from the dice step (``die ...`` steps, then
    ``done``), written as before version 8 (``dice y3 y6@p1``, dice by their code), smallest
    first, in the order the groups were listed before."""
    assert s.step == S_DICE
    out: list[list[int]] = []
    _walk(s, S_DICE, list(s.group), out)
    p = s.to_move
    keys = sorted((len(g), sorted(g)) for g in out)
    assert len(keys) == len({tuple(g) for _, g in keys}), "a group is reached in two orders"
    return ["dice " + " ".join(die_text(d, p) for d in g) for _, g in keys]


def counters(s: TroyesState) -> list[str]:
    """The sets of black dice that may be countered, written as before version 8 (``counter
    5+3``): the highest first (``counter 5``), then more one at a time, then ``done``."""
    first = [a for a in s.legal_actions() if a.notation.startswith("counter")]
    out: list[list[int]] = []
    for a in first:
        c: Any = s.clone()
        c._apply(a)
        touch(c)
        _walk(c, S_COUNT, [a.data[1]], out)
    keys = sorted(out, key=lambda g: (len(g), g))
    return ["counter " + "+".join(map(str, g)) for g in keys]


def _old_counter_order(black: list[int]) -> list[tuple[int, ...]]:
    """The sets of black dice (the highest first) in the order versions 1-7 listed them."""
    rest = black[1:]
    combos: list[tuple[int, ...]] = [(black[0],)]
    for v in sorted(set(rest), reverse=True):
        c = rest.count(v)
        combos = [base + (v,) * k for base in combos for k in range(c + 1)]
    return combos


def whole_decisions(s: TroyesState) -> list[str]:
    """The decisions of this position as versions 1-7 offered them, in their order: a whole dice
    group (``dice y3 y6@p1``) where version 8 asks for one die at a time, a whole set of black
    dice (``counter 5+3``) where it asks for one at a time.  Played with ``apply_whole``, a
    seeded random game takes the same course as it did before version 8 (the golden
    playthroughs and the evaluate pins use this, so they show that only notation changed)."""
    legal = notations(s)
    if s.phase == P_ACTION and s.step == S_DICE:
        return groups(s)
    if s.phase == P_BLACK and s.step in (S_MAIN, S_COUNT):
        power = sum((d & 7) * (2 if (d >> 3) & 7 == 0 else 1) for d in s.dice if d >> 6 == s.to_move)
        if s.step == S_COUNT:
            head = tuple(s.bsel)
            sets = [c for c in _old_counter_order(s.black) if c[:len(head)] == head and sum(c) <= power]
            return ["counter " + "+".join(map(str, c)) for c in sets]
        if any(n.startswith("counter") for n in legal):
            sets = [c for c in _old_counter_order(s.black) if sum(c) <= power]
            return [n for n in legal if not n.startswith("counter")] + [
                "counter " + "+".join(map(str, c)) for c in sets]
    return legal


def apply_whole(s: TroyesState, text: str) -> list[tuple[int, dict[str, Any]]]:
    """Apply one of ``whole_decisions`` (a whole group or set step by step, ``choose``); the
    events, each with the number of recorded decisions after the step that brought it."""
    if text.startswith(("dice ", "counter ")):
        return choose(s, text)
    events = s.apply(text)
    return [(len(s.history), e) for e in events]


def slot_of(s: TroyesState, name: str) -> int:
    """Put activity card ``name`` face up in its slot and return the slot."""
    t = s.tables
    idx = next(i for i, a in enumerate(t.activities) if a.name == name)
    card = t.activities[idx]
    slot = card.colour * 3 + card.level - 1
    s.slots[slot] = idx
    s.revealed = max(s.revealed, card.level)
    touch(s)
    return slot


def event_index(s: TroyesState, name: str) -> int:
    return next(i for i, e in enumerate(s.tables.events) if e.name == name)


__all__ = ["NEUTRAL", "new", "after_draft", "at_actions", "set_dice", "touch", "action_turn",
           "black_turn", "notations", "slot_of", "event_index", "choose", "groups", "counters",
           "whole_decisions", "apply_whole"]
