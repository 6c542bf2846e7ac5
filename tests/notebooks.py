"""Run a notebook the way a learner's Run All does, and read its variables afterwards.

Tutorials keep their learner-facing cells free of checks that only serve the test
suite; a test in ``tests/`` runs the notebook here and asserts on what it computed::

    from tests.notebooks import run_and_read

    def test_cibola_tutorial_numbers():
        seen = run_and_read("tutorials/01_cibola.ipynb", {"order": "example.pick_order"})
        assert seen["order"] == [0, 1, 2, 3]

``run_and_read`` executes every cell with ``allow_errors=False`` (a cell that raises
fails the test, as it would stop Run All), in the notebook's own folder, then
evaluates each expression in the kernel and returns the values (JSON round trip:
tuples come back as lists; anything JSON cannot hold comes back as its ``repr``).
Executions are cached per notebook for the session, so several tests may read
the same notebook for the price of one run.

Every execution also checks that each picture the notebook shows (a position, a board, a
chart) carries alternative text, in its outputs and in its HTML export (``undescribed``).
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import nbformat
from nbclient import NotebookClient

__all__ = ["ROOT", "execute", "executed", "run_and_read", "undescribed", "values_fixture"]

ROOT = Path(__file__).resolve().parent.parent
_MARK = "__archeo_lab_test_values__"
_CACHE: dict[tuple[str, tuple[tuple[str, str], ...]], dict] = {}
_RUNS: dict[str, nbformat.NotebookNode] = {}


def execute(path: str | Path, *, extra: str | None = None, timeout: int = 180) -> nbformat.NotebookNode:
    """Execute the notebook at ``path`` (relative to the repository) like Run All; return it with outputs.

    ``extra`` is code run after the last cell (not saved anywhere).  A cell that raises
    fails with nbclient's ``CellExecutionError`` naming the cell.
    """
    path = (ROOT / path).resolve()
    nb = nbformat.read(path, as_version=4)
    if extra is not None:
        nb.cells.append(nbformat.v4.new_code_cell(extra))
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3", allow_errors=False,
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    missing = undescribed(nb)
    assert not missing, f"{path.relative_to(ROOT)}: pictures without alternative text: {missing}"
    return nb


#: What nbconvert writes as the alternative text of an image that has none of its own.
NBCONVERT_PLACEHOLDER = "No description has been provided for this image"
_ALT = re.compile(r'<img\b[^>]*\balt="([^"]+)"')


def undescribed(nb: nbformat.NotebookNode) -> list[str]:
    """The pictures of an executed notebook that a screen reader could not describe.

    Each output holding an image (``image/svg+xml``, ``image/png``) must also hold ``text/html``
    with an ``<img>`` whose ``alt`` is not empty (``State``, boards and ``al.show_chart`` give
    one); and the notebook's HTML export (nbconvert's, without widget state, as JupyterLab
    saves a notebook) must have no image left with nbconvert's placeholder or no alt at all.
    Returns one line per problem ("cell 12: image/png without described HTML").
    """
    from bs4 import BeautifulSoup
    from nbconvert import HTMLExporter

    problems = []
    for i, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            images = sorted(mime for mime in data if mime.startswith("image/"))
            alt = _ALT.search(data.get("text/html", ""))
            if images and not (alt and alt.group(1).strip()):
                problems.append(f"cell {i}: {', '.join(images)} without described HTML")
    bare = copy.deepcopy(nb)
    bare.metadata.pop("widgets", None)
    html, _ = HTMLExporter().from_notebook_node(bare)
    for img in BeautifulSoup(html, "html.parser").find_all("img"):
        alt = str(img.get("alt", "")).strip()
        if not alt or alt == NBCONVERT_PLACEHOLDER:
            problems.append(f"HTML export: an image without alt ({str(img.get('src', ''))[:40]}...)")
    return problems


def run_and_read(path: str | Path, expressions: dict[str, str], *, timeout: int = 180) -> dict:
    """Execute the notebook, then evaluate ``expressions`` (name -> Python expression) in its kernel."""
    key = (str(path), tuple(sorted(expressions.items())))
    if key not in _CACHE:
        code = (
            "import json as __json\n"
            f"print({_MARK!r} + __json.dumps({{k: eval(v) for k, v in {dict(expressions)!r}.items()}},"
            " default=repr))\n"
        )
        nb = execute(path, extra=code, timeout=timeout)
        _RUNS[str(path)] = nb
        text = "".join(out.get("text", "") for out in nb.cells[-1].outputs if out.get("output_type") == "stream")
        payload = text[text.index(_MARK) + len(_MARK):]
        _CACHE[key] = json.loads(payload)
    return _CACHE[key]


def executed(path: str | Path, *, timeout: int = 180) -> nbformat.NotebookNode:
    """The notebook as ``run_and_read`` last executed it in this session (outputs included, the extra
    cell that read the values removed), or a fresh execution."""
    if str(path) not in _RUNS:
        _RUNS[str(path)] = execute(path, extra="", timeout=timeout)
    nb = nbformat.from_dict(json.loads(json.dumps(_RUNS[str(path)])))
    nb.cells = nb.cells[:-1]
    return nb


def values_fixture(path: str | Path, expressions: dict[str, str]):
    """A module-scoped pytest fixture returning ``run_and_read(path, expressions)``: the notebook runs
    once for all the tests of a module (``seen = values_fixture(NOTEBOOK, EXPRESSIONS)``)."""
    import pytest

    @pytest.fixture(scope="module")
    def seen() -> dict:
        return run_and_read(path, expressions)

    return seen
