"""Optional compiled build (issue 31): with ``MEEPLE_COMPILE=1`` the engine core, the four games'
rules and the bots' inner loops are compiled to C extensions by mypyc, from the same source.

Without the variable (the default: ``make venv``, ``pip install .``) nothing is compiled and
meeple is pure Python, so no C compiler is needed.  ``make fast`` (``scripts/build_fast.sh``)
builds the extensions in place; ``MEEPLE_PURE=1`` runs the pure-Python modules even when the
extensions are there (``meeple/_compiled.py``).  The module list is ``meeple/_compiled.py``'s
``COMPILED``, so the build and the loader agree on it.
"""

from __future__ import annotations

import os

from setuptools import setup

ext_modules = []
if os.environ.get("MEEPLE_COMPILE") == "1":
    import importlib.util

    from mypyc.build import mypycify

    here = os.path.dirname(os.path.abspath(__file__))
    spec = importlib.util.spec_from_file_location("_meeple_compiled", os.path.join(here, "meeple", "_compiled.py"))
    assert spec is not None and spec.loader is not None
    listing = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(listing)  # the module list, without importing meeple

    ext_modules = mypycify(
        listing.compiled_paths(),
        opt_level=os.environ.get("MEEPLE_OPT_LEVEL", "2"),
        multi_file=True,
        # the modules' shared library inside the package (meeple/_native__mypyc...so), where an
        # editable install finds it; at the top level only the project directory would
        group_name="meeple._native",
    )
    for ext in ext_modules:  # the group's headers go to build/meeple/ (a dotted group name)
        ext.include_dirs.append(os.path.join("build", "meeple"))
        # engine/rng.py's compiled draws rely on i64 products wrapping around (CPython's own flags
        # have it too; said here for a Python built without them)
        if os.name != "nt":
            ext.extra_compile_args.append("-fwrapv")



def _parallel_compile(jobs: int) -> None:
    """Compile one extension's C files ``jobs`` at a time (distutils compiles them one by one,
    and mypyc puts every module of the build in one extension)."""
    from concurrent.futures import ThreadPoolExecutor

    from setuptools._distutils import ccompiler

    serial = ccompiler.CCompiler.compile

    def compile(self, sources, *args, **kwargs):  # type: ignore[no-untyped-def]
        if len(sources) < 2:
            return serial(self, sources, *args, **kwargs)
        with ThreadPoolExecutor(jobs) as pool:
            parts = list(pool.map(lambda src: serial(self, [src], *args, **kwargs), sources))
        return [obj for part in parts for obj in part]

    ccompiler.CCompiler.compile = compile  # type: ignore[method-assign]


if ext_modules:
    _parallel_compile(int(os.environ.get("MEEPLE_JOBS") or os.cpu_count() or 1))

setup(ext_modules=ext_modules)
