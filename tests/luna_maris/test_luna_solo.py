"""Luna Maris solo against the AI coordinator (issue 29; research "Solo", source S-ZR; the AI cards'
actions are STAND_IN: docs/rules/luna_maris.md "Solo").  Each AI action is built as a position and
checked against its rule; setup, one card a round, the human first, scoring against the AI and the
AI deck's hidden order."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import meeple
from meeple.engine import Rng
from meeple.games.luna_maris import solo
from meeple.games.luna_maris.components import (
    AI_BUILD,
    AI_CO2,
    AI_FOOD,
    AI_HIRE,
    AI_MINE,
    AI_ORDER,
    AI_POWER,
    AI_PROBE,
    AI_RECYCLE,
    AI_RESEARCH,
    AI_STEP_MODULE,
    AIRLOCK,
    CARGO,
    POWER,
)
from meeple.games.luna_maris.scoring import carbon_credits, final_breakdown, seniors_held
from meeple.games.luna_maris.state import AI_SEAT, N_JUNIORS, S_TURN, LunaState
from tests.luna_maris.lm_helpers import GAME, fresh, touch

ACTION_TYPES = ("probe", "deliver", "hire", "food", "research", "build", "co2", "extract", "power", "recycle", "ai")
"""The event types of the AI's card actions (``solo.STEP_HANDLERS``; "ai": the fallback)."""
LETTERS = {"basic": set("ABCDEF"), "advanced": set("GHIJKL")}


def solo_game(seed: int = 0, level: str = "basic") -> LunaState:
    """A solo game past its setup (first legal choices), round 1, the human to move."""
    return fresh(1, seed=seed, difficulty=level)


def play_out(s: LunaState, seed: int) -> list[dict]:
    rng = Rng(seed)
    events: list[dict] = []
    while not s.is_over:
        events.extend(s.apply(rng.choice(s.legal_actions())))
    return events


# --- setup ------------------------------------------------------------------------------------------

def test_solo_ai_board_starts_with_waste_probes_water_and_nothing_else() -> None:
    """S-ZR solo: the AI's board holds 1 waste, 3 probes and 2 water, a disc for an astronaut, and no
    special equipment; the human has a normal player's kit."""
    s = solo_game(3)
    assert s.players == 1 and len(s.seats) == 2
    ai = s.seats[AI_SEAT]
    assert (ai.waste, ai.probes, ai.water) == (1, 3, 2)
    assert (ai.energy, ai.fe_l, ai.fe_r, ai.ti_l, ai.ti_r, ai.he3) == (0, 0, 0, 0, 0, 0)
    assert ai.hand == [] and ai.rest == [] and ai.equip == -1
    assert (ai.em_energy, ai.em_iron, ai.em_water) == (0, 0, 0)
    human = s.seats[0]
    assert (human.energy, human.water, human.fe_l, human.waste) == (3, 2, 1, 1)
    assert len(human.hand) == 6


def test_solo_is_set_up_as_two_players() -> None:
    """S-ZR solo: set up as 2 players: players + 1 = 3 order tiles a kind, 2 special equipment tiles
    face up (the human takes one, the other leaves), one level-1 card's modules to start on; the AI's
    first probe is on an iron space and its disc on the start module the human left."""
    s = GAME.new(1, seed=5, options={"difficulty": "basic"})
    assert all(len(st) == 3 for st in s.stacks)
    assert len(s.equip_offer) == 2 and s.cur == 0
    s.apply(s.legal_actions()[0])
    assert s.equip_offer == [] and s.seats[AI_SEAT].equip == -1
    ai_probes = [i for i, o in enumerate(s.grid) if o == AI_SEAT]
    assert len(ai_probes) == 1 and s.tables.mining_spaces[ai_probes[0]].ore == 0
    while s.step != S_TURN:
        assert s.cur == 0  # the AI makes no set-up decision
        s.apply(s.legal_actions()[0])
    human, ai = s.seats[0].pos, s.seats[AI_SEAT].pos
    assert human in s.start_mods and ai in s.start_mods and human != ai


@pytest.mark.parametrize("level", ["basic", "intermediate", "advanced"])
def test_solo_deck_is_five_cards_of_the_difficulty(level: str) -> None:
    """S-ZR solo: basic A-F, advanced G-L, intermediate the two mixed; 5 random cards, one a round."""
    seen: set[str] = set()
    for seed in range(8):
        s = solo_game(seed, level)
        cards = s.ai_deck + s.ai_seen
        assert len(cards) == 5 and len(set(cards)) == 5
        names = {s.tables.ai_cards[c].name for c in cards}
        seen |= names
        if level in LETTERS:
            assert names <= LETTERS[level]
    if level == "intermediate":
        assert seen & LETTERS["basic"] and seen & LETTERS["advanced"]


