"""Applying a Luna Maris decision (``apply``) and the turn flow: the module visit (main action,
extra action, a senior's second module), the end of a turn, passing, and the round cycle
(clean-up, production, final scoring).  The rules of each topic are in the topic modules.

Section names in docstrings refer to the seed (004, 月海礦場) and the research notes.
"""

from __future__ import annotations

from meeple.engine.core import Action, Event
from meeple.engine.dispatch import opcodes, table
from meeple.engine.messages import Message, event
from meeple.games.luna_maris import food, modules, research, setup, solo
from meeple.games.luna_maris import state as state_module
from meeple.games.luna_maris.food import refill_food
from meeple.games.luna_maris.modules import can_move_anywhere, extra_options, leave_after_extra, main_possible
from meeple.games.luna_maris.production import pass_reward, production
from meeple.games.luna_maris.recycling import compactor
from meeple.games.luna_maris.resources import emergency_deposit, leave_activation
from meeple.games.luna_maris.scoring import clean_up, final_scoring
from meeple.games.luna_maris.state import (
    AI_SEAT,
    OP_BONUS,
    OP_COMPACT,
    OP_DONE,
    OP_EMERG,
    OP_END,
    OP_EQUIP,
    OP_EXTRA,
    OP_FEED,
    OP_FEED_NONE,
    OP_GO,
    OP_MAIN,
    OP_PASS,
    OP_PAY,
    OP_PLAY,
    OP_PROBE0,
    OP_RETURN,
    OP_SKIP,
    OP_START,
    OP_STOP,
    OP_TAKE,
    S_COMPACT,
    S_FEED,
    S_MODULE,
    S_MOVE,
    S_OVER,
    S_TURN,
    LunaState,
)
from meeple.games.luna_maris.words import msg


def apply(s: LunaState, action: Action) -> list[Event]:
    """Apply a legal decision through ``HANDLERS`` (its opcode is ``action.data[0]``)."""
    data = action.data
    return HANDLERS[data[0]](s, s.cur, data)


# --- one handler per opcode (``Action.data[0]``) --------------------------------------------------

def apply_equip(s: LunaState, p: int, data: tuple[int, ...]) -> list[Event]:
    """Research §3: take one of the face-up special equipment tiles."""
    return setup.choose_equipment(s, p, data[1])


def apply_probe0(s: LunaState, p: int, data: tuple[int, ...]) -> list[Event]:
    """Research §5.6: the first probe on an empty iron space."""
    return setup.place_first_probe(s, p, data[1])


def apply_start(s: LunaState, p: int, data: tuple[int, ...]) -> list[Event]:
    """Research §3: the astronaut's start module."""
    return setup.place_astronaut(s, p, data[1])


def apply_play(s: LunaState, p: int, data: tuple[int, ...]) -> list[Event]:
    """Seed §啟動模組 1: play a scientist from the hand."""
    return modules.play_scientist(s, p, data[1])


def apply_go(s: LunaState, p: int, data: tuple[int, ...]) -> list[Event]:
    """Seed §啟動模組 2: move the astronaut (or stay) to a module."""
    return modules.move_astronaut(s, p, data[1])


def apply_main(s: LunaState, p: int, data: tuple[int, ...]) -> list[Event]:
    """Seed §啟動模組 3: the module's main action (activation first)."""
    return _visit(s, p, modules.main_action(s, p, data[1], data[2]))


def apply_extra(s: LunaState, p: int, data: tuple[int, ...]) -> list[Event]:
    """Seed §啟動模組 3: the module's extra action, then the main action if still open."""
    return modules.extra_action(s, p, data[1], data[2]) + after_extra(s, p)


def apply_done(s: LunaState, p: int, data: tuple[int, ...]) -> list[Event]:
    """Seed §啟動模組 3: the module visit is over."""
    return finish_module(s, p)


def apply_pay(s: LunaState, p: int, data: tuple[int, ...]) -> list[Event]:
    """Seed §氣閘 note: titanium stands in for some of the action's iron; then the main action."""
    return _visit(s, p, modules.pay_choice(s, p, data[1]))


