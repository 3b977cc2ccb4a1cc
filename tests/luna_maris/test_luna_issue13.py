"""Issue 13, rules corrections for Luna Maris: each test builds the position of one item and names
the rule (docs/rules/luna_maris.md, "Ambiguities and the choices made")."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction, Rng
from meeple.games.luna_maris.components import AIRLOCK, INDUSTRY, LAB, MINING
from meeple.games.luna_maris.resources import add_waste
from meeple.games.luna_maris.state import (
    S_MODULE,
    S_TURN,
    LunaState,
)
from tests.luna_maris.lm_helpers import GAME, at_module, fresh, notations, ready_to_move, touch

J2 = 1  # seat 0's junior J2: mining + power


def check_invariants(s: LunaState) -> None:
    """What must hold after every decision (seed §啟動模組 2: O2 used never passes the stress cap;
    §太陽能: energy at most 6; no resource below 0; the stress cap, the waste gauge and the CO2 marker
    inside their tracks; the score track has no negatives until the final scoring)."""
    b = s.board
    for p, me in enumerate(s.seats):
        assert 0 <= me.o2 <= me.cap, (p, me.o2, me.cap)
        assert b.stress_min_cap <= me.cap <= b.stress_max_cap, (p, me.cap)
        assert 0 <= me.energy <= b.energy_cap, (p, me.energy)
        assert min(me.water, me.he3, me.fe_l, me.fe_r, me.ti_l, me.ti_r) >= 0, (p, me)
        assert 0 <= me.waste <= b.waste_spaces, (p, me.waste)
        assert 0 <= me.co2 < len(b.co2_vp), (p, me.co2)
        if not s.final:
            assert me.vp >= 0, (p, me.vp)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_invariants_hold_after_every_decision_in_random_play(players: int) -> None:
    """Random play at every player count, with every option set: ``check_invariants`` after each
    decision (the O2 cap among them, issue 13 item 1)."""
    for seed in range(4):
        options = {"solar": "every", "equipment_deal": "random"} if seed % 2 else {}
        s = GAME.new(players, seed=seed, options=options)
        rng = Rng(seed + 17 * players)
        while not s.is_over:
            assert isinstance(s, LunaState)
            check_invariants(s)
            legal = s.legal_actions()
            if s.step == S_MODULE and any(a.notation == "done" for a in legal):
                assert s.main_done or s.extra_done  # item 2: never a visit that does nothing
            s.apply(legal[rng.below(len(legal))])
        assert isinstance(s, LunaState)
        check_invariants(s)


# --- item 1: O2 used never passes the cap ----------------------------------------------------------


def test_airlock_stress_step_never_leaves_o2_used_above_the_cap() -> None:
    """Seed §氣閘 (stress +1) and §啟動模組 2 (O2 use never passes the stress marker): a player who
    spent all the O2 the cap allows and installs a probe has the cap lowered; the O2 marker moves back
    with it (clamped to the new cap) and the log says so."""
    s = fresh(2, equipment=False)
    at_module(s, 0, AIRLOCK)
    s.seats[0].o2 = s.seats[0].cap = 6
    touch(s)
    events = s.apply("probe r3c3")
    assert s.seats[0].cap == 5 and s.seats[0].o2 == 5
    assert any("O2" in e["text"] and "5" in e["text"] for e in events if e["type"] == "probe")


def test_waste_stress_penalty_never_leaves_o2_used_above_the_cap() -> None:
    """Seed §廢料區 (the last spaces raise stress) and §啟動模組 2: the waste gauge's stress penalty
    lowers the cap; O2 already used above it is clamped to the new cap, and the log says so."""
    s = fresh(2)
    me = s.seats[0]
    me.waste = 8  # the next cube lands on space 9: stress +1
    me.o2 = me.cap = 6
    events = add_waste(s, 0, 1, "test")
    assert me.cap == 5 and me.o2 == 5
    assert "O2" in events[0]["text"]


# --- item 2: a module visit must do something ------------------------------------------------------


def test_module_visit_needs_its_main_or_extra_action() -> None:
    """Seed §啟動模組 3 (執行模組能力: at the module its action is carried out): 'done' is not offered
    before the module's main or extra action, so a scientist and O2 are never spent only to move."""
    s = at_module(fresh(2, equipment=False), 0, LAB)
    assert "done" not in notations(s)
    with pytest.raises(IllegalAction, match="main or extra action"):
        s.apply("done")


