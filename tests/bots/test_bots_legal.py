"""Bots only return legal actions, on every game and player count."""

from __future__ import annotations

import pytest

from meeple import bots, games
from meeple.bots.heuristic import HeuristicBot
from meeple.bots.ismcts import ISMCTSBot
from meeple.engine.core import BadSetup
from meeple.engine.rng import Rng
from tests.bots.helpers import FAST_HEURISTIC, FAST_ISMCTS, game_counts, positions


def test_bot_kinds_registered() -> None:
    assert {"random", "heuristic", "ismcts"} <= set(bots.kinds())
    assert isinstance(bots.make("heuristic:depth=3"), HeuristicBot)
    bot = bots.make("ismcts:iters=50,horizon=7,c=1.2")
    assert isinstance(bot, ISMCTSBot)
    assert (bot.iters, bot.seconds, bot.settings.horizon, bot.settings.c) == (50, None, 7, 1.2)
    default = bots.make("ismcts")
    assert isinstance(default, ISMCTSBot) and default.seconds == 1.0
    plain = bots.make("ismcts:spread=0,expand=0,early=0")
    assert isinstance(plain, ISMCTSBot)
    assert (plain.settings.spread, plain.settings.expand, plain.settings.early) == (False, 0, False)
    assert (default.settings.spread, default.settings.expand, default.settings.early) == (True, 1, True)


@pytest.mark.parametrize(
    "spec",
    ["heuristic:depth=0", "heuristic:speed=2", "ismcts:iters=x", "ismcts:time=0",
     "ismcts:time=-1", "ismcts:workers=0", "ismcts:foo=1", "ismcts:prior=-1", "ismcts:pick=0",
     "ismcts:horizon=-2", "ismcts:margin=x", "ismcts:lead=-1", "ismcts:expand=-1",
     "ismcts:spread=x", "ismcts:early=-1", "ismcts:early=2", "ismcts:spread=5"],
)
def test_bad_bot_parameters_are_refused(spec: str) -> None:
    with pytest.raises(BadSetup):
        bots.make(spec)


@pytest.mark.parametrize(("name", "players"), game_counts())
def test_bots_return_legal_actions(name: str, players: int) -> None:
    specs = ["random", FAST_HEURISTIC, FAST_ISMCTS]
    checked = 0
    for seed in (1, 2):
        for i, state in enumerate(positions(name, players, seed, 3)):
            legal = {a.notation for a in state.legal_actions()}
            before = state.record()
            for k, spec in enumerate(specs):
                bot = bots.make(spec)
                action = bots.act(bot, state, Rng(1000 * seed + 10 * i + k))
                assert action.notation in legal, (name, players, seed, i, spec, action)
                # the state the bot was asked about is untouched
                assert state.record() == before
                checked += 1
    assert checked > 0


@pytest.mark.parametrize("name", games.names())
def test_parallel_ismcts_returns_a_legal_action(name: str) -> None:
    state = positions(name, games.get(name).min_players, 4, 1)[0]
    bot = bots.make("ismcts:iters=16,horizon=4,workers=2")
    assert isinstance(bot, ISMCTSBot)
    action = bots.act(bot, state, Rng(9))
    assert action in state.legal_actions()
    assert bot.stats()["iterations"] >= 8


@pytest.mark.parametrize("spec", ["ismcts:iters=30,prior=0,lead=0,horizon=12",
                                  "ismcts:iters=20,pick=3,horizon=4,lead=0",
                                  "ismcts:iters=20,horizon=0,margin=0,lead=9",
                                  "ismcts:iters=40,spread=0,c=0.7,expand=0",
                                  "ismcts:iters=40,expand=3,early=0"])
@pytest.mark.parametrize("name", games.names())
def test_ismcts_variants_return_legal_actions(name: str, spec: str) -> None:
    for state in positions(name, games.get(name).min_players, 8, 2):
        action = bots.act(bots.make(spec), state, Rng(3))
        assert action in state.legal_actions()
