"""The copy functions of messina's state and records, written from their field declarations by
``scripts/gen_clone.py`` (``meeple.engine.clonegen``; issue 31).  Generated: do not edit; run
``python scripts/gen_clone.py`` after changing a declared field."""

from __future__ import annotations

from meeple.engine.fields import Signature, register
from meeple.games.messina.state import MessinaState, Seat


def clone_seat(s: Seat) -> Seat:
    o = Seat()
    o.coins = s.coins
    o.wood = s.wood
    o.fire = s.fire
    o.major = s.major
    o.vp = s.vp
    o.rats = s.rats
    o.ships = s.ships
    o.repops = s.repops
    o.track = s.track.copy()
    o.stamp = s.stamp.copy()
    o.scrolls = s.scrolls
    o.cargo = s.cargo
    o.lt_where = s.lt_where.copy()
    o.lt_status = s.lt_status.copy()
    o.estate = s.estate.copy()
    o.cabin_citizen = s.cabin_citizen
    o.cabin_stage = s.cabin_stage
    o.cabin_tile = s.cabin_tile
    o.overseer_steps = s.overseer_steps
    o.overseer_petal = s.overseer_petal
    o.overseer_upgraded = s.overseer_upgraded
    o.pend = s.pend
    o.defer = s.defer
    return o


def copy_messina_state(s: MessinaState, o: MessinaState) -> None:
    o.round_ = s.round_
    o.stage = s.stage
    o.order = s.order
    o.cur = s.cur
    o.in_turn = s.in_turn
    o.tasks = s.tasks.copy()
    o.seats = [clone_seat(x) for x in s.seats]
    o.workshops = s.workshops
    o.wagons = s.wagons
    o.stamp = s.stamp
    o.ntile = s.ntile
    o.ncell = s.ncell
    o.dist = s.dist
    o.dadj = s.dadj
    o.nname = s.nname
    o.nplay = s.nplay
    o.cubes = s.cubes.copy()
    o.citizens = [x.copy() for x in s.citizens]
    o.owner = s.owner.copy()
    o.used = s.used.copy()
    o.docks = s.docks
    o.cube_supply = s.cube_supply
    o.cit_supply = s.cit_supply.copy()
    o.hood = s.hood
    o.ship_stack = s.ship_stack
    o.sel = s.sel
    o.sel_used = s.sel_used
    o.wheel = s.wheel
    o.cab_st = s.cab_st
    o.cab_known = s.cab_known
    o.ws_st = s.ws_st
    o.ws_known = s.ws_known
    o.ws2_st = s.ws2_st
    o.wg_st = s.wg_st
    o.ws_phase = s.ws_phase
    o.final = None if s.final is None else [x.copy() for x in s.final]
    o.auto_lt = s.auto_lt
    o.auto_left = s.auto_left
    o.auto_up = s.auto_up
    o.auto_pop = s.auto_pop
    o.auto_deck = s.auto_deck
    o.auto_flipped = s.auto_flipped
    o.fx = s.fx
    o.moves = s.moves


# what each function was written from: fields.register uses it only while it matches
SIGNATURES: dict[type, Signature] = {
    MessinaState: (
        ('round_', 'share'),
        ('stage', 'share'),
        ('order', 'share'),
        ('cur', 'share'),
        ('in_turn', 'share'),
        ('tasks', 'copy'),
        ('seats', 'records Seat'),
        ('workshops', 'share'),
        ('wagons', 'share'),
        ('stamp', 'share'),
        ('ntile', 'share'),
        ('ncell', 'share'),
        ('dist', 'share'),
        ('dadj', 'share'),
        ('nname', 'share'),
        ('nplay', 'share'),
        ('cubes', 'copy'),
        ('citizens', 'deep'),
        ('owner', 'copy'),
        ('used', 'copy'),
        ('docks', 'share'),
        ('cube_supply', 'share'),
        ('cit_supply', 'copy'),
        ('hood', 'share'),
        ('ship_stack', 'share'),
        ('sel', 'share'),
        ('sel_used', 'share'),
        ('wheel', 'share'),
        ('cab_st', 'share'),
        ('cab_known', 'share'),
        ('ws_st', 'share'),
        ('ws_known', 'share'),
        ('ws2_st', 'share'),
        ('wg_st', 'share'),
        ('ws_phase', 'share'),
        ('final', 'deep?'),
        ('auto_lt', 'share'),
        ('auto_left', 'share'),
        ('auto_up', 'share'),
        ('auto_pop', 'share'),
        ('auto_deck', 'share'),
        ('auto_flipped', 'share'),
        ('fx', 'share'),
        ('moves', 'share'),
    ),
    Seat: (
        ('coins', 'share'),
        ('wood', 'share'),
        ('fire', 'share'),
        ('major', 'share'),
        ('vp', 'share'),
        ('rats', 'share'),
        ('ships', 'share'),
        ('repops', 'share'),
        ('track', 'copy'),
        ('stamp', 'copy'),
        ('scrolls', 'share'),
        ('cargo', 'share'),
        ('lt_where', 'copy'),
        ('lt_status', 'copy'),
        ('estate', 'copy'),
        ('cabin_citizen', 'share'),
        ('cabin_stage', 'share'),
        ('cabin_tile', 'share'),
        ('overseer_steps', 'share'),
        ('overseer_petal', 'share'),
        ('overseer_upgraded', 'share'),
        ('pend', 'share'),
        ('defer', 'share'),
    ),
}
register(SIGNATURES, {MessinaState: copy_messina_state},
         {Seat: clone_seat})