def test_module_without_a_possible_action_cannot_be_visited() -> None:
    """Seed §啟動模組 3: a module where none of its actions can be taken is not a destination (here
    the Power plant with no iron, titanium, water or waste)."""
    s = fresh(2, equipment=False)
    me = s.seats[0]
    me.fe_l = me.fe_r = me.ti_l = me.ti_r = 0
    me.water = 0
    ready_to_move(s, 0, J2, MINING)  # J2: mining + power
    assert "go power" not in notations(s)
    with pytest.raises(IllegalAction, match="nothing to do"):
        s.apply("go power")


def test_scientist_only_playable_with_a_module_to_use() -> None:
    """Seed §啟動模組 1-3: a scientist whose every reachable module has no possible action cannot be
    played.  With no energy (no activation, Hibernation included), no ore, no probe to extract and
    no water, no card can act; the emergency energy opens the activations again."""
    s = fresh(2, equipment=False)
    me = s.seats[0]
    s.cur = 0
    s.grid = [-1] * len(s.grid)
    me.fe_l = me.fe_r = me.ti_l = me.ti_r = 0
    me.water = me.energy = 0
    touch(s)
    assert not [n for n in notations(s) if n.startswith("play")]
    with pytest.raises(IllegalAction, match="no module that J2 allows has an action"):
        s.apply("play J2")
    s.apply("emergency energy")
    assert "play J1" in notations(s)


def test_module_open_agrees_with_the_option_lists() -> None:
    """``modules.module_open`` (the fast test behind 'play' and 'go') gives the same answer as building
    the module's main options (activation paid for) and extra options, for every seat and module at
    positions from random play with equipment."""
    from meeple.games.luna_maris.modules import MAIN_OPTIONS, activation_cost, extra_options, module_open

    for players in (2, 4):
        s = GAME.new(players, seed=3, options={"equipment_deal": "random"})
        rng = Rng(41 + players)
        k = 0
        while not s.is_over:
            assert isinstance(s, LunaState)
            if k % 3 == 0:
                for p in range(players):
                    for m in range(len(s.tables.modules)):
                        energy = s.seats[p].energy - activation_cost(s, p, m)
                        slow = (energy >= 0 and bool(MAIN_OPTIONS[m](s, p, energy))) or bool(extra_options(s, p, m))
                        assert module_open(s, p, m) == slow, (k, p, m)
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
            k += 1


def test_playable_scientists_agree_with_their_moves() -> None:
    """A scientist is offered at the turn exactly when, once played, at least one 'go' would be
    offered (``actions.turn_options`` tests all cards at once with masks; ``modules.move_targets``
    lists one card's destinations)."""
    from meeple.games.luna_maris.modules import move_targets

    for players in (2, 3):
        s = GAME.new(players, seed=8, options={"equipment_deal": "random"})
        rng = Rng(9 + players)
        while not s.is_over:
            assert isinstance(s, LunaState)
            if s.step == S_TURN:
                p = s.cur
                offered = {a.notation for a in s.legal_actions() if a.notation.startswith("play ")}
                expected = {f"play {s.cards[c].name}" for c in s.seats[p].hand if move_targets(s, p, c)}
                assert offered == expected
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])


# --- item 3: the extra action and the main action in either order ----------------------------------


def test_extra_action_then_main_action_in_one_visit() -> None:
    """Seed §啟動模組 3 gives no order between a module's main and extra action: after 'cut co2 1'
    the main action 'refine A2' may follow in the same visit."""
    s = at_module(fresh(2, equipment=False), 0, INDUSTRY)
    s.seats[0].fe_l = 2
    touch(s)
    s.apply("cut co2 1")
    assert s.step == S_MODULE and "refine A2" in notations(s) and "done" in notations(s)
    s.apply("refine A2")
    assert s.step != S_MODULE and s.seats[0].water == 3


