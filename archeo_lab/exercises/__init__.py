"""Classroom exercises: questions whose ``check`` judges the mathematics, never shows the answer.

An exercise module declares its questions with ``Exercise.question``: a key,
the expected answer (computed from the position, never typed in), the form of
answer it accepts, escalating hints and the known mistakes it recognises.  In
a notebook::

    from archeo_lab.exercises import cibola_mixed_bids as ex
    p = ...                   # the student's work (``...`` alone means "not done yet")
    ex.check("q5", p)         # right, close, or what is wrong, with a hint

What a check promises (tested in ``tests/test_exercises.py`` with a sweep of
right, rounded and wrong answers for every question):

* **Each question states what it accepts** (``ex.accepts("q5")``, also printed
  with every feedback): an exact fraction, or a decimal to a stated number of
  places.  An answer within that precision is right.  A rounded answer that
  agrees with the exact value to every digit it gives, but gives fewer digits
  than asked, is **close** ("give more digits or an exact fraction"), never
  "too high" or "too low".
* ``...`` alone (or as one part of an answer) means "not done yet".  ``None``,
  ``0`` and ``False`` are answers like any other; a ``bool`` is never taken as
  a seat or a number.
* **Hints escalate by themselves**: the exercise counts the different wrong
  answers given to each question; the first hint is a concept or a question,
  the last the method; the first never names a library call, and the later
  ones name the solver only where the question is to check a derivation
  with it.  An answer it cannot
  read is told the accepted form and spends no hint.
* A recognised mistake (a known misconception) is named; every message is
  true of the answer it is given for.
* ``check`` never raises and never shows the expected answer, so a student
  notebook always runs to the end.
* A cell that prints what the solver finds gives answers away, and *Run All*
  runs it before the student has tried: ``with ex.exercise.reveal("q3"):``
  shows what the block prints folded, under a line naming the questions it
  gives away, and open once each of them has been checked right::

      with ex.exercise.reveal("q3", what="The model's game as a table"):
          print(ex.game())

The teacher's versions of the notebooks carry ``solution`` cells;
``python -m archeo_lab.exercises.student`` makes the student versions and
``python -m archeo_lab.exercises.answer_key`` the executed answer key.  The
answers are computed inside this package, so a student who reads its source
can find them: the checks are for formative use (practice with feedback), not
for graded exams.
"""

from __future__ import annotations

import abc
import contextlib
import io
import math
import re
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from html import escape
from numbers import Integral, Rational, Real
from typing import Any
from collections.abc import Callable, Iterable, Sequence

from archeo_lab.engine.wording import plural
from archeo_lab.printing import ipython_shell

__all__ = [
    "Exercise", "Feedback", "Revealed", "NOT_DONE", "RIGHT", "CLOSE", "WRONG",
    "Number", "Numbers", "Mapping", "Matrix", "Matrices", "Seat", "Choice", "LabelSet", "YesNo", "Whole",
    "Wholes",
]

RIGHT, CLOSE, WRONG, NOT_DONE = "right", "close", "wrong", "not done yet"


@dataclass
class Feedback:
    """What ``check`` says: a status (right, close, wrong, not done yet), a message, what is accepted, a hint."""

    question: str
    status: str
    message: str
    hint: str = ""
    accepts: str = ""

    @property
    def ok(self) -> bool:
        """True if the answer was judged right."""
        return self.status == RIGHT

    def __str__(self) -> str:
        mark = {RIGHT: "✔", WRONG: "✘", CLOSE: "≈"}.get(self.status, "…")
        message = f": {self.message}" if self.message and self.message != self.status else ""
        text = f"{mark} {self.question}: {self.status}{message}"
        if self.hint:
            text += f"\n  hint: {self.hint}"
        if self.accepts and self.status != RIGHT:
            text += f"\n  accepted: {self.accepts}"
        return text

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        colour = {RIGHT: "#2e7d32", WRONG: "#b00020", CLOSE: "#b26a00"}.get(self.status, "#7a6a55")
        message = f": {_emphasis(self.message)}" if self.message and self.message != self.status else ""
        parts = [f"<b>{escape(self.question)}</b>: <b>{escape(self.status)}</b>{message}"]
        if self.hint:
            parts.append(f"<i>Hint: {_emphasis(self.hint, tag='b')}</i>")
        if self.accepts and self.status != RIGHT:
            parts.append(f"<small>Accepted: {escape(self.accepts)}</small>")
        return f'<div style="border-left:4px solid {colour};padding:2px 8px">' + "<br>".join(parts) + "</div>"


def _emphasis(text: str, tag: str = "i") -> str:
    """Escape ``text`` for HTML and show its ``*emphasis*`` as emphasis (the messages are written Markdown-style)."""
    return re.sub(r"\*([^*\s][^*]*?)\*", rf"<{tag}>\1</{tag}>", escape(text))


@dataclass
class Revealed:
    """What a ``reveal`` block printed: folded under ``summary`` (a ``<details>`` element: JupyterLab, an
    HTML export and the course site show the line, and the text once clicked), or open (``opened``)."""

    summary: str
    text: str
    opened: bool = False

    def __str__(self) -> str:
        return f"[{self.summary}]\n{self.text}"

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        state = " open" if self.opened else ""
        return (f'<details{state} style="border-left:4px solid #7a6a55;padding:2px 8px">'
                f'<summary style="cursor:pointer"><i>{escape(self.summary)}</i></summary>'
                f'<pre style="margin:4px 0">{escape(self.text)}</pre></details>')


