"""The legal actions of each decision, phase by phase (seed §4-5, 額外行動).

Kept lean: legal actions are listed at every decision.  Fixed actions are built once; the
others are kept in the position-keyed caches of the component set (``derived.caches``), the
main step's whole list included (``main_key``: everything of the position it reads);
feasibility comes from one pass over the dice (``dice.Offer``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.core import Action
from meeple.games.troyes import labels as L
from meeple.games.troyes import words as W
from meeple.games.troyes.activities import max_activations
from meeple.games.troyes.cathedral import mason_spaces
from meeple.games.troyes.citizens import guarded, has_citizen, source_text, space_text
from meeple.games.troyes.components import WHITE, YELLOW
from meeple.games.troyes.dice import (
    ALLOWED_COLOURS,
    EXTRA_COST,
    Offer,
    fast_possible,
    has_group,
    mod_applies,
    own_dice,
    strength,
    target_colour,
    usable_mods,
    usable_sources,
)
from meeple.games.troyes.groups import dice_step_actions
from meeple.games.troyes.state import (
    BUILDING_WORDS,
    MARAUD,
    MAX_CITIZENS,
    OP_COUNTER,
    OP_CUBE,
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
    SHORT_PENALTY,
    SRC_BLD,
    SRC_CARD,
    T_ACT,
    T_CATH,
    T_FARM,
    T_FIGHT,
    T_PLACE,
    TOP_LEVEL,
    die_text,
)
from meeple.games.troyes.words import msg, ref

if TYPE_CHECKING:
    from meeple.games.troyes.state import TroyesState


# Actions that never change are built once (speed: legal actions are listed at every decision).
_FIXED = {
    "recruit citizen": Action("recruit citizen", (OP_RECRUIT,), msg("troyes.label.recruit")),
    "flip dice": Action("flip dice", (OP_FLIP,), msg("troyes.label.flip_dice")),
    "stop flipping": Action("stop flipping", (OP_FLIPSTOP,), msg("troyes.label.stop_flipping")),
    "cannot counter": Action("cannot counter", (OP_GIVEUP,), msg("troyes.label.counter.give_up", vp=SHORT_PENALTY)),
    "build cathedral": Action("build cathedral", (OP_TARGET, T_CATH, 0), msg("troyes.label.build")),
    "farm": Action("farm", (OP_TARGET, T_FARM, 0), msg("troyes.label.farm")),
    "pass": Action("pass", (OP_PASS,), msg("troyes.label.pass")),
    "no cube": Action("no cube", (OP_CUBE, -1), msg("troyes.label.no_cube")),
}
_RECRUIT = _FIXED["recruit citizen"]
_FLIP = _FIXED["flip dice"]
_CATHEDRAL = _FIXED["build cathedral"]
_FARM = _FIXED["farm"]
_PASS = _FIXED["pass"]
_PLACE = tuple(Action(f"place {w}", (OP_TARGET, T_PLACE, b),
                      msg("troyes.label.place", building=ref("troyes", "buildings", w.title()), colour=W.colour(b)))
               for b, w in enumerate(BUILDING_WORDS))


def die_action(s: TroyesState, kind: int, word: str, d: int, p: int) -> Action:
    """``reroll r3`` / ``flip r3`` / ``spend r3`` for seat ``p``'s die ``d`` (built once)."""
    cache = s.caches.die_actions
    key = (kind, d, p)
    act = cache.get(key)
    if act is None:
        act = cache.put(key, Action(f"{word} {die_text(d, p)}", (kind, d), L.die_label(kind, d, p)))
    return act


def source_action(s: TroyesState, src: int) -> Action:
    """The action naming a citizen source (cached; a card source is keyed by its card too)."""
    cache = s.caches.sources
    key = src * 4096 + (s.slots[src - SRC_CARD] if SRC_CARD <= src < SRC_BLD else 0)
    act = cache.get(key)
    if act is None:
        act = cache.put(key, Action(source_text(s, src), (OP_SRC, src), L.source(s, src)))
    return act


# --- legal actions -----------------------------------------------------------------------------

