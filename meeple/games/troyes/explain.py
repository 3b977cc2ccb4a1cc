"""Why a typed action is not legal now, in Troyes' own terms."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.messages import Message
from meeple.games.troyes import words as W
from meeple.games.troyes.activities import max_activations
from meeple.games.troyes.citizens import place_blocked, source_text, sources
from meeple.games.troyes.dice import (
    action_possible,
    extra_need,
    group_cost,
    group_total,
    legal_groups,
    strength,
    target_colour,
    usable_mods,
    usable_sources,
)
from meeple.games.troyes.state import (
    BUILDING_WORDS,
    MAX_CITIZENS,
    P_ACTION,
    P_BLACK,
    P_DRAFT,
    P_KEEP,
    PROTECT_ROUND,
    S_COUNT,
    S_CUBE,
    S_DICE,
    S_FLIP,
    S_MAIN,
    S_MASON,
    S_SPEND,
    S_SQUIRE,
    S_SRC,
    S_TIMES,
    T_ACT,
    T_CATH,
    T_FARM,
    T_FIGHT,
    T_PLACE,
    die_rank,
    die_text,
)
from meeple.games.troyes.words import msg

if TYPE_CHECKING:
    from meeple.games.troyes.state import TroyesState

PHASES: tuple[Message, ...] = (msg("troyes.phase.keep"), msg("troyes.phase.draft"), msg("troyes.phase.black"),
                               msg("troyes.phase.actions"), msg("troyes.phase.over"))
"""The phases by number (``state.PHASE_NAMES``), as message arguments."""
STEPS: tuple[Message, ...] = (
    msg("troyes.step.main"), msg("troyes.step.flip"), msg("troyes.step.spend"), msg("troyes.step.source"),
    msg("troyes.step.cube"), msg("troyes.step.dice"), msg("troyes.step.times"), msg("troyes.step.mason"),
    msg("troyes.step.squire"), msg("troyes.step.count"))
"""The steps by number (``state.STEP_NAMES``), as message arguments."""


def explain(s: TroyesState, text: str) -> Message | None:
    p = s.to_move
    words = text.lower().split()
    if not words:
        return None
    head = words[0]
    phase = PHASES[s.phase]
    if head in ("reroll", "recruit", "flip", "stop"):
        if s.phase not in (P_BLACK, P_ACTION):
            return msg("troyes.refusal.influence_phase", phase=phase)
        if head == "stop":
            return msg("troyes.refusal.not_flipping") if s.step != S_FLIP else msg("troyes.refusal.flip_one_first")
        if head == "flip" and s.step == S_FLIP:
            return msg("troyes.refusal.flip_which")
        return _influence(s, p, head, text)
    if head == "done":
        return _done(s, p)
    step_word = head in ("no", "cube", "citizen", "mason", "squire", "die") or (head[:1] == "x" and head[1:].isdigit())
    if (step_word or head == "dice") and s.phase != P_ACTION:
        return msg("troyes.refusal.step_outside_action", phase=phase)
    if head in ("activate", "build", "combat", "place", "farm", "pass"):
        if s.phase != P_ACTION:
            return msg("troyes.refusal.actions_later", phase=phase)
        if s.step != S_MAIN:
            return msg("troyes.refusal.finish_action", step=STEPS[s.step])
        return _target(s, p, head, text)
    if head in ("counter", "cannot", "spend"):
        if s.phase != P_BLACK:
            return msg("troyes.refusal.no_black_dice", phase=phase)
        return _black(s, p, head, words)
    if head == "keep":
        if s.phase != P_KEEP:
            return msg("troyes.refusal.characters_chosen")
        return msg("troyes.refusal.keep_drawn")
    if head == "draft":
        if s.phase != P_DRAFT:
            return msg("troyes.refusal.draft_over")
        return msg("troyes.refusal.draft_taken")
    if head in ("mason", "squire"):
        want = S_MASON if head == "mason" else S_SQUIRE
        if s.step != want:
            card = W.activity("Master Mason" if head == "mason" else "Squire")
            return msg("troyes.refusal.pick_not_now", card=card)
        if head == "mason":
            return msg("troyes.refusal.mason_full")
        return msg("troyes.refusal.squire_not_in_row")
    if (step_word or head == "dice") and s.step == S_MAIN:
        return msg("troyes.refusal.choose_action_first")
    if head == "cube" and s.phase == P_ACTION and s.step == S_CUBE:
        return _cube(s, p, text.strip()[4:].strip())
    if head == "citizen" and s.phase == P_ACTION and s.step == S_SRC:
        unusable = _unusable_source(s, p, text.strip())
        if unusable:
            return unusable
        return msg("troyes.refusal.no_citizen_there")
    if head == "dice" and s.phase == P_ACTION and s.step == S_DICE:
        steps = ", ".join(f"die {w}" for w in words[1:4]) or "die y5"
        why = _dice(s, p, words[1:])
        if why is None:
            return msg("troyes.refusal.one_die_at_a_time", steps=steps)
        return msg("troyes.refusal.one_die_at_a_time.because", steps=steps, why=why)
    if head == "die" and s.phase == P_ACTION and s.step == S_DICE:
        return _die_step(s, p, words[1:])
    if head.startswith("x") and head[1:].isdigit() and s.phase == P_ACTION and s.step == S_TIMES:
        return msg("troyes.refusal.activations", most=max_activations(s, p))
    if step_word or head == "dice":
        return msg("troyes.refusal.finish_step", step=STEPS[s.step])
    return None


def _dice(s: TroyesState, p: int, words: list[str]) -> Message | None:
    """A group that is not offered: a die not on the square, the wrong colour, too many, too dear, too low."""
    effect = s.acts[s.slots[s.mod]].effect if s.mod >= 0 else ""
    if not 1 <= len(words) <= 3:
        return msg("troyes.refusal.group_size")
    pool = list(s.dice)
    combo = []
    for w in words:
        found = next((d for d in pool if die_text(d, p) == w), None)
        if found is None:
            if any(die_text(d, p) == w for d in s.dice):
                return msg("troyes.refusal.not_that_many", die=w)
            return msg("troyes.refusal.no_such_die", die=w)
        pool.remove(found)
        combo.append(found)
    colour = target_colour(s, s.tgt_kind, s.tgt_arg)
    if not effect and any((d >> 3) & 7 != colour for d in combo):
        return msg("troyes.refusal.wrong_colour", colour=W.colour(colour))
    if s.tgt_kind == T_PLACE and len(combo) != 1:
        return msg("troyes.refusal.place_one_die")
    need, divisor = extra_need(s, p, s.tgt_kind, s.tgt_arg)
    cost = group_cost(p, tuple(combo), effect)
    if cost + need > s.seats[p].deniers:
        if need:
            return msg("troyes.refusal.dice_too_dear.plus", cost=cost, need=need, have=s.seats[p].deniers)
        return msg("troyes.refusal.dice_too_dear", cost=cost, have=s.seats[p].deniers)
    if s.tgt_kind in (T_ACT, T_FIGHT, T_FARM):
        total = group_total(s, tuple(combo), effect)
        if total < divisor:
            return msg("troyes.refusal.total_too_low", total=total, divisor=divisor)
    if s.tgt_kind == T_PLACE and place_blocked(s, p, s.tgt_arg, combo[0] & 7) >= 0:
        return _protected_text(s, place_blocked(s, p, s.tgt_arg, combo[0] & 7))
    key = sorted(combo)
    if any(sorted(g) == key for g in legal_groups(s, p)):
        return None
    return msg("troyes.refusal.group_not_allowed")




def _die_step(s: TroyesState, p: int, words: list[str]) -> Message:
    """One more die for the group (version 8): why it is not offered now."""
    if len(words) != 1:
        return msg("troyes.refusal.name_one_die")
    w = words[0]
    matching = [d for d in s.dice if die_text(d, p) == w]
    if not matching:
        return msg("troyes.refusal.no_such_die", die=w)
    d = matching[0]
    if s.group.count(d) >= len(matching):
        return msg("troyes.refusal.all_in_group", die=w)
    effect = s.acts[s.slots[s.mod]].effect if s.mod >= 0 else ""
    colour = target_colour(s, s.tgt_kind, s.tgt_arg)
    if not effect and (d >> 3) & 7 != colour:
        return msg("troyes.refusal.wrong_colour", colour=W.colour(colour))
    hi = 1 if s.tgt_kind == T_PLACE or effect == "monk" else 3
    if len(s.group) >= hi:
        return (msg("troyes.refusal.group_full.place") if s.tgt_kind == T_PLACE else
                msg("troyes.refusal.group_full.monk", card=W.activity("Monk")) if effect == "monk" else
                msg("troyes.refusal.group_full"))
    chosen = " ".join(die_text(x, p) for x in s.group)
    n = s.players
    if s.group and die_rank(d, p, n) < die_rank(s.group[-1], p, n):
        want = s.group + [d]
        if any(all(g.count(x) >= want.count(x) for x in want) for g in legal_groups(s, p)):
            return msg("troyes.refusal.die_order", die=w, last=die_text(s.group[-1], p))
    with_d = (chosen + " " + w).strip()
    if s.tgt_kind == T_PLACE:
        blocked = place_blocked(s, p, s.tgt_arg, d & 7)
        if blocked >= 0:
            return _protected_text(s, blocked)
    need, divisor = extra_need(s, p, s.tgt_kind, s.tgt_arg)
    combo = tuple(s.group) + (d,)
    cost = group_cost(p, combo, effect)
    if cost + need > s.seats[p].deniers:
        if need:
            return msg("troyes.refusal.would_cost.plus", dice=with_d, cost=cost, need=need, have=s.seats[p].deniers)
        return msg("troyes.refusal.would_cost", dice=with_d, cost=cost, have=s.seats[p].deniers)
    if s.tgt_kind == T_CATH:
        return msg("troyes.refusal.cathedral_full_with", dice=with_d)
    return msg("troyes.refusal.no_group_with", dice=with_d, divisor=divisor)


def _done(s: TroyesState, p: int) -> Message | None:
    """``done`` ends the choice of a group of dice, or of the black dice to counter."""
    if s.phase == P_ACTION and s.step == S_DICE:
        if not s.group:
            return msg("troyes.refusal.choose_a_die_first")
        why = _dice(s, p, [die_text(d, p) for d in s.group])
        return None if why is None else msg("troyes.refusal.not_a_group_yet", why=why)
    if s.phase == P_BLACK:
        if s.step == S_MAIN:
            return msg("troyes.refusal.choose_black_first", value=s.black[0])
        if s.step == S_SPEND:
            return msg("troyes.refusal.spend_until", need=sum(s.bsel), spent=s.pool)
    return msg("troyes.refusal.no_group_now")


def _unusable_source(s: TroyesState, p: int, text: str) -> Message | None:
    """A citizen the player has, from which no die may enter the building (seed §5.4)."""
    kind, arg = s.tgt_kind, s.tgt_arg
    for src in sources(s, p, kind, arg):
        if source_text(s, src) == text and src not in usable_sources(s, p, kind, arg):
            seat = next((place_blocked(s, p, arg, v, src) for v in range(1, 7)
                         if place_blocked(s, p, arg, v, src) >= 0), -1)
            why = _protected_text(s, seat) if seat >= 0 else msg("troyes.refusal.no_die_fits")
            return msg("troyes.refusal.citizen_unusable", why=why)
    return None


def _cube(s: TroyesState, p: int, name: str) -> Message:
    """Why a delayed-card cube cannot modify this action (research §6.1, 10.2)."""
    slot = next((k for k in range(9) if s.acts[s.slots[k]].name.lower() == name.lower()
                 and k % 3 + 1 <= s.revealed), -1)
    if slot < 0:
        return msg("troyes.refusal.not_face_up", card=name) if name else msg("troyes.refusal.not_face_up.unnamed")
    card = s.acts[s.slots[slot]]
    if not s.seats[p].cubes[slot]:
        return msg("troyes.refusal.no_cube_on", card=W.activity(card.name))
    if slot not in usable_mods(s, p, s.tgt_kind, s.tgt_arg):
        return msg("troyes.refusal.cube_cannot_modify", card=W.activity(card.name))
    return msg("troyes.refusal.cube_no_group", card=W.activity(card.name))


def _protected_text(s: TroyesState, seat: int) -> Message:
    """Why a push-out is not allowed, under the protection reading in use (seed §5.4 / research §9)."""
    if s.prot == PROTECT_ROUND:
        return msg("troyes.refusal.protected.round", seat=seat)
    return msg("troyes.refusal.protected.lying", seat=seat)


def _influence(s: TroyesState, p: int, head: str, text: str) -> Message | None:
    if s.step != S_MAIN:
        return msg("troyes.refusal.influence_step")
    cost = {"reroll": 1, "recruit": 2, "flip": 4}[head]
    if s.seats[p].infl < cost:
        return msg("troyes.refusal.needs_influence", cost=cost, have=s.seats[p].infl)
    if head == "recruit" and s.seats[p].owned >= MAX_CITIZENS:
        return msg("troyes.refusal.most_citizens", most=MAX_CITIZENS)
    if head == "reroll" and "@" not in text:
        mine = sorted({die_text(d, p) for d in s.dice if d >> 6 == p})
        if not mine:
            return msg("troyes.refusal.not_your_die.none", die=text.split()[-1])
        return msg("troyes.refusal.not_your_die", die=text.split()[-1], yours=", ".join(mine))
    if head in ("reroll", "flip"):
        return msg("troyes.refusal.own_district_only")
    return None


def _target(s: TroyesState, p: int, head: str, text: str) -> Message | None:
    rest = text.strip()[len(head):].strip()
    if head == "activate":
        slot = next((k for k in range(9) if s.acts[s.slots[k]].name.lower() == rest.lower()
                     and k % 3 + 1 <= s.revealed), -1)
        if slot < 0:
            return msg("troyes.refusal.not_face_up", card=rest) if rest else msg("troyes.refusal.not_face_up.unnamed")
        card = s.acts[s.slots[slot]]
        if not s.seats[p].trade[slot]:
            if s.seats[p].deniers < card.hire_cost:
                return msg("troyes.refusal.hire_cost", card=W.activity(card.name), cost=card.hire_cost, have=s.seats[p].deniers)
            if not sources(s, p, T_ACT, slot):
                return msg("troyes.refusal.no_citizen_to_hire")
        return _no_group(s, p, T_ACT, slot)
    if head == "build":
        return _no_group(s, p, T_CATH, 0)
    if head == "combat":
        names = [s.evts[e].name.lower() for e in s.row]
        if rest.lower() == s.perm.name.lower():
            return _no_group(s, p, T_FIGHT, 99)
        if rest.lower() not in names:
            return msg("troyes.refusal.not_in_row", card=rest) if rest else msg("troyes.refusal.not_in_row.unnamed")
        return _no_group(s, p, T_FIGHT, names.index(rest.lower()))
    if head == "place":
        if rest not in BUILDING_WORDS:
            return msg("troyes.refusal.place_where")
        b = BUILDING_WORDS.index(rest)
        if not sources(s, p, T_PLACE, b):
            return msg("troyes.refusal.no_citizen_to_place")
        reason = _no_group(s, p, T_PLACE, b)
        blocked = [v for v in range(1, 7) if place_blocked(s, p, b, v) >= 0]
        if reason and blocked:
            return msg("troyes.refusal.place_blocked", values=" / ".join(map(str, blocked)),
                       why=_protected_text(s, place_blocked(s, p, b, blocked[0])))
        return reason
    if head == "farm":
        return _no_group(s, p, T_FARM, 0)
    return None


def _no_group(s: TroyesState, p: int, kind: int, arg: int) -> Message | None:
    if action_possible(s, p, kind, arg):
        return None
    colour = W.colour(target_colour(s, kind, arg))
    need, divisor = extra_need(s, p, kind, arg)
    if not any((d >> 3) & 7 == target_colour(s, kind, arg) for d in s.dice):
        return msg("troyes.refusal.no_dice_of_colour", colour=colour)
    if kind == T_CATH:
        return msg("troyes.refusal.cathedral_full")
    if need:
        return msg("troyes.refusal.needs_deniers_and_group", need=need, colour=colour, divisor=divisor,
                   have=s.seats[p].deniers)
    return msg("troyes.refusal.no_group", colour=colour, divisor=divisor)


def _black(s: TroyesState, p: int, head: str, words: list[str]) -> Message | None:
    if s.bsel and s.step == S_SPEND and head != "spend":
        return msg("troyes.refusal.spend_now", values=W.values(s.bsel))
    power = strength(s, p)
    top = s.black[0] if s.black else 0
    if head == "cannot":
        if s.step == S_COUNT:
            return msg("troyes.refusal.countering", values=W.values(s.bsel))
        if power >= top:
            return msg("troyes.refusal.can_counter", value=top, power=power)
        return None
    if head == "spend":
        if "@" in "".join(words[1:]):
            return msg("troyes.refusal.spend_own_only")
        if not s.bsel:
            return msg("troyes.refusal.choose_black_to_counter")
        if s.step == S_COUNT:
            return msg("troyes.refusal.finish_counter_choice")
        return msg("troyes.refusal.spend_own_die")
    try:
        values = [int(v) for v in words[1].split("+")] if len(words) > 1 else []
    except ValueError:
        return msg("troyes.refusal.counter_how")
    if not values:
        return msg("troyes.refusal.counter_how")
    chosen = list(s.bsel) if s.step == S_COUNT else []
    if not chosen and values[0] != top:
        return msg("troyes.refusal.highest_first", value=top)
    if sum(chosen) + sum(values) > power:
        return msg("troyes.refusal.too_weak", power=power, need=sum(chosen) + sum(values))
    if len(values) > 1:
        return msg("troyes.refusal.counter_one_at_a_time", steps=", ".join(f"counter {v}" for v in values))
    v = values[0]
    left = list(s.black)
    for x in chosen:
        left.remove(x)
    if v not in left:
        return msg("troyes.refusal.no_black_left", value=v)
    if chosen and v > chosen[-1]:
        return msg("troyes.refusal.counter_order", value=chosen[-1])
    return msg("troyes.refusal.black_not_on_table")
