"""Mundus Novus: one entry point for legal actions and apply, by decision kind (``state.phase``)."""

from __future__ import annotations

from meeple.engine.core import Action, Event
from meeple.games.mundus_novus.progression import apply_progression, legal_progression
from meeple.games.mundus_novus.rules import (
    OP_CORONADO,
    OP_PIRATE,
    OP_SPLIT,
    OP_SUPPLY,
    coronado_force,
    fleets,
    flip_supply,
    name,
    pirate_discard,
    ponce_splits,
    take_supply,
)
from meeple.games.mundus_novus.state import (
    ANNOUNCE,
    CORONADO,
    EXCHANGE,
    GIFT,
    KEEP,
    OFFER,
    PICKDEV,
    PIRATES,
    PONCE,
    PROG,
    START,
    SUPPLY,
    TIE,
    K,
    MundusState,
)
from meeple.games.mundus_novus.trade import apply_trade, legal_trade

# --- dispatch ----------------------------------------------------------------------------------------

def legal(s: MundusState) -> list[Action]:
    ph = s.phase
    if ph == PROG:
        return legal_progression(s)
    if ph in (EXCHANGE, OFFER, ANNOUNCE, TIE, GIFT, START):
        return legal_trade(s)
    if ph in (PICKDEV, KEEP):
        return legal_progression(s)
    if ph == SUPPLY:
        return [Action(f"take {name(s, k)}", (OP_SUPPLY, k)) for k in sorted(set(s.supply))]
    if ph == PIRATES:
        o = s.cur * K
        return [Action(f"discard {name(s, k)}", (OP_PIRATE, k)) for k in range(K) if s.hand[o + k]]
    if ph == CORONADO:
        acts = [Action("no event", (OP_CORONADO, -1))]
        for i, e in enumerate(s.tables.events):
            acts.append(Action(f"force {e.name}", (OP_CORONADO, i)))
        return acts
    if ph == PONCE:
        acts = [Action("one fleet", (OP_SPLIT, 0))]
        for mask, label in ponce_splits(s, s.cur):
            acts.append(Action(f"split fleets {label}", (OP_SPLIT, mask)))
        return acts
    return []


def apply(s: MundusState, action: Action) -> list[Event]:
    ev: list[Event] = []
    data = action.data
    op = data[0]
    if op >= 20:
        apply_progression(s, data, ev)
    elif op >= 10:
        apply_trade(s, data, ev)
    elif op == OP_SUPPLY:
        take_supply(s, data[1], ev)
    elif op == OP_PIRATE:
        pirate_discard(s, data[1], ev)
    elif op == OP_CORONADO:
        code = s.tables.events[data[1]].code if data[1] >= 0 else ""
        coronado_force(s, code, ev)
    elif op == OP_SPLIT:
        s.split = data[1]
        if data[1]:
            parts = " and ".join("+".join(str(v) for v in f) for f in fleets(s, s.cur))
            ev.append({"type": "split", "seat": s.cur, "mask": data[1],
                       "text": f"Seat {s.cur} splits the caravels into two fleets: {parts}"})
        flip_supply(s, ev)
    return ev