def legal(s: TroyesState) -> list[Action]:
    """The legal actions now, in a stable order (``TroyesPosition._legal``)."""
    if s.phase == P_ACTION and s.step == S_MAIN:
        return cached_main_actions(s, s.turn)
    p = s.to_move
    if s.phase == P_KEEP:
        chars = s.tables.characters
        return [Action(f"keep {chars[c].name}", (OP_KEEP, c), msg("troyes.label.keep", card=W.character(chars[c].name)))
                for c in s.pair]
    if s.phase == P_DRAFT:
        return draft_actions(s)
    if s.step == S_FLIP:
        return flip_actions(s, p)
    if s.phase == P_BLACK:
        if s.step == S_SPEND:
            return [die_action(s, OP_SPEND, "spend", d, p) for d in own_dice(s, p)]
        if s.step == S_COUNT:
            return count_actions(s, p)
        return black_actions(s, p)
    if s.step == S_MAIN:
        return main_actions(s, p)
    if s.step == S_SRC:
        return [source_action(s, src) for src in usable_sources(s, p, s.tgt_kind, s.tgt_arg)]
    if s.step == S_CUBE:
        return cube_actions(s, p)
    if s.step == S_MASON:
        return mason_actions(s)
    if s.step == S_SQUIRE:
        return squire_actions(s)
    if s.step == S_DICE:
        return dice_step_actions(s, p)
    return times_actions(s, p)


# --- the dice of an action, one at a time (version 8) ------------------------------------------

_DONE_COUNT = Action("done", (OP_DONE,), msg("troyes.label.done_counter"))


