"""Events (seed 1.1-1.3 and 'event effects'; research §4) and the Supply step (seed 2.1-2.2)."""

from __future__ import annotations

from meeple.games.mundus_novus.developments import fleets
from meeple.games.mundus_novus.events import begin_round, pay_income
from meeple.games.mundus_novus.pirates import start_pirates
from meeple.games.mundus_novus.state import CORONADO, KEEP, PIRATES, PONCE, PROG, SUPPLY, K
from meeple.games.mundus_novus.supply import supply_order

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
    set_money,
    whole_choices,
)


def turn(cards: dict[str, int], event: str, players: int = 3, **options):
    s = fresh(players, **options)
    progression_turn(s, 0, cards)
    s.order = [0, 1]
    s.seats[1].hand[kind("cocoa")] = 3
    s.event = event
    refresh(s)
    return s


def round_start(queue_first: str, round_no: int = 1, **options):
    s = fresh(3, **options)
    i = dev(queue_first)
    if i in s.queue:
        s.queue.remove(i)
    elif i in s.dev_deck:
        s.dev_deck.remove(i)
    s.queue.insert(0, i)
    s.round = round_no
    return s


def test_event_comes_from_queue_card_one() -> None:
    """Seed 1.1: the symbol on queue card n°1 at the round's start is the round's event."""
    s = round_start("C09")  # Storm symbol
    begin_round(s, [])
    assert s.round == 2 and s.event == "ST"
    s2 = round_start("C01")  # no symbol
    begin_round(s2, [])
    assert s2.event == ""
    assert s2.view(None)["event"] is None


def test_no_event_in_round_one() -> None:
    """Research §4: no event in round 1 even if card n°1 shows one; option no_event_round_1=false."""
    s = round_start("C09", round_no=0)
    begin_round(s, [])
    assert s.round == 1 and s.event == ""
    s2 = round_start("C09", round_no=0, no_event_round_1=False)
    begin_round(s2, [])
    assert s2.event == "ST"


def test_kings_help_allows_several_identical_sets() -> None:
    """Event King's Help: several identical sets, so several development cards, in one turn."""
    s = turn({"vanilla": 3, "indigo": 3, "cocoa": 1}, "KH")
    play(s, "set 3 vanilla", "take n1 " + s.tables.developments[s.queue[0]].name)
    play(s, "set 3 indigo", "take n1 " + s.tables.developments[s.queue[0]].name)
    assert len(s.seats[0].owned) == 2


def test_natives_pay_one_doubloon_per_different_card() -> None:
    """Event Natives: a set of different resources pays 1 doubloon per card."""
    s = turn({"cocoa": 1, "corn": 1, "tobacco": 1, "coffee": 1, "cotton": 1, "inca relic": 1}, "NA")
    play_open(s, "different: add cocoa", "different: add corn", "different: add tobacco", "different: add coffee",
              "different: add cotton", "cash different set of 5")
    assert s.seats[0].money == 5
    play(s, "cash 1 inca")  # research A17: Natives leaves the Inca cash-in alone
    assert s.seats[0].money == 8


def test_storm_only_queue_card_one() -> None:
    """Event Storm: an identical set, however good, takes only queue card n°1."""
    s = turn({"vanilla": 5, "inca relic": 1}, "ST")
    first = s.queue[0]
    play(s, "set 5 vanilla")
    assert s.seats[0].owned == (first,) and s.phase == PROG


def test_fire_disables_warehouses() -> None:
    """Event Fire: warehouses keep nothing this round (their income is unaffected, research A16)."""
    s = turn({"cocoa": 2, "corn": 2, "inca relic": 1}, "FI")
    give(s, 0, "W06")
    play(s, "end turn")
    assert s.phase != KEEP and hand(s, 0) == {}
    s2 = turn({"cocoa": 2, "corn": 2, "inca relic": 1}, "")
    give(s2, 0, "W06")
    play(s2, "end turn")
    assert s2.phase == KEEP


