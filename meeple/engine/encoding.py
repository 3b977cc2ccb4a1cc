"""Closed action spaces, observation tensors and declared bounds (issue 18): the shared part.

A game binds an ``Encoder`` subclass (its ``encode.py``) as ``Game.encoder``; the engine's
``Game.num_actions`` / ``observation_shape`` / ``bounds`` and ``State.action_ids`` /
``action_mask`` / ``observation`` / ``information_state`` call it.

Action ids.  ``Encoder.notations(tables, players)`` lists every canonical notation the rules
can produce, enumerated from the component tables and the notation grammar (never from
samples).  A notation is made canonical by naming seats relative to the seat to move
(``pK`` becomes ``p((K - mover) mod players)``: ``p0`` is always the mover itself, ``p1`` the
next seat in turn order ...), so one id means the same decision for every seat.

Observations.  ``Encoder.observe(view, seat, out)`` writes ``view(seat)`` (the game's own
view: exactly what the seat may see, nothing else) into an ``Obs`` builder, seats relative
to ``seat``.  Every builder call writes a fixed number of floats and records its bounds, so
the layout (names, low, high) comes from one pass over the opening position.  That is the
reference; the engine uses each game's fast path, ``Encoder.observe_state(state, out, v)``, which
writes the same entries by index into ``out.buf`` (``Obs``: an unboxed ``vec[float]`` compiled,
a memoryview of the ``numpy.float32`` array in pure Python) straight from the state's fields (tested equal at every position of
seeded games).  This module and the games' encoders are compiled by ``make fast`` (issue 31).

Bounds.  ``Encoder.bounds`` derives, from the game's rules, the longest game in decisions, the
most legal actions at one decision and the utility range (``Bounds``; docs/rl.md "Bounds").

numpy is imported only where an array is made (the ``rl`` extra).
"""

from __future__ import annotations

import hashlib
import json
import re
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from mypy_extensions import mypyc_attr

from meeple.engine.errors import MeepleError

if TYPE_CHECKING:
    import numpy
    from librt.vecs import vec  # compiled build only (mypyc's own runtime, a dependency of mypy)

    from meeple.engine.core import State

SCORE_LIMIT = 1000
"""Scores in every game stay within +-SCORE_LIMIT (a declared observation bound)."""

_SEAT_TOKEN = re.compile(r"\bp(\d+)\b")


_NUMPY: list[Any] = []  # numpy once imported (importing it again per observation is a lookup each time)


def need_numpy() -> Any:
    """numpy, or a one-line error naming the extra that brings it."""
    if _NUMPY:
        return _NUMPY[0]
    try:
        import numpy
    except ImportError:  # pragma: no cover - depends on the environment
        raise ImportError("meeple's observations need numpy: pip install 'meeple[rl]'") from None
    _NUMPY.append(numpy)
    return numpy


def relative_notation(notation: str, mover: int, players: int) -> str:
    """``notation`` with every seat token ``pK`` renamed relative to ``mover``."""
    if "p" not in notation:
        return notation
    return _SEAT_TOKEN.sub(lambda m: f"p{(int(m[1]) - mover) % players}", notation)


@dataclass(frozen=True)
class Bounds:
    """Declared bounds of one game at one player count (each game's ``encode.py`` derives them
    from its rules; the reasoning is in ``note`` and docs/rl.md "Bounds")."""

    max_game_length: int
    """Decisions (recorded actions) in one game, at most; when ``length_from_rules`` is False the
    rules set no finite bound and this is a horizon (the adapters truncate there)."""
    max_legal_actions: int
    """Legal actions at one decision, at most (the largest decision the rules can offer)."""
    min_utility: float
    max_utility: float
    note: str = ""
    """How each bound is derived."""
    length_from_rules: bool = True


