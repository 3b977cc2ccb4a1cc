"""Helpers for the Troyes tests: states at a chosen point, and hand-made positions."""

from __future__ import annotations

from typing import Any

from meeple.games.troyes import GAME, TroyesState
from meeple.games.troyes.state import NEUTRAL, P_ACTION, P_BLACK, S_MAIN, die


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


def touch(s: TroyesState) -> None:
    """Forget cached legal actions and derived values after editing a state by hand."""
    s._legal_cache = None
    s._memo = None


def action_turn(s: TroyesState, seat: int) -> None:
    s.phase, s.step, s.turn = P_ACTION, S_MAIN, seat
    s.passed = [0] * s.players
    touch(s)


def black_turn(s: TroyesState, seat: int, black: list[int]) -> None:
    s.phase, s.step, s.turn = P_BLACK, S_MAIN, seat
    s.black = sorted(black, reverse=True)
    touch(s)


def notations(s: TroyesState) -> list[str]:
    return [a.notation for a in s.legal_actions()]


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
           "black_turn", "notations", "slot_of", "event_index"]
