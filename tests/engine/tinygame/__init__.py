"""Hi-Lo, a tiny card game with hidden hands, used to exercise the engine.

It is shaped like a real game package (components, state, rules, scoring in
one small module here) so the conformance suite, bots and server can be
tested before any real game lands, and so broken variants can prove that
each conformance check can fail.

Rules: a deck of twelve cards (values 1..12) is shuffled; each player is
dealt three face down.  On your turn either play a card from your hand onto
the pile (score its value if it beats the top card, else lose 1 point) or,
while the deck lasts and you hold fewer than four cards, draw one.  A player
with no cards draws if they can, else is skipped.  The game ends when every
hand and the deck are empty.  Ties are broken by the most cards played.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from meeple.engine import Action, Event, Game, Option, Rng, State, Tables


class Card(NamedTuple):
    name: str
    value: int
    zh: str


CARDS = tuple(Card(f"card {v}", v, f"牌{v}") for v in range(1, 13))
TABLES = {"cards": CARDS}
STAND_INS: tuple[str, ...] = ()
HAND = 3
MAX_HAND = 4


class HiLoState(State):
    __slots__ = ("deck", "hands", "pile", "points", "played", "turn")

    deck: list[int]
    hands: list[list[int]]
    pile: list[int]
    points: list[int]
    played: list[int]
    turn: int

    @property
    def to_move(self) -> int:
        return self.turn

    @property
    def is_over(self) -> bool:
        return not self.deck and not any(self.hands)

    def _legal(self) -> list[Action]:
        hand = self.hands[self.turn]
        acts = [Action(f"play {self.tables.cards[c].value}", (0, c)) for c in sorted(hand)]
        if self.deck and len(hand) < MAX_HAND:
            acts.append(Action("draw", (1, -1)))
        if not acts:
            acts.append(Action("skip", (2, -1)))
        return acts

    def _apply(self, action: Action) -> list[Event]:
        kind, card = action.data
        seat = self.turn
        events: list[Event] = []
        if kind == 0:
            value = self.tables.cards[card].value
            top = self.tables.cards[self.pile[-1]].value if self.pile else 0
            self.hands[seat].remove(card)
            self.pile.append(card)
            self.played[seat] += 1
            gain = value if value > top else -1
            self.points[seat] += gain
            events.append({"type": "play", "seat": seat, "card": value, "points": gain,
                           "text": f"seat {seat} plays {value} and scores {gain}"})
        elif kind == 1:
            card = self.deck.pop()
            self.hands[seat].append(card)
            self.reveals += 1  # the drawer now knows a card of the deck
            events.append({"type": "draw", "seat": seat, "text": f"seat {seat} draws a card"})
            events.append({"type": "drawn", "private": seat, "card": self.tables.cards[card].value,
                           "text": f"you drew {self.tables.cards[card].value}"})
        else:
            events.append({"type": "skip", "seat": seat, "text": f"seat {seat} has nothing to do"})
        self.turn = (seat + 1) % self.players
        return events

    def scores(self) -> list[int]:
        return list(self.points)

    def tiebreak(self, seat: int) -> tuple[int, ...]:
        return (self.played[seat],)

    def explain_illegal(self, text: str) -> str | None:
        if text.startswith("play "):
            return "you do not hold that card"
        if text == "draw":
            return "the deck is empty" if not self.deck else f"you already hold {MAX_HAND} cards"
        return None

    def targets(self, action: Action) -> list[str]:
        """A play names the card of the hand it plays (``hand:<value>``, the view's hand)."""
        kind, card = action.data
        return [f"hand:{self.tables.cards[card].value}"] if kind == 0 else []

    def _view(self, seat: int | None) -> dict[str, Any]:
        cards = self.tables.cards
        return {
            "pile": [cards[c].value for c in self.pile],
            "deck": len(self.deck),
            "points": list(self.points),
            "hand_sizes": [len(h) for h in self.hands],
            "hand": None if seat is None else sorted(cards[c].value for c in self.hands[seat]),
        }

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, HiLoState)
        other.deck = self.deck.copy()
        other.hands = [h.copy() for h in self.hands]
        other.pile = self.pile.copy()
        other.points = self.points.copy()
        other.played = self.played.copy()
        other.turn = self.turn

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        unseen = sorted(self.deck + [c for s, h in enumerate(self.hands) if s != seat for c in h])
        rng.shuffle(unseen)
        for s, hand in enumerate(self.hands):
            if s != seat:
                n = len(hand)
                hand[:] = unseen[:n]
                del unseen[:n]
        self.deck[:] = unseen


class HiLo(Game):
    name = "hilo"
    title = "Hi-Lo (test game)"
    min_players = 2
    max_players = 4
    version = 1
    options = {"hand": Option(HAND, "cards dealt to each player", (2, 3))}
    state_class: type[HiLoState] = HiLoState

    def default_tables(self) -> Tables:
        return _TABLES

    def stand_ins(self) -> tuple[str, ...]:
        return STAND_INS

    def setup(self, players: int, seed: int, options: dict[str, Any], tables: Tables) -> State:
        state = self.state_class.__new__(self.state_class)
        State.__init__(state, self, players, seed, options, tables)
        state.deck = list(range(len(tables.cards)))
        state.rng.shuffle(state.deck)
        state.hands = [[state.deck.pop() for _ in range(options["hand"])] for _ in range(players)]
        state.pile = []
        state.points = [0] * players
        state.played = [0] * players
        state.turn = 0
        return state

    def max_steps(self, players: int) -> int:
        return 2 * 12 + players * 4

    def piece_ids(self, view: dict[str, Any]) -> set[str]:
        return {f"hand:{v}" for v in view["hand"] or ()}

    def evaluate(self, state: State, seat: int) -> float:
        assert isinstance(state, HiLoState)
        best = max(state.points)
        return 0.5 + 0.02 * (state.points[seat] - best)


_TABLES = Tables(TABLES)
GAME = HiLo()
