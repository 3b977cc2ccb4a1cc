"""Hidden information (issue: hands, money, committed offers, deck orders, face-down supply, the gift)."""

from __future__ import annotations

import json

from meeple.engine import Rng
from meeple.engine.fields import fingerprint
from meeple.games.mundus_novus import GAME
from meeple.games.mundus_novus.state import EXCHANGE, OFFER, K

from .mundus_helpers import cards_of, fresh, kind, legal, play, refresh, rkey, set_hand, set_money


def _walk(players: int, seed: int):
    s = GAME.new(players, seed=seed)
    r = Rng(seed)
    while not s.is_over:
        yield s
        s.apply(r.choice(s.legal_actions()))


def test_committed_offers_hidden_until_revealed() -> None:
    """Seed 3.2: offers stay face down until all are revealed together: no other seat sees them, nor
    their value."""
    states = []
    for choice in ("inca relic", "cocoa"):
        s = fresh(3)
        set_hand(s, 0, {"inca relic": 2, "cocoa": 3})
        set_hand(s, 1, {"corn": 2, "coffee": 3})
        play(s, "announce 2", f"offer {choice}", f"offer {choice}")
        assert s.phase == OFFER and s.to_move == 1
        states.append(s)
    strong, weak = states
    for seat in (1, 2, None):
        # a strong (20) or weak (2) offer looks exactly the same to everyone else
        assert json.dumps(strong.view(seat)) == json.dumps(weak.view(seat))
        assert "offer" not in strong.view(seat)["seats"][0]
        assert strong.view(seat)["seats"][0]["offer_committed"] is True
    assert cards_of(strong.view(0)["my_offer"]) == {"inca relic": 2}


def test_hands_and_money_hidden_from_other_seats() -> None:
    """Hands and money are hidden (seed 4.2: money is secret): others see only hand sizes."""
    s = fresh(4)
    set_money(s, [11, 22, 33, 44])
    for seat in range(4):
        v = s.view(seat)
        assert sum(c["count"] for c in v["hand"]) == sum(s.seats[seat].hand)
        for p, entry in enumerate(v["seats"]):
            assert entry["money"] == (s.seats[p].money if p == seat else None)
            assert "hand" not in entry
    assert all(e["money"] is None for e in s.view(None)["seats"])
    assert "hand" not in s.view(None)


def test_deck_orders_not_in_views() -> None:
    """Deck order (resources and developments) is never shown: only counts."""
    s = fresh(3)
    v = s.view(None)
    assert v["resource_deck"] == len(s.deck) and v["development_deck"] == len(s.dev_deck)
    top = s.tables.developments[s.dev_deck[-1]].code
    assert top not in json.dumps(v) or top in json.dumps(v["queue"])


def test_determinize_keeps_public_cards_and_totals() -> None:
    """determinize(seat) reshuffles only unseen cards: a card publicly taken into a hand stays, the
    seat's own hand and every count stay, and all 120 cards are still there."""
    s = fresh(3)
    set_hand(s, 0, {"cocoa": 5})
    set_hand(s, 1, {"corn": 5})
    set_hand(s, 2, {"vanilla": 5})
    s.market = [kind("cocoa"), kind("cotton"), kind("sugar cane")]
    # rebuild the deck so that the 120 cards are conserved
    counts = [r.copies for r in s.tables.resources]
    for k in s.market + [0] * 5 + [1] * 5 + [8] * 5:
        counts[k] -= 1
    s.deck = [k for k in range(K) for _ in range(counts[k])]
    s.discard = [0] * K
    refresh(s)
    play(s, "announce 2")
    assert s.phase == EXCHANGE and s.tm == 2
    play(s, "take cocoa from p0")
    changed = False
    for i in range(10):
        d = s.determinize(1, Rng(i))
        assert d.seats[1].hand == s.seats[1].hand
        assert d.seats[2].hand[kind("cocoa")] >= 1  # seen taken face up
        assert d.view(1) == s.view(1)
        totals = [0] * K
        for k in d.deck + d.market:
            totals[k] += 1
        for p in range(3):
            for k in range(K):
                totals[k] += d.seats[p].hand[k] + d.seats[p].offer[k]
        assert totals == [r.copies for r in s.tables.resources]
        changed |= d.seats[0].hand != s.seats[0].hand
    assert changed


