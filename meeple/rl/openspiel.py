"""OpenSpiel python games for the four games (issue 18): ``python_meeple_<game>``.

``register()`` (done on import) registers every game; then
``pyspiel.load_game("python_meeple_troyes", {"players": 3})``.

Chance.  All of a game's randomness comes from its seeded ``Rng``, drawn inside ``apply``.  The
honest model without changing the games is one explicit chance node at the start that fixes the
whole random stream: its outcome is the game's seed, uniform over ``seeds`` values (parameter,
default 65,536).  After it the game is deterministic given the seed, and no player ever observes
the seed itself: players see only what their views show (the information state and observation
below), so it is an imperfect-information game whose hidden part is the future of the stream and
the other seats' secrets.  The game type says so: ``EXPLICIT_STOCHASTIC``, ``IMPERFECT_INFORMATION``,
``SEQUENTIAL``, ``GENERAL_SUM`` (utility 1 for every seat in first place, else 0), terminal rewards.

Actions are the closed, seat-relative ids (``State.action_ids``).  The information state string
of a seat is a digest chain over every view it had and its own decisions (perfect recall, never
hidden parts); the observation tensor is ``State.observation(seat)`` (not perfect recall); the
observation string is the view as JSON.  Serialization is OpenSpiel's default (the action
history, replayed), so ``serialize_game_and_state`` and pickling work.
"""

from __future__ import annotations

import json
from typing import Any

from meeple.engine.core import Game, State
from meeple.engine.encoding import view_digest
from meeple.engine.record import replay
from meeple.games import get, names
from meeple.rl.common import need, utilities

pyspiel = need("pyspiel")
_np = need("numpy")

DEFAULT_SEEDS = 65_536
GAMES = ("luna_maris", "messina", "mundus_novus", "troyes")


def short_name(game: str) -> str:
    return f"python_meeple_{game}"


def game_type(game: Game) -> Any:
    return pyspiel.GameType(
        short_name=short_name(game.name),
        long_name=f"meeple {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": game.min_players, "seeds": DEFAULT_SEEDS},
    )


class MeepleSpielGame(pyspiel.Game):  # type: ignore[misc,name-defined]
    meeple_name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = get(self.meeple_name)
        spec = game_type(game)
        params = dict(params or {})
        players = game.check_players(int(params.get("players", game.min_players)))
        seeds = int(params.get("seeds", DEFAULT_SEEDS))
        if seeds < 1:
            raise ValueError(f"seeds must be at least 1, got {seeds}")
        bounds = game.bounds(players)
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_actions(players),
            max_chance_outcomes=seeds,
            num_players=players,
            min_utility=bounds.min_utility,
            max_utility=bounds.max_utility,
            utility_sum=None,
            max_game_length=bounds.max_game_length,
        )
        super().__init__(spec, info, {"players": players, "seeds": seeds})
        self.meeple = game
        self.players = players
        self.seeds = seeds
        self.obs_size = game.new(players, 0).observation_layout().size

    def new_initial_state(self) -> MeepleSpielState:
        return MeepleSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        perfect = iig_obs_type is not None and iig_obs_type.perfect_recall
        return MeepleObserver(self, perfect)


class _Box:
    """What a state holds, copied by ``clone()`` when OpenSpiel deep-copies the state (the
    component tables and the game are shared and immutable, never deep-copied).

    The information-state digests are computed lazily: ``shadow`` is the position after the
    first ``done`` decisions, the point the digests have reached."""

    __slots__ = ("spiel", "state", "digests", "shadow", "done")

    def __init__(self, spiel: MeepleSpielGame, state: State | None, digests: list[str],
                 shadow: State | None = None, done: int = 0) -> None:
        self.spiel = spiel
        self.state = state
        self.digests = digests
        self.shadow = shadow
        self.done = done

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return _Box(self.spiel, None if self.state is None else self.state.clone(), self.digests[:],
                    None if self.shadow is None else self.shadow.clone(), self.done)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the game's name and parameters and the meeple record (digests are recomputed)."""
        record = None if self.state is None else self.state.record()
        params = {"players": self.spiel.players, "seeds": self.spiel.seeds}
        return (_restore_box, (short_name(self.spiel.meeple.name), params, record))

    def digest(self, seat: int) -> str:
        s = self.state
        if s is None:
            return "start"
        if self.shadow is None:
            self.shadow = self.spiel.meeple.new(s.players, s.seed, dict(s.options), s.tables)
            self.digests = [view_digest("", self.shadow.view(p), None) for p in range(s.players)]
            self.done = 0
        shadow = self.shadow
        for notation, actor in zip(s.history[self.done:], s.actors[self.done:], strict=True):
            shadow.apply(notation)
            self.digests = [view_digest(d, shadow.view(p), notation if p == actor else None)
                            for p, d in enumerate(self.digests)]
        self.done = len(s.history)
        return self.digests[seat]


