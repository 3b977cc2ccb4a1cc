"""Illegal actions are refused with an explanation in the game's terms, and change nothing."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction
from meeple.games.luna_maris.components import CARGO, INDUSTRY, LAB
from tests.luna_maris.lm_helpers import at_module, fresh


@pytest.mark.parametrize("text,reason", [
    ("play S05", "no scientist 'S05' in hand"),
    ("feed potato 2", "rest pile is empty"),
    ("go lab", "'go' is not one of its actions"),
])
def test_turn_step_explanations(text: str, reason: str) -> None:
    """Seed §行動階段: refusals name the rule broken."""
    s = fresh(2)
    before = s.view(None)
    with pytest.raises(IllegalAction, match=reason):
        s.apply(text)
    assert s.view(None) == before


def test_wrong_module_action_explained() -> None:
    """An action of another module names the module it belongs to."""
    s = at_module(fresh(2), 0, LAB)
    with pytest.raises(IllegalAction, match="action of the Cargo dock"):
        s.apply("deliver FE1")


def test_unaffordable_refining_explained() -> None:
    """Seed §工業區: a process above your level is refused with the level."""
    s = at_module(fresh(2), 0, INDUSTRY)
    with pytest.raises(IllegalAction, match="refining level 1"):
        s.apply("refine C")


def test_order_cost_explained() -> None:
    """Seed §貨運碼頭: the missing resources are listed."""
    s = fresh(2)
    s.stacks[3] = [17]  # HE3: 1 He-3 + 1 water
    s.pl[0][3] = 0
    at_module(s, 0, CARGO)
    with pytest.raises(IllegalAction, match="1 He-3 \\(you have 0\\)"):
        s.apply("deliver HE3")


def test_face_down_equipment_explained() -> None:
    """Seed §特殊設備: a tile used this round is face down until clean-up."""
    from meeple.games.luna_maris.components import MINING
    from meeple.games.luna_maris.state import EQUIP, EQUIP_UP

    s = fresh(2, equipment=False)
    s.pl[0][EQUIP] = 0
    s.pl[0][EQUIP_UP] = 0
    at_module(s, 0, MINING)
    with pytest.raises(IllegalAction, match="face down"):
        s.apply("concentrate left with drill")


def test_explanations_never_crash_on_foreign_actions() -> None:
    """Any notation legal somewhere else is refused with a message at any sampled position."""
    from meeple.engine import Rng
    from tests.luna_maris.lm_helpers import GAME

    seen: list[str] = []
    states = []
    for seed in range(3):
        s = GAME.new(3, seed=seed)
        r = Rng(seed)
        k = 0
        while not s.is_over:
            seen.extend(a.notation for a in s.legal_actions()[:6])
            if k % 17 == 0:
                states.append(s.clone())
            s.apply(r.choice(s.legal_actions()))
            k += 1
    texts = sorted(set(seen))
    for st in states:
        legal = {a.notation for a in st.legal_actions()}
        for text in texts[::3]:
            if text not in legal:
                with pytest.raises(IllegalAction):
                    st.apply(text)


def test_evaluate_in_unit_interval_and_tracks_score() -> None:
    """The bots' estimate lies in [0, 1] and rises with the seat's score."""
    s = fresh(2)
    from meeple.games.luna_maris.state import VP

    base = s.game.evaluate(s, 0)
    s.pl[0][VP] += 10
    assert 0.0 <= base <= 1.0 and s.game.evaluate(s, 0) > base and s.game.evaluate(s, 1) < 0.5


def test_used_emergency_cube_explained_at_any_step() -> None:
    """Seed §緊急倉庫: each cube once per game, never refilled; the refusal says so at any step."""
    from meeple.games.luna_maris.state import EM_WATER
    from tests.luna_maris.lm_helpers import ready_to_move

    s = fresh(2)
    s.pl[0][EM_WATER] = 0
    ready_to_move(s, 0, 1, 1)  # J2 at the Mining station
    with pytest.raises(IllegalAction, match="water is already used"):
        s.apply("emergency water")


def test_research_bonus_choice_explained() -> None:
    """Seed §實驗室: past level 4 a bonus space above the same track is claimed; others are named."""
    from meeple.games.luna_maris.state import SUS

    s = fresh(2)
    s.pl[0][SUS] = 4
    at_module(s, 0, LAB)
    s.apply("research sustainability")
    with pytest.raises(IllegalAction, match="not a bonus space of the sustainability track"):
        s.apply("bonus titanium")


def test_stop_after_feeding_without_food_explained() -> None:
    """Seed §犒賞科學家: without food exactly one scientist comes back; 'stop' is refused."""
    s = fresh(2)
    s.cur = 0
    s.rest[0] = [s.hands[0].pop(), s.hands[0].pop()]
    s.food[0] = []
    s._legal_cache = None
    s.apply("feed without food")
    with pytest.raises(IllegalAction, match="exactly one scientist"):
        s.apply("stop")


def test_extract_without_probe_explained() -> None:
    """Seed §採礦站: extracting needs a probe on the mining area."""
    s = fresh(2)
    s.grid = [-1] * len(s.grid)
    at_module(s, 0, 1)
    with pytest.raises(IllegalAction, match="no probe on the mining area"):
        s.apply("extract")
