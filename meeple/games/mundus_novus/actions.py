"""What may be done now in Mundus Novus: ``legal(state)``, one kind of decision per ``state.phase``.

Action objects are immutable and remembered by their data (``derived.actions``); the lists for a victim's
offer row and for a Progression turn are remembered by everything they depend on (``derived``)."""

from __future__ import annotations

from meeple.engine.core import Action
from meeple.engine.messages import msg
from meeple.games.mundus_novus.derived import MIN_IDENTICAL
from meeple.games.mundus_novus.developments import fleet_steps
from meeple.games.mundus_novus.progression import (
    different_in,
    may_cash,
    money_for_different,
    reach,
    set_allowed,
)
from meeple.games.mundus_novus.state import (
    ANNOUNCE,
    CH_ALMAGRO,
    CH_CASAS,
    CORONADO,
    END_DATA,
    EXCHANGE,
    GIFT,
    INCA,
    KEEP,
    MAX_DIFFERENT,
    MIN_DIFFERENT,
    OFFER,
    OP_ANNOUNCE,
    OP_CONVERT,
    OP_CORONADO,
    OP_DIFF_ADD,
    OP_DIFF_CASH,
    OP_FLEET_ADD,
    OP_GIFT,
    OP_INCA,
    OP_KEEP,
    OP_KEEP_DONE,
    OP_OFFER,
    OP_OFFER_NONE,
    OP_PICK,
    OP_PIRATE,
    OP_SET,
    OP_SET_ADD,
    OP_SET_CASH,
    OP_SPLIT,
    OP_SPLIT_DONE,
    OP_START,
    OP_SUPPLY,
    OP_SWAP,
    OP_TAKE,
    OP_TM,
    PICKDEV,
    PIRATES,
    PONCE,
    PROG,
    START,
    SUPPLY,
    TIE,
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
    ph = s.phase
    if ph == PROG:
        return legal_progression(s)
    if ph in (EXCHANGE, OFFER, ANNOUNCE, TIE, GIFT, START):
        return legal_trade(s)
    if ph in (PICKDEV, KEEP):
        return legal_progression(s)
    if ph == SUPPLY:
        return [s.acache[(OP_SUPPLY, k)]
                for k in sorted(set(s.supply))]
    if ph == PIRATES:
        hand = s.seats[s.cur].hand
        return [s.acache[(OP_PIRATE, k)] for k in range(K) if hand[k]]
    if ph == CORONADO:
        acts = [s.acache[(OP_CORONADO, -1)]]
        for i in range(len(s.tables.events)):
            acts.append(s.acache[(OP_CORONADO, i)])
        return acts
    if ph == PONCE:
        # version 5: the second fleet one caravel at a time, then "split fleets" (fleet_steps)
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
    return []


# --- Trade (seed 3.1-3.6) --------------------------------------------------------------------------

def legal_trade(s: MundusState) -> list[Action]:
    ph = s.phase
    p = s.cur
    hand = s.seats[p].hand
    data: tuple[int, ...]
    if ph == EXCHANGE:
        return exchange_actions(s)
    if ph == OFFER:
        acts = []
        if s.holders[CH_CASAS] == p and not any(s.seats[p].offer):
            acts.append(s.acache[(OP_OFFER_NONE,)])
        cache = s.acache
        for k in range(K):
            if hand[k]:
                data = (OP_OFFER, k)
                a = cache.get(data)
                if a is None:
                    a = cache[data] = Action(f"offer {name(s, k)}", data)
                acts.append(a)
        return acts
    if ph == ANNOUNCE:
        return [s.acache[(OP_ANNOUNCE, c)]
                for c in (2, 3, 4)]
    if ph == TIE:
        return [s.acache[(OP_TM, q)]
                for q in range(s.players) if s.tie_mask >> q & 1]
    if ph == GIFT:
        return [Action(f"give {name(s, k)} to p{s.need}", (OP_GIFT, k),
                       msg("mundus_novus.label.gift", card=res_arg(s, k), seat=s.need))
                for k in range(K) if hand[k]]
    if ph == START:
        return [s.acache[(OP_START, q)]
                for q in range(s.players)]
    return []


def exchange_actions(s: MundusState) -> list[Action]:
    """Trade 3.4-3.5: for each of ``trade.targets(s)``, each kind on its offer: take it, or swap it for
    each different kind in the market.  (Every target has a take action, so no actions means no target.)
    The actions on one victim's offer row are remembered (``victim_actions``)."""
    cur, prev = s.cur, blocked(s)
    market = tuple(sorted(set(s.market)))
    cache = s.fx.victim_acts
    acts: list[Action] = []
    prev_key = None
    for v, seat in enumerate(s.seats):
        if v != cur and any(seat.offer):
            key = (v, tuple(seat.offer), market)
            if v == prev:
                prev_key = key
            else:
                part = cache.get(key)
                acts.extend(part if part is not None else victim_part(s, key))
    if not acts and prev_key is not None:
        part = cache.get(prev_key)
        acts.extend(part if part is not None else victim_part(s, prev_key))
    return acts


def victim_part(s: MundusState, key: tuple[int, tuple[int, ...], tuple[int, ...]]) -> list[Action]:
    """``victim_actions`` for (victim, offer row, market kinds), remembered in ``derived.victim_acts``."""
    return s.fx.victim_acts.put(key, victim_actions(s, *key))


def victim_actions(s: MundusState, v: int, row: tuple[int, ...], market: tuple[int, ...]) -> list[Action]:
    """The exchange actions on victim ``v``'s offer ``row`` with these market kinds (``exchange_actions``)."""
    names = s.names
    cache = s.acache
    acts = []
    for k in range(K):
        if row[k]:
            data: tuple[int, ...] = (OP_TAKE, v, k, -1)
            a = cache.get(data)
            if a is None:
                a = cache[data] = Action(f"take {names[k]} from p{v}", data)
            acts.append(a)
            for m in market:
                if m != k:
                    data = (OP_SWAP, v, k, m)
                    a = cache.get(data)
                    if a is None:
                        a = cache[data] = Action(f"swap {names[k]} from p{v} for {names[m]}", data)
                    acts.append(a)
    return acts


# --- Progression (seed 4, 4.1, 4.2) ----------------------------------------------------------------

def legal_progression(s: MundusState) -> list[Action]:
    p = s.cur
    seat = s.seats[p]
    h = seat.hand
    acts: list[Action] = []
    if s.phase == PICKDEV:
        return legal_pick(s)
    if s.phase == KEEP:
        for k in range(K):
            if h[k]:
                acts.append(s.acache[(OP_KEEP, k)])
        acts.append(s.acache[(OP_KEEP_DONE,)])
        return acts
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
    cache = s.acache
    data: tuple[int, ...]
    # merchants: one card each, into the merchant's value band (research A7)
    devs = s.tables.developments
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
        for k in range(INCA):
            for c in range(1, min(h[k], MIN_IDENTICAL) + 1):
                j = MIN_IDENTICAL - c
                if j <= incas:
                    data = (OP_SET, k, c, j)
                    a = cache.get(data)
                    if a is None:
                        text = f"set {c} {name(s, k)}" + (f" + {j} inca" if j else "")
                        a = cache[data] = Action(text, data)
                    acts.append(a)
    if diff_ok and different_in(h, wild) >= MIN_DIFFERENT:
        for k in range(INCA):
            if h[k]:
                data = (OP_DIFF_ADD, k)
                a = cache.get(data)
                if a is None:
                    a = cache[data] = Action(f"different: add {name(s, k)}", data)
                acts.append(a)
        if wild and h[INCA]:
            acts.append(cache[(OP_DIFF_ADD, INCA)])
    if inca_ok and h[INCA]:
        top = min(h[INCA], max(r.cards for r in s.tables.inca))
        for c in range(1, top + 1):
            data = (OP_INCA, c)
            a = cache.get(data)
            if a is None:
                a = cache[data] = Action(f"cash {c} inca", data)
            acts.append(a)
    a = cache.get(END_DATA)
    if a is None:
        a = cache[END_DATA] = Action("end turn", END_DATA)
    acts.append(a)
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
