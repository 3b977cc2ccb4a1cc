"""Typed state records (issue 31): a game declares its fields once, and clone and fingerprint are
derived from that declaration.

A game's ``State`` subclass, and any record it holds (a seat's board, a stack of tiles), declares
its fields as class annotations and ends the declaration with ``__slots__ = slots(__annotations__)``
(the annotations are the one list of fields; the slots are read off them)::

    class Seat(Record):
        coins: int               # copied as is (immutable)
        hand: list[int]          # copied with .copy()
        stacks: list[list[int]]  # copied one level deeper
        __slots__ = slots(__annotations__)

    class MessinaState(State):
        seats: list[Seat]        # each record cloned
        board: Board             # a record: cloned
        fx: Shared[Derived]      # shared by every clone (immutable, or a deliberate cache)
        __slots__ = slots(__annotations__)

How a field is copied follows from its declared type alone (``copy_kind``):

- ``int``, ``float``, ``str``, ``bool``, ``tuple[...]``, ``frozenset[...]`` and any other class
  that is not a record: shared (they are immutable by the engine's contract: never changed in
  place).  ``Shared[T]`` says so explicitly for a mutable object that every clone may share on
  purpose (a cache keyed by the position's parts, derived tables);
- ``list[T]``, ``dict[K, V]``, ``set[T]`` of immutable values: ``.copy()``;
- ``list[list[T]]`` (or of dicts or sets): each inner container copied;
- a ``Record`` subclass: ``.clone()``; ``list[R]`` of records: each cloned;
- ``X | None`` of any of these: ``None`` stays ``None``.

The copy function is generated once per class from these rules, so it is exactly as fast as the
hand-written one it replaces, and no list of slots is kept by hand.  ``tests/engine`` mutates every
declared field of a clone, for every game, and checks that the original did not change.
"""

from __future__ import annotations

import ast
import functools
import os
import re
import sys
import types
from collections.abc import Callable, Iterator, Mapping
from typing import Annotated, Any, TypeVar

from mypy_extensions import mypyc_attr

T = TypeVar("T")

SHARED = "shared"
Shared = Annotated[T, SHARED]
"""A field every clone shares on purpose (never copied): ``fx: Shared[Derived]``."""

Copier = Callable[[Any, Any], None]

_IMMUTABLE = frozenset(("int", "float", "str", "bool", "bytes", "None", "complex", "object"))


def slots(annotations: Mapping[str, Any]) -> tuple[str, ...]:
    """The ``__slots__`` of a record: its declared fields, in order (``ClassVar`` ones left out).

    A class compiled by mypyc (``make fast``) has its fields in its C struct and may have no
    ``__slots__``: called from anything but the class body that owns ``annotations`` (a compiled
    class body runs without a Python frame of its own) this gives ``()``."""
    frame: types.FrameType | None = sys._getframe(0)  # this function's own frame, or (compiled itself) its caller's
    for _ in range(2):
        if frame is None or frame.f_locals.get("__annotations__") is annotations:
            break
        frame = frame.f_back
    if frame is None or frame.f_locals.get("__annotations__") is not annotations:
        return ()
    return tuple(name for name, ann in annotations.items() if "ClassVar" not in str(ann))


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (make fast); tests declare records too
class Record:
    """A small typed record (a seat's board, a stack): ``__slots__`` read off its annotations,
    ``clone()`` derived from them like a state's fields."""

    __slots__ = ()

    def clone(self: T) -> T:
        clone: Callable[[T], T] = cloner(type(self))
        return clone(self)

    def __repr__(self) -> str:
        body = ", ".join(f"{name}={getattr(self, name, '?')!r}" for name in declared(type(self)))
        return f"{type(self).__name__}({body})"


