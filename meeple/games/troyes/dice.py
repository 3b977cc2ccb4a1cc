"""Forming a group of 1-3 dice for an action: which dice, what they cost, what they total.

Seed §5 (行動): a group of 1-3 dice of one colour; other players' dice are bought at
2/4/6 deniers each for a group of 1/2/3 (paid to the owner, or to the bank for
neutral dice).  Delayed-card cubes (research §6.1) change colours, values and costs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from meeple.games.troyes.cathedral import cathedral_places
from meeple.games.troyes.citizens import guarded, place_blocked, sources
from meeple.games.troyes.components import RED, WHITE, YELLOW
from meeple.games.troyes.state import (
    BUILDING_WORDS,
    DICE_PRICE,
    MARAUD,
    T_ACT,
    T_CATH,
    T_FARM,
    T_FIGHT,
    T_PLACE,
    rank_table,
)

if TYPE_CHECKING:
    from meeple.games.troyes.state import TroyesState

Group = tuple[tuple[int, ...], int, int]  # dice, cost in deniers, effective total


def event_card(s: TroyesState, arg: int):  # type: ignore[no-untyped-def]
    """The event card a FIGHT target refers to (Marauding for ``MARAUD``)."""
    return s.perm if arg == MARAUD else s.evts[s.row[arg]]


def target_text(s: TroyesState, kind: int, arg: int) -> str:
    """``activate Baker`` / ``build cathedral`` / ``combat Plague`` / ``place palace`` / ``farm``."""
    if kind == T_ACT:
        return f"activate {s.acts[s.slots[arg]].name}"
    if kind == T_CATH:
        return "build cathedral"
    if kind == T_FIGHT:
        return f"combat {event_card(s, arg).name}"
    if kind == T_PLACE:
        return f"place {BUILDING_WORDS[arg]}"
    return "farm"


def target_colour(s: TroyesState, kind: int, arg: int) -> int:
    """The dice colour an action needs (seed §5.1-5.5)."""
    if kind == T_ACT:
        return int(s.acts[s.slots[arg]].colour)
    if kind == T_CATH:
        return WHITE
    if kind == T_FIGHT:
        return int(event_card(s, arg).fight_colour)
    if kind == T_PLACE:
        return arg
    return YELLOW


def mod_applies(effect: str, kind: int, colour: int) -> bool:
    """Whether a cube of a delayed card with ``effect`` may modify an action (research §6.1, 10.2)."""
    place = kind == T_PLACE
    if effect in ("monk", "priest"):
        return colour == YELLOW and not place
    if effect == "tithing":
        return colour == YELLOW
    if effect == "apprenticeship":
        return not place
    if effect in ("chaplain", "blacksmith"):
        return colour == RED and not place
    if effect in ("militia", "mercenary"):
        return colour == RED
    if effect == "knight":
        return colour == RED and kind == T_FIGHT
    if effect == "canon":
        return kind == T_FIGHT
    return False


def usable_mods(s: TroyesState, p: int, kind: int, arg: int) -> list[int]:
    """Slots of delayed cards on which ``p`` has a cube that may modify this action."""
    colour = target_colour(s, kind, arg)
    acts = s.acts
    out = []
    for slot in range(9):
        if s.seats[p].cubes[slot] and mod_applies(acts[s.slots[slot]].effect, kind, colour):
            out.append(slot)
    return out


def group_values(s: TroyesState, combo: tuple[int, ...], effect: str) -> list[int]:
    """The effective value of each die of a group under a delayed-card cube."""
    if effect == "apprenticeship":
        return [5] * len(combo)
    vals = [d & 7 for d in combo]
    if effect == "priest":
        return [v + 3 for v in vals]
    if effect == "chaplain":
        return [v + 2 for v in vals]
    if effect == "monk":
        return vals * 3
    return vals


def group_total(s: TroyesState, combo: tuple[int, ...], effect: str) -> int:
    total = sum(group_values(s, combo, effect))
    if effect == "blacksmith":
        total += 5
    elif effect == "knight":
        total *= 2
    return total


def group_cost(p: int, combo: tuple[int, ...], effect: str) -> int:
    """Deniers for the bought dice of a group (seed §5: 2/4/6 per die by group size)."""
    price = DICE_PRICE[len(combo)]
    cost = 0
    free: list[int] = []
    for d in combo:
        o = d >> 6
        if o == p:
            continue
        if effect == "tithing" and (d >> 3) & 7 == YELLOW and o not in free:
            free.append(o)  # Tithing: one yellow die from each other player for free
            continue
        cost += price
    return cost


def extra_need(s: TroyesState, p: int, kind: int, arg: int) -> tuple[int, int]:
    """(deniers needed besides the dice, divisor) for an action."""
    if kind == T_ACT:
        card = s.acts[s.slots[arg]]
        need = 0 if s.seats[p].trade[arg] else card.hire_cost
        if card.effect == "journeyman":
            need += 3
        elif card.effect == "innkeeper":
            need += 1
        return need, card.divisor
    if kind == T_FIGHT:
        return 0, event_card(s, arg).divisor
    if kind == T_FARM:
        return 0, s.brd.agriculture_divisor
    return 0, 1


ALLOWED_COLOURS = {"monk": (WHITE,), "militia": (YELLOW,), "mercenary": (WHITE,), "apprenticeship": (RED, WHITE, YELLOW)}


def iter_groups(s: TroyesState, p: int, kind: int, arg: int, mod: int, src: int | None = None) -> Iterator[Group]:
    """Every distinct group ``p`` may use for this action with this cube (-1: none); a placement
    is judged for the chosen citizen source (``src``: for that one; ``citizens.place_blocked``)."""
    effect = s.acts[s.slots[mod]].effect if mod >= 0 else ""
    hi = 1 if kind == T_PLACE else 3
    if effect:
        allowed = ALLOWED_COLOURS.get(effect) or (target_colour(s, kind, arg),)
        if effect == "monk":
            hi = 1
    else:
        allowed = (target_colour(s, kind, arg),)
    counts: dict[int, int] = {}
    if len(allowed) == 1:
        colour = allowed[0]
        for d in s.dice:
            if (d >> 3) & 7 == colour:
                counts[d] = counts.get(d, 0) + 1
    else:
        for d in s.dice:
            counts[d] = counts.get(d, 0) + 1
    if not counts:
        return
    money = s.seats[p].deniers
    need, divisor = extra_need(s, p, kind, arg)
    if money < need:
        return
    if kind == T_ACT and s.acts[s.slots[arg]].effect == "artisan" and s.seats[p].infl < 1:
        return
    keys = sorted(counts)
    plain = effect == ""
    for k in range(1, hi + 1):
        price = DICE_PRICE[k]
        for combo in combinations_with_replacement(keys, k):
            if k == 2:
                if combo[0] == combo[1] and counts[combo[0]] < 2:
                    continue
            elif k == 3:
                a, b, c = combo
                if a == b:
                    if counts[a] < (3 if b == c else 2):
                        continue
                elif b == c and counts[b] < 2:
                    continue
            if plain:
                cost = 0
                for d in combo:
                    if d >> 6 != p:
                        cost += price
            else:
                cost = group_cost(p, combo, effect)
            if cost + need > money:
                continue
            if kind == T_PLACE:
                if place_blocked(s, p, arg, combo[0] & 7, src) >= 0:
                    continue
                total = combo[0] & 7
            elif kind == T_CATH:
                if not cathedral_places(s, group_values(s, combo, effect)):
                    continue
                total = 0
            else:
                total = sum(d & 7 for d in combo) if plain else group_total(s, combo, effect)
                if total < divisor:
                    continue
            yield combo, cost, total


def has_group(s: TroyesState, p: int, kind: int, arg: int, mod: int, src: int | None = None) -> bool:
    return next(iter_groups(s, p, kind, arg, mod, src), None) is not None


def usable_sources(s: TroyesState, p: int, kind: int, arg: int) -> list[int]:
    """``citizens.sources`` that leave a complete way to carry out the action: for a placement,
    a source from which some die (with or without a cube) may enter the building without a
    forbidden push-out (issue 13: judged with the moving citizen gone from its space)."""
    out = sources(s, p, kind, arg)
    if kind != T_PLACE or not guarded(s, arg):
        return out  # nobody is protected at the building: every source will do
    mods = [-1] + usable_mods(s, p, kind, arg)
    return [src for src in out if any(has_group(s, p, kind, arg, m, src) for m in mods)]


def action_possible(s: TroyesState, p: int, kind: int, arg: int) -> bool:
    """Some group (with or without a cube) makes this action possible."""
    if has_group(s, p, kind, arg, -1):
        return True
    return any(has_group(s, p, kind, arg, m) for m in usable_mods(s, p, kind, arg))


def own_dice(s: TroyesState, p: int, skip: list[int] | None = None) -> list[int]:
    """Distinct own dice (encoded), in stable order; ``skip``: dice indices to leave out."""
    out: list[int] = []
    for i, d in enumerate(s.dice):
        if d >> 6 == p and d not in out and (not skip or i not in skip):
            out.append(d)
    return out


def strength(s: TroyesState, p: int) -> int:
    """Total of ``p``'s own dice against black dice, red counting double (seed §4)."""
    total = 0
    for d in s.dice:
        if d >> 6 == p:
            total += (d & 7) * (2 if (d >> 3) & 7 == RED else 1)
    return total


