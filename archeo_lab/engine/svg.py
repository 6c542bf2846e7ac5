"""The pieces of the static SVG pictures each game's ``draw.py`` builds (no widget needed):
an ``SVG`` string that Jupyter displays by itself, text and boxes in the boards' ink and paper.

>>> SVG(text(10, 20, "Tikal & co"))._repr_svg_()
'<text x="10" y="20" font-size="12" font-weight="normal" text-anchor="start" fill="#2b2118">Tikal &amp; co</text>'
"""

from __future__ import annotations

from html import escape

__all__ = ["INK", "LINE", "PAPER", "SVG", "rect", "text"]

INK, LINE, PAPER = "#2b2118", "#c9b58f", "#fbf6ea"


class SVG(str):
    """An SVG document that displays itself in Jupyter."""

    def _repr_svg_(self) -> str:
        return str(self)


def text(x: float, y: float, s: object, size: int = 12, weight: str = "normal", anchor: str = "start",
         fill: str = INK) -> str:
    """A line of text at (x, y), escaped."""
    return (f'<text x="{x}" y="{y}" font-size="{size}" font-weight="{weight}" text-anchor="{anchor}" '
            f'fill="{fill}">{escape(str(s))}</text>')


def rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = LINE, rx: int = 5) -> str:
    """A rounded box."""
    return f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{rx}" fill="{fill}" stroke="{stroke}"/>'