def _split_top(text: str) -> list[str]:
    """``a | b[c | d]`` -> ``["a", "b[c | d]"]``: the union's members at bracket depth 0."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        elif ch == "|" and depth == 0:
            out.append(text[start:i].strip())
            start = i + 1
    out.append(text[start:].strip())
    return out


_GENERIC = re.compile(r"^([A-Za-z_][\w.]*)\[(.*)\]$")


def _record_class(name: str, module: str) -> type[Record] | None:
    found = getattr(sys.modules.get(module), name.split(".")[-1], None)
    if isinstance(found, type) and issubclass(found, Record):
        return found
    return None


def copy_kind(annotation: str, module: str) -> tuple[str, bool]:
    """How a field declared as ``annotation`` (in ``module``) is copied: ``share``, ``copy``
    (one level), ``deep`` (a list of containers, two levels), ``deepdict`` (a dict of containers),
    ``record`` or ``records``; and whether it may be None."""
    text = str(annotation).replace("typing.", "").strip()
    if text.startswith(("Shared[", "ClassVar[", "Final[")):
        return "share", False
    parts = _split_top(text)
    optional = "None" in parts
    parts = [p for p in parts if p != "None"]
    if len(parts) != 1:
        return "share", optional  # a union of several kinds: not a declared record shape
    core = parts[0]
    m = _GENERIC.match(core)
    head, inner = (m.group(1), m.group(2)) if m else (core, "")
    if head in ("list", "dict", "set", "bytearray"):
        element = inner.split(",")[-1].strip() if head == "dict" else inner.strip()
        em = _GENERIC.match(element)
        ehead = em.group(1) if em else element
        if ehead in ("list", "dict", "set"):
            return ("deepdict" if head == "dict" else "deep"), optional
        if head == "list" and _record_class(ehead, module) is not None:
            return "records", optional
        return "copy", optional
    if head in _IMMUTABLE or head in ("tuple", "frozenset", "Any", "Callable"):
        return "share", optional
    if _record_class(head, module) is not None:
        return "record", optional
    return "share", optional


def declared(cls: type) -> dict[str, tuple[str, str]]:
    """Every field ``cls`` and its bases below ``State``/``Record`` declare: name -> (annotation,
    module), base classes first."""
    out: dict[str, tuple[str, str]] = {}
    for klass in reversed(cls.__mro__):
        if klass.__module__ == "meeple.engine.core" or klass in (Record, object):
            continue
        for name, ann in _annotations(klass).items():
            if "ClassVar" in str(ann):
                continue
            out[name] = (str(ann), klass.__module__)
    return out


def _annotations(klass: type) -> Mapping[str, Any]:
    """A class's own field declarations: its ``__annotations__``, or for a class compiled by mypyc
    (which keeps none; its dict has ``__mypyc_attrs__``) the same declarations read off its source."""
    found = klass.__dict__.get("__annotations__")
    if found is not None:
        return found  # type: ignore[no-any-return]
    if "__mypyc_attrs__" not in klass.__dict__:
        return {}
    return _source_annotations(klass.__module__, klass.__qualname__)


@functools.cache
def _source_annotations(module: str, qualname: str) -> dict[str, str]:
    """``name -> annotation text`` of the class ``qualname`` in ``module``'s ``.py`` source (next to
    the compiled extension), as ``from __future__ import annotations`` would have kept them."""
    parent, _, name = module.rpartition(".")
    # the package's directory (a compiled module's own __file__ need not name its directory)
    where = list(getattr(sys.modules.get(parent), "__path__", None) or [])
    source = os.path.join(where[0] if where else ".", name + ".py")
    with open(source, encoding="utf-8") as handle:
        body: list[ast.stmt] = ast.parse(handle.read(), source).body
    for part in qualname.split("."):
        body = next((node.body for node in body if isinstance(node, ast.ClassDef) and node.name == part), [])
    return {node.target.id: ast.unparse(node.annotation) for node in body
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)}


_COPIERS: dict[type, Copier] = {}
_CLONERS: dict[type, Callable[[Any], Any]] = {}
_BUILDING: set[type] = set()
_EXPR = {
    "share": "v",
    "copy": "v.copy()",
    "deep": "[x.copy() for x in v]",
    "deepdict": "{k: x.copy() for k, x in v.items()}",
    "record": "{c}(v)",
    "records": "[{c}(x) for x in v]",
}


def _record_of(ann: str, module: str) -> type[Record] | None:
    """The record class a ``record`` / ``records`` field declares (``Seat``, ``list[Seat]``)."""
    text = ann.replace("typing.", "").strip()
    core = next((p for p in _split_top(text) if p != "None"), text)
    m = _GENERIC.match(core)
    name = m.group(2).strip() if m and m.group(1) == "list" else core
    return _record_class(name, module)


def _copy_lines(cls: type, namespace: dict[str, Any]) -> list[str]:
    """The statements copying each declared field of ``cls`` from ``s`` to ``o``; a record field
    calls its class's generated clone directly (bound in ``namespace``), not ``.clone()``."""
    lines: list[str] = []
    for name, (ann, module) in declared(cls).items():
        kind, optional = copy_kind(ann, module)
        if kind == "share":
            lines.append(f"    o.{name} = s.{name}")
            continue
        expr = _EXPR[kind]
        if kind in ("record", "records"):
            rec = _record_of(ann, module)
            fn = f"clone_{len(namespace)}"
            namespace[fn] = cloner(rec) if rec is not None and rec not in _BUILDING else _clone_method
            expr = expr.format(c=fn)
        lines.append(f"    v = s.{name}")
        lines.append(f"    o.{name} = None if v is None else {expr}" if optional else f"    o.{name} = {expr}")
    return lines


def _clone_method(value: Any) -> Any:
    return value.clone()