def draft_actions(s: TroyesState) -> list[Action]:
    """Initial placement: any empty space of the three buildings (research §2: 'any empty
    space'); in a Bishopric / City Hall row the left or the right space (``draft bishopric
    3-4 right``), which matters because a row pushes out its right-hand citizen."""
    out = []
    bld = s.bld
    cache = s.caches.drafts
    for i in range(18):
        if bld[i] < 0:
            act = cache.get(i)
            if act is None:
                act = cache.put(i, Action(f"draft {space_text(s, i)}", (OP_DRAFT, i // 6, i % 6),
                                          msg("troyes.label.draft", space=W.space(s, i))))
            out.append(act)
    return out


def mason_actions(s: TroyesState) -> list[Action]:
    """Master Mason (STAND_IN card, research 10.2): a cube on the cathedral space of the player's
    choice, on the lowest level where that space is free."""
    return [_MASON[v] for v in mason_spaces(s)]


def squire_actions(s: TroyesState) -> list[Action]:
    """Squire (STAND_IN card, research 10.2): a cube on any event of the player's choice
    (an event card in the row, or Marauding)."""
    out = [_combat_pick(s, i, e, s.evts[e].name) for i, e in enumerate(s.row)]
    out.append(_combat_pick(s, MARAUD, 0, s.perm.name))
    return out


_MASON = tuple(Action(f"mason space {v + 1}", (OP_PICK, v + 1), msg("troyes.label.mason", space=v + 1))
               for v in range(6))


def _combat_pick(s: TroyesState, arg: int, idx: int, name: str) -> Action:
    cache = s.caches.picks
    key = arg * 4096 + idx
    act = cache.get(key)
    if act is None:
        act = cache.put(key, Action(f"squire {name}", (OP_PICK, arg), msg("troyes.label.squire",
                                                                         card=W.event_named(s, name))))
    return act


def influence_actions(s: TroyesState, p: int, out: list[Action]) -> None:
    """Influence spends before countering or acting (seed 額外行動): 1 reroll, 2 citizen, 4 flip."""
    mine = own_dice(s, p)
    if s.seats[p].infl >= 1:
        out.extend(die_action(s, OP_REROLL, "reroll", d, p) for d in mine)
    if s.seats[p].infl >= 2 and s.seats[p].owned < MAX_CITIZENS:
        out.append(_FIXED["recruit citizen"])
    if s.seats[p].infl >= 4 and mine:
        out.append(_FIXED["flip dice"])


def flip_actions(s: TroyesState, p: int) -> list[Action]:
    out = [die_action(s, OP_FLIPDIE, "flip", d, p) for d in own_dice(s, p, s.flipped)]
    if s.flipped:
        out.append(_FIXED["stop flipping"])
    return out


def black_actions(s: TroyesState, p: int) -> list[Action]:
    """Influence, then counter the highest black die (``counter 6``; more are added one at a
    time in the next step, ``count_actions``) when the own dice reach it, red counting double
    (seed §4).  Unable: ``cannot counter``, lose 2 VP and the highest is removed."""
    out: list[Action] = []
    influence_actions(s, p, out)
    top = s.black[0]
    if strength(s, p) < top:
        out.append(_FIXED["cannot counter"])
    else:
        out.append(_COUNTER[top])
    return out


def count_actions(s: TroyesState, p: int) -> list[Action]:
    """More black dice to counter at once, one at a time from the highest down (each value
    at most the last chosen, so a set is chosen in one order), while the own dice still reach
    the sum (red counting double); ``done`` goes on to spending dice (seed §4)."""
    chosen = s.bsel
    room = strength(s, p) - sum(chosen)
    last = chosen[-1]
    out = []
    seen = 0
    for v in s.black:  # highest first
        if v > last or v > room or v == seen:
            continue
        seen = v
        if s.black.count(v) > chosen.count(v):
            out.append(_COUNTER[v])
    out.append(_DONE_COUNT)
    return out


_COUNTER = tuple(Action(f"counter {v}", (OP_COUNTER, v), msg("troyes.label.counter", value=v)) for v in range(7))


_REVEALED_SLOTS = tuple(tuple(slot for slot in range(9) if slot % 3 < r) for r in range(4))


SlotInfo = tuple[str, tuple[Action, Action], int, int, int, int, bool]
_FACE_DOWN: SlotInfo = ("", (_PASS, _PASS), 0, 0, 0, 0, False)  # never read: main_actions skips the slot


def _slot_infos(s: TroyesState) -> tuple[SlotInfo, ...]:
    """Per slot: (card name, its Action without and with an own tradesman there (the label says
    whether a hire is paid), colour, divisor, hire cost, extra deniers, artisan), for the face-up
    cards (``_FACE_DOWN`` for the others), cached by the face-up cards (a determinization deals the
    face-down ones again) and the activity table they come from."""
    cache = s.caches.slot_infos
    r = s.revealed
    slots = s.slots
    key = tuple(slots) if r == 3 else (r, *slots[0:r], *slots[3:3 + r], *slots[6:6 + r])
    hit = cache.get(key)
    if hit is None:
        infos: list[SlotInfo] = []
        for slot, idx in enumerate(slots):
            if slot % 3 >= r:
                infos.append(_FACE_DOWN)
                continue
            card = s.acts[idx]
            acts = _activate_actions(s, slot, idx)
            infos.append((card.name, acts,
                          card.colour, card.divisor, card.hire_cost,
                          EXTRA_COST.get(card.effect, 0), card.effect == "artisan"))
        hit = cache.put(key, tuple(infos))  # a tuple: untracked by the garbage collector
    return hit  # type: ignore[no-any-return]


def _activate_actions(s: TroyesState, slot: int, idx: int) -> tuple[Action, Action]:
    """The activity card ``idx`` in ``slot`` activated without and with an own tradesman there
    (built once per slot and card, shared by every arrangement of the face-up cards)."""
    cache = s.caches.activates
    key = slot * 4096 + idx
    acts = cache.get(key)
    if acts is None:
        card = s.acts[idx]
        notation, data = f"activate {card.name}", (OP_TARGET, T_ACT, slot)
        acts = cache.put(key, (Action(notation, data, L.activate(card, False)),
                               Action(notation, data, L.activate(card, True))))
    return acts  # type: ignore[no-any-return]


def _combat_action(s: TroyesState, arg: int, idx: int, name: str) -> Action:
    cache = s.caches.combats
    key = arg * 4096 + idx
    act = cache.get(key)
    if act is None:
        card = s.perm if arg == MARAUD else s.evts[idx]
        label = msg("troyes.label.combat", card=W.event(s, card), colour=W.colour(card.fight_colour),
                    divisor=card.divisor)
        act = cache.put(key, Action(f"combat {name}", (OP_TARGET, T_FIGHT, arg), label))
    return act


def _row_infos(s: TroyesState) -> tuple[tuple[int, int, int, Action], ...]:
    """Per event that may be combated (the row, then Marauding): (target argument, dice colour,
    divisor, its Action), cached by the cards in the row (and the event table)."""
    cache = s.caches.row_infos
    key = tuple(s.row)
    hit = cache.get(key)
    if hit is None:
        infos = []
        for i, e in enumerate(key):
            card = s.evts[e]
            infos.append((i, card.fight_colour, card.divisor, _combat_action(s, i, e, card.name)))
        card = s.perm
        infos.append((MARAUD, card.fight_colour, card.divisor, _combat_action(s, MARAUD, 0, card.name)))
        hit = cache.put(key, tuple(infos))
    return hit  # type: ignore[no-any-return]


def with_cube(s: TroyesState, p: int, offer: Offer, cube_mods: list[tuple[int, str]], present: list[bool],
              kind: int, arg: int, divisor: int = 0, need: int = 0) -> bool:
    """Some cube of ``cube_mods`` (slot, effect) makes this action possible (asked only when it is
    not possible without one; ``present``: per colour, some die of it is on the square).
    For an action judged by its total (divisor > 0) the simple cubes are decided from the
    dice summary: Militia / Mercenary (other dice as red), Knight (total doubled),
    Blacksmith (+5), Canon (adds a cube, so never makes an impossible combat possible)."""
    reach = offer.reach
    colour = target_colour(s, kind, arg)
    for m, effect in cube_mods:
        if not mod_applies(effect, kind, colour):
            continue
        allowed = ALLOWED_COLOURS.get(effect, (colour,))
        for c in allowed:
            if present[c]:
                break
        else:
            continue  # no die this cube could work with
        if divisor:
            if effect == "canon":
                continue
            if effect in ("militia", "mercenary"):
                if reach(allowed[0], divisor, need):
                    return True
                continue
            if effect == "knight":
                if reach(colour, (divisor + 1) // 2, need):
                    return True
                continue
            if effect == "blacksmith":
                if reach(colour, max(1, divisor - 5), need):
                    return True
                continue
        if has_group(s, p, kind, arg, m):
            return True
    return False


def main_actions(s: TroyesState, p: int) -> list[Action]:
    """Influence, then the six actions (seed §5).  Feasibility comes from one pass over the
    dice (``Offer``); delayed-card cubes are checked only when the player has one."""
    out: list[Action] = []
    offer = Offer(s, p)
    mine = offer.mine
    infl = s.seats[p].infl
    if infl >= 1:
        cache = s.caches.die_actions
        for d in mine:
            act = cache.get((OP_REROLL, d, p))
            out.append(act if act is not None else die_action(s, OP_REROLL, "reroll", d, p))
        if infl >= 2:
            if s.seats[p].owned < MAX_CITIZENS:
                out.append(_RECRUIT)
            if infl >= 4 and mine:
                out.append(_FLIP)
    reach = offer.reach
    own3, money, other = offer.own3, offer.money, offer.other
    me = s.seats[p]
    cubes = me.cubes
    cube_mods: list[tuple[int, str]] = []
    present = [True, True, True]
    if any(cubes):
        acts = s.acts
        cube_mods = [(slot, acts[s.slots[slot]].effect) for slot in range(9) if cubes[slot]]
        present = [bool(offer.own[c]) or bool(offer.other[c]) for c in (0, 1, 2)]

    citizen = has_citizen(s, p)
    trade = me.trade
    infos = _slot_infos(s)
    for slot in _REVEALED_SLOTS[s.revealed]:
        hired = trade[slot]
        if not citizen and not hired:
            continue  # a hire needs a citizen (one on this card itself means no hire is needed)
        name, acts, colour, divisor, hire_cost, extra, artisan = infos[slot]
        act = acts[1 if hired else 0]
        if artisan and infl < 1:
            ok = False
        else:
            need = (0 if hired else hire_cost) + extra
            ok = money >= need and (own3[colour] >= divisor or (
                money - need >= 2 and bool(other[colour]) and reach(colour, divisor, need)))
        if ok or (cube_mods and not (artisan and infl < 1) and money >= (0 if hired else hire_cost) + extra
                  and with_cube(s, p, offer, cube_mods, present, T_ACT, slot, divisor,
                                                    (0 if hired else hire_cost) + extra)):
            out.append(act)
    # a value still has a free space while its top level is free (levels fill from the bottom)
    cath = s.cath
    ok = False
    for v in offer.own[WHITE]:
        if cath[TOP_LEVEL + v - 1] < 0:
            ok = True
            break
    else:
        if money >= 2:
            for v in other[WHITE]:
                if cath[TOP_LEVEL + v - 1] < 0:
                    ok = True
                    break
    if ok or (cube_mods and with_cube(s, p, offer, cube_mods, present, T_CATH, 0)):
        out.append(_CATHEDRAL)
    for arg, colour, divisor, act in _row_infos(s):
        if own3[colour] >= divisor or (money >= 2 and other[colour] and reach(colour, divisor, 0)) \
                or (cube_mods and with_cube(s, p, offer, cube_mods, present, T_FIGHT, arg, divisor)):
            out.append(act)
    if citizen:
        own = offer.own
        for b in (0, 1, 2):
            if guarded(s, b):  # someone is protected there: judge each die's push-out
                ok = fast_possible(s, p, T_PLACE, b, offer)
            else:  # any die of the building's colour will do
                ok = bool(own[b]) or (money >= 2 and bool(other[b]))
            if ok or (cube_mods and with_cube(s, p, offer, cube_mods, present, T_PLACE, b)):
                out.append(_PLACE[b])
    divisor = s.brd.agriculture_divisor
    if own3[YELLOW] >= divisor or (money >= 2 and other[YELLOW] and reach(YELLOW, divisor, 0)) \
            or (cube_mods and with_cube(s, p, offer, cube_mods, present, T_FARM, 0)):
        out.append(_FARM)
    out.append(_PASS)
    return out


# --- the main step, kept per position part --------------------------------------------------

def cached_main_actions(s: TroyesState, p: int) -> list[Action]:
    """``main_actions(s, p)`` (a copy of the list: callers own it), kept in ``caches.main`` by
    ``main_key``.  A search visits the same turn again and again (every iteration replays the
    tree's path on a fresh determinization, whose hidden parts the main step does not read)."""
    cache = s.caches.main
    key = main_key(s, p)
    out = cache.get(key)
    if out is None:
        # kept as a tuple: of compiled (acyclic) Actions it is untracked by the garbage collector,
        # which otherwise walks every entry of the cache at each full collection
        out = cache.put(key, tuple(main_actions(s, p)))
    return list(out)


def main_key(s: TroyesState, p: int) -> tuple[int, ...]:
    """Everything of the position ``main_actions`` reads for seat ``p``: the seat, its deniers,
    influence, citizens, supply, tradesmen and card cubes, the dice on the city square, the
    buildings, lying and push-out protection, the cathedral, the event row and the face-up
    activity cards (the rest comes from the component tables, one cache per table set, or the
    push-out option, ``prot``).  Variable-length parts (dice, row, face-up slots) are told
    apart by the lengths and ``revealed`` in the tail."""
    slots = s.slots
    r = s.revealed
    shown = slots if r == 3 else slots[0:r] + slots[3:3 + r] + slots[6:6 + r]
    me = s.seats[p]
    protect = []
    for q in s.seats:
        protect += q.lying
    if s.prot == PROTECT_ROUND:
        for q in s.seats:
            protect += q.expelled
    return (*s.dice, *s.row, *shown, *s.bld, *s.cath, *me.trade, *me.cubes, *protect,
            p, me.deniers, me.infl, me.owned, me.supply, r, s.prot, len(s.dice), len(s.row))


# --- the last steps of an action: which delayed-card cube, how many activations (seed §5.1) ---

_NO_CUBE = _FIXED["no cube"]


def cube_actions(s: TroyesState, p: int) -> list[Action]:
    """At most one delayed-card cube per action (research §6.1)."""
    out = []
    if has_group(s, p, s.tgt_kind, s.tgt_arg, -1):
        out.append(_NO_CUBE)
    for m in usable_mods(s, p, s.tgt_kind, s.tgt_arg):
        if has_group(s, p, s.tgt_kind, s.tgt_arg, m):
            out.append(_cube_action(s, m))
    return out


def _cube_action(s: TroyesState, slot: int) -> Action:
    """``cube Master Mason``: spend the cube on the card in ``slot`` (built once per slot and card)."""
    cache = s.caches.cube_actions
    key = (slot, s.slots[slot])
    act = cache.get(key)
    if act is None:
        name = s.acts[s.slots[slot]].name
        act = cache.put(key, Action(f"cube {name}", (OP_CUBE, slot), msg("troyes.label.cube", card=W.activity(name))))
    return act


def times_actions(s: TroyesState, p: int) -> list[Action]:
    """Activate at least once, up to the maximum (S7: fewer is allowed)."""
    top = max_activations(s, p)
    miller = s.acts[s.slots[s.tgt_arg]].effect == "miller"
    cache = s.caches.times
    key = top * 2 + miller
    acts = cache.get(key)
    if acts is None:
        acts = cache.put(key, _miller_actions(top) if miller
                         else [Action(f"x{k}", (OP_TIMES, k, 0), msg("troyes.label.times", n=k))
                               for k in range(1, top + 1)])
    return acts[:]  # type: ignore[no-any-return]


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
            out.append(Action(text, (OP_TIMES, k, a), msg("troyes.label.times.miller", n=k, palace=a, bishopric=k - a)))
    return out


__all__ = ["cached_main_actions", "legal", "main_actions", "main_key"]
