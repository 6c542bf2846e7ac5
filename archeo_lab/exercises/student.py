"""Make the student versions of the exercise notebooks: solutions out, stubs in, and what they need copied.

    python -m archeo_lab.exercises.student --out tutorials/student
    python -m archeo_lab.exercises.student tutorials/exercises/01_cibola_mixed_bids.ipynb --out tutorials/student

With no notebook named, every exercise notebook of ``tutorials/exercises/`` is
converted.  A cell tagged ``solution`` is replaced by its student stub (the
cell's metadata ``archeo_lab.student``, e.g. ``answer = ...   # your code``)
or, with no stub, removed; a cell tagged ``teacher`` (the link to the
teacher's page) is removed.  Outputs and execution counts are cleared.
Everything else is kept, so the student version runs from top to bottom: its
checks say "not done yet".

What the notebooks read next to them is copied too: the ``bots/`` folder of
example bots (exercise 7 loads it).  Put the output folder inside
``tutorials/`` (as above) so that the notebooks' links to the tutorials
(``../06_game_theory.ipynb``) keep working.

The answers are computed inside the ``archeo_lab`` package, which students
have: these versions are for practice with feedback, not for graded exams.
"""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

__all__ = ["student_version", "write_student_versions", "notebooks_from_arguments", "main", "EXERCISES", "SUPPORT"]

#: Where the teacher's versions live in a checkout of the repository.
EXERCISES = Path(__file__).resolve().parents[2] / "tutorials" / "exercises"
#: Folders next to the notebooks that the student versions need.
SUPPORT = ("bots",)


def student_version(notebook: dict) -> dict:
    """The student version of a notebook given as parsed JSON (the input is not changed)."""
    out = json.loads(json.dumps(notebook))
    cells = []
    for cell in out["cells"]:
        tags = cell.get("metadata", {}).get("tags", [])
        if "teacher" in tags:
            continue
        if "solution" in tags:
            stub = cell.get("metadata", {}).get("archeo_lab", {}).get("student")
            if stub is None:
                continue
            cell["source"] = stub
            cell["metadata"]["tags"] = [t for t in tags if t != "solution"]
            if not cell["metadata"]["tags"]:
                del cell["metadata"]["tags"]
            cell["metadata"].pop("archeo_lab", None)
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
        cells.append(cell)
    out["cells"] = cells
    return out


def write_student_versions(notebooks: list[Path], out: Path) -> list[Path]:
    """Write the student versions of ``notebooks`` into ``out`` with their support folders; return the paths.

    Raises ``ValueError``, writing nothing, when ``out`` is a folder of the teacher's notebooks: the student
    versions would replace them (their solutions lost).
    """
    sources = {path.resolve().parent for path in notebooks}
    if out.resolve() in sources:
        raise ValueError(f"--out {out} is the folder of the teacher's notebooks: the student versions would replace "
                         "them, solutions and all. Choose another folder, e.g. --out tutorials/student")
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for path in notebooks:
        data = json.loads(path.read_text(encoding="utf-8"))
        target = out / path.name
        target.write_text(json.dumps(student_version(data), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(target)
    for folder in sorted(sources):
        for name in SUPPORT:
            if (folder / name).is_dir():
                shutil.copytree(folder / name, out / name, dirs_exist_ok=True,
                                ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
                written.append(out / name)
    return written


def notebooks_from_arguments(description: str, out_help: str, argv: list[str] | None = None):
    """Parse ``[notebooks...] --out FOLDER`` (default: every exercise notebook); return ``(notebooks, out)``."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("notebooks", nargs="*", type=Path,
                        help="teacher's notebooks (default: every notebook of tutorials/exercises/)")
    parser.add_argument("--out", type=Path, required=True, help=out_help)
    args = parser.parse_args(argv)
    notebooks = args.notebooks or sorted(EXERCISES.glob("*.ipynb"))
    if not notebooks:
        parser.error(f"no notebook given and none found in {EXERCISES}")
    missing = [str(p) for p in notebooks if not p.is_file()]
    if missing:
        parser.error(f"no such notebook: {', '.join(missing)}")
    return notebooks, args.out


#: A tutorial the exercises link to as ``../06_game_theory.ipynb``: beside the output folder, the links open.
LINKED_TUTORIAL = "06_game_theory.ipynb"


def main(argv: list[str] | None = None) -> None:
    notebooks, out = notebooks_from_arguments(__doc__.splitlines()[0], "folder for the student versions", argv)
    try:
        written = write_student_versions(notebooks, out)
    except ValueError as exc:
        raise SystemExit(f"student: {exc}") from None
    for path in written:
        print(f"wrote {path}")
    for path in notebooks:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        if not any("solution" in cell.get("metadata", {}).get("tags", []) for cell in cells):
            print(f"warning: {path.name} has no cell tagged 'solution': its student version is the notebook as it "
                  "is (the student versions are made from the exercises of tutorials/exercises/)")
    if not (out.resolve().parent / LINKED_TUTORIAL).is_file():
        print(f"warning: the exercises link to the tutorials as ../{LINKED_TUTORIAL}, and {out.resolve().parent} has "
              f"no {LINKED_TUTORIAL}: those links will not open. Put --out inside tutorials/ (run from the "
              "repository's folder: --out tutorials/student).")


if __name__ == "__main__":
    main()