def test_pirates_cost_a_card_to_fleets_of_two() -> None:
    """Event Pirates: right after Supply, a player with 2+ caravels discards 1 card of his choice; a
    player with one caravel is not affected."""
    s = fresh(3)
    give(s, 0, "C01", "C03")
    give(s, 1, "C05")
    for p in range(3):
        s.seats[p].hand = [1, 1, 0, 0, 0, 0, 0, 0, 0, 0]
    s.event = "PI"
    start_pirates(s, [])
    assert s.phase == PIRATES and s.cur == 0
    assert legal(s) == ["discard cocoa", "discard corn"]
    play(s, "discard corn")
    assert hand(s, 0) == {"cocoa": 1} and hand(s, 1) == {"cocoa": 1, "corn": 1}


def test_juan_de_la_cosa_is_immune_to_events() -> None:
    """Seed, Juan de la Cosa: events do not affect his owner, good or bad."""
    s = turn({"cocoa": 1, "corn": 1, "tobacco": 1, "coffee": 1, "inca relic": 1}, "NA")
    give(s, 0, "P03")
    play_open(s, "different: add cocoa", "different: add corn", "different: add tobacco",
              "different: add coffee", "cash different set of 4")
    assert s.seats[0].money == 5  # the table, not Natives
    s2 = turn({"vanilla": 3, "indigo": 3, "cocoa": 1}, "KH")
    give(s2, 0, "P03")
    play(s2, "set 3 vanilla", "take n1 " + s2.tables.developments[s2.queue[0]].name)
    assert not any(a.startswith("set") for a in legal(s2))  # no King's Help for him either


def test_coronado_pays_two_to_force_an_event() -> None:
    """Seed, Francisco de Coronado: in a round without event he may pay 2 doubloons to choose one."""
    s = round_start("C01")
    give(s, 1, "P07")
    s.seats[1].money = 5
    begin_round(s, [])
    assert s.phase == CORONADO and s.to_move == 1
    assert legal(s) == ["no event", "force King's Help", "force Natives", "force Storm", "force Fire",
                        "force Pirates"]
    play(s, "force Fire")
    assert s.event == "FI" and s.seats[1].money == 4  # 5 + 1 income (stand-in) - 2


def test_supply_deals_five_face_down_cards() -> None:
    """Seed 2.1: every player draws 5 face-down cards; in round 1 there are no caravels, so nothing more."""
    s = fresh(4)
    assert [sum(s.seats[p].hand) for p in range(4)] == [5, 5, 5, 5]
    assert s.supply == []


def test_supply_face_up_cards_equal_all_caravels_smallest_fleet_first() -> None:
    """Seed 2.1-2.2 (research A3): as many face-up cards as caravels in play; the smallest fleet (sum of
    values) chooses first, and each fleet takes one card per caravel."""
    s = round_start("C01")
    give(s, 0, "C11", "C12")  # 6 + 6
    give(s, 1, "C03")  # 2
    give(s, 2, "C07")  # 4
    assert supply_order(s) == [(1, 1), (2, 1), (0, 2)]
    begin_round(s, [])
    assert s.phase == SUPPLY and s.cur == 1 and len(s.supply) == 4
    before = sum(s.seats[1].hand)
    play(s, legal(s)[0])
    assert sum(s.seats[1].hand) == before + 1
    # then p2 takes 1 and p0 takes the last 2
    s2 = round_start("C01", supply_order="count")
    give(s2, 0, "C01", "C02")  # two caravels worth 1 each
    give(s2, 1, "C12")  # one caravel worth 6
    assert supply_order(s2) == [(1, 1), (0, 2)]  # by count the single caravel goes first


def test_supply_tie_broken_by_lowest_single_caravel() -> None:
    """Seed 2.2: equal fleets: the one whose smallest caravel is lower chooses first."""
    s = fresh(3)
    give(s, 0, "C09")  # 5
    give(s, 1, "C01", "C07")  # 1 + 4
    assert supply_order(s) == [(1, 2), (0, 1)]


def test_pizarro_highest_caravel_counts_zero() -> None:
    """Seed, Gonzalo Pizarro: his highest caravel counts 0 for the supply order."""
    s = fresh(3)
    give(s, 0, "C11", "C01", "P08")  # 6 -> 0, plus 1: value 1
    give(s, 1, "C03")  # 2
    assert supply_order(s) == [(0, 2), (1, 1)]


