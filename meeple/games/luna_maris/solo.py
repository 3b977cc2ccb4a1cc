"""Luna Maris solo: the AI coordinator (research, "Solo", source S-ZR).

The solo game is set up as a 2-player game whose second board is the AI's (``seats[AI_SEAT]``); the
engine has one seat, and the AI's turns are applied here, inside the human's ``apply``
(``rules.next_player`` calls ``ai_turn`` whenever the AI is next).  Each round the AI turns up one
card of its 5 (drawn from the chosen difficulty's cards); the card lists all of its actions for the
round, one per AI turn, in order; when they are done it passes.

Sourced: the AI board's start (1 waste, 3 probes, 2 water, a disc for an astronaut), the decks by
difficulty, one card a round, no special equipment, the human first.  STAND_IN (not found): the
cards' actions (``components.AI_CARDS``) and what each action does, below; every rule here that the
source does not give is listed in docs/rules/luna_maris.md ("Solo").

Each action moves the AI's disc to its module (``components.AI_STEP_MODULE``) and activates it like
an astronaut (the activation lapses when the disc moves on or the AI passes; a human following it
gives the AI 1 VP; the AI following the human's activation gives the human 1 VP).  The AI pays
nothing: it has no energy, ore or scientists.  An action it cannot take scores it 1 VP instead.
"""

from __future__ import annotations

from typing import Any

from meeple.engine.core import Event
from meeple.engine.messages import Message, event
from meeple.games.luna_maris import words as W
from meeple.games.luna_maris.components import AI_STEP_MODULE, AI_STEPS, ORDER_KINDS
from meeple.games.luna_maris.food import refill_food
from meeple.games.luna_maris.resources import leave_activation
from meeple.games.luna_maris.state import AI_SEAT, TRACKS, LunaState
from meeple.games.luna_maris.words import msg

FALLBACK_VP = 1
"""STAND_IN: what the AI scores for an action it cannot take."""


# --- the card ------------------------------------------------------------------------------------

def ai_start(s: LunaState) -> list[Event]:
    """Solo (S-ZR is cut off here; STAND_IN): after the human chose a start module, the AI's disc
    starts on the other revealed one."""
    human = s.seats[0].pos
    m = next((x for x in s.start_mods if x != human), human)
    s.seats[AI_SEAT].pos = m
    return [event("start", msg("luna_maris.event.ai_start", module=W.module(s, m)), seat=AI_SEAT)]


def turn_up_ai_card(s: LunaState) -> list[Event]:
    """Research (solo): at the start of each round the AI turns up its next card, which holds all of
    its actions for the round."""
    if not s.ai_deck:
        s.ai_card = -1
        s.ai_next = 0
        return []
    c = s.ai_deck.pop()
    s.ai_seen.append(c)
    s.ai_card = c
    s.ai_next = 0
    s.reveals += 1
    card = s.tables.ai_cards[c]
    return [event("ai_card", msg("luna_maris.event.ai_card", round=s.round, card=W.cref("ai_cards", card.name),
                                 steps=ai_steps(card)), seat=AI_SEAT, card=card.name)]


def ai_steps(card: Any) -> list[Message]:
    """An AI card's actions as messages (what the card shows; a component pack's steps show)."""
    return [ai_step(k, a) for k, a in zip(card.steps, card.args, strict=True)]


def ai_step(kind: int, arg: int) -> Message:
    """One AI action as a message without placeholders (``components.AI_STEPS``; an order's kind and
    a research track are part of the key), so that a view can hold it as a bare catalog key."""
    name = AI_STEPS[kind]
    if name == "order":
        return msg(f"luna_maris.ai.step.order_{ORDER_KINDS[arg % len(ORDER_KINDS)].lower()}")
    if name == "research":
        return msg(f"luna_maris.ai.step.research_{TRACKS[arg % 2]}")
    return msg(f"luna_maris.ai.step.{name}")


# --- a turn --------------------------------------------------------------------------------------

