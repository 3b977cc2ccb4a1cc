"""Hidden information: other characters, event decks, face-down activity cards, VP (issue 3)."""

from __future__ import annotations

import json

from meeple.engine import Rng
from meeple.games.troyes.components import RED
from tests.troyes.troyes_helpers import after_draft, at_actions, new, per_seat, set_per_seat


def text_of(view: dict) -> str:
    return json.dumps(view, ensure_ascii=False)


def test_other_players_characters_absent_from_view() -> None:
    """Seed setup: character cards are secret until the end; a seat sees only its own."""
    s = after_draft(3, 2)
    for seat in range(3):
        view = s.view(seat)
        for q in range(3):
            entry = view["seats"][q]
            assert entry["characters_held"] == 1
            names = [s.tables.characters[c].name for c in s.seats[q].chars]
            if q == seat:
                assert entry["characters"] == names
            else:
                assert "characters" not in entry
                for name in names:
                    if name not in [s.tables.characters[c].name for c in s.seats[seat].chars]:
                        assert name not in text_of(view)
    spectator = text_of(s.view(None))
    for c in range(6):
        assert s.tables.characters[c].name not in spectator


def test_characters_revealed_at_game_end() -> None:
    """Seed 遊戲結束 5: all characters are revealed at the end."""
    s = new(2, 3)
    rng = Rng(1)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    view = s.view(None)
    assert [len(p["characters"]) for p in view["seats"]] == [2, 2]


def test_event_deck_order_absent_from_view() -> None:
    """Seed setup: the event decks are face down; views show only how many cards are left."""
    s = after_draft(4, 6)
    view = s.view(0)
    assert view["event_decks"] == [len(d) for d in s.decks]
    in_row = {s.tables.events[e].name for e in s.row}
    text = text_of(view)
    for colour in range(3):
        for e in s.decks[colour]:
            name = s.tables.events[e].name
            if name not in in_row:
                assert name not in text


def test_face_down_activity_cards_absent_from_view() -> None:
    """Seed §1: activity cards of later levels stay face down until their round."""
    s = after_draft(2, 4)
    assert s.revealed == 1
    text = text_of(s.view(1))
    for slot in range(9):
        card = s.tables.activities[s.slots[slot]]
        if slot % 3 == 0:
            assert card.name in text
        else:
            assert card.name not in text


def test_victory_points_face_down_unless_option() -> None:
    """Research §1: VP tokens are kept face down; the open_vp option shows them."""
    s = at_actions(2, 1)
    set_per_seat(s, vp=[7, 9])
    view = s.view(0)
    assert view["seats"][0]["vp"] == 7 and "vp" not in view["seats"][1]
    assert all("vp" not in p for p in s.view(None)["seats"])
    s2 = at_actions(2, 1, open_vp=True)
    set_per_seat(s2, vp=[7, 9])
    assert [p["vp"] for p in s2.view(None)["seats"]] == [7, 9]


def test_kept_character_choice_is_private() -> None:
    """Seed setup (option): the kept character is a secret; the event is private to its seat."""
    s = new(3, 1, character_deal="draw_two_keep_one")
    choice = s.legal_actions()[0]
    events = s.apply(choice)
    name = s.tables.characters[choice.data[1]].name
    assert all(name not in e["text"] for e in s.visible_events(events, 1))
    assert any(name in e["text"] for e in s.visible_events(events, 0))
    assert "characters_drawn" not in s.view(0)["seats"][0]  # seat 0 already chose
    assert "characters_drawn" in s.view(1)["seats"][1]
    assert "characters_drawn" not in s.view(0)["seats"][1]


def test_determinize_resamples_only_hidden_parts() -> None:
    """Issue 3: determinize(seat) reshuffles other characters, event decks and face-down cards only."""
    s = after_draft(4, 9)
    changed_chars = changed_decks = changed_slots = False
    for k in range(20):
        d = s.determinize(0, Rng(k))
        assert d.seats[0].chars == s.seats[0].chars
        assert d.view(0) == s.view(0)
        assert sorted(c for h in per_seat(d, "chars") for c in h) != [] and len({c for h in per_seat(d, "chars") for c in h}) == 4
        changed_chars |= per_seat(d, "chars")[1:] != per_seat(s, "chars")[1:]
        changed_decks |= d.decks != s.decks
        changed_slots |= d.slots != s.slots
        assert [len(x) for x in d.decks] == [len(x) for x in s.decks]
        assert all(s.tables.events[e].colour == RED for e in d.decks[RED])
        assert d.slots[0::3] == s.slots[0::3]  # face-up level-I cards stay
    assert changed_chars and changed_decks and changed_slots


def test_determinize_keeps_views_with_draw_two_keep_one() -> None:
    """Seed setup option: under draw-two-keep-one, determinize changes nothing a seat can see."""
    s = new(4, 8, character_deal="draw_two_keep_one")
    rng = Rng(8)
    step = 0
    while not s.is_over:
        if step % 9 == 0 or step < 6:
            for seat in range(4):
                d = s.determinize(seat, Rng(step + seat))
                assert d.view(seat) == s.view(seat)
                assert d.view(None) == s.view(None)
                assert d.seats[seat].chars == s.seats[seat].chars
                held = [c for h in per_seat(d, "chars") for c in h] + list(d.pair) + list(d.box)
                assert sorted(held) == list(range(6))
                if s.to_move == seat:
                    assert [a.notation for a in d.legal_actions()] == [a.notation for a in s.legal_actions()]
        s.apply(rng.choice(s.legal_actions()))
        step += 1


def test_draw_two_keep_one_determinize_respects_later_draws() -> None:
    """Seed setup option: a card a seat drew after another player chose cannot be that player's."""
    s = new(4, 3, character_deal="draw_two_keep_one")
    s.apply(s.legal_actions()[0])  # seat 0 keeps one
    pair1 = list(s.pair)           # seat 1 draws two after seat 0's choice
    for k in range(40):
        d = s.determinize(1, Rng(k))
        assert d.seats[0].chars and d.seats[0].chars[0] not in pair1
        assert d.pair == s.pair and d.seats[1].chars == []
        assert sorted(d.seats[0].chars + d.pair + d.box) == list(range(6))


def test_character_scoring_shown_only_with_the_characters() -> None:
    """Issue 15: the board's scoring text of a character (its thresholds and points) comes with the
    character itself: the own seat's, never another seat's before the end, none to a spectator."""
    s = after_draft(3, 2)
    for seat in range(3):
        view = s.view(seat)
        for q, entry in enumerate(view["seats"]):
            if q == seat:
                card = s.tables.characters[s.seats[q].chars[0]]
                assert entry["character_scoring"] == [{"name": card.name, "thresholds": "/".join(map(str, card.thresholds)),
                                                        "points": "/".join(map(str, card.points))}]
            else:
                assert "character_scoring" not in entry
    assert all("character_scoring" not in p for p in s.view(None)["seats"])
