"""Illegal actions are refused with an explanation in the game's terms, and change nothing."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction
from meeple.games.luna_maris.components import CARGO, INDUSTRY, LAB
from tests.luna_maris.lm_helpers import at_module, fresh


@pytest.mark.parametrize("text,reason", [
    ("play S05", "no scientist 'S05' in hand"),
    ("feed potato 2", "rest pile is empty"),
    ("go lab", "first play a scientist"),
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
    s.seats[0].he3 = 0
    at_module(s, 0, CARGO)
    with pytest.raises(IllegalAction, match="1 He-3 \\(you have 0\\)"):
        s.apply("deliver HE3")


def test_face_down_equipment_explained() -> None:
    """Seed §特殊設備: a tile used this round is face down until clean-up."""
    from meeple.games.luna_maris.components import MINING

    s = fresh(2, equipment=False)
    s.seats[0].equip = 0
    s.seats[0].equip_up = 0
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

    base = s.game.evaluate(s, 0)
    s.seats[0].vp += 10
    s._memo = None
    assert 0.0 <= base <= 1.0 and s.game.evaluate(s, 0) > base and s.game.evaluate(s, 1) < 0.5


def test_used_emergency_cube_explained_at_any_step() -> None:
    """Seed §緊急倉庫: each cube once per game, never refilled; the refusal says so at any step."""
    from tests.luna_maris.lm_helpers import ready_to_move

    s = fresh(2)
    s.seats[0].em_water = 0
    ready_to_move(s, 0, 1, 1)  # J2 at the Mining station
    with pytest.raises(IllegalAction, match="water is already used"):
        s.apply("emergency water")


def test_research_bonus_choice_explained() -> None:
    """Seed §實驗室: past level 4 a bonus space above the same track is claimed; others are named."""

    s = fresh(2)
    s.seats[0].sus = 4
    at_module(s, 0, LAB)
    s.apply("research sustainability")
    with pytest.raises(IllegalAction, match="not a bonus space of the sustainability track"):
        s.apply("bonus titanium")


def test_stop_after_feeding_without_food_explained() -> None:
    """Seed §犒賞科學家: without food exactly one scientist comes back; 'stop' is refused."""
    s = fresh(2)
    s.cur = 0
    s.seats[0].rest = [s.seats[0].hand.pop(), s.seats[0].hand.pop()]
    s.seats[0].food = []
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


def _no_probes_left(s):  # type: ignore[no-untyped-def]

    s.seats[0].probes = 0


def _no_cubes(s):  # type: ignore[no-untyped-def]

    me = s.seats[0]
    me.fe_l = me.fe_r = me.ti_l = me.ti_r = me.waste = me.water = 0


def _builds_done(s):  # type: ignore[no-untyped-def]
    s.build_track = [1, 1, 1, 1]


def _no_energy_after_main(s):  # type: ignore[no-untyped-def]

    s.seats[0].energy = 0


REFUSALS = [
    # (rule, module, setup, action, explanation)
    ("seed §氣閘: a probe must be left on the board", 0, _no_probes_left, "probe r3c3", "no probe left"),
    ("seed §回收設備: a process needs waste", 3, _no_cubes, "recycle A", "too little waste"),
    ("seed §採礦站: concentrating needs iron in that section", 1, _no_cubes, "concentrate right",
     "no iron in the right section"),
    ("seed §發電站: burning iron needs iron or titanium", 4, _no_cubes, "burn iron", "you have none"),
    ("seed §發電站: burning water needs water and waste", 4, _no_cubes, "burn water",
     "needs 1 water and 1 waste"),
    ("seed §溫室: buying food needs 1 water", 8, _no_cubes, "buy food", "needs 1 water, you have 0"),
    ("seed §實驗室: building needs 2 titanium and 1 energy", 7, _no_cubes, "build mining",
     "needs 2 titanium and 1 energy"),
    ("seed §實驗室: at most four advanced modules", 7, _builds_done, "build mining", "all 4"),
    ("seed §工業區: cutting CO2 costs 1 energy per step", 2, _no_energy_after_main, "cut co2 1",
     "costs 1 energy per step"),
]


@pytest.mark.parametrize("rule,module,setup,text,reason", REFUSALS, ids=[r[4] for r in REFUSALS])
def test_each_module_refusal_is_explained(rule: str, module: int, setup, text: str,  # type: ignore[no-untyped-def]
                                          reason: str) -> None:
    """Seed §氣閘 ... §溫室: every module refusal names the rule it breaks; nothing changes."""
    s = fresh(2, equipment=False)
    setup(s)
    at_module(s, 0, module)
    before = s.view(None)
    with pytest.raises(IllegalAction, match=reason):
        s.apply(text)
    assert s.view(None) == before, rule


def test_module_used_twice_in_a_turn_explained() -> None:
    """Seed §啟動模組 3: no module twice in one turn; a senior's second move names the rule."""
    from meeple.games.luna_maris.components import POWER

    s = fresh(2, equipment=False)
    s.seats[0].hand.append(26)  # S03: airlock, lab, power
    at_module(s, 0, POWER, senior=True)
    s.card = 26
    s.apply("burn iron")  # issue 13: a visit takes the module's action
    with pytest.raises(IllegalAction, match="already used the Power plant this turn"):
        s.apply("go power")


def test_end_turn_before_any_module_explained() -> None:
    """Seed §啟動模組: a played scientist must use a module before the turn can end."""
    from tests.luna_maris.lm_helpers import ready_to_move

    s = ready_to_move(fresh(2), 0, 1, 1)
    with pytest.raises(IllegalAction, match="at least one module"):
        s.apply("end turn")
