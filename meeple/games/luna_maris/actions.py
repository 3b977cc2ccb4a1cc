"""What may be done now in Luna Maris (``legal``): the setup choices, the turn's three options, the
astronaut's moves, the module's actions and every continuation step; the emergency deposit is
added at every decision with a real choice."""

from __future__ import annotations

from meeple.engine.core import Action
from meeple.engine.messages import Message
from meeple.games.luna_maris import words as W
from meeple.games.luna_maris.derived import O2_MOST
from meeple.games.luna_maris.labels import _process, activation_state, amounts, extra_action, main_action
from meeple.games.luna_maris.modules import (
    MAIN_OPTIONS,
    activation_cost,
    extra_options,
    iron_need,
    module_open,
    move_targets,
)
from meeple.games.luna_maris.recycling import compact_processes, recycling_table
from meeple.games.luna_maris.resources import emergency_options, iron_range
from meeple.games.luna_maris.state import (
    O2_ANY,
    OP_BONUS,
    OP_COMPACT,
    OP_EQUIP,
    OP_EXTRA,
    OP_MAIN,
    OP_PAY,
    OP_PROBE0,
    OP_START,
    OP_TAKE,
    S_BONUS,
    S_COMPACT,
    S_EQUIP,
    S_FEED,
    S_FOOD,
    S_MODULE,
    S_MOVE,
    S_OVER,
    S_PAY,
    S_PROBE,
    S_START,
    S_TURN,
    LunaState,
)
from meeple.games.luna_maris.words import msg


def legal(s: LunaState) -> list[Action]:
    """The legal actions: the lister of the current step (``LISTERS``)."""
    return LISTERS[s.step](s, s.cur)


def _with_emergency(s: LunaState, p: int, out: list[Action]) -> list[Action]:
    """Seed §緊急倉庫: the deposit may be opened at any time (a forced step is not held up for it)."""
    if len(out) > 1:
        out.extend(emergency_options(s, p))
    return out


def move_options(s: LunaState, p: int) -> list[Action]:
    """Seed §啟動模組 2: the modules the played scientist can go to; ``end turn`` after a module."""
    go = s.pre.go_cost
    row = s.dist[s.seats[p].pos]
    out = [go[m][min(row[m] or 1, O2_ANY)] for m in move_targets(s, p, s.card)]
    if s.acts_done:
        out.append(s.pre.end)
    return _with_emergency(s, p, out)


def return_options(s: LunaState, p: int) -> list[Action]:
    """Seed §犒賞科學家: the scientists of the rest pile to take back (one choice per name); ``stop``
    once a food card was played."""
    out = []
    seen = set()
    pre = s.pre
    names = pre.card_name
    ret = pre.ret
    for c in s.seats[p].rest:
        name = names[c]
        if name not in seen:
            seen.add(name)
            out.append(ret[c])
    if s.feed_food:
        out.append(pre.stop)
    return _with_emergency(s, p, out)


def _no_options(s: LunaState, p: int) -> list[Action]:
    return []


_SETUP: dict[tuple[int, int], list[Action]] = {}


def setup_options(s: LunaState, p: int) -> list[Action]:
    """The setup decisions: equipment, first probe, start module (research §3); each choice's
    ``Action`` is made once per component set."""
    per = _SETUP.get((id(s.pre), s.step))
    if per is None:
        per = _SETUP[(id(s.pre), s.step)] = _setup_actions(s)
    step = s.step
    if step == S_EQUIP:
        return [per[e] for e in s.equip_offer]
    if step == S_PROBE:
        sp = s.tab.mining_spaces
        return [per[i] for i in range(len(sp)) if s.grid[i] < 0 and sp[i].ore == 0]
    taken = {s.seats[q].pos for q in range(s.players)}
    return [per[m] for m in s.start_mods if m not in taken]


def _setup_actions(s: LunaState) -> list[Action]:
    """Every choice of the current setup step, by index (equipment tile, mining space, module)."""
    t = s.tab
    step = s.step
    if step == S_EQUIP:
        eq = t.equipment
        return [Action(f"take {eq[e].name.lower()}", (OP_EQUIP, e),
                       msg("luna_maris.label.take_equipment", equipment=W.equipment(s, e),
                           effect=W.ref_text("equipment", eq[e].name)))
                for e in range(len(eq))]
    if step == S_PROBE:
        sp = t.mining_spaces
        return [Action(f"probe {sp[i].name}", (OP_PROBE0, i), msg("luna_maris.label.probe_first", space=W.space(s, i)))
                for i in range(len(sp))]
    mods = t.modules
    return [Action(f"start {mods[m].key}", (OP_START, m), msg("luna_maris.label.start", module=W.module(s, m)))
            for m in range(len(mods))]


def turn_options(s: LunaState, p: int) -> list[Action]:
    """Seed §行動階段: activate modules (play a scientist), feed scientists, or pass; the emergency
    deposit may be opened at any time."""
    out: list[Action] = []
    seen: set[str] = set()
    pre = s.pre
    names = pre.card_name
    me = s.seats[p]
    left = me.cap - me.o2
    # modules.playable for every card at once (no module is used yet at the start of a turn): the
    # modules the O2 left reaches, as a mask; each module tested once (module_open), Hibernation,
    # Greenhouse and Laboratory (the high bits, the cheapest tests) first
    reach = s.within[me.pos][min(left, O2_MOST)] if left > 0 else 0
    if reach:
        masks = s.allowed_mask
        play = pre.play
        yes = known = 0
        for c in me.hand:
            name = names[c]
            cand = masks[c] & reach
            if not cand or name in seen:
                continue
            if not cand & yes:
                unknown = cand & ~known
                while unknown:
                    m = unknown.bit_length() - 1
                    bit = 1 << m
                    unknown ^= bit
                    known |= bit
                    if module_open(s, p, m):
                        yes |= bit
                        break
                if not cand & yes:
                    continue
            seen.add(name)
            out.append(play[c])
    if me.rest:
        if me.food:
            food_names = pre.food_name
            fseen: set[str] = set()
            for f in me.food:
                name = food_names[f]
                if name not in fseen:
                    fseen.add(name)
                    out.append(pre.feed[f])
        else:
            out.append(pre.feed_none)
    if s.round < s.board.rounds:  # seed §PASS: the place on next round's order track and its reward
        out.append(pre.pass_at[min(len(s.next_order), len(pre.pass_at) - 1)])
    else:
        out.append(pre.pass_)
    out.extend(emergency_options(s, p))  # listed last: a costly choice never sits at number 1
    return out


