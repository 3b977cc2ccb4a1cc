"""Component tables and component packs.

A game's ``components.py`` holds its printed components as immutable tables:
each table is a tuple of ``NamedTuple`` entries.  It exports ``TABLES`` (name
-> table) and ``STAND_INS`` (one line per value no source gave).

A person who owns the box can replace any table from a TOML file::

    [[activities]]          # one [[table]] block per entry, all fields given
    name = "Tithing"
    ...

Every field is validated against the entry type; unknown or missing fields,
wrong types and unknown tables are named in the error, and nothing is
half-loaded.  ``tables_hash`` fingerprints the tables in use; records carry it.

Ranges and cross-field rules are data too: a game's ``components.py`` may
export ``LIMITS`` (table -> field -> rule, see ``FieldLimit``) and
``load_pack`` checks every table against it before anything plays, so a new
game writes no validation code.
"""

from __future__ import annotations

import hashlib
import json
import sys
import tomllib
import types
import typing
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, TypeVar, Union, get_args, get_origin, get_type_hints

from meeple.engine.errors import BadSetup
from meeple.engine.messages import Message, msg, refused

T = TypeVar("T")

STAND_IN = "STAND_IN"
"""Marker used in components.py comments and ``STAND_INS`` entries."""


class Tables(Mapping[str, tuple[Any, ...]]):
    """An immutable set of component tables, read as ``tables.name`` or ``tables["name"]``."""

    __slots__ = ("_tables", "_hash", "_derived")
    _tables: dict[str, tuple[Any, ...]]
    _hash: str | None
    _derived: dict[str, Any]

    def __init__(self, tables: Mapping[str, tuple[Any, ...]]) -> None:
        object.__setattr__(self, "_tables", dict(tables))
        object.__setattr__(self, "_hash", None)
        object.__setattr__(self, "_derived", {})

    def derived(self, key: str, build: Callable[[Tables], T]) -> T:
        """The value ``build(self)``, built once per tables object and kept with it.

        A game's ``derived.py`` reaches every value derived from its component
        set through this (the tables are immutable, so the value never goes
        stale, and a component pack gets values of its own)."""
        try:
            return self._derived[key]  # type: ignore[no-any-return]
        except KeyError:
            value = self._derived[key] = build(self)
            return value

    def cache(self, key: str, limit: int = 50_000) -> PositionCache:
        """A bounded dict, one per ``key`` and tables object, for values keyed by
        what part of a position they are derived from (the bots replay the same
        positions many times).  The key must hold everything the value depends on,
        hidden parts included, so a determinized copy never reads a real hand."""
        return self.derived("cache:" + key, lambda _tables: PositionCache(limit))

    def __getattr__(self, name: str) -> tuple[Any, ...]:
        try:
            return self._tables[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("component tables are immutable")

    def __getitem__(self, name: str) -> tuple[Any, ...]:
        return self._tables[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._tables)

    def __len__(self) -> int:
        return len(self._tables)

    def replace(self, **new: tuple[Any, ...]) -> Tables:
        merged = dict(self._tables)
        merged.update(new)
        return Tables(merged)


class PositionCache(dict[Any, Any]):
    """A dict that empties itself when it holds ``limit`` entries (see ``Tables.cache``)."""

    __slots__ = ("limit",)

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def put(self, key: Any, value: T) -> T:
        """Store and return ``value``; the whole cache is dropped first when full."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value


def _plain(value: Any) -> Any:
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return {f: _plain(getattr(value, f)) for f in value._fields}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in sorted(value.items())}
    return value


def tables_hash(tables: Tables) -> str:
    """A short stable fingerprint of the tables' contents."""
    cached = tables._hash
    if cached is None:
        blob = json.dumps({k: _plain(v) for k, v in sorted(tables.items())}, sort_keys=True)
        cached = hashlib.sha256(blob.encode()).hexdigest()[:16]
        object.__setattr__(tables, "_hash", cached)
    return cached


def _convert(where: str, kind: Any, value: Any) -> Any:
    """``value`` as type ``kind``, or BadSetup naming ``where``."""
    origin = get_origin(kind)
    if kind is Any:
        return value
    if origin in (Union, types.UnionType):
        errors = []
        for option in get_args(kind):
            if option is type(None):
                if value is None:
                    return None
                continue
            try:
                return _convert(where, option, value)
            except BadSetup as exc:
                errors.append(exc)
        raise errors[0] if errors else refused("engine.pack.unexpected", where=where, got=repr(value))
    if origin is typing.Literal:
        if value in get_args(kind):
            return value
        raise refused("engine.pack.literal", where=where, allowed=str(get_args(kind)), got=repr(value))
    if origin is tuple:
        if not isinstance(value, list):
            raise refused("engine.pack.list", where=where, got=repr(value))
        args = get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_convert(f"{where}[{i}]", args[0], v) for i, v in enumerate(value))
        if len(args) != len(value):
            raise refused("engine.pack.values", where=where, count=len(args), size=len(value))
        return tuple(_convert(f"{where}[{i}]", a, v) for i, (a, v) in enumerate(zip(args, value, strict=True)))
    if kind is bool:
        if isinstance(value, bool):
            return value
        raise refused("engine.pack.bool", where=where, got=repr(value))
    if kind is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise refused("engine.pack.int", where=where, got=repr(value))
    if kind is float:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
        raise refused("engine.pack.float", where=where, got=repr(value))
    if kind is str:
        if isinstance(value, str):
            return value
        raise refused("engine.pack.str", where=where, got=repr(value))
    if isinstance(kind, type) and hasattr(kind, "_fields"):
        if not isinstance(value, dict):
            raise refused("engine.pack.fields", where=where, got=repr(value))
        return _entry(where, kind, value)
    raise refused("engine.pack.type", where=where, kind=repr(kind))


