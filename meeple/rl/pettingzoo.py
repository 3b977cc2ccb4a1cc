"""PettingZoo AEC environments for the four games (issue 18).

``env("troyes", players=3)`` is an ``AECEnv`` whose agents ``player_0`` ... are the seats.  The
observation of an agent is a dict: ``"observation"`` (``State.observation(seat)``, float32, its
declared bounds as the Box) and ``"action_mask"`` (int8 over the closed action space, all zero
when the agent is not to decide).  Action ids are relative to the seat deciding
(``State.action_ids``).  Rewards come only at the end: 1 for every seat in first place, else 0.

Stepping.  By default the selected agent is always the seat the game waits for (a seat may
decide several times in a row).  With ``max_cycles=N`` the env steps in PettingZoo's cycles
instead: each cycle every agent, in seat order, takes one step; the seat the game waits for
decides, the others' steps are waits (their mask is all zero and their action is ignored); after
N cycles every agent is truncated.  ``parallel_env(...)`` is that cycle form as a ParallelEnv.

An illegal action id changes nothing: the agent stays to decide and its info says
``{"illegal_action": id}``.
"""

from __future__ import annotations

import random
from typing import Any

from meeple.engine.core import Game, State
from meeple.rl.common import game_of, need, utilities

_pz = need("pettingzoo")
_spaces = need("gymnasium.spaces")
_np = need("numpy")
_wrappers = need("pettingzoo.utils.wrappers")
_conversions = need("pettingzoo.utils.conversions")


class MeepleAEC(_pz.AECEnv):  # type: ignore[misc,name-defined]
    metadata = {"render_modes": ["ansi"], "is_parallelizable": True}

    def __init__(self, game: str | Game, players: int = 2, options: dict[str, Any] | None = None,
                 max_cycles: int | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        self.game = game_of(game)
        self.players = self.game.check_players(players)
        self.options = dict(options or {})
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"meeple_{self.game.name}_v{self.game.version}"}
        self.possible_agents = [f"player_{i}" for i in range(self.players)]
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        n_actions = self.game.num_actions(self.players)
        probe = self.game.new(self.players, 0, self.options)
        layout = probe.observation_layout()
        self._layout = layout
        self._n_actions = n_actions
        self.action_spaces = {a: _spaces.Discrete(n_actions) for a in self.possible_agents}
        self.observation_spaces = {
            a: _spaces.Dict({
                "observation": _spaces.Box(layout.low, layout.high, dtype=_np.float32),
                "action_mask": _spaces.Box(0, 1, (n_actions,), dtype=_np.int8),
            })
            for a in self.possible_agents
        }
        self._limit = self.game.bounds(self.players).max_game_length
        self._seeds = random.Random()
        self._no_mask = _np.zeros(n_actions, dtype=_np.int8)
        self._encoder = self.game._encoder()
        self._clean = False  # rewards all 0 and infos all empty (nothing to clear before a step)
        self.state: State | None = None

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    # --- AEC ------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds.seed(seed)
        self.state = self.game.new(self.players, self._seeds.randrange(2**31), self.options)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._clean = True
        self._cycles = 0
        self.agent_selection = self.agents[0] if self.max_cycles is not None else self._mover()

    def _mover(self) -> str:
        assert self.state is not None
        return self.possible_agents[self.state.to_move]

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation and mask, made when asked (one agent, this position): neither
        is kept in the position's memo nor copied out of it, since a step asks each once."""
        state = self.state
        assert state is not None
        seat = self._seat_of[agent]
        encoder = self._encoder
        if not state.is_over and state.to_move == seat:
            mask = encoder.fresh_mask(state)
        else:
            mask = self._no_mask.copy()
        return {"observation": encoder.fresh_observation(state, seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        assert state is not None
        seat = self._seat_of[agent]
        self._cumulative_rewards[agent] = 0.0
        if not self._clean:  # last step's rewards and infos (a game's end, an illegal id) are cleared
            self.rewards = dict.fromkeys(self.agents, 0.0)
            for a in self.agents:
                self.infos[a] = {}
            self._clean = True
        if state.to_move == seat:
            try:
                chosen = state.legal_actions()[state.action_ids().index(int(action))]
            except (ValueError, TypeError):
                self.infos[agent] = {"illegal_action": action}
                self._clean = False
            else:
                state.apply(chosen)
        over = state.is_over
        if over:
            for a, u in zip(self.possible_agents, utilities(state), strict=True):
                self.rewards[a] = u
                self.terminations[a] = True
            self._clean = False
        if self.max_cycles is not None:
            if seat == self.players - 1:
                self._cycles += 1
                if self._cycles >= self.max_cycles:
                    self.truncations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.possible_agents[(seat + 1) % self.players]
        elif not over:
            if len(state.history) >= self._limit:
                self.truncations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.possible_agents[state.to_move]
        if not self._clean:
            self._accumulate_rewards()

    def render(self) -> str | None:
        if self.state is None:
            return None
        s = self.state
        text = (f"{self.game.title}: {len(s.history)} decisions, "
                + ("over, ranking " + str(s.ranking()) if s.is_over else f"seat {s.to_move} to decide"))
        return text

    def close(self) -> None:
        pass


def raw_env(game: str | Game, players: int = 2, **kwargs: Any) -> MeepleAEC:
    return MeepleAEC(game, players, **kwargs)


class _OrderEnforcing(_wrappers.OrderEnforcingWrapper):  # type: ignore[misc,name-defined]
    """PettingZoo's order-enforcing wrapper, with ``last`` and ``agent_iter`` asking the env
    itself once reset (the same values, without an attribute lookup through the wrapper for each
    field of each step)."""

    def last(self, observe: bool = True) -> Any:
        if not self._has_reset:
            return super().last(observe)
        return self.env.last(observe)

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        if not self._has_reset:
            return super().agent_iter(max_iter)
        return self.env.agent_iter(max_iter)

    def step(self, action: Any) -> None:
        """The wrapper's step, its checks made on the env's own fields (its ``agents`` through
        the wrapper is a ``__getattr__`` per step)."""
        if self._has_reset and self.env.agents:
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)


def env(game: str | Game, players: int = 2, **kwargs: Any) -> Any:
    """The AEC env for ``game`` at ``players`` seats (PettingZoo's order-enforcing wrapper on top)."""
    return _OrderEnforcing(raw_env(game, players, **kwargs))


def parallel_env(game: str | Game, players: int = 2, max_cycles: int = 10_000, **kwargs: Any) -> Any:
    """The cycle form as a ParallelEnv: each step every agent sends an action, the seat the game
    waits for decides (the others' actions are ignored)."""
    return _conversions.aec_to_parallel(raw_env(game, players, max_cycles=max_cycles, **kwargs))