def test_solo_one_ai_card_per_round_and_human_first() -> None:
    """S-ZR solo: each round the AI turns up one card holding all its actions for the round; the human
    plays first in round 1."""
    s = solo_game(2)
    assert s.round == 1 and s.cur == 0 and s.order[0] == 0
    assert s.ai_card >= 0 and len(s.ai_seen) == 1 and len(s.ai_deck) == 4
    events = play_out(s, 2)
    rounds = [e["args"]["round"] for e in events if e["type"] == "ai_card"]
    assert rounds == [2, 3, 4, 5]
    assert len(set(s.ai_seen)) == 5 and s.ai_deck == []


def test_solo_ai_takes_one_action_per_turn_then_passes() -> None:
    """STAND_IN turn order: the AI alternates with the human, one card action a turn; when the card is
    done the AI passes; after the human passes the AI plays its card out, passes, and the round ends."""
    s = solo_game(4)
    card = s.tables.ai_cards[s.ai_card]
    before = s.ai_next
    s.apply("emergency energy")  # not a turn: the AI does not act
    assert s.ai_next == before
    s.apply(next(a for a in s.legal_actions() if a.notation.startswith("play")))
    while s.cur == 0 and s.step != S_TURN:
        s.apply(s.legal_actions()[-1])
    assert s.ai_next == before + 1 and s.cur == 0
    events = s.apply("pass")
    assert s.round == 2
    ai_pass = [e for e in events if e["key"] == "luna_maris.event.ai_pass"]
    assert len(ai_pass) == 1
    acted = [e for e in events if e.get("seat") == AI_SEAT and e["type"] in ACTION_TYPES]
    assert len(acted) == len(card.steps) - (before + 1)  # the rest of its card, then the pass
    assert events.index(ai_pass[0]) > max(events.index(e) for e in acted) if acted else True


# --- each AI action -----------------------------------------------------------------------------------

def test_ai_probe_extends_its_group_and_scores_nothing_at_once() -> None:
    """STAND_IN Airlock: the AI installs its next probe on the empty space next to most of its own
    probes (ties: the first space)."""
    s = solo_game(0)
    s.grid = [-1] * len(s.grid)
    s.grid[5] = AI_SEAT  # r1c1: neighbours r0c1 (1), r1c0 (4), r1c2 (6), r2c1 (9)
    s.grid[6] = AI_SEAT
    s.grid[1] = 0
    ai = s.seats[AI_SEAT]
    vp = ai.vp
    solo.ai_probe(s, ai, -1)
    assert s.grid[2] == AI_SEAT  # spaces 2, 4, 7, 9, 10 each touch one AI probe: the first
    assert ai.probes == 2 and ai.vp == vp


def test_ai_probe_prefers_most_neighbours() -> None:
    """STAND_IN Airlock: a space touching two AI probes beats one touching one."""
    s = solo_game(0)
    s.grid = [-1] * len(s.grid)
    s.grid[0] = AI_SEAT  # r0c0
    s.grid[5] = AI_SEAT  # r1c1: r0c1 (1) and r1c0 (4) touch both
    s.grid[1] = 0
    solo.ai_probe(s, s.seats[AI_SEAT], -1)
    assert s.grid[4] == AI_SEAT


def test_ai_probe_without_probes_scores_the_fallback() -> None:
    """STAND_IN: an action the AI cannot take (no probe left) scores 1 VP instead."""
    s = solo_game(0)
    ai = s.seats[AI_SEAT]
    ai.probes = 0
    grid, vp = list(s.grid), ai.vp
    solo.ai_probe(s, ai, -1)
    assert s.grid == grid and ai.vp == vp + solo.FALLBACK_VP


def test_ai_order_takes_the_named_kind_and_scores_it() -> None:
    """STAND_IN Cargo dock: the AI takes the face-up order of the card's kind without paying, scores its
    VP and keeps it; the next tile of the stack turns up."""
    s = solo_game(1)
    ai = s.seats[AI_SEAT]
    stack = s.stacks[2]
    top, under = stack[-1], stack[-2]
    vp = ai.vp
    solo.ai_order(s, ai, 2)
    assert ai.delivered == [top] and ai.vp == vp + s.tables.orders[top].vp
    assert s.stacks[2][-1] == under
    assert s.seats[0].delivered == []