class _Reveal(contextlib.AbstractContextManager):
    """``Exercise.reveal``'s block: what it prints is kept, then shown as one ``Revealed`` output."""

    def __init__(self, exercise: Exercise, keys: tuple[str, ...], what: str):
        self._exercise, self._keys, self._what = exercise, keys, what
        self._buffer = io.StringIO()
        self._redirect = contextlib.redirect_stdout(self._buffer)

    def __enter__(self) -> _Reveal:
        self._redirect.__enter__()
        return self

    def __exit__(self, kind, error, trace) -> None:
        self._redirect.__exit__(kind, error, trace)
        text = self._buffer.getvalue().rstrip("\n")
        if kind is not None:              # an error in the block: what it printed, then the traceback
            print(text)
            return None
        shown = self._exercise.revealed(text, *self._keys, what=self._what)
        if ipython_shell() is None:       # a script or a test: the text as printed
            print(shown)
        else:
            from IPython.display import display

            display(shown)
        return None


class Unreadable(Exception):
    """An answer that does not have the accepted form (the message says which form)."""


# -- reading numbers ---------------------------------------------------------------------------

def _as_number(x: Any, what: str = "this answer") -> tuple[Fraction, int | None]:
    """``(exact value, decimals given)``: decimals is None for an exact fraction or a whole number."""
    if x is None:
        raise Unreadable(f"{what} is None, which is not a number")
    if type(x).__module__ == "numpy" and getattr(x, "ndim", None) == 0 and hasattr(x, "item"):
        x = x.item()                      # a 0-d array (np.array(0.45), what some numpy functions return)
    if isinstance(x, bool):
        raise Unreadable(f"{what} is {x}, which is not a number")
    if isinstance(x, Fraction):
        return x, None
    if isinstance(x, Integral):
        return Fraction(int(x)), None
    if isinstance(x, Rational):
        return Fraction(int(x.numerator), int(x.denominator)), None
    if isinstance(x, str):
        text = x.strip().replace(" ", "")
        if re.fullmatch(r"[+-]?\d+,\d+", text):           # a French decimal comma: 0,6
            raise Unreadable(f"{what} ({x!r}) has a decimal comma: write the decimal with a point, "
                             f"{text.replace(',', '.')!r}")
        if text.endswith("%"):                            # "60%": say it as a percentage, no hint spent
            try:
                meant = f" ({text} is {float(Fraction(text[:-1]) / 100):g})"
            except (ValueError, ZeroDivisionError):
                meant = ""
            raise Unreadable(f"{what} ({x!r}) is a percentage: give the number itself{meant}")
        try:
            value = Fraction(text)
        except (ValueError, ZeroDivisionError):
            raise Unreadable(f"{what} ({x!r}) cannot be read as a number") from None
        return value, (len(text.split(".")[1].lstrip("+-").split("e")[0]) if "." in text and "/" not in text
                       else None)
    if isinstance(x, Decimal):
        if not x.is_finite():
            raise Unreadable(f"{what} is {x}, which is not a finite number")
        return Fraction(x), max(0, -x.as_tuple().exponent)
    if isinstance(x, Real):
        value = float(x)
        if not math.isfinite(value):
            raise Unreadable(f"{what} is {value}, which is not a finite number")
        text = repr(value)
        if "e" in text or "E" in text:
            exact = Decimal(text)
            return Fraction(exact), max(0, -exact.as_tuple().exponent)
        if value.is_integer():
            return Fraction(int(value)), 0         # 9.0 from round(x, 0) says no more than 9
        return Fraction(text), len(text.split(".")[1]) if "." in text else 0
    if isinstance(x, tuple) and len(x) == 2 and all(type(v) is int and v >= 0 for v in x):
        raise Unreadable(f"{what} is tuple {x!r}, not a number (if you meant the decimal {x[0]},{x[1]}: Python "
                         f"writes it with a point, {x[0]}.{x[1]})")
    raise Unreadable(f"{what} is {type(x).__name__} {x!r}, not a number")


def _rounded_or_cut(exact: Fraction, value: Fraction, places: int) -> bool:
    """Is ``value`` the exact value rounded to ``places`` decimals (either way on a half), or cut there?"""
    unit = Fraction(1, 10 ** places)
    error = abs(value - exact)
    if error <= unit / 2:
        return True
    if places == 0:                # a whole number cut from the value is more often another answer (Number)
        return False
    cut = Fraction(math.trunc(exact / unit)) * unit
    return value == cut


def _places(decimals: int) -> str:
    return plural(decimals, "decimal place")


class Answer(abc.ABC):
    """The form a question accepts; ``judge(answer, expected) -> (status, message)``."""

    @abc.abstractmethod
    def describe(self) -> str:
        """What the question accepts, in the words printed above it ("a number to 3 decimal places ...")."""

    @abc.abstractmethod
    def judge(self, answer: Any, expected: Any) -> tuple[str, str]:
        """``(status, message)`` for ``answer`` against ``expected``: RIGHT, CLOSE, WRONG or NOT_DONE, and why."""

    def same_as(self, answer: Any) -> Any:
        """The answer in one form, so that one wrong answer written two ways spends one hint."""
        return answer


