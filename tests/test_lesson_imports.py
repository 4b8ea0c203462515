"""The lesson package's modules import each other in one direction: no cycle, and no import of a
sibling hidden inside a function (how `loader`, `continuity` and `coverage` once reached each other)."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "perlaggen_core" / "lesson"


def siblings(tree: ast.Module, names: set[str]) -> tuple[set[str], list[int]]:
    """The package's modules this module imports at its top, and the lines importing one elsewhere."""
    top: set[str] = set()
    nested: list[int] = []
    at_top = {id(node) for node in tree.body}
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or node.level != 1:
            continue
        found = {node.module} if node.module else {a.name for a in node.names}
        found &= names
        if not found:
            continue
        if id(node) in at_top:
            top |= found
        else:
            nested.append(node.lineno)
    return top, nested


def graph(folder: Path) -> tuple[dict[str, set[str]], dict[str, list[int]]]:
    names = {p.stem for p in folder.glob("*.py")}
    edges, nested = {}, {}
    for path in sorted(folder.glob("*.py")):
        edges[path.stem], lines = siblings(ast.parse(path.read_text(encoding="utf-8")), names)
        if lines:
            nested[path.stem] = lines
    return edges, nested


def cycle(edges: dict[str, set[str]]) -> list[str]:
    """One import cycle among the modules (empty if there is none)."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(name: str) -> list[str]:
        state[name] = 1
        path.append(name)
        for other in sorted(edges.get(name, ())):
            if state.get(other) == 1:
                return path[path.index(other):] + [other]
            if other not in state:
                found = visit(other)
                if found:
                    return found
        state[name] = 2
        path.pop()
        return []

    for name in sorted(edges):
        if name not in state:
            found = visit(name)
            if found:
                return found
    return []


def test_the_lesson_modules_import_each_other_without_a_cycle() -> None:
    edges, nested = graph(PACKAGE)
    assert nested == {}, f"imports of a sibling inside a function: {nested}"
    assert cycle(edges) == []
    assert "moves" in edges["continuity"] and "moves" in edges["coverage"] and "moves" in edges["loader"]


def test_the_checks_see_a_cycle_and_a_hidden_import(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("from .b import x\n", encoding="utf-8")
    (tmp_path / "b.py").write_text("def f():\n    from .a import y\n", encoding="utf-8")
    edges, nested = graph(tmp_path)
    assert nested == {"b": [2]}
    (tmp_path / "b.py").write_text("from . import c\nfrom .a import y\n", encoding="utf-8")
    (tmp_path / "c.py").write_text("", encoding="utf-8")
    edges, nested = graph(tmp_path)
    assert cycle(edges) == ["a", "b", "a"] and edges["b"] == {"a", "c"}
