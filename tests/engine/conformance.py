"""The conformance checks every game must pass (ENGINE.md, "Rules of the contract").

Each check takes a game, a player count and a seed, plays seeded random games
through the contract only, and raises ``AssertionError`` with a message
naming what broke.  ``test_conformance.py`` runs them against every
registered game and player count; ``test_conformance_catches.py`` runs them
against deliberately broken variants of the test game to prove each can fail.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import meeple
from meeple.engine import BadSetup, Game, IllegalAction, Rng, State

SAMPLES = 6  # positions per game at which the heavier checks look


def snapshot(state: State) -> str:
    """Everything observable about a state, as one comparable string."""
    over = state.is_over
    data: dict[str, Any] = {
        "record": state.record(),
        "views": [state.view(s) for s in range(state.players)] + [state.view(None)],
        "legal": [a.notation for a in state.legal_actions()],
        "over": over,
        "to_move": None if over else state.to_move,
        "scores": state.scores(),
        "rng": state.rng.state,
    }
    return json.dumps(data, sort_keys=True, default=repr)


def random_game(game: Game, players: int, seed: int, bound: int | None = None) -> Iterator[State]:
    """Yield the state before every decision of a seeded random game, then the final state."""
    state = game.new(players, seed=seed)
    rng = Rng(seed * 7919 + 13)
    limit = bound if bound is not None else game.max_steps(players)
    steps = 0
    while not state.is_over:
        yield state
        legal = state.legal_actions()
        assert legal, f"{game.name}: no legal action while the game is not over"
        state.apply(rng.choice(legal))
        steps += 1
        assert steps <= limit, (
            f"{game.name}: random game with seed {seed} did not end within "
            f"max_steps({players}) = {limit} decisions"
        )
    yield state


def play_out(game: Game, players: int, seed: int) -> State:
    states = list(random_game(game, players, seed))
    return states[-1]


def _sample_points(game: Game, players: int, seed: int) -> list[int]:
    length = len(play_out(game, players, seed).history)
    if length == 0:
        return [0]
    step = max(1, length // SAMPLES)
    return sorted({*range(0, length, step), length})


def _positions(game: Game, players: int, seed: int) -> Iterator[State]:
    """Clones of a random game's states at a handful of sampled points."""
    wanted = set(_sample_points(game, players, seed))
    for i, state in enumerate(random_game(game, players, seed)):
        if i in wanted:
            yield state.clone()


# --- the checks ---------------------------------------------------------------------------


def check_determinism(game: Game, players: int, seed: int) -> None:
    """Same seed and same choices give the same record and the same views."""
    first = [snapshot(s) for s in _positions(game, players, seed)]
    second = [snapshot(s) for s in _positions(game, players, seed)]
    assert first == second, f"{game.name}: two runs with seed {seed} differ (not deterministic)"
    a = play_out(game, players, seed).record()
    b = play_out(game, players, seed).record()
    assert a == b, f"{game.name}: two records with seed {seed} differ"


def check_replay(game: Game, players: int, seed: int) -> None:
    """``replay(record)`` gives the same state, also after a JSON round trip, mid-game and at the end."""
    for state in _positions(game, players, seed):
        record = state.record()
        again = meeple.replay(record)
        assert snapshot(again) == snapshot(state), (
            f"{game.name}: replay of a {len(record['actions'])}-decision record differs from the original"
        )
        via_json = meeple.replay(json.loads(json.dumps(record)))
        assert snapshot(via_json) == snapshot(state), (
            f"{game.name}: replay after a JSON round trip differs from the original"
        )