def ai_turn(s: LunaState) -> list[Event]:
    """One AI turn: the next action of its card (the disc moves to that action's module and
    activates it), or, when the card is done, pass.  The food display is refilled after the turn."""
    ai = s.seats[AI_SEAT]
    if s.ai_card < 0:
        return ai_pass(s)
    card = s.tables.ai_cards[s.ai_card]
    if s.ai_next >= len(card.steps):
        return ai_pass(s)
    kind, arg = card.steps[s.ai_next], card.args[s.ai_next]
    s.ai_next += 1
    events = move_disc(s, AI_STEP_MODULE[kind])
    events.extend(STEP_HANDLERS[kind](s, ai, arg))
    events.extend(refill_food(s))
    return events


def ai_pass(s: LunaState) -> list[Event]:
    """The AI passes: its marker takes the next space of next round's order track (STAND_IN: it takes
    no reward) and its activation lapses."""
    ai = s.seats[AI_SEAT]
    ai.passed = 1
    leave_activation(s, AI_SEAT)
    place = len(s.next_order)
    s.next_order.append(AI_SEAT)
    return [event("pass", msg("luna_maris.event.ai_pass", place=place + 1), seat=AI_SEAT)]


def move_disc(s: LunaState, m: int) -> list[Event]:
    """The AI's disc goes to module ``m`` and activates it: on an empty activation space it takes the
    space (free: the AI pays no energy); on the human's, it follows and the human scores 1 VP (seed
    §啟動模組 3); a module without activation (the Power plant) only gets the disc."""
    ai = s.seats[AI_SEAT]
    events: list[Event] = []
    if ai.pos != m:
        leave_activation(s, AI_SEAT)
        ai.pos = m
        events.append(event("move", msg("luna_maris.event.ai_move", module=W.module(s, m)), seat=AI_SEAT))
    if not s.needs_act[m]:
        return events
    owner = s.act[m]
    if owner < 0:
        s.act[m] = AI_SEAT
        ai.on_act = 1
        events.append(event("activate", msg("luna_maris.event.ai_activate", module=W.module(s, m)), seat=AI_SEAT))
    elif owner != AI_SEAT:
        s.seats[owner].vp += 1
        events.append(event("follow", msg("luna_maris.event.ai_follow", owner=owner, module=W.module(s, m)),
                            seat=AI_SEAT, owner=owner))
    return events


def fallback(s: LunaState, ai: Any, kind: int, arg: int = 0) -> list[Event]:
    """STAND_IN: an action the AI cannot take scores it 1 VP instead."""
    ai.vp += FALLBACK_VP
    return [event("ai", msg("luna_maris.event.ai_fallback", action=ai_step(kind, arg), vp=FALLBACK_VP), seat=AI_SEAT)]


# --- the actions (STAND_IN, one per module; components.AI_STEPS) ------------------------------------

def ai_probe(s: LunaState, ai: Any, arg: int) -> list[Event]:
    """Airlock: the AI installs its next probe on the empty mining space next to the most of its own
    probes (ties: the first space), so that it builds a group (seed §探測器分數)."""
    empty = [i for i, o in enumerate(s.grid) if o < 0]
    if not ai.probes or not empty:
        return fallback(s, ai, 0)
    sp = max(empty, key=lambda i: (sum(1 for d in s.adj[i] if s.grid[d] == AI_SEAT), -i))
    s.grid[sp] = AI_SEAT
    ai.probes -= 1
    return [event("probe", msg("luna_maris.event.ai_probe", space=W.space(s, sp)), seat=AI_SEAT)]


