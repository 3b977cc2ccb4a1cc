"""Illegal actions are refused with a reason in the game's terms, and change nothing."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction
from meeple.engine.fields import fingerprint
from meeple.engine.messages import text_of
from meeple.games.mundus_novus.state import PICKDEV, PROG

from .mundus_helpers import fresh, kind, play, progression_turn, refresh, set_hand


def refused(s, text: str) -> str:
    before = fingerprint(s)
    with pytest.raises(IllegalAction) as exc:
        s.apply(text)
    assert fingerprint(s) == before
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
    assert "no seat 7" in refused(s, "take corn from p7")


def test_second_inca_cash_in_explained() -> None:
    """Research §10.7: one Inca cash-in per round."""
    s = fresh(3)
    progression_turn(s, 0, {"inca relic": 3, "cocoa": 3})
    s.order = [0, 1]
    play(s, "cash 1 inca")
    assert "already cashed Inca relics" in refused(s, "cash 1 inca")


def _turn(cards: dict[str, int], *codes: str, **options):
    from .mundus_helpers import give, refresh

    s = fresh(3, **options)
    progression_turn(s, 0, cards)
    s.order = [0, 1]
    s.seats[1].hand[0] = 3
    if codes:
        give(s, 0, *codes)
    refresh(s)
    return s


def test_identical_set_needs_three_cards_explained() -> None:
    """Seed 4.1: an identical set has at least 3 cards; you can only use cards you hold."""
    s = _turn({"cotton": 2, "inca relic": 1})
    assert "at least 3 cards" in refused(s, "set 2 cotton")
    assert "you have only 2 cotton" in refused(s, "set 3 cotton")
    assert "only 1 Inca relic" in refused(s, "set 1 cotton + 2 inca")
    assert "' + <n> inca'" in refused(s, "set 2 cotton + 1 inca relic")  # a misspelt relic part


def test_identical_set_needs_a_real_card_explained() -> None:
    """Research A9 (seed 4.1: Inca relics are wild): a set of Inca relics alone is not an identical set."""
    s = _turn({"inca relic": 4, "cocoa": 1})
    assert "at least one real resource card" in refused(s, "set 0 cocoa + 3 inca")
    assert "at least one real resource card" in refused(s, "set 3 inca relic")


def test_one_identical_set_per_round_explained() -> None:
    """Seed 4.1 ("只有一次合併機會"): a second identical set needs King's Help."""
    s = _turn({"cotton": 6, "inca relic": 1})
    play(s, "set 3 cotton")
    s.apply(s.legal_actions()[0])
    assert s.phase == PROG and s.cur == 0
    assert "only King's Help allows more" in refused(s, "set 3 cotton")


def test_one_set_only_option_explained() -> None:
    """Research A1, option one_set_only: after one combination no other is allowed."""
    s = _turn({"cotton": 3, "inca relic": 2, "cocoa": 1}, "M04", one_set_only=True)
    play(s, "cash 2 inca")
    assert s.phase == PROG and s.cur == 0
    assert "option one_set_only" in refused(s, "set 3 cotton")


def test_inca_not_wild_in_different_set_explained() -> None:
    """Research A2 (seed 4.2: different values only): an Inca relic cannot stand in a different set."""
    s = _turn({"cocoa": 1, "corn": 1, "tobacco": 1, "coffee": 1, "cotton": 1, "inca relic": 1})
    assert "Inca relics cannot stand in" in refused(s, "different: add inca relic")


def test_different_set_cards_all_different_explained() -> None:
    """Seed 4.2: every card of a different set is another resource."""
    s = _turn({"cocoa": 2, "corn": 1, "tobacco": 1, "coffee": 1, "cotton": 1})
    play(s, "different: add cocoa")
    assert "already in the set" in refused(s, "different: add cocoa")
    assert "finish the set of different resources first" in refused(s, "end turn")
    assert "needs 4 to 9 cards; yours has 1" in refused(s, "cash different set of 1")


def test_different_set_needs_four_resources_explained() -> None:
    """Seed 4.2: the smallest different set has 4 cards."""
    s = _turn({"cocoa": 1, "corn": 1, "tobacco": 1})
    assert "at least 4 different resources" in refused(s, "different: add cocoa")


def test_inca_cash_in_at_most_five_explained() -> None:
    """Seed 4.2 Inca table (1-5 relics; research §10.7 stand-in: no more than 5 at once)."""
    s = _turn({"inca relic": 6})
    assert "at most 5 Inca relics" in refused(s, "cash 6 inca")
    s2 = _turn({"inca relic": 2, "cocoa": 1})
    assert "you have only 2 Inca relics" in refused(s2, "cash 3 inca")


def test_merchant_conversion_rules_explained() -> None:
    """Seed, merchants (research A7): one card per merchant, never to or from an Inca relic, only into the
    merchant's band."""
    s = _turn({"cocoa": 2, "inca relic": 1})
    assert "own no merchant" in refused(s, "convert cocoa to cotton")
    s = _turn({"cocoa": 2, "inca relic": 1}, "M04")
    assert "cannot convert an Inca relic" in refused(s, "convert inca relic to cotton")
    assert "cannot make an Inca relic" in refused(s, "convert cocoa to inca relic")
    assert "no vanilla in hand" in refused(s, "convert vanilla to cotton")
    assert "values 4-6 only" in refused(s, "convert cocoa to vanilla")
    play(s, "convert cocoa to cotton")
    assert "already converted a card" in refused(s, "convert cocoa to coffee")


