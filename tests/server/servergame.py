"""A tiny game for the server's tests (registered only by tests/server/conftest.py).

Each turn the seat to move either takes 1 or 2 counters from the pile (no
chance: then it may "play" a card from its hand or "end"), or draws a secret
card (chance and hidden information: an undo barrier).  The game ends when the
pile is empty; score = counters taken + cards played.
"""

from __future__ import annotations

from typing import Any

from meeple.engine import Action, Event, Game, Option, Rng, State, Tables


class PileState(State):
    __slots__ = ("pile", "hands", "deck", "score", "step", "seat")

    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any], tables: Tables) -> None:
        super().__init__(game, players, seed, options, tables)
        self.pile = options["pile"]
        self.deck = [1, 2, 3, 4, 5, 6, 7, 8, 9] * 3
        self.rng.shuffle(self.deck)
        self.hands = [[self.deck.pop()] for _ in range(players)]
        self.score = [0] * players
        self.step = 0
        self.seat = 0

    @property
    def to_move(self) -> int:
        return self.seat

    @property
    def is_over(self) -> bool:
        return self.pile <= 0 and self.step == 0

    def _legal(self) -> list[Action]:
        if self.step == 0:
            out = [Action(f"take {k}", k) for k in (1, 2) if k <= self.pile]
            if self.deck:
                out.append(Action("draw", 0))
            return out
        out = [Action("end", -1)]
        out += [Action(f"play {c}", c) for c in sorted(set(self.hands[self.seat]))]
        return out

    def _next(self) -> None:
        self.step = 0
        self.seat = (self.seat + 1) % self.players

    def _apply(self, action: Action) -> list[Event]:
        me = self.seat
        if self.step == 0:
            if action.data == 0:
                card = self.deck.pop()
                self.hands[me].append(card)
                self.reveals += 1
                self._next()
                return [{"type": "draw", "text": f"Seat {me} draws a card."},
                        {"type": "card", "text": f"You draw a {card}.", "private": me}]
            self.pile -= action.data
            self.score[me] += action.data
            self.step = 1
            return [{"type": "take", "text": f"Seat {me} takes {action.data}."}]
        if action.data > 0:
            self.hands[me].remove(action.data)
            self.score[me] += action.data
            self._next()
            return [{"type": "play", "text": f"Seat {me} plays a {action.data}."}]
        self._next()
        return []

    def scores(self) -> list[int]:
        return list(self.score)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {
            "pile": self.pile,
            "deck": len(self.deck),
            "step": "take or draw" if self.step == 0 else "play or end",
            "seats": [
                {"seat": s, "score": self.score[s], "cards": len(self.hands[s])}
                for s in range(self.players)
            ],
            "hand": sorted(self.hands[seat]) if seat is not None else None,
        }

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, PileState)
        other.pile = self.pile
        other.hands = [h.copy() for h in self.hands]
        other.deck = self.deck.copy()
        other.score = self.score.copy()
        other.step = self.step
        other.seat = self.seat

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        pool = self.deck + [c for s, h in enumerate(self.hands) if s != seat for c in h]
        rng.shuffle(pool)
        for s in range(self.players):
            if s != seat:
                n = len(self.hands[s])
                self.hands[s] = pool[:n]
                pool = pool[n:]
        self.deck = pool


class PileGame(Game):
    name = "servergame"
    title = "Server Test Pile"
    min_players = 2
    max_players = 4
    version = 1
    options = {"pile": Option(12, "counters in the pile at the start")}

    def default_tables(self) -> Tables:
        return Tables({})

    def stand_ins(self) -> tuple[str, ...]:
        return ()

    def setup(self, players: int, seed: int, options: dict[str, Any], tables: Tables) -> State:
        return PileState(self, players, seed, options, tables)

    def max_steps(self, players: int) -> int:
        return 200


GAME = PileGame()
