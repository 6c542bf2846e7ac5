"""Write each exercise's teacher's page from its module and its notebook.

    python -m archeo_lab.exercises.teacher_pages            # rewrites tutorials/exercises/teachers/*.md

A page lists the exercise's objectives, time and prerequisites (the module's
``TEACHER`` notes), then for every question: the expected answer, what the
check accepts, the hints in the order students see them, and the common wrong
answers with the feedback each one gets **as the check gives it now** (the
known mistakes the question declares, and a rounded answer), then the
notebook's discussion prompts (read from its "To discuss" cell) with the
teacher's notes.  Nothing on a page is typed twice: the answers and messages
come from the code, so the page cannot drift from it (a test regenerates the
pages and compares).
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
from pathlib import Path

from archeo_lab.engine.wording import plural

from . import CLOSE, Mapping, Matrices, Matrix, Number, Numbers
from .showing import show
from .student import EXERCISES

__all__ = ["EXERCISE_MODULES", "page", "write_pages", "main", "show"]

#: Notebook stem -> module of ``archeo_lab.exercises``.
EXERCISE_MODULES = {
    "01_cibola_mixed_bids": "cibola_mixed_bids",
    "02_quetzal_toss_and_auction": "quetzal_toss_and_auction",
    "03_luxor_backward_induction": "luxor_backward_induction",
    "04_thebes_digs": "thebes_digs",
    "05_tikal_blotto_majorities": "tikal_blotto_majorities",
    "06_auction_formats": "auction_formats",
    "07_class_tournament": "class_tournament",
}

FORMATIVE = ("**The answers ship inside the package.** Every expected answer is computed by "
             "`archeo_lab.exercises`, which students have installed: a student who reads its source, or runs "
             "`ex.exercise.expected(\"q1\")`, finds them. Use the exercises for practice with feedback "
             "(formative assessment), not for graded exams.")


def _rounded_example(answer, expected):
    """A rounded answer that gets 'close', if the question takes numbers (rounded to one place fewer)."""
    if not isinstance(answer, (Number, Numbers, Mapping, Matrix, Matrices)) or answer.decimals < 1:
        return None
    places = answer.decimals - 1

    def walk(v):
        if isinstance(v, dict):
            return {k: walk(x) for k, x in v.items()}
        if isinstance(v, tuple):
            return tuple(walk(x) for x in v)
        if isinstance(v, list):
            return [walk(x) for x in v]
        return round(float(v), places)
    return walk(expected), places


def _discussion(notebook: Path) -> list[str]:
    """The numbered prompts of the notebook's 'To discuss' cell."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        text = "".join(cell["source"])
        if cell["cell_type"] == "markdown" and text.lstrip().startswith("## To discuss"):
            items, current = [], None
            for line in text.splitlines()[1:]:
                match = re.match(r"^\d+\.\s+(.*)", line)
                if match:
                    current = [match.group(1).strip()]
                    items.append(current)
                elif current is not None and line.strip():
                    current.append(line.strip())
            return [" ".join(parts) for parts in items]
    return []


def page(stem: str) -> str:
    """The teacher's page of exercise ``stem`` (e.g. ``"01_cibola_mixed_bids"``), as Markdown."""
    module = importlib.import_module(f"archeo_lab.exercises.{EXERCISE_MODULES[stem]}")
    ex, notes = module.exercise, module.TEACHER
    notebook = EXERCISES / f"{stem}.ipynb"
    title = json.loads(notebook.read_text(encoding="utf-8"))["cells"][0]["source"]
    title = "".join(title).strip().splitlines()[0].lstrip("# ").strip()
    facts = notes.get("facts", lambda: {})()
    lines = [f"# {title}: teacher's page", "",
             f"*Written by `python -m archeo_lab.exercises.teacher_pages` from `archeo_lab/exercises/"
             f"{EXERCISE_MODULES[stem]}.py` and [{stem}.ipynb](../{stem}.ipynb); do not edit by hand.*", "",
             "**Objectives.**", ""]
    lines += [f"* {o}" for o in notes["objectives"]]
    lines += ["", f"**Time.** {notes['time']}", "", f"**Prerequisites.** {notes['prerequisites']}", "",
              f"**The position and the model.** {notes['model']}", "", FORMATIVE, "",
              "## Questions, answers and feedback", ""]
    if notes.get("answers_depend_on"):
        lines += [notes["answers_depend_on"], ""]
    for key in ex.questions:
        q = ex._question(key)
        lines += [f"### {ex.title_of(key)}", ""]
        if notes.get("answers_depend_on"):
            lines += ["* **Answer:** computed from the tournament the class runs (see above)."]
        else:
            lines += [f"* **Answer:** {show(ex.expected(key))}"]
        lines += [f"* **Accepted:** {ex.accepts(key)}.", "* **Hints, in the order a student sees them** (one more "
                  "with each different wrong answer):"]
        lines += [f"  {n}. {h}" for n, h in enumerate(q.hints, start=1)]
        wrongs = []
        if notes.get("answers_depend_on"):
            named = [m.message for m in q.mistakes]
            if named:
                lines += ["* **Known mistakes the check names** (their values depend on the tournament):"]
                lines += [f"  * {m}" for m in named]
        else:
            for value, _ in ex.mistakes(key):
                if any(shown == show(value) for shown, _, _ in wrongs):
                    continue                # two mistakes that give the same numbers: one row names both
                status, message = ex.judge(key, value)
                wrongs.append((show(value), status, message))
            rounded = _rounded_example(q.answer, ex.expected(key))
            if rounded is not None:
                value, places = rounded
                status, message = ex.judge(key, value)
                if status == CLOSE:
                    wrongs.append((f"{show(value)} (rounded to {plural(places, 'place')})",
                                   status, message))
        if wrongs:
            lines += ["* **Common wrong answers and what the check says:**", "",
                      "  | answer | verdict | feedback |", "  |---|---|---|"]
            lines += [f"  | {a} | {s} | {m.replace('|', '/')} |" for a, s, m in wrongs]
        lines.append("")
    prompts = _discussion(notebook)
    if len(prompts) != len(notes["discussion"]):
        raise ValueError(f"{stem}: the notebook has {len(prompts)} discussion prompts but the module's TEACHER "
                         f"notes {len(notes['discussion'])}")
    lines += ["## Discussion prompts, with notes", ""]
    for n, (prompt, note) in enumerate(zip(prompts, notes["discussion"]), start=1):
        # The prompt as the notebook writes it (its own italics stay italics), then the notes.
        lines += [f"{n}. {prompt}", "", f"   *Notes:* {note.format(**facts)}", ""]
    return "\n".join(lines).rstrip() + "\n"


def write_pages(out: Path | None = None) -> list[Path]:
    """Write every teacher's page into ``out`` (default ``tutorials/exercises/teachers/``)."""
    out = out or EXERCISES / "teachers"
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for stem in EXERCISE_MODULES:
        path = out / f"{stem}.md"
        path.write_text(page(stem), encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=None, help="folder (default: tutorials/exercises/teachers/)")
    args = parser.parse_args(argv)
    for path in write_pages(args.out):
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