@dataclass
class Number(Answer):
    """A number: an exact fraction (or whole number), or a decimal with at least ``decimals`` places.

    Right: within half a unit of the ``decimals``-th place (``|error| <= 0.5 * 10**-decimals``), in
    whatever form.  Close: a decimal with fewer places than asked that is the exact value rounded (or cut)
    to the places it has; a whole number (0 places) only when it is the value rounded, since one cut from
    it is more often another answer (1 for 1.7, 0 for -0.69).
    Otherwise wrong, with too high / too low, which is then true.  ``probability=True`` also recognises a
    percentage (100 times the value: the form to change, no hint spent), and reads 0 and 1, ``0.0`` and
    ``1.0`` too, as what they say (never, always), not as a probability rounded to units: a learner who
    answers 0 for a mixed strategy has a pure one in mind.
    """

    decimals: int = 3
    probability: bool = False
    unit: str = ""

    def describe(self) -> str:
        unit = f" (in {self.unit})" if self.unit else ""
        if self.probability:
            return (f"a probability: an exact fraction such as Fraction(3, 7), or a decimal between 0 and 1 to at "
                    f"least {_places(self.decimals)}")
        return (f"an exact fraction such as Fraction(3, 7) or a whole number, or a decimal to at least "
                f"{_places(self.decimals)}{unit}")

    def judge_one(self, answer: Any, expected: Any, what: str = "this answer") -> tuple[str, str]:
        """Judge one number against ``expected``: right within the stated precision, close if it is a
        rounding just outside, else wrong."""
        value, given = _as_number(answer, what)
        if self.probability and value in (0, 1):
            given = None                # never or always, as written: not a probability rounded to units
        elif (given is None and value.denominator == 1 and not isinstance(answer, (Fraction, str))
              and not self.probability):
            given = 0                   # a whole number may be a value rounded to units (not a probability)
        exact = expected if isinstance(expected, Fraction) else Fraction(expected)
        error = abs(value - exact)
        if error <= Fraction(1, 2 * 10 ** self.decimals):
            return RIGHT, ""
        if given is not None and given < self.decimals and _rounded_or_cut(exact, value, given):
            digits = "a whole number" if given == 0 else _places(given)
            return CLOSE, (f"{what} is the exact value rounded (or cut) to {digits}: give at least "
                           f"{_places(self.decimals)}, or an exact fraction")
        if self.probability and exact != 0 and abs(value / 100 - exact) <= Fraction(1, 2 * 10 ** self.decimals):
            raise Unreadable(f"{what} looks like a percentage: give the probability itself, between 0 and 1")
        if self.probability and not 0 <= value <= 1:
            return WRONG, f"{what} is not a probability (it must lie between 0 and 1)"
        return WRONG, f"{what} is too {'high' if value > exact else 'low'}"

    def judge(self, answer: Any, expected: Any) -> tuple[str, str]:
        return self.judge_one(answer, expected)


def _ordered(answer: Any, labels: Sequence[str]) -> None:
    """Refuse a set where the parts have an order (``(p, q)``): a set keeps its own order, not the one typed."""
    if isinstance(answer, (set, frozenset)):
        raise Unreadable(f"give a tuple, not a set: the order matters ({', '.join(labels)}), and a set has none")


def _worst(statuses: Iterable[str]) -> str:
    statuses = list(statuses)
    return WRONG if WRONG in statuses else CLOSE if CLOSE in statuses else RIGHT


@dataclass
class Numbers(Answer):
    """Several numbers in a given order (``labels`` name them in the feedback), each judged as a ``Number``."""

    labels: Sequence[str]
    decimals: int = 3
    probability: bool = False
    form: str = "a list or tuple"

    def describe(self) -> str:
        kind = "probabilities" if self.probability else "numbers"
        return (f"{self.form} of {len(self.labels)} {kind} ({', '.join(self.labels)}), each an exact fraction or "
                f"a decimal to at least {_places(self.decimals)}")

    def judge(self, answer: Any, expected: Any) -> tuple[str, str]:
        if isinstance(answer, (str, bytes, dict)) or not isinstance(answer, Iterable):
            raise Unreadable(f"give {self.form} of {len(self.labels)} numbers ({', '.join(self.labels)})")
        _ordered(answer, self.labels)
        values = list(answer)
        if len(values) != len(self.labels):
            raise Unreadable(f"give {len(self.labels)} numbers ({', '.join(self.labels)}), not {len(values)}")
        one = Number(self.decimals, self.probability)
        results = [one.judge_one(a, e, label) for a, e, label in zip(values, expected, self.labels)]
        status = _worst(s for s, _ in results)
        if status == RIGHT:
            return RIGHT, ""
        messages = [m for s, m in results if s == status]
        return status, "; ".join(messages)


@dataclass
class Mapping(Answer):
    """A dict from given keys to numbers (e.g. card -> points), each judged as a ``Number``."""

    keys: Sequence[str]
    decimals: int = 3
    what: str = "entries"

    def describe(self) -> str:
        return (f"a dict with one number per key ({', '.join(map(str, self.keys))}), each an exact fraction or "
                f"a decimal to at least {_places(self.decimals)}")

    def judge(self, answer: Any, expected: Any) -> tuple[str, str]:
        if not hasattr(answer, "keys") or not hasattr(answer, "__getitem__"):
            raise Unreadable(f"give a dict with one number per key ({', '.join(map(str, self.keys))})")
        answer = {_as_option(k, self.keys): answer[k] for k in answer.keys()}     # "ii-01" for "II-01"
        missing = [k for k in self.keys if k not in answer]
        extra = [k for k in answer.keys() if k not in self.keys]
        if missing or extra:
            parts = ([f"no value for {', '.join(map(str, missing))}"] if missing else []) + \
                    ([f"unexpected key(s) {', '.join(map(str, extra))}"] if extra else [])
            raise Unreadable("; ".join(parts))
        one = Number(self.decimals)
        results = [one.judge_one(answer[k], expected[k], str(k)) for k in self.keys]
        status = _worst(s for s, _ in results)
        if status == RIGHT:
            return RIGHT, ""
        off = [m for s, m in results if s == status]
        return status, "; ".join(off)


