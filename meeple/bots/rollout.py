"""The ``rollout`` bot: Monte Carlo rollouts of the greedy policy, after
Tesauro and Galperin, "On-line policy improvement using Monte-Carlo search"
(NIPS 1996), on determinizations (perfect-information Monte Carlo).

The ``heuristic`` bot looks only at its own next decisions, as if the other
seats did nothing; a trading or bidding game turns on what they do next.
This bot asks what they would do: for each candidate action it repeatedly

1. draws a determinization of what its seat knows (``state.determinize``);
2. applies the candidate, then lets **every** seat play ``horizon`` more
   decisions by a greedy policy (each mover takes the best of at most
   ``width`` of its legal actions by its own ``position_value``; a forced
   move is free and not counted);
3. scores the position reached for its own seat (``position_value``).

The candidates are the ``top`` best actions by the heuristic bot's values
(depth 2, one determinization), each seeded with ``lead`` virtual samples
of that value, so that a small budget plays like the heuristic.  Samples go
to the candidate with the highest upper bound (UCB1, its constant ``c``
counted in standard deviations of the values seen, as ``ismcts`` does).  The
move played is the candidate with the best mean.

With ``pair=1`` the candidates are compared on common random numbers instead:
each determinization (and the greedy policy's own draws) is shared by every
candidate still in the race, and after each round the worse half is dropped
(rounded down; the rounds left share what is left of ``iters``): sequential
halving (Karnin, Koren and Somekh, ICML 2013), so that a few rollouts compare
actions rather than deals.

With ``policy=N`` (default 1) each mover in a rollout takes the heuristic's best at depth ``N``
(its own next decisions looked at too) instead of the one-step greedy best.

Budgets: ``iters=N`` (rollouts) and/or ``time=S`` (seconds per decision),
whichever ends first; without either, ``time=1``.  ``value`` as for the other
bots (``eval``, ``net``, ``blend``, ``auto``).  The policy improvement
argument is the method's guarantee: with exact rollouts, the bot is at least
as strong as the policy it rolls out, against that policy.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from meeple.bots import register
from meeple.bots.base import Bot
from meeple.bots.heuristic import (
    EPS,
    Evaluate,
    HeuristicBot,
    check_params,
    evaluator,
    flag_param,
    float_param,
    int_param,
    position_value,
    value_param,
)
from meeple.engine.core import Action, State
from meeple.engine.messages import refused
from meeple.engine.rng import Rng

MIN_SPREAD = 0.01
"""The least spread of the values the exploration assumes, so that it never stops."""


TIME_ROUND = 4
"""Determinizations per halving round when only a time budget is given (``pair=1``); the last
two candidates then share rounds until the time is up."""


@dataclass(frozen=True)
class Plan:
    """How one decision's rollouts run (each field is a spec parameter)."""

    horizon: int = 6
    width: int = 8
    top: int = 6
    lead: int = 2
    c: float = 1.0
    value: str = "eval"
    pair: bool = False
    policy: int = 1


def greedy_step(
    state: State, rng: Rng, width: int, evaluate: Evaluate | None, guide: HeuristicBot | None = None
) -> bool:
    """Apply the mover's greedy choice in place: the best by its own ``position_value``
    of at most ``width`` of its legal actions (sampled by ``rng`` when there are more);
    with a ``guide``, by the heuristic's value at its depth instead (the mover's next own
    decisions looked at too).  Whether it was a real choice (False: a forced move)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        state.apply(legal[0])
        return False
    if len(legal) > width:
        legal = rng.sample(legal, width)
    mover = state.to_move
    best: list[Action] = []
    best_value = -2.0
    for action in legal:
        if guide is not None:
            v = guide.value_after(state, action, mover, guide.depth, rng)
        else:
            after = state.clone()
            after.apply(action)
            v = position_value(after, mover, evaluate)
        if v > best_value + EPS:
            best_value, best = v, [action]
        elif v >= best_value - EPS:
            best.append(action)
    state.apply(best[0] if len(best) == 1 else rng.choice(best))
    return True


def _guide(plan: Plan, evaluate: Evaluate | None, **shape: int) -> HeuristicBot:
    """The heuristic bot on the plan's value (``evaluate``, already built for the decision)."""
    guide = HeuristicBot(value=plan.value, **shape)
    guide._evaluate = evaluate
    return guide


