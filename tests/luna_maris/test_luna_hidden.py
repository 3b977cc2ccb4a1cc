"""Luna Maris hidden information: deck and stack orders never appear in any view, and determinize
resamples exactly them (ENGINE.md; docs/rules/luna_maris.md "Hidden information")."""

from __future__ import annotations

import json

from meeple.engine import Rng
from tests.luna_maris.lm_helpers import fresh, notations


def _dump(view: dict) -> str:
    return json.dumps(view)


def test_senior_deck_absent_from_every_view() -> None:
    """The senior deck (beyond the hiring row) is face down: no seat sees its cards or order."""
    s = fresh(4, seed=7)
    hidden = [s.cards[c].name for c in s.senior_deck]
    for seat in [0, 1, 2, 3, None]:
        text = _dump(s.view(seat))
        assert all(f'"{name}"' not in text for name in hidden)
        assert s.view(seat)["senior_deck"] == len(s.senior_deck)


def test_order_tiles_under_the_top_absent_from_every_view() -> None:
    """Order stacks are face down except their top tile."""
    s = fresh(3, seed=4)
    hidden = [s.tables.orders[o].name for st in s.stacks for o in st[:-1]]
    for seat in [0, 1, 2, None]:
        text = _dump(s.view(seat))
        assert all(f'"{name}"' not in text for name in hidden)


def test_food_deck_order_absent_and_only_counted() -> None:
    """The food deck is face down: views show its size only; its order changes under determinize
    while every view stays the same."""
    s = fresh(2, seed=8)
    view = s.view(0)
    assert view["food_deck"] == len(s.food_deck)
    moved = False
    for k in range(5):
        d = s.determinize(0, Rng(k))
        assert d.view(0) == view and d.view(1) == s.view(1)
        moved |= d.food_deck != s.food_deck
    assert moved


def test_determinize_resamples_decks_and_stacks_only() -> None:
    """determinize(seat) reshuffles the senior deck, food deck and hidden order tiles, and keeps the
    hiring row, display, stack tops, hands and legal actions."""
    s = fresh(4, seed=3)
    d = s.determinize(s.cur, Rng(99))
    assert d.hire_row == s.hire_row and d.food_row == s.food_row
    assert [st[-1] for st in d.stacks] == [st[-1] for st in s.stacks]
    assert [len(st) for st in d.stacks] == [len(st) for st in s.stacks]
    assert sorted(d.senior_deck) == sorted(s.senior_deck) and sorted(d.food_deck) == sorted(s.food_deck)
    assert [me.hand for me in d.seats] == [me.hand for me in s.seats] and notations(d) == notations(s)
    changed = d.senior_deck != s.senior_deck or any(a != b for a, b in zip(d.stacks, s.stacks, strict=True))
    assert changed
    for k, st in enumerate(d.stacks):
        assert all(d.tables.orders[o].kind == k for o in st)
        assert len(set(st)) == len(st)


def test_delivered_orders_never_resampled_into_stacks() -> None:
    """A delivered order tile is public and can never reappear in a stack."""
    s = fresh(2, seed=5)
    top = s.stacks[0].pop()
    s.seats[0].delivered.append(top)
    for k in range(10):
        d = s.determinize(1, Rng(k))
        assert top not in d.stacks[0]


def test_hands_and_food_are_open() -> None:
    """Hands, rest piles and food come from face-up sources, so every seat sees them (documented)."""
    s = fresh(3, seed=2)
    s.seats[1].food = [0]
    v = s.view(0)
    assert v["seats"][1]["food"] == ["potato 1 +vp"]
    assert v["seats"][2]["hand"] == ["J1", "J2", "J3", "J4", "J5", "J6"]


def test_no_leak_through_a_whole_game() -> None:
    """At sampled points of seeded games at 2-4 players, no seat's view mentions a senior-deck card or
    an order tile under a stack top, and every view survives determinize unchanged."""
    from tests.luna_maris.lm_helpers import GAME

    for players in (2, 3, 4):
        s = GAME.new(players, seed=40 + players)
        r = Rng(players)
        step = 0
        while not s.is_over:
            if step % 23 == 0:
                hidden = [s.cards[c].name for c in s.senior_deck]
                hidden += [s.tables.orders[o].name for st in s.stacks for o in st[:-1]]
                for seat in [*range(players), None]:
                    view = s.view(seat)
                    text = _dump(view)
                    assert all(f'"{h}"' not in text for h in hidden)
                    if seat is not None:
                        assert s.determinize(seat, Rng(step)).view(seat) == view
            s.apply(r.choice(s.legal_actions()))
            step += 1
