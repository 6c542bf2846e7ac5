"""Where the class stands: run the students' exercise notebooks and read every check's last verdict.

    python -m archeo_lab.exercises.overview collected/ --csv overview.csv

Give notebooks or folders of notebooks (a folder: every ``*.ipynb`` in it).
Each notebook runs from top to bottom in its own folder, as Run All does, a
cell that raises included (the next cells still run); then the kernel is asked
for the exercise's verdicts (``ex.exercise.last``: each question's last check
said right, close, wrong or not done yet).  The command prints, per exercise,
one row per notebook and how many said what for each question, so that a
teacher sees which questions to take up again; ``--csv`` writes one line per
notebook and question.

This is for formative assessment: the checks are computed inside the package
that students have, so a verdict says what the student's notebook computes,
not that the student did the work.  Running a notebook runs its code under
your account, as opening it and choosing Run All would: for notebooks you do
not trust, run the command in a container or a throwaway account.
Needs ``nbclient`` (installed with JupyterLab).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from . import CLOSE, NOT_DONE, RIGHT, WRONG

__all__ = ["execute", "overview", "main"]

#: Run after the notebook's own cells (and taken out again): the exercise's title and each question's last
#: verdict, as one line of JSON after this marker.
_MARKER = "archeo-lab exercise verdicts:"
_VERDICTS = ("import json as _json\n"
             f"print({_MARKER!r}, _json.dumps({{'exercise': ex.exercise.title, "
             "'questions': list(ex.exercise.questions), 'last': dict(ex.exercise.last)}))")
#: The verdicts in the order the tables count them.
STATUSES = (RIGHT, CLOSE, WRONG, NOT_DONE)


def execute(path: Path, timeout: int = 300, allow_errors: bool = False) -> tuple[Any, dict | None]:
    """Run the notebook at ``path`` in its own folder, then read its exercise's verdicts.

    Returns the executed notebook (without the cell that read the verdicts) and
    ``{"exercise": title, "questions": [...], "last": {question: verdict}}``, or None when the
    notebook defines no ``ex.exercise`` (or stopped before it did).  With ``allow_errors=False`` a cell
    that raises stops the run (``nbclient.exceptions.CellExecutionError``).
    """
    try:
        import nbformat
        from nbclient import NotebookClient
    except ImportError as exc:  # pragma: no cover - the test environment has them
        raise SystemExit(f"running notebooks needs nbclient (pip install nbconvert): {exc}") from exc
    nb = nbformat.read(path, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(_VERDICTS))
    with tempfile.TemporaryDirectory(prefix="archeo-kernel-") as sockets:
        # No widget state kept: an HTML export of the result (the answer key) then shows each board as its picture.
        client = NotebookClient(nb, km=_kernel_manager(sockets), timeout=timeout, kernel_name="python3",
                                allow_errors=allow_errors, store_widget_state=False,
                                resources={"metadata": {"path": str(path.resolve().parent)}})
        try:
            client.execute(cleanup_kc=True)    # shut the kernel down: nbclient does so only for its own manager
        finally:
            outputs = nb.cells.pop().get("outputs", [])
    text = "".join(o.get("text", "") for o in outputs if o.get("output_type") == "stream")
    line = next((ln for ln in text.splitlines() if ln.startswith(_MARKER)), None)
    return nb, (json.loads(line[len(_MARKER):]) if line is not None else None)


def _kernel_manager(folder: str) -> Any:
    """A kernel manager talking to its kernel over Unix sockets in ``folder`` (POSIX), or None: nbclient's own,
    over TCP on localhost (Windows).  Sockets are what the kernel advises: over TCP it warns on every start that
    the traffic is not encrypted, a line per notebook in the teacher's terminal."""
    if os.name != "posix":
        return None
    from jupyter_client.manager import KernelManager

    return KernelManager(kernel_name="python3", transport="ipc", ip=os.path.join(folder, "kernel"))


def first_error(nb: Any) -> str:
    """``"code cell N ('its first line'): ErrorName: message"`` for the first code cell whose output is an error,
    else "" (N counts code cells from 1; the first line finds the cell, since JupyterLab numbers none)."""
    code = [cell for cell in nb.cells if cell.cell_type == "code"]
    for number, cell in enumerate(code, start=1):
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                source = cell.get("source", "")
                first = next((line.strip() for line in source.splitlines() if line.strip()), "")
                first = first if len(first) <= 50 else first[:49] + "…"
                return (f"code cell {number} ({first!r}): {output.get('ename', '')}: "
                        f"{str(output.get('evalue', ''))[:200]}")
    return ""


def names(notebooks: list[Path], labels: list[str] | None = None) -> list[str]:
    """How the tables name each notebook: its ``label`` (its path under the folder given: ``ada/02_....ipynb``
    for a folder per student) or file name, or, when two share one (students' downloads of the same
    exercise), its path from the folder they have in common."""
    plain = labels if labels is not None else [p.name for p in notebooks]
    if len(set(plain)) == len(plain):
        return plain
    resolved = [p.resolve() for p in notebooks]
    common = Path(os.path.commonpath([str(p.parent) for p in resolved]))
    return [str(p.relative_to(common)) for p in resolved]


