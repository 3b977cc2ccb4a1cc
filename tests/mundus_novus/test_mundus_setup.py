"""Components and setup (seed 'components' and 'setup' 1-4; research §1-§3, §10)."""

from __future__ import annotations

import pytest

from meeple.games.mundus_novus import GAME
from meeple.games.mundus_novus.components import DEVELOPMENTS, RESOURCES, STAND_INS
from meeple.games.mundus_novus.state import ANNOUNCE

from .mundus_helpers import fresh


def test_resource_deck_has_120_cards_in_ten_kinds() -> None:
    """Seed components 3: 16 cocoa, 16 corn, 16 tobacco, 12 coffee, 12 cotton, 12 sugar cane, 8 potatoes,
    8 indigo, 8 vanilla, 12 Inca relics; values 1-9, the relic worth 10 in offers."""
    assert [r.copies for r in RESOURCES] == [16, 16, 16, 12, 12, 12, 8, 8, 8, 12]
    assert [r.value for r in RESOURCES] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 0]
    assert RESOURCES[9].offer_value == 10
    assert all(r.zh for r in RESOURCES)


def test_development_deck_has_44_cards_with_nine_characters() -> None:
    """Seed components 4 and development cards: 44 cards, 9 characters with their Chinese names."""
    assert len(DEVELOPMENTS) == 44
    kinds = [d.kind for d in DEVELOPMENTS]
    assert kinds.count("character") == 9
    assert {d.kind for d in DEVELOPMENTS} == {"caravel", "warehouse", "shipyard", "merchant", "character"}
    assert all(d.zh for d in DEVELOPMENTS)
    assert len(STAND_INS) >= 10 and GAME.stand_ins() == STAND_INS


@pytest.mark.parametrize(("players", "cards"), [(2, 30), (3, 34), (4, 38), (5, 41), (6, 44)])
def test_development_cards_filtered_by_player_count(players: int, cards: int) -> None:
    """Setup 2: cards whose bottom-right number exceeds the player count are removed."""
    s = fresh(players)
    assert len(s.queue) == 5
    assert len(s.queue) + len(s.dev_deck) == cards
    assert all(DEVELOPMENTS[i].min_players <= players for i in s.queue + s.dev_deck)


def test_market_of_three_and_cards_conserved() -> None:
    """Setup 1: three face-up market cards; every one of the 120 cards is somewhere."""
    s = fresh(4)
    assert len(s.market) == 3
    total = len(s.deck) + len(s.market) + sum(sum(x.hand) for x in s.seats) + sum(s.discard)
    assert total == 120


def test_trade_master_starts_at_seat_zero_and_announces() -> None:
    """Setup 4: the youngest player (seat 0) holds the Trade Master token and opens round 1's trade."""
    s = fresh(5)
    assert s.tm == 0 and s.phase == ANNOUNCE and s.to_move == 0 and s.round == 1
    assert [sum(s.seats[p].hand) for p in range(5)] == [5] * 5


def test_options_documented() -> None:
    """Every option carries its documentation; bad values are refused."""
    from meeple.engine import BadSetup

    for opt in GAME.options.values():
        assert opt.doc
    with pytest.raises(BadSetup):
        GAME.new(3, options={"supply_order": "weight"})
