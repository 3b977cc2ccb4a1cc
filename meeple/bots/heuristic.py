"""The ``heuristic`` bot: one-ply greedy search on the game's ``evaluate``,
with a short lookahead through the bot's own consecutive decisions.

For every legal action the bot applies it to a clone of a determinization of
the state (drawn with the bot's rng) and scores the result with
``game.evaluate(clone, seat)``.  While the same seat is still to move after
that action (a compound turn split into several small decisions), it looks
further ahead through its own next decisions, up to ``depth`` decisions in
all (below the first decision it evaluates at most ``width`` actions per step
and follows only the ``beam`` best of them further); the action's value is
the best value reached.  A finished game is valued by its result (a win is 1,
a loss 0, a shared first place split), so the bot takes a winning final move
and avoids a losing one.  Equal values are broken by the bot's seeded ``Rng``.

Spec parameters: ``depth`` (decisions looked at in a row, default 2),
``beam`` (continuations followed below the first decision, default 4),
``width`` (at most this many actions are evaluated at each level below the
first, sampled by the rng when there are more; default 24), ``value`` (``eval``:
the game's ``evaluate``, the default; ``net``: the trained value network shipped
for the game and player count, ``meeple.bots.valuenet``).
"""

from __future__ import annotations

from collections.abc import Callable

from meeple.bots import register
from meeple.bots.base import Bot
from meeple.bots.tuned import tuned_for
from meeple.bots.valuenet import net_for
from meeple.engine.core import Action, BadSetup, State
from meeple.engine.messages import refused
from meeple.engine.rng import Rng

EPS = 1e-12

Evaluate = Callable[[State, int], float]
"""A position's value for a seat: ``game.evaluate`` or a learned network's (``value=net``)."""

VALUES = ("eval", "net", "blend", "auto", "tuned")
"""``value=eval``: the game's hand-written ``evaluate``; ``value=net``: the shipped value network;
``value=tuned``: ``evaluate`` under the constants shipped for the game and player count
(``meeple tune``, ``meeple.bots.tuned``);
``value=blend``: the mean of the two; ``value=auto``: ``blend`` where a network is shipped for
the game and player count (and matches it), else ``eval`` (what the players' levels use)."""


def evaluator(kind: str, state: State) -> Evaluate | None:
    """The value function a bot with ``value=kind`` uses on ``state``'s game (None: evaluate)."""
    if kind == "net":
        return net_for(state).value
    if kind == "tuned":
        return tuned_for(state)
    if kind == "auto":
        try:
            net_for(state)
        except BadSetup:
            return None
        kind = "blend"
    if kind == "blend":
        net = net_for(state).value
        evaluate = state.game.evaluate
        return lambda s, seat: 0.5 * (net(s, seat) + _clamp(evaluate(s, seat)))
    return None


def value_param(params: dict[str, str]) -> str:
    kind = params.get("value", "eval")
    if kind not in VALUES:
        raise refused("engine.botspec.choice", param=f"value={kind!r}", allowed=", ".join(VALUES))
    return kind


def result_value(state: State, seat: int) -> float:
    """The finished game's result for ``seat``: 1 for a sole win, 1/k for a
    first place shared by k seats, 0 otherwise.  Solo (1 player) the yardstick is the opponent:
    ``solo_value``."""
    if state.players == 1:
        return solo_value(state)
    ranking = state.ranking()
    first = ranking[0] if ranking else []
    if seat in first:
        return 1.0 / len(first)
    return 0.0


def solo_value(state: State) -> float:
    """A finished solo game's value: half for reaching the yardstick (``State.returns``), half the
    game's ``evaluate`` (its lead over the yardstick, docs/engine.md "Solo games"), so that a higher
    score is better even where the yardstick is out of reach."""
    return 0.5 * state.returns()[0] + 0.5 * _clamp(state.game.evaluate(state, 0))


def position_value(state: State, seat: int, evaluate: Evaluate | None = None) -> float:
    """``seat``'s value of ``state``: the result when over, else ``evaluate``.

    A finished game adds a small share of ``evaluate`` so that among equal
    results a larger margin is still preferred.  A tiny share (below 1e-4) of
    the current score margin (``scores()``: own score minus the best other
    one) breaks ties between positions ``evaluate`` rates the same (an
    evaluate that only ranks the seats is flat among many positions).
    """
    value = _clamp((evaluate or state.game.evaluate)(state, seat))
    if state.is_over:
        value = result_value(state, seat) + 0.01 * value
    scores = state.scores()
    if len(scores) > 1:
        margin = scores[seat] - max(x for i, x in enumerate(scores) if i != seat)
        value += 1e-4 * margin / (1.0 + abs(margin))
    return value


