"""The ``ismcts`` bot: single-observer information-set Monte Carlo tree search.

After Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
Search" (IEEE TCIAIG 2012), SO-ISMCTS.  One tree is grown for the bot's
information set; its edges are action notations.  Each iteration:

1. **determinize**: sample a full state consistent with what the bot's seat
   has seen (``state.determinize(seat, rng)`` on the copy the bot was given);
2. **select**: from the root, while every action legal in this sample already
   has a child, pick the child maximising UCB1 with availability counts
   ``r/n + c * sqrt(ln(avail) / n)`` (``avail``: how many times the child was
   legal when its parent was visited), and apply it to the sample; with
   ``spread=1`` (default) ``c`` is multiplied by the standard deviation of the
   leaf values seen so far in this search, so exploration matches the game's
   own value differences;
3. **expand**: add one untried action legal in the sample (chosen at random);
   with ``prior=k``, add every untried action at once, each seeded with k
   virtual visits worth the one-step value of its result for its mover,
   then select among them (a node is expanded this way once the search has
   passed through it ``expand`` times; before that it is a leaf);
4. **rollout**: play random legal actions (``pick=k``: the best of k random
   ones by the mover's value) until the game ends or ``horizon`` decisions
   have been made;
5. **back up** a value per seat (see ``Valuer``): the result when the game
   ended (a sole win 1, a shared first place split, otherwise 0), else
   ``game.evaluate`` blended with a normalised score margin.  Each node adds
   the value of the seat that chose its action.

``lead=k`` seeds each root child with k virtual visits worth the heuristic
bot's value of that action (depth 2, one determinization), so that a small
budget plays at least like the heuristic and a large one overrides it.

The move played is the most visited root child.  Budgets: ``iters=N``
(iterations) and/or ``time=S`` (seconds per decision); whichever ends first.
With ``early=1`` (default) a timed search stops as soon as the most visited
move leads by more visits than the time left can add.
Without either, ``time=1.0``.  ``workers=W`` runs W independent searches in
forked processes (root parallelism) and adds up their root statistics.
Defaults: see ``DEFAULTS``.  ``value=net`` takes leaf values (and the root's
heuristic lead) from the trained value network shipped for the game and
player count (``meeple.bots.valuenet``) instead of ``game.evaluate``.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import time
from dataclasses import dataclass
from typing import Any

from meeple.bots import register
from meeple.bots.base import Bot
from meeple.bots.heuristic import (
    Evaluate,
    HeuristicBot,
    check_params,
    evaluator,
    flag_param,
    float_param,
    int_param,
    position_value,
    solo_value,
    value_param,
)
from meeple.engine.core import Action, State
from meeple.engine.messages import refused
from meeple.engine.rng import Rng

DEFAULTS: dict[str, float] = {
    "horizon": 4,  # rollout decisions after the tree
    "c": 1.0,  # UCB exploration constant (with spread=1: in standard deviations of leaf values)
    "margin": 0.25,  # weight of the normalised score margin in leaf values
    "prior": 2,  # virtual visits of one-step values at expansion (0: plain SO-ISMCTS)
    "pick": 1,  # rollout policy: best of `pick` random actions (1: uniform random)
    "lead": 5,  # virtual visits of the heuristic's values at the root (0: none)
    "early": 1,  # stop a timed search once the most visited move can no longer change
    "spread": 1,  # c counts standard deviations of the leaf values seen (0: c is absolute)
    "expand": 1,  # with prior: a node's children are made once it has been passed this often
}
"""Chosen from short trials (8 games per setting against ``heuristic`` at 0.1 s a
decision on each game: see docs/bots.md); every one is a spec parameter."""


@dataclass(frozen=True)
class Settings:
    """How one search runs (every field is a spec parameter; see ``DEFAULTS``)."""

    horizon: int = int(DEFAULTS["horizon"])
    c: float = DEFAULTS["c"]
    margin: float = DEFAULTS["margin"]
    prior: int = int(DEFAULTS["prior"])
    pick: int = int(DEFAULTS["pick"])
    lead: int = int(DEFAULTS["lead"])
    early: bool = bool(DEFAULTS["early"])
    spread: bool = bool(DEFAULTS["spread"])
    expand: int = int(DEFAULTS["expand"])
    value: str = "eval"


MIN_SPREAD = 0.01
"""The least spread ``spread=1`` assumes, so that exploration never stops."""

_log = math.log
_sqrt = math.sqrt


class Node:
    """A tree node: the edge into it is an action chosen by ``player``."""

    __slots__ = ("player", "children", "visits", "real", "avail", "reward")

    def __init__(self, player: int) -> None:
        self.player = player
        self.children: dict[str, Node] = {}
        self.visits = 0  # real visits plus virtual ones (``prior``, ``lead``)
        self.real = 0  # iterations that passed through this node
        self.avail = 1
        self.reward = 0.0


def terminal_values(state: State) -> list[float]:
    """Per seat: 1 for a sole win, 1/k for a first place shared by k, else 0 (solo: the value
    against the yardstick, ``heuristic.solo_value``)."""
    if state.players == 1:
        return [solo_value(state)]
    values = [0.0] * state.players
    ranking = state.ranking()
    if ranking:
        first = ranking[0]
        share = 1.0 / len(first)
        for s in first:
            values[s] = share
    return values


def margins(state: State) -> list[float]:
    """Per seat: its score minus the best other seat's (``scores()``)."""
    scores = state.scores()
    if len(scores) < 2:
        return [0.0] * len(scores)
    top = sorted(scores, reverse=True)
    return [float(x - (top[1] if x == top[0] else top[0])) for x in scores]