def ai_order(s: LunaState, ai: Any, kind: int) -> list[Event]:
    """Cargo dock: the AI takes the face-up order of the card's kind, paying nothing, and scores it;
    if that stack is empty, the face-up order with the most VP (ties: the first kind).  The next tile
    of the stack is turned up."""
    orders = s.tab.orders
    k = kind if 0 <= kind < len(s.stacks) and s.stacks[kind] else -1
    if k < 0:
        tops = [(orders[st[-1]].vp, -i) for i, st in enumerate(s.stacks) if st]
        if not tops:
            return fallback(s, ai, 1, kind)
        k = -max(tops)[1]
    stack = s.stacks[k]
    oi = stack.pop()
    o = orders[oi]
    ai.vp += o.vp
    ai.delivered.append(oi)
    events: list[Event] = [event("deliver", msg("luna_maris.event.ai_order", order=W.cref("orders", o.name), vp=o.vp),
                    seat=AI_SEAT)]
    if stack:
        s.reveals += 1
        events.append(event("reveal", msg("luna_maris.event.reveal_order", order=W.cref("orders", orders[stack[-1]].name))))
    return events


def ai_hire(s: LunaState, ai: Any, arg: int) -> list[Event]:
    """Communications room: the AI takes the oldest senior of the hiring row (the last place), paying
    nothing; it scores as a senior at the end.  The row slides and a new card is turned up."""
    if not s.hire_row:
        return fallback(s, ai, 2)
    c = s.hire_row.pop()
    ai.hand.append(c)
    events: list[Event] = [event("hire", msg("luna_maris.event.ai_hire", card=W.card(s, c)), seat=AI_SEAT)]
    if s.senior_deck:
        s.hire_row.insert(0, s.senior_deck.pop())
        s.reveals += 1
        events.append(event("reveal", msg("luna_maris.event.reveal_senior", card=W.card(s, s.hire_row[0]))))
    return events


def ai_food(s: LunaState, ai: Any, arg: int) -> list[Event]:
    """Greenhouse: the AI takes the face-up food card of the highest value (ties: the first place);
    its food competes in the final diversity and value ranks (seed §最終計分 3-4)."""
    if not s.food_row:
        return fallback(s, ai, 3)
    value = s.pre.food_value
    i = max(range(len(s.food_row)), key=lambda j: (value[s.food_row[j]], -j))
    f = s.food_row.pop(i)
    ai.food.append(f)
    return [event("food", msg("luna_maris.event.ai_food", food=W.food(s, f)), seat=AI_SEAT)]


def ai_research(s: LunaState, ai: Any, track: int) -> list[Event]:
    """Laboratory: the AI's marker goes one level up the card's track; a step ending at or taken from
    the top scores 5 VP (seed §實驗室); the AI claims no bonus space."""
    top = s.board.research_max
    track %= 2
    level = ai.research(track)
    vp = 0
    if level < top:
        level += 1
        if track == 0:
            ai.ref = level
        else:
            ai.sus = level
    if level == top:
        vp = s.board.research_top_vp
        ai.vp += vp
    return [event("research", msg("luna_maris.event.ai_research", track=W.word(TRACKS[track]), level=level, vp=vp),
                  seat=AI_SEAT)]


def ai_build(s: LunaState, ai: Any, arg: int) -> list[Event]:
    """Laboratory extra: the AI builds the first advanced module on offer whose module is not yet
    built, paying nothing; its disc takes the next build-track space (its VP now, 1 VP at every
    clean-up).  The module is built for everyone."""
    b = s.board
    adv = s.tab.advanced_modules
    can = [a for a in s.adv_offer if s.built[adv[a].module] < 0]
    if len(s.build_track) >= b.max_builds or not can:
        return fallback(s, ai, 5)
    a = can[0]
    s.built[adv[a].module] = a
    s.adv_offer.remove(a)
    vp = b.build_vp[min(len(s.build_track), len(b.build_vp) - 1)]
    s.build_track.append(AI_SEAT)
    ai.vp += vp
    return [event("build", msg("luna_maris.event.ai_build", module=W.cref("advanced_modules", adv[a].name), vp=vp),
                  seat=AI_SEAT)]


def ai_co2(s: LunaState, ai: Any, arg: int) -> list[Event]:
    """Industrial zone extra: the AI's CO2 marker one step toward the clean end (the carbon credits
    of every clean-up and the final CO2 score compare it with the human's)."""
    if ai.co2 >= len(s.board.co2_vp) - 1:
        return fallback(s, ai, 6)
    ai.co2 += 1
    return [event("co2", msg("luna_maris.event.ai_co2", vp=s.board.co2_vp[ai.co2]), seat=AI_SEAT)]


