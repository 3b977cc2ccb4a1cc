"""Why a typed action is not legal now, in Troyes' own terms."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.troyes.activities import max_activations
from meeple.games.troyes.citizens import place_blocked, source_text, sources
from meeple.games.troyes.components import COLOUR_NAMES
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
    PHASE_NAMES,
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
    STEP_NAMES,
    T_ACT,
    T_CATH,
    T_FARM,
    T_FIGHT,
    T_PLACE,
    die_rank,
    die_text,
)

if TYPE_CHECKING:
    from meeple.games.troyes.state import TroyesState


def explain(s: TroyesState, text: str) -> str | None:
    p = s.to_move
    words = text.lower().split()
    if not words:
        return None
    head = words[0]
    phase = PHASE_NAMES[s.phase]
    if head in ("reroll", "recruit", "flip", "stop"):
        if s.phase not in (P_BLACK, P_ACTION):
            return f"influence is spent before countering black dice or before an action, not in the {phase} phase"
        if head == "stop":
            return "you are not flipping dice now" if s.step != S_FLIP else "flip at least one die first"
        if head == "flip" and s.step == S_FLIP:
            return "flip one of your own dice not yet turned over in this flip (up to three), or stop flipping"
        return _influence(s, p, head, text)
    if head == "done":
        return _done(s, p)
    step_word = head in ("no", "cube", "citizen", "mason", "squire", "die") or (head[:1] == "x" and head[1:].isdigit())
    if (step_word or head == "dice") and s.phase != P_ACTION:
        return f"that choice belongs to an action; it is now the {phase} phase"
    if head in ("activate", "build", "combat", "place", "farm", "pass"):
        if s.phase != P_ACTION:
            return f"actions come later; it is now the {phase} phase"
        if s.step != S_MAIN:
            return f"finish the action you started first (choose the {STEP_NAMES[s.step]})"
        return _target(s, p, head, text)
    if head in ("counter", "cannot", "spend"):
        if s.phase != P_BLACK:
            return f"there are no black dice to counter now (the {phase} phase)"
        return _black(s, p, head, words)
    if head == "keep":
        if s.phase != P_KEEP:
            return "characters were already chosen"
        return "you can keep only one of the two characters you drew (they are in your view)"
    if head == "draft":
        if s.phase != P_DRAFT:
            return "the starting citizens are already placed"
        return ("that space is taken or does not exist: choose an empty space, e.g. draft palace 3 or "
                "draft bishopric 3-4 left / right")
    if head in ("mason", "squire"):
        want = S_MASON if head == "mason" else S_SQUIRE
        if s.step != want:
            card = "Master Mason" if head == "mason" else "Squire"
            return f"only right after activating {card} (one choice per activation)"
        if head == "mason":
            return "that cathedral space is full on all three levels (or not 1-6)"
        return "that event is not in the row (or Marauding)"
    if (step_word or head == "dice") and s.step == S_MAIN:
        return "choose an action first (activate, build cathedral, combat, place, farm or pass)"
    if head == "cube" and s.phase == P_ACTION and s.step == S_CUBE:
        return _cube(s, p, text.strip()[4:].strip())
    if head == "citizen" and s.phase == P_ACTION and s.step == S_SRC:
        unusable = _unusable_source(s, p, text.strip())
        if unusable:
            return unusable
        return ("you have no citizen there: a citizen comes from your supply, from beside a building, "
                "from another activity card or from a building space of yours")
    if head == "dice" and s.phase == P_ACTION and s.step == S_DICE:
        steps = ", ".join(f"die {w}" for w in words[1:4]) or "die y5"
        why = _dice(s, p, words[1:])
        lead = f"choose the dice one at a time ({steps}, then done)"
        return lead if why is None else f"{lead}; {why}"
    if head == "die" and s.phase == P_ACTION and s.step == S_DICE:
        return _die_step(s, p, words[1:])
    if head.startswith("x") and head[1:].isdigit() and s.phase == P_ACTION and s.step == S_TIMES:
        return f"activations go from 1 to {max_activations(s, p)} (dice total divided by the card's divisor)"
    if step_word or head == "dice":
        return f"finish the step you are in first (choose the {STEP_NAMES[s.step]})"
    return None


def _dice(s: TroyesState, p: int, words: list[str]) -> str | None:
    """A group that is not offered: a die not on the square, the wrong colour, too many, too dear, too low."""
    effect = s.acts[s.slots[s.mod]].effect if s.mod >= 0 else ""
    if not 1 <= len(words) <= 3:
        return "a group has 1 to 3 dice"
    pool = list(s.dice)
    combo = []
    for w in words:
        found = next((d for d in pool if die_text(d, p) == w), None)
        if found is None:
            if any(die_text(d, p) == w for d in s.dice):
                return f"there are not that many dice {w} on the city square"
            return f"there is no die {w} on the city square"
        pool.remove(found)
        combo.append(found)
    colour = target_colour(s, s.tgt_kind, s.tgt_arg)
    if not effect and any((d >> 3) & 7 != colour for d in combo):
        return f"this action needs {COLOUR_NAMES[colour]} dice"
    if s.tgt_kind == T_PLACE and len(combo) != 1:
        return "placing a citizen uses exactly one die"
    need, divisor = extra_need(s, p, s.tgt_kind, s.tgt_arg)
    cost = group_cost(p, tuple(combo), effect)
    if cost + need > s.deniers[p]:
        extra = f" plus {need} for the action" if need else ""
        return f"those dice cost {cost} deniers{extra}; you have {s.deniers[p]}"
    if s.tgt_kind in (T_ACT, T_FIGHT, T_FARM):
        total = group_total(s, tuple(combo), effect)
        if total < divisor:
            return f"the dice total {total}, less than the divisor {divisor}"
    if s.tgt_kind == T_PLACE and place_blocked(s, p, s.tgt_arg, combo[0] & 7) >= 0:
        return _protected_text(s, place_blocked(s, p, s.tgt_arg, combo[0] & 7)) + "."
    key = sorted(combo)
    if any(sorted(g) == key for g in legal_groups(s, p)):
        return None
    return "that group is not allowed for this action"


_ORDER = ("the dice of a group are chosen in one order: your own first, then the other seats' in "
          "turn order, then neutral dice; red, white, yellow; from the highest value down")


def _die_step(s: TroyesState, p: int, words: list[str]) -> str:
    """One more die for the group (version 8): why it is not offered now."""
    if len(words) != 1:
        return "name one die, e.g. die y5 (yours), die y5@p1 (seat 1's) or die y5@n (neutral)"
    w = words[0]
    matching = [d for d in s.dice if die_text(d, p) == w]
    if not matching:
        return f"there is no die {w} on the city square"
    d = matching[0]
    if s.group.count(d) >= len(matching):
        return f"every die {w} on the city square is already in the group"
    effect = s.acts[s.slots[s.mod]].effect if s.mod >= 0 else ""
    colour = target_colour(s, s.tgt_kind, s.tgt_arg)
    if not effect and (d >> 3) & 7 != colour:
        return f"this action needs {COLOUR_NAMES[colour]} dice"
    hi = 1 if s.tgt_kind == T_PLACE or effect == "monk" else 3
    if len(s.group) >= hi:
        return ("placing a citizen uses exactly one die; type done" if s.tgt_kind == T_PLACE else
                "with a Monk cube the group is one white die; type done" if effect == "monk" else
                "a group has 1 to 3 dice: this one is full; type done")
    chosen = " ".join(die_text(x, p) for x in s.group)
    n = s.players
    if s.group and die_rank(d, p, n) < die_rank(s.group[-1], p, n):
        want = s.group + [d]
        if any(all(g.count(x) >= want.count(x) for x in want) for g in legal_groups(s, p)):
            return f"{_ORDER}, so {w} comes before {die_text(s.group[-1], p)}"
    with_d = (chosen + " " + w).strip()
    if s.tgt_kind == T_PLACE:
        blocked = place_blocked(s, p, s.tgt_arg, d & 7)
        if blocked >= 0:
            return _protected_text(s, blocked) + "."
    need, divisor = extra_need(s, p, s.tgt_kind, s.tgt_arg)
    combo = tuple(s.group) + (d,)
    cost = group_cost(p, combo, effect)
    if cost + need > s.deniers[p]:
        extra = f" plus {need} for the action" if need else ""
        return (f"{with_d} would cost {cost} deniers{extra} (2/4/6 for each bought die in a group of "
                f"1/2/3); you have {s.deniers[p]}")
    if s.tgt_kind == T_CATH:
        return f"no group with {with_d} you can pay for places a cube: those cathedral spaces are full"
    return (f"no legal group can be completed with {with_d}: more dice would cost more than you have "
            f"or the total stays below the divisor {divisor}")


def _done(s: TroyesState, p: int) -> str | None:
    """``done`` ends the choice of a group of dice, or of the black dice to counter."""
    if s.phase == P_ACTION and s.step == S_DICE:
        if not s.group:
            return "choose at least one die first (die ...)"
        why = _dice(s, p, [die_text(d, p) for d in s.group])
        return None if why is None else f"the dice chosen so far are not a legal group: {why}"
    if s.phase == P_BLACK:
        if s.step == S_MAIN:
            return f"choose the black dice to counter first, the highest one first (counter {s.black[0]})"
        if s.step == S_SPEND:
            return (f"spend your own dice one at a time until they reach {sum(s.bsel)} "
                    f"(spent so far: {s.pool})")
    return "there is no group of dice being chosen now"


def _unusable_source(s: TroyesState, p: int, text: str) -> str | None:
    """A citizen the player has, from which no die may enter the building (seed §5.4)."""
    kind, arg = s.tgt_kind, s.tgt_arg
    for src in sources(s, p, kind, arg):
        if source_text(s, src) == text and src not in usable_sources(s, p, kind, arg):
            seat = next((place_blocked(s, p, arg, v, src) for v in range(1, 7)
                         if place_blocked(s, p, arg, v, src) >= 0), -1)
            why = _protected_text(s, seat) if seat >= 0 else "no die you can use fits"
            return f"with that citizen no die you can use may enter: {why}"
    return None


def _cube(s: TroyesState, p: int, name: str) -> str:
    """Why a delayed-card cube cannot modify this action (research §6.1, 10.2)."""
    slot = next((k for k in range(9) if s.acts[s.slots[k]].name.lower() == name.lower()
                 and k % 3 + 1 <= s.revealed), -1)
    if slot < 0:
        return f"{name or 'that card'} is not a face-up activity card"
    card = s.acts[s.slots[slot]]
    if not s.cubes[slot * 4 + p]:
        return f"you have no cube on {card.name}"
    if slot not in usable_mods(s, p, s.tgt_kind, s.tgt_arg):
        return f"a {card.name} cube cannot modify this action"
    return f"no group of dice you can pay for works with a {card.name} cube here"


def _protected_text(s: TroyesState, seat: int) -> str:
    """Why a push-out is not allowed, under the protection reading in use (seed §5.4 / research §9)."""
    who = f"seat {seat}"
    if s.prot == PROTECT_ROUND:
        return (f"that would push out seat {seat}'s citizen, and {who} was already pushed out of this "
                "building this round (once per player, building and round)")
    return (f"that would push out seat {seat}'s citizen, and {who} has a pushed-out citizen lying "
            "beside this building (protected until it leaves)")


def _influence(s: TroyesState, p: int, head: str, text: str) -> str | None:
    if s.step != S_MAIN:
        return "influence is spent before countering or before choosing an action"
    cost = {"reroll": 1, "recruit": 2, "flip": 4}[head]
    if s.infl[p] < cost:
        return f"needs {cost} influence, you have {s.infl[p]}"
    if head == "recruit" and s.owned[p] >= MAX_CITIZENS:
        return f"you already own {MAX_CITIZENS} citizens, the most a family may have"
    if head == "reroll" and "@" not in text:
        mine = sorted({die_text(d, p) for d in s.dice if d >> 6 == p})
        return f"you have no die {text.split()[-1]}; yours are {', '.join(mine) or 'none'}"
    if head in ("reroll", "flip"):
        return "only dice in your own district may be changed with influence (not bought or neutral dice)"
    return None


def _target(s: TroyesState, p: int, head: str, text: str) -> str | None:
    rest = text.strip()[len(head):].strip()
    if head == "activate":
        slot = next((k for k in range(9) if s.acts[s.slots[k]].name.lower() == rest.lower()
                     and k % 3 + 1 <= s.revealed), -1)
        if slot < 0:
            return f"{rest or 'that card'} is not a face-up activity card"
        card = s.acts[s.slots[slot]]
        if not s.trade[slot * 4 + p]:
            if s.deniers[p] < card.hire_cost:
                return f"hiring a tradesman on {card.name} costs {card.hire_cost} deniers, you have {s.deniers[p]}"
            if not sources(s, p, T_ACT, slot):
                return "you have no citizen to hire as a tradesman"
        return _no_group(s, p, T_ACT, slot)
    if head == "build":
        return _no_group(s, p, T_CATH, 0)
    if head == "combat":
        names = [s.evts[e].name.lower() for e in s.row]
        if rest.lower() == s.perm.name.lower():
            return _no_group(s, p, T_FIGHT, 99)
        if rest.lower() not in names:
            return f"{rest or 'that event'} is not in the event row"
        return _no_group(s, p, T_FIGHT, names.index(rest.lower()))
    if head == "place":
        if rest not in BUILDING_WORDS:
            return "place palace, place bishopric or place city hall"
        b = BUILDING_WORDS.index(rest)
        if not sources(s, p, T_PLACE, b):
            return "you have no citizen to place (none in your supply, lying, or on the board)"
        reason = _no_group(s, p, T_PLACE, b)
        blocked = [v for v in range(1, 7) if place_blocked(s, p, b, v) >= 0]
        if reason and blocked:
            return (f"no die you can use fits: with a die of value {' or '.join(map(str, blocked))} "
                    f"{_protected_text(s, place_blocked(s, p, b, blocked[0]))}")
        return reason
    if head == "farm":
        return _no_group(s, p, T_FARM, 0)
    return None


def _no_group(s: TroyesState, p: int, kind: int, arg: int) -> str | None:
    if action_possible(s, p, kind, arg):
        return None
    colour = COLOUR_NAMES[target_colour(s, kind, arg)]
    need, divisor = extra_need(s, p, kind, arg)
    if not any((d >> 3) & 7 == target_colour(s, kind, arg) for d in s.dice):
        return f"no {colour} dice are left on the city square"
    if kind == T_CATH:
        return "no white die you can pay for has a free cathedral space for its value"
    if need:
        return (f"needs {need} deniers besides the dice and a group of 1-3 {colour} dice totalling at least "
                f"{divisor}; you have {s.deniers[p]} deniers")
    return f"no group of 1-3 {colour} dice you can pay for (2/4/6 each) totals at least {divisor}"


def _black(s: TroyesState, p: int, head: str, words: list[str]) -> str | None:
    if s.bsel and s.step == S_SPEND and head != "spend":
        return f"you chose to counter {'+'.join(map(str, s.bsel))}: spend your own dice until they reach it"
    power = strength(s, p)
    top = s.black[0] if s.black else 0
    if head == "cannot":
        if s.step == S_COUNT:
            return f"you are countering {'+'.join(map(str, s.bsel))}: add black dice or type done"
        if power >= top:
            return f"you can counter the black {top} (your dice total {power}, red counting double)"
        return None
    if head == "spend":
        if "@" in "".join(words[1:]):
            return ("only your own dice can be spent against black dice (not another player's or "
                    "neutral dice, and none can be bought)")
        if not s.bsel:
            return "choose which black dice to counter first (counter ...)"
        if s.step == S_COUNT:
            return "finish choosing the black dice to counter first (counter ... or done)"
        return "spend one of your own dice"
    try:
        values = [int(v) for v in words[1].split("+")] if len(words) > 1 else []
    except ValueError:
        return "write counter 6, then counter 3 to add another black die, then done"
    if not values:
        return "write counter 6, then counter 3 to add another black die, then done"
    one_by_one = ("the black dice to counter are chosen one at a time: "
                  + ", ".join(f"counter {v}" for v in values) + ", then done")
    chosen = list(s.bsel) if s.step == S_COUNT else []
    if not chosen and values[0] != top:
        return f"the first black die countered must be the highest, {top}"
    if sum(chosen) + sum(values) > power:
        return f"your dice total {power} (red counting double), less than {sum(chosen) + sum(values)}"
    if len(values) > 1:
        return one_by_one
    v = values[0]
    left = list(s.black)
    for x in chosen:
        left.remove(x)
    if v not in left:
        return f"no black {v} is left to counter"
    if chosen and v > chosen[-1]:
        return (f"add black dice from the highest down (so each set is chosen in one order): "
                f"next at most {chosen[-1]}")
    return "those black dice are not all on the table"
