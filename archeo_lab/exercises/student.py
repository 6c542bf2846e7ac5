"""Make the student versions of exercise notebooks: solutions out, stubs in.

    python -m archeo_lab.exercises.student tutorials/exercises/*.ipynb --out student/

A cell tagged ``solution`` is replaced by its student stub (the cell's
metadata ``archeo_lab.student``, e.g. ``answer = ...  # your code``) or, with
no stub, removed (the teacher's ``assert check(...).ok`` cells).  Outputs are
cleared.  Everything else is kept, so the student version runs: its checks
say "not done yet".
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

__all__ = ["student_version", "main"]


def student_version(notebook: dict) -> dict:
    """The student version of a notebook given as parsed JSON (the input is not changed)."""
    out = json.loads(json.dumps(notebook))
    cells = []
    for cell in out["cells"]:
        tags = cell.get("metadata", {}).get("tags", [])
        if "solution" in tags:
            stub = cell.get("metadata", {}).get("archeo_lab", {}).get("student")
            if stub is None:
                continue
            cell["source"] = stub
            cell["metadata"]["tags"] = [t for t in tags if t != "solution"]
            cell["metadata"].pop("archeo_lab", None)
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
        cells.append(cell)
    out["cells"] = cells
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument("--out", type=Path, required=True, help="folder for the student versions")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for path in args.notebooks:
        data = json.loads(path.read_text(encoding="utf-8"))
        target = args.out / path.name
        target.write_text(json.dumps(student_version(data), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{path} -> {target}")


if __name__ == "__main__":
    main()
