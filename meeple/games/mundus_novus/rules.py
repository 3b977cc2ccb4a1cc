"""Mundus Novus round flow: income, Event, Supply and Pirates (seed 'gameplay' 1-2), and the dispatcher.

Every ``apply`` runs the automatic steps that follow a decision until the next real decision, so that
``legal`` only ever has to describe one kind of decision (``state.phase``).
"""

from __future__ import annotations

from meeple.engine.core import Event
from meeple.games.mundus_novus.state import (
    CORONADO,
    HAND_SIZE,
    PIRATES,
    PONCE,
    SUPPLY,
    WIN_MONEY,
    K,
    MundusState,
)

# action opcodes (Action.data[0])
OP_CORONADO, OP_SPLIT, OP_SUPPLY, OP_PIRATE = 1, 2, 3, 4


# --- small helpers -------------------------------------------------------------------------------

def name(s: MundusState, kind: int) -> str:
    return s.names[kind]


def hand_size(s: MundusState, seat: int) -> int:
    o = seat * K
    return sum(s.hand[o:o + K])


def holder(s: MundusState, ability: str) -> int:
    """The seat owning the character with ``ability`` (-1: nobody)."""
    return s.abil.get(ability, -1)


def event_for(s: MundusState, seat: int) -> str:
    """The round's event as it applies to ``seat``: Juan de la Cosa ignores every event (seed, cards)."""
    if s.event and s.abil.get("cosa", -1) != seat:
        return s.event
    return ""


def caravels(s: MundusState, seat: int) -> list[int]:
    """The printed values of ``seat``'s caravels, lowest first."""
    devs = s.tables.developments
    return sorted(devs[i].ship for i in s.owned[seat] if devs[i].kind == "caravel")


def count_kind(s: MundusState, seat: int, kind: str) -> int:
    devs = s.tables.developments
    return sum(1 for i in s.owned[seat] if devs[i].kind == kind)


def fleets(s: MundusState, seat: int) -> list[list[int]]:
    """``seat``'s fleets as lists of caravel values for the supply order (research A3, §10.4).

    Gonzalo Pizarro: the owner's highest caravel counts as 0.  Juan Ponce de Leon: the caravels are
    split into two fleets (``state.split`` is a bit mask over the caravels, lowest first: the set bits
    form the first fleet; 0 = one fleet)."""
    ships = caravels(s, seat)
    if not ships:
        return []
    values = ships.copy()
    if s.abil.get("pizarro", -1) == seat:
        values[-1] = 0
    mask = s.split
    if mask and s.abil.get("ponce", -1) == seat and 0 < mask < (1 << len(ships)) - 1:
        first = [v for i, v in enumerate(values) if mask >> i & 1]
        second = [v for i, v in enumerate(values) if not mask >> i & 1]
        return [first, second]
    return [values]


def ponce_splits(s: MundusState, seat: int) -> list[tuple[int, str]]:
    """Juan Ponce de Leon (seed, cards): every distinct way to split the caravels into two non-empty
    fleets, as (mask, label); splits giving the same two multisets of caravel values are offered once.
    The first fleet is the one holding the lowest caravel."""
    ships = caravels(s, seat)
    n = len(ships)
    zeroed = n - 1 if s.abil.get("pizarro", -1) == seat else -1
    labels = [f"{v}(0)" if i == zeroed else str(v) for i, v in enumerate(ships)]
    seen: set[tuple[tuple[str, ...], tuple[str, ...]]] = set()
    out: list[tuple[int, str]] = []
    for mask in range(1, 1 << n, 2):  # the lowest caravel is always in the first fleet
        if mask == (1 << n) - 1:
            continue
        first = tuple(labels[i] for i in range(n) if mask >> i & 1)
        second = tuple(labels[i] for i in range(n) if not mask >> i & 1)
        key = (first, second) if first <= second else (second, first)
        if key in seen:
            continue
        seen.add(key)
        out.append((mask, "+".join(first) + " / " + "+".join(second)))
    return out


def draw(s: MundusState) -> int:
    """Top card of the resource deck; an empty deck is rebuilt from the discard pile (research A13)."""
    if not s.deck:
        pile = [k for k in range(K) for _ in range(s.discard[k])]
        if not pile:
            return -1
        s.discard = [0] * K
        s.rng.shuffle(pile)
        s.deck = pile
    s.reveals += 1
    return s.deck.pop()


