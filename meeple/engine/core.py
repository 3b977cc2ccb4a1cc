"""The game contract: ``Action``, ``IllegalAction``, ``Option``, ``Game`` and ``State``.

Every surface (terminal, bots, simulation, web, RL) reaches a game only
through these classes; see ``../shared/design/ENGINE.md`` and the README.

A game subclasses ``Game`` (its description and setup) and ``State`` (one
position).  ``State`` does the bookkeeping every game shares: looking up an
action by notation, refusing illegal ones without touching anything, the
record, undo barriers, forced steps, the view envelope, ranking, clone and
determinize.  The game writes only its rules: ``_legal``, ``_apply``,
``_view``, ``_copy_into``, ``_resample_hidden``, ``scores`` and the turn
properties.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from meeple.engine.components import Tables, tables_hash
from meeple.engine.encoding import Bounds, Encoder, view_digest
from meeple.engine.errors import BadSetup, IllegalAction, MeepleError  # noqa: F401 (re-exported)
from meeple.engine.fields import copier
from meeple.engine.messages import Message, msg, refused
from meeple.engine.options import Option  # noqa: F401 (re-exported)
from meeple.engine.rng import Rng, as_rng
from meeple.i18n.catalog import has

Event = dict[str, Any]
"""An event: ``{"type": str, "text": str, ...}``; ``"private": seat`` limits it to one seat."""


VIEW_HEAD_KEYS = frozenset(
    ("game", "version", "players", "seat", "is_over", "to_move", "decisions", "scores", "ranking")
)
"""Keys every view starts with, filled in by the engine; a game's ``_view`` may not use them."""

HIDDEN_DECISION = "?"
"""How another seat's decision appears in a determinized copy's history."""

MAX_FORCED_STEPS = 10_000
"""Forced steps in a row after which ``settle`` decides the game is stuck."""


def _illegal(message: Message) -> IllegalAction:
    """The refusal as an exception: English text, and the message for other languages."""
    return IllegalAction(message["text"], message)


