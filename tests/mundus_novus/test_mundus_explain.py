"""Illegal actions are refused with a reason in the game's terms, and change nothing."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction

from .mundus_helpers import fresh, play, progression_turn, set_hand


def refused(s, text: str) -> str:
    before = (list(s.hand), list(s.offer), list(s.money), s.phase, s.cur)
    with pytest.raises(IllegalAction) as exc:
        s.apply(text)
    assert (list(s.hand), list(s.offer), list(s.money), s.phase, s.cur) == before
    return str(exc.value)


def test_wrong_step_names_the_expected_choice() -> None:
    """An action of another step names the step and what is expected."""
    s = fresh(3)
    assert "announce" in refused(s, "offer cocoa")
    assert "announces 2, 3 or 4 cards" in refused(s, "announce 5")


def test_offer_of_missing_card_explained() -> None:
    """Seed 3.2: only cards in hand can be offered."""
    s = fresh(3)
    set_hand(s, 0, {"cocoa": 3, "corn": 2})
    play(s, "announce 2")
    assert "no vanilla in hand" in refused(s, "offer vanilla")


def test_take_from_own_offer_or_missing_card_explained() -> None:
    """Seed 3.4: a taker takes from another player's offer, a card that is there."""
    s = fresh(3)
    set_hand(s, 0, {"cocoa": 5})
    set_hand(s, 1, {"corn": 5})
    set_hand(s, 2, {"vanilla": 5})
    play(s, "announce 2")
    assert "your own offer" in refused(s, "take vanilla from p2")
    assert "no vanilla on offer" in refused(s, "take vanilla from p1")
    assert "no player p7" in refused(s, "take corn from p7")


def test_second_inca_cash_in_explained() -> None:
    """Research §10.7: one Inca cash-in per round."""
    s = fresh(3)
    progression_turn(s, 0, {"inca relic": 3, "cocoa": 3})
    s.order = [0, 1]
    play(s, "cash 1 inca")
    assert "already cashed Inca relics" in refused(s, "cash 1 inca")
