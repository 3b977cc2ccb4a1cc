"""What a Troyes action costs and does, as the player reads it before the click (issue 15):
catalog messages (``words``), never English sentences.

The die and ``done`` labels quote the actual price: each bought die costs 2 / 4 / 6 deniers in a
group of 1 / 2 / 3 dice (seed §5), nothing with a Tithing cube for the first yellow die of each
other owner (``dice.group_cost``), and ``done`` sums the bought dice and the hiring cost."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from meeple.engine.core import Action
from meeple.engine.messages import Message
from meeple.games.troyes import words as W
from meeple.games.troyes.components import YELLOW
from meeple.games.troyes.dice import event_card, group_cost
from meeple.games.troyes.state import (
    DICE_PRICE,
    NEUTRAL,
    OP_DICE,
    OP_DONE,
    OP_FLIPDIE,
    OP_REROLL,
    OP_SPEND,
    SRC_BLD,
    SRC_CARD,
    SRC_LYING,
    SRC_SUPPLY,
    T_ACT,
    T_CATH,
    T_FIGHT,
    T_PLACE,
    die_text,
)

if TYPE_CHECKING:
    from meeple.games.troyes.state import TroyesState

def target(s: TroyesState, kind: int, arg: int) -> Message:
    """The action chosen: activate a card, build the cathedral, combat an event, place, farm."""
    if kind == T_ACT:
        return W.msg("troyes.target.activate", card=W.activity(s.acts[s.slots[arg]].name))
    if kind == T_CATH:
        return W.msg("troyes.target.build")
    if kind == T_FIGHT:
        return W.msg("troyes.target.combat", card=W.event(s, event_card(s, arg)))
    if kind == T_PLACE:
        return W.msg("troyes.target.place", building=W.building(s, arg))
    return W.msg("troyes.target.farm")


def source(s: TroyesState, src: int) -> Message:
    """Where the citizen of an action comes from (``citizens.source_text``), as a label."""
    if src == SRC_SUPPLY:
        return W.msg("troyes.label.source.supply")
    if SRC_LYING <= src < SRC_LYING + 3:
        return W.msg("troyes.label.source.lying", building=W.building(s, src - SRC_LYING))
    if src >= SRC_BLD:
        return W.msg("troyes.label.source.space", space=W.space(s, src - SRC_BLD))
    return W.msg("troyes.label.source.card", card=W.activity(s.acts[s.slots[src - SRC_CARD]].name))


def activate(card: Any, hired: bool) -> Message:
    """``activate Baker``: with a tradesman already there, or the actual hiring cost."""
    if hired:
        return W.msg("troyes.label.activate.hired", card=W.activity(card.name), colour=W.colour(card.colour),
                     divisor=card.divisor)
    return W.msg("troyes.label.activate", card=W.activity(card.name), colour=W.colour(card.colour),
                 divisor=card.divisor, hire=card.hire_cost)


def die_label(kind: int, d: int, p: int, size: int = 1, free: bool = False) -> Message:
    """What a die action does and costs, for seat ``p``; a die added to a group (``die y5@n``)
    makes a group of ``size`` dice, in which each bought die costs ``DICE_PRICE[size]`` (``free``:
    a Tithing cube pays for it)."""
    die = W.die(d, p)
    if kind == OP_REROLL:
        return W.msg("troyes.label.reroll", die=die)
    if kind == OP_FLIPDIE:
        return W.msg("troyes.label.flip", die=die, value=7 - (d & 7))
    if kind == OP_SPEND:
        return W.msg("troyes.label.spend", die=die, value=(d & 7) * (2 if (d >> 3) & 7 == 0 else 1))
    owner = d >> 6
    if owner == p:
        return W.msg("troyes.label.die", die=die)
    if free:
        return W.msg("troyes.label.die.tithing", die=die)
    price = DICE_PRICE[size]
    if owner == NEUTRAL:
        return W.msg("troyes.label.die.neutral", die=die, price=price, size=size)
    return W.msg("troyes.label.die.bought", die=die, seat=owner, price=price, size=size)


def tithing_free(group: list[int], d: int, p: int) -> bool:
    """Whether die ``d`` added to ``group`` costs nothing with a Tithing cube (the first yellow die
    of each other owner, as ``dice.group_cost`` counts them)."""
    owner = d >> 6
    if owner == p or (d >> 3) & 7 != YELLOW:
        return False
    return not any(o >> 6 == owner and (o >> 3) & 7 == YELLOW for o in group)


def die_action(s: TroyesState, d: int, p: int) -> Action:
    """``die y5@p1``: the next die of the group, its label quoting its actual price (cached)."""
    cache = s.caches.die_actions
    group = s.group
    effect_ = s.acts[s.slots[s.mod]].effect if s.mod >= 0 else ""
    free = effect_ == "tithing" and tithing_free(group, d, p)
    size = len(group) + 1
    key = (OP_DICE, d, p, size, free)
    act = cache.get(key)
    if act is None:
        act = cache.put(key, Action(f"die {die_text(d, p)}", (OP_DICE, d), die_label(OP_DICE, d, p, size, free)))
    return act  # type: ignore[no-any-return]


@functools.cache
def _done(cost: int, hire: int) -> Action:
    if cost and hire:
        return Action("done", (OP_DONE,), W.msg("troyes.label.done_dice.both", price=cost, hire=hire))
    if cost:
        return Action("done", (OP_DONE,), W.msg("troyes.label.done_dice.cost", price=cost))
    if hire:
        return Action("done", (OP_DONE,), W.msg("troyes.label.done_dice.hire", hire=hire))
    return Action("done", (OP_DONE,), W.msg("troyes.label.done_dice"))


def done_action(s: TroyesState, p: int) -> Action:
    """``done``: act with the dice chosen, paying the bought dice and the hire, said in the label."""
    effect_ = s.acts[s.slots[s.mod]].effect if s.mod >= 0 else ""
    cost = group_cost(p, tuple(s.group), effect_)
    hire = 0
    if s.tgt_kind == T_ACT and not s.seats[p].trade[s.tgt_arg]:
        hire = s.acts[s.slots[s.tgt_arg]].hire_cost
    return _done(cost, hire)


def forced(act: Action, group: tuple[int, ...], p: int, cost: int) -> Action:
    """``act`` whose label also names the dice that follow it without a choice and their price."""
    label = W.msg("troyes.label.forced", action=act.label, dice=[W.die(d, p) for d in group], price=cost)
    return Action(act.notation, act.data, label)


__all__ = ["activate", "die_action", "die_label", "done_action", "forced", "source", "target", "tithing_free"]