def module_options(s: LunaState, p: int) -> list[Action]:
    """Seed §啟動模組 3: the module's main action (with the activation paid for) and its extra
    action, in either order; ``done`` once one of them is taken (a visit carries out the module's
    action)."""
    m = s.module
    out: list[Action] = []
    if not s.main_done:
        ac = activation_cost(s, p, m)
        if s.seats[p].energy >= ac:
            act = activation_state(s, p, m, ac)
            for note, op, arg in MAIN_OPTIONS[m](s, p, s.seats[p].energy - ac):
                out.append(main_action(s, p, m, act, note, (OP_MAIN, op, arg)))
    if not s.extra_done:
        for note, op, arg in extra_options(s, p, m):
            out.append(extra_action(s, p, note, (OP_EXTRA, op, arg)))
    if s.main_done or s.extra_done:
        out.append(s.pre.done)
    if len(out) != 1:  # seed §緊急倉庫: the deposit may be opened at any time (listed last)
        out.extend(emergency_options(s, p))
    if not out:  # never in play: a module is a destination only while one of its actions is possible
        out.append(s.pre.done)
    return out


def pay_step(s: LunaState, p: int) -> list[Action]:
    """The payment step's choices, and the emergency deposit."""
    return _with_emergency(s, p, pay_options(s, p))


def food_step(s: LunaState, p: int) -> list[Action]:
    """The Greenhouse's food picks, and the emergency deposit."""
    return _with_emergency(s, p, food_pick_options(s))


def bonus_step(s: LunaState, p: int) -> list[Action]:
    """The research bonus spaces, and the emergency deposit."""
    return _with_emergency(s, p, bonus_options(s, p))


def compact_step(s: LunaState, p: int) -> list[Action]:
    """The Compactor's processes or skip, and the emergency deposit."""
    return _with_emergency(s, p, compact_options(s, p))


def pay_options(s: LunaState, p: int) -> list[Action]:
    """Titanium stands in for iron: when both kinds could pay, the player chooses how many titanium
    cubes to use (one decision; the right conveyor section pays first within a kind)."""
    need, reserved = iron_need(s, p, s.pay_op, s.pay_arg)
    lo, hi = iron_range(s.seats[p], need, reserved)
    return [Action(f"pay {need - t} iron {t} titanium", (OP_PAY, t),
                   msg("luna_maris.label.pay", iron=need - t, titanium=t)) for t in range(lo, hi + 1)]


def bonus_options(s: LunaState, p: int) -> list[Action]:
    """Research §5.7: the bonus spaces of the track just researched beyond its top."""
    return [Action(f"bonus {b.name}", (OP_BONUS, i), _bonus_label(s, b)) for i, b in enumerate(s.tab.research_bonuses)
            if b.track == s.bonus_track]


def _bonus_label(s: LunaState, b: object) -> Message:
    gain = amounts(titanium=b.titanium, he3=b.he3, food=b.food)  # type: ignore[attr-defined]
    down = [m for m, n in ((msg("luna_maris.label.co2_down", steps=b.co2_down), b.co2_down),  # type: ignore[attr-defined]
                           (msg("luna_maris.label.waste_down", amount=b.waste_removed), b.waste_removed),  # type: ignore[attr-defined]
                           (msg("luna_maris.label.stress_down", down=b.stress_down), b.stress_down)) if n]  # type: ignore[attr-defined]
    return msg("luna_maris.label.bonus", bonus=W.cref("research_bonuses", b.name),  # type: ignore[attr-defined]
               gain=gain + down or msg("luna_maris.label.nothing"))


def compact_options(s: LunaState, p: int) -> list[Action]:
    """The Compactor's extra recycling process, or ``skip``."""
    procs = recycling_table(s)
    out = [Action(f"compact {procs[i].name}", (OP_COMPACT, i), msg("luna_maris.label.compact", process=_process(s, procs[i])))
           for i in compact_processes(s, p)]
    out.append(s.pre.skip)
    return out


def food_pick_options(s: LunaState) -> list[Action]:
    """Seed §溫室: one face-up food card (cards of the same name are one choice)."""
    foods = s.tab.foods
    out = []
    seen: set[str] = set()
    for i, f in enumerate(s.food_row):
        name = foods[f].name
        if name not in seen:
            seen.add(name)
            out.append(Action(f"take {name}", (OP_TAKE, i), msg("luna_maris.label.take_food_card", food=W.food(s, f))))
    return out


LISTERS = (setup_options, setup_options, setup_options, turn_options, move_options, module_options, food_step,
           return_options, bonus_step, compact_step, _no_options, pay_step)
"""Step (``S_*``) -> the function listing its legal actions."""
assert (S_EQUIP, S_PROBE, S_START, S_TURN, S_MOVE, S_MODULE, S_FOOD, S_FEED, S_BONUS, S_COMPACT, S_OVER,
        S_PAY) == tuple(range(12))