class Offer:
    """Per-colour dice summary for fast feasibility checks of the six actions (no cubes),
    built in one pass over the dice: per colour, the own dice values and the others' values,
    each best first, and the total of the best three own dice."""

    __slots__ = ("own", "other", "money", "own3", "mine")

    def __init__(self, s: TroyesState, p: int) -> None:
        own: list[list[int]] = [[], [], []]
        other: list[list[int]] = [[], [], []]
        mine: list[int] = []
        for d in s.dice:
            if d >> 6 == p:
                own[(d >> 3) & 7].append(d & 7)
                if d not in mine:
                    mine.append(d)
            else:
                other[(d >> 3) & 7].append(d & 7)
        own3 = [0, 0, 0]
        for c in (0, 1, 2):
            mv = own[c]
            if len(mv) > 1:
                mv.sort(reverse=True)
                own3[c] = mv[0] + mv[1] + (mv[2] if len(mv) > 2 else 0)
            elif mv:
                own3[c] = mv[0]
            if len(other[c]) > 1:
                other[c].sort(reverse=True)
        self.own, self.other, self.money, self.own3, self.mine = own, other, s.seats[p].deniers, own3, mine

    def reach(self, colour: int, divisor: int, need: int) -> bool:
        """Some group of 1-3 dice of ``colour`` totals >= divisor and costs <= money - need."""
        budget = self.money - need
        if budget < 0:
            return False
        if self.own3[colour] >= divisor:
            return True  # own dice only, for free
        tv = self.other[colour]
        if budget < 2 or not tv:
            return False
        mv = self.own[colour]
        nm, nt = len(mv), len(tv)
        # j bought dice in a group of k cost j * (2, 4, 6)[k - 1] each (seed §5)
        if nm >= 2 and budget >= 6 and mv[0] + mv[1] + tv[0] >= divisor:
            return True
        if nm >= 1 and budget >= 4 and mv[0] + tv[0] >= divisor:
            return True
        if nm >= 1 and nt >= 2 and budget >= 12 and mv[0] + tv[0] + tv[1] >= divisor:
            return True
        if nt >= 3 and budget >= 18 and tv[0] + tv[1] + tv[2] >= divisor:
            return True
        if nt >= 2 and budget >= 8 and tv[0] + tv[1] >= divisor:
            return True
        return tv[0] >= divisor  # budget >= 2: one bought die

    def single(self, colour: int, ok: Callable[[int], bool]) -> bool:
        """Some single die of ``colour`` with ``ok(value)``: own for free, another's for 2."""
        last = -1
        for v in self.own[colour]:  # best first: a repeated value is judged once
            if v != last:
                if ok(v):
                    return True
                last = v
        if self.money >= DICE_PRICE[1]:
            last = -1
            for v in self.other[colour]:
                if v != last:
                    if ok(v):
                        return True
                    last = v
        return False