def test_extra_then_main_keeps_the_activation_taken_by_the_main_action() -> None:
    """Seed §啟動模組 3: the astronaut leaves the activation space only when the main action is not
    taken; extra first, then main, keeps the activation (and pays for it once)."""
    s = at_module(fresh(2, equipment=False), 0, INDUSTRY)
    s.seats[0].fe_l = 2
    touch(s)
    s.apply("cut co2 1")
    s.apply("refine A2")
    assert s.act[INDUSTRY] == 0 and s.seats[0].on_act == 1 and s.seats[0].energy == 3 - 1 - 1


def test_extra_action_alone_still_leaves_the_activation_space() -> None:
    """Seed §啟動模組 3: taking only the extra action (then 'done') moves the astronaut off its own
    activation space."""
    s = fresh(2, equipment=False)
    s.act[INDUSTRY] = 0
    at_module(s, 0, INDUSTRY)
    s.seats[0].on_act = 1
    s.seats[0].fe_l = 2
    touch(s)
    s.apply("cut co2 1")
    s.apply("done")
    assert s.act[INDUSTRY] == -1 and s.seats[0].on_act == 0


# --- item 4: documented readings, shown in the log -------------------------------------------------


def test_waste_penalty_past_the_track_end_has_no_effect_and_says_so() -> None:
    """Seed §廢料區: a penalty whose track is already at its end (CO2 at the worst end, stress at its
    maximum) changes nothing; the log says so."""
    s = fresh(2)
    me = s.seats[0]
    me.waste = 9  # the next cube lands on space 10: CO2 +1 and stress +1
    me.co2 = 0
    me.cap = s.board.stress_min_cap
    events = add_waste(s, 0, 1, "test")
    assert me.co2 == 0 and me.cap == s.board.stress_min_cap
    assert "no effect" in events[0]["text"]


def test_research_bonus_space_can_be_taken_by_two_seats() -> None:
    """Research §5.7 (several players may claim the same bonus space): seat 1 takes the helium bonus
    seat 0 already took."""
    s = fresh(2, equipment=False)
    for p in (0, 1):
        at_module(s, p, LAB)
        s.seats[p].ref = s.board.research_max
        touch(s)
        s.apply("research refining")
        assert "bonus helium" in notations(s)
        s.apply("bonus helium")
        assert s.seats[p].he3 == 1


# --- item 5: the setup steps explain their refusals --------------------------------------------------


def test_unknown_equipment_tile_refusal_names_the_tiles_on_offer() -> None:
    """Research §3 (players + 1 tiles face up): 'take laser' is refused because no such tile is on
    offer, naming the tiles that are, not because 'take' were not an action of the step."""
    s = GAME.new(2, seed=0)
    assert "take drill" in notations(s) or any(n.startswith("take ") for n in notations(s))
    with pytest.raises(IllegalAction, match="no laser tile on offer") as err:
        s.apply("take laser")
    assert "not one of its actions" not in str(err.value)


def test_first_probe_on_a_titanium_space_explained() -> None:
    """Research §5.6 (STAND_IN): the first probe goes on an empty iron space."""
    s = GAME.new(2, seed=0, options={"equipment": False})
    with pytest.raises(IllegalAction, match="empty iron space"):
        s.apply("probe r0c2")


def test_start_module_not_revealed_explained() -> None:
    """Research §3: the astronaut starts on one of the revealed modules not taken yet."""
    s = GAME.new(2, seed=0, options={"equipment": False})
    while s.step != 2:  # S_START
        s.apply(s.legal_actions()[0])
    hidden = next(m.key for i, m in enumerate(s.tables.modules) if i not in s.start_mods)
    with pytest.raises(IllegalAction, match="revealed"):
        s.apply(f"start {hidden}")

