"""The copy functions of a game's state and records, written as source (issue 31).

``meeple.engine.fields`` derives each class's copy from its declared fields.  Built with ``exec`` at
run time that function stays interpreted even in the compiled build (``make fast``), where it reads
and writes the compiled fields through Python's generic attribute path.  So each game keeps the same
functions as a module of its own, ``meeple/games/<game>/clone.py``, written by
``scripts/gen_clone.py`` from the declarations: mypyc compiles it with the rest of the game, and
its typed arguments make every field a direct read and write.  The module registers itself with
``fields.register``, which uses a function only while the declarations it was written from are the
class's declarations now (else the ``exec`` copy, which is always right, is used);
``tests/engine/test_clonegen.py`` checks every game's module against a fresh one.

This module is not compiled: it runs only in the script and in that test."""

from __future__ import annotations

import sys

from meeple.engine.fields import _record_of, copy_kind, declared, signature

_EXPR = {
    "share": "{v}",
    "copy": "{v}.copy()",
    "deep": "[x.copy() for x in {v}]",
    "deepdict": "{{k: x.copy() for k, x in {v}.items()}}",
    "record": "{c}({v})",
    "records": "[{c}(x) for x in {v}]",
}


def _fn(cls: type) -> str:
    return "clone_" + "".join("_" + ch.lower() if ch.isupper() else ch for ch in cls.__name__).lstrip("_")


def _lines(cls: type, records: list[type]) -> list[str]:
    """One statement per declared field of ``cls``: ``o.<name> = <its copy of s.<name>>``."""
    out = []
    for name, (ann, module) in declared(cls).items():
        kind, optional = copy_kind(ann, module)
        v = f"s.{name}"
        c = ""
        if kind in ("record", "records"):
            rec = _record_of(ann, module)
            assert rec is not None, f"{cls.__name__}.{name}: no record class for {ann}"
            if rec not in records:
                records.append(rec)
            c = _fn(rec)
        expr = _EXPR[kind].format(v=v, c=c)
        if optional and kind != "share":
            expr = f"None if {v} is None else {expr}"
        out.append(f"    o.{name} = {expr}")
    return out


def source(state: type, game: str) -> str:
    """The text of ``meeple/games/<game>/clone.py`` for the state class ``state``."""
    records: list[type] = []
    copy_body = _lines(state, records)
    blocks: list[str] = []
    done: list[type] = []
    while len(done) < len(records):  # records of records, each written once
        rec = records[len(done)]
        done.append(rec)
        body = _lines(rec, records)
        blocks.append("\n".join([f"def {_fn(rec)}(s: {rec.__name__}) -> {rec.__name__}:",
                                 f"    o = {rec.__name__}()", *body, "    return o"]))
    classes = [state, *done]
    imports: dict[str, list[str]] = {}
    for klass in classes:
        imports.setdefault(klass.__module__, []).append(klass.__name__)
    sigs = []
    for klass in classes:
        rows = "".join(f"\n    {row!r}," for row in signature(klass))
        sigs.append(f"{klass.__name__}: ({rows}\n),")
    head = [
        f'"""The copy functions of {game}\'s state and records, written from their field declarations by',
        "``scripts/gen_clone.py`` (``meeple.engine.clonegen``; issue 31).  Generated: do not edit; run",
        '``python scripts/gen_clone.py`` after changing a declared field."""',
        "",
        "from __future__ import annotations",
        "",
        "from meeple.engine.fields import Signature, register",
        *(f"from {module} import {', '.join(sorted(names))}" for module, names in sorted(imports.items())),
        "",
    ]
    body = [*(b + "\n\n" for b in blocks),
            f"def copy_{_fn(state)[len('clone_'):]}(s: {state.__name__}, o: {state.__name__}) -> None:",
            *copy_body, "", ""]
    registry = [
        "# what each function was written from: fields.register uses it only while it matches",
        "SIGNATURES: dict[type, Signature] = {",
        *("    " + line for s in sigs for line in s.split("\n")),
        "}",
        f"register(SIGNATURES, {{{state.__name__}: copy_{_fn(state)[len('clone_'):]}}},",
        f"         {{{', '.join(f'{r.__name__}: {_fn(r)}' for r in done)}}})",
        "",
    ]
    return "\n".join([*head, "", *body, *registry])


def state_class(game: str) -> type:
    """The game's state class: the base of its Position that declares the fields."""
    from meeple import games
    from meeple.engine.core import State

    position = type(games.get(game).new(games.get(game).max_players, 0))
    for klass in position.__mro__:
        if klass.__module__.endswith(".state") and issubclass(klass, State):
            return klass
    raise SystemExit(f"{game}: no state class in {position.__mro__}")


def write(game: str, root: str) -> str:
    """Write ``<root>/meeple/games/<game>/clone.py``; its path."""
    import os

    path = os.path.join(root, "meeple", "games", game, "clone.py")
    text = source(state_class(game), game)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
    return path


if __name__ == "__main__":  # pragma: no cover
    sys.exit("run scripts/gen_clone.py")