EXTRA_COST = {"journeyman": 3, "innkeeper": 1}


def fast_possible(s: TroyesState, p: int, kind: int, arg: int, offer: Offer) -> bool:
    """``action_possible`` without cubes, from the per-colour summary (same answer as
    ``has_group(..., -1)``)."""
    if kind == T_ACT:
        card = s.acts[s.slots[arg]]
        if card.effect == "artisan" and s.seats[p].infl < 1:
            return False
        need = (0 if s.seats[p].trade[arg] else card.hire_cost) + EXTRA_COST.get(card.effect, 0)
        return offer.reach(card.colour, card.divisor, need)
    if kind == T_FIGHT:
        card = s.perm if arg == MARAUD else s.evts[s.row[arg]]
        return offer.reach(card.fight_colour, card.divisor, 0)
    if kind == T_FARM:
        return offer.reach(YELLOW, s.brd.agriculture_divisor, 0)
    if kind == T_PLACE:
        return offer.single(arg, lambda v: place_blocked(s, p, arg, v) < 0)
    cath = s.cath
    return offer.single(WHITE, lambda v: cath[v - 1] < 0 or cath[v + 5] < 0 or cath[v + 11] < 0)


# --- fast listings of the plain groups (no cube) ------------------------------------------
# The same groups, in the same order, as ``iter_groups(..., mod=-1)`` (sizes 1 to 3, each in
# ascending combination order of the distinct dice), built without a generator.

