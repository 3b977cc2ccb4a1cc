"""Bot levels: the only bots a table may seat, each a bounded spec, and bot names for the
terminal's ``--bots`` (``meeple play``, ``arena``, ``simulate``: ``resolve_bot``).

A bot seat names a level (``random``, ``easy``, ``normal``, ``hard``, plus any
``meeple serve --bot-levels FILE`` adds); the server maps it to a bot spec, a
per-decision deadline (``think`` seconds) and a ``fallback`` spec played when
the bot is over its deadline or fails.  Every spec the server accepts, built
in or from a file, passes ``check_spec``: known bot, no ``workers`` (no
processes forked inside the server), and caps on think time, iterations and
search depth.  Only the level's name reaches seat names and stored actor
fields, so they stay short.

The table lives with the bots so that the terminal reads the same per-game specs as the server
without importing the server (``meeple.server.levels`` re-exports it).

A levels file is TOML (or JSON with the same shape)::

    [levels.expert]
    spec = "ismcts:time=3"
    think = 5          # seconds before the bot is stopped (default: its time + 2)
    fallback = "heuristic:depth=1"
    games = { troyes = "ismcts:time=2", "messina:4" = "rollout:iters=18" }
    # optional: the spec played on a game it names, or on a game at one player count ("game:N")
"""

from __future__ import annotations

import json
import math
import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from meeple import bots
from meeple.bots.heuristic import VALUES
from meeple.engine import BadSetup
from meeple.engine.errors import reason
from meeple.engine.messages import msg, refused

MAX_SPEC = 64
MAX_THINK = 10.0  # seconds: a bot's own time budget and its deadline
MAX_ITERS = 50_000
CAPS: dict[str, dict[str, float]] = {
    # parameter -> the largest value the server runs
    "heuristic": {"depth": 3, "beam": 8, "width": 32},
    "ismcts": {"time": MAX_THINK, "iters": MAX_ITERS, "horizon": 40, "prior": 50, "pick": 8, "lead": 50,
               "expand": 50, "c": 100.0, "margin": 10.0, "early": 1, "spread": 1},
    "rollout": {"time": MAX_THINK, "iters": MAX_ITERS // 10, "horizon": 40, "width": 32, "top": 64,
                "lead": 50, "c": 100.0, "pair": 1, "policy": 3},
    "random": {},
}
CHOICES: dict[str, dict[str, tuple[str, ...]]] = {
    # parameter -> the words the server accepts (the bots' value functions, issue 19)
    "heuristic": {"value": VALUES},
    "ismcts": {"value": VALUES},
    "rollout": {"value": VALUES},
}
LEVEL_NAME = re.compile(r"^[a-z][a-z0-9_-]{0,15}$")


def check_spec(spec: str) -> str:
    """``spec`` if the server may run it; BadSetup saying which cap it breaks."""
    if not isinstance(spec, str) or not 0 < len(spec) <= MAX_SPEC:
        raise refused("server.levels.spec_length", most=MAX_SPEC)
    name, params = bots.parse_spec(spec)
    if name not in CAPS:
        raise refused("server.levels.bot_not_allowed", bot=repr(name), allowed=", ".join(sorted(CAPS)))
    if "workers" in params:
        raise refused("server.levels.no_workers")
    caps = CAPS[name]
    words = CHOICES.get(name, {})
    for key, raw in params.items():
        if key in words:
            if raw not in words[key]:
                raise refused("server.levels.param_word", param=key, value=repr(raw), words=", ".join(words[key]))
            continue
        if key not in caps:
            raise refused("server.levels.param_not_allowed", param=repr(key), bot=repr(name))
        try:
            value = float(raw)
        except ValueError:
            raise refused("server.levels.param_number", param=key, value=repr(raw)) from None
        if not math.isfinite(value) or not 0 <= value <= caps[key]:
            raise refused("server.levels.param_cap", param=key, value=repr(raw), most=f"{caps[key]:g}")
    if name in ("ismcts", "rollout") and "time" not in params and "iters" not in params:
        raise refused("server.levels.needs_budget", bot=name)
    bots.make(spec)  # the bot's own checks
    return spec


