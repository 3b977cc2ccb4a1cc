"""The copy functions of troyes's state and records, written from their field declarations by
``scripts/gen_clone.py`` (``meeple.engine.clonegen``; issue 31).  Generated: do not edit; run
``python scripts/gen_clone.py`` after changing a declared field."""

from __future__ import annotations

from meeple.engine.fields import Signature, register
from meeple.games.troyes.state import Seat, TroyesState


def clone_seat(s: Seat) -> Seat:
    o = Seat()
    o.deniers = s.deniers
    o.vp = s.vp
    o.infl = s.infl
    o.supply = s.supply
    o.owned = s.owned
    o.district = s.district
    o.passed = s.passed
    o.trade = s.trade.copy()
    o.cubes = s.cubes.copy()
    o.lying = s.lying.copy()
    o.expelled = s.expelled.copy()
    o.chars = s.chars.copy()
    o.won = s.won.copy()
    return o


def copy_troyes_state(s: TroyesState, o: TroyesState) -> None:
    o.acts = s.acts
    o.evts = s.evts
    o.perm = s.perm
    o.brd = s.brd
    o.caches = s.caches
    o.phase = s.phase
    o.step = s.step
    o.rnd = s.rnd
    o.rounds = s.rounds
    o.start = s.start
    o.turn = s.turn
    o.grey = s.grey
    o.revealed = s.revealed
    o.tgt_kind = s.tgt_kind
    o.tgt_arg = s.tgt_arg
    o.src = s.src
    o.mod = s.mod
    o.pool = s.pool
    o.prot = s.prot
    o.picks = s.picks
    o.seats = [clone_seat(x) for x in s.seats]
    o.bld = s.bld.copy()
    o.cath = s.cath.copy()
    o.slots = s.slots.copy()
    o.dice = s.dice.copy()
    o.black = s.black.copy()
    o.row = s.row.copy()
    o.evcubes = [x.copy() for x in s.evcubes]
    o.maraud = s.maraud.copy()
    o.gone = s.gone.copy()
    o.decks = [x.copy() for x in s.decks]
    o.pair = s.pair.copy()
    o.klog = s.klog.copy()
    o.box = s.box.copy()
    o.order = s.order.copy()
    o.group = s.group.copy()
    o.flipped = s.flipped.copy()
    o.bsel = s.bsel.copy()
    o.final = s.final.copy()


# what each function was written from: fields.register uses it only while it matches
SIGNATURES: dict[type, Signature] = {
    TroyesState: (
        ('acts', 'share'),
        ('evts', 'share'),
        ('perm', 'share'),
        ('brd', 'share'),
        ('caches', 'share'),
        ('phase', 'share'),
        ('step', 'share'),
        ('rnd', 'share'),
        ('rounds', 'share'),
        ('start', 'share'),
        ('turn', 'share'),
        ('grey', 'share'),
        ('revealed', 'share'),
        ('tgt_kind', 'share'),
        ('tgt_arg', 'share'),
        ('src', 'share'),
        ('mod', 'share'),
        ('pool', 'share'),
        ('prot', 'share'),
        ('picks', 'share'),
        ('seats', 'records Seat'),
        ('bld', 'copy'),
        ('cath', 'copy'),
        ('slots', 'copy'),
        ('dice', 'copy'),
        ('black', 'copy'),
        ('row', 'copy'),
        ('evcubes', 'deep'),
        ('maraud', 'copy'),
        ('gone', 'copy'),
        ('decks', 'deep'),
        ('pair', 'copy'),
        ('klog', 'copy'),
        ('box', 'copy'),
        ('order', 'copy'),
        ('group', 'copy'),
        ('flipped', 'copy'),
        ('bsel', 'copy'),
        ('final', 'copy'),
    ),
    Seat: (
        ('deniers', 'share'),
        ('vp', 'share'),
        ('infl', 'share'),
        ('supply', 'share'),
        ('owned', 'share'),
        ('district', 'share'),
        ('passed', 'share'),
        ('trade', 'copy'),
        ('cubes', 'copy'),
        ('lying', 'copy'),
        ('expelled', 'copy'),
        ('chars', 'copy'),
        ('won', 'copy'),
    ),
}
register(SIGNATURES, {TroyesState: copy_troyes_state},
         {Seat: clone_seat})
