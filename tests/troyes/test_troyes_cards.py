"""Every immediate activity-card effect, one activation each (research §6.1 and STAND_IN 10.2)."""

from __future__ import annotations

import pytest

from meeple.engine.messages import text_of
from meeple.games.troyes.state import MARAUD, S_DICE, S_MAIN, S_MASON, S_SQUIRE
from tests.troyes.troyes_helpers import (
    action_turn,
    at_actions,
    choose,
    event_index,
    set_dice,
    set_per_seat,
    slot_of,
    touch,
)

# card: (deniers, vp, influence) change for one activation with a tradesman already on the card
EFFECTS = {
    "Watchman": (3, 0, 0),
    "Sergeant": (1, 0, 1),
    "Tournament": (0, 2, 0),
    "Patron": (0, 2, 0),           # two event cards won
    "Squire": (0, 0, 1),           # a cube on the chosen event, +1 influence
    "Confessor": (0, 0, 2),
    "Master Mason": (0, 1, 2),     # cathedral level 1, chosen space 6
    "Reliquary": (0, 1, 1),
    "Baker": (2, 0, 0),            # two yellow dice left on the square
    "Merchant": (2, 0, 0),
    "Innkeeper": (-1, 0, 1),
    "Artisan": (6, 0, -1),
    "Goldsmith": (2, 1, 0),
    "Journeyman": (-3, 2, 0),
    "Sculptor": (0, 1, 0),
    "Glassmaker": (0, 2, 0),
}


@pytest.mark.parametrize("name", sorted(EFFECTS))
def test_activity_card_effect(name: str) -> None:
    """One activation of the card gives exactly its listed effect."""
    s = at_actions(2, seed=7)
    slot = slot_of(s, name)
    card = s.tables.activities[s.slots[slot]]
    set_dice(s, [(0, "rwy"[card.colour], card.divisor), (1, "y", 1), (1, "y", 2)])
    action_turn(s, 0)
    s.seats[0].trade[slot] = 1
    set_per_seat(s, deniers=[10, 0], vp=[0, 0], infl=[5, 5])
    set_per_seat(s, won=[[event_index(s, "Siege"), event_index(s, "Levy")], []])
    s.row, s.evcubes = [event_index(s, "Invasion")], [[]]
    s.cath = [-1] * 18
    touch(s)
    s.apply(f"activate {name}")
    if s.step == S_DICE:
        choose(s, f"dice {'rwy'[card.colour]}{card.divisor}")
    if s.step == S_SQUIRE:
        s.apply("squire Invasion")
    if s.step == S_MASON:
        s.apply("mason space 6")
    d, v, i = EFFECTS[name]
    assert (s.seats[0].deniers - 10, s.seats[0].vp, s.seats[0].infl - 5) == (d, v, i)
    if name == "Squire":
        assert s.evcubes == [[0]]
    if name == "Master Mason":
        assert s.cath[5] == 0


def test_delayed_cards_are_the_cube_cards() -> None:
    """Research 10.2: the cube cards are exactly those whose cubes modify later actions."""
    s = at_actions(2)
    delayed = sorted(a.name for a in s.tables.activities if a.delayed)
    assert delayed == sorted(["Blacksmith", "Militia", "Mercenary", "Knight", "Monk", "Tithing", "Priest",
                              "Apprenticeship", "Chaplain", "Canon"])
    assert len(s.tables.activities) == 27
    for colour in range(3):
        for level in (1, 2, 3):
            assert sum(1 for a in s.tables.activities if a.colour == colour and a.level == level) == 3


def test_knight_doubles_red_total_against_events() -> None:
    """STAND_IN Knight: a cube doubles a red group's total when combating an event."""
    s = at_actions(2)
    slot = slot_of(s, "Knight")
    set_dice(s, [(0, "r", 2), (1, "w", 1)])
    action_turn(s, 0)
    s.seats[0].cubes[slot] = 1
    touch(s)
    s.apply("combat Marauding")  # 2 alone < 3; doubled 4 -> 1 cube
    assert s.maraud == [0]


