"""The copy functions of mundus_novus's state and records, written from their field declarations by
``scripts/gen_clone.py`` (``meeple.engine.clonegen``; issue 31).  Generated: do not edit; run
``python scripts/gen_clone.py`` after changing a declared field."""

from __future__ import annotations

from meeple.engine.fields import Signature, register
from meeple.games.mundus_novus.state import MundusState, Seat


def clone_seat(s: Seat) -> Seat:
    o = Seat()
    o.hand = s.hand.copy()
    o.offer = s.offer.copy()
    o.known = s.known.copy()
    o.money = s.money
    o.owned = s.owned
    o.committed = s.committed
    o.start_size = s.start_size
    return o


def copy_mundus_state(s: MundusState, o: MundusState) -> None:
    o.seats = [clone_seat(x) for x in s.seats]
    o.deck = s.deck.copy()
    o.discard = s.discard.copy()
    o.market = s.market.copy()
    o.supply = s.supply.copy()
    o.dev_deck = s.dev_deck.copy()
    o.queue = s.queue.copy()
    o.round = s.round
    o.event = s.event
    o.tm = s.tm
    o.phase = s.phase
    o.cur = s.cur
    o.announced = s.announced
    o.prev = s.prev
    o.prev2 = s.prev2
    o.order = s.order.copy()
    o.counts = s.counts.copy()
    o.opos = s.opos
    o.need = s.need
    o.split = s.split
    o.fleet2 = s.fleet2
    o.sets = s.sets
    o.diff_done = s.diff_done
    o.inca_done = s.inca_done
    o.merch_used = s.merch_used
    o.cash_done = s.cash_done
    o.pend_mask = s.pend_mask
    o.pend_inca = s.pend_inca
    o.building = s.building
    o.set_kind = s.set_kind
    o.set_cards = s.set_cards
    o.set_inca = s.set_inca
    o.conv = s.conv.copy()
    o.spent = s.spent.copy()
    o.dev_ended = s.dev_ended
    o.winner = s.winner
    o.gift_from = s.gift_from
    o.gift_to = s.gift_to
    o.gift_kind = s.gift_kind
    o.tie_mask = s.tie_mask
    o.holders = s.holders
    o.names = s.names
    o.acache = s.acache
    o.fx = s.fx
    o.hx = s.hx
    o.seat_hx = s.seat_hx
    o.by_round = s.by_round


# what each function was written from: fields.register uses it only while it matches
SIGNATURES: dict[type, Signature] = {
    MundusState: (
        ('seats', 'records Seat'),
        ('deck', 'copy'),
        ('discard', 'copy'),
        ('market', 'copy'),
        ('supply', 'copy'),
        ('dev_deck', 'copy'),
        ('queue', 'copy'),
        ('round', 'share'),
        ('event', 'share'),
        ('tm', 'share'),
        ('phase', 'share'),
        ('cur', 'share'),
        ('announced', 'share'),
        ('prev', 'share'),
        ('prev2', 'share'),
        ('order', 'copy'),
        ('counts', 'copy'),
        ('opos', 'share'),
        ('need', 'share'),
        ('split', 'share'),
        ('fleet2', 'share'),
        ('sets', 'share'),
        ('diff_done', 'share'),
        ('inca_done', 'share'),
        ('merch_used', 'share'),
        ('cash_done', 'share'),
        ('pend_mask', 'share'),
        ('pend_inca', 'share'),
        ('building', 'share'),
        ('set_kind', 'share'),
        ('set_cards', 'share'),
        ('set_inca', 'share'),
        ('conv', 'copy'),
        ('spent', 'copy'),
        ('dev_ended', 'share'),
        ('winner', 'share'),
        ('gift_from', 'share'),
        ('gift_to', 'share'),
        ('gift_kind', 'share'),
        ('tie_mask', 'share'),
        ('holders', 'share'),
        ('names', 'share'),
        ('acache', 'share'),
        ('fx', 'share'),
        ('hx', 'share'),
        ('seat_hx', 'share'),
        ('by_round', 'share'),
    ),
    Seat: (
        ('hand', 'copy'),
        ('offer', 'copy'),
        ('known', 'copy'),
        ('money', 'share'),
        ('owned', 'share'),
        ('committed', 'share'),
        ('start_size', 'share'),
    ),
}
register(SIGNATURES, {MundusState: copy_mundus_state},
         {Seat: clone_seat})
