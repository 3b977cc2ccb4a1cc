"""Mundus Novus round start: income (research A6) and the round's event (seed 1.1-1.3; research §4, A10),
with Francisco de Coronado's forced event; then Supply begins."""

from __future__ import annotations

from meeple.engine.core import Event
from meeple.engine.messages import event
from meeple.games.mundus_novus.ending import check_instant_money
from meeple.games.mundus_novus.state import CH_CORONADO, CORONADO, CORONADO_PRICE, MundusState
from meeple.games.mundus_novus.supply import start_supply
from meeple.games.mundus_novus.words import msg


def pay_income(s: MundusState, ev: list[Event]) -> None:
    """Fixed income at the round's start (research A6): characters, warehouses and merchants pay the
    doubloons printed on them (seed, development cards)."""
    devs = s.fx.devs
    for p, seat in enumerate(s.seats):
        amount = sum(devs[i].income for i in seat.owned)
        if amount:
            seat.money += amount
            ev.append(event("income", msg("mundus_novus.event.income", seat=p, n=amount), seat=p, amount=amount))


def determine_event(s: MundusState, ev: list[Event]) -> None:
    """Event (seed 1.1-1.3): card n°1's symbol sets the round's event; no event in round 1 (research §4)."""
    code = ""
    if s.queue and not (s.round == 1 and s.options["no_event_round_1"]):
        code = s.tables.developments[s.queue[0]].event
    s.event = code
    if code:
        ev.append(event("event", msg("mundus_novus.event.event", event={"key": s.fx.event_keys[code]}), event=code))
    else:
        ev.append(event("event", msg("mundus_novus.event.event.none"), event=""))


def begin_round(s: MundusState, ev: list[Event]) -> None:
    if s.round:
        s.by_round += (tuple([seat.money for seat in s.seats]),)  # the round just ended
    s.round += 1
    ev.append(event("round", msg("mundus_novus.event.round", round=s.round), round=s.round))
    pay_income(s, ev)
    if check_instant_money(s, ev):
        return
    determine_event(s, ev)
    cor = s.holders[CH_CORONADO]
    if not s.event and cor >= 0 and s.seats[cor].money >= CORONADO_PRICE:
        s.phase, s.cur = CORONADO, cor
        return
    start_supply(s, ev)


def coronado_force(s: MundusState, code: str, ev: list[Event]) -> None:
    """Francisco de Coronado: with no event, pay 2 doubloons to choose one (research A10)."""
    if code:
        s.seats[s.cur].money -= CORONADO_PRICE
        s.event = code
        ev.append(event("coronado", msg("mundus_novus.event.coronado", seat=s.cur, amount=CORONADO_PRICE,
                         event={"key": s.fx.event_keys[code]}), seat=s.cur, event=code))
    start_supply(s, ev)
