"""Issue 18: the observation tensor holds exactly what ``view(seat)`` holds, in a fixed shape.

Checked over random games: the shape is ``game.observation_shape(players)``, values are within the
declared bounds, the observation is unchanged under ``determinize(seat, ...)``, and two positions
whose views for a seat differ have different observations for that seat (and equal views give
equal observations).
"""

from __future__ import annotations

import json
import random

import pytest

import meeple
from tests.rl.helpers import counts, play

np = pytest.importorskip("numpy", reason="the observation tests need numpy: pip install 'meeple[rl]'")

SEEDS = 1
LIMIT = 120  # decisions per game (longer sweeps: scripts/bench_rl.py)


@pytest.mark.parametrize(("name", "players"), counts())
def test_observation_is_the_view_in_a_fixed_shape(name: str, players: int) -> None:
    """Issue 18: fixed shape and dtype, declared bounds, seen == view (both directions)."""
    game = meeple.games.get(name)
    shape = game.observation_shape(players)
    seen: dict[tuple[int, bytes], str] = {}
    views: dict[tuple[int, str], bytes] = {}
    for seed in range(SEEDS):
        for state in play(name, players, seed, limit=LIMIT):
            layout = state.observation_layout()
            for seat in range(players):
                obs = state.observation(seat)
                assert obs.dtype == np.float32 and obs.shape == shape
                out = np.nonzero((obs < layout.low) | (obs > layout.high))[0]
                assert not len(out), [(layout.names[i], float(obs[i])) for i in out]
                view = json.dumps(state.view(seat), sort_keys=True)
                key = (seat, obs.tobytes())
                assert seen.setdefault(key, view) == view, "two different views, one observation"
                assert views.setdefault((seat, view), key[1]) == key[1], "one view, two observations"


@pytest.mark.parametrize(("name", "players"), counts())
def test_observation_is_unchanged_under_determinize(name: str, players: int) -> None:
    """Issue 18: resampling what a seat cannot see leaves its observation as it was."""
    rng = random.Random(5)
    for k, state in enumerate(play(name, players, 7)):
        if k % 5:
            continue
        for seat in range(players):
            copy = state.determinize(seat, rng)
            assert np.array_equal(copy.observation(seat), state.observation(seat))


@pytest.mark.parametrize(("name", "players"), counts())
def test_layout_names_each_entry_once(name: str, players: int) -> None:
    """Issue 18: a documented layout: one distinct name per entry, low <= high."""
    state = meeple.games.get(name).new(players, 0)
    layout = state.observation_layout()
    assert len(set(layout.names)) == layout.size == state.observation(0).shape[0]
    assert (layout.low <= layout.high).all()


def test_observations_are_seat_relative() -> None:
    """Issue 18: the observer's own seat comes first: in a symmetric opening of Luna Maris two seats
    see their own resources in the same places."""
    state = meeple.games.get("luna_maris").new(2, 3)
    layout = state.observation_layout()
    first = [i for i, n in enumerate(layout.names) if n.startswith("seat+0.energy")]
    assert first
    for seat in range(2):
        obs = state.observation(seat)
        assert obs[first[0]] == state.view(seat)["seats"][seat]["energy"]


@pytest.mark.parametrize("name", ["luna_maris", "messina", "mundus_novus", "troyes"])
def test_information_state_is_a_perfect_recall_chain(name: str) -> None:
    """Issue 18: the information state names the seat's whole view history: equal for a replayed
    record, different after one more decision, and refused on a determinized copy."""
    states = [s.clone() for s in play(name, 2, 4, limit=12)]
    a, b = states[-2], states[-1]
    assert a.information_state(0) != b.information_state(0)
    again = meeple.replay(b.record())
    assert again.information_state(1) == b.information_state(1)
    with pytest.raises(meeple.MeepleError):
        b.determinize(0, 1).information_state(0)


@pytest.mark.parametrize(("name", "players"), counts())
def test_a_fast_path_writes_exactly_the_view_encoding(name: str, players: int) -> None:
    """Issue 18: each game's encoder reads the state's fields directly (``observe_state``, for
    speed) at every position, none falling back to the view (pending actions, payment steps,
    fleets and final breakdowns included); what it writes equals the encoding of ``view(seat)``."""
    from meeple.engine.encoding import Obs

    game = meeple.games.get(name)
    encoder = game.encoder
    for seed in (3, 4):
        for state in play(name, players, seed, limit=None if seed == 4 else LIMIT):
            size = state.observation_layout().size
            for seat in range(players):
                out = Obs(seat, players, size)
                encoder._fast_head(state, out)
                assert encoder.observe_state(state, out, encoder._vocabs(state.tables)), "fell back to the view"
                assert out.pos == size
                assert np.array_equal(out.result(), encoder.reference_observation(state, seat))


@pytest.mark.parametrize("name", ["luna_maris", "messina", "mundus_novus", "troyes"])
def test_vocabularies_are_what_their_annotation_says(name: str) -> None:
    """Issue 31: ``Encoder.vocabs`` is declared ``dict[str, dict[Any, int]]`` and the compiled
    build checks that (Messina's and Mundus Novus' held lists and an array, which made the
    compiled encoders raise ``TypeError``): every vocabulary is a dict of distinct indices
    0..n-1, the reference encoding's one-hot slots."""
    game = meeple.games.get(name)
    vocabs = game.encoder.vocabs(game.default_tables())
    for key, entries in vocabs.items():
        assert isinstance(entries, dict), key
        assert all(type(i) is int for i in entries.values()), key
        assert sorted(entries.values()) == list(range(len(entries))) or key == "estate", key


def test_the_encoders_are_compiled_with_the_engine() -> None:
    """Issue 31: ``make fast`` compiles ``engine/encoding.py`` and every game's ``encode.py`` (an
    interpreted encoder reads a compiled state's fields through Python's generic attribute path,
    slower than pure Python); on the compiled build they are extensions."""
    import importlib

    import meeple._compiled as compiled

    paths = compiled.compiled_paths()
    expected = ["meeple/engine/encoding.py"] + [f"meeple/games/{g}/encode.py" for g in
                                                ("luna_maris", "messina", "mundus_novus", "troyes")]
    assert all(path in paths for path in expected)
    if compiled.active():
        for path in expected:
            module = importlib.import_module(path[:-3].replace("/", "."))
            assert not str(module.__file__).endswith(".py"), path