def doubloons(amount: int) -> str:
    """``amount`` with the right noun for event texts ("1 doubloon", "3 doubloons")."""
    return f"{amount} doubloon" if amount == 1 else f"{amount} doubloons"


def gain(s: MundusState, seat: int, amount: int) -> None:
    s.money[seat] += amount


def set_abilities(s: MundusState) -> None:
    """Rebuild the character -> owner map (a fresh dict, so clones may share it)."""
    devs = s.tables.developments
    abil: dict[str, int] = {}
    for p in range(s.players):
        for i in s.owned[p]:
            if devs[i].ability:
                abil[devs[i].ability] = p
    s.abil = abil


# --- round start: income and event ------------------------------------------------------------------

def pay_income(s: MundusState, ev: list[Event]) -> None:
    """Fixed income at the round's start (research A6): characters, warehouses and merchants pay the
    doubloons printed on them (seed, development cards)."""
    devs = s.tables.developments
    for p in range(s.players):
        amount = sum(devs[i].income for i in s.owned[p])
        if amount:
            gain(s, p, amount)
            ev.append({"type": "income", "seat": p, "amount": amount,
                       "text": f"Seat {p} receives {doubloons(amount)} of income"})


def determine_event(s: MundusState, ev: list[Event]) -> None:
    """Event (seed 1.1-1.3): card n°1's symbol sets the round's event; no event in round 1 (research §4)."""
    code = ""
    if s.queue and not (s.round == 1 and s.options["no_event_round_1"]):
        code = s.tables.developments[s.queue[0]].event
    s.event = code
    if code:
        ev.append({"type": "event", "event": code, "text": f"Event this round: {event_name(s, code)}"})
    else:
        ev.append({"type": "event", "event": "", "text": "No event this round"})


def event_name(s: MundusState, code: str) -> str:
    for e in s.tables.events:
        if e.code == code:
            return str(e.name)
    return code


def begin_round(s: MundusState, ev: list[Event]) -> None:
    s.round += 1
    ev.append({"type": "round", "round": s.round, "text": f"Round {s.round} begins"})
    pay_income(s, ev)
    if check_instant_money(s, ev):
        return
    determine_event(s, ev)
    cor = s.abil.get("coronado", -1)
    if not s.event and cor >= 0 and s.money[cor] >= 2:
        s.phase, s.cur = CORONADO, cor
        return
    start_supply(s, ev)


def coronado_force(s: MundusState, code: str, ev: list[Event]) -> None:
    """Francisco de Coronado: with no event, pay 2 doubloons to choose one (research A10)."""
    if code:
        s.money[s.cur] -= 2
        s.event = code
        ev.append({"type": "coronado", "seat": s.cur, "event": code,
                   "text": f"Seat {s.cur} pays 2 doubloons (Coronado): {event_name(s, code)} this round"})
    start_supply(s, ev)


# --- supply --------------------------------------------------------------------------------------

def start_supply(s: MundusState, ev: list[Event]) -> None:
    """Supply 2.1: every player draws 5 face-down resource cards (warehouse-kept cards are already in hand)."""
    for p in range(s.players):
        got: list[int] = []
        for _ in range(HAND_SIZE):
            k = draw(s)
            if k < 0:
                break
            s.hand[p * K + k] += 1
            got.append(k)
        ev.append({"type": "deal", "seat": p, "private": p, "cards": [name(s, k) for k in got],
                   "text": "you draw " + ", ".join(name(s, k) for k in got)})
        ev.append({"type": "deal_public", "seat": p, "count": len(got),
                   "text": f"Seat {p} draws {len(got)} face-down cards"})
    s.split = 0
    ponce = s.abil.get("ponce", -1)
    if ponce >= 0 and len(caravels(s, ponce)) >= 2:
        s.phase, s.cur = PONCE, ponce
        return
    flip_supply(s, ev)


def supply_order(s: MundusState) -> list[int]:
    """Fleets from smallest to largest (seed 2.2; research A3): flat [seat, cards, seat, cards, ...]."""
    n = s.players
    by_count = s.options["supply_order"] == "count"
    keyed: list[tuple[int, int, int, int, int]] = []
    for p in range(n):
        for f in fleets(s, p):
            size = len(f) if by_count else sum(f)
            keyed.append((size, min(f), (p - s.tm) % n, p, len(f)))
    keyed.sort()
    flat: list[int] = []
    for key in keyed:
        flat.append(key[3])
        flat.append(key[4])
    return flat


