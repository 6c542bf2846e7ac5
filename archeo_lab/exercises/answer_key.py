"""Build the answer key: the teacher's versions of the exercises, executed, as HTML pages.

    python -m archeo_lab.exercises.answer_key --out answer-key/

Each notebook of ``tutorials/exercises/`` (or the ones named) is run from top to
bottom in its own folder, as Run All does, and written as ``<name>.html`` with
its outputs.  The build stops with the notebook's name when a cell raises or
when a question's last check did not answer "right" (a check prints its verdict
and never raises, so the kernel is asked for ``ex.exercise.last`` at the end):
a key that exists is a key whose checks all said "right".  ``index.html`` lists
them with the teacher's pages, written beside them as HTML (``teachers/<name>.html``), so that the folder can
be moved or put on the class's platform with every link working.  Needs ``nbclient`` and ``nbconvert``
(installed with JupyterLab).
"""

from __future__ import annotations

import html
import re
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
    items = "".join(f'<li><a href="{html.escape(p.name)}">{html.escape(p.stem)}</a></li>' for p in pages)
    notes = "".join(f'<li><a href="teachers/{html.escape(p.name)}">{html.escape(p.stem)}</a></li>'
                    for p in _teacher_pages(out))
    index = out / "index.html"
    index.write_text(
        "<!doctype html><meta charset='utf-8'><title>archeo-lab: answer key</title>"
        "<h1>archeo-lab exercises: answer key</h1>"
        "<p>The teacher's versions, executed. The answers are computed inside the archeo_lab package, which "
        "students have too: use the exercises for practice with feedback, not for graded exams.</p>"
        f"<ul>{items}</ul>" + (f"<p>Teacher's pages:</p><ul>{notes}</ul>" if notes else ""),
        encoding="utf-8")
    _fix_links(out)
    return pages + [index]


def _fix_links(out: Path) -> None:
    """Every link between the key's pages works where the folder is put: a link to a notebook or a Markdown page
    goes to its HTML in the key when there is one (a teacher's page, another exercise's key), and is kept as its
    text when there is none (a tutorial, a student version, a how-to: not in the key)."""
    root = out.resolve()

    def fixed(page: Path, m: re.Match[str]) -> str:
        target, anchor, text = m.group(1), m.group(2) or "", m.group(3)
        html_page = (page.parent / target).with_suffix(".html").resolve()
        if html_page.is_file() and root in html_page.parents:
            return f'<a href="{Path(target).with_suffix(".html").as_posix()}{anchor}">{text}</a>'
        return text

    link = re.compile(r'<a href="([^":#]+\.(?:ipynb|md))(#[^"]*)?">(.*?)</a>', re.S)
    for page in out.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        page.write_text(link.sub(lambda m, page=page: fixed(page, m), text), encoding="utf-8")


def _teacher_pages(out: Path) -> list[Path]:
    """Every teacher's page of ``tutorials/exercises/teachers/``, written as HTML into ``out/teachers/``."""
    from nbconvert.filters.markdown_mistune import markdown2html_mistune

    source = EXERCISES / "teachers"
    written = []
    for md in sorted(source.glob("*.md")) if source.is_dir() else []:
        page = out / "teachers" / f"{md.stem}.html"
        page.parent.mkdir(parents=True, exist_ok=True)
        title = html.escape(md.stem.replace("_", " "))
        page.write_text(f"<!doctype html><meta charset='utf-8'><title>{title}: teacher's page</title>"
                        + markdown2html_mistune(md.read_text(encoding="utf-8")), encoding="utf-8")
        written.append(page)
    return written


def main(argv: list[str] | None = None) -> None:
    notebooks, out = notebooks_from_arguments(__doc__.splitlines()[0], "folder for the HTML pages", argv)
    for page in build(notebooks, out):
        print(f"wrote {page}")


if __name__ == "__main__":
    main()