def rollout_value(
    state: State, seat: int, action: Action, rng: Rng, plan: Plan, evaluate: Evaluate | None
) -> float:
    """``seat``'s value after ``action`` and ``plan.horizon`` greedy decisions by every seat,
    on ``state`` (a determinization, changed in place); each mover looks ``plan.policy`` of its
    own decisions ahead (1: greedy)."""
    state.apply(action)
    guide = _guide(plan, evaluate, depth=plan.policy, width=plan.width) if plan.policy > 1 else None
    steps = 0
    while steps < plan.horizon and not state.is_over:
        if greedy_step(state, rng, plan.width, evaluate, guide):
            steps += 1
    return position_value(state, seat, evaluate)


def candidates(
    state: State, seat: int, rng: Rng, plan: Plan, evaluate: Evaluate | None,
    deadline: float | None = None,
) -> list[tuple[Action, float]]:
    """The ``plan.top`` best legal actions by the heuristic bot's value (depth 2, one
    determinization), with those values; past ``deadline`` (``time.perf_counter``) the
    actions not yet valued count 0."""
    sample = state.determinize(seat, rng)
    guide = _guide(plan, evaluate)
    scored = []
    for a in state.legal_actions():
        late = deadline is not None and time.perf_counter() >= deadline
        scored.append((a, 0.0 if late else guide.value_after(sample, a, seat, guide.depth, rng)))
    scored.sort(key=lambda x: -x[1])
    return scored[: plan.top]


def _mean(total: float, n: float) -> float:
    return total / n if n else -1.0


def _seeded(found: list[tuple[Action, float]], lead: int) -> tuple[list[float], list[float]]:
    """Samples and value totals per candidate, each seeded with ``lead`` virtual samples of
    the heuristic's value."""
    return [float(lead)] * len(found), [lead * min(1.0, v) for _, v in found]


