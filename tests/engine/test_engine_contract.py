"""The engine's shared rules: registry, records, RNG, undo and forced steps (issue 2; ENGINE.md)."""

from __future__ import annotations

import json

import pytest

import meeple
from meeple.engine import Action, BadSetup, IllegalAction, Rng
from tests.engine.tinygame import GAME as HILO


def test_unknown_game_lists_the_known_ones() -> None:
    with pytest.raises(BadSetup) as info:
        meeple.games.get("chess")
    assert "chess" in str(info.value) and "hilo" in str(info.value)


def test_bad_player_count_and_option_are_refused() -> None:
    with pytest.raises(BadSetup, match="2-4 players, not 5"):
        HILO.new(5)
    with pytest.raises(BadSetup, match="hand"):
        HILO.new(2, options={"hand": 7})
    assert HILO.new(2, options={"hand": 2}).view(0)["hand"].__len__() == 2


def test_rng_is_fixed_bit_for_bit() -> None:
    """Determinism everywhere (ENGINE.md): the same seed gives the same numbers on every machine
    and Python version; these values are pinned, so any change to the generator shows."""
    rng = Rng(42)
    assert [rng.below(100) for _ in range(6)] == [13, 91, 58, 64, 50, 62]
    deck = list(range(10))
    Rng(7).shuffle(deck)
    assert deck == [8, 1, 5, 9, 0, 4, 3, 2, 6, 7]
    assert Rng(1).next64() == 0x910A2DEC89025CC1  # splitmix64 reference value for seed 1


def test_rng_copy_is_independent() -> None:
    a = Rng(3)
    b = a.copy()
    assert a.next64() == b.next64()
    a.next64()
    assert a.state != b.state


@pytest.mark.parametrize(
    ("field", "value"),
    [("version", 99), ("seed", "x"), ("players", 1), ("options", {"nope": 1}),
     ("actions", "play 1"), ("actions", ["nonsense"]), ("game", "chess"), ("components", "beef")],
)
def test_malformed_record_names_the_field(field: str, value: object) -> None:
    """Replaying a record with a bad field fails with a message naming that field."""
    state = HILO.new(2, seed=2)
    record = state.record()
    record[field] = value
    with pytest.raises(BadSetup) as info:
        meeple.replay(record)
    assert field in str(info.value) or (field == "game" and "chess" in str(info.value))


def test_record_missing_field_is_named() -> None:
    record = HILO.new(2, seed=2).record()
    del record["seed"]
    with pytest.raises(BadSetup, match="'seed' is missing"):
        meeple.replay(record)


def test_replay_upto_stops_early_and_survives_json() -> None:
    state = HILO.new(3, seed=9)
    rng = Rng(1)
    for _ in range(5):
        state.apply(rng.choice(state.legal_actions()))
    record = json.loads(json.dumps(state.record()))
    assert len(meeple.replay(record, upto=2).history) == 2
    assert meeple.replay(record).view(1) == state.view(1)


def test_illegal_action_message_and_no_change() -> None:
    state = HILO.new(2, seed=5)
    before = state.record()
    with pytest.raises(IllegalAction, match="do not hold"):
        state.apply("play 99")
    with pytest.raises(IllegalAction):
        state.apply(Action("fly"))
    with pytest.raises(IllegalAction):
        state.apply(3)  # type: ignore[arg-type]
    assert state.record() == before


def test_apply_accepts_notation_or_action_alike() -> None:
    a = HILO.new(2, seed=5)
    b = HILO.new(2, seed=5)
    act = a.legal_actions()[0]
    a.apply(act)
    b.apply(act.notation)
    assert a.record() == b.record() and a.view(0) == b.view(0)


def test_undo_goes_back_to_own_decision_but_not_past_chance_or_others() -> None:
    """BGA's undo policy: own last decision, not after another seat acted or hidden cards showed."""
    state = HILO.new(2, seed=5)
    assert state.undo_target(0) is None  # nothing to take back
    play = next(a for a in state.legal_actions() if a.notation.startswith("play"))
    state.apply(play)
    # seat 1 is to move now: seat 0 may not take back (another seat is deciding)
    assert state.undo_target(0) is None
    assert state.undo_target(1) is None
    draw = next((a for a in state.legal_actions() if a.notation == "draw"), None)
    assert draw is not None
    state.apply(draw)  # drawing reveals a hidden card to seat 1: a barrier
    assert state.undo_floor == len(state.history)


def test_undo_target_allows_own_consecutive_decision() -> None:
    state = HILO.new(2, seed=5)
    state.apply(next(a for a in state.legal_actions() if a.notation.startswith("play")))
    # pretend seat 0 moves again (as in a compound turn): the rule only looks at actors and barriers
    state.actors[-1] = 0
    object.__setattr__(state, "turn", 0)
    assert state.undo_target(0) == 0


def test_events_can_be_private() -> None:
    state = HILO.new(2, seed=5)
    draw = next(a for a in state.legal_actions() if a.notation == "draw")
    events = state.apply(draw)
    assert any(e.get("private") == 0 for e in events)
    assert all("private" not in e for e in state.visible_events(events, 1))
    assert all("private" not in e for e in state.visible_events(events, None))
    assert all(isinstance(e["text"], str) and e["type"] for e in events)


def test_determinized_copy_does_not_lead_back_to_the_true_game() -> None:
    """ENGINE.md "Hidden information stays hidden": a bot's copy carries neither the true seed
    nor other seats' decision notations (a notation can name a secret choice)."""
    state = HILO.new(3, seed=11)
    rng = Rng(2)
    for _ in range(6):
        state.apply(rng.choice(state.legal_actions()))
    copy = state.determinize(0, Rng(5))
    assert copy.seed != state.seed
    for mine, theirs, actor in zip(copy.history, state.history, state.actors, strict=True):
        assert mine == (theirs if actor == 0 else "?")
    assert state.history[-1] != "?"  # the original keeps its record
