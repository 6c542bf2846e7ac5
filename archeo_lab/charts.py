"""Showing a chart in a notebook with words a screen reader (and an exported page) can read.

A tutorial draws with matplotlib, then calls ``show_chart(fig, alt)`` where it would call
``plt.show()``: the chart is shown as a PNG, and as ``text/html`` an ``<img>`` whose
alternative text is ``alt`` (``engine.svg.image_html``).  JupyterLab, VS Code and nbconvert's
HTML export pick the HTML, so the description travels with the picture; ``text/plain`` holds the
same words for a console.  ``alt`` says what the chart shows and what to read from it, in a
sentence or two; the numbers themselves stay in the cell's printed lines, which a screen reader
reads anyway.

>>> show_chart(object(), "a chart")
Traceback (most recent call last):
...
TypeError: show_chart takes a matplotlib Figure or Axes, not object
"""

from __future__ import annotations

import base64
import io
from typing import Any

from .engine.svg import image_html

__all__ = ["show_chart", "chart_bundle"]


def _figure(chart: Any) -> Any:
    """The Figure behind a Figure, an Axes, or an array of Axes (what ``plt.subplots`` returns)."""
    if hasattr(chart, "savefig"):
        return chart
    first = chart
    if hasattr(chart, "flat"):              # numpy array of Axes
        first = next(iter(chart.flat), None)
    figure = getattr(first, "get_figure", None)
    if figure is None:
        raise TypeError(f"show_chart takes a matplotlib Figure or Axes, not {type(chart).__name__}")
    return figure()


def chart_bundle(chart: Any, alt: str) -> dict[str, str]:
    """The mime bundle ``show_chart`` displays: ``image/png``, ``text/html`` (with ``alt``), ``text/plain``.

    Drawn the way Jupyter's inline backend draws (PNG at the figure's resolution, cropped to
    what is drawn, on the figure's own background).
    """
    if not isinstance(alt, str) or not alt.strip():
        raise ValueError("show_chart needs alt: a sentence or two saying what the chart shows")
    figure = _figure(chart)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", bbox_inches="tight", dpi=figure.dpi,
                   facecolor=figure.get_facecolor(), edgecolor=figure.get_edgecolor())
    png = buffer.getvalue()
    return {"image/png": base64.b64encode(png).decode("ascii"),
            "text/html": image_html(png, alt, mime="image/png"),
            "text/plain": alt.strip()}


def show_chart(chart: Any, alt: str) -> None:
    """Show a matplotlib chart (a Figure or Axes) with ``alt`` as its alternative text, in place of
    ``plt.show()``; the figure is closed after, so it is not shown a second time.

    ``alt``: what the chart shows, in a sentence or two ("Bar chart: the probability of each
    number of adventurers, exact and simulated; they agree").
    """
    import matplotlib.pyplot as plt   # loaded already: the chart was drawn with it
    from IPython.display import display

    figure = _figure(chart)
    bundle = chart_bundle(figure, alt)
    plt.close(figure)
    display(bundle, raw=True)
