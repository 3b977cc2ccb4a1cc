"""The learned value network (issue 19, "Bots that are clearly strong"): weights load only
for the game, rules version, component set and observation layout they were trained on;
the network-guided bots play legal moves; the shipped weights match their manifests."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meeple import bots, games
from meeple.bots.base import act
from meeple.bots.valuenet import WEIGHTS, ValueNet, expected_manifest, net_for, weights_path
from meeple.engine.errors import BadSetup
from meeple.engine.rng import Rng

np = pytest.importorskip("numpy", reason="the value network needs numpy (pip install 'meeple[rl]')")

GAME = "luna_maris"


def write_weights(folder: Path, name: str, players: int, **overrides: object) -> Path:
    """Random weights of the right shape, with a manifest made for the game (or overridden)."""
    state = games.get(name).new(players, 0)
    manifest = {**expected_manifest(state), **overrides}
    size = state.observation_layout().size
    rng = np.random.default_rng(0)
    arrays = {"low": np.zeros(size, np.float32), "span": np.ones(size, np.float32),
              "W0": rng.normal(0, 0.05, (size, 8)).astype(np.float32), "b0": np.zeros(8, np.float32),
              "W1": rng.normal(0, 0.05, (8, 2 * players)).astype(np.float32),
              "b1": np.full(2 * players, 0.5, np.float32)}
    path = weights_path(name, players, folder)
    np.savez(path, **arrays)
    path.with_suffix(".json").write_text(json.dumps(manifest))
    return path


def test_matching_weights_give_every_seat_a_value_in_the_unit_range(tmp_path: Path) -> None:
    write_weights(tmp_path, GAME, 3)
    state = games.get(GAME).new(3, 5)
    values = net_for(state, tmp_path).values(state)
    assert len(values) == 3 and all(0.0 <= v <= 1.0 for v in values)


@pytest.mark.parametrize("field, value", [("version", -1), ("components", "0000"), ("layout", "ffff"),
                                          ("game", "troyes"), ("inputs", 3)])
def test_weights_made_for_something_else_are_refused(tmp_path: Path, field: str, value: object) -> None:
    """Weights trained under another rules version, component set, layout or game are refused
    with a message naming the field and how to retrain."""
    write_weights(tmp_path, GAME, 2, **{field: value})
    state = games.get(GAME).new(2, 1)
    with pytest.raises(BadSetup, match=f"{field} is .*meeple train {GAME} --players 2"):
        net_for(state, tmp_path)


def test_missing_weights_say_how_to_train_them(tmp_path: Path) -> None:
    with pytest.raises(BadSetup, match="no trained value network .*meeple train"):
        net_for(games.get(GAME).new(4, 1), tmp_path)


def test_a_determinized_copy_gets_the_same_values(tmp_path: Path) -> None:
    """The network reads only the mover's observation, so its values do not depend on what
    the mover cannot see."""
    write_weights(tmp_path, GAME, 2)
    state = games.get(GAME).new(2, 9)
    rng = Rng(4)
    for _ in range(30):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    net = net_for(state, tmp_path)
    copy = state.determinize(state.to_move, Rng(77))
    assert net.values(copy) == pytest.approx(net.values(state))


@pytest.mark.parametrize("spec", ["heuristic:value=net,depth=2,width=6,beam=2",
                                  "ismcts:value=net,iters=16,horizon=4"])
def test_network_guided_bots_play_legal_moves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              spec: str) -> None:
    write_weights(tmp_path, GAME, 2)
    monkeypatch.setenv("MEEPLE_WEIGHTS", str(tmp_path))
    state = games.get(GAME).new(2, 3)
    bot, rng = bots.make(spec), Rng(1)
    for _ in range(12):
        if state.is_over:
            break
        action = act(bot, state, rng)
        assert action in state.legal_actions()
        state.apply(action)


def test_an_unknown_value_kind_is_refused() -> None:
    with pytest.raises(BadSetup, match="value='oracle' must be one of eval, net"):
        bots.make("heuristic:value=oracle")


SHIPPED = sorted(WEIGHTS.glob("*.npz"))


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_shipped_weights_match_their_manifest_and_game(path: Path) -> None:
    """Every shipped network loads, has the manifest fields the issue names, and matches the
    game as it is now (a rules change without retraining fails here)."""
    net = ValueNet.load(path)
    for field in ("game", "version", "components", "layout", "command", "positions", "validation_loss"):
        assert field in net.manifest
    state = games.get(net.manifest["game"]).new(int(net.manifest["players"]), 0)
    net.check(state)
    assert net.manifest["validation_loss"] < net.manifest["constant_loss"]


def test_auto_value_without_a_network_plays_exactly_as_evaluate(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """``value=auto`` (the players' levels) falls back to ``evaluate`` where no network is
    shipped for the game and player count: the same moves as the plain heuristic."""
    monkeypatch.setenv("MEEPLE_WEIGHTS", str(tmp_path))
    plain, auto = bots.make("heuristic:width=6"), bots.make("heuristic:width=6,value=auto")
    state = games.get(GAME).new(2, 8)
    for _ in range(10):
        if state.is_over:
            break
        a, b = act(plain, state, Rng(5)), act(auto, state, Rng(5))
        assert a == b
        state.apply(a)


def test_blend_is_the_mean_of_the_network_and_evaluate(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from meeple.bots.heuristic import evaluator

    write_weights(tmp_path, GAME, 2)
    monkeypatch.setenv("MEEPLE_WEIGHTS", str(tmp_path))
    state = games.get(GAME).new(2, 2)
    blend = evaluator("blend", state)
    assert blend is not None
    net = net_for(state, tmp_path).value(state, 0)
    plain = min(1.0, max(0.0, games.get(GAME).evaluate(state, 0)))
    assert blend(state, 0) == pytest.approx((net + plain) / 2)


def test_the_server_accepts_the_value_words_and_refuses_others() -> None:
    """The server's bot caps (issue 16) let a level name the value function (issue 19) and
    refuse any other word; the players' normal level uses the network where one is shipped."""
    from meeple.server.levels import DEFAULT_LEVELS, check_spec

    assert check_spec("heuristic:value=auto") == "heuristic:value=auto"
    assert check_spec("ismcts:time=1,value=blend") == "ismcts:time=1,value=blend"
    with pytest.raises(BadSetup, match="value='oracle' must be one of"):
        check_spec("heuristic:value=oracle")
    assert "value=auto" in DEFAULT_LEVELS["normal"].spec