def test_determinize_resamples_unrevealed_offers() -> None:
    """Before the reveal, another seat's committed offer is resampled with the rest of its hand."""
    s = fresh(3)
    play(s, "announce 2")
    while s.phase == OFFER and s.to_move != 2:
        play(s, legal(s)[0])
    if s.phase != OFFER:
        return
    seen = set()
    for i in range(12):
        d = s.determinize(2, Rng(i))
        seen.add(tuple(d.seats[0].offer))
        assert sum(d.seats[0].offer) == sum(s.seats[0].offer)
        assert d.view(2) == s.view(2)
    assert len(seen) > 1


def test_gift_card_hidden_from_third_players() -> None:
    """Seed 3.6 B: the Trade Master gives the card face down: only giver and receiver know it."""
    s = fresh(3)
    set_hand(s, 0, {"inca relic": 1})
    set_hand(s, 1, {"corn": 1})
    set_hand(s, 2, {"cocoa": 5})
    refresh(s)
    play(s, "announce 2", "take corn from p1", "take cocoa from p2", "take inca relic from p0",
         "take cocoa from p2", "give corn to p2")
    assert "gift" not in s.view(1) and "gift" not in s.view(None)
    assert s.view(0)["gift"]["card"] == rkey("corn")
    for i in range(5):  # the giver's determinization keeps the gift in p2's hand
        d = s.determinize(0, Rng(i))
        assert d.seats[2].hand[kind("corn")] >= 1


def test_no_view_changes_under_determinize_over_whole_games() -> None:
    """Every seat's view (and the spectator's) is unchanged by determinize at many points of random
    games, so nothing hidden from that seat leaks into its view."""
    for players in (2, 4, 6):
        for i, s in enumerate(_walk(players, players * 3)):
            if i % 37:
                continue
            for seat in range(players):
                d = s.determinize(seat, Rng(i))
                assert d.view(seat) == s.view(seat)
                assert d.view(None) == s.view(None)


def test_private_events_only_for_their_seat() -> None:
    """Dealt cards and offered cards are private events."""
    s = GAME.new(3, seed=4)
    events = s.apply("announce 2")
    for e in events:
        if e["type"] in ("offer_card", "deal"):
            assert "private" in e


def test_determinize_conserves_cards_and_sizes_over_whole_games() -> None:
    """At many points of random games, every determinization keeps every card, every hand and offer
    size, the seat's own cards and the public piles; no count goes negative."""
    for players in (3, 5):
        for i, s in enumerate(_walk(players, players + 11)):
            if i % 23:
                continue
            for seat in range(players):
                d = s.determinize(seat, Rng(i * 7 + seat))
                assert all(min(x.hand) >= 0 and min(x.offer) >= 0 for x in d.seats)
                for p in range(players):
                    assert sum(d.seats[p].hand) == sum(s.seats[p].hand)
                    assert sum(d.seats[p].offer) == sum(s.seats[p].offer)
                assert d.seats[seat].hand == s.seats[seat].hand and d.seats[seat].offer == s.seats[seat].offer
                assert d.market == s.market and d.discard == s.discard and d.supply == s.supply
                assert sorted(d.deck) != [] or not s.deck
                # all cards are still there (a merchant's conversion shifts one card until the turn ends)
                assert _totals(d) == _totals(s)
                assert sorted(d.dev_deck) == sorted(s.dev_deck) and d.queue == s.queue


def _totals(s) -> list[int]:
    total = [0] * K
    for k in s.deck + s.market + s.supply:
        total[k] += 1
    for row in s.seats:
        for k in range(K):
            total[k] += row.hand[k] + row.offer[k]
    for k in range(K):
        total[k] += s.discard[k]
    return total


