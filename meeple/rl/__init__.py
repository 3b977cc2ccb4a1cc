"""Adapters for learning agents (issue 18): PettingZoo, OpenSpiel and Gymnasium.

Install them with ``pip install 'meeple[rl]'``.  Each adapter is a thin layer over the engine
contract (``Game.num_actions``, ``State.action_ids``, ``State.observation`` ...); see ``docs/rl.md``.

- ``meeple.rl.pettingzoo.env("troyes", players=3)``: a PettingZoo AEC env;
- ``meeple.rl.openspiel.register()``: the OpenSpiel games ``python_meeple_<game>``;
- ``meeple.rl.gym.MeepleEnv("luna_maris", players=2, opponents="random")``: one seat, the others bots.
"""
