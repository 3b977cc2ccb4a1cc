"""The solo game (research §8.4, S4): the automa, played by the rules at 1 player.

The automa is part of the rules, not a seat: it has lieutenants and a popularity disc only (no
board, resources, score or city and church registers).  It has 3 lieutenants, a 4th from round IV
and a 5th in round VI (``solo_levels``); the human moves first in odd rounds and the automa in even
rounds, turns alternating while either still has a lieutenant to place.  The 14 solo tiles are
shuffled at the start of every round (the game's seeded RNG); on its turn the automa flips tiles
until one names a district in play with no standing figure, stands a lieutenant there, sends the
hex's citizens back to the supply, removes one plague cube for +1 popularity if there is plague, and
does the tile's action.  Its turns are applied inside ``apply`` as automatic steps, each an event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.engine.messages import event
from meeple.games.messina.state import D0, DOCK0, LOC_ESTATE, LOC_NONE, MAXLT, N_HARBOURS, NODES, T_PLACE
from meeple.games.messina.words import cref, msg, node

if TYPE_CHECKING:
    from meeple.engine.core import Event
    from meeple.games.messina.state import MessinaState

HUMAN = 0
AUTOMA = -1


def is_solo(s: MessinaState) -> bool:
    return s.players == 1


def level(s: MessinaState) -> Any:
    """The solo level's row of ``solo_levels`` (the ``solo`` option)."""
    name = s.options.get("solo", "basic")
    return next(lv for lv in s.tables.solo_levels if lv.name == name)


def lieutenants(s: MessinaState, rnd: int) -> int:
    """The automa's lieutenants in round ``rnd`` (S4: 3, a 4th in round IV, a 5th in round VI)."""
    return min(MAXLT, level(s).lieutenants[rnd - 1])


def start_round(s: MessinaState, events: list[Event]) -> None:
    """A round's solo set-up: the automa's new lieutenants join, all of them will be placed, and
    the 14 solo tiles are shuffled into a new deck (S4: reshuffled every round)."""
    count = lieutenants(s, s.round_)
    lts = list(s.auto_lt) if s.auto_lt else [LOC_NONE] * MAXLT
    had = sum(1 for x in lts if x != LOC_NONE)
    for i in range(had, count):
        lts[i] = LOC_ESTATE
    s.auto_lt = tuple(lts)
    if had and count > had:
        events.append(event("automa_lieutenant", msg("messina.event.automa.lieutenant", count=count)))
    s.auto_left = count
    s.auto_up = 0
    deck = list(range(len(s.tables.solo_tiles)))
    s.rng.shuffle(deck)
    s.auto_deck = tuple(deck)
    s.auto_flipped = ()


def order(s: MessinaState) -> tuple[int, int]:
    """The round's turn order (S4): the human first in odd rounds, the automa in even rounds."""
    return (HUMAN, AUTOMA) if s.round_ % 2 else (AUTOMA, HUMAN)


def next_turn(s: MessinaState, human_ready: bool, events: list[Event]) -> bool:
    """The next turn of a solo round, alternating from ``s.cur`` (an index into ``order``): the
    human's turn is a ``T_PLACE`` task; the automa's is played at once (``automa_turn``).  False
    when neither has a lieutenant left."""
    seq = order(s)
    for k in range(1, 3):
        i = (s.cur + k) % 2 if s.cur >= 0 else k - 1
        if seq[i] == HUMAN:
            if human_ready:
                s.cur = i
                s.in_turn = HUMAN
                s.tasks.append((T_PLACE, HUMAN, 0, 0, 0))
                return True
        elif s.auto_left > 0:
            s.cur = i
            s.in_turn = -1
            automa_turn(s, events)
            return True
    return False


def hex_node(s: MessinaState, name: str) -> int:
    """The node of the district hex ``name``, -1 when it is not in play."""
    hexes = s.tables.hexes
    for n in range(D0, NODES):
        t = s.ntile[n]
        if t >= 0 and hexes[t].name == name:
            return n
    return -1


def automa_turn(s: MessinaState, events: list[Event]) -> None:
    """S4: flip solo tiles until one names a hex in play with no standing figure; a lieutenant
    stands there, the hex's citizens go back to the supply, one plague cube goes (+1 popularity),
    then the tile's action.  With the deck empty the lieutenant sits the round out (STAND_IN)."""
    placed = lieutenants(s, s.round_) - s.auto_left
    s.auto_left -= 1
    tiles = s.tables.solo_tiles
    deck, flipped = s.auto_deck, s.auto_flipped
    target = -1
    tile = -1
    flips: list[str] = []
    while deck:
        tile, deck = deck[0], deck[1:]
        flipped += (tile,)
        flips.append(tiles[tile].name)
        n = hex_node(s, tiles[tile].hex)
        if n >= 0 and not s.used[n]:
            target = n
            break
    if flips:
        s.reveals += 1  # the flipped tiles are known from now on
    s.auto_deck, s.auto_flipped = deck, flipped
    if target < 0:
        events.append(event("automa", msg("messina.event.automa.idle", n=len(flips)), flipped=flips))
        return
    lts = list(s.auto_lt)
    lts[placed] = target
    s.auto_lt = tuple(lts)
    s.auto_up |= 1 << placed
    s.used[target] = 1
    t = tiles[tile]
    events.append(event("automa", msg("messina.event.automa.place", tile=cref("solo_tiles", t.name),
                                      node=node(s, target), lt=placed + 1),
                        hex=s.nname[target], tile=t.name, action=t.action, flipped=flips, lieutenant=placed + 1))
    owner = s.owner[target]
    if owner >= 0:
        # S4: anyone placing a lieutenant on a repopulated hex gives its owner 2 VP
        s.seats[owner].vp += 2
        events.append(event("repopulated_visit", msg("messina.event.repopulated_visit", seat=owner,
                                                     node=node(s, target)), seat=owner))
    sent = 0
    for k in range(3):
        on = s.citizens[k]
        if on[target]:
            sent += on[target]
            s.cit_supply[k] += on[target]
            on[target] = 0
    if sent:
        events.append(event("automa_citizens", msg("messina.event.automa.citizens", n=sent, node=node(s, target))))
    if s.cubes[target]:
        s.cubes[target] -= 1
        s.cube_supply += 1
        s.auto_pop = min(s.auto_pop + 1, len(s.fx.tracks[0]) - 1)
        events.append(event("automa_plague", msg("messina.event.automa.plague", node=node(s, target),
                                                 popularity=s.auto_pop)))
    ACTIONS[t.action](s, target, t.cls, events)


