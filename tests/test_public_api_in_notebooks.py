"""Tutorials and exercises use the public API only (issue 20 item 6).

Every code cell of every notebook under ``tutorials/`` is parsed (IPython's ``%`` and ``!`` lines
left out) and refused, naming the notebook, the cell and the line, when it:

* reads or sets a private attribute (``state._legal_cache``, ``luxor._X``) or imports a private
  name or module;
* works on an encoding: a bit mask or shift with a number (``c & 15``, ``c >> 4``, ``1 << i``);
* reaches a board's lists through a space's index (``state.kind[state.index_of("A5")]``): a
  game gives accessors by the rule book's names instead (``state.hex_at("A5").kind``).
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "tutorials").rglob("*.ipynb"))
NOTEBOOKS = [p for p in NOTEBOOKS if ".ipynb_checkpoints" not in p.parts]

_MASKS = (ast.BitAnd, ast.RShift, ast.LShift)


def _code(source: str) -> str:
    """The cell's Python: IPython magics and shell lines become blank lines (line numbers kept)."""
    return "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in source.split("\n"))


def _is_number(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def problems(source: str) -> list[tuple[int, str]]:
    """(line, what) for every use of a private name, a bit mask or a space index in ``source``."""
    tree = ast.parse(_code(source))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            found.append((node.lineno, f"private attribute .{node.attr}"))
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if any(_private(part) for part in module.split(".")):
                found.append((node.lineno, f"private module {module}"))
            found += [(node.lineno, f"private name {alias.name} from {module}")
                      for alias in node.names if _private(alias.name)]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, f"private module {alias.name}") for alias in node.names
                      if any(_private(part) for part in alias.name.split("."))]
        elif isinstance(node, ast.BinOp) and isinstance(node.op, _MASKS) and (
                _is_number(node.left) or _is_number(node.right)):
            symbol = {ast.BitAnd: "&", ast.RShift: ">>", ast.LShift: "<<"}[type(node.op)]
            found.append((node.lineno, f"bit mask or shift '{symbol}' on a number"))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr == "index_of"):
            found.append((node.lineno, "a space's index (index_of): use the game's accessors by name"))
    return sorted(set(found))


def test_the_scan_finds_what_it_refuses():
    """The scanner itself, on the issue's own examples and on public code."""
    assert [w for _, w in problems("luxor.KINDS[c & 15]")] == ["bit mask or shift '&' on a number"]
    assert [w for _, w in problems("x = c >> 4")] == ["bit mask or shift '>>' on a number"]
    assert problems("state._legal_cache = None") == [(1, "private attribute ._legal_cache")]
    assert problems('k = state.kind[state.index_of("A5")]')[0][1].startswith("a space's index")
    assert problems("from archeo_lab.games.tikal.state import _START")
    assert problems("%matplotlib inline\nimport archeo_lab as al\nal.get_game('tikal').__class__\n{1} | {2}") == []


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_notebook_uses_public_api_only(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    report = []
    for number, cell in enumerate(cells, start=1):
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        lines = source.split("\n")
        for line, what in problems(source):
            report.append(f"cell {number}, line {line}: {what}: {lines[line - 1].strip()}")
    assert not report, f"{path.relative_to(ROOT)} uses more than the public API:\n" + "\n".join(report)


def test_every_notebook_is_scanned():
    assert len(NOTEBOOKS) >= 8, [p.name for p in NOTEBOOKS]
