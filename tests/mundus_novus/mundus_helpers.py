"""Helpers to build Mundus Novus positions for rule tests (not a test module)."""

from __future__ import annotations

from typing import Any

from meeple.games.mundus_novus import GAME
from meeple.games.mundus_novus.components import DEVELOPMENTS, RESOURCES
from meeple.games.mundus_novus.developments import caravel_labels, set_abilities
from meeple.games.mundus_novus.progression import begin_turn
from meeple.games.mundus_novus.state import PONCE, PROG, K, MundusState

NAMES = [r.name for r in RESOURCES]


def fresh(players: int = 3, seed: int = 1, **options: Any) -> MundusState:
    s = GAME.new(players, seed=seed, options=options)
    assert isinstance(s, MundusState)
    return s


def kind(name: str) -> int:
    return NAMES.index(name)


def dev(code: str) -> int:
    for i, d in enumerate(DEVELOPMENTS):
        if d.code == code:
            return i
    raise KeyError(code)


def give(s: MundusState, seat: int, *codes: str) -> None:
    """Hand ``seat`` development cards (taking them out of the deck/queue if they are there)."""
    for code in codes:
        i = dev(code)
        if i in s.dev_deck:
            s.dev_deck.remove(i)
        if i in s.queue:
            s.queue.remove(i)
            s.queue.append(s.dev_deck.pop())
        s.seats[seat].owned = s.seats[seat].owned + (i,)
    set_abilities(s)
    refresh(s)


def set_hand(s: MundusState, seat: int, cards: dict[str, int]) -> None:
    row = s.seats[seat]
    for k in range(K):
        row.hand[k] = 0
        row.known[k] = 0
    for name, c in cards.items():
        row.hand[kind(name)] = c
    refresh(s)


def hand(s: MundusState, seat: int) -> dict[str, int]:
    row = s.seats[seat].hand
    return {NAMES[k]: row[k] for k in range(K) if row[k]}


def money(s: MundusState) -> list[int]:
    """Every seat's doubloons, in seat order."""
    return [seat.money for seat in s.seats]


def set_money(s: MundusState, amounts: list[int]) -> None:
    """Give each seat these doubloons (a position poked for a test)."""
    for seat, amount in zip(s.seats, amounts, strict=True):
        seat.money = amount
    refresh(s)


def all_cards(s: MundusState) -> list[int]:
    """Every card in hands and offer rows, by resource kind."""
    total = [0] * K
    for seat in s.seats:
        for k in range(K):
            total[k] += seat.hand[k] + seat.offer[k]
    return total


def refresh(s: MundusState) -> None:
    """After poking state fields directly: drop what was derived from the old position."""
    s._legal_cache = None
    s._memo = None


def legal(s: MundusState) -> list[str]:
    return [a.notation for a in s.legal_actions()]


def progression_turn(s: MundusState, seat: int, cards: dict[str, int]) -> None:
    """Put ``seat`` at the start of its Progression turn (the others already played) holding ``cards``."""
    for p in range(s.players):
        set_hand(s, p, {})
    set_hand(s, seat, cards)
    s.order = [seat]
    s.opos = 0
    s.phase = PROG
    begin_turn(s)
    refresh(s)


def whole_steps(s: MundusState, notation: str, events: list[dict[str, Any]] | None = None) -> list[str]:
    """The version-5 steps of a whole version-4 decision, applied to ``s`` (other notations: themselves).

    ``set <c> <resource>[ + <j> inca]``: the set's first 3 cards (plain ones first), one ``set: add``
    per further card, then ``cash set`` unless the set was cashed on its own (it could not grow).
    ``split fleets A / B``: one ``second fleet: add`` per caravel of B, then ``split fleets``."""
    done: list[str] = []

    def step(a: str) -> None:
        got = s.apply(a)
        if events is not None:
            events.extend(got)
        done.append(a)

    words = notation.split()
    if words[0] == "set" and len(words) > 2 and words[1].isdigit():
        body, _, extra = notation[4:].partition(" + ")
        count, res = body.split(" ", 1)
        c, j = int(count), int(extra.split()[0]) if extra else 0
        first = min(c, 3)
        step(f"set {first} {res}" + (f" + {3 - first} inca" if first < 3 else ""))
        for _ in range(c - first):
            step(f"set: add {res}")
        for _ in range(j - (3 - first)):
            step(f"set: add {NAMES[-1]}")
        if s.building:
            step("cash set")
    elif notation.startswith("split fleets ") and " / " in notation:
        for i, label in enumerate(notation.split(" / ", 1)[1].split("+")):
            if s.phase != PONCE:
                break
            if bin(s.fleet2).count("1") <= i:  # (not played by the engine as a single choice)
                step(f"second fleet: add {label}")
        if s.phase == PONCE:  # (the engine plays a single choice by itself)
            step("split fleets")
    else:
        step(notation)
    return done


def whole_choices(s: MundusState) -> list[str]:
    """The legal decisions named as whole version-4 decisions: every identical set and fleet split that
    the version-5 steps can complete from here (``set <c> <resource>[ + <j> inca]``, ``split fleets A /
    B``), the other legal actions as they are."""
    out: list[str] = []

    def explore(t: MundusState, a: str) -> None:
        u = t.clone()
        assert isinstance(u, MundusState)
        u.apply(a)
        if (a.startswith("set") and u.building) or (u.phase == PONCE and u.fleet2):
            for b in legal(u):
                explore(u, b)
        elif a.startswith("set") or a == "cash set":
            kind_, c, j = u.set_kind, u.set_cards, u.set_inca
            out.append(f"set {c} {NAMES[kind_]}" + (f" + {j} inca" if j else ""))
        elif u.split:
            labels = caravel_labels(t, t.cur)
            first = [labels[i] for i in range(len(labels)) if u.split >> i & 1]
            second = [labels[i] for i in range(len(labels)) if not u.split >> i & 1]
            out.append(f"split fleets {'+'.join(first)} / {'+'.join(second)}")

    for a in legal(s):
        if a.startswith("set ") or a.startswith("second fleet"):
            explore(s, a)
        else:
            out.append(a)
    return out


def play(s: MundusState, *actions: str) -> list[dict[str, Any]]:
    """Apply each action; a whole version-4 identical set or fleet split is played as its version-5 steps
    (``whole_steps``)."""
    events: list[dict[str, Any]] = []
    for a in actions:
        whole_steps(s, a, events)
    return events


def play_open(s: MundusState, *actions: str) -> None:
    """Apply each action unless the engine already applied it as a forced (single-choice) step."""
    for a in actions:
        if a in legal(s):
            s.apply(a)


def rkey(resource: str) -> str:
    """A resource's catalog key, as views name it (issue 14/15)."""
    return f"mundus_novus.resources.{resource.replace(' ', '_')}.name"


def cards_of(cards: list[dict[str, Any]]) -> dict[str, int]:
    """A view's card list (``[{"card": key, "count": n}]``) as resource name -> count."""
    by_key = {rkey(n): n for n in NAMES}
    return {by_key[c["card"]]: c["count"] for c in cards}
