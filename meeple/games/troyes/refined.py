"""What a person reads for a legal action, worked out when a surface asks (``TroyesPosition.label``,
the engine's ``State.label``; issue 15).

An action after which the dice are forced (one legal group, taken without asking) and bought says
so in its label, with the price: the click pays for them.  Finding that out takes the legal-group
search, so ``actions.legal`` does none of it (it lists the plain actions at every search and
learning step); the labels of a position are made here, all at once on the first question, and
kept in its ``memo()``.  They read only what every seat sees (the dice on the city square, the
face-up cards, the cubes, the buildings, the deniers), so a determinized copy labels alike."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.core import Action
from meeple.engine.messages import Message
from meeple.games.troyes import labels as L
from meeple.games.troyes.citizens import needs_source
from meeple.games.troyes.dice import group_cost, target_colour, usable_mods, usable_sources
from meeple.games.troyes.groups import group_trie
from meeple.games.troyes.state import (
    DICE_PRICE,
    OP_CUBE,
    OP_SRC,
    OP_TARGET,
    P_ACTION,
    P_BLACK,
    P_DRAFT,
    P_KEEP,
    S_CUBE,
    S_FLIP,
    S_MAIN,
    S_SRC,
)

if TYPE_CHECKING:
    from meeple.games.troyes.state import TroyesState

_MEMO = "troyes.labels"


def label(s: TroyesState, action: Action) -> Message | None:
    """The label shown for ``action``, one of the position's legal actions: its own, or at a main
    step, a citizen source or a cube step the one naming the forced dice that follow it."""
    data = action.data
    if not data or data[0] not in (OP_TARGET, OP_SRC, OP_CUBE) or s.phase in (P_KEEP, P_DRAFT, P_BLACK) \
            or s.step not in (S_MAIN, S_SRC, S_CUBE):
        return action.label  # no dice follow this action
    memo = s.memo()
    shown = memo.get(_MEMO)
    if shown is None:
        shown = memo[_MEMO] = {a.notation: a.label for a in refined(s)}
    return shown.get(action.notation, action.label)  # type: ignore[no-any-return]


def refined(s: TroyesState) -> list[Action]:
    """The legal actions with the labels a person reads: ``legal_actions()`` (same notations,
    same order), the ones followed by forced bought dice relabelled."""
    legal = s.legal_actions()
    if s.is_over or s.phase in (P_KEEP, P_DRAFT, P_BLACK) or s.step == S_FLIP:
        return legal
    p = s.to_move
    if s.step == S_MAIN:
        return forced_main(s, s.turn, legal) if s.phase == P_ACTION else legal
    if s.step == S_SRC:
        if any(s.seats[p].cubes) and usable_mods(s, p, s.tgt_kind, s.tgt_arg):
            return legal  # a cube may still change the dice
        return [forced_dice(s, p, act, act.data[1], -1) for act in legal]
    if s.step == S_CUBE:
        return [forced_dice(s, p, act, s.src, act.data[1]) for act in legal]
    return legal


def forced_dice(s: TroyesState, p: int, act: Action, src: int, mod: int) -> Action:
    """``act`` (a citizen source or a cube), its label saying so when the dice that follow are
    forced (one legal group, chosen without asking) and bought: the click pays for them (issue 15)."""
    old = s.src, s.mod
    s.src, s.mod = src, mod
    try:
        trie = group_trie(s, p)
        node: tuple[int, ...] = ()
        nexts, done = trie.get(node, ((), False))
        while len(nexts) == 1 and not done:
            node += nexts
            nexts, done = trie.get(node, ((), False))
        if nexts or not done or not node:
            return act
        cost = group_cost(p, node, s.acts[s.slots[mod]].effect if mod >= 0 else "")
    finally:
        s.src, s.mod = old
    return L.forced(act, node, p, cost) if cost else act


def forced_main(s: TroyesState, p: int, acts: list[Action]) -> list[Action]:
    """The main step's actions, a target's label naming the die it will buy without asking: the
    one die of its colour on the square is another's, no cube can change the colours and the
    citizen's source (if any) is forced, so the offered action has that die as its only group
    (the steps after it are single choices, taken at once).  Two or three such dice are left to
    the later steps' labels (their groups would take the legal-group search here: speed)."""
    out = []
    for act in acts:
        data = act.data
        if data[0] != OP_TARGET or (any(s.seats[p].cubes) and usable_mods(s, p, data[1], data[2])):
            out.append(act)
            continue
        kind, arg = data[1], data[2]
        colour = target_colour(s, kind, arg)
        same = [d for d in s.dice if (d >> 3) & 7 == colour]
        if len(same) != 1 or same[0] >> 6 == p or (
                needs_source(s, p, kind, arg) and len(usable_sources(s, p, kind, arg)) != 1):
            out.append(act)
            continue
        out.append(L.forced(act, (same[0],), p, DICE_PRICE[1]))
    return out


__all__ = ["forced_dice", "forced_main", "label", "refined"]
