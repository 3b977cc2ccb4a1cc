"""Mundus Novus Pirates event (seed, events; research §10.5): resolved straight after Supply, before Trade."""

from __future__ import annotations

from meeple.engine.core import Event
from meeple.engine.messages import event
from meeple.games.mundus_novus.developments import fleets
from meeple.games.mundus_novus.state import PIRATES, MundusState, event_for, hand_size, name, res_arg
from meeple.games.mundus_novus.trade import start_trade
from meeple.games.mundus_novus.words import msg


def start_pirates(s: MundusState, ev: list[Event]) -> None:
    """Pirates (seed, events): straight after Supply, each fleet of 2+ caravels costs its owner one card
    of his choice (research §10.5); Juan de la Cosa is immune."""
    s.order = []
    s.counts = []
    if s.event == "PI":
        n = s.players
        for i in range(n):
            p = (s.tm + i) % n
            if event_for(s, p) != "PI":
                continue
            losses = min(sum(1 for f in fleets(s, p) if len(f) >= 2), hand_size(s, p))
            if losses:
                s.order.append(p)
                s.counts.append(losses)
    s.opos = 0
    s.need = s.counts[0] if s.counts else 0
    next_pirate(s, ev)


def next_pirate(s: MundusState, ev: list[Event]) -> None:
    """The next player still to discard (``state.need``: the cards the player at ``state.opos`` still
    discards); then Trade begins."""
    while s.opos < len(s.order):
        seat = s.order[s.opos]
        if s.need > 0 and hand_size(s, seat) > 0:
            s.phase, s.cur = PIRATES, seat
            return
        next_victim(s)
    start_trade(s, ev)


def next_victim(s: MundusState) -> None:
    s.opos += 1
    s.need = s.counts[s.opos] if s.opos < len(s.counts) else 0


def pirate_discard(s: MundusState, kind: int, ev: list[Event]) -> None:
    p = s.cur
    seat = s.seats[p]
    seat.hand[kind] -= 1
    if seat.known[kind]:
        seat.known[kind] -= 1
    s.discard[kind] += 1
    if s.gift_to == p and s.gift_kind == kind:
        s.gift_from = s.gift_to = s.gift_kind = -1
    ev.append(event("pirates", msg("mundus_novus.event.pirates", seat=p, card=res_arg(s, kind)), seat=p, card=name(s, kind)))
    s.need -= 1
    if s.need == 0 or not any(seat.hand):
        next_victim(s)
    next_pirate(s, ev)