def flip_supply(s: MundusState, ev: list[Event]) -> None:
    """Supply 2.1: turn up as many cards as there are caravels in play; fleets then take them in order."""
    s.order = supply_order(s)
    total = sum(s.order[1::2])
    s.supply = []
    for _ in range(total):
        k = draw(s)
        if k < 0:
            break
        s.supply.append(k)
    if s.supply:
        ev.append({"type": "supply", "cards": [name(s, k) for k in s.supply],
                   "text": "Supply turned up: " + ", ".join(name(s, k) for k in s.supply)})
    s.opos = 0
    next_fleet(s, ev)


def give_supply(s: MundusState, seat: int, kind: int, ev: list[Event]) -> None:
    s.supply.remove(kind)
    s.hand[seat * K + kind] += 1
    s.known[seat * K + kind] += 1
    ev.append({"type": "supply_take", "seat": seat, "card": name(s, kind),
               "text": f"Seat {seat} takes {name(s, kind)} from the supply"})


def next_fleet(s: MundusState, ev: list[Event]) -> None:
    """Supply 2.2: each fleet takes as many face-up cards as it has caravels; a choice is asked only when
    it matters."""
    while s.opos < len(s.order):
        seat, cnt = s.order[s.opos], s.order[s.opos + 1]
        if not s.supply:
            break
        if len(s.supply) <= cnt or min(s.supply) == max(s.supply):
            for k in sorted(s.supply)[:cnt]:
                give_supply(s, seat, k, ev)
            s.opos += 2
            continue
        s.phase, s.cur, s.need = SUPPLY, seat, cnt
        return
    for k in s.supply:
        s.discard[k] += 1
    s.supply = []
    start_pirates(s, ev)


def take_supply(s: MundusState, kind: int, ev: list[Event]) -> None:
    give_supply(s, s.cur, kind, ev)
    s.need -= 1
    if s.need == 0:
        s.opos += 2
    else:
        remaining = s.supply
        if len(remaining) <= s.need or min(remaining) == max(remaining):
            for k in sorted(remaining)[:s.need]:
                give_supply(s, s.cur, k, ev)
            s.opos += 2
    next_fleet(s, ev)


# --- pirates ---------------------------------------------------------------------------------------

def start_pirates(s: MundusState, ev: list[Event]) -> None:
    """Pirates (seed, events): straight after Supply, each fleet of 2+ caravels costs its owner one card
    of his choice (research §10.5); Juan de la Cosa is immune."""
    s.order = []
    if s.event == "PI":
        n = s.players
        for i in range(n):
            p = (s.tm + i) % n
            if event_for(s, p) != "PI":
                continue
            losses = min(sum(1 for f in fleets(s, p) if len(f) >= 2), hand_size(s, p))
            if losses:
                s.order.append(p)
                s.order.append(losses)
    s.opos = 0
    next_pirate(s, ev)


def next_pirate(s: MundusState, ev: list[Event]) -> None:
    while s.opos < len(s.order):
        seat, cnt = s.order[s.opos], s.order[s.opos + 1]
        if cnt > 0 and hand_size(s, seat) > 0:
            s.phase, s.cur, s.need = PIRATES, seat, cnt
            return
        s.opos += 2
    from meeple.games.mundus_novus.trade import start_trade

    start_trade(s, ev)


def pirate_discard(s: MundusState, kind: int, ev: list[Event]) -> None:
    p = s.cur
    s.hand[p * K + kind] -= 1
    if s.known[p * K + kind]:
        s.known[p * K + kind] -= 1
    s.discard[kind] += 1
    if s.gift[1] == p and s.gift[2] == kind:
        s.gift = (-1, -1, -1)
    ev.append({"type": "pirates", "seat": p, "card": name(s, kind),
               "text": f"Pirates: seat {p} discards {name(s, kind)}"})
    s.need -= 1
    if s.need == 0 or hand_size(s, p) == 0:
        s.opos += 2
    next_pirate(s, ev)


# --- end of game by money ---------------------------------------------------------------------------

def check_instant_money(s: MundusState, ev: list[Event]) -> bool:
    """Option ``money_end="immediate"`` (the seed's reading of end A): the game stops as soon as someone
    has 75 doubloons.  Called wherever doubloons are gained: income, Orellana's bonus, shipyards, a
    different set, an Inca cash-in (and after each Progression turn)."""
    if s.options["money_end"] == "immediate" and max(s.money) >= WIN_MONEY:
        from meeple.games.mundus_novus.scoring import end_game

        end_game(s, ev, "a player has 75 doubloons")
        return True
    return False
