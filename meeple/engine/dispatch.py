"""Opcodes and their handlers (issue 31): one explicit table from opcode to the function that
applies it, instead of range tests that a renumbered opcode silently breaks.

A game names its opcodes as ``Final`` module constants ``OP_<NAME>`` in ``state.py`` and builds its
table once in ``rules.py``::

    OPCODES = opcodes(vars(state))                  # {1: "OP_MOVE", 2: "OP_RECALL", ...}
    HANDLERS = table(OPCODES, (
        (OP_MOVE, turns.apply_place),
        (OP_RECALL, turns.apply_place),
        ...
    ))

    def apply(s, action):
        HANDLERS[action.data[0]](s, action.data, events)

``table`` refuses an opcode without a handler, an opcode given two handlers and a handler for a
number that is no opcode, when the module is imported; ``tests/engine/test_dispatch.py`` holds every
game to it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

Handler = Callable[..., Any]


def opcodes(namespace: Mapping[str, Any], prefix: str = "OP_") -> dict[int, str]:
    """Opcode -> name of every integer constant named ``<prefix>...`` in ``namespace``; two names
    for one number raise (they would share a handler by accident)."""
    out: dict[int, str] = {}
    for name, value in namespace.items():
        if not name.startswith(prefix) or not isinstance(value, int) or isinstance(value, bool):
            continue
        if value in out:
            raise ValueError(f"opcodes {out[value]} and {name} are both {value}")
        out[value] = name
    return dict(sorted(out.items()))


def _missing(*_: Any) -> None:
    raise ValueError("no such opcode")


def table(names: Mapping[int, str], handlers: Iterable[tuple[int, Handler]]) -> tuple[Handler, ...]:
    """A tuple indexed by opcode: the handler of each opcode in ``names``.  Every opcode has exactly
    one handler, and every handler an opcode, or this raises ``ValueError`` naming it."""
    given: dict[int, Handler] = {}
    for op, handler in handlers:
        if op not in names:
            raise ValueError(f"a handler ({getattr(handler, '__name__', handler)}) for {op}, which is no opcode")
        if op in given:
            raise ValueError(f"{names[op]} has two handlers")
        given[op] = handler
    missing = [names[op] for op in names if op not in given]
    if missing:
        raise ValueError(f"no handler for {', '.join(missing)}")
    size = max(names, default=-1) + 1
    return tuple(given.get(op, _missing) for op in range(size))


__all__ = ["Handler", "opcodes", "table"]