def test_storm_takes_only_queue_card_one_explained() -> None:
    """Seed, Storm: an identical set can only take queue card n°1."""
    s = _turn({"vanilla": 3, "cocoa": 1})
    s.event = "ST"
    s.phase, s.set_kind, s.set_cards, s.set_inca = PICKDEV, kind("vanilla"), 3, 0
    assert "Storm" in text_of(s.explain_illegal(f"take n3 {s.tables.developments[s.queue[2]].name}"))


def test_set_table_reach_explained() -> None:
    """Seed 4.1 table: 3 cards of value 1-3 reach n°1 only; 3 of value 4-6 reach n°1-n°3."""
    s = _turn({"corn": 3, "cocoa": 1})
    s.phase, s.set_kind, s.set_cards, s.set_inca = PICKDEV, kind("corn"), 3, 0
    text = f"take n2 {s.tables.developments[s.queue[1]].name}"
    assert "reaches queue card n°1 only" in text_of(s.explain_illegal(text))
    s = _turn({"cotton": 3, "cocoa": 1})
    play(s, "set 3 cotton")
    assert "n°1 to n°3 only" in refused(s, f"take n4 {s.tables.developments[s.queue[3]].name}")
    assert "Diego de Almagro" in refused(s, "take deck top")


def test_supply_take_only_face_up_cards_explained() -> None:
    """Seed 2.2: a fleet takes cards from the face-up supply."""
    from meeple.games.mundus_novus.state import SUPPLY

    s = fresh(3)
    s.phase, s.cur, s.need = SUPPLY, 0, 1
    s.supply = [kind("cocoa"), kind("vanilla")]
    assert "not among the face-up supply cards (cocoa, vanilla)" in refused(s, "take corn")


def test_pirates_discard_from_hand_explained() -> None:
    """Seed, Pirates: the discarded card comes from the hand."""
    from meeple.games.mundus_novus.state import PIRATES

    s = fresh(3)
    set_hand(s, 0, {"cocoa": 2})
    s.phase, s.cur, s.need = PIRATES, 0, 1
    assert "no vanilla in hand" in refused(s, "discard vanilla")


def test_balancing_gift_goes_to_short_player_explained() -> None:
    """Seed 3.6 B: the Trade Master gives one of his cards to the player left one card short."""
    from meeple.games.mundus_novus.state import GIFT

    s = fresh(3)
    set_hand(s, 0, {"cocoa": 2})
    s.phase, s.cur, s.need = GIFT, 0, 2
    assert "goes to seat 2" in refused(s, "give cocoa to p1")
    assert "no vanilla in hand" in refused(s, "give vanilla to p2")


def test_offer_nothing_only_las_casas_explained() -> None:
    """Seed, Bartolome de las Casas: only his owner may offer 0 cards."""
    s = fresh(3)
    set_hand(s, 0, {"cocoa": 3, "corn": 2})
    play(s, "announce 2")
    assert "Bartolome de las Casas" in refused(s, "offer nothing")


def test_no_immediate_take_back_explained() -> None:
    """Seed 3.5 note (research A4): B may not take straight back from A."""
    s = fresh(3)
    set_hand(s, 0, {"cocoa": 5})
    set_hand(s, 1, {"corn": 5})
    set_hand(s, 2, {"vanilla": 5})
    play(s, "announce 2", "take corn from p1")  # p2 (vanilla, the highest offer) is Trade Master
    assert "just took from you" in refused(s, "take vanilla from p2")


def test_coronado_forces_a_real_event_explained() -> None:
    """Research A10: Coronado chooses one of the five events."""
    from meeple.games.mundus_novus.state import CORONADO

    s = fresh(3)
    s.phase, s.cur = CORONADO, 0
    assert "Coronado may force one of" in refused(s, "force Earthquake")


def test_ponce_split_must_divide_the_caravels_explained() -> None:
    """Seed, Ponce de Leon: the split divides his own caravels into two fleets."""
    from meeple.games.mundus_novus.state import PONCE

    from .mundus_helpers import give

    s = fresh(3)
    give(s, 0, "C01", "C03", "P09")
    s.phase, s.cur = PONCE, 0
    assert "two non-empty fleets" in refused(s, "split fleets 1 / 6")


def test_exchange_wording_mistakes_explained() -> None:
    """Seed 3.4-3.5 in the terminal: a seat written "seat N", a swap without its market card, or a market
    card that is not there is explained with the right form and the market's contents."""
    s = fresh(3)
    s.tm = s.cur = 0
    for p, h in enumerate([{"vanilla": 5}, {"corn": 5}, {"cotton": 5}]):
        set_hand(s, p, h)
    s.market = [kind("tobacco"), kind("coffee"), kind("vanilla")]
    refresh(s)
    s.apply("announce 2")
    assert "'take cotton from p2'" in refused(s, "take cotton from seat 2")
    assert "'swap <resource> from pN for <market card>'" in refused(s, "swap cotton from p2")
    assert "the market holds tobacco, coffee, vanilla" in refused(s, "swap cotton from p2 for corn")
