"""The bots' value of a Troyes position (``TroyesGame.evaluate``): the final scoring applied
now plus small values for resources, with a started action carried out first."""

from __future__ import annotations

from math import tanh

from meeple.games.troyes.groups import pending_groups
from meeple.games.troyes.scoring import final_scores
from meeple.games.troyes.state import OP_DICE, OP_DONE, P_ACTION, P_OVER, S_DICE, S_MAIN, S_TIMES, TroyesState

_KEY = "troyes.projection"


def evaluate(state: TroyesState, seat: int) -> float:
    """Projected final score (the final scoring applied now) plus a small value for
    deniers, influence, citizens and unspent activity-card cubes, as a margin over the best
    other seat in [0, 1].  The projection of every seat is computed once per position
    (``state.memo()``); a seat in the middle of its own action is valued after finishing it
    (``finish_pending``), also kept once per position."""
    if state.players < 2:
        return 0.5
    memo = state.memo()
    if state.phase == P_ACTION and state.step != S_MAIN and state.turn == seat:
        key = _KEY + ".pending"
        scores = memo.get(key)
        if scores is None:
            scores = memo[key] = projection(finish_pending(state, seat))
    else:
        scores = memo.get(_KEY)
        if scores is None:
            scores = memo[_KEY] = projection(state)
    mine = scores[seat]
    best_other = max(x for q, x in enumerate(scores) if q != seat)
    return 0.5 + 0.5 * tanh((mine - best_other) / 10.0)


def projection(state: TroyesState) -> list[float]:
    """Per seat: the final score now plus deniers / 4, influence / 3, citizens / 2 and one per
    unspent card cube (the scores themselves once the game is over)."""
    if state.phase == P_OVER:
        return list(state.scores())
    seats = state.seats
    return [sc + seats[q].deniers / 4 + seats[q].infl / 3 + seats[q].owned / 2
            + sum(seats[q].cubes)  # an unspent card cube ~ 1 VP
            for q, sc in enumerate(final_scores(state))]


def finish_pending(state: TroyesState, seat: int) -> TroyesState:
    """An action ``seat`` has started (target chosen, dice or activations still to choose) is
    completed on a clone with plain choices (own dice with the highest total, the most
    activations), so that ``evaluate`` sees what the action will bring, not a position where
    nothing has happened yet."""
    if state.phase != P_ACTION or state.step == S_MAIN or state.to_move != seat or state.is_over:
        return state
    c = state.clone()
    assert isinstance(c, TroyesState)
    goal: tuple[int, ...] | None = None
    for _ in range(12):
        if c.is_over or c.phase != P_ACTION or c.step == S_MAIN or c.to_move != seat:
            break
        legal = c.legal_actions()
        pick = legal[0]
        if c.step == S_TIMES:
            pick = legal[-1]
        elif c.step == S_DICE:
            # the dice one at a time (version 8): towards the group of the most own dice
            # value that extends the dice chosen so far (the first legal group without one).
            # A goal of own dice only stays the goal as its dice are taken (the dice after it
            # are its own, and no longer group of own dice had a higher value), so it is found once.
            k = len(c.group)
            if goal is not None and goal[:k] == tuple(c.group):
                found = goal
            else:
                found, own = plain_group(c, seat)
                goal = found if own else None  # a group that buys a die: look again after it
            want = (OP_DICE, found[k]) if len(found) > k else (OP_DONE,)  # ``die r5@p1`` / ``done``
            pick = next((a for a in legal if a.data == want), pick)
        c.apply(pick)
    return c


def plain_group(s: TroyesState, seat: int) -> tuple[tuple[int, ...], bool]:
    """The legal group extending the dice chosen so far whose further dice are all ``seat``'s
    own with the highest total, or else the first one (or the dice chosen, if none); and
    whether it is one of own further dice."""
    k = len(s.group)
    prefix = tuple(s.group)
    groups = [g for g in pending_groups(s, seat)[0] if g[:k] == prefix]
    own = [g for g in groups if all(d >> 6 == seat for d in g[k:])]
    if own:
        return max(own, key=lambda g: sum(d & 7 for d in g)), True
    return (groups[0] if groups else prefix), False
