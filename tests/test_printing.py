"""Fractions in a notebook's outputs read as numbers (``archeo_lab.printing``)."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction

from archeo_lab.printing import fraction_text, install


def test_fraction_text_gives_the_decimal_value_exact_or_rounded():
    assert fraction_text(Fraction(15, 2)) == "15/2 (= 7.5)"
    assert fraction_text(Fraction(17391, 1900)) == "17391/1900 (≈ 9.1532)"
    assert fraction_text(Fraction(-24, 35)) == "-24/35 (≈ -0.6857)"
    assert fraction_text(Fraction(0)) == "0" and fraction_text(Fraction(12, 4)) == "3"


def test_install_shows_fractions_alone_and_inside_containers_and_changes_nothing_else():
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    assert install(shell)
    shown, _ = shell.display_formatter.format({"II-02": Fraction(15, 2), "pair": (Fraction(2, 5), 1)})
    assert shown["text/plain"] == "{'II-02': 15/2 (= 7.5), 'pair': (2/5 (= 0.4), 1)}"
    assert repr(Fraction(15, 2)) == "Fraction(15, 2)"      # Python's own text is untouched


def test_outside_ipython_nothing_is_installed():
    out = subprocess.run([sys.executable, "-c", "import archeo_lab.printing as p; print(p.install())"],
                         capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
