"""What may be done now in Mundus Novus: ``legal(state)``, one kind of decision per ``state.phase``.

Action objects are immutable and remembered by their data (``derived.actions``); the lists for a victim's
offer row and for a Progression turn are remembered by everything they depend on (``derived``)."""

from __future__ import annotations

from collections.abc import Callable

from meeple.engine.core import Action
from meeple.engine.messages import msg
from meeple.games.mundus_novus.developments import fleet_steps
from meeple.games.mundus_novus.progression import (
    different_in,
    may_cash,
    money_for_different,
    reach,
    set_allowed,
)
from meeple.games.mundus_novus.state import (
    CH_ALMAGRO,
    CH_CASAS,
    INCA,
    MAX_DIFFERENT,
    MIN_DIFFERENT,
    OP_CONVERT,
    OP_CORONADO,
    OP_DIFF_ADD,
    OP_DIFF_CASH,
    OP_FLEET_ADD,
    OP_GIFT,
    OP_KEEP_DONE,
    OP_OFFER_NONE,
    OP_PICK,
    OP_SET_ADD,
    OP_SET_CASH,
    OP_SPLIT,
    OP_SPLIT_DONE,
    K,
    MundusState,
    dev_ref,
    event_for,
    name,
    res_arg,
)
from meeple.games.mundus_novus.trade import blocked
from meeple.games.mundus_novus.view import fleets_so_far


def legal(s: MundusState) -> list[Action]:
    """The decisions of the current step (``state.phase``), each phase's through ``BY_PHASE``."""
    return BY_PHASE[s.phase](s)


# --- round start, Supply, Pirates (seed 1-2; events) -----------------------------------------------

def legal_coronado(s: MundusState) -> list[Action]:
    """Francisco de Coronado (research A10): no event, or force any event for 2 doubloons."""
    acts = [s.acache[(OP_CORONADO, -1)]]
    for i in range(len(s.tables.events)):
        acts.append(s.acache[(OP_CORONADO, i)])
    return acts


def legal_ponce(s: MundusState) -> list[Action]:
    """Juan Ponce de Leon (version 5): the second fleet one caravel at a time, then "split fleets"
    (``fleet_steps``)."""
    adds, done = fleet_steps(s, s.cur)
    acts = [] if s.fleet2 else [s.acache[(OP_SPLIT, 0)]]
    for i, label in adds:
        acts.append(Action(f"second fleet: add {label}", (OP_FLEET_ADD, i),
                           msg("mundus_novus.label.fleet_add", caravel=label)))
    if done:
        first, second = ("+".join(map(str, f)) for f in fleets_so_far(s, s.cur))
        acts.append(Action("split fleets", (OP_SPLIT_DONE,),
                           msg("mundus_novus.label.split", first=first, second=second)))
    return acts


def legal_supply(s: MundusState) -> list[Action]:
    """Supply 2.2: the choosing fleet takes one of the face-up kinds."""
    acts = s.fx.supply_acts
    return [acts[k] for k in sorted(set(s.supply))]


def legal_pirates(s: MundusState) -> list[Action]:
    """Pirates (seed, events): a card of the player's hand is discarded."""
    hand = s.seats[s.cur].hand
    acts = s.fx.pirate_acts
    return [acts[k] for k in range(K) if hand[k]]


# --- Trade (seed 3.1-3.6) --------------------------------------------------------------------------

def legal_announce(s: MundusState) -> list[Action]:
    """Trade 3.1: the Trade Master announces 2, 3 or 4 cards."""
    return list(s.fx.announce_acts)


def legal_offer(s: MundusState) -> list[Action]:
    """Trade 3.2: one card of the hand onto the offer; Bartolome de las Casas may offer none."""
    p = s.cur
    seat = s.seats[p]
    hand = seat.hand
    acts = []
    if s.holders[CH_CASAS] == p and not any(seat.offer):
        acts.append(s.acache[(OP_OFFER_NONE,)])
    offers = s.fx.offer_acts
    for k in range(K):
        if hand[k]:
            acts.append(offers[k])
    return acts


def legal_tie(s: MundusState) -> list[Action]:
    """Trade 3.3: the outgoing Trade Master chooses among the tied players."""
    acts = s.fx.tm_acts
    return [acts[q] for q in range(s.players) if s.tie_mask >> q & 1]


