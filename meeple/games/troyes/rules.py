"""Applying a decision, phase by phase (seed §4-5, 額外行動), dispatching to the topic modules;
the legal actions are in actions.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.core import Action, Event
from meeple.engine.messages import event
from meeple.games.troyes import labels as L
from meeple.games.troyes import scoring
from meeple.games.troyes import words as W
from meeple.games.troyes.activities import activity_effect, hire
from meeple.games.troyes.cathedral import cathedral_cubes, mason_spaces
from meeple.games.troyes.citizens import enter_building, needs_source, take_citizen
from meeple.games.troyes.components import RED
from meeple.games.troyes.dice import (
    event_card,
    group_total,
    group_values,
    own_dice,
    usable_mods,
    usable_sources,
)
from meeple.games.troyes.events import event_cubes
from meeple.games.troyes.rounds import begin_round, end_round, start_actions
from meeple.games.troyes.setup import draft_citizen, draft_order, fill_neutrals
from meeple.games.troyes.state import (
    A_COUNTER,
    A_CUBE,
    A_DICE,
    A_DONE,
    A_DRAFT,
    A_FLIP,
    A_FLIPDIE,
    A_FLIPSTOP,
    A_GIVEUP,
    A_KEEP,
    A_PASS,
    A_PICK,
    A_RECRUIT,
    A_REROLL,
    A_SPEND,
    A_SRC,
    A_TARGET,
    A_TIMES,
    NEUTRAL,
    P_BLACK,
    P_DRAFT,
    P_OVER,
    PASS_FIRST,
    PASS_LATER,
    S_COUNT,
    S_CUBE,
    S_DICE,
    S_FLIP,
    S_MAIN,
    S_MASON,
    S_SPEND,
    S_SRC,
    S_TIMES,
    SHORT_PENALTY,
    SRC_NONE,
    T_ACT,
    T_CATH,
    T_FIGHT,
    T_PLACE,
    gain_influence,
    lose_vp,
)
from meeple.games.troyes.words import msg

if TYPE_CHECKING:
    from meeple.games.troyes.state import TroyesState


# --- apply -------------------------------------------------------------------------------------

def apply(s: TroyesState, action: Action) -> list[Event]:
    data = action.data
    kind = data[0]
    p = s.to_move
    ev: list[Event] = []
    if kind == A_KEEP:
        keep_character(s, p, data[1], ev)
    elif kind == A_DRAFT:
        draft_citizen(s, p, data[1], data[2], ev)
        s.order.pop(0)
        if not s.order:
            fill_neutrals(s, ev)
            ev.extend(begin_round(s))
    elif kind == A_REROLL:
        i = s.dice.index(data[1])
        d = data[1]
        s.dice[i] = (d & ~7) | s.rng.die()
        s.infl[p] -= 1
        ev.append(event("influence", msg("troyes.event.influence.reroll", seat=p,
                                                         die=W.plain_die(d), value=s.dice[i] & 7), seat=p))
    elif kind == A_RECRUIT:
        s.infl[p] -= 2
        s.supply[p] += 1
        s.owned[p] += 1
        ev.append(event("influence", msg("troyes.event.influence.recruit", seat=p), seat=p))
    elif kind == A_FLIP:
        s.infl[p] -= 4
        s.flipped = []
        s.step = S_FLIP
        ev.append(event("influence", msg("troyes.event.influence.flip", seat=p), seat=p))
    elif kind == A_FLIPDIE:
        d = data[1]
        i = next(k for k, x in enumerate(s.dice) if x == d and k not in s.flipped)
        s.dice[i] = (d & ~7) | (7 - (d & 7))
        s.flipped.append(i)
        ev.append(event("flip", msg("troyes.event.flip", seat=p, die=W.plain_die(d),
                                                    value=7 - (d & 7)), seat=p))
        if len(s.flipped) == 3 or not own_dice(s, p, s.flipped):
            s.step, s.flipped = S_MAIN, []
    elif kind == A_FLIPSTOP:
        s.step, s.flipped = S_MAIN, []
    elif kind == A_COUNTER:  # the highest black die, then (S_COUNT) more, one at a time
        if s.step == S_COUNT:
            s.bsel.append(data[1])
        else:
            s.bsel, s.pool, s.step = [data[1]], 0, S_COUNT
    elif kind == A_SPEND:
        counter_with(s, p, data[1], ev)
    elif kind == A_GIVEUP:
        gone = s.black.pop(0)
        ev.append(event("black", msg("troyes.event.black.cannot", seat=p, value=gone), seat=p))
        lose_vp(s, p, SHORT_PENALTY, msg("troyes.why.black_not_countered"), ev)
        ev.extend(next_black(s))
    elif kind == A_TARGET:
        s.tgt_kind, s.tgt_arg, s.src, s.mod, s.group = data[1], data[2], SRC_NONE, -1, []
        if needs_source(s, p, data[1], data[2]):
            srcs = usable_sources(s, p, data[1], data[2])
            if len(srcs) == 1:  # a forced choice, taken at once (as State.settle would)
                s.src = srcs[0]
                skip_cube_step(s, p)
            else:
                s.step = S_SRC
        else:
            skip_cube_step(s, p)
    elif kind == A_SRC:
        s.src = data[1]
        skip_cube_step(s, p)
    elif kind == A_CUBE:
        s.mod, s.step = data[1], S_DICE
    elif kind == A_DICE:  # one more die of the group (version 8)
        s.group.append(data[1])
    elif kind == A_DONE:
        if s.phase == P_BLACK:  # the black dice to counter are chosen: spend own dice now
            s.step = S_SPEND
        elif s.tgt_kind == T_ACT:
            s.step = S_TIMES
        else:
            ev.extend(resolve(s, p, 0, 0))
    elif kind == A_TIMES:
        ev.extend(resolve(s, p, data[1], data[2]))
    elif kind == A_PICK:
        place_pick(s, p, data[1], ev)
    elif kind == A_PASS:
        if s.dice:
            s.passed[p] = 2
            s.district[p] += PASS_FIRST
        else:
            s.passed[p] = 1
        ev.append(event("pass", msg("troyes.event.pass", seat=p), seat=p))
        ev.extend(next_turn(s))
    if s.phase == P_OVER:  # the last round has ended: the final scoring
        ev.extend(scoring.game_over(s))
    return ev


def place_pick(s: TroyesState, p: int, arg: int, ev: list[Event]) -> None:
    """One Master Mason / Squire cube where the player chose; the turn ends after the last."""
    if s.step == S_MASON:
        cathedral_cubes(s, p, [arg], ev)
    else:
        event_cubes(s, p, arg, 1, ev)
    s.picks -= 1
    if s.picks <= 0 or (s.step == S_MASON and not mason_spaces(s)):
        s.picks, s.step = 0, S_MAIN
        ev.extend(next_turn(s))


def keep_character(s: TroyesState, p: int, c: int, ev: list[Event]) -> None:
    """Seed setup (option): keep one of the two drawn characters secretly; the other goes back
    into the deck, which is shuffled before the next player draws two."""
    other = s.pair[1] if s.pair[0] == c else s.pair[0]
    s.chars[p] = sorted(s.chars[p] + [c])
    s.klog.extend((p, c, s.pair[0], s.pair[1]))
    s.box.append(other)
    s.rng.shuffle(s.box)
    ev.append(event("keep", msg("troyes.event.keep.private", card=W.character(s.tables.characters[c].name)), seat=p, private=p))
    ev.append(event("keep", msg("troyes.event.keep", seat=p), seat=p))
    s.order.pop(0)
    if s.order:
        s.pair = sorted([s.box.pop(), s.box.pop()])
    else:
        s.pair = []
        s.phase, s.order = P_DRAFT, draft_order(s)


def skip_cube_step(s: TroyesState, p: int) -> None:
    """Go to the cube step, or straight to the dice when no cube can modify this action."""
    if any(s.cubes[p::4]) and usable_mods(s, p, s.tgt_kind, s.tgt_arg):
        s.step = S_CUBE
    else:
        s.mod, s.step = -1, S_DICE


def counter_with(s: TroyesState, p: int, d: int, ev: list[Event]) -> None:
    """Spend one own die against the chosen black dice; done when the total reaches their sum."""
    s.dice.remove(d)
    s.pool += (d & 7) * (2 if (d >> 3) & 7 == RED else 1)
    need = sum(s.bsel)
    if s.pool < need:
        return
    for v in s.bsel:
        s.black.remove(v)
    gain_influence(s, p, len(s.bsel))
    ev.append(event("black", msg("troyes.event.black.countered", seat=p, values=W.values(s.bsel),
                                                 influence=len(s.bsel)), seat=p))
    s.bsel, s.pool, s.step = [], 0, S_MAIN
    ev.extend(next_black(s))


def next_black(s: TroyesState) -> list[Event]:
    if not s.black:
        return start_actions(s)
    s.turn = (s.turn + 1) % s.players
    return []


def next_turn(s: TroyesState) -> list[Event]:
    """The next seat that has not passed; passed seats earn 1 district denier as the turn goes
    by (seed §5.6).  The round ends when all passed or no dice remain."""
    if not s.dice or all(s.passed):
        return end_round(s)
    q = s.turn
    for _ in range(s.players):
        q = (q + 1) % s.players
        if not s.passed[q]:
            s.turn = q
            return []
        if s.passed[q] == 2:
            s.district[q] += PASS_LATER
    return end_round(s)


def resolve(s: TroyesState, p: int, times: int, choice: int) -> list[Event]:
    """Carry out the chosen action with the chosen group (seed §5.1-5.5)."""
    ev: list[Event] = []
    combo = tuple(s.group)
    effect = s.acts[s.slots[s.mod]].effect if s.mod >= 0 else ""
    pay_for_dice(s, p, combo, effect, ev)
    for d in combo:
        s.dice.remove(d)
    if s.mod >= 0:
        s.cubes[s.mod * 4 + p] -= 1
        ev.append(event("cube", msg("troyes.event.cube", seat=p,
                                                    card=W.activity(s.acts[s.slots[s.mod]].name)), seat=p))
    kind, arg = s.tgt_kind, s.tgt_arg
    ev.append(event("action", msg("troyes.event.action", seat=p, action=L.target(s, kind, arg),
                                                  dice=[W.die(d, NEUTRAL + 1) for d in combo]), seat=p))
    if kind == T_ACT:
        if not s.trade[arg * 4 + p]:
            hire(s, p, arg, s.src, ev)
        activity_effect(s, p, arg, times, choice, ev)
    elif kind == T_CATH:
        cathedral_cubes(s, p, group_values(s, combo, effect), ev)
    elif kind == T_FIGHT:
        k = group_total(s, combo, effect) // event_card(s, arg).divisor + (1 if effect == "canon" else 0)
        event_cubes(s, p, arg, k, ev)
    elif kind == T_PLACE:
        take_citizen(s, p, s.src)
        enter_building(s, p, arg, combo[0] & 7, ev)
    else:
        gain = group_total(s, combo, effect) // s.brd.agriculture_divisor
        s.deniers[p] += gain
        ev.append(event("farm", msg("troyes.event.farm", seat=p, n=gain), seat=p))
    s.tgt_kind, s.tgt_arg, s.src, s.mod, s.group = 0, 0, SRC_NONE, -1, []
    if s.picks:  # Master Mason / Squire: the cubes are placed one by one, then the turn ends
        return ev
    s.step = S_MAIN
    ev.extend(next_turn(s))
    return ev


def pay_for_dice(s: TroyesState, p: int, combo: tuple[int, ...], effect: str, ev: list[Event]) -> None:
    """Bought dice are paid to their owner, or to the bank for neutral dice; never refused."""
    price = (0, 2, 4, 6)[len(combo)]
    free: list[int] = []
    for d in combo:
        o = d >> 6
        if o == p:
            continue
        if effect == "tithing" and (d >> 3) & 7 == 2 and o not in free:
            free.append(o)
            continue
        s.deniers[p] -= price
        if o != NEUTRAL:
            s.deniers[o] += price
        if o == NEUTRAL:
            ev.append(event("buy", msg("troyes.event.buy.neutral", seat=p, n=price), seat=p))
        else:
            ev.append(event("buy", msg("troyes.event.buy", seat=p, owner=o, n=price), seat=p))


__all__ = ["apply"]