def _restore_box(name: str, params: dict[str, int], record: dict[str, Any] | None) -> _Box:
    spiel = pyspiel.load_game(name, params)
    return _Box(spiel, None if record is None else replay(record), [])


class MeepleSpielState(pyspiel.State):  # type: ignore[misc,name-defined]
    def __init__(self, game: MeepleSpielGame) -> None:
        super().__init__(game)
        self.box = _Box(game, None, [])

    @property
    def spiel(self) -> MeepleSpielGame:
        return self.box.spiel

    @property
    def state(self) -> State | None:
        return self.box.state


    # --- OpenSpiel ------------------------------------------------------------------------

    def current_player(self) -> int:
        s = self.state
        if s is None:
            return int(pyspiel.PlayerId.CHANCE)
        if s.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return s.to_move

    def _legal_actions(self, player: int) -> list[int]:
        s = self.state
        if s is None or s.is_over or player != s.to_move:
            return []
        return sorted(s.action_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self.spiel.seeds
        return [(seed, p) for seed in range(self.spiel.seeds)]

    def _apply_action(self, action: int) -> None:
        if self.state is None:
            self.box.state = self.spiel.meeple.new(self.spiel.players, int(action))
            return
        s = self.state
        s.apply(s.action_for_id(int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return self.spiel.meeple.action_names(self.spiel.players)[action]

    def is_terminal(self) -> bool:
        return self.state is not None and self.state.is_over

    def returns(self) -> list[float]:
        if self.state is None:
            return [0.0] * self.spiel.players
        return utilities(self.state)

    def information_state_string(self, player: int | None = None) -> str:
        seat = self.current_player() if player is None else player
        return f"seat {seat}: {self.box.digest(seat)}"

    def observation_string(self, player: int | None = None) -> str:
        seat = self.current_player() if player is None else player
        s = self.state
        if s is None:
            return "before the set-up"
        memo = s.memo()
        key = f"spiel_view_{seat}"
        text = memo.get(key)
        if text is None:
            text = memo[key] = json.dumps(s.view(seat), sort_keys=True)
        return text  # type: ignore[no-any-return]

    def __str__(self) -> str:
        s = self.state
        if s is None:
            return "chance: the seed"
        memo = s.memo()
        text = memo.get("spiel_str")
        if text is None:
            text = memo["spiel_str"] = json.dumps(s.record(), sort_keys=True)
        return text  # type: ignore[no-any-return]


class MeepleObserver:
    """OpenSpiel's observer: the observation tensor (imperfect recall), or strings only."""

    def __init__(self, game: MeepleSpielGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        size = 0 if perfect_recall else game.obs_size
        self.tensor = _np.zeros(size, _np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: MeepleSpielState, player: int) -> None:
        if self.perfect_recall:
            return
        if state.state is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = state.state.observation(player)

    def string_from(self, state: MeepleSpielState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state_string(player)
        return state.observation_string(player)


def register() -> None:
    """Register ``python_meeple_<game>`` for every game with an encoder (idempotent)."""
    known = set(pyspiel.registered_names())
    for name in names():
        game = get(name)
        if game.encoder is None or short_name(name) in known:
            continue
        cls = type(f"MeepleSpiel_{name}", (MeepleSpielGame,), {"meeple_name": name})
        globals()[cls.__name__] = cls  # pickling finds the class by module and name
        pyspiel.register_game(game_type(game), cls)


register()