@dataclass
class Matrix(Answer):
    """A matrix of numbers (list of rows); feedback says how many cells are off and where the first one is.

    Rows and columns are named by ``row_names`` and ``col_names`` when given (the allocations of a Blotto matrix:
    "row 2-0, column 0-1"), else counted from 1, as a reader counts them ("row 3, column 1").
    """

    rows: int
    cols: int
    decimals: int = 3
    name: str = "the matrix"
    row_names: Sequence[str] | None = None
    col_names: Sequence[str] | None = None

    def _cell(self, i: int, j: int) -> str:
        row = self.row_names[i] if self.row_names else str(i + 1)
        col = self.col_names[j] if self.col_names else str(j + 1)
        return f"row {row}, column {col}"

    def describe(self) -> str:
        return (f"{self.name}: {self.rows} rows of {self.cols} numbers, each an exact fraction or a decimal to at "
                f"least {_places(self.decimals)}")

    def judge(self, answer: Any, expected: Any) -> tuple[str, str]:
        try:
            rows = [list(r) for r in answer]
        except TypeError:
            raise Unreadable(f"{self.name} must be a list of {self.rows} rows") from None
        if len(rows) != self.rows or any(len(r) != self.cols for r in rows):
            raise Unreadable(f"{self.name} must have {self.rows} rows of {self.cols} numbers")
        one = Number(self.decimals)
        results = {(i, j): one.judge_one(rows[i][j], expected[i][j], self._cell(i, j))
                   for i in range(self.rows) for j in range(self.cols)}
        status = _worst(s for s, _ in results.values())
        if status == RIGHT:
            return RIGHT, ""
        bad = [(cell, m) for cell, (s, m) in results.items() if s == status]
        if status == CLOSE:
            return CLOSE, f"{len(bad)} cell(s) of {self.name} are rounded: give more digits or exact fractions"
        (i, j), _ = bad[0]
        return WRONG, f"{len(bad)} cell(s) of {self.name} differ; the first is {self._cell(i, j)}"


@dataclass
class Matrices(Answer):
    """Several matrices of the same shape in a tuple, e.g. ``(A, B)``; each judged as a ``Matrix``."""

    names: Sequence[str]
    rows: int
    cols: int
    decimals: int = 3

    def describe(self) -> str:
        return (f"a tuple ({', '.join(self.names)}) of {len(self.names)} matrices, each {self.rows} rows of "
                f"{self.cols} numbers, exact fractions or decimals to at least {_places(self.decimals)}")

    def judge(self, answer: Any, expected: Any) -> tuple[str, str]:
        if isinstance(answer, dict):        # read by its keys, the names would be judged as matrices
            raise Unreadable(f"give a tuple ({', '.join(self.names)}), not a dict")
        if isinstance(answer, (str, bytes)) or not isinstance(answer, Iterable):
            raise Unreadable(f"give a tuple ({', '.join(self.names)})")
        parts = list(answer)
        if len(parts) != len(self.names):
            raise Unreadable(f"give {len(self.names)} matrices ({', '.join(self.names)}), not {len(parts)}")
        results = [Matrix(self.rows, self.cols, self.decimals, name).judge(a, e)
                   for a, e, name in zip(parts, expected, self.names)]
        status = _worst(s for s, _ in results)
        if status == RIGHT:
            return RIGHT, ""
        return status, "; ".join(m for s, m in results if s == status)


@dataclass
class Seat(Answer):
    """A seat number (0, 1, ...); ``nobody=True`` also accepts ``None`` for "nobody"."""

    players: int = 2
    nobody: bool = False

    def describe(self) -> str:
        seats = ", ".join(str(s) for s in range(self.players))
        return f"a seat number ({seats})" + (", or None for nobody" if self.nobody else "")

    def judge(self, answer: Any, expected: Any) -> tuple[str, str]:
        if isinstance(answer, bool):
            raise Unreadable(f"{answer} is not a seat: give a seat number")
        if isinstance(answer, str):               # "seat 1", "Seat 1"; "nobody" where nobody is an answer
            words = answer.strip().lower()
            named = re.fullmatch(r"seat\s*(\d+)", words)
            if named:
                answer = int(named.group(1))
            elif self.nobody and words in ("none", "nobody"):
                answer = None
        if answer is None and not self.nobody:
            raise Unreadable("None is not a seat here: give a seat number")
        if answer is not None and not isinstance(answer, Integral):
            whole = _as_whole(answer)       # 1.0 or "1" read as seat 1, as whole-number answers are
            if whole is None:
                raise Unreadable(f"{answer!r} is not a seat of this {self.players}-player game")
            answer = whole
        if answer is not None and not 0 <= int(answer) < self.players:
            raise Unreadable(f"{answer!r} is not a seat of this {self.players}-player game")
        if answer == expected:
            return RIGHT, ""
        if expected is None:
            return WRONG, "in this position that seat does not"
        if answer is None:
            return WRONG, "not nobody: some seat does"
        return WRONG, "not that seat"


