"""The Mundus Novus starting position (seed 'setup' 1-4; research §1-§4)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.engine.core import State
from meeple.games.mundus_novus.derived import derived
from meeple.games.mundus_novus.events import begin_round
from meeple.games.mundus_novus.state import (
    ANNOUNCE,
    MARKET_SIZE,
    NOBODY,
    QUEUE_SIZE,
    K,
    MundusState,
    new_seat,
)

if TYPE_CHECKING:
    from meeple.engine.components import Tables
    from meeple.engine.core import Game


def new_state(cls: type[MundusState], game: Game, players: int, seed: int, options: dict[str, Any],
              tables: Tables) -> MundusState:
    """Setup (seed 'setup' 1-4): shuffle the resource deck, turn up a market of 3, filter the development
    cards by player count, shuffle them and turn up a queue of 5; "no event" on top of the tokens; the
    Trade Master token goes to seat 0 (the youngest player).  ``cls``: the concrete position class."""
    s = cls.__new__(cls)
    State.__init__(s, game, players, seed, options, tables)
    n = players
    s.seats = [new_seat() for _ in range(n)]
    deck: list[int] = []
    for k, res in enumerate(tables.resources):
        deck.extend([k] * res.copies)
    s.rng.shuffle(deck)
    s.deck = deck
    s.discard = [0] * K
    s.market = [s.deck.pop() for _ in range(MARKET_SIZE)]
    s.supply = []
    devs = [i for i, d in enumerate(tables.developments) if d.min_players <= n]
    s.rng.shuffle(devs)
    s.dev_deck = devs
    s.queue = [s.dev_deck.pop() for _ in range(min(QUEUE_SIZE, len(devs)))]
    s.round = 0
    s.event = ""
    s.tm = 0
    s.phase = ANNOUNCE
    s.cur = 0
    s.announced = 0
    s.prev = -1
    s.prev2 = -1
    s.order = []
    s.counts = []
    s.opos = 0
    s.need = 0
    s.split = 0
    s.sets = 0
    s.diff_done = 0
    s.inca_done = 0
    s.merch_used = 0
    s.pend_mask = 0
    s.pend_inca = 0
    s.building = 0
    s.set_kind, s.set_cards, s.set_inca = -1, 0, 0
    s.fleet2 = 0
    s.by_round = ()
    s.conv = []
    s.spent = [0] * K
    s.dev_ended = False
    s.winner = -1
    s.gift_from = s.gift_to = s.gift_kind = -1
    s.tie_mask = 0
    s.cash_done = 0
    s.holders = NOBODY
    fx = derived(tables)
    s.names = fx.names
    s.acache = fx.actions
    s.fx = fx
    s.hx = fx.memos
    s.seat_hx = {}
    begin_round(s, [])
    return s