def plain_place_groups(s: TroyesState, p: int) -> list[tuple[int, ...]]:
    """Single dice of the building's colour, affordable (another's die costs 2) and not pushing
    out a protected citizen."""
    b = s.tgt_arg
    money = s.seats[p].deniers
    if money < 0:
        return []
    keys = sorted({d for d in s.dice if (d >> 3) & 7 == b})
    return [(d,) for d in keys
            if (d >> 6 == p or money >= 2) and place_blocked(s, p, b, d & 7) < 0]


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
    money = s.seats[p].deniers
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


_TOTAL_KINDS = (T_ACT, T_FIGHT, T_FARM)


def plain_total_groups(s: TroyesState, p: int) -> list[tuple[int, ...]]:
    """The dice groups for an action judged by its total, without a cube (seed §5: 1-3 dice of
    the action's colour, others' dice at 2/4/6 each, total at least the divisor).  The same
    groups, in the same order, as ``iter_groups(..., -1)``, built without a generator."""
    kind, arg = s.tgt_kind, s.tgt_arg
    budget = s.seats[p].deniers
    if kind == T_ACT:
        card = s.acts[s.slots[arg]]
        colour, divisor = card.colour, card.divisor
        budget -= EXTRA_COST.get(card.effect, 0) + (0 if s.seats[p].trade[arg] else card.hire_cost)
        if card.effect == "artisan" and s.seats[p].infl < 1:
            return []
    elif kind == T_FIGHT:
        card = s.perm if arg == MARAUD else s.evts[s.row[arg]]
        colour, divisor = card.fight_colour, card.divisor
    else:
        colour, divisor = YELLOW, s.brd.agriculture_divisor
    if budget < 0:
        return []
    keys, twice, thrice = dice_of_colour(s, colour)
    if not keys:
        return []
    n = len(keys)
    bought = [d >> 6 != p for d in keys]
    vals = [d & 7 for d in keys]
    out: list[tuple[int, ...]] = []
    for i in range(n):
        if vals[i] >= divisor and (not bought[i] or budget >= 2):
            out.append((keys[i],))
    if n == 1 and not twice:
        return out
    for i in range(n):
        for j in range(i, n):
            if i == j and keys[i] not in twice:
                continue
            if 4 * (bought[i] + bought[j]) <= budget and vals[i] + vals[j] >= divisor:
                out.append((keys[i], keys[j]))
    for i in range(n):
        for j in range(i, n):
            if i == j and keys[i] not in twice:
                continue
            for k in range(j, n):
                if j == k and keys[j] not in (thrice if i == j else twice):
                    continue
                if 6 * (bought[i] + bought[j] + bought[k]) <= budget and vals[i] + vals[j] + vals[k] >= divisor:
                    out.append((keys[i], keys[j], keys[k]))
    return out