def _as_whole(x: Any) -> int | None:
    """``x`` as a whole number (``3``, ``3.0``, ``"3"``, ``Fraction(6, 2)``), or None if it is not one."""
    try:
        value, _ = _as_number(x)
    except Unreadable:
        return None
    return int(value) if value.denominator == 1 else None


def _as_option(answer: Any, options: Sequence[Any]) -> Any:
    """``answer`` as one of ``options``: a text that differs from one only in capitals, spaces and hyphens is read
    as it (``"English"``, ``"Bid 1"``, ``"put2"``, ``"all pay"``), unless that would fit two options; where the
    options are one word and a number (``"bid 0"``, ``"bid 1"``...), a whole number is read as the option with
    that number (``2``, ``2.0``, ``"2"``); where they are numbers, ``"4"`` is 4; where they are numbers joined by
    hyphens (``"2-0"``), so is the tuple ``(2, 0)``.  Anything else is returned as given.

    >>> _as_option("Bid 1", ["bid 0", "bid 1"]), _as_option("put2", ["put 1", "put 2"]), _as_option(3, [3])
    ('bid 1', 'put 2', 3)
    >>> _as_option(1, ["bid 0", "bid 1"]), _as_option(1, ["bid 1", "put 1"]), _as_option(True, ["bid 1"])
    ('bid 1', 1, True)
    """
    if isinstance(answer, bool) or (isinstance(answer, (str, Real)) and answer in options):
        return answer
    if isinstance(answer, str) and not answer.strip().isdigit():
        same = [o for o in options if isinstance(o, str) and _plain(o) == _plain(answer)]
        return same[0] if len(same) == 1 else answer
    if isinstance(answer, tuple) and answer:
        wholes = [_as_whole(x) for x in answer]
        joined = "-".join(map(str, wholes))                        # (2, 0) for Tikal's allocation "2-0"
        return joined if None not in wholes and joined in options else answer
    number = _as_whole(answer)
    if number is None:
        return answer
    if any(isinstance(o, int) and not isinstance(o, bool) and o == number for o in options):
        return number                                             # "4" or 4.0 where the options are numbers
    numbered = _numbered(options)
    return answer if numbered is None else numbered.get(number, answer)


def _plain(text: str) -> str:
    """``text`` without case, spaces, hyphens or underscores: ``"All pay"``, ``"all-pay"`` and ``"allpay"`` alike."""
    return "".join(text.split()).replace("-", "").replace("_", "").casefold()


def _numbered(options: Sequence[Any]) -> dict[int, str] | None:
    """``{number: option}`` when every option is one same word and a number (``"bid 0"``...), else None."""
    parts = [o.rsplit(None, 1) if isinstance(o, str) else () for o in options]
    if not parts or any(len(p) != 2 or not p[1].isdigit() for p in parts) or len({p[0] for p in parts}) != 1:
        return None
    return {int(p[1]): o for p, o in zip(parts, options)}


@dataclass
class Choice(Answer):
    """One of a list of options (texts such as ``"bid 1"`` or a bot's name)."""

    options: Sequence[Any]
    what: str = "one of"

    def describe(self) -> str:
        return f"{self.what} " + ", ".join(repr(o) for o in self.options)

    def same_as(self, answer: Any) -> Any:
        return _as_option(answer, self.options)

    def judge(self, answer: Any, expected: Any) -> tuple[str, str]:
        if isinstance(answer, bool) and not any(isinstance(o, bool) for o in self.options):
            raise Unreadable(f"{answer} is not one of the options")
        answer = _as_option(answer, self.options)
        if answer not in list(self.options):
            raise Unreadable(f"{answer!r} is not one of the options ({', '.join(repr(o) for o in self.options)})")
        return (RIGHT, "") if answer == expected else (WRONG, f"not {answer!r}")


@dataclass
class YesNo(Answer):
    """``True`` or ``False`` (and nothing else)."""

    def describe(self) -> str:
        return "True or False"

    def judge(self, answer: Any, expected: Any) -> tuple[str, str]:
        if type(answer).__module__ == "numpy" and type(answer).__name__ in ("bool_", "bool"):
            answer = bool(answer)          # what comparing numpy numbers gives (``p <= 0.05``)
        if not isinstance(answer, bool):
            raise Unreadable(f"{answer!r} is not True or False")
        return (RIGHT, "") if answer == expected else (WRONG, f"not {answer}")


@dataclass
class Whole(Answer):
    """A whole number (a count, a number of weeks, a bid), not a bool."""

    what: str = "a whole number"

    def describe(self) -> str:
        return self.what

    def judge(self, answer: Any, expected: Any) -> tuple[str, str]:
        if isinstance(answer, bool) or answer is None:
            raise Unreadable(f"{answer} is not a whole number")
        value, _ = _as_number(answer, self.what)
        if value.denominator != 1:
            raise Unreadable(f"{answer!r} is not a whole number")
        if value == expected:
            return RIGHT, ""
        return WRONG, f"too {'high' if value > expected else 'low'}"


