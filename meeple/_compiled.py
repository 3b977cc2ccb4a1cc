"""The compiled build (issue 31): which modules mypyc compiles, and which build runs.

``make fast`` (``MEEPLE_COMPILE=1``, ``setup.py``) compiles the modules listed in ``COMPILED`` to C
extensions placed next to their sources, and Python then imports the extension first.  ``select``,
called first thing by ``meeple/__init__.py``, keeps the pure-Python sources instead when

- ``MEEPLE_PURE=1`` is set (to compare the two builds, or to rule the compiled one out), or
- a compiled source is newer than its extension (edited since ``make fast``; the extensions of one
  build call each other directly, so one stale module would mix old and new code): a warning says
  to run ``make fast`` again (or ``make clean-fast``).

This module imports nothing from meeple: ``setup.py`` reads it before meeple is installed.
"""

from __future__ import annotations

import glob
import os
import sys
import warnings
from importlib.machinery import (
    BYTECODE_SUFFIXES,
    EXTENSION_SUFFIXES,
    SOURCE_SUFFIXES,
    FileFinder,
    SourceFileLoader,
    SourcelessFileLoader,
)

ROOT = os.path.dirname(os.path.abspath(__file__))
"""The ``meeple`` package directory."""

COMPILED = (
    "engine/core.py",
    "engine/rng.py",
    "engine/fields.py",
    "engine/messages.py",
    "engine/encoding.py",
    "games/*/[!_]*.py",
    "bots/random_bot.py",
    "bots/rollout.py",
    "bots/ismcts.py",
    "bots/heuristic.py",
)
"""Globs (relative to the package) of the modules mypyc compiles."""

EXCLUDED: tuple[str, ...] = tuple(f"games/{game}/components.py"
                                   for game in ("luna_maris", "messina", "mundus_novus", "troyes"))
"""Modules the globs match that stay interpreted (relative to the package): the printed components
(data, read once; a component pack loads their dataclasses by their annotations, which a compiled
dataclass does not keep as written).  The observation encoders (``encode.py``) are compiled with
``engine/encoding.py``, their base (issue 31): their annotations are true of the values (a
compiled module checks them) and their caches are declared fields."""


def compiled_paths(root: str = ROOT) -> list[str]:
    """The source files of the compiled modules, relative to the project directory, sorted."""
    found: set[str] = set()
    for pattern in COMPILED:
        for path in glob.glob(os.path.join(root, pattern)):
            rel = os.path.relpath(path, root).replace(os.sep, "/")
            if rel not in EXCLUDED:
                found.add(os.path.join(os.path.basename(root), rel))
    return sorted(found)


def extensions(root: str = ROOT) -> list[tuple[str, str]]:
    """``(source, extension)`` of every compiled module whose extension is built."""
    out = []
    base = os.path.dirname(root)
    for rel in compiled_paths(root):
        source = os.path.join(base, rel)
        stem = source[: -len(".py")]
        for suffix in EXTENSION_SUFFIXES:
            if os.path.exists(stem + suffix):
                out.append((source, stem + suffix))
                break
    return out


def stale(root: str = ROOT) -> list[str]:
    """The compiled modules edited since their extension was built (relative paths)."""
    return [os.path.relpath(src, root) for src, ext in extensions(root)
            if os.path.getmtime(src) > os.path.getmtime(ext)]


def _sources_only(path: str) -> FileFinder:
    """A path hook for meeple's own directories that sees ``.py`` files and not extensions."""
    if not os.path.abspath(path).startswith(ROOT):
        raise ImportError("not a meeple directory")
    return FileFinder(path, (SourceFileLoader, SOURCE_SUFFIXES), (SourcelessFileLoader, BYTECODE_SUFFIXES))


PURE = True
"""Whether this process runs the pure-Python modules (set by ``select``)."""


def select() -> bool:
    """Choose the build before any compiled module is imported; True: the compiled one."""
    global PURE
    built = extensions()
    if not built:
        PURE = True
        return False
    if os.environ.get("MEEPLE_PURE", "") not in ("", "0"):
        PURE = True
    else:
        old = stale()
        PURE = bool(old)
        if old:
            warnings.warn(f"meeple: {old[0]} (and {len(old) - 1} more) changed since `make fast`; "
                          "running the pure-Python modules (run `make fast` again, or `make clean-fast`)",
                          RuntimeWarning, stacklevel=2)
    if PURE and _sources_only not in sys.path_hooks:
        sys.path_hooks.insert(0, _sources_only)
        for key in [k for k in sys.path_importer_cache if os.path.abspath(k).startswith(ROOT)]:
            del sys.path_importer_cache[key]
    return not PURE


def active() -> bool:
    """Whether the compiled engine is running in this process."""
    core = sys.modules.get("meeple.engine.core")
    return core is not None and not (getattr(core, "__file__", "") or "").endswith(".py")
