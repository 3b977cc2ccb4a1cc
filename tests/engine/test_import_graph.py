"""Imports go one way: no module of ``meeple/`` reaches itself through imports.

Issue 12 (one shape for the four game packages): inside a package the order is
components -> derived -> state -> topic modules -> actions / rules / scoring /
evaluate / view / explain -> ``__init__``, and the engine has no circle either.
Imports inside functions count (a lazy import only hides a circle); imports under
``if TYPE_CHECKING:`` do not run and do not count.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST, here: str, is_package: bool, known: set[str]) -> set[str]:
    """The modules of ``known`` that the module ``here`` imports."""
    found: set[str] = set()
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known:
                    found.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = here if is_package else here.rpartition(".")[0]
                for _ in range(node.level - 1):
                    package = package.rpartition(".")[0]
                base = f"{package}.{base}" if base else package
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                if sub in known:
                    found.add(sub)
                elif base in known:
                    found.add(base)
        stack.extend(ast.iter_child_nodes(node))
    found.discard(here)
    return found


def import_graph(package_dir: Path) -> dict[str, set[str]]:
    """Module -> the modules of the same tree it imports."""
    files = sorted(package_dir.rglob("*.py"))
    names = {_module_name(f): f for f in files}
    known = set(names)
    return {
        name: _imports(ast.parse(path.read_text()), name, path.name == "__init__.py", known)
        for name, path in names.items()
    }


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle as a list of modules (first == last), or None."""
    colour: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        colour[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if colour.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in colour:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        colour[node] = 2
        return None

    for start in sorted(graph):
        if start not in colour:
            found = visit(start)
            if found:
                return found
    return None


def test_meeple_has_no_import_circle() -> None:
    """Issue 12: no module of meeple/ imports itself back through other modules."""
    cycle = find_cycle(import_graph(ROOT / "meeple"))
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


def test_import_circle_check_finds_a_deliberate_circle() -> None:
    """The check is not vacuous: the deliberately circular test package is caught,
    including its import made inside a function."""
    cycle = find_cycle(import_graph(ROOT / "tests" / "engine" / "circular_pkg"))
    assert cycle is not None
    assert set(cycle) == {"tests.engine.circular_pkg.alpha", "tests.engine.circular_pkg.beta"}


def test_no_module_over_600_lines() -> None:
    """Issue 12 and the project's style: no module of meeple/ is over 600 lines."""
    long = {
        str(p.relative_to(ROOT)): n
        for p in (ROOT / "meeple").rglob("*.py")
        if (n := len(p.read_text().splitlines())) > 600
    }
    assert not long, f"modules over 600 lines: {long}"
