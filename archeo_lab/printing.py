"""How exact numbers print in a notebook: ``Fraction(17391, 1900)`` as ``17391/1900 (≈ 9.1532)``.

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

__all__ = ["fraction_text", "install", "ipython_shell"]

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
