"""Build the answer key: the teacher's versions of the exercises, executed, as HTML pages.

    python -m archeo_lab.exercises.answer_key --out answer-key/

Each notebook of ``tutorials/exercises/`` (or the ones named) is run from top to
bottom in its own folder, as Run All does, and written as ``<name>.html`` with
its outputs.  The build stops with the notebook's name when a cell raises or
when a question's last check did not answer "right" (a check prints its verdict
and never raises, so the kernel is asked for ``ex.exercise.last`` at the end):
a key that exists is a key whose checks all said "right".  ``index.html`` lists
them with the teacher's pages.  Needs ``nbclient`` and ``nbconvert`` (installed
with JupyterLab).
"""

from __future__ import annotations

import html
from pathlib import Path

from . import RIGHT
from .overview import execute
from .student import EXERCISES, notebooks_from_arguments

__all__ = ["build", "main"]


def build(notebooks: list[Path], out: Path, timeout: int = 300) -> list[Path]:
    """Execute ``notebooks`` and write their HTML into ``out``; return the pages written."""
    try:
        from nbconvert import HTMLExporter
    except ImportError as exc:  # pragma: no cover - the test environment has them
        raise SystemExit(f"the answer key needs nbclient and nbconvert (pip install nbconvert): {exc}") from exc

    out.mkdir(parents=True, exist_ok=True)
    exporter = HTMLExporter()
    pages = []
    for path in notebooks:
        try:
            nb, seen = execute(path, timeout=timeout)
        except Exception as exc:      # nbclient's CellExecutionError, a timeout: the notebook's name, then why
            error = getattr(exc, "ename", "") and f"{exc.ename}: {exc.evalue}"
            raise SystemExit(f"{path.name}: a cell raised {error or type(exc).__name__} (run the notebook to see "
                             "which; the answer key needs every cell to run)") from None
        if seen is None:
            raise SystemExit(f"{path.name}: no exercise named ex.exercise after Run All (the answer key reads its "
                             "checks' verdicts)")
        wrong = [f"{q}: {seen['last'].get(q, 'not checked')}" for q in seen["questions"]
                 if seen["last"].get(q) != RIGHT]
        if wrong:
            raise SystemExit(f"{path.name}: not every check said right after Run All ({'; '.join(wrong)})")
        body, _ = exporter.from_notebook_node(nb)
        page = out / f"{path.stem}.html"
        page.write_text(body, encoding="utf-8")
        pages.append(page)
    teachers = EXERCISES / "teachers"
    items = "".join(f'<li><a href="{html.escape(p.name)}">{html.escape(p.stem)}</a></li>' for p in pages)
    notes = "".join(f'<li><a href="{html.escape(p.resolve().as_uri())}">{html.escape(p.name)}</a> '
                    "(in tutorials/exercises/teachers/)</li>"
                    for p in sorted(teachers.glob("*.md"))) if teachers.is_dir() else ""
    index = out / "index.html"
    index.write_text(
        "<!doctype html><meta charset='utf-8'><title>archeo-lab: answer key</title>"
        "<h1>archeo-lab exercises: answer key</h1>"
        "<p>The teacher's versions, executed. The answers are computed inside the archeo_lab package, which "
        "students have too: use the exercises for practice with feedback, not for graded exams.</p>"
        f"<ul>{items}</ul>" + (f"<p>Teacher's pages:</p><ul>{notes}</ul>" if notes else ""),
        encoding="utf-8")
    return pages + [index]


def main(argv: list[str] | None = None) -> None:
    notebooks, out = notebooks_from_arguments(__doc__.splitlines()[0], "folder for the HTML pages", argv)
    for page in build(notebooks, out):
        print(f"wrote {page}")


if __name__ == "__main__":
    main()
