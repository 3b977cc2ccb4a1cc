"""Train sb3-contrib's MaskablePPO on one meeple game against ``random`` bots, then report the
win rate of the trained policy and of a random policy in the same seat over held-out games.

    pip install 'meeple[examples]'     # meeple[rl] + sb3-contrib + torch 2.13.0 (the CPU build)
    python examples/train_maskable_ppo.py --game luna_maris --players 2 --minutes 25

The env is ``meeple.rl.gym.MeepleEnv``: the learning seat is drawn per episode, the others are
``random`` bots, the reward is 1 for first place at the end.  ``--minutes`` bounds the training
time (the issue's budget: 30 minutes on 2 cores); ``--steps`` bounds the environment steps.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

try:
    import numpy as np
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
except ImportError as missing:  # one line, exit status 2
    print(f"this example needs {missing.name}: pip install 'meeple[examples]'", file=sys.stderr)
    raise SystemExit(2) from None

from meeple.rl.gym import MeepleEnv


class Deadline(BaseCallback):  # type: ignore[misc]
    """Stops training when the wall-clock budget is spent."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.until = time.monotonic() + seconds

    def _on_step(self) -> bool:
        return time.monotonic() < self.until


def win_rate(env: MeepleEnv, policy: Any, games: int, seed: int) -> float:
    wins = 0.0
    rng = np.random.default_rng(seed)
    for k in range(games):
        obs, info = env.reset(seed=seed + k)
        done = False
        reward = 0.0
        while not done:
            mask = env.action_masks()
            if policy is None:
                action = int(rng.choice(mask.nonzero()[0]))
            else:
                action, _ = policy.predict(obs, action_masks=mask, deterministic=True)
            obs, reward, term, trunc, info = env.step(int(action))
            done = term or trunc
        wins += reward
    return wins / games


def main() -> None:
    ap = argparse.ArgumentParser(description="MaskablePPO on a meeple game against random bots")
    ap.add_argument("--game", default="luna_maris")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--minutes", type=float, default=25.0)
    ap.add_argument("--steps", type=int, default=2_000_000)
    ap.add_argument("--eval-games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--threads", type=int, default=1, help="torch threads (more only slows a small MLP)")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    env = MeepleEnv(args.game, args.players, seat="random", opponents="random")
    env.reset(seed=args.seed)
    model = MaskablePPO("MlpPolicy", env, n_steps=1024, batch_size=256, gamma=1.0, seed=args.seed, verbose=0)
    started = time.monotonic()
    model.learn(total_timesteps=args.steps, callback=Deadline(args.minutes * 60))
    trained = time.monotonic() - started
    test = MeepleEnv(args.game, args.players, seat="random", opponents="random")
    ppo = win_rate(test, model, args.eval_games, 10_000 + args.seed)
    rnd = win_rate(test, None, args.eval_games, 10_000 + args.seed)
    print(f"{args.game} {args.players}p: {model.num_timesteps} steps in {trained / 60:.1f} min; "
          f"win rate over {args.eval_games} held-out games: MaskablePPO {ppo:.2f}, random {rnd:.2f} "
          f"(1/{args.players} = {1 / args.players:.2f} by chance)")


if __name__ == "__main__":
    main()