def apply_take(s: LunaState, p: int, data: tuple[int, ...]) -> list[Event]:
    """Seed §溫室: one of the face-up food cards."""
    return _visit(s, p, food.take_food(s, p, data[1]))


def apply_bonus(s: LunaState, p: int, data: tuple[int, ...]) -> list[Event]:
    """Research §5.7: a bonus space of the track just researched beyond its top."""
    return _visit(s, p, research.research_bonus(s, p, data[1]))


def apply_compact(s: LunaState, p: int, data: tuple[int, ...]) -> list[Event]:
    """Seed §回收站 (Compactor): the extra recycling process."""
    return _visit(s, p, compactor(s, p, data[1]))


def apply_skip(s: LunaState, p: int, data: tuple[int, ...]) -> list[Event]:
    """Seed §回收站 (Compactor): no extra process."""
    return _visit(s, p, compactor(s, p, -1))


def apply_feed(s: LunaState, p: int, data: tuple[int, ...]) -> list[Event]:
    """Seed §犒賞科學家: feed scientists with a food card."""
    return _feeding(s, p, food.feed_scientists(s, p, data[1]))


def apply_feed_none(s: LunaState, p: int, data: tuple[int, ...]) -> list[Event]:
    """Seed §犒賞科學家: with no food card, lose VP to take back one scientist."""
    return _feeding(s, p, food.feed_without_food(s, p))


def apply_return(s: LunaState, p: int, data: tuple[int, ...]) -> list[Event]:
    """Seed §犒賞科學家: take one scientist back from the rest pile."""
    return _feeding(s, p, food.return_scientist(s, p, data[1]))


def apply_stop(s: LunaState, p: int, data: tuple[int, ...]) -> list[Event]:
    """Seed §犒賞科學家: take no more scientists back."""
    return _feeding(s, p, food.stop_feeding(s, p))


def apply_emergency(s: LunaState, p: int, data: tuple[int, ...]) -> list[Event]:
    """Seed §緊急倉庫: one of the deposit's cubes, at any time."""
    return emergency_deposit(s, p, data[1])


def apply_end(s: LunaState, p: int, data: tuple[int, ...]) -> list[Event]:
    """Seed §啟動模組 5: end the turn (a senior's second module left unused)."""
    return end_turn(s, p)


def apply_pass(s: LunaState, p: int, data: tuple[int, ...]) -> list[Event]:
    """Seed §PASS: pass for the round."""
    return pass_turn(s, p)


def _visit(s: LunaState, p: int, events: list[Event]) -> list[Event]:
    """A step of a module visit is done: if it left the position back at the module (not at a
    payment, food pick, research bonus or compactor step), the main action is over."""
    if s.step == S_MODULE:
        events.extend(after_main(s, p))
    return events


def _feeding(s: LunaState, p: int, events: list[Event]) -> list[Event]:
    """A step of feeding is done: the turn ends unless scientists are still to be picked."""
    if s.step != S_FEED:
        events.extend(end_turn(s, p))
    return events


# --- the module visit --------------------------------------------------------------------------------

def after_main(s: LunaState, p: int) -> list[Event]:
    """After the main action: the compactor's extra process, then the extra action if one is possible,
    else the module action is over."""
    if s.compact:
        s.step = S_COMPACT
        return []
    s.step = S_MODULE
    if not s.extra_done and extra_options(s, p, s.module):
        return []
    return finish_module(s, p)


def after_extra(s: LunaState, p: int) -> list[Event]:
    """After the extra action: the main action if it was not taken and still can be (seed
    §啟動模組 3 gives no order between the two), else the module action is over."""
    if not s.main_done and main_possible(s, p, s.module):
        return []
    return finish_module(s, p)


def finish_module(s: LunaState, p: int) -> list[Event]:
    """One module action of the played scientist is over (a visit that took only the extra action
    leaves the activation space); a senior may go on to a second module."""
    events: list[Event] = []
    leave_after_extra(s, p)
    s.used |= 1 << s.module
    s.acts_done += 1
    s.acts_left -= 1
    s.module = -1
    s.main_done = s.extra_done = 0
    if s.acts_left > 0 and can_move_anywhere(s, p, s.card):
        s.step = S_MOVE
        return events
    return events + end_turn(s, p)