def check_clone_independent(game: Game, players: int, seed: int) -> None:
    """A clone shares no mutable data with its original, in either direction."""
    rng = Rng(seed + 1)
    for state in _positions(game, players, seed):
        if state.is_over:
            continue
        before = snapshot(state)
        copy = state.clone()
        assert snapshot(copy) == before, f"{game.name}: a fresh clone differs from its original"
        for _ in range(25):
            if copy.is_over:
                break
            copy.apply(rng.choice(copy.legal_actions()))
        assert snapshot(state) == before, f"{game.name}: playing on a clone changed the original"
        copy2 = state.clone()
        before2 = snapshot(copy2)
        for _ in range(25):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        assert snapshot(copy2) == before2, f"{game.name}: playing on the original changed a clone"


def _other_notations(game: Game, players: int, seed: int) -> list[str]:
    seen: list[str] = []
    for state in _positions(game, players, seed + 101):
        seen.extend(a.notation for a in state.legal_actions()[:20])
    return seen


def check_illegal_rejected(game: Game, players: int, seed: int) -> None:
    """Empty text, garbage and actions legal only elsewhere raise IllegalAction and change nothing."""
    elsewhere = _other_notations(game, players, seed)
    for state in _positions(game, players, seed):
        before = snapshot(state)
        legal = {a.notation for a in state.legal_actions()}
        tries = ["", "   ", "no such action !!", "42"] + [n for n in elsewhere if n not in legal][:30]
        for text in tries:
            try:
                state.apply(text)
            except IllegalAction as exc:
                assert isinstance(exc, ValueError)
                assert str(exc), f"{game.name}: IllegalAction without a message for {text!r}"
            else:
                raise AssertionError(f"{game.name}: accepted the illegal action {text!r}")
            assert snapshot(state) == before, (
                f"{game.name}: rejecting {text!r} changed the state"
            )


def check_legal_actions(game: Game, players: int, seed: int) -> None:
    """Not over means a non-empty, stable list of unique, non-numeric notations; a position
    whose ``_decision_ahead`` lets ``settle`` stop early really has several choices."""
    for state in random_game(game, players, seed):
        if state.is_over:
            assert state.legal_actions() == [], f"{game.name}: legal actions after the end"
            continue
        legal = [a.notation for a in state.legal_actions()]
        assert legal, f"{game.name}: no legal action while the game is not over"
        assert len(set(legal)) == len(legal), (
            f"{game.name}: two legal actions share a notation: "
            f"{sorted({n for n in legal if legal.count(n) > 1})[:3]}"
        )
        assert all(n.strip() == n and n and not n.isdigit() for n in legal), (
            f"{game.name}: a notation is empty, padded or a bare number: {legal[:5]}"
        )
        assert [a.notation for a in state.clone().legal_actions()] == legal, (
            f"{game.name}: legal actions are not stable across a clone"
        )
        assert 0 <= state.to_move < state.players, f"{game.name}: to_move {state.to_move} is not a seat"
        assert not state._decision_ahead() or len(legal) >= 2, (
            f"{game.name}: _decision_ahead() says several choices but there is {len(legal)}"
        )


def check_hidden_information(game: Game, players: int, seed: int) -> None:
    """``view(seat)`` is unchanged by ``determinize(seat, rng)``; determinize leaves the original alone."""
    for state in _positions(game, players, seed):
        before = snapshot(state)
        for seat in range(players):
            mine = state.view(seat)
            public = state.view(None)
            for k in range(3):
                sample = state.determinize(seat, Rng(seed * 31 + seat * 7 + k))
                assert sample.view(seat) == mine, (
                    f"{game.name}: seat {seat}'s view changes under determinize "
                    f"(it shows something the seat cannot know)"
                )
                assert sample.view(None) == public, (
                    f"{game.name}: the spectator view changes under determinize({seat})"
                )
                if not state.is_over:
                    assert sample.to_move == state.to_move
                    if sample.to_move == seat:
                        assert [a.notation for a in sample.legal_actions()] == [
                            a.notation for a in state.legal_actions()
                        ], f"{game.name}: determinize changed the legal actions of the seat to move"
        assert snapshot(state) == before, f"{game.name}: determinize changed the original state"