@dataclass
class Wholes(Answer):
    """Several whole numbers in a given order (``labels`` name them), e.g. ``(winner's seat, price)``.

    The parts whose indices are in ``seats`` are seats: a wrong one is "not that seat", never "too high",
    which with two seats would give the answer away.  ``names`` are texts that stand for a number (the
    primer's ``"bid 2"`` for 2, the labels its earlier questions take), read whatever their case, spaces and
    hyphens; with names, a wrong part is "not bid 1", never "too high", for the same reason.
    """

    labels: Sequence[str]
    form: str = "a tuple"
    seats: Sequence[int] = ()
    names: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        #: ``names`` as they are read (``_plain``: no case, spaces or hyphens; made once, not per answer).
        self._read = {_plain(name): number for name, number in self.names.items()}
        #: The number's name in the feedback ("not bid 1").
        self._name_of = {number: name for name, number in self.names.items()}

    def describe(self) -> str:
        named = f", or their labels such as {next(iter(self.names))!r}" if self.names else ""
        return f"{self.form} of {len(self.labels)} whole numbers ({', '.join(self.labels)}){named}"

    def same_as(self, answer: Any) -> Any:
        if isinstance(answer, (str, bytes, dict)) or not isinstance(answer, Iterable):
            return answer
        return tuple(self._named(value) for value in answer)

    def _named(self, value: Any) -> Any:
        if isinstance(value, str) and self._read:
            return self._read.get(_plain(value), value)
        return value

    def judge(self, answer: Any, expected: Any) -> tuple[str, str]:
        if isinstance(answer, (str, bytes, dict)) or not isinstance(answer, Iterable):
            raise Unreadable(f"give {self.form} of {len(self.labels)} whole numbers ({', '.join(self.labels)})")
        _ordered(answer, self.labels)
        values = list(answer)
        if len(values) != len(self.labels):
            raise Unreadable(f"give {len(self.labels)} numbers ({', '.join(self.labels)}), not {len(values)}")
        wrong = []
        for k, (value, want, label) in enumerate(zip(values, expected, self.labels)):
            value = self._named(value)
            status, message = Whole(label).judge(value, want)
            if status == RIGHT:
                continue
            if k in self.seats:
                wrong.append(f"{label} is not that seat")
            elif self.names:
                number = _as_whole(value)
                wrong.append(f"{label} is not {self._name_of.get(number, value) if number is not None else value}")
            else:
                wrong.append(f"{label} is {message}")
        return (RIGHT, "") if not wrong else (WRONG, "; ".join(wrong))


@dataclass
class LabelSet(Answer):
    """A set of labels (e.g. ``{"bid 2", "bid 3"}``); feedback counts the missing and the extra ones."""

    universe: Sequence[str]
    what: str = "labels"

    def describe(self) -> str:
        return f"a set of {self.what} (possibly empty: set()), among " + ", ".join(repr(u) for u in self.universe)

    def same_as(self, answer: Any) -> Any:
        if isinstance(answer, (str, bytes, dict)) or not isinstance(answer, Iterable):
            return answer
        return sorted({str(_as_option(x, self.universe)) for x in answer})

    def judge(self, answer: Any, expected: Any) -> tuple[str, str]:
        # A dict would be read by its keys alone: {4: False} would count as naming 4.
        if isinstance(answer, (str, bytes, dict)) or not isinstance(answer, Iterable):
            raise Unreadable(f"give a set of {self.what}, e.g. {{{self.universe[0]!r}}}")
        got = {_as_option(x, self.universe) for x in answer}
        unknown = sorted(str(x) for x in got if isinstance(x, bool) or x not in self.universe)
        if unknown:
            raise Unreadable(f"not {self.what} of this game: {', '.join(unknown)}")
        want = set(expected)
        if got == want:
            return RIGHT, ""
        parts = []
        if want - got:
            parts.append(f"{len(want - got)} missing")
        if got - want:
            extra = ", ".join(sorted(map(str, got - want)))
            parts.append(f"{len(got - want)} should not be there ({extra})")
        return WRONG, "; ".join(parts)


# -- questions and exercises ------------------------------------------------------------------------

@dataclass
class Mistake:
    """A known wrong answer: ``value()`` computes it from the position; ``message`` names the misconception."""

    value: Callable[[], Any]
    message: str


@dataclass
class _Question:
    key: str
    title: str
    expected: Callable[[], Any]
    answer: Answer
    hints: list[str]
    mistakes: list[Mistake] = field(default_factory=list)


def _unfinished(answer: Any) -> bool:
    """``...`` alone, or as a part of a tuple, list or dict answer (``(p, q)`` with ``q = ...``)."""
    if answer is ...:
        return True
    if isinstance(answer, (tuple, list)):
        return any(_unfinished(part) for part in answer)
    if isinstance(answer, dict):
        return any(_unfinished(part) for part in answer.values())
    return False


def _key(answer: Any) -> str:
    try:
        return repr(answer)
    except Exception:  # an object whose repr fails is still an attempt
        return f"<{type(answer).__name__}>"