def budget(spec: str) -> float:
    """The seconds the spec itself plans to think (0 when it has no time budget)."""
    _, params = bots.parse_spec(spec)
    try:
        return float(params.get("time", 0.0))
    except ValueError:
        return 0.0


class _Refusal(ValueError):
    """A level's field refused with a catalog message (pydantic keeps it as the error's cause)."""

    def __init__(self, message: dict[str, Any]) -> None:
        super().__init__(str(message["text"]))
        self.message = message


class Level(BaseModel):
    """One bot level: the spec it plays, its deadline and its fallback."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    spec: str
    think: float = Field(default=0.0, ge=0.0, le=MAX_THINK + 5.0)
    fallback: str = "random"
    games: dict[str, str] = Field(default_factory=dict)
    """Per game (its name) or per game and player count (``"messina:4"``), the spec played there
    instead of ``spec`` (the measured best there, such as an iteration budget that fits the
    level's time on it); a player count's entry comes before its game's."""

    @field_validator("spec", "fallback")
    @classmethod
    def _bounded(cls, value: str) -> str:
        try:
            return check_spec(value)
        except BadSetup as exc:
            raise _Refusal(exc.message) from None

    @field_validator("games")
    @classmethod
    def _per_game(cls, value: dict[str, str]) -> dict[str, str]:
        from meeple import games as known

        for key, spec in value.items():
            game, colon, count = key.partition(":")
            if game not in known.names():
                raise _Refusal(msg("server.levels.unknown_game", game=repr(game), games=", ".join(known.names())))
            if colon:
                rules = known.get(game)
                if not count.isdigit() or not rules.min_players <= int(count) <= rules.max_players:
                    raise _Refusal(msg("server.levels.game_players", entry=repr(key), game=game,
                                       min=rules.min_players, max=rules.max_players))
            try:
                check_spec(spec)
            except BadSetup as exc:
                raise _Refusal(msg("server.levels.game_spec", entry=key, reason=reason(exc))) from None
        return value

    def spec_for(self, game: str, players: int | None = None) -> str:
        """The spec this level plays on ``game`` (at ``players``, when given)."""
        if players is not None:
            spec = self.games.get(f"{game}:{players}")
            if spec is not None:
                return spec
        return self.games.get(game, self.spec)

    @property
    def deadline(self) -> float:
        """Seconds a decision may take before the bot is stopped."""
        if self.think > 0:
            return self.think
        return max(budget(s) for s in (self.spec, *self.games.values())) + 2.0

    @property
    def inline(self) -> bool:
        """Whether the spec is cheap enough to run in the server process (no search)."""
        return self.spec == "random"


def _builtin(**fields: Any) -> Level:
    """A built-in level, not validated when this module is imported: validating ``hard``'s per-game
    specs imports every game and bot, which the server's start-up does not need (issue 30: a
    restart serves once its imports are done); ``tests/server/test_server_bots.py`` holds every
    built-in level to the same checks as a levels file."""
    return Level.model_construct(**fields)


DEFAULT_LEVELS: dict[str, Level] = {
    "random": _builtin(spec="random", think=1.0),
    "easy": _builtin(spec="heuristic:depth=1", think=3.0),
    # value=auto: the learned value network blended with evaluate where one is shipped for the
    # game and player count (measured stronger than the plain heuristic: docs/bots.md), else evaluate
    "normal": _builtin(spec="heuristic:value=auto", think=5.0),
    # the strongest bot measured at about 0.1 s of a quiet core a decision, per game and player
    # count (docs/bots.md, "The table (third run)"), always with the learned value where a network
    # is shipped (value=auto) and on an iteration budget, so that its strength does not depend on
    # the server's load: ISMCTS whose leaves are valued at once (horizon=0) with the root seeded by
    # the heuristic (lead=20), its iterations fitting 0.1 s on each game (scripts/bench_strength.py
    # --calibrate); on Messina and Mundus Novus, greedy rollouts in which every seat replies,
    # the candidates compared on common random numbers by sequential halving (``rollout``,
    # pair=1; docs/bots.md, "The table (fourth run)"), at 2 and 6 players on evaluate's constants
    # tuned in self-play (value=tuned, "Tuned values"); on four-player Luna Maris, the heuristic
    # looking three own decisions ahead
    "hard": _builtin(spec="ismcts:iters=200,value=auto,horizon=0,lead=20", think=3.0,
                  fallback="heuristic:depth=1",
                  games={"messina": "rollout:iters=20,pair=1,value=auto",
                         "mundus_novus": "rollout:iters=50,top=3,pair=1,value=auto",
                         "mundus_novus:2": "rollout:iters=50,top=3,pair=1,value=tuned",
                         "mundus_novus:6": "rollout:iters=50,top=3,pair=1,value=tuned",
                         "luna_maris:4": "heuristic:value=auto,depth=3,beam=6"}),
}
ZOMBIE_LEVEL = "normal"
"""The level that plays a seat whose clock ran out."""


def load_levels(source: str | Path | Mapping[str, Any] | None) -> dict[str, Level]:
    """The built-in levels plus those of ``source`` (a TOML / JSON file or a mapping
    ``{name: {spec, think, fallback}}``, optionally under a ``levels`` key);
    BadSetup with a one-line reason for a bad file or level."""
    out = dict(DEFAULT_LEVELS)
    if source is None:
        return out
    if isinstance(source, Mapping):
        raw: Any = source
        where = "bot levels"
    else:
        path = Path(source)
        where = str(path)
        try:
            text = path.read_text(encoding="utf-8")
            raw = json.loads(text) if path.suffix == ".json" else tomllib.loads(text)
        except (OSError, UnicodeDecodeError, ValueError) as exc:  # TOMLDecodeError is a ValueError
            raise refused("server.levels.unreadable", where=where, reason=str(exc)) from None
    if isinstance(raw, Mapping) and isinstance(raw.get("levels"), Mapping):
        raw = raw["levels"]
    if not isinstance(raw, Mapping):
        raise refused("server.levels.not_a_table", where=where)
    for name, body in raw.items():
        if not isinstance(name, str) or not LEVEL_NAME.match(name):
            raise refused("server.levels.bad_name", where=where, name=repr(name))
        if isinstance(body, Level):
            out[name] = body
            continue
        try:
            out[name] = Level.model_validate(body)
        except ValidationError as exc:
            err = exc.errors(include_url=False, include_input=False)[0]
            field = ".".join(str(p) for p in err["loc"]) or "level"
            cause = (err.get("ctx") or {}).get("error")
            why = cause.message if isinstance(cause, _Refusal) else err["msg"]
            raise refused("server.levels.bad_level", where=where, name=repr(name), field=field, reason=why) from None
    return out


def resolve_bot(name: str, game: str, players: int, levels: Mapping[str, Level] | None = None) -> str:
    """The bot spec ``name`` stands for at ``game`` with ``players``: a level's name (``easy``,
    ``normal``, ``hard``, ... of ``levels``, default the server's built-in ones) is the spec that
    level plays there, exactly as a table's bot seat; any other name is a bot spec, returned as
    given.  BadSetup naming every bot and level for a name that is neither."""
    table = DEFAULT_LEVELS if levels is None else levels
    level = table.get(name.strip())
    if level is not None:
        return level.spec_for(game, players)
    kind, _ = bots.parse_spec(name)
    if kind not in bots.kinds():
        raise refused("engine.botspec.unknown_level", name=repr(kind), bots=", ".join(bots.kinds()),
                      levels=", ".join(sorted(table)))
    return name
