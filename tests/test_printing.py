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


def test_a_table_is_html_in_jupyter_and_aligned_text_elsewhere():
    from IPython.core.interactiveshell import InteractiveShell

    from archeo_lab.printing import Table

    table = Table([("vase", 20, Fraction(1, 3)), ("<mummy>", 10, Fraction(2))], header=("object", "cards", "share"),
                  title="objects")
    shown, _ = InteractiveShell.instance().display_formatter.format(table)
    html = shown["text/html"]
    # Jupyter shows the HTML table: a cell's text escaped, numbers (Fractions included) aligned right, words left.
    assert html.startswith("<p><b>objects</b></p><table>") and "&lt;mummy&gt;" in html and "<mummy>" not in html
    assert '<td style="text-align:right">1/3 (≈ 0.3333)</td>' in html and '<td style="text-align:left">vase</td>' in html
    # A script, print() and a terminal get the same rows as aligned columns.
    assert str(table).splitlines() == ["objects",
                                       "object   cards           share",
                                       "vase        20  1/3 (≈ 0.3333)",
                                       "<mummy>     10               2"]
    assert shown["text/plain"] == str(table)


def test_a_table_refuses_a_row_that_does_not_fit_its_header():
    import pytest

    from archeo_lab.printing import Table

    with pytest.raises(ValueError, match=r"row 2 has 1 cells, the header 2"):
        Table([("vase", 20), ("mummy",)], header=("object", "cards"))