def test_ai_order_of_an_empty_kind_takes_the_richest_top() -> None:
    """STAND_IN Cargo dock: an empty stack of the card's kind: the face-up order with the most VP."""
    s = solo_game(1)
    s.stacks[0] = []
    best = max(range(1, len(s.stacks)), key=lambda k: (s.tables.orders[s.stacks[k][-1]].vp, -k))
    top = s.stacks[best][-1]
    solo.ai_order(s, s.seats[AI_SEAT], 0)
    assert s.seats[AI_SEAT].delivered == [top]


def test_ai_hire_takes_the_oldest_senior_and_it_scores_at_the_end() -> None:
    """STAND_IN Communications room: the AI takes the last card of the hiring row free; the row slides
    and refills; a senior it holds scores 2 VP at the end (seed §最終計分 2)."""
    s = solo_game(6)
    ai = s.seats[AI_SEAT]
    row = list(s.hire_row)
    nxt = s.senior_deck[-1]
    solo.ai_hire(s, ai, -1)
    assert ai.hand == [row[-1]] and row[-1] >= N_JUNIORS
    assert s.hire_row == [nxt, *row[:-1]]
    assert seniors_held(s, AI_SEAT) == 1
    assert final_breakdown(s)[AI_SEAT][1] == s.board.senior_vp


def test_ai_food_takes_the_highest_value() -> None:
    """STAND_IN Greenhouse: the AI takes the face-up food card of the highest value."""
    s = solo_game(7)
    value = s.pre.food_value
    best = max(s.food_row, key=lambda f: (value[f], -s.food_row.index(f)))
    solo.ai_food(s, s.seats[AI_SEAT], -1)
    assert s.seats[AI_SEAT].food == [best] and best not in s.food_row


def test_ai_research_climbs_and_scores_at_the_top() -> None:
    """Seed §實驗室 for the AI: one level up the card's track; a step ending at or taken from the top
    scores 5 VP; no bonus space."""
    s = solo_game(0)
    ai = s.seats[AI_SEAT]
    vp = ai.vp
    solo.ai_research(s, ai, 1)
    assert (ai.ref, ai.sus, ai.vp) == (1, 2, vp)
    ai.sus = s.board.research_max - 1
    solo.ai_research(s, ai, 1)
    assert ai.sus == s.board.research_max and ai.vp == vp + s.board.research_top_vp
    solo.ai_research(s, ai, 1)
    assert ai.vp == vp + 2 * s.board.research_top_vp and ai.sus_bonus == 0


def test_ai_build_takes_the_build_track_for_everyone() -> None:
    """STAND_IN Laboratory extra: the AI builds the first advanced module on offer, free; its disc takes
    the next build-track space and scores it; the module is built for the human too."""
    s = solo_game(0)
    ai = s.seats[AI_SEAT]
    a = s.adv_offer[0]
    module = s.tables.advanced_modules[a].module
    vp = ai.vp
    solo.ai_build(s, ai, -1)
    assert s.built[module] == a and a not in s.adv_offer
    assert s.build_track == [AI_SEAT] and ai.vp == vp + s.board.build_vp[0]


def test_ai_build_with_the_track_full_scores_the_fallback() -> None:
    """STAND_IN: at most 4 builds a game; then the AI's build scores 1 VP instead."""
    s = solo_game(0)
    s.build_track = [0] * s.board.max_builds
    ai = s.seats[AI_SEAT]
    vp = ai.vp
    solo.ai_build(s, ai, -1)
    assert ai.vp == vp + solo.FALLBACK_VP and len(s.build_track) == s.board.max_builds


def test_ai_co2_steps_toward_the_clean_end() -> None:
    """STAND_IN Industrial zone extra: the AI's CO2 marker one step cleaner; at the end: fallback."""
    s = solo_game(0)
    ai = s.seats[AI_SEAT]
    c = ai.co2
    solo.ai_co2(s, ai, -1)
    assert ai.co2 == c + 1
    ai.co2 = len(s.board.co2_vp) - 1
    vp = ai.vp
    solo.ai_co2(s, ai, -1)
    assert ai.co2 == len(s.board.co2_vp) - 1 and ai.vp == vp + solo.FALLBACK_VP