def _entry(where: str, entry_type: Any, data: dict[str, Any]) -> Any:
    hints = get_type_hints(entry_type)
    fields = list(entry_type._fields)
    defaults = getattr(entry_type, "_field_defaults", {})
    unknown = [k for k in data if k not in hints]
    if unknown:
        raise refused("engine.pack.unknown_field", where=where, field=repr(unknown[0]), fields=", ".join(fields))
    missing = [f for f in fields if f not in data and f not in defaults]
    if missing:
        raise refused("engine.pack.missing_field", where=where, field=repr(missing[0]))
    values = {f: _convert(f"{where}.{f}", hints[f], data[f]) for f in fields if f in data}
    return entry_type(**values)


def load_pack(tables: Tables, path: str | Path, game: str | None = None) -> Tables:
    """``tables`` with every table that the TOML file at ``path`` gives replaced.

    The result is checked against the game's ``LIMITS`` (ranges, references,
    cross-field rules); a pack naming another ``game`` is refused."""
    p = Path(path)
    try:
        raw = tomllib.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise refused("engine.pack.file_missing", path=repr(str(p))) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise refused("engine.pack.file_unreadable", path=repr(str(p)), detail=str(exc)) from None
    except tomllib.TOMLDecodeError as exc:
        raise refused("engine.pack.file_toml", path=repr(str(p)), detail=_first_line(exc)) from None
    except RecursionError:
        raise refused("engine.pack.file_deep", path=repr(str(p))) from None
    except ValueError as exc:  # e.g. an integer of more digits than Python converts
        raise refused("engine.pack.file_not_pack", path=repr(str(p)), detail=str(exc).split(":")[0]) from None
    loaded = apply_pack(tables, raw, origin=str(p), game=game)
    check_limits(loaded, origin=str(p))
    return loaded


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0][:200]


def game_of(tables: Tables) -> str | None:
    """The game whose ``meeple.games.<name>`` package defines these tables' entry types."""
    for rows in tables.values():
        if rows:
            parts = type(rows[0]).__module__.split(".")
            if len(parts) > 2 and parts[:2] == ["meeple", "games"]:
                return parts[2]
    return None