def estimate_values(state: State, evaluate: Evaluate | None = None) -> list[float]:
    """Per seat: ``game.evaluate`` (or the learned ``evaluate``) clamped to [0, 1]."""
    if evaluate is None:
        evaluate = state.game.evaluate
    out = []
    for s in range(state.players):
        x = float(evaluate(state, s))
        out.append(0.5 if x != x else 0.0 if x < 0.0 else 1.0 if x > 1.0 else x)
    return out


class Valuer:
    """Backs up one value per seat in [0, 1].

    A finished game: its result (``terminal_values``).  Otherwise
    ``game.evaluate``, blended (weight ``margin``) with the score margin
    squashed to (0, 1) as ``0.5 + 0.5 * m / (|m| + scale)``, where ``scale``
    is the mean absolute margin seen so far in this search (so the blend is
    normalised per game and per stage of the game).  A finished game also
    gets a twentieth of that margin term, so that a bigger win is preferred.
    """

    __slots__ = ("weight", "total", "count", "evaluate")

    def __init__(self, weight: float, evaluate: Evaluate | None = None) -> None:
        self.weight = weight
        self.total = 0.0
        self.count = 0
        self.evaluate = evaluate

    def __call__(self, state: State) -> list[float]:
        w = self.weight
        over = state.is_over
        base = terminal_values(state) if over else estimate_values(state, self.evaluate)
        if w <= 0.0:
            return base
        ms = margins(state)
        for m in ms:
            self.total += abs(m)
        self.count += len(ms)
        scale = max(1.0, self.total / self.count)
        if over:
            w = w / 20.0
        return [
            (1.0 - w) * b + w * (0.5 + 0.5 * m / (abs(m) + scale)) for b, m in zip(base, ms, strict=True)
        ]

    def one(self, state: State, seat: int) -> float:
        """``self(state)[seat]`` without evaluating the other seats."""
        if state.is_over:
            return self(state)[seat]
        x = float((self.evaluate or state.game.evaluate)(state, seat))
        base = 0.5 if x != x else 0.0 if x < 0.0 else 1.0 if x > 1.0 else x
        w = self.weight
        if w <= 0.0:
            return base
        m = margins(state)[seat]
        scale = max(1.0, self.total / self.count) if self.count else max(1.0, abs(m))
        return (1.0 - w) * base + w * (0.5 + 0.5 * m / (abs(m) + scale))


def best_of(d: State, legal: list[Action], pick: int, below: Any) -> State:
    """The rollout policy with ``pick`` > 1: of ``pick`` random legal actions,
    the one whose result the mover values most (``position_value``)."""
    mover = d.to_move
    best_state = d
    best_value = -2.0
    for _ in range(pick):
        after = d.clone()
        after.apply(legal[below(len(legal))])
        v = position_value(after, mover)
        if v > best_value:
            best_value = v
            best_state = after
    return best_state


def settled(root: Node, remaining: float) -> bool:
    """Whether the most visited root child is ahead of every other by more visits
    than the search has left (``remaining`` iterations): the move cannot change,
    so the rest of the budget would be wasted (early termination)."""
    first = second = 0
    for ch in root.children.values():
        n = ch.visits
        if n > first:
            first, second = n, first
        elif n > second:
            second = n
    return first - second > remaining


