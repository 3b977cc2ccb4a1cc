"""Issue 15: every Troyes choice says what it costs before the click (seed §5: a bought die costs
2 / 4 / 6 deniers in a group of 1 / 2 / 3 dice, a tradesman is hired for the card's cost; research
§6.1: Tithing's cube makes one yellow die of each other owner free), and the choices that cost VP
or end the round carry the label keys the page asks to confirm."""

from __future__ import annotations

from meeple.games.troyes.state import NEUTRAL, S_DICE, S_SRC
from tests.troyes.test_troyes_actions import ready
from tests.troyes.troyes_helpers import black_turn, slot_of, touch


def _label(s, notation: str) -> str:  # type: ignore[no-untyped-def]
    act = next(a for a in s.legal_actions() if a.notation == notation)
    return str(act.label["text"])


def test_bought_die_label_quotes_the_price_of_the_group_size() -> None:
    """Seed §5: the die's label names 2 deniers as the group's only die, 4 as its second."""
    s = ready([(0, "y", 1), (1, "y", 5), (1, "y", 6), (NEUTRAL, "y", 3), (1, "w", 1)])
    s.apply("farm")
    assert s.step == S_DICE
    assert "2 deniers" in _label(s, "die y5@p1") and "seat 1" in _label(s, "die y5@p1")
    assert "bank for 2 deniers" in _label(s, "die y3@n")
    assert "free" in _label(s, "die y1")
    s.apply("die y1")
    assert "4 deniers" in _label(s, "die y5@p1")
    s.apply("die y5@p1")
    assert "paying 4 deniers" in _label(s, "done")


def test_tithing_die_label_says_free_not_2_4_6() -> None:
    """Research §6.1 Tithing: with its cube the first yellow die of each other owner is free, and
    the labels say so (they quoted 2/4/6 deniers before issue 15)."""
    s = ready([(1, "y", 6), (NEUTRAL, "y", 6), (1, "w", 1)], deniers=(0, 0))
    slot = slot_of(s, "Tithing")
    s.cubes[slot * 4] = 1
    touch(s)
    s.apply("farm")
    assert s.step == S_DICE  # the only way: the Tithing cube (no deniers for a bought die)
    first = _label(s, "die y6@p1")
    assert "free with the Tithing cube" in first and "deniers" not in first
    s.apply("die y6@p1")
    assert "free with the Tithing cube" in _label(s, "die y6@n")
    s.apply("die y6@n")
    assert s.deniers == [6, 0]  # nothing paid, 12 // 2 deniers farmed


def test_activate_label_quotes_the_hire_only_without_a_tradesman() -> None:
    """Seed §5.1: without an own tradesman the card's hiring cost is paid first; with one, none."""
    s = ready([(0, "y", 6), (0, "y", 5), (1, "w", 1)])
    slot = slot_of(s, "Baker")
    cost = s.tables.activities[s.slots[slot]].hire_cost
    assert f"hire a tradesman for {cost} deniers" in _label(s, "activate Baker")
    s.trade[slot * 4] = 1
    touch(s)
    label = _label(s, "activate Baker")
    assert "no hire" in label and f"for {cost} deniers" not in label


def test_source_label_names_the_forced_bought_die() -> None:
    """Issue 15: a citizen source after which the only legal group is a bought die says the die
    and its price (the click buys it: the dice step has a single choice and is taken at once)."""
    s = ready([(NEUTRAL, "w", 2), (1, "r", 1)])
    own = [i for i, o in enumerate(s.bld) if o == 0]
    assert own, "seat 0 has a citizen in a building after the draft"
    s.apply("place bishopric")
    assert s.step == S_SRC
    label = _label(s, "citizen from supply")
    assert "neutral white 2" in label and "2 deniers" in label, label


def test_costly_labels_confirm_and_pass_comes_last() -> None:
    """Issue 15: cannot counter (-2 VP) and pass (ends the round) have the label keys app.js
    confirms (last part give_up / pass); pass is offered after every action."""
    s = ready([(0, "y", 6), (1, "w", 1)])
    acts = s.legal_actions()
    assert acts[-1].notation == "pass" and acts[-1].label["key"].split(".")[-1] == "pass"
    black_turn(s, 0, [6])
    s.dice = []
    touch(s)
    give_up = next(a for a in s.legal_actions() if a.notation == "cannot counter")
    assert give_up.label["key"].split(".")[-1] == "give_up" and "2 VP" in give_up.label["text"]


def test_main_action_label_names_the_one_die_it_buys() -> None:
    """Issue 15: farming when the only yellow die is a neutral one buys it at once (the dice steps
    are single choices): the farm label says so, with its price; with an own yellow die it does not."""
    s = ready([(NEUTRAL, "y", 4), (1, "w", 1)])
    label = _label(s, "farm")
    assert "neutral yellow 4" in label and "2 deniers" in label, label
    keys = [e.get("key") for e in s.apply("farm")]
    assert "troyes.event.buy.neutral" in keys and "troyes.event.farm" in keys, keys  # no step asked
    s = ready([(0, "y", 4), (1, "w", 1)])
    assert "deniers for the bought dice" not in _label(s, "farm")
