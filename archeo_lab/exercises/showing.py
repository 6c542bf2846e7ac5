"""An expected answer written as a teacher reads it (teacher pages, ``Exercise.answer_sheet``).

Kept apart from ``teacher_pages`` so that ``archeo_lab.exercises`` can use it without an import cycle.

>>> from fractions import Fraction
>>> show(Fraction(1, 3)), show({10, 4, 2}), show([[Fraction(1, 2), 1], [0, 1]])
('1/3 (≈ 0.3333)', '{2, 4, 10}', '[1/2, 1 / 0, 1]')
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from archeo_lab.printing import fraction_text

__all__ = ["show"]


def show(value: Any) -> str:
    """An answer as a teacher reads it: fractions with their decimal value, sets sorted, matrices row by row."""
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, Fraction):
        return fraction_text(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, dict):
        return ", ".join(f"{k}: {show(v)}" for k, v in value.items())
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(show(v) for v in sorted(value, key=_order)) + "}" if value else "set() (none)"
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(row, (list, tuple)) for row in value):
            if all(isinstance(x, (list, tuple)) for row in value for x in row):
                return "; ".join(show(m) for m in value)
            return "[" + " / ".join(", ".join(_short(x) for x in row) for row in value) + "]"
        return "(" + ", ".join(show(v) for v in value) + ")"
    return str(value)


def _order(x: Any) -> tuple[int, Any]:
    """Numbers by value (4 before 10), then anything else by its text."""
    if isinstance(x, (int, float, Fraction)) and not isinstance(x, bool):
        return (0, x)
    return (1, str(x))


def _short(x: Any) -> str:
    if isinstance(x, Fraction):
        return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
    return str(x)
