"""Refusals and labels are catalog messages (issue 14, "Messages, not sentences"): the
engine's own refusals carry ``exc.message`` with a key that renders in both languages, a
game's reason is kept inside it, and an action may carry a display label beside its notation."""

from __future__ import annotations

import pytest

from meeple import games
from meeple.engine import Action, IllegalAction, Rng
from meeple.i18n import render


def test_an_unknown_action_is_refused_with_a_message_in_both_languages() -> None:
    state = games.get("troyes").new(2, 1)
    with pytest.raises(IllegalAction) as caught:
        state.apply("bogus")
    message = caught.value.message
    assert message["key"] == "engine.illegal.not_legal_now"
    assert message["args"]["n"] == len(state.legal_actions())
    assert str(caught.value) == render("en", message)
    zh = render("zh_TW", message)
    assert "座位" in zh and "bogus" in zh


def test_a_games_reason_travels_inside_the_refusal_message() -> None:
    state = games.get("troyes").new(2, 1)
    with pytest.raises(IllegalAction) as caught:
        state.apply("pass")
    message = caught.value.message
    assert message["key"] == "engine.illegal.not_legal"
    assert render("en", message["args"]["reason"]) in str(caught.value)


@pytest.mark.parametrize("bad, key", [("", "engine.illegal.empty"), (3, "engine.illegal.bad_type")])
def test_malformed_actions_are_refused_with_the_engines_keys(bad: object, key: str) -> None:
    state = games.get("luna_maris").new(2, 1)
    with pytest.raises(IllegalAction) as caught:
        state.apply(bad)  # type: ignore[arg-type]
    assert caught.value.message["key"] == key


def test_an_action_label_is_separate_from_its_notation() -> None:
    label = {"key": "engine.illegal.empty", "args": {}, "text": "empty action"}
    action = Action("pass", None, label)
    assert str(action) == "pass" and action.label is label
    assert action == Action("pass") and hash(action) == hash(Action("pass"))


@pytest.mark.parametrize("game", ["messina", "mundus_novus", "luna_maris"])
def test_a_games_shown_label_is_the_actions_own_unless_it_overrides_state_label(game: str) -> None:
    """Issue 15 (docs/engine.md precision 9, labels on demand): surfaces show ``state.label(a)``;
    a game that does not override it shows each legal action's own ``label``."""
    state = games.get(game).new(2, 1)
    rng = Rng(5)
    while not state.is_over and len(state.history) < 60:
        legal = state.legal_actions()
        for a in legal:
            assert state.label(a) is a.label
        state.apply(legal[rng.below(len(legal))])
