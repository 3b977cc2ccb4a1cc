"""The dice of a pending action, one at a time (version 8): its legal groups and the
dice-step actions, kept per pending action in the component set's caches (``derived.caches``)
by ``group_key``, everything the groups read (seed §5, research §6.1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.core import Action
from meeple.games.troyes import labels as L
from meeple.games.troyes.dice import GroupTrie, build_trie, legal_groups, trie_node
from meeple.games.troyes.state import MARAUD, T_ACT, T_CATH, T_FIGHT, T_PLACE

if TYPE_CHECKING:
    from meeple.games.troyes.state import TroyesState


def dice_step_actions(s: TroyesState, p: int) -> list[Action]:
    """The next die of the group (``die y5@p1``), each one that still leads to a legal group,
    in the order of ``die_rank``; ``done`` once the dice chosen so far are a legal group."""
    groups, steps = pending_groups(s, p)
    prefix = tuple(s.group)
    out = steps.get(prefix)
    if out is None:  # the actions follow from the prefix and the cache key: kept with the groups
        nexts, done = trie_node(groups, prefix, p, s.players)
        acts = [L.die_action(s, d, p) for d in nexts]
        if done:
            acts.append(L.done_action(s, p))
        out = steps[prefix] = tuple(acts)  # a tuple of (acyclic) Actions: untracked by the GC
    return list(out)


def group_trie(s: TroyesState, p: int) -> GroupTrie:
    """Per group chosen so far: the dice that may come next (``die_rank`` order) and whether
    it is itself a legal group (``dice.build_trie`` of ``pending_groups``; built when a surface
    asks, ``refined.py``: a dice step reads only its own prefix, ``dice.trie_node``).  The dice
    stay on the city square until the group is done, so one trie serves all the steps of an action."""
    return build_trie(list(pending_groups(s, p)[0]), p, s.players)


PendingGroups = tuple[tuple[tuple[int, ...], ...], dict[tuple[int, ...], tuple[Action, ...]]]


def pending_groups(s: TroyesState, p: int) -> PendingGroups:
    """The legal groups of the pending action (``dice.legal_groups``, in its order) and the
    dice-step actions per group chosen so far (filled as the steps are listed), kept in
    ``caches.group_tries`` by ``group_key``."""
    cache = s.caches.group_tries
    key = group_key(s, p)
    hit = cache.get(key)
    if hit is None:
        # a tuple of tuples of ints, a dict of tuples: the garbage collector untracks the entry
        # (a list would keep it tracked, and every full collection would walk the whole cache)
        hit = cache.put(key, (tuple(legal_groups(s, p)), {}))
    return hit  # type: ignore[no-any-return]


def group_key(s: TroyesState, p: int) -> tuple[int, ...]:
    """Everything the legal groups of the pending action read (``dice.legal_groups``,
    ``iter_groups``): the seat and player count (the dice order), the target, cube and citizen
    source, the seat's deniers and influence, the cards of the target and cube slots and whether
    the seat has a tradesman on the target card, the push-out reading; for a placement the
    buildings and every seat's lying and expelled citizens, for the cathedral its cubes; then the
    dice on the city square (last: the only part of varying length)."""
    kind, arg, mod = s.tgt_kind, s.tgt_arg, s.mod
    me = s.seats[p]
    slots = s.slots
    card, hired = -1, 0
    if kind == T_ACT:
        card, hired = slots[arg], me.trade[arg]
    elif kind == T_FIGHT and arg != MARAUD:
        card = s.row[arg]
    head = (p, s.players, kind, arg, mod, s.src, me.deniers, me.infl, slots[mod] if mod >= 0 else -1,
            card, hired, s.prot)
    if kind == T_PLACE:
        board = s.bld[:]
        for q in s.seats:
            board += q.lying
            board += q.expelled
        return (*head, *board, *s.dice)
    if kind == T_CATH:
        return (*head, *s.cath, *s.dice)
    return (*head, *s.dice)


__all__ = ["PendingGroups", "dice_step_actions", "group_key", "group_trie", "pending_groups"]