def halving_by_pairs(
    state: State, seat: int, rng: Rng, plan: Plan, found: list[tuple[Action, float]],
    iters: int | None, deadline: float | None, evaluate: Evaluate | None,
) -> tuple[Action, int]:
    """Sequential halving on common random numbers: each round shares its determinizations
    and the policy's draws among the candidates left, then keeps the better half (rounded up) by mean
    (the heuristic's value counting ``plan.lead`` samples); the best mean left, and the
    number of rollouts made."""
    left = list(range(len(found)))
    n, total = _seeded(found, plan.lead)
    budget = iters if iters is not None else 1 << 62
    done = 0
    stopped = False  # the budget or the clock ran out inside a round
    while len(left) > 1 and done < budget and not stopped:
        rounds = math.ceil(math.log2(len(left)))  # the rounds left share what is left of the budget
        per = max(1, (budget - done) // (rounds * len(left))) if iters is not None else TIME_ROUND
        for _ in range(per):
            stopped = done + len(left) > budget or (deadline is not None and time.perf_counter() >= deadline)
            if stopped:
                break
            deal = state.determinize(seat, rng)
            draws = Rng(rng.next64())
            for i in left:
                total[i] += rollout_value(deal.clone(), seat, found[i][0], draws.copy(), plan, evaluate)
                n[i] += 1
            done += len(left)
        if not stopped:
            left.sort(key=lambda i: -_mean(total[i], n[i]))
            # on a clock only, the last two race on until it runs out (the budget is the clock's)
            left = left[: (len(left) + 1) // 2 if iters is not None or len(left) > 2 else 2]
    best = max(left, key=lambda i: (_mean(total[i], n[i]), n[i]))
    return found[best][0], done


def choose_by_rollouts(
    state: State, seat: int, rng: Rng, plan: Plan, iters: int | None, seconds: float | None
) -> tuple[Action, int]:
    """The candidate with the best mean rollout value, and the number of rollouts made."""
    evaluate = evaluator(plan.value, state)
    clock = time.perf_counter
    deadline = None if seconds is None else clock() + seconds
    found = candidates(state, seat, rng, plan, evaluate, deadline)
    if len(found) == 1:
        return found[0][0], 0
    if plan.pair:
        return halving_by_pairs(state, seat, rng, plan, found, iters, deadline, evaluate)
    n, total = _seeded(found, plan.lead)
    visits = plan.lead * len(found)  # sum(n)
    limit = iters if iters is not None else 1 << 62
    done = 0
    count, mean, m2 = 0, 0.0, 0.0  # Welford: the spread of the rollout values seen
    while done < limit and (deadline is None or clock() < deadline):
        spread = math.sqrt(m2 / (count - 1)) if count > 1 else 1.0
        scale = plan.c * max(spread, MIN_SPREAD)
        grand = math.log(visits + 1.0)
        pick = max(
            range(len(found)),
            key=lambda i: total[i] / n[i] + scale * math.sqrt(grand / n[i]) if n[i] else math.inf,
        )
        v = rollout_value(state.determinize(seat, rng), seat, found[pick][0], rng, plan, evaluate)
        n[pick] += 1
        visits += 1
        total[pick] += v
        done += 1
        count += 1
        delta = v - mean
        mean += delta / count
        m2 += delta * (v - mean)
    best = max(range(len(found)), key=lambda i: (_mean(total[i], n[i]), n[i]))
    return found[best][0], done


class RolloutBot(Bot):
    """Greedy-policy rollouts on determinizations, among the heuristic's best candidates."""

    name = "rollout"

    def __init__(self, iters: int | None = None, seconds: float | None = None,
                 plan: Plan | None = None) -> None:
        if iters is None and seconds is None:
            seconds = 1.0
        self.iters = iters
        self.seconds = seconds
        self.plan = plan if plan is not None else Plan()
        self.decisions = 0
        self.iterations = 0
        self.elapsed = 0.0

    def stats(self) -> dict[str, float]:
        rate = self.iterations / self.elapsed if self.elapsed > 0 else 0.0
        return {"decisions": self.decisions, "iterations": self.iterations,
                "seconds": self.elapsed, "iterations_per_s": rate}

    def choose(self, seat: int, state: State, rng: Rng) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        start = time.perf_counter()
        action, done = choose_by_rollouts(state, seat, rng, self.plan, self.iters, self.seconds)
        self.elapsed += time.perf_counter() - start
        self.iterations += done
        self.decisions += 1
        return action


PARAMS = ("iters", "time", "horizon", "width", "top", "lead", "c", "value", "pair", "policy")


def _factory(params: dict[str, str]) -> Bot:
    check_params("rollout", params, PARAMS)
    iters = int_param(params, "iters", 1) if "iters" in params else None
    seconds = float_param(params, "time", 1.0) if "time" in params else None
    if seconds is not None and seconds <= 0:
        raise refused("engine.botspec.positive", param=f"time={params['time']!r}")
    default = Plan()
    plan = Plan(
        horizon=int_param(params, "horizon", default.horizon, low=0),
        width=int_param(params, "width", default.width),
        top=int_param(params, "top", default.top),
        lead=int_param(params, "lead", default.lead, low=0),
        c=float_param(params, "c", default.c),
        value=value_param(params),
        pair=flag_param(params, "pair"),
        policy=int_param(params, "policy", default.policy),
    )
    return RolloutBot(iters=iters, seconds=seconds, plan=plan)


register("rollout", _factory)