def ai_mine(s: LunaState, ai: Any, arg: int) -> list[Event]:
    """Mining station: the AI scores 1 VP per 2 probes it has on the mining area, at least 1 (it keeps
    no ore)."""
    n = s.grid.count(AI_SEAT)
    if not n:
        return fallback(s, ai, 7)
    vp = max(1, n // 2)
    ai.vp += vp
    return [event("extract", msg("luna_maris.event.ai_mine", probes=n, vp=vp), seat=AI_SEAT)]


def ai_power(s: LunaState, ai: Any, arg: int) -> list[Event]:
    """Power plant: the AI scores the plant's 1 VP (it keeps no energy)."""
    ai.vp += 1
    return [event("power", msg("luna_maris.event.ai_power", vp=1), seat=AI_SEAT)]


def ai_recycle(s: LunaState, ai: Any, arg: int) -> list[Event]:
    """Recycling plant: the AI removes 1 waste cube from its gauge."""
    if not ai.waste:
        return fallback(s, ai, 9)
    ai.waste -= 1
    return [event("recycle", msg("luna_maris.event.ai_recycle", waste=ai.waste), seat=AI_SEAT)]


STEP_HANDLERS = (ai_probe, ai_order, ai_hire, ai_food, ai_research, ai_build, ai_co2, ai_mine, ai_power,
                 ai_recycle)
"""``components.AI_STEPS`` index -> the action's rule."""
assert len(STEP_HANDLERS) == len(AI_STEPS)


def ai_view(s: LunaState) -> dict[str, Any] | None:
    """The AI's board as every seat sees it (solo only): its score and cubes, its disc, what it took,
    and this round's card with its actions (the cards still face down: only how many)."""
    if not s.is_solo:
        return None
    ai = s.seats[AI_SEAT]
    t = s.tables
    card = None
    if s.ai_card >= 0:
        c = t.ai_cards[s.ai_card]
        card = {"name": W.cref("ai_cards", c.name)["key"], "steps": [m["key"] for m in ai_steps(c)],
                "next": s.ai_next}
    return {
        "level": s.options["difficulty"],
        "vp": ai.vp,
        "water": ai.water,
        "waste": ai.waste,
        "co2": ai.co2,
        "co2_vp": s.board.co2_vp[ai.co2],
        "research": {"refining": ai.ref, "sustainability": ai.sus},
        "probes_on_board": ai.probes,
        "disc": None if ai.pos < 0 else t.modules[ai.pos].key,
        "on_activation_space": bool(ai.on_act),
        "hand": [s.cards[c].name for c in ai.hand],
        "food": [t.foods[f].name for f in ai.food],
        "orders": [t.orders[o].name for o in ai.delivered],
        "passed": bool(ai.passed),
        "card": card,
        "cards_played": [t.ai_cards[c].name for c in s.ai_seen],
        "cards_left": len(s.ai_deck),
    }


def _step_entries() -> None:  # pragma: no cover - never called: marks the AI action keys for pybabel
    msg("luna_maris.ai.step.order_fe")
    msg("luna_maris.ai.step.order_ti")
    msg("luna_maris.ai.step.order_wa")
    msg("luna_maris.ai.step.order_he")
    msg("luna_maris.ai.step.order_en")
    msg("luna_maris.ai.step.order_mx")
    msg("luna_maris.ai.step.research_refining")
    msg("luna_maris.ai.step.research_sustainability")
    msg("luna_maris.ai.step.probe")
    msg("luna_maris.ai.step.hire")
    msg("luna_maris.ai.step.food")
    msg("luna_maris.ai.step.build")
    msg("luna_maris.ai.step.co2")
    msg("luna_maris.ai.step.mine")
    msg("luna_maris.ai.step.power")
    msg("luna_maris.ai.step.recycle")
