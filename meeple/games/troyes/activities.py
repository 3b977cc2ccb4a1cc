"""Activity cards (seed §5.1 行動卡, research §6 and 10.2): hiring a tradesman onto a card and
what its activations bring."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.core import Event
from meeple.engine.messages import event
from meeple.games.troyes import words as W
from meeple.games.troyes.citizens import take_citizen
from meeple.games.troyes.components import YELLOW
from meeple.games.troyes.dice import group_cost, group_total
from meeple.games.troyes.state import NO_SPACE, S_MASON, S_SQUIRE, gain_influence
from meeple.games.troyes.words import msg

if TYPE_CHECKING:
    from meeple.games.troyes.state import TroyesState


def max_activations(s: TroyesState, p: int) -> int:
    """Dice total // divisor, limited by what a paying effect can afford (seed §5.1)."""
    card = s.acts[s.slots[s.tgt_arg]]
    effect = s.acts[s.slots[s.mod]].effect if s.mod >= 0 else ""
    combo = tuple(s.group)
    top = group_total(s, combo, effect) // card.divisor
    left = s.seats[p].deniers - group_cost(p, combo, effect) - (0 if s.seats[p].trade[s.tgt_arg] else card.hire_cost)
    if card.effect == "innkeeper":
        top = min(top, left)
    elif card.effect == "journeyman":
        top = min(top, left // 3)
    elif card.effect == "artisan":
        top = min(top, s.seats[p].infl)
    return max(top, 1)


def hire(s: TroyesState, p: int, slot: int, src: int, ev: list[Event]) -> None:
    """Pay the hiring cost; the tradesman takes the leftmost free VP space (seed §5.1)."""
    card = s.acts[s.slots[slot]]
    s.seats[p].deniers -= card.hire_cost
    take_citizen(s, p, src)
    used = {s.seats[q].trade[slot] for q in range(s.players)}
    space = NO_SPACE
    for k in range(len(card.vp_spaces)):
        if k + 1 not in used:
            space = k + 1
            break
    s.seats[p].trade[slot] = space
    if space == NO_SPACE:
        ev.append(event("hire", msg("troyes.event.hire.no_space", seat=p, card=W.activity(card.name),
                                                    n=card.hire_cost), seat=p))
    else:
        ev.append(event("hire", msg("troyes.event.hire", seat=p, card=W.activity(card.name),
                                                    n=card.hire_cost, space=space, vp=card.vp_spaces[space - 1]), seat=p))


def activity_effect(s: TroyesState, p: int, slot: int, times: int, choice: int, ev: list[Event]) -> None:
    """The card's effect, ``times`` activations (research §6, 10.2)."""
    card = s.acts[s.slots[slot]]
    e = card.effect
    d = v = i = 0
    if card.delayed:
        s.seats[p].cubes[slot] += times
        ev.append(event("activity", msg("troyes.event.activity.cubes", seat=p, n=times,
                                                        card=W.activity(card.name)), seat=p))
        return
    if e == "merchant":
        d = 2 * times
    elif e == "watchman":
        d = 3 * times
    elif e == "baker":
        d = times * sum(1 for x in s.dice if (x >> 3) & 7 == YELLOW)
    elif e == "innkeeper":
        d, i = -times, times
    elif e == "artisan":
        d, i = 6 * times, -times
    elif e == "miller":  # ``choice`` activations count the Palace, the others the Bishopric
        d = 2 * (choice * s.bld[0:6].count(p) + (times - choice) * s.bld[6:12].count(p))
    elif e == "goldsmith":
        d, v = 2 * times, times
    elif e == "journeyman":
        d, v = -3 * times, 2 * times
    elif e == "sculptor":
        v = times
    elif e in ("glassmaker", "tournament"):
        v = 2 * times
    elif e == "confessor":
        i = 2 * times
    elif e == "reliquary":
        v, i = times, times
    elif e == "sergeant":
        d, i = times, times
    elif e == "patron":
        v = times * min(3, len(s.seats[p].won))
    elif e == "master_mason":
        if any(s.cath[k] < 0 for k in range(12, 18)):  # a space is free on some level
            s.picks, s.step = times, S_MASON  # the player picks each space (actions.mason_actions)
    elif e == "squire":
        s.picks, s.step = times, S_SQUIRE  # the player picks each event (actions.squire_actions)
    s.seats[p].deniers += d
    s.seats[p].vp += v
    if i > 0:
        gain_influence(s, p, i)
    else:
        s.seats[p].infl += i
    vp_text, infl_text = format(v, "+d"), format(i, "+d")
    parts = ([msg("troyes.part.deniers", n=abs(d), sign="+" if d > 0 else "-")] if d else []) \
        + ([msg("troyes.part.vp", vp=vp_text)] if v else []) \
        + ([msg("troyes.part.influence", influence=infl_text)] if i else [])
    if not parts:
        parts = [msg("troyes.part.done")]
    ev.append(event("activity", msg("troyes.event.activity", seat=p, card=W.activity(card.name),
                                                    times=times, gains=parts), seat=p))
