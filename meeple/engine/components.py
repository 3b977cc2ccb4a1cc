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
"""

from __future__ import annotations

import hashlib
import json
import tomllib
import types
import typing
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, TypeVar, Union, get_args, get_origin, get_type_hints

from meeple.engine.errors import BadSetup

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
                errors.append(str(exc))
        raise BadSetup(errors[0] if errors else f"{where}: unexpected value {value!r}")
    if origin is typing.Literal:
        if value in get_args(kind):
            return value
        raise BadSetup(f"{where}: must be one of {get_args(kind)}, got {value!r}")
    if origin is tuple:
        if not isinstance(value, list):
            raise BadSetup(f"{where}: expected a list, got {value!r}")
        args = get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_convert(f"{where}[{i}]", args[0], v) for i, v in enumerate(value))
        if len(args) != len(value):
            raise BadSetup(f"{where}: expected {len(args)} values, got {len(value)}")
        return tuple(_convert(f"{where}[{i}]", a, v) for i, (a, v) in enumerate(zip(args, value, strict=True)))
    if kind is bool:
        if isinstance(value, bool):
            return value
        raise BadSetup(f"{where}: expected true or false, got {value!r}")
    if kind is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise BadSetup(f"{where}: expected a whole number, got {value!r}")
    if kind is float:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
        raise BadSetup(f"{where}: expected a number, got {value!r}")
    if kind is str:
        if isinstance(value, str):
            return value
        raise BadSetup(f"{where}: expected text, got {value!r}")
    if isinstance(kind, type) and hasattr(kind, "_fields"):
        if not isinstance(value, dict):
            raise BadSetup(f"{where}: expected a table of fields, got {value!r}")
        return _entry(where, kind, value)
    raise BadSetup(f"{where}: cannot load a field of type {kind!r} from a pack")


def _entry(where: str, entry_type: Any, data: dict[str, Any]) -> Any:
    hints = get_type_hints(entry_type)
    fields = list(entry_type._fields)
    defaults = getattr(entry_type, "_field_defaults", {})
    unknown = [k for k in data if k not in hints]
    if unknown:
        raise BadSetup(f"{where}: unknown field {unknown[0]!r} (fields: {', '.join(fields)})")
    missing = [f for f in fields if f not in data and f not in defaults]
    if missing:
        raise BadSetup(f"{where}: missing field {missing[0]!r}")
    values = {f: _convert(f"{where}.{f}", hints[f], data[f]) for f in fields if f in data}
    return entry_type(**values)


def load_pack(tables: Tables, path: str | Path) -> Tables:
    """``tables`` with every table that the TOML file at ``path`` gives replaced."""
    p = Path(path)
    try:
        raw = tomllib.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BadSetup(f"component pack {str(p)!r} not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise BadSetup(f"component pack {str(p)!r} cannot be read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise BadSetup(f"component pack {str(p)!r} is not valid TOML: {exc}") from None
    return apply_pack(tables, raw, origin=str(p))


def apply_pack(tables: Tables, raw: dict[str, Any], origin: str = "pack") -> Tables:
    """``tables`` with the tables in ``raw`` (parsed TOML) replaced; all-or-nothing."""
    raw = {k: v for k, v in raw.items() if k != "game"}
    if not raw:
        raise BadSetup(f"{origin}: replaces no table (tables: {', '.join(sorted(tables))})")
    new: dict[str, tuple[Any, ...]] = {}
    for name, entries in raw.items():
        if name not in tables:
            raise BadSetup(f"{origin}: unknown table {name!r} (tables: {', '.join(sorted(tables))})")
        old = tables[name]
        if not old:
            raise BadSetup(f"{origin}: table {name!r} cannot be replaced")
        entry_type = type(old[0])
        if not isinstance(entries, list) or not entries:
            raise BadSetup(f"{origin}: table {name!r} must be a non-empty list of [[{name}]] entries")
        rows = []
        for i, data in enumerate(entries):
            if not isinstance(data, dict):
                raise BadSetup(f"{origin}: {name}[{i}] must be a table of fields")
            rows.append(_entry(f"{name}[{i}]", entry_type, data))
        if len(rows) != len(old):
            raise BadSetup(
                f"{origin}: table {name!r} has {len(old)} entries in the box, the pack gives {len(rows)}"
            )
        new[name] = tuple(rows)
    return tables.replace(**new)


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
