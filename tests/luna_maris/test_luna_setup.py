"""Luna Maris setup by player count (research §3, seed opening)."""

from __future__ import annotations

import pytest

from meeple.games.luna_maris.components import INDUSTRY, MINING
from meeple.games.luna_maris.state import (
    S_EQUIP,
    S_PROBE,
)
from tests.luna_maris.lm_helpers import GAME, fresh, notations


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_starting_kit(players: int) -> None:
    """Research §3: score 5, O2 at 0 under stress 6, 3 probes on the board + 1 placed, 3 energy,
    2 water, 1 iron, 1 waste, six level-1 scientists, a full emergency deposit."""
    s = fresh(players, seed=3)
    for p, me in enumerate(s.seats):
        assert me.vp == 5 and me.o2 == 0 and me.cap == 6
        assert me.probes == 3 and s.grid.count(p) == 1
        assert (me.energy, me.water, me.fe_l, me.waste) == (3, 2, 1, 1)
        assert len(s.seats[p].hand) == 6 and all(c < 24 for c in s.seats[p].hand)
        assert me.em_energy == me.em_iron == me.em_water == 1
        assert me.ref == 1 and me.sus == 1 and me.co2 == 2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_order_stacks_players_plus_one(players: int) -> None:
    """Research §3: players + 1 order tiles of each type, one stack per type, top face up."""
    s = fresh(players)
    assert len(s.stacks) == 6
    for k, stack in enumerate(s.stacks):
        assert len(stack) == players + 1
        assert all(s.tables.orders[o].kind == k for o in stack)


@pytest.mark.parametrize("players,food", [(2, 30), (3, 30), (4, 36)])
def test_setup_food_cards_removed_at_three_or_fewer(players: int, food: int) -> None:
    """Research §3: with 3 or fewer players the 4-player food cards leave the game; display of 3."""
    s = fresh(players)
    assert len(s.food_row) == 3
    assert len(s.food_row) + len(s.food_deck) == food


def test_setup_hiring_row_and_advanced_modules() -> None:
    """Research §3: 3 senior scientists face up, 5 advanced modules face up."""
    s = fresh(4)
    assert len(s.hire_row) == 3 and len(s.senior_deck) == 13
    assert len(s.adv_offer) == 5 and s.build_track == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_equipment_chosen_in_reverse_turn_order(players: int) -> None:
    """Research §3: players + 1 equipment tiles face up, chosen in reverse turn order."""
    s = GAME.new(players, seed=5)
    assert s.step == S_EQUIP
    assert len(s.equip_offer) == players + 1
    assert s.to_move == s.order[-1]
    s.apply(notations(s)[0])
    assert s.to_move == s.order[-2]


def test_setup_without_equipment_option() -> None:
    """The equipment option (seed: not advised for a first game) leaves the tiles out."""
    s = GAME.new(2, seed=5, options={"equipment": False})
    assert s.step == S_PROBE and s.equip_offer == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_start_positions_from_revealed_icons(players: int) -> None:
    """Research §3: astronauts start on distinct modules shown by the revealed scientist icons."""
    for seed in range(10):
        s = fresh(players, seed=seed)
        pos = [me.pos for me in s.seats]
        assert len(set(pos)) == players
        assert all(m in s.start_mods for m in pos)


def test_setup_first_probe_on_iron_space() -> None:
    """Research §5.6 (stand-in): each first probe goes on an empty iron space."""
    s = fresh(4, seed=2)
    for i, owner in enumerate(s.grid):
        if owner >= 0:
            assert s.tables.mining_spaces[i].ore == 0


def test_setup_is_deterministic_per_seed() -> None:
    """The seed decides every shuffle."""
    a, b = fresh(3, seed=9), fresh(3, seed=9)
    assert a.view(None) == b.view(None)
    assert a.stacks == b.stacks and a.senior_deck == b.senior_deck and a.food_deck == b.food_deck


def test_module_graph_distances() -> None:
    """Research §5.2 (stand-in graph): movement cost is the corridor distance."""
    s = fresh(2)
    assert s.dist[MINING][INDUSTRY] == 1
    assert max(max(row) for row in s.dist) == 5
