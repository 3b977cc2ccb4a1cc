"""Shared helpers for the bot tests: seeded positions of every registered game."""

from __future__ import annotations

from meeple import games
from meeple.engine.core import State
from meeple.engine.rng import Rng

# Tiny budgets: the tests check behaviour, not strength.
FAST_HEURISTIC = "heuristic:depth=2,width=6,beam=2"
FAST_ISMCTS = "ismcts:iters=16,horizon=4"
FAST_ROLLOUT = "rollout:iters=8,horizon=3,top=3"
FAST_PAIRED = "rollout:iters=8,horizon=3,top=3,pair=1"  # common random numbers (hard's rollouts)


def game_counts() -> list[tuple[str, int]]:
    """Every registered game at every player count it allows."""
    out: list[tuple[str, int]] = []
    for name in games.names():
        g = games.get(name)
        out.extend((name, n) for n in range(g.min_players, g.max_players + 1))
    return out


def positions(name: str, players: int, seed: int, count: int) -> list[State]:
    """Up to ``count`` positions spread over one seeded random game, each with
    at least two legal actions (a real decision)."""
    game = games.get(name)
    rng = Rng(seed * 7919 + 17)
    state = game.new(players, seed)
    length = 0
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        length += 1
    targets = sorted({(i * length) // (count + 1) for i in range(1, count + 1)})
    rng = Rng(seed * 7919 + 17)
    state = game.new(players, seed)
    out: list[State] = []
    step = 0
    while not state.is_over and targets:
        legal = state.legal_actions()
        if step >= targets[0] and len(legal) > 1:
            out.append(state.clone())
            targets = [t for t in targets if t > step]
        state.apply(legal[rng.below(len(legal))])
        step += 1
    return out


def same_future(a: State, b: State, steps: int = 60, seed: int = 3) -> bool:
    """Whether two states look and behave the same to every seat: equal views
    for every seat and a spectator, and the same legal actions, scores and
    views along one seeded random continuation."""
    rng = Rng(seed)
    for _ in range(steps + 1):
        if a.is_over != b.is_over or a.scores() != b.scores():
            return False
        for seat in [None, *range(a.players)]:
            if a.view(seat) != b.view(seat):
                return False
        if a.is_over:
            return True
        la = [x.notation for x in a.legal_actions()]
        if la != [x.notation for x in b.legal_actions()]:
            return False
        pick = la[rng.below(len(la))]
        a = a.clone()
        b = b.clone()
        a.apply(pick)
        b.apply(pick)
    return True


def canonical_determinize(state: State, seat: int) -> bool:
    """Whether this game's ``determinize(seat, rng)`` depends only on what
    ``seat`` knows and on ``rng``: two states that differ only in hidden parts
    must give the same sample for the same rng.  Without this, no bot can be
    pointwise independent of the hidden parts of the copy it is given."""
    s1 = state.determinize(seat, Rng(101))
    s2 = state.determinize(seat, Rng(202))
    return same_future(s1.determinize(seat, Rng(5)), s2.determinize(seat, Rng(5)))