class Exercise:
    """A set of questions on one game situation; see the module docstring."""

    def __init__(self, title: str):
        self.title = title
        self._questions: dict[str, _Question] = {}
        self._wrong: dict[str, list[str]] = {}
        #: The status of the latest check of each question (the tests read it after running a notebook).
        self.last: dict[str, str] = {}

    def question(self, key: str, title: str, expected: Callable[[], Any], answer: Answer,
                 hints: Sequence[str], mistakes: Sequence[tuple[Callable[[], Any], str]] = ()) -> None:
        """Declare a question.

        ``expected()`` computes the answer from the position; ``answer`` is the accepted form
        (``Number(decimals=3)``...); ``hints`` go from a concept or a question to the method (the
        solving call only where the question is to check a derivation with the solver); ``mistakes``
        are ``(value(), message)`` pairs for known wrong answers.
        """
        if key in self._questions:
            raise ValueError(f"question {key!r} is declared twice")
        if not hints:
            raise ValueError(f"question {key!r} needs at least one hint")
        self._questions[key] = _Question(key, title, expected, answer, list(hints),
                                         [Mistake(v, m) for v, m in mistakes])

    @property
    def questions(self) -> list[str]:
        """The question keys, in the order the notebook asks them."""
        return list(self._questions)

    def title_of(self, key: str) -> str:
        """The short title of question ``key`` (as the answer sheet and the teacher's page show it)."""
        return self._question(key).title

    def accepts(self, key: str) -> str:
        """What question ``key`` accepts, in words (the notebooks show it next to the question)."""
        return self._question(key).answer.describe()

    def hints(self, key: str) -> list[str]:
        """The hints of question ``key``, in the order a student sees them (for the teacher's page)."""
        return list(self._question(key).hints)

    def _question(self, key: str) -> _Question:
        if key not in self._questions:
            raise KeyError(f"there is no question {key!r}; the questions are: {', '.join(self._questions)}")
        return self._questions[key]

    def expected(self, key: str) -> Any:
        """The expected answer (for the teacher's tools and tests; the notebooks never print it)."""
        return self._question(key).expected()

    def answer_sheet(self) -> str:
        """Every question's title and expected answer, as Markdown (for the teachers' sections and pages)."""
        from .showing import show

        return "\n".join(f"* **{q.title}**: {show(q.expected())}" for q in self._questions.values())

    def label(self, key: str) -> str:
        """How the notebook names question ``key``: ``Q3`` for ``q3``, else its title's first words."""
        title = self._question(key).title
        return key.upper() if re.fullmatch(r"q\d+", key) else title.split(":")[0]

    def _given_away(self, keys: tuple[str, ...]) -> str:
        """The questions ``keys`` in words ("Q2 and Q3"); an unknown key or none at all is refused."""
        if not keys:
            raise ValueError("name the questions the block gives away, e.g. reveal('q3')")
        labels = [self.label(k) for k in keys]
        return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]

    def revealed(self, text: str, *keys: str, what: str = "What the solver finds") -> Revealed:
        """``text`` folded under a line naming the questions ``keys`` it gives away, or open once every
        one of them has been checked right (``reveal`` is the ``with`` block that prints it)."""
        named = self._given_away(keys)
        if all(self.last.get(k) == RIGHT for k in keys):
            return Revealed(f"{what} (your answer{'s' if len(keys) > 1 else ''} to {named}: right)", text, True)
        return Revealed(f"{what}: it gives away the answer{'s' if len(keys) > 1 else ''} to {named}. Click to "
                        "open it once you have tried (it opens by itself when your check says right).", text)

    def reveal(self, *keys: str, what: str = "What the solver finds") -> contextlib.AbstractContextManager:
        """A ``with`` block whose printed output is shown folded while a question it gives away is not yet
        right (*Run All* runs it before the student has tried), open once all are (``revealed``)."""
        self._given_away(keys)          # refused now, before the block runs
        return _Reveal(self, keys, what)

    def reset(self, key: str | None = None) -> None:
        """Forget the wrong answers counted so far (all questions, or one): the hints start again."""
        if key is None:
            self._wrong.clear()
        else:
            self._wrong.pop(key, None)

    def mistakes(self, key: str) -> list[tuple[Any, str]]:
        """The known wrong answers of question ``key`` (computed) with the message each gets."""
        out = []
        for mistake in self._question(key).mistakes:
            try:
                value = mistake.value()
            except Exception:
                continue
            if value is not None:
                out.append((value, mistake.message))
        return out

    def sweep(self, key: str) -> list[tuple[str, Any]]:
        """Answers to try on question ``key``: right ones in several forms, rounded ones, wrong ones, odd types.

        ``[(what the answer is, the answer)]``, built from the expected answer and the declared mistakes; the
        tests check every verdict, and the teacher's pages show the interesting ones.
        """
        q = self._question(key)
        return _sweep(q.answer, q.expected()) + [(f"known mistake: {m}", v) for v, m in self.mistakes(key)]

    def judge(self, key: str, answer: Any) -> tuple[str, str]:
        """``(status, message)`` for ``answer``, without counting an attempt (for tools and tests)."""
        status, message, _ = self._verdict(key, answer)
        return status, message

    def _verdict(self, key: str, answer: Any) -> tuple[str, str, bool]:
        """``judge``'s verdict, and whether the answer could be read at all (``check`` spends no hint when not)."""
        q = self._question(key)
        if _unfinished(answer):
            return NOT_DONE, "replace the ... with your answer, then run this cell again", True
        try:
            expected = q.expected()
        except LookupError as exc:         # the answer is read off an earlier cell not run yet (a kernel restart)
            return NOT_DONE, str(exc).strip("'\""), True
        try:
            status, message = q.answer.judge(answer, expected)
        except Unreadable as exc:
            return WRONG, f"this answer does not have the accepted form: {exc}", False
        except Exception as exc:  # an answer of an unexpected type is feedback, never a crash
            return WRONG, f"this answer cannot be read ({type(exc).__name__}: {exc})", False
        if status in (WRONG, CLOSE):       # a known mistake is named even when it also reads as a rounding
            named = []
            for mistake in q.mistakes:
                try:
                    wrong_value = mistake.value()
                    matches = wrong_value is not None and q.answer.judge(answer, wrong_value)[0] == RIGHT
                except Exception:
                    matches = False
                if matches and mistake.message not in named:
                    named.append(mistake.message)
            if named:                      # several known mistakes can give the same numbers: each message is true
                return WRONG, "; or: ".join(named), True
        return status, message, True

    def check(self, key: str, answer: Any) -> Feedback:
        """Feedback on ``answer`` to question ``key``; hints escalate with each different wrong answer."""
        q = self._questions.get(key)
        if q is None:
            known = ", ".join(self._questions)
            return Feedback(key, WRONG, f"there is no question {key!r}; the questions are: {known}")
        status, message, readable = self._verdict(key, answer)
        self.last[key] = status
        accepts = q.answer.describe()
        if status == NOT_DONE:
            return Feedback(q.title, NOT_DONE, message, "", accepts)
        if status == RIGHT:
            return Feedback(q.title, RIGHT, message)
        if status == CLOSE:
            return Feedback(q.title, CLOSE, message, "", accepts)
        if not readable:                       # a form to fix, not an attempt: no hint spent on it
            return Feedback(q.title, status, message, "", accepts)
        seen = self._wrong.setdefault(key, [])
        same = _key(q.answer.same_as(answer))
        if same not in seen:
            seen.append(same)
        hint = q.hints[min(len(seen), len(q.hints)) - 1]
        if len(seen) < len(q.hints):
            hint += "  (another wrong answer shows the next hint)"
        return Feedback(q.title, status, message, hint, accepts)


