"""The copy functions of luna_maris's state and records, written from their field declarations by
``scripts/gen_clone.py`` (``meeple.engine.clonegen``; issue 31).  Generated: do not edit; run
``python scripts/gen_clone.py`` after changing a declared field."""

from __future__ import annotations

from meeple.engine.fields import Signature, register
from meeple.games.luna_maris.state import LunaState, Seat


def clone_seat(s: Seat) -> Seat:
    o = Seat()
    o.vp = s.vp
    o.energy = s.energy
    o.water = s.water
    o.he3 = s.he3
    o.fe_l = s.fe_l
    o.fe_r = s.fe_r
    o.ti_l = s.ti_l
    o.ti_r = s.ti_r
    o.waste = s.waste
    o.cap = s.cap
    o.o2 = s.o2
    o.pos = s.pos
    o.on_act = s.on_act
    o.probes = s.probes
    o.co2 = s.co2
    o.ref = s.ref
    o.sus = s.sus
    o.ref_bonus = s.ref_bonus
    o.sus_bonus = s.sus_bonus
    o.em_energy = s.em_energy
    o.em_iron = s.em_iron
    o.em_water = s.em_water
    o.passed = s.passed
    o.equip = s.equip
    o.equip_up = s.equip_up
    o.pending = s.pending
    o.hand = s.hand.copy()
    o.rest = s.rest.copy()
    o.food = s.food.copy()
    o.delivered = s.delivered.copy()
    return o


def copy_luna_state(s: LunaState, o: LunaState) -> None:
    o.board = s.board
    o.cards = s.cards
    o.dist = s.dist
    o.adj = s.adj
    o.allowed = s.allowed
    o.mincost = s.mincost
    o.allowed_mask = s.allowed_mask
    o.within = s.within
    o.orders_of_kind = s.orders_of_kind
    o.needs_act = s.needs_act
    o.pre = s.pre
    o.tab = s.tab
    o.step = s.step
    o.round = s.round
    o.cur = s.cur
    o.order = s.order.copy()
    o.next_order = s.next_order.copy()
    o.queue = s.queue.copy()
    o.seats = [clone_seat(x) for x in s.seats]
    o.grid = s.grid.copy()
    o.act = s.act.copy()
    o.built = s.built.copy()
    o.build_track = s.build_track.copy()
    o.adv_offer = s.adv_offer.copy()
    o.equip_offer = s.equip_offer.copy()
    o.start_mods = s.start_mods.copy()
    o.hire_row = s.hire_row.copy()
    o.senior_deck = s.senior_deck.copy()
    o.stacks = [x.copy() for x in s.stacks]
    o.food_row = s.food_row.copy()
    o.food_deck = s.food_deck.copy()
    o.food_discard = s.food_discard.copy()
    o.final = [x.copy() for x in s.final]
    o.card = s.card
    o.acts_left = s.acts_left
    o.acts_done = s.acts_done
    o.used = s.used
    o.module = s.module
    o.main_done = s.main_done
    o.extra_done = s.extra_done
    o.pick_left = s.pick_left
    o.feed_left = s.feed_left
    o.feed_food = s.feed_food
    o.bonus_track = s.bonus_track
    o.compact = s.compact
    o.pay_op = s.pay_op
    o.pay_arg = s.pay_arg
    o.ti_use = s.ti_use
    o.ai_deck = s.ai_deck.copy()
    o.ai_seen = s.ai_seen.copy()
    o.ai_card = s.ai_card
    o.ai_next = s.ai_next


# what each function was written from: fields.register uses it only while it matches
SIGNATURES: dict[type, Signature] = {
    LunaState: (
        ('board', 'share'),
        ('cards', 'share'),
        ('dist', 'share'),
        ('adj', 'share'),
        ('allowed', 'share'),
        ('mincost', 'share'),
        ('allowed_mask', 'share'),
        ('within', 'share'),
        ('orders_of_kind', 'share'),
        ('needs_act', 'share'),
        ('pre', 'share'),
        ('tab', 'share'),
        ('step', 'share'),
        ('round', 'share'),
        ('cur', 'share'),
        ('order', 'copy'),
        ('next_order', 'copy'),
        ('queue', 'copy'),
        ('seats', 'records Seat'),
        ('grid', 'copy'),
        ('act', 'copy'),
        ('built', 'copy'),
        ('build_track', 'copy'),
        ('adv_offer', 'copy'),
        ('equip_offer', 'copy'),
        ('start_mods', 'copy'),
        ('hire_row', 'copy'),
        ('senior_deck', 'copy'),
        ('stacks', 'deep'),
        ('food_row', 'copy'),
        ('food_deck', 'copy'),
        ('food_discard', 'copy'),
        ('final', 'deep'),
        ('card', 'share'),
        ('acts_left', 'share'),
        ('acts_done', 'share'),
        ('used', 'share'),
        ('module', 'share'),
        ('main_done', 'share'),
        ('extra_done', 'share'),
        ('pick_left', 'share'),
        ('feed_left', 'share'),
        ('feed_food', 'share'),
        ('bonus_track', 'share'),
        ('compact', 'share'),
        ('pay_op', 'share'),
        ('pay_arg', 'share'),
        ('ti_use', 'share'),
        ('ai_deck', 'copy'),
        ('ai_seen', 'copy'),
        ('ai_card', 'share'),
        ('ai_next', 'share'),
    ),
    Seat: (
        ('vp', 'share'),
        ('energy', 'share'),
        ('water', 'share'),
        ('he3', 'share'),
        ('fe_l', 'share'),
        ('fe_r', 'share'),
        ('ti_l', 'share'),
        ('ti_r', 'share'),
        ('waste', 'share'),
        ('cap', 'share'),
        ('o2', 'share'),
        ('pos', 'share'),
        ('on_act', 'share'),
        ('probes', 'share'),
        ('co2', 'share'),
        ('ref', 'share'),
        ('sus', 'share'),
        ('ref_bonus', 'share'),
        ('sus_bonus', 'share'),
        ('em_energy', 'share'),
        ('em_iron', 'share'),
        ('em_water', 'share'),
        ('passed', 'share'),
        ('equip', 'share'),
        ('equip_up', 'share'),
        ('pending', 'share'),
        ('hand', 'copy'),
        ('rest', 'copy'),
        ('food', 'copy'),
        ('delivered', 'copy'),
    ),
}
register(SIGNATURES, {LunaState: copy_luna_state},
         {Seat: clone_seat})
