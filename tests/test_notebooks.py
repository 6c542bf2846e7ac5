"""Every notebook under ``tutorials/`` runs from top to bottom the way Run All does.

nbval (``pytest --nbval-lax``) also runs them, but it honours ``# NBVAL_RAISES_EXCEPTION``
and so lets a cell that raises on purpose pass, while a learner's Run All stops there.
Here each notebook is executed by nbclient with ``allow_errors=False``, exactly as Run All
and ``jupyter nbconvert --to notebook --execute`` do: any cell that raises fails the test.
The files are found at collection time, so notebooks added by anyone are covered.
"""

from __future__ import annotations

import json

import pytest

from tests.notebooks import ROOT, execute

TUTORIALS = ROOT / "tutorials"
NOTEBOOKS = sorted(p.relative_to(ROOT).as_posix() for p in TUTORIALS.rglob("*.ipynb")
                   if ".ipynb_checkpoints" not in p.parts)


def test_the_notebooks_are_found():
    assert "tutorials/00_start_here.ipynb" in NOTEBOOKS
    assert any(path.startswith("tutorials/exercises/") for path in NOTEBOOKS)


@pytest.mark.parametrize("path", NOTEBOOKS)
def test_runs_like_run_all(path):
    nb = execute(path)
    errors = [out for cell in nb.cells for out in cell.get("outputs", []) if out.get("output_type") == "error"]
    assert not errors, f"{path}: {errors[0]['ename']}: {errors[0]['evalue']}"


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