def test_ponce_de_leon_splits_fleets() -> None:
    """Seed, Juan Ponce de Leon: two fleets, handled separately for Supply and Pirates."""
    s = round_start("C01")
    give(s, 0, "C01", "C03", "C12", "C11", "P09")
    begin_round(s, [])
    assert s.phase == PONCE
    assert legal(s)[0] == "one fleet" and "split fleets 1+2 / 6+6" in whole_choices(s)
    s.split = 0b0011  # caravels 1 and 2 in the first fleet
    assert supply_order(s)[0] == (0, 2)
    s.event = "PI"
    s.seats[0].hand = [2, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    start_pirates(s, [])
    assert (s.order, s.counts) == ([0], [2])  # two fleets of 2: two cards


def test_income_paid_at_round_start() -> None:
    """Research A6: characters, warehouses and merchants pay their income at the round's start
    (Cortes 3, Almagro 2, de la Cosa 1, warehouse 1)."""
    s = fresh(3)
    give(s, 0, "P01")
    give(s, 1, "P02", "W01")
    give(s, 2, "P03")
    set_money(s, [0, 0, 0])
    pay_income(s, [])
    assert money(s) == [3, 3, 1]


def test_almagro_may_take_deck_top_even_in_storm() -> None:
    """Seed, Diego de Almagro (research A18): he may take the development deck's top card instead."""
    s = turn({"vanilla": 3, "cocoa": 1}, "ST")
    give(s, 0, "P02")
    top = s.dev_deck[-1]
    play(s, "set 3 vanilla")
    assert legal(s) == ["take n1 " + s.tables.developments[s.queue[0]].name, "take deck top"]
    play(s, "take deck top")
    assert s.seats[0].owned[-1] == top


def test_coronado_needs_two_doubloons() -> None:
    """Seed, Coronado: paying 2 doubloons is required; without them the round simply has no event."""
    s = round_start("C01")
    give(s, 1, "P07")
    s.seats[1].money = 0
    begin_round(s, [])  # 1 doubloon of income (stand-in): still not enough
    assert s.seats[1].money == 1 and s.phase != CORONADO and s.event == ""


def test_pirates_spare_juan_de_la_cosa() -> None:
    """Seed, Juan de la Cosa + Pirates: his owner keeps his cards even with a fleet of 2."""
    s = fresh(3)
    give(s, 0, "C01", "C03", "P03")
    give(s, 1, "C05", "C07")
    for p in range(3):
        s.seats[p].hand = [1, 1, 0, 0, 0, 0, 0, 0, 0, 0]
    s.event = "PI"
    start_pirates(s, [])
    assert s.phase == PIRATES and s.cur == 1


def test_empty_resource_deck_is_rebuilt_from_discards() -> None:
    """Research A13: when the resource deck runs out, the discard pile is shuffled into a new deck."""
    from meeple.games.mundus_novus.supply import draw

    s = fresh(3)
    s.discard = [0] * K
    s.discard[kind("indigo")] = 2
    s.deck = []
    got = [draw(s), draw(s), draw(s)]
    assert got == [kind("indigo"), kind("indigo"), -1]
    assert s.discard == [0] * K


def test_warehouse_cards_are_in_hand_for_the_next_round() -> None:
    """Research A15: kept cards are back in hand at the next Supply (5 more are drawn)."""
    s = fresh(3)
    progression_turn(s, 2, {"vanilla": 1, "cocoa": 1})
    give(s, 2, "W07")  # keeps 2
    s.order = [2]
    refresh(s)
    play(s, "end turn")
    assert s.round == 2 and s.seats[2].hand[kind("vanilla")] >= 1
    assert sum(s.seats[2].hand) == 7  # 2 kept + 5 drawn


def test_ponce_de_leon_offers_every_distinct_split() -> None:
    """Seed, Juan Ponce de Leon: any division into two fleets is allowed, not only "the k lowest"; splits
    giving the same two multisets of caravel values are offered once."""
    s = round_start("C01")
    give(s, 0, "C01", "C03", "C12", "C11", "P09")  # caravels 1, 2, 6, 6
    begin_round(s, [])
    assert s.phase == PONCE
    assert sorted(whole_choices(s)) == sorted([
        "one fleet", "split fleets 1 / 2+6+6", "split fleets 1+2 / 6+6", "split fleets 1+6 / 2+6",
        "split fleets 1+2+6 / 6", "split fleets 1+6+6 / 2"])
    events = play(s, "split fleets 1+6 / 2+6")
    assert any(e["type"] == "split" and "1+6 and 2+6" in e["text"] for e in events)
    assert fleets(s, 0) == [[1, 6], [2, 6]]
    assert s.view(2)["seats"][0]["fleets"] == [[1, 6], [2, 6]]  # the division is public


def test_ponce_de_leon_split_with_pizarro_keeps_zeroed_caravel_apart() -> None:
    """Seed, Ponce de Leon with Gonzalo Pizarro: the highest caravel counts 0, so the two sixes are
    different caravels for the split."""
    s = round_start("C01")
    give(s, 0, "C01", "C12", "C11", "P09", "P08")  # caravels 1, 6, 6 (one of them counts 0)
    begin_round(s, [])
    assert sorted(whole_choices(s)) == sorted([
        "one fleet", "split fleets 1 / 6+6(0)", "split fleets 1+6 / 6(0)", "split fleets 1+6(0) / 6"])
    play(s, "split fleets 1+6(0) / 6")
    assert fleets(s, 0) == [[1, 0], [6]]


def test_fire_keeps_warehouse_income() -> None:
    """Seed, Fire and warehouses ("倉庫也會提供1元"); research A16: Fire blocks storage, not income."""
    s = round_start("C11", round_no=1)  # C11 carries Fire; round 2 below has events
    give(s, 0, "W03")
    set_money(s, [0, 0, 0])
    begin_round(s, [])  # round 2: Fire from queue card n°1
    assert s.event == "FI" and s.seats[0].money == 1


def test_pizarro_does_not_change_pirates() -> None:
    """Seed, Gonzalo Pizarro and Pirates (research A11): Pirates counts caravels, so a fleet of 2 still
    costs a card even though its highest caravel counts 0."""
    s = fresh(3)
    give(s, 0, "C01", "C11", "P08")
    for p in range(3):
        s.seats[p].hand = [2, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    s.event = "PI"
    start_pirates(s, [])
    assert (s.order[0], s.counts[0]) == (0, 1) and s.phase == PIRATES


def test_market_not_refreshed_between_rounds() -> None:
    """Seed setup 1 (research A14): the market of 3 changes only through trade swaps, never at a new
    round."""
    s = round_start("C01")
    s.market = [kind("cocoa"), kind("corn"), kind("vanilla")]
    begin_round(s, [])
    assert s.market == [kind("cocoa"), kind("corn"), kind("vanilla")]


def test_low_set_reward_deck_option_takes_deck_top() -> None:
    """Seed 4.1 table, top-left cell "抽取1張發展卡" read as drawing from the deck (option
    low_set_reward='deck'): 3 cards of value 1-3 take the development deck's top card."""
    s = turn({"corn": 3, "cocoa": 1}, "", low_set_reward="deck")
    top = s.dev_deck[-1]
    queue = list(s.queue)
    play(s, "set 3 corn")  # the only reward is forced
    assert top in s.seats[0].owned and s.queue == queue


def test_orellana_inca_triple_counts() -> None:
    """Seed, Orellana ("某一種資源剛好為3張"): three Inca relics in the market are three identical cards."""
    from meeple.games.mundus_novus.trade import orellana_pattern

    s = fresh(3)
    s.market = [kind("inca relic")] * 3
    assert orellana_pattern(s)
    s.market = [kind("inca relic"), kind("cocoa"), kind("corn")]
    assert not orellana_pattern(s)  # relics have no value: no run


def test_ponce_de_leon_second_fleet_one_caravel_at_a_time() -> None:
    """Version 5 (issue 18): the second fleet is chosen caravel by caravel, lowest first and never the
    lowest caravel, then ``split fleets``; only steps some distinct split completes are offered."""
    s = round_start("C01")
    give(s, 0, "C01", "C03", "C12", "C11", "P09")  # caravels 1, 2, 6, 6
    begin_round(s, [])
    assert legal(s) == ["one fleet", "second fleet: add 2", "second fleet: add 6"]
    s.apply("second fleet: add 2")
    assert s.view(1)["seats"][0]["fleets"] == [[1, 6, 6], [2]]  # the split being chosen is public
    assert legal(s) == ["second fleet: add 6", "split fleets"]
    assert "one fleet" not in legal(s)
    play(s, "second fleet: add 6", "split fleets")
    assert fleets(s, 0) == [[1, 6], [2, 6]]
