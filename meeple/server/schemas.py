"""What the server accepts: request bodies and the WebSocket hello, as pydantic models.

Every body is read with ``parse_body``: at most ``MAX_BODY`` bytes, JSON
nested at most ``MAX_DEPTH`` deep, numbers of sane size, then validated by
the route's model; anything else is a 4xx with a one-line reason and nothing
changes.  Text a person types (names, action notations) must be printable:
control, format (bidi overrides, zero-width), private-use, unassigned and
surrogate characters are refused before they reach the database.
"""

from __future__ import annotations

import json
import unicodedata
from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    ValidationError,
    field_validator,
    model_validator,
)

from meeple.server.model import MAX_NAME, ServerError

MAX_BODY = 16 * 1024  # bytes of a request body
MAX_HELLO = 1024  # bytes of a WebSocket hello
MAX_DEPTH = 8  # nesting of JSON arrays and objects
MAX_NOTATION = 200
MAX_SEATS = 8
_REFUSED = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def printable(text: str) -> str:
    """``text`` with runs of spaces collapsed; ValueError for a character a person
    cannot see or that changes how text around it shows."""
    for ch in text:
        if unicodedata.category(ch) in _REFUSED:
            raise ValueError(f"character U+{ord(ch):04X} is not allowed here (only printable text)")
    return " ".join(text.split())


Name = Annotated[StrictStr, Field(max_length=MAX_NAME), AfterValidator(printable)]
Notation = Annotated[StrictStr, Field(min_length=1, max_length=MAX_NOTATION), AfterValidator(printable)]
Ident = Annotated[StrictStr, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_:.=,\-]+$")]
OptionValue = StrictBool | StrictInt | StrictFloat | Annotated[StrictStr, Field(max_length=64)]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SeatSpec(_Body):
    kind: Literal["human", "bot"] = "human"
    bot: Ident | None = None
    name: Name | None = None


class CreateBody(_Body):
    game: Ident
    players: Annotated[StrictInt, Field(ge=1, le=16)] | None = None
    options: Annotated[dict[Annotated[str, Field(max_length=64)], OptionValue], Field(max_length=32)] | None = None
    seats: Annotated[list[SeatSpec], Field(max_length=MAX_SEATS)] | None = None
    seat: Annotated[StrictInt, Field(ge=0, le=MAX_SEATS)] | None = None
    name: Name | None = None
    clock: Annotated[StrictInt | StrictFloat, Field(gt=0, le=60 * 86400)] | None = None
    seed: Annotated[StrictInt, Field(ge=0, lt=2**62)] | None = None
    # issue 28 (accounts_routes.py): a rated table; live (clock in seconds) or turn-based (a time per
    # move, hours or days: clock, one day when not given)
    rated: StrictBool | None = None
    mode: Literal["live", "turn"] | None = None

    @model_validator(mode="after")
    def _turn_clock(self) -> CreateBody:
        if self.mode == "turn" and self.clock is None:
            object.__setattr__(self, "clock", 86400)
        return self

    @field_validator("players", mode="before")
    @classmethod
    def _number_not_null(cls, value: Any) -> Any:
        """``players`` left out is the game's fewest; given as ``null`` it is refused (issue 30: null
        was read as not given).  ``seat``, ``clock`` and ``seed`` take ``null`` as their default
        means nothing chosen (no seat, no clock, a drawn seed).  A validator runs only on a value
        given, so this sees every explicit ``null``."""
        if value is None:
            raise ValueError("expected a number, got null (leave the field out for its default)")
        return value


class JoinBody(_Body):
    seat: Annotated[StrictInt, Field(ge=0, le=MAX_SEATS)] | None = None
    name: Name | None = None


class ActBody(_Body):
    action: Notation
    decision: Annotated[StrictInt, Field(ge=0, le=1_000_000)]


class Hello(_Body):
    token: Annotated[StrictStr, Field(max_length=64)] | None = None


M = TypeVar("M", bound=BaseModel)


def json_depth_ok(raw: str, limit: int = MAX_DEPTH) -> bool:
    """Whether JSON text nests arrays and objects at most ``limit`` deep (strings skipped)."""
    if raw.count("[") + raw.count("{") <= limit:
        return True
    depth = 0
    in_str = esc = False
    for ch in raw:
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return False
        elif ch in "]}":
            depth -= 1
    return True


def loads_capped(raw: bytes | str, limit: int) -> Any:
    """Parse JSON of at most ``limit`` bytes and ``MAX_DEPTH`` levels; ServerError(400/413) otherwise."""
    if len(raw) > limit:
        raise ServerError(413, f"the request body is larger than {limit} bytes")
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise ServerError(400, "the request body is not UTF-8 text") from None
    if not json_depth_ok(text):
        raise ServerError(400, f"the JSON is nested more than {MAX_DEPTH} levels deep")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):  # includes too many digits and NaN / Infinity
        raise ServerError(400, "the request body is not valid JSON") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def parse_body(raw: bytes, model: type[M]) -> M:
    """A request body checked by ``model`` (an empty body is ``{}``)."""
    data: Any = {} if not raw.strip() else loads_capped(raw, MAX_BODY)
    if not isinstance(data, dict):
        raise ServerError(400, "the request body must be a JSON object")
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise ServerError(400, describe(exc)) from None


def describe(exc: ValidationError) -> str:
    """The first problem pydantic found, in one line: ``field: message``."""
    err = exc.errors(include_url=False, include_input=False)[0]
    where = ".".join(str(p) for p in err["loc"]) or "body"
    text = str(err["msg"]).removeprefix("Value error, ")  # a validator's own words
    return f"{where}: {text}"