# --- the tiles' actions ------------------------------------------------------------------------

def _nothing(s: MessinaState, n: int, cls: int, events: list[Event]) -> None:
    """A tile without an action."""


def _wagon(s: MessinaState, n: int, cls: int, events: list[Event]) -> None:
    """The top wagon leaves the game (the first stack holding one)."""
    for k, st in enumerate(s.wg_st):
        if st:
            lst = list(s.wg_st)
            lst[k] = st[1:]
            s.wg_st = tuple(lst)
            events.append(event("automa_remove", msg("messina.event.automa.wagon",
                                                     wagon=cref("wagons", s.tables.wagons[st[0]].name))))
            return


def _workshop(s: MessinaState, n: int, cls: int, events: list[Event]) -> None:
    """The top workshop of the tile's class leaves the game; the next one shows."""
    st = s.ws_st[cls]
    if not st:
        return
    lst = list(s.ws_st)
    lst[cls] = st[1:]
    kn = list(s.ws_known)
    kn[cls] = min(kn[cls], max(0, len(st) - 2))
    s.ws_st, s.ws_known = tuple(lst), tuple(kn)
    s.reveals += 1
    events.append(event("automa_remove", msg("messina.event.automa.workshop",
                                             workshop=cref("workshops", s.tables.workshops[st[0]].name))))


def _cabins(s: MessinaState, n: int, cls: int, events: list[Event]) -> None:
    """The top cabin improvement of every stack leaves the game."""
    lst = list(s.cab_st)
    kn = list(s.cab_known)
    gone = 0
    for k, st in enumerate(lst):
        if st:
            lst[k] = st[1:]
            kn[k] = min(kn[k], max(0, len(st) - 2))
            gone += 1
    if gone:
        s.cab_st, s.cab_known = tuple(lst), tuple(kn)
        s.reveals += 1
        events.append(event("automa_remove", msg("messina.event.automa.cabins", n=gone)))


def nearest_docks(s: MessinaState, n: int) -> int:
    """The docks nearest hex ``n`` that hold a ship (ties: the lowest docks number, STAND_IN), -1
    when no docks holds one."""
    best, at = -1, -1
    for h in range(N_HARBOURS):
        if s.docks[h] and (DOCK0 + h) in s.nplay:
            d = s.dist[n][DOCK0 + h]
            if best < 0 or d < best:
                best, at = d, h
    return at


def _ship(s: MessinaState, n: int, cls: int, events: list[Event]) -> None:
    """A ship leaves the docks nearest the hex (the one that arrived first, STAND_IN); its plague
    cube goes back to the supply."""
    h = nearest_docks(s, n)
    if h < 0:
        return
    code = s.docks[h][0]
    docks = list(s.docks)
    docks[h] = docks[h][1:]
    s.docks = tuple(docks)
    s.cube_supply += code & 1
    events.append(event("automa_remove", msg("messina.event.automa.ship",
                                             ship=cref("ships", s.tables.ships[code >> 1].name),
                                             docks=node(s, DOCK0 + h))))


ACTIONS = {"none": _nothing, "wagon": _wagon, "workshop": _workshop, "cabins": _cabins, "ship": _ship}
"""A solo tile's action (``components.SOLO_ACTIONS``) -> what it does."""


# --- the end ---------------------------------------------------------------------------------

def yardstick(s: MessinaState) -> int:
    return int(level(s).yardstick)


def result(s: MessinaState, score: int) -> dict[str, Any]:
    """The view's ``solo`` at the end (docs/engine.md "Solo games")."""
    stick = yardstick(s)
    return {"level": level(s).name, "score": score, "yardstick": stick, "yardstick_kind": "published",
            "beaten": score >= stick}


def view(s: MessinaState) -> dict[str, Any]:
    """The automa in the view: its lieutenants (where, standing or lying), its popularity, the solo
    tiles flipped this round and how many are left (their order is hidden)."""
    lts = []
    for i, loc in enumerate(s.auto_lt):
        if loc == LOC_NONE:
            continue
        lts.append({"lieutenant": i + 1, "where": s.nname[loc] if loc >= 0 else None,
                    "standing": bool((s.auto_up >> i) & 1)})
    tiles = s.tables.solo_tiles
    return {"lieutenants": lts, "popularity": s.auto_pop, "to_place": s.auto_left,
            "tiles_left": len(s.auto_deck), "flipped": [tiles[t].name for t in s.auto_flipped],
            "first": "automa" if order(s)[0] == AUTOMA else "seat 0"}


__all__ = ["ACTIONS", "automa_turn", "hex_node", "is_solo", "level", "lieutenants", "nearest_docks", "next_turn",
           "order", "result", "start_round", "view", "yardstick"]