def test_ai_mine_scores_one_per_two_probes() -> None:
    """STAND_IN Mining station: 1 VP per 2 AI probes on the mining area, at least 1."""
    s = solo_game(0)
    ai = s.seats[AI_SEAT]
    s.grid = [-1] * len(s.grid)
    for n, want in ((1, 1), (3, 1), (4, 2)):
        s.grid = [AI_SEAT] * n + [-1] * (len(s.grid) - n)
        vp = ai.vp
        solo.ai_mine(s, ai, -1)
        assert ai.vp == vp + want


def test_ai_power_and_recycle() -> None:
    """STAND_IN Power plant: 1 VP; Recycling plant: 1 waste off the AI's gauge (none: fallback)."""
    s = solo_game(0)
    ai = s.seats[AI_SEAT]
    vp = ai.vp
    solo.ai_power(s, ai, -1)
    assert ai.vp == vp + 1
    solo.ai_recycle(s, ai, -1)
    assert ai.waste == 0 and ai.vp == vp + 1
    solo.ai_recycle(s, ai, -1)
    assert ai.waste == 0 and ai.vp == vp + 1 + solo.FALLBACK_VP


def test_ai_disc_activates_and_the_human_following_it_pays_the_ai() -> None:
    """Seed §啟動模組 3 with the AI's disc: the AI takes an empty activation space (free); a human
    visiting that module follows, pays no energy, and the AI scores 1 VP."""
    s = solo_game(0)
    ai = s.seats[AI_SEAT]
    solo.move_disc(s, CARGO)
    assert s.act[CARGO] == AI_SEAT and ai.pos == CARGO and ai.on_act
    from meeple.games.luna_maris.modules import activate, activation_cost
    assert activation_cost(s, 0, CARGO) == 0
    vp, energy = ai.vp, s.seats[0].energy
    events = activate(s, 0, CARGO)
    assert ai.vp == vp + 1 and s.seats[0].energy == energy
    assert events[0]["key"] == "luna_maris.event.follow_ai"
    solo.move_disc(s, AIRLOCK)  # moving on: the activation lapses
    assert s.act[CARGO] == -1 and s.act[AIRLOCK] == AI_SEAT


def test_ai_following_the_human_pays_the_human() -> None:
    """Seed §啟動模組 3: the AI's disc on the human's activation space follows it: the human scores 1 VP."""
    s = solo_game(0)
    s.act[CARGO] = 0
    s.seats[0].pos, s.seats[0].on_act = CARGO, 1
    vp = s.seats[0].vp
    solo.move_disc(s, CARGO)
    assert s.seats[0].vp == vp + 1 and s.act[CARGO] == 0
    solo.move_disc(s, POWER)  # the Power plant needs no activation
    assert s.act[POWER] == -1 and s.seats[AI_SEAT].pos == POWER


def test_every_ai_action_kind_has_a_module_and_a_rule() -> None:
    """Each card step names one AI action; each moves the disc to its module and runs its rule."""
    kinds = (AI_PROBE, AI_ORDER, AI_HIRE, AI_FOOD, AI_RESEARCH, AI_BUILD, AI_CO2, AI_MINE, AI_POWER, AI_RECYCLE)
    assert len(solo.STEP_HANDLERS) == len(kinds) == len(AI_STEP_MODULE)
    for card in meeple.games.get("luna_maris").default_tables().ai_cards:
        assert len(card.steps) == len(card.args) >= 4


# --- scoring against the AI ----------------------------------------------------------------------------

def test_solo_carbon_credits_and_food_ranks_compare_with_the_ai() -> None:
    """Seed §碳信用分數 and §最終計分 3-4 at 2 players: the human ranks against the AI."""
    s = solo_game(0)
    s.seats[AI_SEAT].co2 = s.seats[0].co2 + 1
    assert carbon_credits([me.co2 for me in s.seats], s.board.credits_2p) == [-1, 1]
    s.seats[AI_SEAT].food = [s.food_row[0]]
    s.seats[0].food = []
    items = final_breakdown(s)
    assert items[AI_SEAT][2] == s.board.food_rank_vp[0] and items[0][2] == 0


