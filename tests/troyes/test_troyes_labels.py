"""Issue 15: every Troyes choice says what it costs before the click (seed §5: a bought die costs
2 / 4 / 6 deniers in a group of 1 / 2 / 3 dice, a tradesman is hired for the card's cost; research
§6.1: Tithing's cube makes one yellow die of each other owner free), and the choices that cost VP
or end the round carry the label keys the page asks to confirm.  Every surface reads a label as
``state.label(action)``: Troyes works out the forced dice an action buys only when asked, not in
``legal_actions()``."""

from __future__ import annotations

import json

from meeple.engine import Rng
from meeple.games.troyes import GAME
from meeple.games.troyes.state import NEUTRAL, S_DICE, S_SRC
from tests.troyes.make_troyes_labels import PATH, sweep
from tests.troyes.test_troyes_actions import ready
from tests.troyes.troyes_helpers import black_turn, per_seat, slot_of, touch


def _label(s, notation: str) -> str:  # type: ignore[no-untyped-def]
    act = next(a for a in s.legal_actions() if a.notation == notation)
    return str(s.label(act)["text"])


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
    s.seats[0].cubes[slot] = 1
    touch(s)
    s.apply("farm")
    assert s.step == S_DICE  # the only way: the Tithing cube (no deniers for a bought die)
    first = _label(s, "die y6@p1")
    assert "free with the Tithing cube" in first and "deniers" not in first
    s.apply("die y6@p1")
    assert "free with the Tithing cube" in _label(s, "die y6@n")
    s.apply("die y6@n")
    assert per_seat(s, "deniers") == [6, 0]  # nothing paid, 12 // 2 deniers farmed


def test_activate_label_quotes_the_hire_only_without_a_tradesman() -> None:
    """Seed §5.1: without an own tradesman the card's hiring cost is paid first; with one, none."""
    s = ready([(0, "y", 6), (0, "y", 5), (1, "w", 1)])
    slot = slot_of(s, "Baker")
    cost = s.tables.activities[s.slots[slot]].hire_cost
    assert f"hire a tradesman for {cost} deniers" in _label(s, "activate Baker")
    s.seats[0].trade[slot] = 1
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
    assert acts[-1].notation == "pass" and s.label(acts[-1])["key"].split(".")[-1] == "pass"
    black_turn(s, 0, [6])
    s.dice = []
    touch(s)
    give_up = next(a for a in s.legal_actions() if a.notation == "cannot counter")
    assert s.label(give_up)["key"].split(".")[-1] == "give_up" and "2 VP" in s.label(give_up)["text"]


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


def test_labels_shown_along_random_games_are_the_pinned_ones() -> None:
    """Issue 15: at every decision of seeded random 2-4 player games every legal action's label
    (``state.label``) is the one pinned in ``golden/troyes_labels.json``, written when the labels
    naming forced bought dice were still built inside ``legal_actions()``: main steps, citizen
    sources and cubes all name the same dice at the same price."""
    pinned = json.loads(PATH.read_text(encoding="utf-8"))
    kinds = {f[1].split()[0] for game in pinned for f in game["forced"]}
    assert {"citizen", "cube", "no", "farm", "combat", "build", "activate"} <= kinds
    for game in pinned:
        assert sweep(game["players"], game["seed"]) == game


def test_a_determinized_copy_shows_the_same_labels() -> None:
    """Issue 15: a label reads only what every seat sees, so in every seat's determinization of a
    position (its hidden cards resampled) each legal action has the label of the real position;
    the log's judgement of what another seat may read (``server/story.py``) relies on it."""
    forced = 0
    for players, seed in ((2, 3), (4, 5)):
        s = GAME.new(players, seed)
        rng = Rng(seed + 40)
        while not s.is_over:
            legal = s.legal_actions()
            real = [s.label(a) for a in legal]
            forced += sum(1 for lab in real if lab is not None and lab["key"] == "troyes.label.forced")
            for q in range(players):
                d = s.determinize(q, rng)
                assert [d.label(a) for a in d.legal_actions()] == real, (len(s.history), q)
            s.apply(legal[rng.below(len(legal))])
    assert forced > 20