def fingerprint(state: State) -> str:
    """Every field of a state, hidden ones included (for tests only: surfaces never look)."""
    skip = {"game", "tables", "_legal_cache"}
    fields: dict[str, Any] = {}
    for cls in type(state).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if name not in skip and hasattr(state, name):
                fields[name] = getattr(state, name)
    for name, value in getattr(state, "__dict__", {}).items():
        if name not in skip:
            fields[name] = value
    fields["rng"] = (state.rng.state, state.rng.draws)
    return repr(sorted(fields.items()))


def check_canonical_determinize(game: Game, players: int, seed: int) -> None:
    """``determinize(seat, rng)`` depends only on what ``seat`` knows and on ``rng``.

    Two states that differ only in what the seat cannot see must give the very
    same sample for the same rng; otherwise a bot's choice could depend on the
    true hidden state (issue 7: a bot never uses hidden information).  Games get
    this by putting the unseen components in a canonical (sorted) order before
    shuffling them.
    """
    for state in _positions(game, players, seed):
        for seat in range(players):
            a = state.determinize(seat, Rng(seed * 101 + seat))
            b = state.determinize(seat, Rng(seed * 101 + seat + 50_000))
            for k in range(2):
                fa = fingerprint(a.determinize(seat, Rng(k)))
                fb = fingerprint(b.determinize(seat, Rng(k)))
                assert fa == fb, (
                    f"{game.name}: determinize({seat}) is not canonical: two states that differ only "
                    f"in what seat {seat} cannot see give different samples for the same rng "
                    f"(sort the pool of unseen components before shuffling)"
                )


def check_ends(game: Game, players: int, seed: int) -> None:
    """Random play ends within the game's documented step bound."""
    play_out(game, players, seed)


def check_scores_and_ranking(game: Game, players: int, seed: int) -> None:
    """``scores()`` is one int per seat; ``ranking()`` places every seat once, best score first."""
    state = play_out(game, players, seed)
    scores = state.scores()
    assert isinstance(scores, list) and len(scores) == players, f"{game.name}: scores() {scores!r}"
    assert all(isinstance(s, int) and not isinstance(s, bool) for s in scores), (
        f"{game.name}: scores() must be ints: {scores!r}"
    )
    ranking = state.ranking()
    assert isinstance(ranking, list) and all(isinstance(p, list) and p for p in ranking), (
        f"{game.name}: ranking() {ranking!r} is not a list of non-empty lists"
    )
    flat = [s for place in ranking for s in place]
    assert sorted(flat) == list(range(players)), f"{game.name}: ranking() {ranking!r} misplaces seats"
    best = [max(scores[s] for s in place) for place in ranking]
    assert best == sorted(best, reverse=True), f"{game.name}: ranking() {ranking!r} vs scores {scores}"


def check_view_json(game: Game, players: int, seed: int) -> None:
    """Every view is JSON-safe: it survives a JSON round trip unchanged."""
    for state in _positions(game, players, seed):
        for seat in [*range(players), None]:
            view = state.view(seat)
            try:
                text = json.dumps(view)
            except (TypeError, ValueError) as exc:
                raise AssertionError(f"{game.name}: view({seat}) is not JSON-safe: {exc}") from None
            assert json.loads(text) == view, (
                f"{game.name}: view({seat}) changes in a JSON round trip (tuples, non-str keys?)"
            )


def check_targets(game: Game, players: int, seed: int) -> None:
    """Every legal action's targets (issue 27, ``State.targets``) are ids of pieces the mover's
    view draws (``Game.piece_ids``), each once, and asking for them changes nothing."""
    for state in _positions(game, players, seed):
        if state.is_over:
            continue
        seat = state.to_move
        ids = game.piece_ids(state.view(seat))
        before = snapshot(state)
        for action in state.legal_actions():
            targets = state.targets(action)
            assert isinstance(targets, list) and all(isinstance(t, str) for t in targets), (
                f"{game.name}: targets({action}) is not a list of strings: {targets!r}")
            assert len(set(targets)) == len(targets), f"{game.name}: targets({action}) repeats an id: {targets}"
            stray = [t for t in targets if t not in ids]
            assert not stray, (
                f"{game.name}: {action} targets {stray}, which seat {seat}'s view does not draw "
                f"(decision {len(state.history)})")
        assert snapshot(state) == before, f"{game.name}: asking for targets changed the position"


