"""The Troyes state: plain lists of ints, setup, clone, view and determinize."""

from __future__ import annotations

from typing import Any

from meeple.engine.core import Action, Event, Game, State
from meeple.engine.rng import Rng
from meeple.games.troyes import actions, effects, explain, rules, scoring
from meeple.games.troyes.components import COLOUR_NAMES
from meeple.games.troyes.consts import (
    CHARACTERS_EACH,
    GREY_CITIZENS,
    NEUTRAL,
    NO_SPACE,
    P_ACTION,
    P_BLACK,
    P_DRAFT,
    P_KEEP,
    P_OVER,
    PHASE_NAMES,
    PROTECT_LYING,
    PROTECT_ROUND,
    ROUNDS,
    S_MAIN,
    S_MASON,
    START_CITIZENS,
    START_DENIERS,
    START_INFLUENCE,
    STEP_NAMES,
    d_colour,
    d_owner,
    d_value,
    die_text,
)
from meeple.games.troyes.main_cache import cached_main_actions, several_main_actions

_LISTS = ("deniers", "vp", "infl", "supply", "owned", "district", "passed", "bld", "lying",
          "expelled", "dice", "black", "slots", "trade", "cubes", "row", "maraud", "gone", "box",
          "cath", "order", "group", "flipped", "bsel", "final", "pair", "klog")
_NESTED = ("evcubes", "won", "decks", "chars")
_SHARED = ("acts", "evts", "perm", "brd")  # component tables read in hot paths (shared, immutable)
_INTS = ("phase", "step", "rnd", "rounds", "start", "turn", "grey", "revealed", "tgt_kind",
         "tgt_arg", "src", "mod", "pool", "prot", "picks")


