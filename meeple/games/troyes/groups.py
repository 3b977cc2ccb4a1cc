"""Fast listings of the dice groups for placing a citizen and for the cathedral without a cube:
the same groups, in the same order, as ``dice.iter_groups(..., mod=-1)`` (sizes 1 to 3, each
in ascending combination order of the distinct dice), built without a generator."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.troyes.components import WHITE
from meeple.games.troyes.dice import placement_blocked

if TYPE_CHECKING:
    from meeple.games.troyes.state import TroyesState



def plain_place_groups(s: TroyesState, p: int) -> list[tuple[int, ...]]:
    """Single dice of the building's colour, affordable (another's die costs 2) and not pushing
    out a protected citizen."""
    b = s.tgt_arg
    money = s.deniers[p]
    if money < 0:
        return []
    keys = sorted({d for d in s.dice if (d >> 3) & 7 == b})
    return [(d,) for d in keys
            if (d >> 6 == p or money >= 2) and placement_blocked(s, b, d & 7) < 0]


def dice_of_colour(s: TroyesState, colour: int) -> tuple[list[int], list[int], list[int]]:
    """The distinct dice of ``colour`` (sorted), and those present at least twice and three times."""
    keys: list[int] = []
    twice: list[int] = []
    thrice: list[int] = []
    for d in s.dice:
        if (d >> 3) & 7 == colour:
            if d not in keys:
                keys.append(d)
            elif d not in twice:
                twice.append(d)
            elif d not in thrice:
                thrice.append(d)
    keys.sort()
    return keys, twice, thrice


def plain_cath_groups(s: TroyesState, p: int) -> list[tuple[int, ...]]:
    """Groups of 1-3 white dice, affordable, with at least one die whose value still has a free
    cathedral space on some level (``cathedral_places`` is then not empty)."""
    money = s.deniers[p]
    if money < 0:
        return []
    keys, twice, thrice = dice_of_colour(s, WHITE)
    if not keys:
        return []
    cath = s.cath
    free = []
    for d in keys:
        v = min(max(d & 7, 1), 6)
        free.append(cath[v - 1] < 0 or cath[v + 5] < 0 or cath[v + 11] < 0)
    bought = [d >> 6 != p for d in keys]
    n = len(keys)
    out: list[tuple[int, ...]] = [(keys[i],) for i in range(n) if free[i] and 2 * bought[i] <= money]
    if n == 1 and not twice:
        return out
    for i in range(n):
        for j in range(i, n):
            if i == j and keys[i] not in twice:
                continue
            if 4 * (bought[i] + bought[j]) <= money and (free[i] or free[j]):
                out.append((keys[i], keys[j]))
    for i in range(n):
        for j in range(i, n):
            if i == j and keys[i] not in twice:
                continue
            for k in range(j, n):
                if j == k and keys[j] not in (thrice if i == j else twice):
                    continue
                if 6 * (bought[i] + bought[j] + bought[k]) <= money and (free[i] or free[j] or free[k]):
                    out.append((keys[i], keys[j], keys[k]))
    return out
