"""Delivering orders at the Cargo dock (seed §貨運碼頭)."""

from __future__ import annotations

from meeple.engine.core import Event
from meeple.engine.messages import event
from meeple.games.luna_maris import words as W
from meeple.games.luna_maris.components import CARGO
from meeple.games.luna_maris.resources import (
    Option,
    advanced,
    gain_energy,
    pay_iron,
    pay_titanium,
    use_equipment,
    with_equipment,
)
from meeple.games.luna_maris.state import (
    MAIN_DELIVER,
    WITH,
    LunaState,
    Seat,
)
from meeple.games.luna_maris.words import msg


def can_pay_order(me: Seat, o: object, energy: int) -> bool:
    ti = me.ti_l + me.ti_r
    fe = me.fe_l + me.fe_r
    return (ti >= o.titanium and fe + ti - o.titanium >= o.iron  # type: ignore[attr-defined]
            and me.water >= o.water and me.he3 >= o.he3 and energy >= o.energy)  # type: ignore[attr-defined]


def cargo_options(s: LunaState, p: int, energy: int) -> list[Option]:
    """Seed §貨運碼頭: deliver the face-up order of a stack whose cost you can pay."""
    orders = s.tab.orders
    me = s.seats[p]
    out = []
    for k, stack in enumerate(s.stacks):
        if stack and can_pay_order(me, orders[stack[-1]], energy):
            out.append((s.pre.deliver_note[stack[-1]], MAIN_DELIVER, k))
    return with_equipment(s, p, CARGO, out)


def deliver_order(s: LunaState, p: int, k: int) -> list[Event]:
    """Seed §貨運碼頭: pay the order's cost, gain its reward, keep the tile, turn up the next one."""
    me = s.seats[p]
    freight = k >= WITH
    k %= WITH
    stack = s.stacks[k]
    oi = stack.pop()
    o = s.tab.orders[oi]
    pay_titanium(me, o.titanium)
    pay_iron(s, p, o.iron, False)
    me.water -= o.water
    me.he3 -= o.he3
    me.energy -= o.energy
    vp = o.vp + max(0, advanced(s, CARGO))
    me.vp += vp
    me.delivered.append(oi)
    events: list[Event] = [event("deliver", msg("luna_maris.event.deliver", seat=p,
                                                                order=W.cref("orders", o.name), vp=vp), seat=p)]
    if freight:
        events.append(use_equipment(s, p))
        gain_energy(s, p, 1)
        me.vp += 1
    if stack:
        s.reveals += 1
        events.append(event("reveal", msg("luna_maris.event.reveal_order",
                                               order=W.cref("orders", s.tab.orders[stack[-1]].name))))
    return events