def legal_gift(s: MundusState) -> list[Action]:
    """Trade 3.6 B: the Trade Master gives one card of his hand to the player left one card short."""
    hand = s.seats[s.cur].hand
    return [Action(f"give {name(s, k)} to p{s.need}", (OP_GIFT, k),
                   msg("mundus_novus.label.gift", card=res_arg(s, k), seat=s.need))
            for k in range(K) if hand[k]]


def legal_start(s: MundusState) -> list[Action]:
    """Progression (seed 4): the Trade Master chooses who starts."""
    return list(s.fx.start_acts[:s.players])


def legal_over(s: MundusState) -> list[Action]:
    return []


def exchange_actions(s: MundusState) -> list[Action]:
    """Trade 3.4-3.5: for each of ``trade.targets(s)``, each kind on its offer: take it, or swap it for
    each different kind in the market.  (Every target has a take action, so no actions means no target.)"""
    cur, prev = s.cur, blocked(s)
    market = sorted(set(s.market))
    fx = s.fx
    acts: list[Action] = []
    prev_row: list[int] | None = None
    v = 0
    for seat in s.seats:
        if v != cur:
            row = seat.offer
            if any(row):
                if v == prev:
                    prev_row = row
                else:
                    victim_actions(acts, fx.takes[v], fx.swaps[v], row, market)
        v += 1
    if not acts and prev_row is not None:
        victim_actions(acts, fx.takes[prev], fx.swaps[prev], prev_row, market)
    return acts


def victim_actions(acts: list[Action], takes: tuple[Action, ...], swaps: tuple[tuple[Action, ...], ...],
                   row: list[int], market: list[int]) -> None:
    """The exchange actions on one victim's offer ``row`` (his ``takes`` and ``swaps``, ``derived``)
    with these market kinds, added to ``acts``: each kind on offer taken, then swapped for each other
    market kind."""
    for k in range(K):
        if row[k]:
            acts.append(takes[k])
            by_market = swaps[k]
            for m in market:
                if m != k:
                    acts.append(by_market[m])


# --- Progression (seed 4, 4.1, 4.2) ----------------------------------------------------------------

def legal_keep(s: MundusState) -> list[Action]:
    """Seed, warehouses: one more card set aside, or the rest discarded."""
    hand = s.seats[s.cur].hand
    keeps = s.fx.keep_acts
    acts = [keeps[k] for k in range(K) if hand[k]]
    acts.append(s.acache[(OP_KEEP_DONE,)])
    return acts


def legal_progression(s: MundusState) -> list[Action]:
    """A Progression turn (seed 4.1, 4.2): an identical set being built, a different set being built,
    or the turn's choices (``turn_actions``, remembered by hand in ``state.hx.turn_acts``)."""
    p = s.cur
    seat = s.seats[p]
    h = seat.hand
    acts: list[Action] = []
    if s.building:
        return building_actions(s)
    if s.pend_mask or s.pend_inca:
        size = bin(s.pend_mask).count("1") + s.pend_inca
        if size < MAX_DIFFERENT:
            for k in range(INCA):
                if h[k] and not s.pend_mask >> k & 1:
                    acts.append(diff_add(s, k, size + 1))
            if s.options["inca_wild_in_different"] and h[INCA] > s.pend_inca:
                acts.append(diff_add(s, INCA, size + 1))
        if size >= MIN_DIFFERENT:
            acts.append(Action(f"cash different set of {size}", (OP_DIFF_CASH,), msg(
                "mundus_novus.label.diff_cash", count=size, amount=money_for_different(s, p, size))))
        return acts
    cash = may_cash(s)
    key = (tuple(h), seat.owned, s.merch_used, set_allowed(s, p), cash and not s.diff_done,
           cash and not s.inca_done, s.options["inca_wild_in_different"])
    cache = s.hx.turn_acts
    got = cache.get(key)
    if got is None:
        got = cache.put(key, turn_actions(s, *key))
    return got


def diff_add(s: MundusState, k: int, size: int) -> Action:
    """One more card for the different set being built, labelled with the set's size after it and what
    the set would pay then (issue 15; Natives included), remembered by those numbers."""
    amount = money_for_different(s, s.cur, size) if size >= MIN_DIFFERENT else 0
    key = (OP_DIFF_ADD, k, size, amount)
    a = s.acache.get(key)
    if a is None:
        label = (msg("mundus_novus.label.diff_add", card=res_arg(s, k), count=size, amount=amount)
                 if size >= MIN_DIFFERENT else
                 msg("mundus_novus.label.diff_add.short", card=res_arg(s, k), count=size, least=MIN_DIFFERENT))
        a = s.acache[key] = Action(f"different: add {name(s, k)}", (OP_DIFF_ADD, k), label)
    return a