def test_solo_result_in_the_view_at_the_end() -> None:
    """Issue 29: at the end, the view's "solo" holds the level, the human's VP, the AI's VP as the
    yardstick and whether it was beaten; the scores are the human's only."""
    s = solo_game(9, "advanced")
    assert "solo" not in s.view(0)
    play_out(s, 9)
    view = s.view(0)
    assert s.scores() == [s.seats[0].vp] and s.ranking() == [[0]]
    result = view["solo"]
    assert result == {"level": "advanced", "score": s.seats[0].vp, "yardstick": s.seats[AI_SEAT].vp,
                      "yardstick_kind": "ai", "beaten": result["beaten"]}
    assert result["beaten"] == (s.seats[0].vp > s.seats[AI_SEAT].vp) or s.seats[0].vp == s.seats[AI_SEAT].vp
    assert set(view["ai"]["final_scoring"]) == set(view["final_scoring"][0])
    assert len(view["seats"]) == 1


def test_solo_tie_goes_to_more_orders() -> None:
    """Seed §平手 against the AI: equal VP, the one with more orders wins."""
    from meeple.games.luna_maris.scoring import solo_result
    s = solo_game(0)
    s.final = [[0] * 8, [0] * 8]
    s.seats[0].vp = s.seats[AI_SEAT].vp = 40
    s.seats[0].delivered = [0, 1]
    s.seats[AI_SEAT].delivered = [2]
    result = solo_result(s)
    assert result is not None and result["beaten"]
    s.seats[AI_SEAT].delivered = [2, 3, 4]
    result = solo_result(s)
    assert result is not None and not result["beaten"]


# --- hidden information ---------------------------------------------------------------------------------

def test_solo_ai_deck_is_hidden_and_resampled() -> None:
    """The AI cards still face down are hidden: views show only how many; determinize draws them again
    from the level's unseen cards, and every view stays the same."""
    s = solo_game(11, "intermediate")
    view = s.view(0)
    assert view["ai"]["cards_left"] == len(s.ai_deck) == 4
    assert view["ai"]["cards_played"] == [s.tables.ai_cards[s.ai_card].name]
    text = json.dumps(view)
    for c in s.ai_deck:
        assert f"ai_cards.{s.tables.ai_cards[c].name.lower()}." not in text
    decks = set()
    for k in range(12):
        d = s.determinize(0, Rng(k))
        assert isinstance(d, LunaState)
        assert d.view(0) == view
        assert not set(d.ai_deck) & set(s.ai_seen) and len(d.ai_deck) == 4
        decks.add(tuple(d.ai_deck))
    assert len(decks) > 1
    other = solo_game(11, "intermediate")
    other.ai_deck.reverse()
    assert touch(other).view(0) == view


# --- whole games -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("level", ["basic", "intermediate", "advanced"])
def test_solo_random_game_ends_and_replays(level: str) -> None:
    """A random solo game at each difficulty reaches its end, and its record replays exactly."""
    s = GAME.new(1, seed=21, options={"difficulty": level})
    play_out(s, 21)
    again = meeple.replay(json.loads(json.dumps(s.record())))
    assert again.scores() == s.scores() and again.view(0) == s.view(0)
    assert s.view(0)["solo"]["level"] == level


# --- a component pack replaces the stand-in cards ------------------------------------------------------

def test_component_pack_replaces_the_ai_cards(tmp_path: Path) -> None:
    """docs/engine.md "Component packs": an owner's pack gives the AI cards' real actions; the AI
    then plays them (here every card: power, power, power, power); an action index out of range is
    refused when the pack is loaded."""
    from meeple.engine import BadSetup
    from meeple.engine.components import load_pack
    cards = "\n".join(f'[[ai_cards]]\nname = "{n}"\nzh = "AI卡"\nlevel = {0 if n < "G" else 1}\n'
                      f"steps = [8, 8, 8, 8]\nargs = [-1, -1, -1, -1]\n" for n in "ABCDEFGHIJKL")
    pack = tmp_path / "ai.toml"
    pack.write_text('game = "luna_maris"\n' + cards, encoding="utf-8")
    tables = load_pack(GAME.default_tables(), pack)
    s = GAME.new(1, seed=2, tables=tables)
    events = play_out(s, 2)
    ai_actions = [e["key"] for e in events if e.get("seat") == AI_SEAT and e["type"] in ACTION_TYPES]
    assert ai_actions and set(ai_actions) == {"luna_maris.event.ai_power"}
    assert s.seats[AI_SEAT].delivered == [] and s.seats[AI_SEAT].food == []
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "luna_maris"\n' + cards.replace("steps = [8, 8, 8, 8]", "steps = [8, 8, 8, 10]", 1),
                   encoding="utf-8")
    with pytest.raises(BadSetup, match="ai_cards"):
        load_pack(GAME.default_tables(), bad)
