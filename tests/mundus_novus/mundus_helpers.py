"""Helpers to build Mundus Novus positions for rule tests (not a test module)."""

from __future__ import annotations

from typing import Any

from meeple.games.mundus_novus import GAME
from meeple.games.mundus_novus.components import DEVELOPMENTS, RESOURCES
from meeple.games.mundus_novus.developments import set_abilities
from meeple.games.mundus_novus.progression import begin_turn
from meeple.games.mundus_novus.state import PROG, K, MundusState

NAMES = [r.name for r in RESOURCES]


def fresh(players: int = 3, seed: int = 1, **options: Any) -> MundusState:
    s = GAME.new(players, seed=seed, options=options)
    assert isinstance(s, MundusState)
    return s


def kind(name: str) -> int:
    return NAMES.index(name)


def dev(code: str) -> int:
    for i, d in enumerate(DEVELOPMENTS):
        if d.code == code:
            return i
    raise KeyError(code)


def give(s: MundusState, seat: int, *codes: str) -> None:
    """Hand ``seat`` development cards (taking them out of the deck/queue if they are there)."""
    for code in codes:
        i = dev(code)
        if i in s.dev_deck:
            s.dev_deck.remove(i)
        if i in s.queue:
            s.queue.remove(i)
            s.queue.append(s.dev_deck.pop())
        s.owned[seat] = s.owned[seat] + (i,)
    set_abilities(s)
    refresh(s)


def set_hand(s: MundusState, seat: int, cards: dict[str, int]) -> None:
    o = seat * K
    for k in range(K):
        s.hand[o + k] = 0
        s.known[o + k] = 0
    for name, c in cards.items():
        s.hand[o + kind(name)] = c
    refresh(s)


def hand(s: MundusState, seat: int) -> dict[str, int]:
    o = seat * K
    return {NAMES[k]: s.hand[o + k] for k in range(K) if s.hand[o + k]}


def refresh(s: MundusState) -> None:
    """After poking state fields directly: drop what was derived from the old position."""
    s._legal_cache = None
    s._memo = None


def legal(s: MundusState) -> list[str]:
    return [a.notation for a in s.legal_actions()]


def progression_turn(s: MundusState, seat: int, cards: dict[str, int]) -> None:
    """Put ``seat`` at the start of its Progression turn (the others already played) holding ``cards``."""
    for p in range(s.players):
        set_hand(s, p, {})
    set_hand(s, seat, cards)
    s.order = [seat]
    s.opos = 0
    s.phase = PROG
    begin_turn(s)
    refresh(s)


def play(s: MundusState, *actions: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for a in actions:
        events.extend(s.apply(a))
    return events


def play_open(s: MundusState, *actions: str) -> None:
    """Apply each action unless the engine already applied it as a forced (single-choice) step."""
    for a in actions:
        if a in legal(s):
            s.apply(a)