# -- sweeps of answers (for the tests and the teacher's pages) ----------------------------------------

def _round(value: Any, places: int) -> float:
    return round(float(value), places)


def _map(expected: Any, f: Callable[[Any], Any]) -> Any:
    """Apply ``f`` to every number of a (possibly nested) expected answer, keeping its shape."""
    if isinstance(expected, dict):
        return {k: _map(v, f) for k, v in expected.items()}
    if isinstance(expected, (list, tuple)):
        return type(expected)(_map(v, f) for v in expected) if isinstance(expected, tuple) else \
            [_map(v, f) for v in expected]
    return f(expected)


def _first_changed(expected: Any, f: Callable[[Any], Any]) -> Any:
    """``expected`` with only its first number changed by ``f``."""
    done = [False]

    def once(v):
        if done[0]:
            return v
        done[0] = True
        return f(v)
    return _map(expected, once)


def _sweep(answer: Answer, expected: Any) -> list[tuple[str, Any]]:
    tries: list[tuple[str, Any]] = [("not done: ...", ...)]
    numeric = isinstance(answer, (Number, Numbers, Mapping, Matrix, Matrices))
    if numeric:
        places = answer.decimals
        tries += [("exact", expected), ("as floats", _map(expected, float)),
                  (f"rounded to {places} places", _map(expected, lambda v: _round(v, places))),
                  (f"rounded to {places + 2} places", _map(expected, lambda v: _round(v, places + 2)))]
        for fewer in range(places - 1, -1, -1):
            tries.append((f"rounded to {fewer} places", _map(expected, lambda v, k=fewer: _round(v, k))))
        tries += [("cut to 1 place", _map(expected, lambda v: math.trunc(float(v) * 10) / 10)),
                  ("first number + 1", _first_changed(expected, lambda v: Fraction(v) + 1)),
                  ("first number - 1/3", _first_changed(expected, lambda v: Fraction(v) - Fraction(1, 3))),
                  ("first number doubled", _first_changed(expected, lambda v: 2 * Fraction(v) + 1)),
                  ("as text", _map(expected, lambda v: str(Fraction(v))))]
        if getattr(answer, "probability", False):
            tries.append(("as a percentage", _map(expected, lambda v: float(v) * 100)))
        if isinstance(expected, (tuple, list)):
            tries += [("one number short", list(expected)[:-1]), ("a part not done", (list(expected)[:-1] + [...]))]
    elif isinstance(answer, Whole):
        tries += [("exact", expected), ("as a float", float(expected)), ("one more", expected + 1),
                  ("one less", expected - 1), ("as text", str(expected))]
    elif isinstance(answer, Wholes):
        tries += [("exact", expected), ("first one more", _first_changed(expected, lambda v: v + 1)),
                  ("last one less", tuple(expected)[:-1] + (tuple(expected)[-1] - 1,)),
                  ("one number short", tuple(expected)[:-1]), ("a part not done", tuple(expected)[:-1] + (...,))]
    elif isinstance(answer, Seat):
        tries += [("exact", expected)] + [(f"seat {s}", s) for s in range(answer.players) if s != expected]
        tries += [("nobody (None)", None)] if expected is not None else []
        tries += [("seat 9", 9), ("a seat as text", "0")]
    elif isinstance(answer, Choice):
        tries += [("exact", expected)] + [(f"option {o!r}", o) for o in answer.options if o != expected]
        tries += [("not an option", "something else")]
    elif isinstance(answer, YesNo):
        tries += [("exact", expected), ("the other one", not expected), ("1 instead of True", 1),
                  ("as text", str(expected))]
    elif isinstance(answer, LabelSet):
        want = set(expected)
        tries += [("exact", want), ("as a list", sorted(want, key=str)), ("empty", set())]
        extra = [u for u in answer.universe if u not in want]
        if extra:
            tries.append(("one too many", want | {extra[0]}))
        if want:
            tries.append(("one missing", set(sorted(want, key=str)[1:])))
        tries.append(("unknown label", want | {"nonsense"}))
    tries += [("None", None), ("True", True), ("False", False), ("a word", "abc")]
    return tries