COMPILED = not __file__.endswith(".py")
"""Whether this module runs compiled (``make fast``): observations are then written into a
``librt.vecs.vec[float]`` (mypyc's unboxed array; setting an entry is a C store, about 20x cheaper
than setting one through a memoryview from compiled code), converted to ``numpy.float32`` once at
the end.  Pure Python writes into the numpy array through a memoryview of it (librt, which comes
with mypy, is not needed then)."""


def _zero_vec(size: int) -> vec[float]:
    """A zeroed ``vec[float]`` of ``size`` entries (compiled build only)."""
    return vec[float]([0.0] * size)


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (make fast)
class Obs:
    """A fixed-layout observation under construction, written by index (``LayoutObs`` also
    records names and bounds); ``result()`` is the ``numpy.float32`` array.

    Every method writes a fixed number of floats whatever the value (``pos`` moves on by that
    many; only non-zero entries are written), so a game's ``observe`` (a fixed sequence of calls)
    always writes the same layout.  A fast path (``Encoder.observe_state``) writes from ``pos`` on
    through ``buf`` and moves ``pos`` itself.  ``buf`` starts at zero; compiled, it is a
    ``vec[float]`` of its own (see ``COMPILED``), else a memoryview of the array ``arr``."""

    __slots__ = ("arr", "buf", "size", "pos", "me", "players")

    def __init__(self, seat: int, players: int, size: int, blank: vec[float] | None = None) -> None:
        if COMPILED:  # ``blank``: a zeroed vec of ``size`` entries to copy (the plan's), if given
            self.arr: Any = None
            self.buf: vec[float] = _zero_vec(size) if blank is None else blank[0:size]
        else:
            np = need_numpy()
            self.arr = np.zeros(size, np.float32)
            self.buf = cast("vec[float]", memoryview(self.arr))
        self.size = size
        self.pos = 0
        self.me = seat
        self.players = players

    def result(self) -> numpy.ndarray:
        """The entries as a new ``numpy.float32`` array of ``size`` entries."""
        if self.arr is None:
            np = need_numpy()
            self.arr = np.frombuffer(self.buf, np.float64).astype(np.float32)
        return self.arr  # type: ignore[no-any-return]

    def fill(self, p: int, count: int, value: float) -> int:
        """``count`` entries of ``value`` from ``p`` on (a fast path's run); the next place."""
        buf = self.buf
        for k in range(p, p + count):
            buf[k] = value
        return p + count

    def put(self, p: int, values: list[float]) -> int:
        """``values`` from ``p`` on (a fast path's run); the next place."""
        buf = self.buf
        for x in values:
            buf[p] = x
            p += 1
        return p

    def num(self, name: str, value: Any, lo: float, hi: float) -> None:
        """A number in [lo, hi]; ``None`` is written as ``lo - 1`` (declared as the low bound)."""
        self.buf[self.pos] = lo - 1 if value is None else float(value)
        self.pos += 1

    def flag(self, name: str, value: Any) -> None:
        if value:
            self.buf[self.pos] = 1.0
        self.pos += 1

    def vector(self, name: str, values: Sequence[Any], lo: float, hi: float) -> None:
        """Numbers in [lo, hi], one per place of a fixed-length list (``None`` as ``lo - 1``)."""
        buf, pos = self.buf, self.pos
        for v in values:
            buf[pos] = lo - 1 if v is None else float(v)
            pos += 1
        self.pos = pos

    def onehot(self, name: str, value: Any, vocab: dict[Any, int]) -> None:
        """One slot per vocabulary entry; ``None`` (or an unknown value) writes all zeros."""
        i = vocab.get(value)
        if i is not None:
            self.buf[self.pos + i] = 1.0
        self.pos += len(vocab)

    def rel_seat(self, value: Any) -> float:
        """A seat as 1 + its place after the observing seat (1 = itself); ``None`` -> 0."""
        if value is None:
            return 0.0
        return float((int(value) - self.me) % self.players + 1)

    def seat(self, name: str, value: Any) -> None:
        """A seat, relative: one-hot over the seats from the observer on (all zero: nobody)."""
        if value is not None:
            self.buf[self.pos + (int(value) - self.me) % self.players] = 1.0
        self.pos += self.players

    def counts(self, name: str, items: Iterable[Any], vocab: dict[Any, int], most: float) -> None:
        """A multiset of vocabulary entries as counts (order dropped)."""
        buf, pos = self.buf, self.pos
        for item in items:
            buf[pos + vocab[item]] += 1.0
        self.pos = pos + len(vocab)

    def sequence(self, name: str, items: Sequence[Any], vocab: dict[Any, int], length: int) -> None:
        """An ordered list of at most ``length`` entries: 1 + the entry's vocabulary index per place."""
        if len(items) > length:
            raise ValueError(f"{name}: {len(items)} entries, the layout holds {length}")
        buf, pos = self.buf, self.pos
        for k, item in enumerate(items):
            buf[pos + k] = vocab[item] + 1.0
        self.pos = pos + length

    def seats(self, name: str, items: Sequence[Any], length: int) -> None:
        """An ordered list of seats (relative, as ``rel_seat``) padded with 0."""
        buf, pos = self.buf, self.pos
        me, n = self.me, self.players
        for k, x in enumerate(items):
            if x is not None:
                buf[pos + k] = (int(x) - me) % n + 1.0
        self.pos = pos + length

    def rotate(self, per_seat: Sequence[Any]) -> list[Any]:
        """``per_seat`` (indexed by absolute seat) reordered from the observer on."""
        n = self.players
        return [per_seat[(self.me + k) % n] for k in range(n)]


