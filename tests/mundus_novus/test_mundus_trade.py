"""Trade step (seed 3.1-3.6; research §5.3, A4, A5, A12)."""

from __future__ import annotations

from meeple.engine import Rng
from meeple.engine.messages import text_of
from meeple.games.mundus_novus.state import ANNOUNCE, EXCHANGE, GIFT, OFFER, START, TIE

from .mundus_helpers import cards_of, fresh, give, hand, kind, legal, play, refresh, rkey, set_hand


def at_announce(players: int, hands: list[dict[str, int]], tm: int = 0):
    s = fresh(players)
    assert s.phase == ANNOUNCE
    s.tm = s.cur = tm
    for p, h in enumerate(hands):
        set_hand(s, p, h)
    s.market = [kind("cocoa"), kind("cotton"), kind("vanilla")]
    refresh(s)
    return s


def test_trade_master_announces_two_to_four() -> None:
    """Seed 3.1: the Trade Master announces 2, 3 or 4 cards."""
    s = at_announce(3, [{"cocoa": 5}, {"corn": 5}, {"tobacco": 5}])
    assert legal(s) == ["announce 2", "announce 3", "announce 4"]
    assert s.to_move == 0


def test_offers_are_committed_one_card_at_a_time_in_secret() -> None:
    """Seed 3.2: each player commits N cards face down; nothing is revealed until all have committed."""
    s = at_announce(3, [{"cocoa": 2, "corn": 3}, {"corn": 2, "coffee": 3}, {"tobacco": 5}])
    play(s, "announce 2")
    assert s.phase == OFFER and s.to_move == 0
    assert legal(s) == ["offer cocoa", "offer corn"]
    play(s, "offer cocoa", "offer corn")
    assert s.to_move == 1
    for seat in (1, 2, None):
        v = s.view(seat)
        assert "offer" not in v["seats"][0]
        assert v["seats"][0]["offer_committed"] is True
        assert rkey("cocoa") not in str(v.get("my_offer", {}))
    assert cards_of(s.view(0)["my_offer"]) == {"cocoa": 1, "corn": 1}


def test_offer_value_counts_inca_as_ten_and_highest_becomes_trade_master() -> None:
    """Seed 3.3: offers are summed (Inca relic = 10) and the highest takes the Trade Master token."""
    s = at_announce(3, [{"vanilla": 5}, {"inca relic": 2, "cocoa": 3}, {"tobacco": 5}])
    play(s, "announce 2")
    play(s, "offer inca relic", "offer inca relic")  # p1: 20 beats p0's 18
    assert s.tm == 1 and s.phase == EXCHANGE and s.to_move == 1


def test_offer_tie_decided_by_outgoing_trade_master() -> None:
    """Seed 3.3: on a tie the current (outgoing) Trade Master chooses who gets the token."""
    s = at_announce(3, [{"cocoa": 5}, {"potato": 5}, {"potato": 5}], tm=0)
    play(s, "announce 2")
    assert s.phase == TIE and s.to_move == 0
    assert legal(s) == ["trade master p1", "trade master p2"]
    play(s, "trade master p2")
    assert s.tm == 2 and s.to_move == 2


def test_take_card_into_hand_and_victim_takes_next() -> None:
    """Seed 3.4 A and 3.5: take a card from another offer into hand; its owner takes next."""
    s = at_announce(3, [{"cocoa": 5}, {"corn": 5}, {"vanilla": 5}])
    play(s, "announce 2")
    assert s.tm == 2
    play(s, "take cocoa from p0")
    assert hand(s, 2)["cocoa"] == 1 and s.to_move == 0


def test_swap_through_market_cannot_take_back_the_placed_card() -> None:
    """Seed 3.4 B: put the card into the market and take another market card; the placed card (same kind)
    cannot be taken back, and the market stays at 3 cards."""
    s = at_announce(3, [{"cocoa": 5}, {"corn": 5}, {"vanilla": 5}])
    play(s, "announce 2")
    acts = legal(s)
    assert "swap corn from p1 for cotton" in acts
    assert "swap cocoa from p0 for cocoa" not in acts
    play(s, "swap corn from p1 for cotton")
    assert sorted(s.market) == sorted([kind("cocoa"), kind("corn"), kind("vanilla")])
    assert hand(s, 2)["cotton"] == 1 and s.to_move == 1


