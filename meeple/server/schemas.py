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
from typing import Annotated, Any, ClassVar, Literal, TypeVar

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
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from meeple.engine.messages import Message, msg
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
            raise PydanticCustomError("unprintable", "character U+{code} is not allowed here (only printable text)",
                                      {"code": f"{ord(ch):04X}"})
    return " ".join(text.split())


Name = Annotated[StrictStr, Field(max_length=MAX_NAME), AfterValidator(printable)]
Notation = Annotated[StrictStr, Field(min_length=1, max_length=MAX_NOTATION), AfterValidator(printable)]
Ident = Annotated[StrictStr, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_:.=,\-]+$")]
OptionValue = StrictBool | StrictInt | StrictFloat | Annotated[StrictStr, Field(max_length=64)]


class _Body(BaseModel):
    """A request body: no field but its own, and ``null`` for none of them (issue 30: ``null`` was
    read as "not given"; leave a field out for its default), except those in ``NULLABLE``."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    NULLABLE: ClassVar[frozenset[str]] = frozenset()

    @field_validator("*", mode="before")
    @classmethod
    def _not_null(cls, value: Any, info: ValidationInfo) -> Any:
        """Runs only on a value given, so it sees every explicit ``null``."""
        if value is None and info.field_name not in cls.NULLABLE:
            raise PydanticCustomError("null", "got null (leave the field out for its default)")
        return value


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


class JoinBody(_Body):
    seat: Annotated[StrictInt, Field(ge=0, le=MAX_SEATS)] | None = None
    name: Name | None = None


class ActBody(_Body):
    action: Notation
    decision: Annotated[StrictInt, Field(ge=0, le=1_000_000)]


class Hello(_Body):
    NULLABLE = frozenset({"token"})  # {"token": null}: a spectator (docs/server.md)

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
        raise ServerError(413, msg("server.body.too_large", limit=limit))
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise ServerError(400, msg("server.body.not_utf8")) from None
    if not json_depth_ok(text):
        raise ServerError(400, msg("server.body.too_deep", depth=MAX_DEPTH))
    try:
        return json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):  # includes too many digits and NaN / Infinity
        raise ServerError(400, msg("server.body.not_json")) from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def parse_body(raw: bytes, model: type[M]) -> M:
    """A request body checked by ``model`` (an empty body is ``{}``)."""
    data: Any = {} if not raw.strip() else loads_capped(raw, MAX_BODY)
    if not isinstance(data, dict):
        raise ServerError(400, msg("server.body.not_object"))
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise ServerError(400, describe(exc)) from None


_UNION_TAGS = {"int", "float", "bool", "str", "none"}


def _field_path(loc: tuple[int | str, ...]) -> tuple[int | str, ...]:
    """A pydantic error location without the union members it tried (``('clock', 'int')``: clock)."""
    out = list(loc)
    while out and isinstance(out[-1], str) and (out[-1] in _UNION_TAGS or out[-1].startswith(("constrained-", "function-"))):
        out.pop()
    return tuple(out)


def describe(exc: ValidationError) -> Message:
    """The first problem pydantic found, as a catalog message naming the field (``field``: the
    path such as ``seats.1.bot``, ``body`` for the whole body); its English reads ``field: problem``."""
    errors = exc.errors(include_url=False, include_input=False)
    err = errors[0]
    loc = _field_path(err["loc"])
    where = ".".join(str(p) for p in loc) or "body"
    if loc != tuple(err["loc"]) and len(errors) > 1 and all(_field_path(e["loc"]) == loc for e in errors):
        return msg("server.field.wrong_type", field=where)  # no member of a union (number or text) took it
    kind = str(err["type"])
    ctx = err.get("ctx") or {}
    if kind == "null":
        return msg("server.field.null", field=where)
    if kind == "unprintable":
        return msg("server.field.unprintable", field=where, code=str(ctx.get("code", "")))
    if kind == "missing":
        return msg("server.field.missing", field=where)
    if kind == "extra_forbidden":
        return msg("server.field.unknown", field=where)
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return msg("server.field.integer", field=where)
    if kind in ("float_type", "float_parsing"):
        return msg("server.field.number", field=where)
    if kind == "string_type":
        return msg("server.field.text", field=where)
    if kind == "bool_type":
        return msg("server.field.boolean", field=where)
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return msg("server.field.object", field=where)
    if kind == "list_type":
        return msg("server.field.list", field=where)
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        limit = next(iter(ctx.values()), "")
        if kind == "greater_than_equal":
            return msg("server.field.at_least", field=where, limit=str(limit))
        if kind == "greater_than":
            return msg("server.field.more_than", field=where, limit=str(limit))
        if kind == "less_than_equal":
            return msg("server.field.at_most", field=where, limit=str(limit))
        return msg("server.field.less_than", field=where, limit=str(limit))
    if kind in ("string_too_long", "too_long"):
        return msg("server.field.too_long", field=where, limit=str(ctx.get("max_length", "")))
    if kind in ("string_too_short", "too_short"):
        return msg("server.field.too_short", field=where, limit=str(ctx.get("min_length", "")))
    if kind == "string_pattern_mismatch":
        return msg("server.field.pattern", field=where)
    if kind == "literal_error":
        return msg("server.field.choice", field=where, choices=str(ctx.get("expected", "")))
    text = str(err["msg"]).removeprefix("Value error, ")  # a validator's own words
    return msg("server.field.invalid", field=where, problem=text)
