"""Helpers for the Luna Maris tests: a game past setup and constructed positions."""

from __future__ import annotations

from typing import Any

import meeple
from meeple.games.luna_maris.state import N_JUNIORS, S_MODULE, S_MOVE, S_TURN, LunaState

GAME = meeple.games.get("luna_maris")


def fresh(players: int = 2, seed: int = 0, **options: Any) -> LunaState:
    """A new game with setup done by always taking the first legal choice; round 1, first turn."""
    s = GAME.new(players, seed=seed, options=options)
    while s.step != S_TURN:
        s.apply(s.legal_actions()[0])
    assert isinstance(s, LunaState)
    return s


def touch(s: LunaState) -> LunaState:
    s._legal_cache = None
    s._memo = None
    return s


def at_module(s: LunaState, p: int, m: int, senior: bool = False) -> LunaState:
    """Seat ``p`` has played a scientist and stands in module ``m`` (not on its activation space)."""
    s.cur = p
    card = N_JUNIORS if senior else s.seats[p].hand[0]
    s.card = card
    s.acts_left = 2 if senior else 1
    s.acts_done = 0
    s.used = 0
    s.module = m
    s.main_done = s.extra_done = 0
    s.seats[p].pos = m
    s.step = S_MODULE
    return touch(s)


def ready_to_move(s: LunaState, p: int, card: int, where: int) -> LunaState:
    s.cur = p
    s.seats[p].pos = where
    if card in s.seats[p].hand:
        s.seats[p].hand.remove(card)
    s.seats[p].rest.append(card)
    s.card = card
    s.acts_left = 2 if card >= N_JUNIORS else 1
    s.acts_done = 0
    s.used = 0
    s.step = S_MOVE
    return touch(s)


def notations(s: LunaState) -> list[str]:
    return [a.notation for a in s.legal_actions()]


def choices(s: LunaState) -> list[str]:
    """The legal notations without the emergency deposit (offered at every real decision)."""
    return [n for n in notations(s) if not n.startswith("emergency")]
