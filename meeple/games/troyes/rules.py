"""Applying a decision, phase by phase (seed §4-5, 額外行動), dispatching to the topic modules;
the legal actions are in actions.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.core import Action, Event
from meeple.engine.dispatch import opcodes, table
from meeple.engine.messages import event
from meeple.games.troyes import labels as L
from meeple.games.troyes import scoring
from meeple.games.troyes import state as state_module
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
    NEUTRAL,
    OP_COUNTER,
    OP_CUBE,
    OP_DICE,
    OP_DONE,
    OP_DRAFT,
    OP_FLIP,
    OP_FLIPDIE,
    OP_FLIPSTOP,
    OP_GIVEUP,
    OP_KEEP,
    OP_PASS,
    OP_PICK,
    OP_RECRUIT,
    OP_REROLL,
    OP_SPEND,
    OP_SRC,
    OP_TARGET,
    OP_TIMES,
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


# --- apply: one handler per opcode ------------------------------------------------------------

def apply(s: TroyesState, action: Action) -> list[Event]:
    """Apply a legal decision through ``HANDLERS`` (its opcode is ``action.data[0]``); the final
    scoring follows at once when the last round has ended."""
    data = action.data
    ev: list[Event] = []
    HANDLERS[data[0]](s, s.to_move, data, ev)
    if s.phase == P_OVER:
        ev.extend(scoring.game_over(s))
    return ev


def apply_keep(s: TroyesState, p: int, data: tuple[int, ...], ev: list[Event]) -> None:
    """Seed setup (option draw_two_keep_one): keep one of the two drawn characters."""
    keep_character(s, p, data[1], ev)


def apply_draft(s: TroyesState, p: int, data: tuple[int, ...], ev: list[Event]) -> None:
    """Research §2: a starting citizen on an empty space; after the last, grey citizens fill the
    rest and the first round begins."""
    draft_citizen(s, p, data[1], data[2], ev)
    s.order.pop(0)
    if not s.order:
        fill_neutrals(s, ev)
        ev.extend(begin_round(s))


def apply_reroll(s: TroyesState, p: int, data: tuple[int, ...], ev: list[Event]) -> None:
    """Seed 額外行動: 1 influence rerolls one own die."""
    d = data[1]
    i = s.dice.index(d)
    s.dice[i] = (d & ~7) | s.rng.die()
    s.seats[p].infl -= 1
    ev.append(event("influence", msg("troyes.event.influence.reroll", seat=p, die=W.plain_die(d),
                                     value=s.dice[i] & 7), seat=p))


def apply_recruit(s: TroyesState, p: int, data: tuple[int, ...], ev: list[Event]) -> None:
    """Seed 額外行動: 2 influence bring a new citizen into the supply."""
    s.seats[p].infl -= 2
    s.seats[p].supply += 1
    s.seats[p].owned += 1
    ev.append(event("influence", msg("troyes.event.influence.recruit", seat=p), seat=p))


def apply_flip(s: TroyesState, p: int, data: tuple[int, ...], ev: list[Event]) -> None:
    """Seed 額外行動: 4 influence turn over up to three own dice (chosen one by one)."""
    s.seats[p].infl -= 4
    s.flipped = []
    s.step = S_FLIP
    ev.append(event("influence", msg("troyes.event.influence.flip", seat=p), seat=p))


def apply_flip_die(s: TroyesState, p: int, data: tuple[int, ...], ev: list[Event]) -> None:
    """Seed 額外行動: one own die turned over (value 7 - v); the flip ends after three dice or
    when no own die is left to turn."""
    d = data[1]
    i = next(k for k, x in enumerate(s.dice) if x == d and k not in s.flipped)
    s.dice[i] = (d & ~7) | (7 - (d & 7))
    s.flipped.append(i)
    ev.append(event("flip", msg("troyes.event.flip", seat=p, die=W.plain_die(d), value=7 - (d & 7)), seat=p))
    if len(s.flipped) == 3 or not own_dice(s, p, s.flipped):
        s.step, s.flipped = S_MAIN, []


def apply_flip_stop(s: TroyesState, p: int, data: tuple[int, ...], ev: list[Event]) -> None:
    """Seed 額外行動: fewer than three dice may be turned over."""
    s.step, s.flipped = S_MAIN, []


def apply_counter(s: TroyesState, p: int, data: tuple[int, ...], ev: list[Event]) -> None:
    """Seed §4: the black dice to counter, the highest first, then (S_COUNT) more one at a time."""
    if s.step == S_COUNT:
        s.bsel.append(data[1])
    else:
        s.bsel, s.pool, s.step = [data[1]], 0, S_COUNT


def apply_spend(s: TroyesState, p: int, data: tuple[int, ...], ev: list[Event]) -> None:
    """Seed §4: an own die spent against the chosen black dice."""
    counter_with(s, p, data[1], ev)


def apply_give_up(s: TroyesState, p: int, data: tuple[int, ...], ev: list[Event]) -> None:
    """Seed §4: a seat that cannot counter the highest black die loses 2 VP; the die is removed."""
    gone = s.black.pop(0)
    ev.append(event("black", msg("troyes.event.black.cannot", seat=p, value=gone), seat=p))
    lose_vp(s, p, SHORT_PENALTY, msg("troyes.why.black_not_countered"), ev)
    ev.extend(next_black(s))


def apply_target(s: TroyesState, p: int, data: tuple[int, ...], ev: list[Event]) -> None:
    """Seed §5: the action of the turn; then the citizen source (a forced one taken at once, as
    ``State.settle`` would), the cube and the dice."""
    kind, arg = data[1], data[2]
    s.tgt_kind, s.tgt_arg, s.src, s.mod, s.group = kind, arg, SRC_NONE, -1, []
    if needs_source(s, p, kind, arg):
        srcs = usable_sources(s, p, kind, arg)
        if len(srcs) == 1:
            s.src = srcs[0]
            skip_cube_step(s, p)
        else:
            s.step = S_SRC
    else:
        skip_cube_step(s, p)


def apply_source(s: TroyesState, p: int, data: tuple[int, ...], ev: list[Event]) -> None:
    """Seed §5.4, research §5 D: the citizen to place or hire, from the supply or the board."""
    s.src = data[1]
    skip_cube_step(s, p)


def apply_cube(s: TroyesState, p: int, data: tuple[int, ...], ev: list[Event]) -> None:
    """Research §6.1: at most one delayed-card cube modifies the action (-1: none)."""
    s.mod, s.step = data[1], S_DICE


def apply_die(s: TroyesState, p: int, data: tuple[int, ...], ev: list[Event]) -> None:
    """Seed §5 (version 8): one more die of the group."""
    s.group.append(data[1])


def apply_done(s: TroyesState, p: int, data: tuple[int, ...], ev: list[Event]) -> None:
    """The chosen dice are complete: spend own dice against the black dice (seed §4), choose the
    activations (seed §5.1), or carry the action out."""
    if s.phase == P_BLACK:
        s.step = S_SPEND
    elif s.tgt_kind == T_ACT:
        s.step = S_TIMES
    else:
        ev.extend(resolve(s, p, 0, 0))


def apply_times(s: TroyesState, p: int, data: tuple[int, ...], ev: list[Event]) -> None:
    """Seed §5.1: activate the card this many times (and the Miller's split)."""
    ev.extend(resolve(s, p, data[1], data[2]))


def apply_pick(s: TroyesState, p: int, data: tuple[int, ...], ev: list[Event]) -> None:
    """Research 10.2: one Master Mason / Squire cube where the player chooses."""
    place_pick(s, p, data[1], ev)


def apply_pass(s: TroyesState, p: int, data: tuple[int, ...], ev: list[Event]) -> None:
    """Seed §5.6: passing while dice remain earns 2 district deniers (1 more as each later turn
    goes by)."""
    if s.dice:
        s.seats[p].passed = 2
        s.seats[p].district += PASS_FIRST
    else:
        s.seats[p].passed = 1
    ev.append(event("pass", msg("troyes.event.pass", seat=p), seat=p))
    ev.extend(next_turn(s))


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
    s.seats[p].chars = sorted(s.seats[p].chars + [c])
    s.klog.append((p, c, s.pair[0], s.pair[1]))
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
    if any(s.seats[p].cubes) and usable_mods(s, p, s.tgt_kind, s.tgt_arg):
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
    seats = s.seats
    if not s.dice or all(q.passed for q in seats):
        return end_round(s)
    q = s.turn
    for _ in range(s.players):
        q = (q + 1) % s.players
        seat = seats[q]
        if not seat.passed:
            s.turn = q
            return []
        if seat.passed == 2:
            seat.district += PASS_LATER
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
        s.seats[p].cubes[s.mod] -= 1
        ev.append(event("cube", msg("troyes.event.cube", seat=p,
                                                    card=W.activity(s.acts[s.slots[s.mod]].name)), seat=p))
    kind, arg = s.tgt_kind, s.tgt_arg
    ev.append(event("action", msg("troyes.event.action", seat=p, action=L.target(s, kind, arg),
                                                  dice=[W.die(d, NEUTRAL + 1) for d in combo]), seat=p))
    if kind == T_ACT:
        if not s.seats[p].trade[arg]:
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
        s.seats[p].deniers += gain
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
        s.seats[p].deniers -= price
        if o != NEUTRAL:
            s.seats[o].deniers += price
        if o == NEUTRAL:
            ev.append(event("buy", msg("troyes.event.buy.neutral", seat=p, n=price), seat=p))
        else:
            ev.append(event("buy", msg("troyes.event.buy", seat=p, owner=o, n=price), seat=p))


OPCODES = opcodes(vars(state_module))
HANDLERS = table(OPCODES, (
    (OP_KEEP, apply_keep),
    (OP_DRAFT, apply_draft),
    (OP_REROLL, apply_reroll),
    (OP_RECRUIT, apply_recruit),
    (OP_FLIP, apply_flip),
    (OP_FLIPDIE, apply_flip_die),
    (OP_FLIPSTOP, apply_flip_stop),
    (OP_COUNTER, apply_counter),
    (OP_SPEND, apply_spend),
    (OP_GIVEUP, apply_give_up),
    (OP_TARGET, apply_target),
    (OP_SRC, apply_source),
    (OP_CUBE, apply_cube),
    (OP_DICE, apply_die),
    (OP_TIMES, apply_times),
    (OP_PASS, apply_pass),
    (OP_PICK, apply_pick),
    (OP_DONE, apply_done),
))
"""Opcode -> handler (``meeple.engine.dispatch``): every ``OP_*`` of ``state.py`` has exactly one."""

__all__ = ["HANDLERS", "OPCODES", "apply"]