def _clamp(x: float) -> float:
    x = float(x)
    if x != x:  # NaN
        return 0.5
    return 0.0 if x < 0.0 else 1.0 if x > 1.0 else x


def int_param(params: dict[str, str], key: str, default: int, low: int = 1) -> int:
    raw = params.get(key)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise refused("engine.botspec.int", param=f"{key}={raw!r}") from None
    if value < low:
        raise refused("engine.botspec.at_least", param=f"{key}={raw!r}", low=str(low))
    return value


def flag_param(params: dict[str, str], key: str, default: bool = False) -> bool:
    """A 0/1 switch (``default`` when not given); anything else is refused."""
    value = int_param(params, key, int(default), low=0)
    if value > 1:
        raise refused("engine.botspec.flag", param=f"{key}={params[key]!r}")
    return value == 1


def float_param(params: dict[str, str], key: str, default: float, low: float = 0.0) -> float:
    raw = params.get(key)
    if raw is None:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise refused("engine.botspec.float", param=f"{key}={raw!r}") from None
    if not value >= low:
        raise refused("engine.botspec.at_least", param=f"{key}={raw!r}", low=str(low))
    return value


def check_params(name: str, params: dict[str, str], known: tuple[str, ...]) -> None:
    unknown = sorted(set(params) - set(known))
    if unknown:
        raise refused("engine.botspec.unknown_param", name=repr(name), param=repr(unknown[0]),
                      known=", ".join(known))


class HeuristicBot(Bot):
    """Greedy on ``evaluate`` with a lookahead through its own consecutive decisions."""

    name = "heuristic"

    def __init__(self, depth: int = 2, beam: int = 4, width: int = 24, value: str = "eval") -> None:
        self.depth = depth
        self.beam = beam
        self.width = width
        self.value = value
        self._evaluate: Evaluate | None = None

    def choose(self, seat: int, state: State, rng: Rng) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        # Work on a fresh determinization drawn with the bot's own rng, so the
        # choice depends only on what ``seat`` knows and on that rng (given a
        # game whose determinization depends only on the seat's information).
        sample = state.determinize(seat, rng)
        self._evaluate = evaluator(self.value, sample)
        values = [self.value_after(sample, action, seat, self.depth, rng) for action in legal]
        best = max(values)
        ties = [legal[i] for i, v in enumerate(values) if v >= best - EPS]
        return ties[0] if len(ties) == 1 else rng.choice(ties)

    def value_after(self, state: State, action: Action, seat: int, depth: int, rng: Rng) -> float:
        """``seat``'s value after ``action`` and, while ``seat`` is still to move,
        the best of its next ``depth - 1`` own decisions."""
        child = state.clone()
        child.apply(action)
        if depth <= 1 or child.is_over or child.to_move != seat:
            return position_value(child, seat, self._evaluate)
        return self._lookahead(child, seat, depth - 1, rng)

    def _lookahead(self, state: State, seat: int, depth: int, rng: Rng) -> float:
        """The best value ``seat`` reaches in its next ``depth`` own decisions."""
        legal = state.legal_actions()
        if len(legal) > self.width:
            legal = rng.sample(legal, self.width)
        scored: list[tuple[float, State]] = []
        for action in legal:
            child = state.clone()
            child.apply(action)
            scored.append((position_value(child, seat, self._evaluate), child))
        if depth <= 1:
            return max(v for v, _ in scored)
        scored.sort(key=lambda c: -c[0])
        best = -1.0
        for rank, (v, child) in enumerate(scored):
            if rank < self.beam and not child.is_over and child.to_move == seat:
                v = self._lookahead(child, seat, depth - 1, rng)
            best = max(best, v)
        return best


def _factory(params: dict[str, str]) -> Bot:
    check_params("heuristic", params, ("depth", "beam", "width", "value"))
    return HeuristicBot(
        depth=int_param(params, "depth", 2),
        beam=int_param(params, "beam", 4),
        width=int_param(params, "width", 24),
        value=value_param(params),
    )


register("heuristic", _factory)