LAYOUT_LIMIT = 1 << 17
"""The most entries an observation may have (the layout pass writes into a buffer this long)."""


class LayoutObs(Obs):
    """``Obs`` that also records each entry's name and declared bounds."""

    __slots__ = ("names", "low", "high", "starts")

    def __init__(self, seat: int, players: int) -> None:
        super().__init__(seat, players, LAYOUT_LIMIT)
        self.names: list[str] = []
        self.low: list[float] = []
        self.high: list[float] = []
        self.starts: dict[str, int] = {}

    def _note(self, name: str, count: int, lo: float, hi: float) -> None:
        self.starts.setdefault(name, self.pos)
        self.names.extend([name] if count == 1 else [f"{name}[{i}]" for i in range(count)])
        self.low.extend([lo] * count)
        self.high.extend([hi] * count)

    def num(self, name: str, value: Any, lo: float, hi: float) -> None:
        self._note(name, 1, lo - 1, hi)
        super().num(name, value, lo, hi)

    def flag(self, name: str, value: Any) -> None:
        self._note(name, 1, 0, 1)
        super().flag(name, value)

    def vector(self, name: str, values: Sequence[Any], lo: float, hi: float) -> None:
        self._note(name, len(values), lo - 1, hi)
        super().vector(name, values, lo, hi)

    def onehot(self, name: str, value: Any, vocab: dict[Any, int]) -> None:
        self._note(name, len(vocab), 0, 1)
        super().onehot(name, value, vocab)

    def seat(self, name: str, value: Any) -> None:
        self._note(name, self.players, 0, 1)
        super().seat(name, value)

    def counts(self, name: str, items: Iterable[Any], vocab: dict[Any, int], most: float) -> None:
        self._note(name, len(vocab), 0, most)
        super().counts(name, items, vocab, most)

    def sequence(self, name: str, items: Sequence[Any], vocab: dict[Any, int], length: int) -> None:
        self._note(name, length, 0, len(vocab))
        super().sequence(name, items, vocab, length)

    def seats(self, name: str, items: Sequence[Any], length: int) -> None:
        self._note(name, length, 0, self.players)
        super().seats(name, items, length)


def vocab(names: Iterable[Any]) -> dict[Any, int]:
    """A vocabulary: each distinct name to its first index."""
    out: dict[Any, int] = {}
    for name in names:
        if name not in out:
            out[name] = len(out)
    return out


