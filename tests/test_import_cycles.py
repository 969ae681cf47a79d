"""No module of core/ or tui/ imports itself back, directly or through others.

Circular imports make the order modules load in matter and hide which layer
depends on which (a screen that imports the screen that opened it). The graph is
read from the source with `ast`, imports inside functions included, since a
local import is still a dependency: `import a.b` is an edge to a.b, and
`from a import b` an edge to a and, when a.b is a module, to a.b as well.
Modules loaded by name at run time (the registries' `importlib`) are not edges.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("core", "tui")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for package in PACKAGES for p in sorted((ROOT / package).rglob("*.py"))}


def resolve_from(node: ast.ImportFrom, importer: str, is_package: bool) -> str:
    """The absolute module a `from ... import` names, relative imports included."""
    if not node.level:
        return node.module or ""
    base = importer.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """Every project module `name` imports, anywhere in its body."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            target = resolve_from(node, name, path.name == "__init__.py")
            out.add(target)
            out.update(f"{target}.{alias.name}" for alias in node.names if f"{target}.{alias.name}" in known)
    return {m for m in out if m in known and m != name}


def graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    return {name: imports_of(name, path, known) for name, path in found.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of two or more modules (Tarjan), sorted by name."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return groups


def closed_path(group: list[str], edges: dict[str, set[str]]) -> list[str]:
    """A shortest way from the group's first module back to itself, to name in the failure."""
    start, members = group[0], set(group)
    paths = {start: [start]}
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w in sorted(edges[v] & members):
            if w == start:
                return paths[v] + [start]
            if w not in paths:
                paths[w] = paths[v] + [w]
                queue.append(w)
    return group


def test_a_cycle_is_found_and_named() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(edges) == [["a", "b", "c"]]
    assert closed_path(["a", "b", "c"], edges) == ["a", "b", "c", "a"]


def test_the_graph_sees_local_and_from_imports() -> None:
    edges = graph()
    assert "tui.screens.end" in edges["tui.screens.battle"]  # imported inside a method
    assert "core.registry" in edges["tui.screens.new_battle"]  # from core import registry


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_cycles(package: str) -> None:
    edges = graph()
    found = [g for g in cycles(edges) if any(m == package or m.startswith(package + ".") for m in g)]
    assert not found, "import cycles:\n" + "\n".join(
        " -> ".join(closed_path(g, edges)) + f"\n    (all caught in it: {', '.join(g)})" for g in found)