def search(
    state: State,
    seat: int,
    rng: Rng,
    iters: int | None,
    seconds: float | None,
    settings: Settings,
) -> tuple[dict[str, tuple[int, float]], int]:
    """Run SO-ISMCTS from ``state`` for ``seat``; return the root children's
    ``(visits, reward)`` by notation and the number of iterations done.

    ``prior`` > 0: a node's children are all created the first time it is
    expanded, each seeded with ``prior`` virtual visits worth the value (for
    the seat that chooses it) of the position right after its action in the
    current sample: a progressive bias that matters only while few real
    visits have been made, and that steers the search through long compound
    turns the way the heuristic would."""
    horizon, c, prior, pick, lead = settings.horizon, settings.c, settings.prior, settings.pick, settings.lead
    expand = settings.expand
    early = settings.early
    root = Node(-1)
    clock = time.perf_counter
    deadline = None if seconds is None else clock() + seconds
    limit = iters if iters is not None else 1 << 62
    below = rng.below
    learned = evaluator(settings.value, state)
    value_of = Valuer(settings.margin, learned)
    if lead > 0 and not state.is_over and state.to_move == seat:
        # seed the root with the heuristic bot's values (one sample, depth 2)
        sample = state.determinize(seat, rng)
        guide = HeuristicBot(value=settings.value)
        guide._evaluate = learned
        for a in sample.legal_actions():
            if deadline is not None and clock() >= deadline:
                break  # out of time: the rest get no lead
            ch = root.children[a.notation] = Node(seat)
            ch.visits = lead
            ch.reward = lead * min(1.0, guide.value_after(sample, a, seat, guide.depth, rng))
    done = 0
    start = clock()
    c_base, spread = c, settings.spread
    n_leaf, sum_leaf, sq_leaf = 0, 0.0, 0.0
    while done < limit:
        if deadline is not None and done:
            now = clock()
            if now >= deadline:
                break
            if early and done & 63 == 0 and settled(root, done / max(now - start, 1e-9) * (deadline - now)):
                break
        done += 1
        if spread and n_leaf > 1:
            # exploration in units of the spread of the leaf values seen so far (per game, per stage)
            var = (sq_leaf - sum_leaf * sum_leaf / n_leaf) / (n_leaf - 1)
            c = c_base * max(_sqrt(var) if var > 0.0 else 0.0, MIN_SPREAD)
        d = state.determinize(seat, rng)
        node = root
        path = [root]
        # --- selection and expansion -----------------------------------------
        while not d.is_over:
            legal = d.legal_actions()
            children = node.children
            untried = None
            for a in legal:
                if a.notation not in children:
                    if untried is None:
                        untried = [a]
                    else:
                        untried.append(a)
            mover = d.to_move
            if untried is not None and prior > 0 and node.real < expand and node is not root:
                break  # a young leaf: roll out from here; its children come later
            if untried is not None and prior > 0:
                # expand every untried action at once, with its one-step value
                for a in untried:
                    after = d.clone()
                    after.apply(a)
                    ch = children[a.notation] = Node(mover)
                    ch.visits = prior
                    ch.reward = prior * value_of.one(after, mover)
                    ch.avail = 0
                expanded = True
            elif untried is not None:
                a = untried[below(len(untried))] if len(untried) > 1 else untried[0]
                for b in legal:
                    seen = children.get(b.notation)
                    if seen is not None:
                        seen.avail += 1
                child = children[a.notation] = Node(mover)
                d.apply(a)
                path.append(child)
                break
            else:
                expanded = False
            best = None
            best_action = None
            best_ucb = -1.0
            for a in legal:
                ch = children[a.notation]
                ch.avail += 1
                n = ch.visits
                if n == 0:
                    ucb = 1e9
                else:
                    ucb = ch.reward / n + c * _sqrt(_log(ch.avail) / n)
                if ucb > best_ucb:
                    best_ucb = ucb
                    best = ch
                    best_action = a
            assert best is not None and best_action is not None
            d.apply(best_action)
            node = best
            path.append(node)
            if expanded:
                break
        # --- rollout -----------------------------------------------------------
        steps = 0
        while steps < horizon and not d.is_over:
            legal = d.legal_actions()
            if pick <= 1 or len(legal) == 1:
                d.apply(legal[below(len(legal))] if len(legal) > 1 else legal[0])
            else:
                d = best_of(d, legal, pick, below)
            steps += 1
        # --- backup ------------------------------------------------------------
        values = value_of(d)
        mine = values[seat]
        n_leaf += 1
        sum_leaf += mine
        sq_leaf += mine * mine
        root.visits += 1
        for nd in path[1:]:
            nd.visits += 1
            nd.real += 1
            nd.reward += values[nd.player]
    stats = {k: (ch.visits, ch.reward) for k, ch in root.children.items()}
    return stats, done


