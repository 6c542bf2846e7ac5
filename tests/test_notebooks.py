"""Every notebook under ``tutorials/`` runs from top to bottom the way Run All does.

nbval (``pytest --nbval-lax``, ``tutorials`` is in ``testpaths``) runs them cell by cell, but it
honours ``# NBVAL_RAISES_EXCEPTION`` and so lets a cell that raises on purpose pass, while a
learner's Run All stops there.  So each notebook is also executed by nbclient with
``allow_errors=False``, exactly as Run All and ``jupyter nbconvert --to notebook --execute`` do:
any cell that raises fails.  That run happens once per notebook: the notebooks whose variables a
test module reads (``tests/notebooks.py::run_and_read``, which executes this same way) are run
there, the others here, and a test checks that no notebook is left out.  The files are found at
collection time, so notebooks added by anyone are covered.
"""

from __future__ import annotations

import json
import re

import pytest

from tests.notebooks import ROOT, execute

TUTORIALS = ROOT / "tutorials"
NOTEBOOKS = sorted(p.relative_to(ROOT).as_posix() for p in TUTORIALS.rglob("*.ipynb")
                   if ".ipynb_checkpoints" not in p.parts)


def test_the_notebooks_are_found():
    assert "tutorials/00_start_here.ipynb" in NOTEBOOKS
    assert any(path.startswith("tutorials/exercises/") for path in NOTEBOOKS)


def _run_by_reading_tests() -> set[str]:
    """Notebooks a test module executes with ``run_and_read`` (nbclient, ``allow_errors=False``)."""
    from tests.test_exercises import EXERCISES, PRIMER

    found = {p.relative_to(ROOT).as_posix() for p in [*EXERCISES, PRIMER]}
    for module in (ROOT / "tests").glob("test_tutorial_*.py"):
        text = module.read_text(encoding="utf-8")
        match = re.search(r'^NOTEBOOK = "([^"]+)"', text, re.M)
        if match and ("values_fixture(NOTEBOOK" in text or "run_and_read(NOTEBOOK" in text):
            found.add(match.group(1))
    return found


READ_ELSEWHERE = _run_by_reading_tests()


def test_every_notebook_is_run_with_nbclient_once():
    assert READ_ELSEWHERE <= set(NOTEBOOKS), sorted(READ_ELSEWHERE - set(NOTEBOOKS))
    assert [p for p in NOTEBOOKS if p not in READ_ELSEWHERE], "at least 00_start_here is run here"


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if p not in READ_ELSEWHERE])
def test_runs_like_run_all(path):
    nb = execute(path)
    errors = [out for cell in nb.cells for out in cell.get("outputs", []) if out.get("output_type") == "error"]
    assert not errors, f"{path}: {errors[0]['ename']}: {errors[0]['evalue']}"


def test_nbval_runs_every_notebook():
    """``make test`` also runs nbval on ``tutorials/`` (pyproject's ``testpaths`` and ``--nbval-lax``)."""
    try:
        import tomllib
    except ImportError:           # Python 3.10
        tomllib = pytest.importorskip("tomli")

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert "tutorials" in config["testpaths"] and "--nbval-lax" in config["addopts"]


@pytest.mark.parametrize("path", NOTEBOOKS)
def test_stored_clean(path):
    """No cell raises on purpose, and the file is stored without outputs (as the course conventions ask)."""
    with open(ROOT / path, encoding="utf-8") as f:
        nb = json.load(f)
    for i, cell in enumerate(nb["cells"]):
        source = "".join(cell.get("source", ""))
        assert "NBVAL_RAISES_EXCEPTION" not in source, (
            f"{path}, cell {i}: show a refused move with try/except al.IllegalAction, not a cell that raises")
        if cell["cell_type"] == "code":
            assert cell.get("outputs") == [], f"{path}, cell {i}: stored with outputs (clear them before committing)"
            assert cell.get("execution_count") is None, f"{path}, cell {i}: stored with an execution count"
    assert "widgets" not in nb.get("metadata", {}), f"{path}: stored with widget state (clear the outputs)"