def turn_actions(s: MundusState, h: tuple[int, ...], owned: tuple[int, ...], merch_used: int, set_ok: bool,
                 diff_ok: bool, inca_ok: bool, wild: bool) -> list[Action]:
    """A Progression turn's choices for a hand ``h`` (its ``K`` card counts): merchant
    conversions, identical sets, a different set, an Inca cash-in, end turn; ``set_ok``, ``diff_ok``,
    ``inca_ok``: whether this kind of combination is still allowed this turn; ``wild``: option
    ``inca_wild_in_different`` (``legal_progression`` remembers the list by these arguments in
    ``state.hx.turn_acts``)."""
    acts: list[Action] = []
    fx = s.fx
    # merchants: one card each, into the merchant's value band (research A7)
    devs = fx.devs
    seen: set[int] = set()
    for i in owned:
        d = devs[i]
        if d.kind != "merchant" or merch_used >> i & 1:
            continue
        for v in range(d.band_lo, d.band_hi + 1):
            t = v - 1
            if t in seen:
                continue
            seen.add(t)
            for k in range(INCA):
                if k != t and h[k]:
                    acts.append(s.acache[(OP_CONVERT, k, t, i)])
    if set_ok:
        # version 5: an identical set starts with 3 cards, plain ones first (then building_actions)
        incas = h[INCA]
        starts = fx.set_starts
        for k in range(INCA):
            held = h[k]
            if held:
                for c, j, a in starts[k]:
                    if c <= held and j <= incas:
                        acts.append(a)
    if diff_ok and different_in(h, wild) >= MIN_DIFFERENT:
        adds = fx.diff_adds
        for k in range(INCA):
            if h[k]:
                acts.append(adds[k])
        if wild and h[INCA]:
            acts.append(adds[INCA])
    if inca_ok and h[INCA]:
        acts.extend(fx.inca_cash[:min(h[INCA], fx.inca_top)])
    acts.append(fx.end_turn)
    return acts

def building_actions(s: MundusState) -> list[Action]:
    """An identical set being built (version 5): one more card of its resource (while it holds no Inca
    relic: plain cards come first), one more wild Inca relic, or cash it (``progression.set_grows``:
    a set that cannot grow is cashed at once, so a set being built can always take a card or be cashed)."""
    kind, c, j = s.set_kind, s.set_cards, s.set_inca
    hand = s.seats[s.cur].hand
    cache = s.acache
    acts: list[Action] = []
    if j == 0 and hand[kind] > c:
        acts.append(cache[(OP_SET_ADD, kind)])
    if hand[INCA] > j:
        acts.append(cache[(OP_SET_ADD, INCA)])
    acts.append(cache[(OP_SET_CASH, c + j)])
    return acts


def legal_pick(s: MundusState) -> list[Action]:
    """Seed 4.1 table; Storm: only n°1; Diego de Almagro: the deck's top card instead (research A18)."""
    r = reach(s, s.set_kind, s.set_cards + s.set_inca)
    storm = event_for(s, s.cur) == "ST"
    if storm:
        r = 1
    acts: list[Action] = []
    devs = s.tables.developments
    deck_cell = s.options["low_set_reward"] == "deck" and not storm and r == 1 and s.dev_deck
    if not deck_cell:
        for i in range(min(r, len(s.queue))):
            acts.append(Action(f"take n{i + 1} {devs[s.queue[i]].name}", (OP_PICK, i), msg(
                "mundus_novus.label.pick", card=dev_ref(s, s.queue[i]), position=i + 1)))
    if s.dev_deck and (deck_cell or s.holders[CH_ALMAGRO] == s.cur):
        acts.append(s.acache[(OP_PICK, -1)])
    return acts


BY_PHASE: tuple[Callable[[MundusState], list[Action]], ...] = (
    legal_coronado,  # CORONADO
    legal_ponce,  # PONCE
    legal_supply,  # SUPPLY
    legal_pirates,  # PIRATES
    legal_announce,  # ANNOUNCE
    legal_offer,  # OFFER
    legal_tie,  # TIE
    exchange_actions,  # EXCHANGE
    legal_gift,  # GIFT
    legal_start,  # START
    legal_progression,  # PROG
    legal_pick,  # PICKDEV
    legal_keep,  # KEEP
    legal_over,  # OVER
)
"""Phase -> the function listing its decisions (in phase order: ``state.CORONADO`` ... ``state.OVER``)."""
