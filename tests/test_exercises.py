"""Classroom exercises: checks give feedback without the answer; student versions run to the end.

The solution notebooks themselves run under nbval with the other tutorials (their
teacher cells ``assert ex.check(...).ok``).  Here each student version is made with
the documented command and executed cell by cell: it must run, and every check
must say "not done yet".
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from archeo_lab.exercises import NOT_DONE, Exercise, same_matrix, same_number, same_set
from archeo_lab.exercises.student import student_version

EXERCISES = sorted((Path(__file__).parent.parent / "tutorials" / "exercises").glob("*.ipynb"))


def test_feedback_never_contains_the_answer():
    ex = Exercise("demo")
    ex.question("q", "q, the secret", lambda: 4242, same_number(), ["think of a big number"])
    assert ex.check("q", ...).status == NOT_DONE
    wrong = ex.check("q", 17)
    assert wrong.status == "wrong" and "too low" in wrong.message and "4242" not in str(wrong)
    assert ex.check("q", 4242).ok
    assert ex.check("q", "not a number").status == "wrong", "a malformed answer is feedback, not a crash"
    assert "no question" in ex.check("nope", 1).message


def test_comparisons_locate_the_mistake_without_revealing_it():
    ok, why = same_matrix()([[1, 2], [3, 5]], [[1, 2], [3, 4]])
    assert not ok and "row 1, column 1" in why and "4" not in why
    ok, why = same_set()({1, 2, 9}, {1, 2, 3})
    assert not ok and "1 missing" in why and "9" in why and "3" not in why


@pytest.mark.parametrize("path", EXERCISES, ids=[p.stem for p in EXERCISES])
def test_student_version_runs_and_every_check_says_not_done(path, tmp_path, monkeypatch):
    nb = json.loads(path.read_text())
    student = student_version(nb)
    solutions = [c for c in nb["cells"] if "solution" in c.get("metadata", {}).get("tags", [])]
    assert solutions, "an exercise notebook has solution cells"
    kept = "\n".join("".join(c["source"]) for c in student["cells"])
    assert "assert ex.check" not in kept and "solution" not in json.dumps([c["metadata"] for c in student["cells"]])
    monkeypatch.chdir(path.parent)            # the notebooks read files next to them (bots/)
    import matplotlib

    matplotlib.use("Agg")
    namespace: dict = {}
    checks = 0
    for cell in student["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        if source.strip().startswith("ex.check("):
            feedback = eval(compile(source, path.name, "eval"), namespace)
            assert feedback.status == NOT_DONE, f"{source.strip()}: {feedback}"
            checks += 1
        else:
            exec(compile(source, path.name, "exec"), namespace)
    assert checks >= 2


def test_the_documented_command_writes_student_versions(tmp_path):
    out = subprocess.run([sys.executable, "-m", "archeo_lab.exercises.student", *map(str, EXERCISES),
                          "--out", str(tmp_path)], capture_output=True, text=True, env=os.environ.copy())
    assert out.returncode == 0, out.stderr
    for path in EXERCISES:
        written = json.loads((tmp_path / path.name).read_text())
        assert written == student_version(json.loads(path.read_text()))