@dataclass(frozen=True)
class Layout:
    names: tuple[str, ...]
    low: Any
    high: Any
    starts: dict[str, int]
    """Where each builder call's entries start (by its name), for fast paths writing by index."""

    @property
    def size(self) -> int:
        return len(self.names)


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (make fast), as are the games' encoders
class Encoder(ABC):
    """The per-game part; a game's ``encode.py`` subclasses it.  Its caches are declared fields
    (a compiled encoder has no instance ``__dict__``)."""

    def __init__(self) -> None:
        self._plans: dict[Any, _Plan] = {}
        self._default_spaces: dict[int, tuple[tuple[str, ...], dict[str, int]]] = {}
        self._last_plan: _Plan | None = None

    @abstractmethod
    def notations(self, tables: Any, players: int) -> list[str]:
        """Every canonical (seat-relative) notation the rules can produce, in a fixed order."""

    def canonical(self, notation: str, mover: int, players: int) -> str:
        """The id's name of a legal action's notation (default: seats renamed relative to the mover)."""
        return relative_notation(notation, mover, players)

    def vocabs(self, tables: Any) -> dict[str, dict[Any, int]]:
        """Vocabularies (component names ...) for ``observe``, built once per component set."""
        return {}

    @abstractmethod
    def observe(self, view: dict[str, Any], out: Obs, v: dict[str, dict[Any, int]]) -> None:
        """Write ``view`` (the observer's own view) into ``out``; a fixed sequence of calls."""

    def _head(self, state: State, out: Obs) -> None:
        """The engine's view head: to move, over, decisions, final scores (rotated)."""
        over = state.is_over
        out.seat("to_move", None if over else state.to_move)
        out.flag("is_over", over)
        out.num("decisions", len(state.history), 0, state.game.max_steps(state.players))
        scores = state.scores() if over else [0] * state.players
        for k, score in enumerate(out.rotate(scores)):
            out.num(f"final_score+{k}", score, -SCORE_LIMIT, SCORE_LIMIT)

    @staticmethod
    def _fast_head(state: State, out: Obs) -> None:
        """``_head`` written by index (the same entries)."""
        a, p, n, me = out.buf, out.pos, out.players, out.me
        if state.is_over:
            a[p + n] = 1.0
            scores = state.scores()
            for k in range(n):
                a[p + n + 2 + k] = scores[(me + k) % n]
        else:
            a[p + (state.to_move - me) % n] = 1.0
        a[p + n + 1] = len(state.history)
        out.pos = p + 2 * n + 2

    def observe_state(self, state: State, out: Obs, v: dict[str, dict[Any, int]]) -> bool:
        """Optional fast path: write the same entries as ``observe(view(seat))`` straight from the
        state's fields and return True, or return False (nothing written) to use the view."""
        return False

    def _observe(self, state: State, view: dict[str, Any], out: Obs) -> None:
        """The head, then the game's part from the view (the reference encoding)."""
        self._head(state, out)
        self.observe(view, out, self._vocabs(state.tables))

    def _vocabs(self, tables: Any) -> dict[str, dict[Any, int]]:
        cache = _cache(tables)
        hit = cache.get("vocabs")
        if hit is None:
            hit = cache["vocabs"] = self.vocabs(tables)
        return hit  # type: ignore[no-any-return]

    def bounds(self, game: Any, players: int, num_actions: int) -> Bounds:
        """Declared bounds; this default (for a game without its own derivation) is the engine's
        checked horizon and the whole closed space."""
        return Bounds(game.max_steps(players), num_actions, 0.0, 1.0,
                      "game length: Game.max_steps, a horizon; legal actions: at most the whole closed space",
                      length_from_rules=False)

    # --- shared, cached per component set and player count ---------------------------------

    def space(self, tables: Any, players: int) -> tuple[tuple[str, ...], dict[str, int]]:
        key = ("space", players)
        cache = _cache(tables)
        hit = cache.get(key)
        if hit is None:
            names = tuple(vocab(self.notations(tables, players)))
            hit = cache[key] = (names, {n: i for i, n in enumerate(names)})
        return hit  # type: ignore[no-any-return]

    def id_of(self, tables: Any, players: int, notation: str, mover: int) -> int:
        """The id of a legal action's notation for ``mover`` (``KeyError`` naming the canonical
        notation when the space misses it); remembered per component set, player count and mover."""
        known = self._known(tables, players, mover)
        hit = known.get(notation)
        if hit is None:
            hit = self._learn(tables, players, mover, notation, known)
        return hit

    def _known(self, tables: Any, players: int, mover: int) -> dict[str, int]:
        cache = _cache(tables)
        key = ("ids", players, mover)
        known = cache.get(key)
        if known is None or len(known) > 100_000:
            known = cache[key] = {}
        return known  # type: ignore[no-any-return]

    def _learn(self, tables: Any, players: int, mover: int, notation: str, known: dict[str, int]) -> int:
        text = self.canonical(notation, mover, players)
        hit = self.space(tables, players)[1].get(text)
        if hit is None:
            raise KeyError(text)
        known[notation] = hit
        return hit

    def action_ids(self, state: State) -> list[int]:
        """``State.action_ids``: the legal actions' ids in their order, kept in the position's memo."""
        memo = state.memo()
        ids = memo.get("action_ids")
        if ids is None:
            ids = memo["action_ids"] = self._ids(state)
        return ids  # type: ignore[no-any-return]

    def _ids(self, state: State) -> list[int]:
        tables, players, mover = state.tables, state.players, state.to_move
        known = self._known(tables, players, mover)
        ids: list[int] = []
        for action in state.legal_actions():
            hit = known.get(action.notation)
            if hit is None:
                try:
                    hit = self._learn(tables, players, mover, action.notation, known)
                except KeyError as missing:
                    raise MeepleError(
                        f"{state.game.name}: legal action {missing.args[0]!r} has no id (the closed "
                        f"action space misses it)") from None
            ids.append(hit)
        return ids

    def fresh_mask(self, state: State) -> numpy.ndarray:
        """The legal ids as a new int8 array over the closed space, not kept (the adapters ask it
        once per position; ``action_mask`` keeps it).  Built byte by byte: for the few legal
        actions of a decision that is cheaper than numpy's zeros and an index array."""
        plan = self._plan(state)
        buf = bytearray(plan.actions)
        for i in self.action_ids(state):
            buf[i] = 1
        return plan.frombuffer(buf, plan.int8)  # type: ignore[no-any-return]

    def action_mask(self, state: State) -> numpy.ndarray:
        """``State.action_mask``: int8 over the closed space, kept in the position's memo; a copy."""
        memo = state.memo()
        mask = memo.get("action_mask")
        if mask is None:
            mask = memo["action_mask"] = self.fresh_mask(state)
        return mask.copy()  # type: ignore[no-any-return]

    def default_space(self, game: Any, players: int) -> tuple[tuple[str, ...], dict[str, int]]:
        """``space`` for the shipped tables (a game may build a new Tables object per call)."""
        cache = self._default_spaces
        hit = cache.get(players)
        if hit is None:
            hit = cache[players] = self.space(game.default_tables(), players)
        return hit  # type: ignore[no-any-return]

    def layout(self, state: State) -> Layout:
        cache = _cache(state.tables)
        key = ("layout", state.game.name, state.players, tuple(sorted(state.options.items())) if state.options else ())
        hit = cache.get(key)
        if hit is None:
            np = need_numpy()
            out = LayoutObs(0, state.players)
            self._observe(state, state.view(0), out)
            hit = cache[key] = Layout(tuple(out.names), np.asarray(out.low, dtype=np.float32),
                                      np.asarray(out.high, dtype=np.float32), out.starts)
        return hit  # type: ignore[no-any-return]

    def reference_observation(self, state: State, seat: int) -> numpy.ndarray:
        """The observation made from ``view(seat)`` (what a fast path must equal)."""
        out = Obs(seat, state.players, self.layout(state).size)
        self._observe(state, state.view(seat), out)
        return self._done(out)

    @staticmethod
    def _done(out: Obs) -> numpy.ndarray:
        if out.pos != out.size:
            raise ValueError(f"the observation wrote {out.pos} entries, its layout has {out.size}")
        return out.result()

    def observation(self, state: State, seat: int) -> numpy.ndarray:
        """Kept in the position's memo (a clone shares it until either changes); a copy is returned."""
        memo = state.memo()
        key = _OBSERVATION_KEYS[seat] if seat < len(_OBSERVATION_KEYS) else f"observation_{seat}"
        hit = memo.get(key)
        if hit is None:
            hit = memo[key] = self.fresh_observation(state, seat)
        return hit.copy()  # type: ignore[no-any-return]

    def fresh_observation(self, state: State, seat: int) -> numpy.ndarray:
        """A new observation array, not kept in the memo: the head, then the game's fast path
        (or, when it declines, the encoding of ``view(seat)``)."""
        plan = self._plan(state)
        out = Obs(seat, state.players, plan.size, plan.blank)
        self._fast_head(state, out)
        if not self.observe_state(state, out, plan.vocabs):
            out = Obs(seat, state.players, plan.size)
            self._observe(state, state.view(seat), out)
        return self._done(out)

    def _plan(self, state: State) -> _Plan:
        """What every observation and mask of a component set, player count and options shares
        (size, vocabularies, numpy, the number of ids): the last one asked for when it fits (a
        run of positions of one game), else one dict lookup."""
        tables, players, opts = state.tables, state.players, state.options
        plan = self._last_plan
        if (plan is not None and plan.tables is tables and plan.players == players
                and plan.options == opts):
            return plan
        key = (id(tables), players, tuple(sorted(opts.items())) if opts else ())
        plans = self._plans
        plan = plans.get(key)
        if plan is None or plan.tables is not tables:
            if len(plans) > 64:
                plans.clear()
            plan = plans[key] = _Plan(tables, players, opts, self.layout(state).size, self._vocabs(tables),
                                      len(self.space(tables, players)[0]), need_numpy())
        self._last_plan = plan
        return plan