def _generate(source: str, name: str, label: str, namespace: dict[str, Any]) -> Any:
    exec(compile(source, f"<{label}>", "exec"), namespace)  # noqa: S102
    return namespace[name]


Signature = tuple[tuple[str, str], ...]
_WRITTEN: dict[type, tuple[dict[type, Signature], Any, bool]] = {}


def signature(cls: type) -> Signature:
    """What a copy function of ``cls`` is written from: per declared field its name and how it is
    copied (``copy_kind``, with the record class a ``record``/``records`` field clones)."""
    out = []
    for name, (ann, module) in declared(cls).items():
        kind, optional = copy_kind(ann, module)
        rec = _record_of(ann, module) if kind in ("record", "records") else None
        out.append((name, kind + ("?" if optional else "") + (f" {rec.__qualname__}" if rec else "")))
    return tuple(out)


def register(signatures: dict[type, Signature], copiers: dict[type, Copier],
             cloners: dict[type, Callable[[Any], Any]]) -> None:
    """Offer the copy functions a game's generated ``clone.py`` holds (``meeple.engine.clonegen``,
    compiled by ``make fast``).  ``copier`` and ``cloner`` use one only while every class of that
    module still has the declarations it was written from (``signatures``)."""
    for cls, copy in copiers.items():
        _WRITTEN[cls] = (signatures, copy, True)
    for cls, clone in cloners.items():
        _WRITTEN[cls] = (signatures, clone, False)


def _written(cls: type, state: bool) -> Any:
    """The generated copy (``state``) or clone function for ``cls`` or the base that declares all
    its fields, if its module is up to date with the declarations; else None."""
    for klass in cls.__mro__:
        entry = _WRITTEN.get(klass)
        if entry is None:
            continue
        signatures, fn, is_copy = entry
        if is_copy != state or signature(cls) != signatures.get(klass):
            return None
        if all(signature(k) == sig for k, sig in signatures.items()):
            return fn
        return None
    return None


def copier(cls: type) -> Copier:
    """The function that copies every declared field of ``cls`` from one instance to another
    (the game's generated ``clone.py`` when it is up to date, else generated here once per class,
    from ``copy_kind`` of each field)."""
    found = _COPIERS.get(cls)
    if found is not None:
        return found
    written = _written(cls, True)
    if written is not None:
        _COPIERS[cls] = written
        return written  # type: ignore[no-any-return]
    namespace: dict[str, Any] = {}
    lines = ["def copy(s, o):", *(_copy_lines(cls, namespace) or ["    pass"])]
    found = _COPIERS[cls] = _generate("\n".join(lines), "copy", f"copy {cls.__qualname__}", namespace)
    return found


def cloner(cls: type) -> Callable[[Any], Any]:
    """A record class's clone as one generated function (a new instance, every declared field
    copied by its kind), so that a state's copier clones its records without a method lookup.
    A field declared as record ``R`` holds an ``R`` itself (not a subclass)."""
    found = _CLONERS.get(cls)
    if found is not None:
        return found
    written = _written(cls, False)
    if written is not None:
        _CLONERS[cls] = written
        return written  # type: ignore[no-any-return]
    _BUILDING.add(cls)
    try:
        namespace: dict[str, Any] = {"new": cls.__new__, "cls": cls}
        lines = ["def clone(s):", "    o = new(cls)", *_copy_lines(cls, namespace), "    return o"]
        found = _CLONERS[cls] = _generate("\n".join(lines), "clone", f"clone {cls.__qualname__}", namespace)
    finally:
        _BUILDING.discard(cls)
    return found


def field_values(obj: Any) -> Iterator[tuple[str, Any]]:
    """``(name, value)`` of every declared field that is set on ``obj``."""
    for name in declared(type(obj)):
        try:
            yield name, getattr(obj, name)
        except AttributeError:
            continue


def _plain(value: Any) -> Any:
    if isinstance(value, Record):
        return (type(value).__name__, tuple((k, _plain(v)) for k, v in field_values(value)))
    if isinstance(value, (list, tuple)):
        return tuple(_plain(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((repr(k), _plain(v)) for k, v in value.items()))
    if isinstance(value, (set, frozenset)):
        return tuple(sorted(repr(v) for v in value))
    if isinstance(value, (int, float, str, bool)) or value is None:
        return value
    return ("id", id(value))  # an opaque shared object: the same object or not


def fingerprint(obj: Any) -> tuple[Any, ...]:
    """Every declared field of a state or record as nested tuples: equal exactly when the two
    positions hold equal values (shared opaque objects compare by identity)."""
    return tuple((name, _plain(value)) for name, value in field_values(obj))


__all__ = ["SHARED", "Record", "Shared", "Signature", "copier", "copy_kind", "declared", "field_values",
           "fingerprint", "register", "signature", "slots"]
