"""Classroom exercises: questions whose ``check`` gives feedback, never the answer.

An exercise module declares its questions with ``Exercise.question``: a key,
the expected answer (computed, never typed in), how to compare, and hints.
In a notebook::

    from archeo_lab.exercises import cibola_bid as ex
    answer = ...              # the student's work (``...`` means "not done yet")
    ex.check("q1", answer)    # feedback: right, or what is wrong and a hint

``check`` never raises and never shows the expected answer, so a student
notebook always runs to the end.  Its result has ``.ok``; the teacher's
solution notebooks ``assert ex.check(...).ok`` (in cells stripped from the
student version, see ``python -m archeo_lab.exercises.student``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any, Callable

__all__ = ["Exercise", "Feedback", "NOT_DONE"]

NOT_DONE = "not done yet"


@dataclass
class Feedback:
    """What ``check`` says: a status (``right``, ``wrong`` or ``not done yet``), a message and a hint."""

    question: str
    status: str
    message: str
    hint: str = ""

    @property
    def ok(self) -> bool:
        return self.status == "right"

    def __str__(self) -> str:
        mark = {"right": "✔", "wrong": "✘"}.get(self.status, "…")
        text = f"{mark} {self.question}: {self.message}"
        return text + (f"\n  hint: {self.hint}" if self.hint else "")

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        colour = {"right": "#2e7d32", "wrong": "#b00020"}.get(self.status, "#7a6a55")
        hint = f"<br><i>Hint: {escape(self.hint)}</i>" if self.hint else ""
        return (f'<div style="border-left:4px solid {colour};padding:2px 8px">'
                f"<b>{escape(self.question)}</b>: {escape(self.message)}{hint}</div>")


@dataclass
class _Question:
    key: str
    title: str
    expected: Callable[[], Any]
    compare: Callable[[Any, Any], tuple[bool, str]]
    hints: list[str] = field(default_factory=list)


class Exercise:
    """A set of questions on one game situation; see the module docstring."""

    def __init__(self, title: str):
        self.title = title
        self._questions: dict[str, _Question] = {}

    def question(self, key: str, title: str, expected: Callable[[], Any],
                 compare: Callable[[Any, Any], tuple[bool, str]], hints: list[str] | None = None) -> None:
        """Declare a question: ``compare(answer, expected) -> (right?, what is wrong)``."""
        self._questions[key] = _Question(key, title, expected, compare, list(hints or []))

    @property
    def questions(self) -> list[str]:
        return list(self._questions)

    def check(self, key: str, answer: Any, attempt: int = 0) -> Feedback:
        """Feedback on ``answer`` to question ``key`` (``...`` or ``None``: not done yet)."""
        q = self._questions.get(key)
        if q is None:
            return Feedback(key, "wrong", f"there is no question {key!r}; the questions are: {', '.join(self._questions)}")
        if _unfinished(answer):
            return Feedback(q.title, NOT_DONE, "replace the ... with your answer, then run this cell again",
                            q.hints[0] if q.hints else "")
        try:
            right, why = q.compare(answer, q.expected())
        except Exception as exc:   # a malformed answer is feedback, not a crash
            right, why = False, f"this answer cannot be read ({type(exc).__name__}: {exc})"
        if right:
            return Feedback(q.title, "right", why or "right")
        hint = q.hints[min(attempt, len(q.hints) - 1)] if q.hints else ""
        return Feedback(q.title, "wrong", why, hint)


def _unfinished(answer: Any) -> bool:
    """``...`` or ``None``, alone or in a tuple/list of parts (``check("q3", (A, B))`` with ``A = ...``)."""
    if answer is ... or answer is None:
        return True
    return isinstance(answer, (tuple, list)) and any(part is ... for part in answer)


# -- comparisons used by the exercises ------------------------------------------------------

def same_number(tolerance: float = 1e-6) -> Callable[[Any, Any], tuple[bool, str]]:
    """Compare a number; say whether it is too high or too low (not by how much)."""
    def compare(answer: Any, expected: Any) -> tuple[bool, str]:
        value = float(answer)
        if abs(value - float(expected)) <= tolerance:
            return True, "right"
        return False, "too high" if value > float(expected) else "too low"
    return compare


def same_matrix(tolerance: float = 1e-6) -> Callable[[Any, Any], tuple[bool, str]]:
    """Compare a matrix; say how many cells are off and where the first one is (not its value)."""
    def compare(answer: Any, expected: Any) -> tuple[bool, str]:
        rows = [list(r) for r in answer]
        if len(rows) != len(expected) or any(len(r) != len(e) for r, e in zip(rows, expected)):
            return False, f"the matrix should have {len(expected)} rows of {len(expected[0])} numbers"
        wrong = [(i, j) for i, (r, e) in enumerate(zip(rows, expected)) for j, (a, b) in enumerate(zip(r, e))
                 if abs(float(a) - float(b)) > tolerance]
        if not wrong:
            return True, "every cell is right"
        i, j = wrong[0]
        return False, f"{len(wrong)} cell(s) differ; the first is row {i}, column {j}"
    return compare


def same_set(describe: Callable[[Any], str] = str) -> Callable[[Any, Any], tuple[bool, str]]:
    """Compare a collection as a set; say how many are missing and how many should not be there."""
    def compare(answer: Any, expected: Any) -> tuple[bool, str]:
        got, want = set(answer), set(expected)
        if got == want:
            return True, "right"
        parts = []
        if want - got:
            parts.append(f"{len(want - got)} missing")
        if got - want:
            extra = ", ".join(describe(x) for x in sorted(got - want, key=str)[:3])
            parts.append(f"{len(got - want)} should not be there ({extra})")
        return False, "; ".join(parts)
    return compare