def apply_pack(tables: Tables, raw: dict[str, Any], origin: str = "pack", game: str | None = None) -> Tables:
    """``tables`` with the tables in ``raw`` (parsed TOML) replaced; all-or-nothing.

    This checks the pack's structure (tables, fields, types, entry counts and
    its ``game``); ``load_pack`` also checks the ``LIMITS`` (``check_limits``)."""
    named = raw.get("game")
    if named is not None:
        expected = game or game_of(tables)
        if not isinstance(named, str):
            raise refused("engine.pack.game_type", origin=origin, got=repr(named))
        if expected is not None and named != expected:
            raise refused("engine.pack.other_game", origin=origin, named=repr(named), expected=repr(expected))
    raw = {k: v for k, v in raw.items() if k != "game"}
    if not raw:
        raise refused("engine.pack.no_table", origin=origin, tables=", ".join(sorted(tables)))
    new: dict[str, tuple[Any, ...]] = {}
    for name, entries in raw.items():
        if name not in tables:
            raise refused("engine.pack.unknown_table", origin=origin, name=repr(name), tables=", ".join(sorted(tables)))
        old = tables[name]
        if not old:
            raise refused("engine.pack.fixed_table", origin=origin, name=repr(name))
        entry_type = type(old[0])
        if not isinstance(entries, list) or not entries:
            raise refused("engine.pack.empty_table", origin=origin, name=repr(name), entries=name)
        rows = []
        for i, data in enumerate(entries):
            if not isinstance(data, dict):
                raise refused("engine.pack.not_entry", origin=origin, where=f"{name}[{i}]")
            rows.append(_entry(f"{name}[{i}]", entry_type, data))
        if len(rows) != len(old):
            raise refused("engine.pack.entry_count", origin=origin, name=repr(name), box=len(old), given=len(rows))
        new[name] = tuple(rows)
    return tables.replace(**new)


# --- limits: ranges and cross-field rules as data ------------------------------------------


@dataclass(frozen=True)
class FieldLimit:
    """What a field's value may be; a game declares these in ``LIMITS`` as plain data.

    ``LIMITS = {"activities": {"divisor": (1, 36), "effect": {"choices": (...)}, ...}}``:
    a pair is a ``range``, a string a ``ref``, a dict names any of these keys.
    For a tuple field, ``range``, ``ref`` and ``choices`` apply to each value.

    - ``range``: ``(lo, hi)`` inclusive, ``None`` for no bound
    - ``len``: ``(lo, hi)`` values in a tuple (or characters in a text)
    - ``ref``: ``"table"`` (an index into that table) or ``"table.field"`` (one of its values)
    - ``choices``: the values allowed
    - ``allow``: values exempt from ``range``, ``ref`` and ``choices`` (``-1`` for none, ``""``)
    - ``unique``: no two entries of the table share the value
    - ``le``: at most the value of that other field of the same entry
    - ``same_len``: as many values as that other field of the same entry
    - ``ascending``: the values never decrease
    """

    range: tuple[float | None, float | None] | None = None
    len: tuple[int, int | None] | None = None
    ref: str | None = None
    choices: tuple[Any, ...] | None = None
    allow: tuple[Any, ...] = ()
    unique: bool = False
    le: str | None = None
    same_len: str | None = None
    ascending: bool = False

    @classmethod
    def parse(cls, where: str, spec: Any) -> FieldLimit:
        if isinstance(spec, FieldLimit):
            return spec
        if isinstance(spec, tuple) and len(spec) == 2:
            return cls(range=spec)
        if isinstance(spec, str):
            return cls(ref=spec)
        if isinstance(spec, Mapping):
            known = {f.name for f in fields(cls)}
            unknown = [k for k in spec if k not in known]
            if unknown:
                raise ValueError(f"LIMITS {where}: unknown rule {unknown[0]!r} (rules: {', '.join(sorted(known))})")
            values: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in spec.items()}
            return cls(**values)
        raise ValueError(f"LIMITS {where}: a rule is a (lo, hi) pair, a table name or a dict, got {spec!r}")


def limits_of(tables: Tables) -> dict[str, dict[str, FieldLimit]]:
    """The ``LIMITS`` declared beside these tables' entry types (their defining modules)."""
    found: dict[str, dict[str, Any]] = {}
    seen: set[str] = set()
    for rows in tables.values():
        if not rows:
            continue
        module = type(rows[0]).__module__
        if module in seen:
            continue
        seen.add(module)
        declared = getattr(sys.modules.get(module), "LIMITS", None) or {}
        for table, rules in declared.items():
            found.setdefault(table, {}).update(rules)
    return {t: {f: FieldLimit.parse(f"{t}.{f}", r) for f, r in rules.items()} for t, rules in found.items()}


def _label(table: str, i: int, entry: Any) -> str:
    for key in ("name", "code"):
        value = getattr(entry, key, None)
        if isinstance(value, str) and value:
            return f"{table}[{i}] ({value})"
    return f"{table}[{i}]"