def overview(notebooks: list[Path], timeout: int = 300, labels: list[str] | None = None) -> list[dict]:
    """One row per notebook: ``{"notebook", "exercise", "questions", "last", "problem", "raised"}`` (``problem``:
    why no verdicts could be read, else ""; ``raised``: the first cell that raised, else ""); ``labels``: how to
    name each notebook (``names``)."""
    rows = []
    for path, name in zip(notebooks, names(notebooks, labels)):
        row: dict[str, Any] = {"notebook": name, "exercise": "", "questions": [], "last": {}, "problem": "",
                               "raised": ""}
        try:
            nb, seen = execute(path, timeout=timeout, allow_errors=True)
        except Exception as exc:  # a kernel that died, a cell over the time limit: that notebook's row says it
            row["problem"] = f"could not run: {type(exc).__name__}: {str(exc).strip().splitlines()[0][:200]}"
        else:
            row["raised"] = first_error(nb)
            if seen is None:
                row["problem"] = "no exercise (ex.exercise) after Run All" + (
                    f" (first error: {row['raised']})" if row["raised"] else "")
            else:
                row.update(exercise=seen["exercise"], questions=seen["questions"], last=seen["last"])
        rows.append(row)
    return rows


def _table(rows: list[dict]) -> str:
    """The rows of one exercise as a text table, then the count of each verdict per question."""
    questions = rows[0]["questions"]
    width = max(len("notebook"), *(len(r["notebook"]) for r in rows), *map(len, STATUSES))
    cells = {q: max(len(q), 12) for q in questions}
    lines = [f"{'notebook':<{width}}  " + "  ".join(f"{q:<{cells[q]}}" for q in questions) + "  right"]
    for r in rows:
        verdicts = [r["last"].get(q, NOT_DONE) for q in questions]
        lines.append(f"{r['notebook']:<{width}}  " + "  ".join(f"{v:<{cells[q]}}" for q, v in zip(questions, verdicts))
                     + f"  {verdicts.count(RIGHT)}/{len(questions)}")
    for status in STATUSES:
        counts = [sum(r["last"].get(q, NOT_DONE) == status for r in rows) for q in questions]
        row = f"{status:<{width}}  " + "  ".join(f"{n:<{cells[q]}}" for q, n in zip(questions, counts))
        lines.append(row.rstrip())
    return "\n".join(lines)


def report(rows: list[dict]) -> str:
    """What ``main`` prints: a table per exercise, then the notebooks whose verdicts could not be read."""
    parts = []
    for title in dict.fromkeys(r["exercise"] for r in rows if not r["problem"]):     # in the order first met
        mine = [r for r in rows if r["exercise"] == title and not r["problem"]]
        parts.append(f"{title} ({len(mine)} notebook{'s' if len(mine) != 1 else ''})\n{_table(mine)}")
    raised = [f"{r['notebook']}: {r['raised']}" for r in rows if r["raised"] and not r["problem"]]
    if raised:
        parts.append("cells that raised (their questions may read 'not done yet' for that reason):\n"
                     + "\n".join(raised))
    problems = [f"{r['notebook']}: {r['problem']}" for r in rows if r["problem"]]
    if problems:
        parts.append("not read:\n" + "\n".join(problems))
    return "\n\n".join(parts) if parts else "no notebook given"


def _notebooks(paths: list[Path]) -> tuple[list[Path], list[str]]:
    """The notebooks named or found in the folders named, and each one's label: its path under the folder given
    (a folder per student keeps the student's name, even when there is one student), or its file name."""
    found, labels = [], []
    for p in paths:
        if p.is_dir():          # subfolders too: one folder per student is a common way to collect
            inside = sorted(q for q in p.rglob("*.ipynb")
                            if not any(part.startswith(".") for part in q.relative_to(p).parts))
            found += inside
            labels += [q.relative_to(p).as_posix() for q in inside]
        elif p.is_file():
            found.append(p)
            labels.append(p.name)
        else:
            raise SystemExit(f"no such notebook or folder: {p}")
    return found, labels


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", type=Path, help="students' notebooks, or folders of them")
    parser.add_argument("--csv", type=Path, help="also write notebook, exercise, question, verdict lines here")
    parser.add_argument("--timeout", type=int, default=300, help="seconds a cell may run (300)")
    args = parser.parse_args(argv)
    notebooks, labels = _notebooks(args.paths)
    rows = overview(notebooks, timeout=args.timeout, labels=labels)
    print(report(rows))
    if args.csv:
        with args.csv.open("w", newline="", encoding="utf-8") as f:
            out = csv.writer(f)
            out.writerow(["notebook", "exercise", "question", "verdict"])
            for r in rows:
                if r["problem"]:
                    out.writerow([r["notebook"], "", "", r["problem"]])
                for q in r["questions"]:
                    out.writerow([r["notebook"], r["exercise"], q, r["last"].get(q, NOT_DONE)])
        print(f"wrote {args.csv}")


if __name__ == "__main__":
    main()
