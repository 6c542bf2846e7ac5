"""The package's import graph: no cycle, nothing upward, no game importing another (DESIGN.md, Layout).

Every module of ``archeo_lab`` is read with ``ast`` (nothing is imported), and every ``import`` in
it counts: at the top, inside functions and methods (a lazy import is still a dependency), and under
``if TYPE_CHECKING:`` (a type-only import still ties the two modules together; the walker marks them).

Layers, from the floor up (a module may import its own layer or lower ones):

    engine  <  games  <  bots, theory  <  ui, exercises, course  <  archeo_lab (the facade)

and a game's folder imports no other game's folder.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = "archeo_lab"
ROOT = Path(__file__).resolve().parent.parent / PACKAGE

LAYERS = {
    "engine": 0, "browser": 0,      # browser.py: where the code runs (Pyodide or not), stdlib only
    "charts": 0,                    # charts.py: show_chart, on engine.svg (matplotlib comes with the figure)
    "printing": 0,                  # printing.py: how a Fraction shows in a notebook, stdlib only
    "games": 1,
    "bots": 2, "theory": 2,
    "ui": 3, "exercises": 3, "course": 3,
}
FACADE = 4          # archeo_lab/__init__.py: the public face, may import anything


@dataclass(frozen=True)
class Edge:
    source: str         # importing module
    target: str         # imported module
    line: int
    type_only: bool     # under ``if TYPE_CHECKING:``

    def where(self) -> str:
        path = MODULES[self.source].relative_to(ROOT.parent).as_posix()
        return f"{path}:{self.line} imports {self.target}"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


MODULES = _modules()


def _resolve(module: str, is_package: bool, level: int, name: str | None) -> str:
    """The absolute name of ``from <level dots><name> import ...`` written in ``module``."""
    if level == 0:
        return name or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([name] if name else []))


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _edges(module: str, path: Path) -> list[Edge]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    found: list[Edge] = []

    def visit(node: ast.AST, type_only: bool) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.body:
                visit(child, True)
            for child in node.orelse:
                visit(child, type_only)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == PACKAGE or alias.name.startswith(PACKAGE + "."):
                    found.append(Edge(module, alias.name, node.lineno, type_only))
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(module, is_package, node.level, node.module)
            if base == PACKAGE or base.startswith(PACKAGE + "."):
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    # ``from pkg import submodule`` depends on the submodule, else on ``pkg`` itself
                    found.append(Edge(module, sub if sub in MODULES else base, node.lineno, type_only))
        for child in ast.iter_child_nodes(node):
            visit(child, type_only)

    visit(tree, False)
    return found


EDGES = sorted({edge for module, path in MODULES.items() for edge in _edges(module, path)},
               key=lambda e: (e.source, e.line, e.target))


def _layer(module: str) -> int:
    parts = module.split(".")
    if len(parts) == 1:
        return FACADE
    return LAYERS[parts[1]]


def _game(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "games" else None


def test_every_module_has_a_layer():
    unknown = sorted({m.split(".")[1] for m in MODULES if "." in m} - set(LAYERS))
    assert not unknown, f"give these parts of the package a layer in LAYERS: {unknown}"


def test_the_walk_sees_lazy_and_relative_imports():
    """The walker reads function-level and relative imports (checked on modules that have them)."""
    lazy = [e for e in EDGES if e.source == "archeo_lab" and e.target == "archeo_lab.ui"]
    assert lazy, "archeo_lab.play's function-level 'from .ui import play' was not seen"
    relative = [e for e in EDGES if e.source == "archeo_lab.games.tikal.state"
                and e.target == "archeo_lab.games.tikal.components"]
    assert relative, "tikal/state.py's 'from .components import ...' was not seen"


def test_nothing_imports_upward():
    upward = [e.where() + f" (layer {_layer(e.source)} imports layer {_layer(e.target)})"
              for e in EDGES if _layer(e.target) > _layer(e.source)]
    assert not upward, "imports above their floor:\n" + "\n".join(upward)


def test_no_game_imports_another():
    crossing = [e.where() for e in EDGES
                if _game(e.source) and _game(e.target) and _game(e.source) != _game(e.target)]
    assert not crossing, "a game's folder imports another game's:\n" + "\n".join(crossing)


def _cycles(edges: list[Edge]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), or a module importing itself."""
    graph: dict[str, set[str]] = {m: set() for m in MODULES}
    for e in edges:
        if e.target in graph and e.target != e.source:
            graph[e.source].add(e.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def connect(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return found


def _ancestors(module: str) -> set[str]:
    parts = module.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts))}


def test_no_import_cycles():
    # A package's __init__ importing its own modules, and those modules importing siblings, is the
    # ordinary shape of a package; an edge from a module back *up* to its own package's __init__
    # (``from archeo_lab.engine import X`` inside engine/) would make a cycle and is counted.
    runtime = EDGES
    cycles = _cycles(runtime)
    report = []
    for component in cycles:
        members = set(component)
        lines = [e.where() for e in runtime if e.source in members and e.target in members]
        report.append(" <-> ".join(component) + "\n    " + "\n    ".join(lines))
    assert not cycles, "import cycles:\n" + "\n".join(report)


def test_cycle_finder_finds_a_cycle():
    """The finder itself: a made-up two-module loop is reported, a chain is not."""
    a, b, c = "archeo_lab.engine.game", "archeo_lab.engine.rng", "archeo_lab.engine.errors"
    assert _cycles([Edge(a, b, 1, False), Edge(b, a, 2, False)]) == [sorted([a, b])]
    assert _cycles([Edge(a, b, 1, False), Edge(b, c, 2, False)]) == []


@pytest.mark.parametrize("module", ["archeo_lab.engine.match"])
def test_engine_knows_no_bot(module):
    """``Match`` receives bot objects: the engine never imports ``archeo_lab.bots`` (issue 20 item 4)."""
    assert not [e.where() for e in EDGES if e.source == module and e.target.startswith("archeo_lab.bots")]