def _bounds(lo: float | None, hi: float | None) -> Message:
    """A range's bounds as a phrase (``engine.pack.between`` / ``at_least`` / ``at_most``)."""
    if lo is not None and hi is not None:
        return msg("engine.pack.between", lo=f"{lo:g}", hi=f"{hi:g}")
    return msg("engine.pack.at_least", lo=f"{lo:g}") if lo is not None else msg("engine.pack.at_most", hi=f"{hi:g}")


def _check_value(where: str, value: Any, rule: FieldLimit, tables: Tables) -> None:
    if value in rule.allow:
        return
    if rule.choices is not None and value not in rule.choices:
        raise refused("engine.pack.choice", where=where, allowed=", ".join(map(repr, rule.choices)), got=repr(value))
    if rule.range is not None:
        lo, hi = rule.range
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise refused("engine.pack.range", where=where, bounds=_bounds(lo, hi), got=repr(value))
    if rule.ref is not None:
        table, _, field = rule.ref.partition(".")
        rows = tables[table]
        if field:
            known = [getattr(r, field) for r in rows]
            if value not in known:
                shown = ", ".join(map(repr, known[:12])) + (" ..." if len(known) > 12 else "")
                raise refused("engine.pack.ref_name", where=where, table=table, shown=shown, got=repr(value))
        elif not (isinstance(value, int) and 0 <= value < len(rows)):
            raise refused("engine.pack.ref_index", where=where, table=table, last=len(rows) - 1, got=repr(value))


def _check_field(where: str, entry: Any, field: str, rule: FieldLimit, tables: Tables) -> None:
    value = getattr(entry, field)
    many = isinstance(value, tuple)
    if rule.len is not None:
        lo, hi = rule.len
        size = len(value)
        if size < lo or (hi is not None and size > hi):
            if lo == 1 and hi is None:
                raise refused("engine.pack.not_empty", where=where, size=size)
            raise refused("engine.pack.size", where=where, bounds=_bounds(lo, hi), size=size)
    for j, item in enumerate(value if many else (value,)):
        _check_value(f"{where}[{j}]" if many else where, item, rule, tables)
    if rule.ascending and any(b < a for a, b in zip(value, value[1:], strict=False)):
        raise refused("engine.pack.ascending", where=where, got=str(list(value)))
    if rule.le is not None and value > getattr(entry, rule.le):
        raise refused("engine.pack.le", where=where, field=rule.le, limit=repr(getattr(entry, rule.le)), got=repr(value))
    if rule.same_len is not None and len(value) != len(getattr(entry, rule.same_len)):
        raise refused("engine.pack.same_len", where=where, field=rule.same_len,
                      count=len(getattr(entry, rule.same_len)), size=len(value))


def check_limits(
    tables: Tables, limits: Mapping[str, Mapping[str, Any]] | None = None, origin: str = "components",
) -> None:
    """Raise ``BadSetup`` naming the first value of ``tables`` outside its game's ``LIMITS``."""
    rules = limits_of(tables) if limits is None else {
        t: {f: FieldLimit.parse(f"{t}.{f}", r) for f, r in fs.items()} for t, fs in limits.items()
    }
    for table, by_field in rules.items():
        rows = tables.get(table)
        if rows is None:
            raise ValueError(f"LIMITS names no table {table!r}")
        for field, rule in by_field.items():
            if rows and field not in rows[0]._fields:
                raise ValueError(f"LIMITS {table}.{field}: {table} has no field {field!r}")
            if rule.ref is not None and rule.ref.partition(".")[0] not in tables:
                raise ValueError(f"LIMITS {table}.{field}: ref names no table {rule.ref!r}")
            for i, entry in enumerate(rows):
                _check_field(f"{origin}: {_label(table, i, entry)}.{field}", entry, field, rule, tables)
            if rule.unique:
                values = [getattr(e, field) for e in rows]
                twice = next((v for i, v in enumerate(values) if v in values[:i]), None)
                if twice is not None:
                    raise refused("engine.pack.unique", origin=origin, where=f"{table}.{field}", twice=repr(twice))


def dump_pack(tables: Tables, names: list[str] | None = None) -> str:
    """TOML text for ``tables`` (all, or the named ones): a starting point for a pack."""
    lines: list[str] = []
    for name in names or sorted(tables):
        for entry in tables[name]:
            lines.append(f"[[{name}]]")
            for field, value in _plain(entry).items():
                lines.append(f"{field} = {_toml(value)}")
            lines.append("")
    return "\n".join(lines)


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {value!r} as TOML")
