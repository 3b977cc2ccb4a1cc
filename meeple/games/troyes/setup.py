"""Setup (seed 遊戲設置, research §2): the starting position by player count, the component
checks, and the snake draft of the starting citizens."""

from __future__ import annotations

from typing import Any, TypeVar

from meeple.engine.components import Tables
from meeple.engine.core import Event, Game, State
from meeple.engine.messages import event, refused
from meeple.games.troyes import words as W
from meeple.games.troyes.derived import caches, card_pools
from meeple.games.troyes.state import (
    CHARACTERS_EACH,
    GREY_CITIZENS,
    NEUTRAL,
    P_DRAFT,
    P_KEEP,
    PROTECT_LYING,
    PROTECT_ROUND,
    ROUNDS,
    START_CITIZENS,
    START_DENIERS,
    START_INFLUENCE,
    TroyesState,
    new_seat,
)
from meeple.games.troyes.words import msg

T = TypeVar("T", bound=TroyesState)


def check_tables(tables: Tables, players: int, options: dict[str, Any]) -> None:
    """Refuse a component pack the rules cannot play with, naming the value (checked once per
    tables object, player count and character deal: the tables are immutable)."""
    deal = options.get("character_deal") == "draw_two_keep_one"
    tables.derived(f"troyes.checked.{players}.{deal}", lambda t: _check_tables(t, players, deal))


def _check_tables(tables: Tables, players: int, deal: bool) -> bool:
    for name in ("activities", "events", "permanent"):
        for i, card in enumerate(tables[name]):
            if card.divisor < 1:
                raise refused("troyes.pack.divisor", where=f"{name}[{i}]", card=card.name)
            if not 0 <= card.colour <= 2 or (hasattr(card, "fight_colour") and not 0 <= card.fight_colour <= 2):
                raise refused("troyes.pack.colours", where=f"{name}[{i}]", card=card.name)
    for i, card in enumerate(tables.activities):
        if not 1 <= card.level <= 3 or len(card.vp_spaces) > 12:
            raise refused("troyes.pack.activity", where=f"activities[{i}]", card=card.name)
    for colour in range(3):
        for level in (1, 2, 3):
            if not any(a.colour == colour and a.level == level for a in tables.activities):
                raise refused("troyes.pack.no_activity", colour=colour, level=level)
    if sum(1 for e in tables.events if e.colour == 0) < ROUNDS[players]:
        raise refused("troyes.pack.red_events", players=players, need=ROUNDS[players])
    board = tables.board[0]
    if board.agriculture_divisor < 1 or len(board.cathedral_influence) != 6:
        raise refused("troyes.pack.board")
    need = CHARACTERS_EACH[players] * players
    if deal:
        need += 1  # the last chooser still draws two
    if len(tables.characters) < need:
        raise refused("troyes.pack.characters", players=players, need=need)
    return True


def new_state(cls: type[T], game: Game, players: int, seed: int, options: dict[str, Any], tables: Tables) -> T:
    """Setup by player count (seed 遊戲設置, research §2), as a ``cls`` (the concrete
    ``TroyesPosition`` of ``position.py``)."""
    s = cls.__new__(cls)
    State.__init__(s, game, players, seed, options, tables)
    rng = s.rng
    n = players
    s.acts, s.evts, s.perm, s.brd = tables.activities, tables.events, tables.permanent[0], tables.board[0]
    s.caches = caches(tables)
    s.phase, s.step, s.rnd, s.rounds = P_KEEP, 0, 0, ROUNDS[n]
    s.start, s.turn, s.grey, s.revealed = 0, 0, GREY_CITIZENS, 0
    s.tgt_kind, s.tgt_arg, s.src, s.mod, s.pool = 0, 0, -1, -1, 0
    s.prot = PROTECT_LYING if options.get("push_out_protection") == "lying" else PROTECT_ROUND
    s.picks = 0
    s.seats = [new_seat(START_DENIERS, START_INFLUENCE, START_CITIZENS[n]) for _ in range(n)]
    s.bld = [-1] * 18
    s.dice, s.black, s.group, s.flipped, s.bsel, s.final = [], [], [], [], [], []
    s.row, s.evcubes, s.maraud, s.gone = [], [], [], []
    s.cath = [-1] * 18
    # activity cards: one random card per colour and level, face down (``card_pools``: the
    # cards of each slot and the events of each colour, in table order)
    events, activities = card_pools(tables)
    s.slots = [rng.choice(activities[slot]) for slot in range(9)]
    # event decks by colour; the red deck holds one card per round
    s.decks = []
    for colour in range(3):
        deck = list(events[colour])
        rng.shuffle(deck)
        if colour == 0:
            deck = deck[:s.rounds]
        s.decks.append(deck)
    # characters
    chars = list(range(len(tables.characters)))
    rng.shuffle(chars)
    s.klog, s.pair = [], []
    if options.get("character_deal") == "draw_two_keep_one":
        # seed: each draws two and keeps one secretly; the other goes back and the deck is
        # reshuffled (so it works with 4 players and 6 cards); with 2 players, twice each.
        s.box = chars
        s.order = list(range(n)) * CHARACTERS_EACH[n]
        s.pair = sorted([s.box.pop(), s.box.pop()])
    else:
        k = CHARACTERS_EACH[n]
        for q in range(n):
            s.seats[q].chars = sorted(chars[k * q:k * q + k])
        s.box = chars[k * n:]
        s.phase = P_DRAFT
        s.order = []
    if n == 2:
        # 2 players: neutral citizens on the top-left and bottom-right space of each building (S6)
        for b in range(3):
            s.bld[b * 6] = NEUTRAL
            s.bld[b * 6 + 5] = NEUTRAL
        s.grey -= 6
    if s.phase == P_DRAFT:
        s.order = draft_order(s)
    return s


def draft_order(s: TroyesState) -> list[int]:
    """Snake order of the starting-citizen draft (research §2): start player first, then back."""
    n = s.players
    seats = [(s.start + i) % n for i in range(n)]
    order: list[int] = []
    for k in range(START_CITIZENS[n]):
        order.extend(seats if k % 2 == 0 else seats[::-1])
    return order


def draft_citizen(s: TroyesState, p: int, b: int, pos: int, ev: list[Event]) -> None:
    """Place one starting citizen on the chosen empty space (research §2)."""
    s.bld[b * 6 + pos] = p
    s.seats[p].supply -= 1
    ev.append(event("draft", msg("troyes.event.draft", seat=p, building=W.building(s, b)), seat=p))


def fill_neutrals(s: TroyesState, ev: list[Event]) -> None:
    """After the draft, grey citizens fill every empty building space (research §2)."""
    k = 0
    for i in range(18):
        if s.bld[i] < 0 and s.grey > 0:
            s.bld[i] = NEUTRAL
            s.grey -= 1
            k += 1
    ev.append(event("draft", msg("troyes.event.draft.neutral", n=k)))