def test_publicly_taken_card_stays_known_after_the_turn_ends() -> None:
    """Seed 3.4 and 4.2 (warehouses): a card everyone saw go into a hand (taken from an offer) and set
    aside in a warehouse stays in that hand in every other seat's determinization, across the turn's end
    and into the next round's Supply, until it leaves the hand."""
    from meeple.games.mundus_novus.progression import begin_turn
    from meeple.games.mundus_novus.state import PROG

    from .mundus_helpers import give

    s = fresh(2, seed=3)
    give(s, 0, "W07")  # keeps 2
    for p in range(2):
        set_hand(s, p, {})
    set_hand(s, 0, {"vanilla": 1, "corn": 2})
    s.seats[0].known[kind("vanilla")] = 1  # taken from p1's offer in view of all
    s.order, s.opos, s.phase = [0, 1], 0, PROG
    begin_turn(s)
    set_hand(s, 1, {"cocoa": 3})
    play(s, "end turn", "keep vanilla", "keep corn")
    assert s.cur == 1 and s.seats[0].known[kind("vanilla")] == 1 and s.seats[0].known[kind("corn")] == 0
    for i in range(30):
        d = s.determinize(1, Rng(i))
        assert d.seats[0].hand[kind("vanilla")] >= 1 and sum(d.seats[0].hand) == 2
    play(s, "end turn")  # p1's turn ends: a new round begins, p0 draws 5 face-down cards
    assert s.round == 2 and sum(s.seats[0].hand) == 7
    for i in range(30):
        d = s.determinize(1, Rng(i))
        assert d.seats[0].hand[kind("vanilla")] >= 1 and sum(d.seats[0].hand) == 7


def test_known_cards_forgotten_when_discarded_face_up() -> None:
    """Seed 4.2: a known card discarded at the end of Progression is no longer known in that hand."""
    from meeple.games.mundus_novus.progression import begin_turn
    from meeple.games.mundus_novus.state import PROG

    s = fresh(3, seed=3)
    for p in range(3):
        set_hand(s, p, {})
    set_hand(s, 0, {"vanilla": 1, "corn": 2})
    s.seats[0].known[kind("vanilla")] = 1
    s.order, s.opos, s.phase = [0, 1], 0, PROG
    begin_turn(s)
    set_hand(s, 1, {"cocoa": 3})
    play(s, "end turn")
    assert s.cur == 1 and s.seats[0].known == [0] * K


def test_known_cards_are_a_true_lower_bound_over_whole_games() -> None:
    """Hidden information: what others know of a hand (``known``) never exceeds the hand, so
    determinizations keep every publicly known card in its hand without revealing anything more."""
    for players in (2, 4, 6):
        for i, s in enumerate(_walk(players, players + 40)):
            for row in s.seats:
                for k in range(K):
                    assert row.known[k] <= row.hand[k] + row.offer[k]
            if i % 41 == 0:
                seat = i % players
                d = s.determinize(seat, Rng(i))
                for p in range(players):
                    if p == seat:
                        continue
                    for k in range(K):
                        assert d.seats[p].hand[k] + d.seats[p].offer[k] >= s.seats[p].known[k]


def test_determinize_depends_only_on_what_the_seat_knows() -> None:
    """Hidden information (issue: determinize consistent with what the seat has seen, and nothing more):
    two positions differing only in what a seat cannot see give the same sample for the same rng."""
    for players in (2, 5):
        for i, s in enumerate(_walk(players, players + 70)):
            if i % 37:
                continue
            for seat in range(players):
                a = s.determinize(seat, Rng(i))
                b = s.determinize(seat, Rng(i + 10_000))
                x, y = a.determinize(seat, Rng(1)), b.determinize(seat, Rng(1))
                assert fingerprint(x) == fingerprint(y)
