"""Progression step (seed 4, 4.1, 4.2; research §5.4, §6, A1, A2, A7-A9)."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction
from meeple.engine.messages import text_of
from meeple.games.mundus_novus.progression import money_for_different, money_for_inca, reach
from meeple.games.mundus_novus.state import KEEP, PICKDEV, PROG, START

from .mundus_helpers import (
    dev,
    fresh,
    give,
    hand,
    kind,
    legal,
    money,
    play,
    play_open,
    progression_turn,
    refresh,
    rkey,
    set_money,
    whole_choices,
)


def turn(cards: dict[str, int], players: int = 3, seat: int = 0, **options):
    s = fresh(players, **options)
    progression_turn(s, seat, cards)
    # a second player still to play, so that ending the turn does not start a new round
    nxt = (seat + 1) % players
    s.order = [seat, nxt]
    for k, c in (("cocoa", 3),):
        s.seats[nxt].hand[kind(k)] = c
    refresh(s)
    return s


def test_trade_master_picks_who_starts_progression() -> None:
    """Seed 4: the Trade Master decides who starts (himself included), then clockwise."""
    s = fresh(4)
    s.phase, s.cur, s.tm = START, 2, 2
    refresh(s)
    assert legal(s) == [f"p{q} starts progression" for q in range(4)]
    play(s, "p3 starts progression")
    assert s.order == [3, 0, 1, 2]


@pytest.mark.parametrize(("value", "cards", "positions"), [
    (1, 3, 1), (2, 3, 1), (3, 3, 1), (4, 3, 3), (5, 3, 3), (6, 3, 3), (7, 3, 5), (8, 3, 5), (9, 3, 5),
    (1, 4, 3), (3, 4, 3), (4, 4, 5), (6, 4, 5), (7, 4, 5), (9, 4, 5),
    (1, 5, 5), (5, 5, 5), (9, 5, 5), (2, 6, 5),
])
def test_identical_set_table_cell_by_cell(value: int, cards: int, positions: int) -> None:
    """Seed 4.1 table (research §6.1): count x value band -> queue positions n°1..n°k."""
    s = turn({})
    assert reach(s, value - 1, cards) == positions
    name = s.names[value - 1]
    s2 = turn({name: cards})
    first = s2.queue[0]
    play(s2, f"set {cards} {name}")
    if positions == 1:  # a single choice is applied at once
        assert s2.phase == PROG and s2.seats[0].owned == (first,)
    else:
        assert s2.phase == PICKDEV
        assert [a.split()[1] for a in legal(s2)] == [f"n{i + 1}" for i in range(positions)]


@pytest.mark.parametrize(("cards", "money"), [(4, 5), (5, 7), (6, 10), (7, 15), (8, 20), (9, 25)])
def test_different_set_money_table_cell_by_cell(cards: int, money: int) -> None:
    """Seed 4.2: 4-9 different resources pay 5/7/10/15/20/25 doubloons."""
    s = turn({s_: 1 for s_ in ("cocoa", "corn", "tobacco", "coffee", "cotton", "sugar cane", "potato",
                               "indigo", "vanilla")[:cards]})
    assert money_for_different(s, 0, cards) == money
    play_open(s, *[f"different: add {name}" for name in hand(s, 0)], f"cash different set of {cards}")
    assert s.seats[0].money == money and hand(s, 0) == {}


@pytest.mark.parametrize(("relics", "money"), [(1, 3), (2, 7), (3, 12), (4, 18), (5, 25)])
def test_inca_relics_alone_money_table_cell_by_cell(relics: int, money: int) -> None:
    """Seed 4.2: Inca relics cashed alone pay 3/7/12/18/25."""
    s = turn({"inca relic": relics})
    assert money_for_inca(s, relics) == money
    play(s, f"cash {relics} inca")
    assert s.seats[0].money == money


def test_inca_cash_in_at_most_five() -> None:
    """Research §10.7 (STAND_IN): at most 5 relics per cash-in, once per round."""
    s = turn({"inca relic": 7})
    assert "cash 5 inca" in legal(s) and "cash 6 inca" not in legal(s)
    play(s, "cash 5 inca")
    assert not any(a.startswith("cash") for a in legal(s))


def test_one_identical_set_per_round() -> None:
    """Seed 4.1: only one identical set per round (outside King's Help)."""
    s = turn({"cotton": 3, "vanilla": 3, "inca relic": 1})
    play(s, "set 3 cotton", "take n1 " + s.tables.developments[s.queue[0]].name)
    assert s.phase == PROG
    assert not any(a.startswith("set") for a in legal(s))
    assert "already made an identical set" in text_of(s.explain_illegal("set 3 vanilla"))


def test_inca_relics_are_wild_in_identical_sets_but_need_a_real_card() -> None:
    """Seed 4.1 (research A9): Inca relics are jokers in an identical set; at least one real card."""
    s = turn({"indigo": 1, "inca relic": 3})
    acts = legal(s)
    assert "set 1 indigo + 2 inca" in whole_choices(s) and "set 1 indigo + 3 inca" in whole_choices(s)
    assert not any(a.startswith("set") and "indigo" not in a for a in acts)
    play(s, "set 1 indigo + 2 inca")
    assert len(legal(s)) == 5  # band 7-9, 3 cards: any of the 5


def test_different_set_needs_four_distinct_and_incas_not_wild() -> None:
    """Seed 4.2 / research A2: different resources only (4+), Inca relics not wild by default."""
    s = turn({"cocoa": 2, "corn": 1, "tobacco": 1, "inca relic": 2})
    assert not any(a.startswith("different") for a in legal(s))
    s2 = turn({"cocoa": 2, "corn": 1, "tobacco": 1, "inca relic": 2}, inca_wild_in_different=True)
    assert "different: add inca relic" in legal(s2)
    play(s2, "different: add cocoa", "different: add corn", "different: add tobacco")
    # the only way on is a wild relic (applied at once); then cash 4 or add the second relic
    assert legal(s2) == ["different: add inca relic", "cash different set of 4"]
    play(s2, "cash different set of 4")
    assert s2.seats[0].money == 5


def test_identical_different_and_inca_all_in_one_turn() -> None:
    """Research A1: one identical set, one different set and one Inca cash-in in the same turn; option
    one_set_only allows a single combination."""
    cards = {"cotton": 4, "cocoa": 1, "corn": 1, "tobacco": 1, "inca relic": 2}
    s = turn(dict(cards))
    play(s, "set 3 cotton", "take n1 " + s.tables.developments[s.queue[0]].name)
    play_open(s, "different: add cocoa", "different: add corn", "different: add tobacco",
              "different: add cotton", "cash different set of 4")
    assert s.seats[0].money == 5
    play(s, "cash 2 inca")
    assert s.seats[0].money == 12 and len(s.seats[0].owned) == 1
    s2 = turn(dict(cards), one_set_only=True)
    assert "one_set_only" not in text_of(s2.explain_illegal("set 5 cotton"))
    play(s2, "cash 2 inca")
    # nothing but 'end turn' was left, so the turn ended at once: p1 plays now, p0 discarded its hand
    assert s2.cur == 1 and s2.seats[0].money == 7 and hand(s2, 0) == {}


def test_queue_slides_and_refills() -> None:
    """Seed 4.1 A-B: the cards behind the taken one slide toward n°1; n°5 is refilled from the deck."""
    s = turn({"vanilla": 3})
    before = list(s.queue)
    top = s.dev_deck[-1]
    play(s, "set 3 vanilla", "take n2 " + s.tables.developments[before[1]].name)
    assert s.queue == [before[0], before[2], before[3], before[4], top]
    assert s.seats[0].owned[-1] == before[1]


def test_queue_not_refilled_flags_game_end() -> None:
    """Seed end C: when the queue cannot be refilled, the game ends after this round."""
    s = turn({"vanilla": 3})
    s.dev_deck = []
    refresh(s)
    play(s, "set 3 vanilla", "take n1 " + s.tables.developments[s.queue[0]].name)
    assert s.dev_ended and len(s.queue) == 4


def test_hand_discarded_except_warehouse_cards() -> None:
    """Seed 4.2 end: the hand is discarded, except cards kept by warehouses (1 or 2 each)."""
    s = turn({"cocoa": 2, "corn": 2, "coffee": 1})
    give(s, 0, "W06", "W01")  # keeps 2 + 1
    play(s, "end turn")
    assert s.phase == KEEP
    play(s, "keep coffee", "keep corn", "keep corn")
    assert hand(s, 0) == {"corn": 2, "coffee": 1}
    assert s.discard[kind("cocoa")] >= 2


def test_hand_discarded_without_warehouse() -> None:
    """Seed 4.2 end: without a warehouse every card left is discarded."""
    s = turn({"cocoa": 2, "corn": 2})
    d = s.discard[kind("cocoa")]
    play(s, "end turn")
    assert hand(s, 0) == {} and s.discard[kind("cocoa")] == d + 2


def test_merchant_converts_one_card_into_its_band() -> None:
    """Seed, merchants (research A7): one card per merchant becomes a value of the merchant's band; the
    seed's example turns 5, 5, 1 into three 5s."""
    s = turn({"cotton": 2, "cocoa": 1})
    give(s, 0, "M04")  # band 4-6
    acts = legal(s)
    assert "convert cocoa to cotton" in acts and "convert cocoa to vanilla" not in acts
    play(s, "convert cocoa to cotton")
    assert not any(a.startswith("convert") for a in legal(s))
    play(s, "set 3 cotton")
    assert len(legal(s)) == 3  # band 4-6 with 3 cards: n°1-n°3


def test_merchant_conversion_lapses_at_turn_end() -> None:
    """Research A7: a converted card is itself again when the hand is discarded or kept."""
    s = turn({"cocoa": 1, "corn": 1})
    give(s, 0, "M04", "W07")
    play(s, "convert cocoa to cotton")  # nothing else to do: the turn ends at once
    assert s.cur == 1 and hand(s, 0) == {"cocoa": 1, "corn": 1}


def test_merchant_conversion_lasts_the_whole_progression_turn() -> None:
    """Seed, merchants ("每當發展階段" ... 5, 5, 1 used as 5, 5, 5) and research A7: the converted card
    counts as its new resource for every combination of that Progression turn: here first in an identical
    set, then the natural copy left in hand goes into a different set."""
    s = turn({"cotton": 3, "cocoa": 1, "corn": 1, "tobacco": 1, "coffee": 1})
    give(s, 0, "M04")
    play(s, "convert cocoa to cotton", "set 3 cotton")
    s.apply(legal(s)[0])  # the development card
    assert hand(s, 0) == {"cotton": 1, "corn": 1, "tobacco": 1, "coffee": 1}
    money = s.seats[0].money
    play_open(s, "different: add corn", "different: add tobacco", "different: add coffee",
              "different: add cotton", "cash different set of 4")
    assert s.seats[0].money == money + 5 and s.cur == 1


def test_merchant_converted_card_is_used_before_natural_one() -> None:
    """Seed, merchants; research A7: when a converted card and natural cards of the same resource are in
    hand and some go into a set, the converted card is among them; the natural card stays in hand (and
    can be kept in a warehouse) and the discard pile shows the converted card as printed."""
    s = turn({"cotton": 3, "cocoa": 1})
    give(s, 0, "M04", "W07")  # warehouse keeps 2
    before = list(s.discard)
    play(s, "convert cocoa to cotton", "set 3 cotton")
    s.apply(legal(s)[0])  # then "end turn" is forced and the warehouse keeps the one card left
    assert s.cur == 1
    assert s.seats[0].hand[kind("cotton")] == 1 and s.seats[0].hand[kind("cocoa")] == 0
    assert s.discard[kind("cotton")] - before[kind("cotton")] == 2
    assert s.discard[kind("cocoa")] - before[kind("cocoa")] == 1


def test_shipyards_collect_from_larger_fleets() -> None:
    """Seed, shipyards (research A8): at the start of Progression every player with more caravels pays
    the owner 1 doubloon per shipyard (what he has, if less)."""
    from meeple.games.mundus_novus.trade import start_progression

    s = fresh(3)
    give(s, 0, "S01", "S02")
    give(s, 1, "C01")
    give(s, 2, "C03", "C05")
    set_money(s, [0, 5, 1])
    start_progression(s, [])
    assert money(s) == [3, 3, 0]


def test_illegal_set_is_explained() -> None:
    """Errors in the game's terms: an impossible set names the rule."""
    s = turn({"cotton": 2})
    with pytest.raises(IllegalAction, match="you have only 2 cotton"):
        s.apply("set 3 cotton")
    assert dev("C01") == 0


def test_identical_set_is_built_one_card_at_a_time() -> None:
    """Version 5 (issue 18): an identical set starts with its first 3 cards (resource cards first),
    grows by one card of its resource while it holds no Inca relic, then by Inca relics, until
    ``cash set``; it is cashed by itself when it cannot grow; every start can be completed."""
    s = turn({"cotton": 4, "inca relic": 2})
    starts = [a for a in legal(s) if a.startswith("set ")]
    assert starts == ["set 1 cotton + 2 inca", "set 2 cotton + 1 inca", "set 3 cotton"]
    s.apply("set 3 cotton")
    assert s.building and legal(s) == ["set: add cotton", "set: add inca relic", "cash set"]
    assert s.view(1)["pending_set"] == {"resource": rkey("cotton"), "cards": 3, "inca": 0}
    assert hand(s, 0) == {"cotton": 4, "inca relic": 2}  # nothing leaves the hand before the cash-in
    s.apply("set: add cotton")
    assert legal(s) == ["set: add inca relic", "cash set"]
    s.apply("set: add inca relic")
    assert "resource cards come before" in text_of(s.explain_illegal("set: add cotton"))
    assert "finish the identical set" in text_of(s.explain_illegal("end turn"))
    s.apply("cash set")
    assert not s.building and (s.set_kind, s.set_cards, s.set_inca) == (kind("cotton"), 4, 1)
    assert hand(s, 0) == {"inca relic": 1}


def test_identical_set_that_cannot_grow_is_cashed_at_once() -> None:
    """A start with no card left to add is the whole set (no ``cash set`` step)."""
    s = turn({"cotton": 2, "inca relic": 1})
    events = s.apply("set 2 cotton + 1 inca")
    assert not s.building and any(e["type"] == "set" for e in events)
    s = turn({"cotton": 4})
    assert "begins with its first 3 cards" in text_of(s.explain_illegal("set 4 cotton"))


def test_every_whole_set_is_reachable_once() -> None:
    """The steps reach each (cards, relics) identical set exactly once, as version 4 offered them."""
    s = turn({"vanilla": 4, "inca relic": 2})
    sets = sorted(a for a in whole_choices(s) if a.startswith("set "))
    want = sorted(f"set {c} vanilla" + (f" + {j} inca" if j else "")
                  for c in range(1, 5) for j in range(3) if c + j >= 3)
    assert sets == want