class _Plan:
    __slots__ = ("tables", "players", "options", "size", "vocabs", "actions", "numpy", "blank",
                 "frombuffer", "int8")

    def __init__(self, tables: Any, players: int, options: dict[str, Any], size: int,
                 vocabs: dict[str, dict[Any, int]], actions: int, np: Any) -> None:
        self.tables = tables  # kept, so that its id is not reused while the plan lives
        self.players = players
        self.options = dict(options)  # a copy: compared with each state's options
        self.size = size
        self.vocabs = vocabs
        self.actions = actions
        self.numpy = np
        self.blank: vec[float] | None = _zero_vec(size) if COMPILED else None  # copied per observation
        self.frombuffer: Any = np.frombuffer  # looked up once, not per mask
        self.int8: Any = np.int8


_OBSERVATION_KEYS = tuple(f"observation_{seat}" for seat in range(8))

_CACHES: dict[int, tuple[Any, dict[Any, Any]]] = {}


def _cache(tables: Any) -> dict[Any, Any]:
    """A dict per component set (tables are immutable and shared by every state)."""
    hit = _CACHES.get(id(tables))
    if hit is None or hit[0] is not tables:
        if len(_CACHES) > 32:
            _CACHES.clear()
        hit = _CACHES[id(tables)] = (tables, {})
    return hit[1]


def view_digest(previous: str, view: dict[str, Any], own_action: str | None) -> str:
    """One link of a perfect-recall chain: the previous digest, what the seat sees now and
    the seat's own last action (a history of views has one digest chain)."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"))
    h = hashlib.blake2b(digest_size=16)
    h.update(previous.encode())
    h.update(text.encode())
    if own_action is not None:
        h.update(b"\x00" + own_action.encode())
    return h.hexdigest()