class TroyesState(State):
    """One position of Troyes.  Seats 0..n-1; owner 4 is the neutral (grey) player."""

    __slots__ = _LISTS + _NESTED + _INTS + _SHARED

    acts: tuple[Any, ...]   # tables.activities
    evts: tuple[Any, ...]   # tables.events
    perm: Any               # tables.permanent[0] (Marauding)
    brd: Any                # tables.board[0]
    phase: int
    step: int
    rnd: int
    rounds: int
    start: int
    turn: int
    grey: int
    revealed: int
    tgt_kind: int
    tgt_arg: int
    src: int
    mod: int
    pool: int
    prot: int               # push-out protection reading (consts PROTECT_LYING / PROTECT_ROUND)
    picks: int              # Master Mason / Squire: cubes still to place one by one
    deniers: list[int]
    vp: list[int]
    infl: list[int]
    supply: list[int]       # citizens in each personal supply
    owned: list[int]        # citizens each player owns in all (max 12)
    district: list[int]     # pass deniers lying in each player's district
    passed: list[int]       # 0 playing, 1 passed, 2 passed and earning district deniers
    bld: list[int]          # 18: building*6 + space -> occupant (-1 empty, seat, NEUTRAL)
    lying: list[int]        # 12: building*4 + seat -> expelled citizens lying beside the building
    expelled: list[int]     # 12: building*4 + seat -> 1 if expelled there this round
    dice: list[int]         # coloured dice on the city square (consts.die encoding)
    black: list[int]        # black dice values, highest first
    slots: list[int]        # 9: colour*3 + level-1 -> activity card index
    trade: list[int]        # 36: slot*4 + seat -> 0, VP space+1, or NO_SPACE
    cubes: list[int]        # 36: slot*4 + seat -> cubes on a delayed card
    row: list[int]          # event cards in the row, left to right
    evcubes: list[list[int]]  # parallel to row: owners of the cubes in placement order
    maraud: list[int]       # owners of the cubes on Marauding
    won: list[list[int]]    # event cards each seat took
    gone: list[int]         # event cards removed by a neutral majority
    decks: list[list[int]]  # red, white, yellow event decks (top = last)
    chars: list[list[int]]  # character cards each seat holds (secret)
    pair: list[int]         # draw-two-keep-one: the two characters the chooser holds now
    klog: list[int]         # draw-two-keep-one: per choice made, [seat, kept, drawn, drawn]
    box: list[int]          # character cards not in play (the character deck)
    cath: list[int]         # 18: level*6 + space -> owner of the cube (-1 empty)
    order: list[int]        # seats still to choose a character / draft, in order
    group: list[int]        # dice chosen for the pending action
    flipped: list[int]      # dice indices turned over in the current flip
    bsel: list[int]         # black dice chosen for the current counter
    final: list[int]        # final scores once over

    # --- turn -----------------------------------------------------------------------

    @property
    def to_move(self) -> int:
        if self.phase <= P_DRAFT:
            return self.order[0] if self.order else 0
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == P_OVER

    def _decision_ahead(self) -> bool:
        """A main step whose seat surely has several choices (``main_cache.several_main_actions``)."""
        return self.phase == P_ACTION and self.step == S_MAIN and several_main_actions(self, self.turn)

    def _legal(self) -> list[Action]:
        if self.phase == P_ACTION and self.step == S_MAIN:
            return cached_main_actions(self, self.turn)
        return actions.legal(self)

    def _apply(self, action: Action) -> list[Event]:
        return rules.apply(self, action)

    def scores(self) -> list[int]:
        if self.phase == P_OVER:
            return list(self.final)
        return list(self.vp)

    def tiebreak(self, seat: int) -> tuple[int, ...]:
        return scoring.tiebreak(self, seat)

    def explain_illegal(self, text: str) -> str | None:
        return explain.explain(self, text)

    # --- copy and determinize -------------------------------------------------------

    def _copy_into(self, other: State) -> None:
        o: Any = other
        o.acts, o.evts, o.perm, o.brd = self.acts, self.evts, self.perm, self.brd
        o.phase, o.step, o.rnd, o.rounds = self.phase, self.step, self.rnd, self.rounds
        o.start, o.turn, o.grey, o.revealed = self.start, self.turn, self.grey, self.revealed
        o.tgt_kind, o.tgt_arg, o.src, o.mod, o.pool = self.tgt_kind, self.tgt_arg, self.src, self.mod, self.pool
        o.prot, o.picks = self.prot, self.picks
        o.deniers = self.deniers[:]
        o.vp = self.vp[:]
        o.infl = self.infl[:]
        o.supply = self.supply[:]
        o.owned = self.owned[:]
        o.district = self.district[:]
        o.passed = self.passed[:]
        o.bld = self.bld[:]
        o.lying = self.lying[:]
        o.expelled = self.expelled[:]
        o.dice = self.dice[:]
        o.black = self.black[:]
        o.slots = self.slots[:]
        o.trade = self.trade[:]
        o.cubes = self.cubes[:]
        o.row = self.row[:]
        o.maraud = self.maraud[:]
        o.gone = self.gone[:]
        o.box = self.box[:]
        o.cath = self.cath[:]
        o.order = self.order[:]
        o.group = self.group[:]
        o.flipped = self.flipped[:]
        o.bsel = self.bsel[:]
        o.final = self.final[:]
        o.pair = self.pair[:]
        o.klog = self.klog[:]
        o.evcubes = [c[:] for c in self.evcubes]
        o.won = [c[:] for c in self.won]
        o.decks = [c[:] for c in self.decks]
        o.chars = [c[:] for c in self.chars]

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        """Other seats' characters, the event decks' contents and order, face-down activity cards."""
        t = self.tables
        if self.phase != P_OVER:
            self._resample_characters(seat, rng)
        known = set(self.row) | set(self.gone)
        for w in self.won:
            known.update(w)
        for colour in range(3):
            deck = self.decks[colour]
            if not deck:
                continue
            pool = [i for i, e in enumerate(t.events) if e.colour == colour and i not in known]
            rng.shuffle(pool)
            self.decks[colour] = pool[:len(deck)]
        for slot in range(9):
            level = slot % 3 + 1
            if level > self.revealed:
                colour = slot // 3
                options = [i for i, a in enumerate(t.activities) if a.colour == colour and a.level == level]
                self.slots[slot] = rng.choice(options)

    def _resample_characters(self, seat: int, rng: Rng) -> None:
        """Other seats' characters, dealt again consistently with what ``seat`` drew and kept."""
        everything = list(range(len(self.tables.characters)))
        if not self.klog and not self.pair:
            pool = [c for c in everything if c not in self.chars[seat]]
            rng.shuffle(pool)
            for q in range(self.players):
                if q != seat:
                    k = len(self.chars[q])
                    self.chars[q] = sorted(pool[:k])
                    pool = pool[k:]
            self.box = pool
            return
        # draw-two-keep-one: replay the choices in order; another seat's kept card is any card
        # not kept before, not in ``seat``'s hand, and not among the cards ``seat`` drew later.
        chooser = self.order[0] if self.phase == P_KEEP and self.order else -1
        mine = set(self.chars[seat]) | (set(self.pair) if chooser == seat else set())
        log = self.klog
        kept: list[int] = []
        hands: list[list[int]] = [[] for _ in range(self.players)]
        new_log: list[int] = []
        for i in range(0, len(log), 4):
            q, c = log[i], log[i + 1]
            if q != seat:
                later = {log[j + 2] for j in range(i + 4, len(log), 4) if log[j] == seat}
                later |= {log[j + 3] for j in range(i + 4, len(log), 4) if log[j] == seat}
                if chooser == seat:
                    later |= set(self.pair)
                options = [x for x in everything if x not in kept and x not in mine and x not in later]
                if not options:
                    options = [x for x in everything if x not in kept and x not in mine]
                c = rng.choice(options)
                new_log.extend((q, c, c, c))
            else:
                new_log.extend(log[i:i + 4])
            kept.append(c)
            hands[q].append(c)
        for q in range(self.players):
            if q != seat:
                self.chars[q] = sorted(hands[q])
        self.klog = new_log
        rest = [x for x in everything if x not in kept and not (chooser == seat and x in self.pair)]
        rng.shuffle(rest)
        if chooser >= 0 and chooser != seat:
            self.pair = sorted(rest[:2])
            rest = rest[2:]
        self.box = rest

    # --- view -----------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        t = self.tables
        n = self.players
        over = self.phase == P_OVER
        open_vp = bool(self.options.get("open_vp")) or over

        def who(o: int) -> str | None:
            if o < 0:
                return None
            return "neutral" if o == NEUTRAL else f"p{o}"

        players = []
        for q in range(n):
            entry: dict[str, Any] = {
                "seat": q, "deniers": self.deniers[q], "influence": self.infl[q],
                "supply": self.supply[q], "citizens_owned": self.owned[q],
                "district_deniers": self.district[q], "passed": self.passed[q] > 0,
                "events_won": [t.events[e].name for e in self.won[q]],
                "characters_held": len(self.chars[q]),
            }
            if open_vp or q == seat:
                entry["vp"] = self.vp[q]
            if over or q == seat:
                entry["characters"] = [t.characters[c].name for c in self.chars[q]]
                if q == seat and self.phase == P_KEEP and self.order and self.order[0] == q:
                    entry["characters_drawn"] = [t.characters[c].name for c in self.pair]
            players.append(entry)
        buildings = []
        for b, spec in enumerate(t.buildings):
            spaces = [who(o) for o in self.bld[b * 6:b * 6 + 6]]
            buildings.append({
                "name": spec.name, "spaces": spaces,
                "lying": [self.lying[b * 4 + q] for q in range(n)],
            })
        activities = []
        for slot in range(9):
            level = slot % 3 + 1
            card_i = self.slots[slot]
            face_up = level <= self.revealed
            entry = {"colour": COLOUR_NAMES[slot // 3], "level": level, "face_up": face_up,
                     "card": t.activities[card_i].name if face_up else None}
            if face_up:
                c = t.activities[card_i]
                entry.update({"divisor": c.divisor, "hire_cost": c.hire_cost, "vp_spaces": list(c.vp_spaces),
                              "delayed": c.delayed, "effect": c.effect})
                entry["tradesmen"] = [
                    {"seat": q, "space": None if v == NO_SPACE else v - 1,
                     "vp": 0 if v == NO_SPACE else c.vp_spaces[v - 1]}
                    for q in range(n) if (v := self.trade[slot * 4 + q])
                ]
                entry["cubes"] = [self.cubes[slot * 4 + q] for q in range(n)]
            activities.append(entry)
        row = []
        for i, e in enumerate(self.row):
            card = t.events[e]
            row.append({"card": card.name, "fight_colour": COLOUR_NAMES[card.fight_colour],
                        "divisor": card.divisor, "vp": [card.vp_first, card.vp_second],
                        "black_dice": card.black_dice, "effect": card.effect, "boxes": card.boxes,
                        "cubes": [self.evcubes[i].count(q) for q in range(n)],
                        "neutral_cubes": self.evcubes[i].count(NEUTRAL)})
        districts = []
        for owner in list(range(n)) + [NEUTRAL]:
            mine = [f"{'rwy'[d_colour(d)]}{d_value(d)}" for d in self.dice if d_owner(d) == owner]
            districts.append({"owner": who(owner), "dice": mine})
        body: dict[str, Any] = {
            "round": self.rnd, "rounds": self.rounds, "phase": PHASE_NAMES[self.phase],
            "step": STEP_NAMES[self.step], "start_player": self.start,
            "seats": players, "buildings": buildings, "grey_supply": self.grey,
            "cathedral": [[who(o) for o in self.cath[lv * 6:lv * 6 + 6]] for lv in range(3)],
            "activities": activities, "event_row": row,
            "marauding_cubes": [self.maraud.count(q) for q in range(n)],
            "marauding": {"card": self.perm.name, "fight_colour": COLOUR_NAMES[self.perm.fight_colour],
                          "divisor": self.perm.divisor, "vp": [self.perm.vp_first, self.perm.vp_second],
                          "black_dice": self.perm.black_dice, "boxes": self.perm.boxes},
            "event_decks": [len(d) for d in self.decks],
            "districts": districts, "black_dice": list(self.black),
            "pending": self._pending_view(),
        }
        if over:
            body["final"] = scoring.breakdown(self)
        return body

    def _pending_view(self) -> dict[str, Any] | None:
        if self.picks:
            card = "Master Mason" if self.step == S_MASON else "Squire"
            return {"card": card, "cubes_to_place": self.picks}
        if self.phase == P_BLACK:
            if not self.bsel:
                return None
            return {"countering": list(self.bsel), "pool": self.pool, "needed": sum(self.bsel)}
        if self.phase != P_ACTION or not self.tgt_kind:
            return None
        return {"action": actions.target_text(self, self.tgt_kind, self.tgt_arg),
                "citizen": actions.source_text(self, self.src) if self.src >= 0 else None,
                "cube": self.tables.activities[self.slots[self.mod]].name if self.mod >= 0 else None,
                "dice": [die_text(d, NEUTRAL + 1) for d in self.group]}


def new_state(game: Game, players: int, seed: int, options: dict[str, Any], tables: Any) -> TroyesState:
    """Setup by player count (seed 'Setup', research §2)."""
    s = TroyesState.__new__(TroyesState)
    State.__init__(s, game, players, seed, options, tables)
    rng = s.rng
    n = players
    s.acts, s.evts, s.perm, s.brd = tables.activities, tables.events, tables.permanent[0], tables.board[0]
    s.phase, s.step, s.rnd, s.rounds = P_KEEP, 0, 0, ROUNDS[n]
    s.start, s.turn, s.grey, s.revealed = 0, 0, GREY_CITIZENS, 0
    s.tgt_kind, s.tgt_arg, s.src, s.mod, s.pool = 0, 0, -1, -1, 0
    s.prot = PROTECT_LYING if options.get("push_out_protection") == "lying" else PROTECT_ROUND
    s.picks = 0
    s.deniers = [START_DENIERS] * n
    s.vp = [0] * n
    s.infl = [START_INFLUENCE] * n
    s.supply = [START_CITIZENS[n]] * n
    s.owned = [START_CITIZENS[n]] * n
    s.district = [0] * n
    s.passed = [0] * n
    s.bld = [-1] * 18
    s.lying = [0] * 12
    s.expelled = [0] * 12
    s.dice, s.black, s.group, s.flipped, s.bsel, s.final = [], [], [], [], [], []
    s.trade = [0] * 36
    s.cubes = [0] * 36
    s.row, s.evcubes, s.maraud, s.gone = [], [], [], []
    s.won = [[] for _ in range(n)]
    s.cath = [-1] * 18
    # activity cards: one random card per colour and level, face down
    s.slots = []
    for colour in range(3):
        for level in (1, 2, 3):
            options_ = [i for i, a in enumerate(tables.activities) if a.colour == colour and a.level == level]
            s.slots.append(rng.choice(options_))
    # event decks by colour; the red deck holds one card per round
    s.decks = []
    for colour in range(3):
        deck = [i for i, e in enumerate(tables.events) if e.colour == colour]
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
        s.chars = [[] for _ in range(n)]
        s.box = chars
        s.order = list(range(n)) * CHARACTERS_EACH[n]
        s.pair = sorted([s.box.pop(), s.box.pop()])
    else:
        k = CHARACTERS_EACH[n]
        s.chars = [sorted(chars[k * q:k * q + k]) for q in range(n)]
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
        s.order = effects.draft_order(s)
    return s


__all__ = ["TroyesState", "new_state"]
