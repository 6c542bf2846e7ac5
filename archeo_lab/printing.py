"""How results print in a notebook: exact numbers, and tables.

Exact numbers: ``Fraction(17391, 1900)`` shows as ``17391/1900 (≈ 9.1532)``.

The theory helpers and the exercises compute exactly, with ``fractions.Fraction``, and Python's
own text for one (``Fraction(51, 10)``) hides the number a learner compares with their own
decimal.  ``import archeo_lab`` inside Jupyter (IPython) registers ``fraction_text`` as the plain
text of every Fraction an output shows, alone or inside a tuple, a list or a dict.  Nothing else
changes: the values stay Fractions, ``repr`` and ``print`` are Python's, and an answer may still
be typed as ``Fraction(51, 10)``, ``"51/10"`` or ``5.1``.

>>> from fractions import Fraction
>>> fraction_text(Fraction(51, 10)), fraction_text(Fraction(1, 3)), fraction_text(Fraction(-6, 2))
('51/10 (= 5.1)', '1/3 (≈ 0.3333)', '-3')
"""

from __future__ import annotations

import sys
from fractions import Fraction
from typing import Any

__all__ = ["Table", "fraction_text", "install", "ipython_shell"]

#: Decimal places shown after a fraction.
PLACES = 4


def fraction_text(x: Fraction) -> str:
    """A whole number as itself; else ``n/d`` with its decimal value, ``=`` when it has at most
    ``PLACES`` places, ``≈`` (rounded to ``PLACES``) when it has more."""
    if x.denominator == 1:
        return str(x.numerator)
    rounded = round(x, PLACES)
    if rounded == x:
        return f"{x.numerator}/{x.denominator} (= {float(x):g})"
    return f"{x.numerator}/{x.denominator} (≈ {float(rounded):.{PLACES}f})"


def ipython_shell() -> Any:
    """The IPython shell running this code (a Jupyter kernel), or None in a script or the tests."""
    ipython = sys.modules.get("IPython")        # a kernel has imported it already; a script need not
    return ipython.get_ipython() if ipython is not None else None


def install(shell: Any = None) -> bool:
    """Show Fractions with ``fraction_text`` in this IPython session's outputs (True if installed).

    Outside IPython (a script, the tests) it does nothing and returns False.
    """
    if shell is None:
        shell = ipython_shell()
    if shell is None:
        return False
    shell.display_formatter.formatters["text/plain"].for_type(
        Fraction, lambda x, printer, cycle: printer.text(fraction_text(x)))
    return True


class Table:
    """Rows of cells with a header: HTML in Jupyter, aligned columns as text (module docstring).

    Numbers are right-aligned, everything else left-aligned; a cell shows as ``str`` (a Fraction as
    ``fraction_text``).

    >>> print(Table([("vase", 20), ("mummy", 10)], header=("object", "cards")))
    object  cards
    vase       20
    mummy      10
    >>> html = Table([("vase", 20)], header=("object", "cards"))._repr_html_()
    >>> ">object</th>" in html and '<td style="text-align:right">20</td>' in html
    True
    >>> Table([("vase", 20)], header=("object",))
    Traceback (most recent call last):
    ...
    ValueError: row 1 has 2 cells, the header 1: ('vase', 20)
    """

    def __init__(self, rows: Any, header: Any, *, title: str | None = None) -> None:
        self.header = tuple(str(h) for h in header)
        self.rows = [tuple(row) for row in rows]
        self.title = title
        for i, row in enumerate(self.rows, 1):
            if len(row) != len(self.header):
                raise ValueError(f"row {i} has {len(row)} cells, the header {len(self.header)}: {row!r}")

    @staticmethod
    def _text(cell: Any) -> str:
        return fraction_text(cell) if isinstance(cell, Fraction) else str(cell)

    def _numeric(self, column: int) -> bool:
        cells = [row[column] for row in self.rows]
        return bool(cells) and all(isinstance(c, (int, float, Fraction)) and not isinstance(c, bool) for c in cells)

    def __str__(self) -> str:
        texts = [self.header, *([self._text(c) for c in row] for row in self.rows)]
        widths = [max(len(r[j]) for r in texts) for j in range(len(self.header))]
        right = [self._numeric(j) for j in range(len(self.header))]
        lines = [self.title] if self.title else []
        for r in texts:
            cells = [c.rjust(w) if ri else c.ljust(w) for c, w, ri in zip(r, widths, right)]
            lines.append("  ".join(cells).rstrip())
        return "\n".join(lines)

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        from html import escape

        right = [self._numeric(j) for j in range(len(self.header))]
        style = ['style="text-align:right"' if r else 'style="text-align:left"' for r in right]
        head = "".join(f"<th {s}>{escape(h)}</th>" for h, s in zip(self.header, style))
        body = "".join("<tr>" + "".join(f"<td {s}>{escape(self._text(c))}</td>" for c, s in zip(row, style))
                       + "</tr>" for row in self.rows)
        title = f"<p><b>{escape(self.title)}</b></p>" if self.title else ""
        return f"{title}<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
