"""A bot never uses hidden information.

Two states that differ only in what the bot's seat cannot see are built as
two determinizations (for that seat) of the same position.  The same bot
with the same seed must choose the same action from both, both when asked
directly (``choose``) and through ``act``.

End to end this can only hold when the game's own ``determinize(seat, rng)``
depends on nothing but the seat's information and the rng ("canonical"),
since every sample a bot draws starts from the copy it was given.  So there
are two checks:

- on every game, twins whose ``determinize`` both sample from the one
  position they came from (the same sample for the same rng): the bot may
  use the copy it gets only through ``determinize`` and what its seat sees;
- on every game whose determinization is canonical (and on a canonical
  variant of the small test game), the plain twins; a game that is not
  canonical is skipped with that reason.

A bot that peeks at the hidden parts is caught by both, so the check can fail.
"""

from __future__ import annotations

from typing import Any

import pytest

from meeple import bots, games
from meeple.bots.base import Bot
from meeple.engine.core import Action, State
from meeple.engine.rng import Rng
from tests.bots.helpers import (
    FAST_HEURISTIC,
    FAST_ISMCTS,
    FAST_PAIRED,
    FAST_ROLLOUT,
    canonical_determinize,
    positions,
    same_future,
)
from tests.engine.tinygame import HiLo, HiLoState

SPECS = [FAST_HEURISTIC, FAST_ISMCTS, FAST_ROLLOUT, FAST_PAIRED, "ismcts:iters=40,horizon=8,prior=0,lead=0,pick=2", "random"]


class CanonicalHiLoState(HiLoState):
    __slots__ = ()

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        unseen = sorted(self.deck + [c for s, h in enumerate(self.hands) if s != seat for c in h])
        rng.shuffle(unseen)
        for s, hand in enumerate(self.hands):
            if s != seat:
                n = len(hand)
                hand[:] = unseen[:n]
                del unseen[:n]
        self.deck[:] = unseen


class CanonicalHiLo(HiLo):
    name = "hilo_canonical"
    title = "Hi-Lo with a canonical determinization (bot tests)"
    state_class = CanonicalHiLoState


CANONICAL = CanonicalHiLo()


class PeekBot(Bot):
    """Cheats: plays according to the opponents' hidden cards in the copy it gets."""

    name = "peek"

    def choose(self, seat: int, state: State, rng: Rng) -> Action:
        legal = state.legal_actions()
        hidden: Any = getattr(state, "hands", [])
        secret = sum(sum(h) * (i + 1) for i, h in enumerate(hidden) if i != seat)
        secret += sum(getattr(state, "deck", [])[:2])
        return legal[secret % len(legal)]


@pytest.fixture
def canonical_game():
    games.register(CANONICAL)
    yield CANONICAL
    games.unregister(CANONICAL.name)


def twin_states(state: State) -> tuple[int, State, State]:
    seat = state.to_move
    s1 = state.determinize(seat, Rng(101))
    s2 = state.determinize(seat, Rng(202))
    assert s1.view(seat) == s2.view(seat)
    assert [a.notation for a in s1.legal_actions()] == [a.notation for a in s2.legal_actions()]
    return seat, s1, s2


def differ_in_hidden(s1: State, s2: State) -> bool:
    return not same_future(s1, s2)


_BASES: dict[int, State] = {}


def _twin_determinize(self: State, seat: int, rng: Any) -> State:
    return _BASES[id(self)].determinize(seat, rng)


def wrapped_twins(state: State) -> tuple[int, State, State]:
    """Twins of ``state`` (differing in what the seat to move cannot see) whose
    ``determinize`` samples from ``state`` itself."""
    seat, s1, s2 = twin_states(state)
    cls = type(state)
    twin = type(f"Twin{cls.__name__}", (cls,), {"__slots__": (), "determinize": _twin_determinize})
    for s in (s1, s2):
        s.__class__ = twin
        _BASES[id(s)] = state
    return seat, s1, s2


def check_bot(spec: str, seat: int, s1: State, s2: State, seed: int) -> None:
    a1 = bots.make(spec).choose(seat, s1, Rng(seed))
    a2 = bots.make(spec).choose(seat, s2, Rng(seed))
    assert a1.notation == a2.notation, (spec, a1, a2)
    b1 = bots.act(bots.make(spec), s1, Rng(seed))
    b2 = bots.act(bots.make(spec), s2, Rng(seed))
    assert b1.notation == b2.notation, (spec, b1, b2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_ignore_hidden_information_canonical_game(canonical_game, players: int) -> None:
    differing = 0
    for seed in range(1, 5):
        for state in positions(canonical_game.name, players, seed, 3):
            seat, s1, s2 = twin_states(state)
            differing += differ_in_hidden(s1, s2)
            for k, spec in enumerate(SPECS):
                check_bot(spec, seat, s1, s2, 31 * seed + k)
    assert differing > 0  # the twins really differed in what the seat cannot see


@pytest.mark.parametrize("make_twins", [twin_states, wrapped_twins])
def test_a_peeking_bot_is_caught(canonical_game, make_twins) -> None:
    caught = 0
    for seed in range(1, 6):
        for state in positions(canonical_game.name, 2, seed, 3):
            seat, s1, s2 = make_twins(state)
            a1 = PeekBot().choose(seat, s1, Rng(1))
            a2 = PeekBot().choose(seat, s2, Rng(1))
            caught += a1.notation != a2.notation
    _BASES.clear()
    assert caught > 0


@pytest.mark.parametrize("name", games.names())
def test_bots_use_the_copy_only_through_determinize(name: str) -> None:
    game = games.get(name)
    differing = 0
    try:
        for players in sorted({game.min_players, game.max_players}):
            for seed in (1, 2):
                for state in positions(name, players, seed, 2):
                    seat, s1, s2 = wrapped_twins(state)
                    differing += differ_in_hidden(s1, s2)
                    for k, spec in enumerate(SPECS[:4]):
                        check_bot(spec, seat, s1, s2, 17 * seed + k)
    finally:
        _BASES.clear()
    # A game with neither hidden parts nor chance gives identical twins
    # (differing == 0): then there is simply nothing to hide.


@pytest.mark.parametrize("name", games.names())
def test_bots_ignore_hidden_information_end_to_end(name: str) -> None:
    game = games.get(name)
    checked = 0
    for players in sorted({game.min_players, game.max_players}):
        for seed in (1, 2):
            for state in positions(name, players, seed, 3):
                seat = state.to_move
                if not canonical_determinize(state, seat):
                    pytest.skip(
                        f"{name}: determinize(seat, rng) is not canonical (two states that differ "
                        "only in hidden parts give different samples for the same rng), so no "
                        "bot can be pointwise independent of the copy it is given; the game "
                        "should sort its pool of unseen components before shuffling it"
                    )
                seat, s1, s2 = twin_states(state)
                for k, spec in enumerate(SPECS[:4]):
                    check_bot(spec, seat, s1, s2, 17 * seed + k)
                checked += 1
    assert checked > 0
