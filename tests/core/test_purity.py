"""core/ is the pure rules engine: it must never import textual, rich or the tui package."""

import ast
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "core"
FORBIDDEN = ("textual", "rich", "tui")


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_core_never_imports_the_terminal_layers():
    offenders = {
        str(path.relative_to(CORE.parent)): sorted(imported_roots(path) & set(FORBIDDEN))
        for path in CORE.rglob("*.py")
    }
    offenders = {k: v for k, v in offenders.items() if v}
    assert offenders == {}


def test_core_never_uses_the_global_random_module():
    users = [str(p.relative_to(CORE.parent)) for p in CORE.rglob("*.py") if "random" in imported_roots(p)]
    assert users == []


def test_the_purity_check_sees_an_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("from textual.app import App\nimport rich.text\n")
    assert imported_roots(bad) >= {"textual", "rich"}