def test_no_immediate_take_back_unless_no_other_target() -> None:
    """Seed 3.5 note (research A4): the victim may not take straight back from the player who just took
    from him, unless nobody else has cards on offer."""
    s = at_announce(3, [{"cocoa": 5}, {"corn": 5}, {"vanilla": 5}])
    play(s, "announce 2")
    play(s, "take cocoa from p0")
    assert not any(a.endswith("from p2") or " from p2 " in a for a in legal(s))
    assert "seat 2 just took from you" in text_of(s.explain_illegal("take vanilla from p2"))
    # empty p1's offer: now p0 may take back from p2
    s.seats[1].offer[kind("corn")] = 0
    refresh(s)
    assert "take vanilla from p2" in legal(s)


def test_two_player_chain_alternates_without_gift() -> None:
    """Research §5.3 (2 players): the players simply alternate; equal offers need no balancing gift."""
    s = at_announce(2, [{"cocoa": 5}, {"vanilla": 5}])
    play(s, "announce 3")
    assert s.tm == 1
    takers = []
    while s.phase == EXCHANGE:
        takers.append(s.to_move)
        play(s, [a for a in legal(s) if a.startswith("take")][0])
    assert takers == [1, 0, 1, 0, 1, 0]
    assert s.phase == START
    assert sum(hand(s, 0).values()) == 5 and sum(hand(s, 1).values()) == 5


def test_three_player_chain_ends_with_balancing_gift() -> None:
    """Seed 3.6 B: a player left one card short gets one card of the Trade Master's choice, face down."""
    s = at_announce(3, [{"inca relic": 1}, {"corn": 1}, {"cocoa": 5}])
    play(s, "announce 2")
    assert s.tm == 0
    play(s, "take corn from p1")
    assert s.to_move == 1 and all("p0" not in a for a in legal(s))
    play(s, "take cocoa from p2", "take inca relic from p0", "take cocoa from p2")
    assert s.phase == GIFT and s.to_move == 0
    assert legal(s) == ["give cocoa to p2", "give corn to p2"]
    events = play(s, "give corn to p2")
    assert sum(hand(s, 2).values()) == 5 and sum(hand(s, 0).values()) == 1
    assert [e for e in events if e.get("private") == 2 and e["type"] == "gift_private"]
    seen = {k: v for k, v in s.view(1).items() if k != "resources"}  # every kind is named there
    assert rkey("corn") not in str(seen) or cards_of(s.view(1)["discard"]).get("corn")
    assert s.view(2)["gift"] == {"from": 0, "to": 2, "card": rkey("corn")}
    assert "gift" not in s.view(1)


def test_six_player_chains_keep_card_counts_and_take_back_rule() -> None:
    """Seed 3.5-3.6 at 6 players: over random chains every take respects the take-back rule, and after
    the balancing gift every player holds as many cards as before the trade."""
    rng = Rng(5)
    for seed in range(12):
        s = fresh(6, seed=seed)
        play(s, "announce 3")
        while s.phase == OFFER:
            play(s, rng.choice(legal(s)))
        before = [x.start_size for x in s.seats]
        while s.phase in (TIE, EXCHANGE, GIFT):
            if s.phase == EXCHANGE and s.prev >= 0:
                others = [v for v in range(6) if v not in (s.cur, s.prev) and any(s.seats[v].offer)]
                if others:
                    assert all(f" from p{s.prev}" not in a for a in legal(s))
            play(s, rng.choice(legal(s)))
        assert [sum(s.seats[p].hand) for p in range(6)] == before