def test_canon_adds_a_cube_when_combating() -> None:
    """STAND_IN Canon: a cube adds one more cube on the event combated."""
    s = at_actions(2)
    slot = slot_of(s, "Canon")
    set_dice(s, [(0, "r", 4), (1, "w", 1)])
    action_turn(s, 0)
    s.seats[0].cubes[slot] = 1
    touch(s)
    s.apply("combat Marauding")
    s.apply("cube Canon")
    assert s.maraud == [0, 0]  # 4 // 4 = 1, +1


def test_mercenary_white_dice_act_as_red_and_chaplain_adds_2() -> None:
    """STAND_IN Mercenary (white dice as red) and Chaplain (+2 per red die)."""
    s = at_actions(2)
    slot = slot_of(s, "Mercenary")
    set_dice(s, [(0, "w", 6), (1, "y", 1)])
    action_turn(s, 0)
    s.seats[0].cubes[slot] = 1
    touch(s)
    s.apply("combat Marauding")
    assert s.maraud == [0]  # w6 as red: 6 // 4
    s2 = at_actions(2)
    slot2 = slot_of(s2, "Chaplain")
    set_dice(s2, [(0, "r", 2), (1, "y", 1)])
    action_turn(s2, 0)
    s2.seats[0].cubes[slot2] = 1
    touch(s2)
    s2.apply("combat Marauding")  # 2 + 2 = 4 -> 1 cube (2 alone is below divisor 4)
    assert s2.maraud == [0]


def _activate_twice(name: str):  # type: ignore[no-untyped-def]
    """A state where seat 0 activates ``name`` twice (a tradesman already on the card)."""
    s = at_actions(2, seed=7)
    slot = slot_of(s, name)
    card = s.tables.activities[s.slots[slot]]
    letter = "rwy"[card.colour]
    set_dice(s, [(0, letter, 5), (0, letter, 5), (1, "y", 1)])
    action_turn(s, 0)
    s.seats[0].trade[slot] = 1
    set_per_seat(s, deniers=[10, 0], vp=[0, 0], infl=[5, 5])
    s.row, s.evcubes = [event_index(s, "Invasion"), event_index(s, "Levy")], [[], []]
    s.cath = [-1] * 18
    touch(s)
    s.apply(f"activate {name}")
    choose(s, f"dice {letter}5 {letter}5")
    s.apply("x2")
    return s


def test_master_mason_player_chooses_cathedral_space() -> None:
    """STAND_IN Master Mason (research 10.2 'the lowest free cathedral space of your choice'):
    each activation the player picks the space; the cube goes on its lowest free level."""
    s = _activate_twice("Master Mason")
    assert s.step == S_MASON and s.turn == 0
    assert [a.notation for a in s.legal_actions()] == [f"mason space {v}" for v in range(1, 7)]
    s.apply("mason space 2")
    assert s.cath[1] == 0 and s.step == S_MASON  # one more to place
    s.apply("mason space 2")
    assert s.cath[1] == 0 and s.cath[7] == 0  # level 2 of space 2
    assert s.seats[0].vp == 2 and s.seats[0].infl == 5 + 1 + 1
    assert s.step == S_MAIN and s.turn == 1  # the turn ended after the last cube


def test_master_mason_skips_full_spaces() -> None:
    """STAND_IN Master Mason: a space full on all three levels cannot be chosen."""
    s = _activate_twice("Master Mason")
    s.cath[0] = s.cath[6] = s.cath[12] = 1
    touch(s)
    assert "mason space 1" not in [a.notation for a in s.legal_actions()]
    assert "full" in text_of(s.explain_illegal("mason space 1") or "")


def test_squire_player_chooses_event() -> None:
    """STAND_IN Squire (research 10.2 'a cube on any event in the row'): each activation the
    player picks the event, Marauding included, and gains its influence."""
    s = _activate_twice("Squire")
    assert s.step == S_SQUIRE
    assert [a.notation for a in s.legal_actions()] == ["squire Invasion", "squire Levy", "squire Marauding"]
    s.apply("squire Levy")
    s.apply("squire Marauding")
    assert s.evcubes == [[], [0]] and s.maraud == [0]
    assert s.seats[0].infl == 7 and s.step == S_MAIN and s.turn == 1
    assert MARAUD == 99