GroupTrie = dict[tuple[int, ...], tuple[tuple[int, ...], bool]]


def legal_groups(s: TroyesState, p: int) -> list[tuple[int, ...]]:
    """Every legal group of the pending action (its target, cube and citizen), each in the
    order of ``die_rank``: the groups of ``iter_groups`` (seed §5), listed by the fast plain
    listings when no cube is used."""
    if s.mod < 0:
        if s.tgt_kind in _TOTAL_KINDS:
            combos = plain_total_groups(s, p)
        elif s.tgt_kind == T_PLACE:
            combos = plain_place_groups(s, p)
        else:
            combos = plain_cath_groups(s, p)
    else:
        combos = [combo for combo, _, _ in iter_groups(s, p, s.tgt_kind, s.tgt_arg, s.mod)]
    rank = rank_table(p, s.players).__getitem__
    return [tuple(sorted(combo, key=rank)) if len(combo) > 1 else combo for combo in combos]


def trie_node(groups: tuple[tuple[int, ...], ...] | list[tuple[int, ...]], prefix: tuple[int, ...],
              p: int, players: int) -> tuple[tuple[int, ...], bool]:
    """``build_trie(groups, p, players).get(prefix, ((), False))`` without building the whole
    trie: the distinct dice that may follow ``prefix`` (``die_rank`` order) and whether
    ``prefix`` is itself a legal group.  A dice step asks for one or two prefixes of an action's
    groups, of which the trie holds every one."""
    k = len(prefix)
    after: list[int] = []
    done = False
    for g in groups:
        n = len(g)
        if n == k:
            if g == prefix:
                done = True
        elif n > k and (k == 0 or g[:k] == prefix):
            d = g[k]
            if d not in after:
                after.append(d)
    if len(after) > 1:
        after.sort(key=rank_table(p, players).__getitem__)
    return tuple(after), done


def build_trie(groups: list[tuple[int, ...]], p: int, players: int) -> GroupTrie:
    """Per prefix of a legal group (each group in ``die_rank`` order): the distinct dice that may
    come next, in ``die_rank`` order, and whether the prefix is itself a legal group."""
    nexts: dict[tuple[int, ...], set[int]] = {}
    complete: set[tuple[int, ...]] = set(groups)
    for g in groups:
        for k in range(len(g)):
            prefix = g[:k]
            after = nexts.get(prefix)
            if after is None:
                nexts[prefix] = {g[k]}
            else:
                after.add(g[k])
    rank = rank_table(p, players).__getitem__
    trie: GroupTrie = {}
    for prefix, after in nexts.items():
        trie[prefix] = (tuple(sorted(after, key=rank)) if len(after) > 1 else tuple(after), prefix in complete)
    for g in complete:
        if g not in trie:
            trie[g] = ((), True)
    return trie
