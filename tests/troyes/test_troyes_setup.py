"""Setup by player count (seed 'Setup' / 遊戲設置; research §2)."""

from __future__ import annotations

import pytest

from meeple.engine.messages import text_of
from meeple.games.troyes.components import RED, WHITE, YELLOW
from meeple.games.troyes.state import NEUTRAL, P_DRAFT, P_KEEP
from tests.troyes.troyes_helpers import after_draft, new, notations, per_seat


@pytest.mark.parametrize(("players", "rounds"), [(2, 4), (3, 5), (4, 6)])
def test_rounds_equal_red_event_cards(players: int, rounds: int) -> None:
    """Seed setup: 2/3/4 players use 4/5/6 red event cards, one per round."""
    s = new(players)
    assert s.rounds == rounds
    assert len(s.decks[RED]) == rounds
    assert len(s.decks[WHITE]) == 4 and len(s.decks[YELLOW]) == 4


@pytest.mark.parametrize(("players", "citizens"), [(2, 6), (3, 5), (4, 4)])
def test_starting_citizens_6_5_4(players: int, citizens: int) -> None:
    """Seed setup: 2/3/4 players take 6/5/4 citizens."""
    s = new(players)
    assert per_seat(s, "supply") == [citizens] * players
    assert per_seat(s, "owned") == [citizens] * players


def test_start_deniers_5_and_influence_4() -> None:
    """Seed setup: five deniers each and the influence marker on 4."""
    s = new(3)
    assert per_seat(s, "deniers") == [5, 5, 5]
    assert per_seat(s, "infl") == [4, 4, 4]
    assert per_seat(s, "vp") == [0, 0, 0]


@pytest.mark.parametrize(("players", "each"), [(2, 2), (3, 1), (4, 1)])
def test_secret_characters_two_each_in_two_player(players: int, each: int) -> None:
    """Research §2 (S5): one secret character each, two each with 2 players; all different."""
    s = new(players)
    assert [len(c) for c in per_seat(s, "chars")] == [each] * players
    held = [c for hand in per_seat(s, "chars") for c in hand]
    assert len(set(held)) == len(held)
    assert len(held) + len(s.box) == 6


@pytest.mark.parametrize(("players", "each"), [(2, 2), (3, 1), (4, 1)])
def test_draw_two_keep_one_option(players: int, each: int) -> None:
    """Seed setup (option): each player draws two characters and secretly keeps one; the other goes
    back into the deck, shuffled, before the next draw (with 2 players, twice each)."""
    s = new(players, character_deal="draw_two_keep_one")
    assert s.phase == P_KEEP
    choosers = []
    while s.phase == P_KEEP:
        p = s.to_move
        drawn = list(s.pair)
        assert len(drawn) == 2 and not set(drawn) & {c for h in per_seat(s, "chars") for c in h}
        assert notations(s) == [f"keep {s.tables.characters[c].name}" for c in drawn]
        events = s.apply(f"keep {s.tables.characters[drawn[1]].name}")
        assert drawn[1] in s.seats[p].chars
        assert [e for e in events if e["type"] == "keep" and "private" not in e]
        assert all(e.get("private") == p for e in events if e["type"] == "keep" and "you keep" in e["text"])
        choosers.append(p)
    assert choosers == list(range(players)) * each
    assert s.phase == P_DRAFT
    assert [len(c) for c in per_seat(s, "chars")] == [each] * players
    held = [c for h in per_seat(s, "chars") for c in h]
    assert len(set(held)) == len(held) and len(held) + len(s.box) == 6


def test_activity_cards_one_per_colour_and_level_face_down() -> None:
    """Seed setup: three activity cards per district, one of each level, face down until revealed."""
    s = new(4)
    for slot in range(9):
        card = s.tables.activities[s.slots[slot]]
        assert card.colour == slot // 3 and card.level == slot % 3 + 1
    assert s.revealed == 0
    assert all(a["card"] is None for a in s.view(0)["activities"])


def test_snake_draft_of_starting_citizens() -> None:
    """Research §2: start player first, clockwise, the last player twice, then back (snake)."""
    s = new(3)
    assert s.order == [0, 1, 2, 2, 1, 0, 0, 1, 2, 2, 1, 0, 0, 1, 2]
    seen = []
    while s.phase == P_DRAFT:
        seen.append(s.to_move)
        s.apply(notations(s)[0])
    assert seen == [0, 1, 2, 2, 1, 0, 0, 1, 2, 2, 1, 0, 0, 1, 2]


def test_two_player_neutrals_preplaced() -> None:
    """Research §2 (S6): with 2 players, neutrals stand on the first and last space of each building."""
    s = new(2)
    for b in range(3):
        assert s.bld[b * 6] == NEUTRAL and s.bld[b * 6 + 5] == NEUTRAL
        assert s.bld[b * 6 + 1:b * 6 + 5] == [-1] * 4
    assert "draft palace 1" not in notations(s) and "draft palace 2" in notations(s)


@pytest.mark.parametrize(("players", "neutral"), [(2, 6), (3, 3), (4, 2)])
def test_neutrals_fill_empty_spaces_after_draft(players: int, neutral: int) -> None:
    """Research §2: after the draft, grey citizens fill every empty building space."""
    s = after_draft(players)
    assert -1 not in s.bld
    assert s.bld.count(NEUTRAL) == neutral
    assert s.grey == 8 - neutral
    for p in range(players):
        assert s.bld.count(p) == {2: 6, 3: 5, 4: 4}[players]
        assert s.seats[p].supply == 0


def test_draft_any_empty_space_left_or_right_of_a_row() -> None:
    """Research §2 (draft: 'any empty space'): a starting citizen may take either empty space of a
    Bishopric / City Hall row; it matters, as a full row pushes out its right-hand citizen."""
    s = new(3)
    assert "draft bishopric 3-4 left" in notations(s) and "draft bishopric 3-4 right" in notations(s)
    s.apply("draft bishopric 3-4 right")
    assert s.bld[6 + 2:6 + 4] == [-1, 0]
    assert "draft bishopric 3-4 right" not in notations(s)
    s.apply("draft bishopric 3-4 left")
    assert s.bld[6 + 2:6 + 4] == [1, 0]
    assert "taken" in text_of(s.explain_illegal("draft bishopric 3-4 left") or "")


def test_component_pack_round_trip_and_bad_values() -> None:
    """Components are data: a pack replaces a table; values the rules cannot use are refused."""
    import tomllib

    from meeple.engine import BadSetup
    from meeple.engine.components import apply_pack, dump_pack
    from meeple.games.troyes import GAME

    tables = GAME.default_tables()
    again = apply_pack(tables, tomllib.loads(dump_pack(tables, ["activities"])))
    assert again.activities == tables.activities
    text = dump_pack(tables, ["board"]).replace("agriculture_divisor = 2", "agriculture_divisor = 5")
    packed = apply_pack(tables, tomllib.loads(text))
    assert GAME.new(2, 1, tables=packed).tables.board[0].agriculture_divisor == 5
    bad = apply_pack(tables, tomllib.loads(text.replace("agriculture_divisor = 5", "agriculture_divisor = 0")))
    with pytest.raises(BadSetup, match="agriculture_divisor"):
        GAME.new(2, 1, tables=bad)
    assert len(GAME.stand_ins()) > 10 and all("STAND_IN" in line for line in GAME.stand_ins())