def _worker(conn: Any, state: State, seat: int, seed: int, iters: int | None,
            seconds: float | None, settings: Settings) -> None:
    try:
        conn.send(search(state, seat, Rng(seed), iters, seconds, settings))
    except BaseException as exc:  # pragma: no cover - reported to the parent
        conn.send(exc)
    finally:
        conn.close()


class ISMCTSBot(Bot):
    """Single-observer ISMCTS with random rollouts cut at a horizon."""

    name = "ismcts"

    def __init__(
        self,
        iters: int | None = None,
        seconds: float | None = None,
        settings: Settings | None = None,
        workers: int = 1,
    ) -> None:
        if iters is None and seconds is None:
            seconds = 1.0
        self.iters = iters
        self.seconds = seconds
        self.settings = settings if settings is not None else Settings()
        self.workers = workers
        # Totals over this bot's decisions (read by the arena and benchmarks).
        self.decisions = 0
        self.iterations = 0
        self.elapsed = 0.0

    def stats(self) -> dict[str, float]:
        rate = self.iterations / self.elapsed if self.elapsed > 0 else 0.0
        return {
            "decisions": self.decisions,
            "iterations": self.iterations,
            "seconds": self.elapsed,
            "iterations_per_s": rate,
        }

    def choose(self, seat: int, state: State, rng: Rng) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        start = time.perf_counter()
        if self.workers > 1 and _can_fork():
            totals, done = self._parallel(seat, state, rng)
        else:
            totals, done = search(state, seat, rng, self.iters, self.seconds, self.settings)
        self.elapsed += time.perf_counter() - start
        self.iterations += done
        self.decisions += 1
        best: list[Action] = []
        best_key: tuple[int, float] = (-1, -1.0)
        for a in legal:
            visits, reward = totals.get(a.notation, (0, 0.0))
            key = (visits, reward / visits if visits else 0.0)
            if key > best_key:
                best_key = key
                best = [a]
            elif key == best_key:
                best.append(a)
        return best[0] if len(best) == 1 else rng.choice(best)

    def _parallel(
        self, seat: int, state: State, rng: Rng
    ) -> tuple[dict[str, tuple[int, float]], int]:
        ctx = multiprocessing.get_context("fork")
        iters = None if self.iters is None else max(1, self.iters // self.workers)
        jobs = []
        for _ in range(self.workers - 1):
            parent, child = ctx.Pipe(duplex=False)
            proc = ctx.Process(
                target=_worker,
                args=(child, state, seat, rng.next64(), iters, self.seconds, self.settings),
                daemon=True,
            )
            proc.start()
            child.close()
            jobs.append((proc, parent))
        totals, done = search(state, seat, rng.fork(), iters, self.seconds, self.settings)
        merged = dict(totals)
        for proc, conn in jobs:
            try:
                result = conn.recv()
            except EOFError:
                result = None
            proc.join()
            if isinstance(result, BaseException):
                raise result
            if result is None:
                continue
            more, n = result
            done += n
            for k, (v, r) in more.items():
                v0, r0 = merged.get(k, (0, 0.0))
                merged[k] = (v0 + v, r0 + r)
        return merged, done


def _can_fork() -> bool:
    """Root parallelism needs fork and a non-daemon process (arena workers are daemons)."""
    if not hasattr(os, "fork"):
        return False
    return not multiprocessing.current_process().daemon


def _factory(params: dict[str, str]) -> Bot:
    check_params("ismcts", params, ("iters", "time", "workers", "value", *DEFAULTS))
    iters = int_param(params, "iters", 0) if "iters" in params else None
    seconds = float_param(params, "time", 1.0) if "time" in params else None
    if seconds is not None and seconds <= 0:
        raise refused("engine.botspec.positive", param=f"time={params['time']!r}")
    settings = Settings(
        horizon=int_param(params, "horizon", int(DEFAULTS["horizon"]), low=0),
        c=float_param(params, "c", DEFAULTS["c"]),
        margin=float_param(params, "margin", DEFAULTS["margin"]),
        prior=int_param(params, "prior", int(DEFAULTS["prior"]), low=0),
        pick=int_param(params, "pick", int(DEFAULTS["pick"])),
        lead=int_param(params, "lead", int(DEFAULTS["lead"]), low=0),
        early=flag_param(params, "early", bool(DEFAULTS["early"])),
        spread=flag_param(params, "spread", bool(DEFAULTS["spread"])),
        expand=int_param(params, "expand", int(DEFAULTS["expand"]), low=0),
        value=value_param(params),
    )
    return ISMCTSBot(iters=iters, seconds=seconds, settings=settings,
                     workers=int_param(params, "workers", 1))


register("ismcts", _factory)