# --- turns and rounds --------------------------------------------------------------------------------

def end_turn(s: LunaState, p: int) -> list[Event]:
    """End of a turn: refill the food display (seed §溫室: only after the turn), next player."""
    events = refill_food(s)
    s.reset_turn()
    s.step = S_TURN
    return events + next_player(s)


def next_player(s: LunaState) -> list[Event]:
    """Seed §行動階段: turns go round in turn order, skipping players who passed; when all have passed
    the round is scored."""
    order = s.order
    n = len(order)
    i = order.index(s.cur)
    for k in range(1, n + 1):
        q = order[(i + k) % n]
        if not s.seats[q].passed:
            s.cur = q
            return ai_turns(s) if q == AI_SEAT and s.is_solo else []
    return end_round(s)


def ai_turns(s: LunaState) -> list[Event]:
    """Solo: the AI is next; its turn is applied now (``solo.ai_turn``), then play goes on (more AI
    turns while the human has passed, then the round's end) until the human is to decide."""
    events = solo.ai_turn(s)
    return events + next_player(s)


def pass_turn(s: LunaState, p: int) -> list[Event]:
    """Seed §PASS: the marker goes to the leftmost free space of next round's order track and takes
    its reward (STAND_IN values; none after round 5); the activation lapses."""
    me = s.seats[p]
    me.passed = 1
    leave_activation(s, p)
    place = len(s.next_order)
    s.next_order.append(p)
    events: list[Event] = []
    got: Message | str = ""
    if s.round < s.board.rounds:
        if s.options["pass_reward"] == "immediate":
            got = pass_reward(s, p, place)
        else:
            me.pending = place
    if got:
        events.append(event("pass", msg("luna_maris.event.pass_reward", seat=p, place=place + 1,
                                                       reward=got), seat=p))
    else:
        events.append(event("pass", msg("luna_maris.event.pass", seat=p, place=place + 1), seat=p))
    s.reset_turn()
    s.step = S_TURN
    return events + next_player(s)


def end_round(s: LunaState) -> list[Event]:
    """Seed §結算階段, then the next round's production (seed §生產階段) or the final scoring."""
    events = clean_up(s)
    if s.round >= s.board.rounds:
        events.extend(final_scoring(s))
        s.step = S_OVER
        s.cur = 0
        return events
    s.round += 1
    s.order = s.next_order + [q for q in s.order if q not in s.next_order]
    s.next_order = []
    for me in s.seats:
        me.passed = 0
    events.append(event("round", msg("luna_maris.event.round", round=s.round), round=s.round))
    events.extend(production(s))
    s.step = S_TURN
    s.cur = s.order[0]
    if s.is_solo:
        events.extend(solo.turn_up_ai_card(s))
        if s.cur == AI_SEAT:
            events.extend(ai_turns(s))
    return events


# --- the dispatch table ----------------------------------------------------------------------------

OPCODES = opcodes(vars(state_module))
HANDLERS = table(OPCODES, (
    (OP_EQUIP, apply_equip),
    (OP_PROBE0, apply_probe0),
    (OP_START, apply_start),
    (OP_PLAY, apply_play),
    (OP_FEED, apply_feed),
    (OP_FEED_NONE, apply_feed_none),
    (OP_PASS, apply_pass),
    (OP_EMERG, apply_emergency),
    (OP_GO, apply_go),
    (OP_END, apply_end),
    (OP_DONE, apply_done),
    (OP_MAIN, apply_main),
    (OP_EXTRA, apply_extra),
    (OP_TAKE, apply_take),
    (OP_RETURN, apply_return),
    (OP_STOP, apply_stop),
    (OP_BONUS, apply_bonus),
    (OP_COMPACT, apply_compact),
    (OP_SKIP, apply_skip),
    (OP_PAY, apply_pay),
))
"""Opcode -> handler (``meeple.engine.dispatch``): every opcode of ``state.py`` exactly one."""


__all__ = ["HANDLERS", "OPCODES", "after_main", "apply", "end_turn", "finish_module", "pass_turn", "production",
           "refill_food"]