def test_short_hand_offers_everything() -> None:
    """Research A12: a player with fewer cards than announced offers all of them."""
    s = at_announce(3, [{"cocoa": 5}, {"corn": 1}, {"vanilla": 5}])
    play(s, "announce 3")
    assert s.phase == EXCHANGE
    assert cards_of(s.view(0)["seats"][1]["offer"]) == {"corn": 1}


def test_untaken_cards_return_when_taker_has_no_target() -> None:
    """Research A5: if the next taker finds only his own cards on offer, the chain ends and the untaken
    cards go back to their owners."""
    s = at_announce(3, [{"inca relic": 1}, {"cocoa": 5}, {}])
    play(s, "announce 3")  # p0 offers 1 inca, p1 offers 3 cocoa, p2 nothing
    assert s.tm == 0
    play(s, "take cocoa from p1")
    assert s.to_move == 1
    play(s, "take inca relic from p0")
    events = play(s, "take cocoa from p1")  # p1 then sees only its own last cocoa on offer
    assert [e["count"] for e in events if e["type"] == "return"] == [1]
    # p1 got its cocoa back and, one card short, the Trade Master's only kind as a gift
    assert s.phase == START
    assert hand(s, 1) == {"cocoa": 4, "inca relic": 1} and hand(s, 0) == {"cocoa": 1}


def test_las_casas_may_offer_nothing() -> None:
    """Seed, Bartolome de las Casas: may offer 0 cards whatever was announced (even as Trade Master)."""
    s = at_announce(3, [{"cocoa": 2, "corn": 3}, {"corn": 2, "coffee": 3}, {"tobacco": 5}])
    give(s, 0, "P04")
    play(s, "announce 4")
    assert legal(s)[0] == "offer nothing"
    play(s, "offer nothing")
    assert s.to_move == 1 and "offer nothing" not in legal(s)
    assert "las Casas" in text_of(s.explain_illegal("offer nothing"))


def test_valdivia_adds_three_to_offer() -> None:
    """Seed, Pedro de Valdivia: +3 to his offer total when the Trade Master is decided."""
    s = at_announce(3, [{"cocoa": 5}, {"corn": 5}, {"cocoa": 5}])
    give(s, 0, "P05")
    play(s, "announce 2")  # p0: 2 + 3 = 5 beats p1's 4
    assert s.tm == 0


def test_orellana_gains_two_for_market_triple_or_run() -> None:
    """Seed, Francisco de Orellana: after a market swap leaving 3 identical or 3 consecutive values in the
    market, gain 2 doubloons."""
    s = at_announce(3, [{"vanilla": 5}, {"corn": 5}, {"coffee": 5}])
    give(s, 0, "P06")
    s.market = [kind("tobacco"), kind("coffee"), kind("vanilla")]
    refresh(s)
    play(s, "announce 2")
    assert s.tm == 0
    m0 = s.seats[0].money
    play(s, "swap coffee from p2 for vanilla")
    assert s.seats[0].money == m0  # tobacco, coffee, coffee: no pattern
    s2 = at_announce(3, [{"vanilla": 5}, {"corn": 5}, {"cotton": 5}])
    give(s2, 0, "P06")
    s2.market = [kind("tobacco"), kind("coffee"), kind("vanilla")]
    refresh(s2)
    play(s2, "announce 2")
    play(s2, "swap cotton from p2 for vanilla")  # 3, 4, 5: a run
    assert s2.seats[0].money == 2


def test_take_back_once_option() -> None:
    """Research A4, ludorium's reading (option take_back='once'): B may take straight back from A once;
    then A must take from someone else."""
    s = at_announce(3, [{"cocoa": 5}, {"corn": 5}, {"vanilla": 5}])
    s.options = dict(s.options, take_back="once")
    refresh(s)
    play(s, "announce 2")
    assert s.tm == 2
    play(s, "take cocoa from p0")
    assert "take vanilla from p2" in legal(s)
    play(s, "take vanilla from p2")
    assert s.to_move == 2 and all(" from p0" not in a for a in legal(s))
    assert any(a.startswith("take corn from p1") for a in legal(s))
