"""A Gymnasium single-agent env (issue 18): one seat learns, the other seats are meeple bots.

``MeepleEnv("luna_maris", players=2, seat=0, opponents="random")``: the observation is
``State.observation(seat)`` (a Box with the declared bounds), the action an id of the closed
space (``Discrete``), and ``action_masks()`` gives the legal ids (the method sb3-contrib's
MaskablePPO looks for; the mask is also in ``info["action_mask"]``).  The reward comes at the end:
1 when the seat is in first place, else 0.  ``seat="random"`` draws the learning seat per episode.
The bots see only a determinized copy of the position (``meeple.bots.act``).

An illegal id changes nothing: reward 0, ``info["illegal_action"]``, the same decision next step.
"""

from __future__ import annotations

import random
from typing import Any

from meeple.bots import act, make
from meeple.engine.core import Game, State
from meeple.engine.rng import Rng
from meeple.rl.common import game_of, need, utilities

gymnasium = need("gymnasium")
_np = need("numpy")


class MeepleEnv(gymnasium.Env):  # type: ignore[misc,name-defined]
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str | Game, players: int = 2, seat: int | str = 0,
                 opponents: str | list[str] = "random", options: dict[str, Any] | None = None,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.game = game_of(game)
        self.players = self.game.check_players(players)
        if seat != "random" and not (isinstance(seat, int) and 0 <= seat < self.players):
            raise ValueError(f"seat must be 0-{self.players - 1} or 'random', got {seat!r}")
        self.seat_choice = seat
        specs = [opponents] * (self.players - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != self.players - 1:
            raise ValueError(f"{self.players - 1} opponents needed, got {len(specs)}")
        self.opponents = [make(spec) for spec in specs]
        self.options = dict(options or {})
        self.render_mode = render_mode
        layout = self.game.new(self.players, 0, self.options).observation_layout()
        self.n_actions = self.game.num_actions(self.players)
        self.observation_space = gymnasium.spaces.Box(layout.low, layout.high, dtype=_np.float32)
        self.action_space = gymnasium.spaces.Discrete(self.n_actions)
        self._limit = self.game.bounds(self.players).max_game_length
        self._seeds = random.Random()
        self.state: State | None = None
        self.seat = 0
        self._bots: dict[int, Any] = {}
        self._rng = Rng(0)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeds.seed(seed)
        game_seed = self._seeds.randrange(2**31)
        self.seat = self._seeds.randrange(self.players) if self.seat_choice == "random" else int(self.seat_choice)
        others = [s for s in range(self.players) if s != self.seat]
        self._bots = dict(zip(others, self.opponents, strict=True))
        self._rng = Rng(game_seed ^ 0x5EED)
        self.state = self.game.new(self.players, game_seed, self.options)
        self._others()
        return self._obs(), self._info()

    def _others(self) -> None:
        s = self.state
        assert s is not None
        while not s.is_over and s.to_move != self.seat and len(s.history) < self._limit:
            s.apply(act(self._bots[s.to_move], s, self._rng))

    def _obs(self) -> Any:
        assert self.state is not None  # asked once per step: made, not kept in the memo and copied
        return self.state.game._encoder().fresh_observation(self.state, self.seat)

    def action_masks(self) -> Any:
        s = self.state
        assert s is not None
        if s.is_over or s.to_move != self.seat:
            return _np.zeros(self.n_actions, dtype=bool)
        return s.action_mask().view(bool)  # the mask is a copy already; its 0/1 bytes read as bool

    def _info(self, **extra: Any) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), **extra}

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        s = self.state
        assert s is not None, "call reset() first"
        ids = s.action_ids()
        try:
            chosen = s.legal_actions()[ids.index(int(action))]
        except (ValueError, TypeError):
            return self._obs(), 0.0, False, False, self._info(illegal_action=action)
        s.apply(chosen)
        self._others()
        over = s.is_over
        reward = utilities(s)[self.seat] if over else 0.0
        truncated = not over and len(s.history) >= self._limit
        return self._obs(), reward, over, truncated, self._info()

    def render(self) -> str | None:
        s = self.state
        if s is None:
            return None
        return f"{self.game.title}: seat {self.seat}, {len(s.history)} decisions" + (
            f", ranking {s.ranking()}" if s.is_over else "")