@mypyc_attr(acyclic=True)  # compiled (make fast): never part of a reference cycle, so not tracked by the GC
class Action:
    """One decision.  ``notation`` is its short, stable text (``str(action)``, what records
    hold); ``data`` is whatever the game needs to apply it quickly (a tuple of ints);
    ``label`` is what a person reads: a catalog message (``msg("<game>.label.<kind>", ...)``,
    issue 14) naming the action and its cost, or ``None`` where the notation is all there is."""

    __slots__ = ("notation", "data", "label")

    def __init__(self, notation: str, data: Any = None, label: Message | None = None) -> None:
        self.notation = notation
        self.data = data
        self.label = label

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Action({self.notation!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Action):
            return self.notation == other.notation
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.notation)

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled by its three fields (a compiled Action, make fast, is not rebuilt from its slots)
        return (Action, (self.notation, self.data, self.label))


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (make fast), subclassed by interpreted games
class Game(ABC):
    """A game's description and its setup.  One instance per game, shared."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    version: ClassVar[int]
    options: ClassVar[dict[str, Option]] = {}
    encoder: ClassVar[Encoder | None] = None
    """The closed action space and observation tensor (issue 18), bound by the game's ``encode.py``."""

    # --- what the game provides -------------------------------------------------

    @abstractmethod
    def default_tables(self) -> Tables:
        """The printed components as shipped (``components.py``)."""

    @abstractmethod
    def stand_ins(self) -> tuple[str, ...]:
        """Every component value that no source gave (``STAND_INS`` in components.py)."""

    @abstractmethod
    def setup(self, players: int, seed: int, options: dict[str, Any], tables: Tables) -> State:
        """A fresh state after setup, before the first decision."""

    @abstractmethod
    def max_steps(self, players: int) -> int:
        """A bound on decisions in one game under random play (the conformance suite checks it)."""

    def evaluate(self, state: State, seat: int) -> float:
        """A cheap estimate of ``seat``'s final standing, roughly in [0, 1]; override per game."""
        scores = state.scores()
        best = max(scores) if scores else 0
        worst = min(scores) if scores else 0
        if best == worst:
            return 0.5
        return (scores[seat] - worst) / (best - worst)

    def evaluate_with(self, weights: Mapping[str, float]) -> Callable[[State, int], float]:
        """``evaluate`` with its constants replaced by ``weights`` (by name; issue 19's tuned values,
        ``meeple/bots/tuned.py``).  A game whose ``evaluate`` takes no weights refuses any."""
        raise refused("engine.setup.no_weights", game=self.name)

    def piece_ids(self, view: dict[str, Any]) -> set[str]:
        """Every piece and place id a view draws, in ``State.targets``' form (the conformance
        suite holds every target to it); the default: none."""
        return set()

    # --- learning agents (issue 18) ---------------------------------------------------

    def _encoder(self) -> Encoder:
        if self.encoder is None:
            raise MeepleError(f"{self.name} has no closed action space or observation encoder")
        return self.encoder

    def action_names(self, players: int, tables: Tables | None = None) -> tuple[str, ...]:
        """The closed action space: canonical, seat-relative notations, indexed by id."""
        players = self.check_players(players)
        encoder = self._encoder()
        if tables is None:
            return encoder.default_space(self, players)[0]
        return encoder.space(tables, players)[0]

    def num_actions(self, players: int, tables: Tables | None = None) -> int:
        """How many action ids there are (the same for every state of this player count)."""
        return len(self.action_names(players, tables))

    def observation_shape(self, players: int, options: dict[str, Any] | None = None) -> tuple[int]:
        """The shape of ``State.observation(seat)`` at this player count."""
        return (self.new(players, 0, options).observation_layout().size,)

    def bounds(self, players: int) -> Bounds:
        """Longest game in decisions, most legal actions at a decision, utility range."""
        players = self.check_players(players)
        return self._encoder().bounds(self, players, self.num_actions(players))

    # --- shared -------------------------------------------------------------------

    def check_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Options with defaults filled in; an unknown or bad option raises ``BadSetup``."""
        given = dict(options or {})
        unknown = sorted(set(given) - set(self.options))
        if unknown:
            known = ", ".join(sorted(self.options)) or "none"
            raise refused("engine.setup.no_option", game=self.name, option=repr(unknown[0]), known=known)
        return {k: opt.check(k, given.get(k, opt.default)) for k, opt in sorted(self.options.items())}

    def title_message(self) -> Any:
        """The title as a message argument: its catalog key (``game.<name>.title``, rendered in the
        reader's language) when the catalog has one, else the English title (a game added at run
        time)."""
        key = f"game.{self.name}.title"
        return {"key": key} if has("en", key) else self.title

    def check_players(self, players: Any) -> int:
        if not isinstance(players, int) or isinstance(players, bool):
            raise refused("engine.setup.players_type", got=repr(players))
        if not self.min_players <= players <= self.max_players:
            raise refused("engine.setup.players", game=self.title_message(), min=self.min_players,
                          max=self.max_players, got=players)
        return players

    def new(
        self,
        players: int,
        seed: int = 0,
        options: dict[str, Any] | None = None,
        tables: Tables | None = None,
    ) -> State:
        """Set up a game.  ``tables`` replaces the shipped components (a component pack)."""
        players = self.check_players(players)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise refused("engine.setup.seed", got=repr(seed))
        opts = self.check_options(options)
        state = self.setup(players, seed, opts, tables or self.default_tables())
        state.settle()
        return state


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (make fast), subclassed by interpreted games
class State(ABC):
    """One position of one game.  Plain data; the game subclass adds its fields.

    Shared fields: ``game``, ``players``, ``seed``, ``options``, ``tables``
    (shared, immutable), ``rng`` (the state's own ``Rng``), ``history``
    (notations of the decisions taken), ``actors`` (the seat of each),
    ``reveals`` (bump it whenever hidden information becomes public) and
    ``undo_floor`` (decisions before it can no longer be taken back).
    """

    __slots__ = (
        "game", "players", "seed", "options", "tables", "rng",
        "history", "actors", "reveals", "undo_floor", "_legal_cache", "_memo",
    )

    def __init__(
        self, game: Game, players: int, seed: int, options: dict[str, Any], tables: Tables
    ) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        self.tables = tables
        self.rng = Rng(seed)
        self.history: list[str] = []
        self.actors: list[int] = []
        self.reveals = 0
        self.undo_floor = 0
        self._legal_cache: list[Action] | None = None
        self._memo: dict[str, Any] | None = None

    def __getstate__(self) -> dict[str, Any]:
        """Every field set, for pickling: the engine's, and every ``__slots__`` entry and compiled
        field of the game's classes (a compiled ``State``'s own pickling, make fast, would know
        only the compiled classes' fields, not an interpreted subclass's slots)."""
        out: dict[str, Any] = {}
        for klass in type(self).__mro__:
            names = klass.__dict__.get("__slots__", ())
            for name in ((names,) if isinstance(names, str) else tuple(names)) + tuple(
                    klass.__dict__.get("__mypyc_attrs__", ())):
                if name not in out and name not in ("__dict__", "__weakref__"):
                    try:
                        out[name] = getattr(self, name)
                    except AttributeError:
                        continue
        out.update(getattr(self, "__dict__", None) or {})
        return out

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)

    # --- what the game provides -------------------------------------------------

    @property
    @abstractmethod
    def to_move(self) -> int:
        """The seat (0-based) that decides now; meaningless once ``is_over``."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def _legal(self) -> list[Action]:
        """The legal actions, non-empty while not over, in a stable order."""

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Apply a legal action (already checked) and return the events it caused."""

    @abstractmethod
    def scores(self) -> list[int]:
        """One score per seat (the final scores once ``is_over``)."""

    @abstractmethod
    def _view(self, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may see (``None``: a spectator), JSON-safe."""

    def _copy_into(self, other: State) -> None:
        """Copy the game's own fields into ``other`` (a bare new instance): derived from the
        fields the game declares (``meeple.engine.fields``), never a hand-kept list."""
        copier(type(self))(self, other)

    @abstractmethod
    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        """Reshuffle in place everything ``seat`` cannot see, consistently with what it has seen."""

    def _decision_ahead(self) -> bool:
        """True only when this position surely has two or more legal actions, known more
        cheaply than by listing them; ``settle`` then stops without listing (default: never)."""
        return False

    def tiebreak(self, seat: int) -> tuple[int, ...]:
        """Higher is better among equal scores; empty means a shared place."""
        return ()

    def label(self, action: Action) -> Message | None:
        """What a person reads for ``action``, one of this position's legal actions: a catalog
        message naming it and what it costs (issue 14), or ``None`` where the notation is all
        there is.  Every surface that shows an action asks this, never ``action.label``; the
        default is ``action.label``.  A game overrides it to work a label out only when a surface
        asks, so that listing the legal actions (at every search and learning step) does no
        display work (Troyes names the dice an action will buy without asking, issue 15).  Like
        the action itself it may name what the seat to move knows, never what that seat cannot
        see; an override may keep its answers in ``memo()``."""
        return action.label

    def targets(self, action: Action) -> list[str]:
        """The pieces and places ``action`` (a legal action) involves, as ids of this position's
        view (``Game.piece_ids``): ``"<kind>:<id>"``, e.g. ``"node:A07"``.  Asked only when a
        payload is built, never by bots; the default: none (a control without a piece)."""
        return []

    def explain_illegal(self, text: str) -> str | Message | None:
        """Why ``text`` is not legal now, in the game's own terms: a catalog message
        (``msg("<game>.refusal.<reason>", ...)``, issue 14) or, until a game is converted, an
        English sentence; ``None``: the engine's generic message."""
        return None

    # --- the contract -------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The legal actions in a stable order (do not mutate the list)."""
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = [] if self.is_over else self._legal()
        return cache

    def memo(self) -> dict[str, Any]:
        """A scratch dict for values derived from this exact position (a game's
        ``evaluate`` may keep its per-seat projection here so that asking for every
        seat computes it once).  It is dropped whenever the position changes
        (``apply``, forced steps, ``determinize``); ``clone`` shares it, which is
        safe because a clone is the same position until it is changed, and a
        change replaces the dict rather than emptying it."""
        memo = self._memo
        if memo is None:
            memo = self._memo = {}
        return memo

    def find(self, action: Action | str | object) -> Action:
        """The legal action matching ``action`` (an Action or notation), or ``IllegalAction``
        (also for anything else: typed ``object`` so that the compiled build lets it through to
        be refused with ``engine.illegal.bad_type``)."""
        if isinstance(action, Action):
            if self._legal_cache is not None:
                for legal in self._legal_cache:
                    if legal is action:  # one of this position's own actions (bots' path)
                        return legal
            text = action.notation
        elif isinstance(action, str):
            text = action.strip()
        else:
            kind = type(action).__name__
            raise _illegal(msg("engine.illegal.bad_type", kind=kind))
        if self.is_over:
            raise _illegal(msg("engine.illegal.game_over"))
        if not text:
            raise _illegal(msg("engine.illegal.empty"))
        for legal in self.legal_actions():
            if legal.notation == text:
                return legal
        reason = self.explain_illegal(text)
        if reason:
            why = reason if isinstance(reason, dict) else {"key": None, "text": str(reason)}
            raise _illegal(msg("engine.illegal.not_legal", action=repr(text), reason=why))
        raise _illegal(msg("engine.illegal.not_legal_now", action=repr(text), seat=self.to_move,
                           n=len(self.legal_actions())))

    def apply(self, action: Action | str | object) -> list[Event]:
        """Apply one decision; an illegal one raises ``IllegalAction`` and changes nothing."""
        chosen = self.find(action)
        seat = self.to_move
        draws, reveals = self.rng.draws, self.reveals
        events = self._apply(chosen)
        self._legal_cache = None
        self._memo = None
        self.history.append(chosen.notation)
        self.actors.append(seat)
        events.extend(self.settle())
        if self.rng.draws != draws or self.reveals != reveals:
            self.undo_floor = len(self.history)
        return events

    def settle(self) -> list[Event]:
        """Apply forced steps (a single legal action) without asking; they are not recorded."""
        events: list[Event] = []
        forced = 0
        while not self.is_over:
            if self._decision_ahead():
                break
            legal = self.legal_actions()
            if len(legal) != 1:
                break
            events.extend(self._apply(legal[0]))
            self._legal_cache = None
            self._memo = None
            forced += 1
            if forced > MAX_FORCED_STEPS:
                raise RuntimeError(
                    f"{self.game.name}: more than {MAX_FORCED_STEPS} forced steps in a row "
                    f"(the game never reaches a decision or its end)"
                )
        return events

    def ranking(self) -> list[list[int]]:
        """Seats grouped by place, best first, after the game's tie-breaks."""
        scores = self.scores()
        keys = {s: (scores[s], self.tiebreak(s)) for s in range(self.players)}
        order = sorted(range(self.players), key=lambda s: keys[s], reverse=True)
        places: list[list[int]] = []
        for s in order:
            if places and keys[places[-1][0]] == keys[s]:
                places[-1].append(s)
            else:
                places.append([s])
        return places

    def solo(self) -> dict[str, Any] | None:
        """A finished 1-player game's result against its yardstick: the view's ``solo``
        (``level``, ``score``, ``yardstick``, ``yardstick_kind``, ``beaten``; docs/engine.md "Solo
        games"), else ``None``."""
        if self.players != 1 or not self.is_over:
            return None
        solo = self.view(0).get("solo")
        return solo if isinstance(solo, dict) else None

    def returns(self) -> list[float]:
        """The reward at the end: 1 for every seat in first place (ties share it), else 0; solo,
        the yardstick is the opponent: 1 once it is reached (``beaten``), else 0."""
        if not self.is_over:
            return [0.0] * self.players
        if self.players == 1:
            solo = self.solo()
            return [1.0 if solo is None or solo["beaten"] else 0.0]
        first = set(self.ranking()[0])
        return [1.0 if s in first else 0.0 for s in range(self.players)]

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """A JSON-safe dict of exactly what ``seat`` may see (``None``: a spectator)."""
        if seat is not None and (
            not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players
        ):
            raise refused("engine.setup.no_seat", seat=repr(seat), players=self.players)
        body = self._view(seat)
        over = self.is_over
        head: dict[str, Any] = {
            "game": self.game.name,
            "version": self.game.version,
            "players": self.players,
            "seat": seat,
            "is_over": over,
            "to_move": None if over else self.to_move,
            "decisions": len(self.history),
        }
        if over:
            head["scores"] = self.scores()
            head["ranking"] = self.ranking()
        clash = VIEW_HEAD_KEYS.intersection(body)
        if clash:
            raise RuntimeError(
                f"{self.game.name}: view keys {sorted(clash)} are the engine's "
                f"(per-seat data goes under 'seats')"
            )
        head.update(body)
        return head

    def record(self) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "version": self.game.version,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "components": tables_hash(self.tables),
            "actions": list(self.history),
        }

    def clone(self) -> State:
        """An independent copy: the shared fields here, the game's declared fields by the copier
        derived from their declaration (``meeple.engine.fields``); no deepcopy."""
        cls = type(self)
        other = cls.__new__(cls)
        other.game = self.game
        other.players = self.players
        other.seed = self.seed
        other.options = self.options
        other.tables = self.tables
        other.rng = self.rng.copy()
        other.history = self.history.copy()
        other.actors = self.actors.copy()
        other.reveals = self.reveals
        other.undo_floor = self.undo_floor
        # the same position has the same legal actions (the list is never mutated)
        other._legal_cache = self._legal_cache
        other._memo = self._memo
        self._copy_into(other)
        return other

    def determinize(self, seat: int, rng: Any) -> State:
        """A clone whose hidden parts (and future chance) are resampled for ``seat``."""
        r = as_rng(rng)
        other = self.clone()
        other._legal_cache = None  # resampling changes the position: nothing derived is shared
        other._memo = None
        other._resample_hidden(seat, r)
        other.rng = Rng(r.next64())
        # the copy must not lead back to the true game: a new seed, and other seats'
        # decisions masked (a notation can name a secret choice, e.g. a face-down offer)
        other.seed = r.next64() & 0x7FFFFFFF
        memo = self.memo()
        key = f"masked_history_{seat}"
        masked = memo.get(key)
        if masked is None:
            masked = memo[key] = [h if a == seat else HIDDEN_DECISION
                                  for h, a in zip(self.history, self.actors, strict=True)]
        other.history = masked.copy()
        return other

    # --- learning agents (issue 18) ---------------------------------------------------

    def action_ids(self) -> list[int]:
        """The ids of ``legal_actions()``, in the same order (a bijection); ids are relative to
        the seat to move, so the same decision has the same id for every seat."""
        return self.game._encoder().action_ids(self)

    def action_for_id(self, action_id: int) -> Action:
        """The legal action with this id, or ``IllegalAction``."""
        ids = self.action_ids()
        for i, legal in zip(ids, self.legal_actions(), strict=True):
            if i == action_id:
                return legal
        names = self.game.action_names(self.players, self.tables)
        what = names[action_id] if isinstance(action_id, int) and 0 <= action_id < len(names) else "no such id"
        raise IllegalAction(f"action id {action_id!r} ({what}) is not legal for seat {self.to_move} now")

    def action_mask(self) -> Any:
        """A ``numpy.int8`` array over the closed space: 1 where the id is legal now."""
        return self.game._encoder().action_mask(self)

    def observation_layout(self) -> Any:
        """Names and bounds of the observation's entries (``encoding.Layout``)."""
        return self.game._encoder().layout(self)

    def observation(self, seat: int) -> Any:
        """``view(seat)`` as a flat ``numpy.float32`` array of fixed shape, seats relative to
        ``seat`` (its own first); layout and bounds in ``observation_layout()``."""
        return self.game._encoder().observation(self, seat)

    def information_state(self, seat: int) -> str:
        """A perfect-recall information state: a digest chain over every view ``seat`` had after
        each decision (and its own decisions), never hidden parts.  Replays the record."""
        if HIDDEN_DECISION in self.history:
            raise MeepleError("a determinized copy has no information state (its history is masked)")
        other = self.game.new(self.players, self.seed, dict(self.options), self.tables)
        digest = view_digest("", other.view(seat), None)
        for notation, actor in zip(self.history, self.actors, strict=True):
            other.apply(notation)
            digest = view_digest(digest, other.view(seat), notation if actor == seat else None)
        return f"{self.game.name} seat {seat} after {len(self.history)} decisions: {digest}"

    def undo_target(self, seat: int) -> int | None:
        """How many decisions to keep so that ``seat`` is back at its own last decision,
        or ``None`` when no undo is allowed (another seat acted since, or chance or
        hidden information was revealed since)."""
        n = len(self.history)
        if n == 0 or n <= self.undo_floor or self.actors[-1] != seat:
            return None
        if self.is_over or self.to_move != seat:
            return None  # a finished game is final; another seat deciding now means it has the turn
        return n - 1

    def visible_events(self, events: list[Event], seat: int | None) -> list[Event]:
        """The events ``seat`` may see (private ones only to their seat)."""
        return [e for e in events if "private" not in e or e["private"] == seat]
