"""The last steps of an action: which delayed-card cube, how many activations (seed §5.1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.core import Action
from meeple.games.troyes.consts import A_CUBE, A_TIMES
from meeple.games.troyes.dice import group_cost, group_total, has_group, usable_mods

if TYPE_CHECKING:
    from meeple.games.troyes.state import TroyesState

_NO_CUBE = Action("no cube", (A_CUBE, -1))


def cube_actions(s: TroyesState, p: int) -> list[Action]:
    """At most one delayed-card cube per action (research §6.1)."""
    out = []
    if has_group(s, p, s.tgt_kind, s.tgt_arg, -1):
        out.append(_NO_CUBE)
    for m in usable_mods(s, p, s.tgt_kind, s.tgt_arg):
        if has_group(s, p, s.tgt_kind, s.tgt_arg, m):
            out.append(_cube_action(m, s.acts[s.slots[m]].name))
    return out


_CUBES: dict[tuple[int, str], Action] = {}


def _cube_action(slot: int, name: str) -> Action:
    """``cube Master Mason``: spend the cube on the card in ``slot`` (built once per slot and name)."""
    act = _CUBES.get((slot, name))
    if act is None:
        act = _CUBES[(slot, name)] = Action(f"cube {name}", (A_CUBE, slot))
    return act


def max_activations(s: TroyesState, p: int) -> int:
    """Dice total // divisor, limited by what a paying effect can afford (seed §5.1)."""
    card = s.acts[s.slots[s.tgt_arg]]
    effect = s.acts[s.slots[s.mod]].effect if s.mod >= 0 else ""
    combo = tuple(s.group)
    top = group_total(s, combo, effect) // card.divisor
    left = s.deniers[p] - group_cost(p, combo, effect) - (0 if s.trade[s.tgt_arg * 4 + p] else card.hire_cost)
    if card.effect == "innkeeper":
        top = min(top, left)
    elif card.effect == "journeyman":
        top = min(top, left // 3)
    elif card.effect == "artisan":
        top = min(top, s.infl[p])
    return max(top, 1)


def times_actions(s: TroyesState, p: int) -> list[Action]:
    """Activate at least once, up to the maximum (S7: fewer is allowed)."""
    top = max_activations(s, p)
    miller = s.acts[s.slots[s.tgt_arg]].effect == "miller"
    key = top * 2 + miller
    acts = _TIMES.get(key)
    if acts is None:
        acts = _TIMES[key] = _miller_actions(top) if miller else [Action(f"x{k}", (A_TIMES, k, 0)) for k in range(1, top + 1)]
    return acts[:]


_TIMES: dict[int, list[Action]] = {}  # top * 2 + miller -> the actions (built once)


def _miller_actions(top: int) -> list[Action]:
    """Miller: each activation counts the Palace or the Bishopric (data: activations on the Palace)."""
    out = []
    for k in range(1, top + 1):
        for a in range(k, -1, -1):
            if a == k:
                text = f"x{k} palace"
            elif a == 0:
                text = f"x{k} bishopric"
            else:
                text = f"x{k} palace {a} bishopric {k - a}"
            out.append(Action(text, (A_TIMES, k, a)))
    return out