def check_bad_setup(game: Game, players: int, seed: int) -> None:
    """Bad player counts, options and records raise clear errors."""
    for bad in (game.min_players - 1, game.max_players + 1):
        try:
            game.new(bad, seed=seed)
        except BadSetup as exc:
            assert str(bad) in str(exc)
        else:
            raise AssertionError(f"{game.name}: accepted {bad} players")
    try:
        game.new(players, seed=seed, options={"no_such_option": 1})
    except BadSetup as exc:
        assert "no_such_option" in str(exc)
    else:
        raise AssertionError(f"{game.name}: accepted an unknown option")
    record = game.new(players, seed=seed).record()
    for field, value in (("version", game.version + 1), ("actions", ["no such action !!"]),
                         ("players", 99), ("components", "0" * 16)):
        broken = dict(record, **{field: value})
        try:
            meeple.replay(broken)
        except BadSetup as exc:
            assert field in str(exc), f"{game.name}: the error for a bad {field!r} does not name it: {exc}"
        else:
            raise AssertionError(f"{game.name}: replayed a record with a bad {field!r}")


SOLO_KEYS = {"level": str, "score": int, "yardstick": int, "yardstick_kind": str, "beaten": bool}


def check_solo(game: Game, players: int, seed: int) -> None:
    """docs/engine.md "Solo games": a finished 1-player game's view has ``solo`` (its level, the
    score, the yardstick and whether it is beaten) and ``returns()`` is 1 exactly when it is; the
    one seat moves at every decision.  With 2 or more players there is no ``solo``."""
    state = play_out(game, players, seed)
    view = state.view(0)
    if players > 1:
        assert "solo" not in view, f"{game.name}: a {players}-player view has 'solo'"
        return
    solo = view.get("solo")
    assert isinstance(solo, dict) and set(solo) == set(SOLO_KEYS), f"{game.name}: view 'solo' is {solo!r}"
    for key, kind in SOLO_KEYS.items():
        assert isinstance(solo[key], kind), f"{game.name}: solo[{key!r}] = {solo[key]!r}"
    assert solo["yardstick_kind"] in ("published", "ai"), f"{game.name}: {solo['yardstick_kind']!r}"
    assert solo["score"] == state.scores()[0], f"{game.name}: solo score {solo['score']} vs {state.scores()}"
    assert state.solo() == solo and state.returns() == [1.0 if solo["beaten"] else 0.0], (
        f"{game.name}: returns() {state.returns()} for {solo}")
    assert all(a == 0 for a in state.actors), f"{game.name}: a solo game has a decision of another seat"


class WithOptions:
    """``game`` whose ``new`` sets ``options`` (the conformance checks run on a variant: a solo level)."""

    def __init__(self, game: Game, options: dict[str, Any]) -> None:
        self._game, self._options = game, dict(options)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def new(self, players: int, seed: int = 0, options: dict[str, Any] | None = None, tables: Any = None) -> State:
        return self._game.new(players, seed, {**self._options, **(options or {})}, tables)


CHECKS = {
    "solo": check_solo,
    "determinism": check_determinism,
    "replay": check_replay,
    "clone_independent": check_clone_independent,
    "illegal_rejected": check_illegal_rejected,
    "legal_actions": check_legal_actions,
    "hidden_information": check_hidden_information,
    "canonical_determinize": check_canonical_determinize,
    "ends": check_ends,
    "scores_and_ranking": check_scores_and_ranking,
    "view_json": check_view_json,
    "targets": check_targets,
    "bad_setup": check_bad_setup,
}
