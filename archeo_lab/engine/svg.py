"""The pieces of the static SVG pictures each game's ``draw.py`` builds (no widget needed):
an ``SVG`` string that Jupyter displays by itself, text and boxes in the boards' ink and paper,
and ``image_html``, which shows a picture with its alternative text.

>>> SVG(text(10, 20, "Tikal & co"))._repr_svg_()
'<text x="10" y="20" font-size="12" font-weight="normal" text-anchor="start" fill="#2b2118">Tikal &amp; co</text>'
>>> html = image_html('<svg xmlns="http://www.w3.org/2000/svg"/>', "An empty board & nothing else")
>>> html.startswith('<img src="data:image/svg+xml;base64,'), html.endswith('alt="An empty board &amp; nothing else">')
(True, True)
"""

from __future__ import annotations

import base64
from html import escape

__all__ = ["INK", "LINE", "PAPER", "SVG", "image_html", "rect", "text"]

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


def image_html(picture: str | bytes, words: str, mime: str = "image/svg+xml") -> str:
    """An ``<img>`` showing ``picture`` (SVG markup, or an image's bytes of type ``mime``) with
    ``words`` as its alternative text.

    A notebook output carries it as ``text/html`` beside the bare picture: JupyterLab, VS Code,
    nbconvert's HTML export, nbviewer and GitHub prefer HTML to an image, so the picture keeps a
    description a screen reader reads, where a bare ``image/svg+xml`` or ``image/png`` output is
    exported as an ``<img>`` without one.  An ``<img>`` with a ``data:`` address, not inline
    ``<svg>`` markup: JupyterLab's sanitizer (for notebooks not run here) keeps the first and
    strips the second.
    """
    if not isinstance(words, str) or not words.strip():
        raise ValueError("a picture needs alternative text: the words a reader hears instead of seeing it")
    data = picture.encode("utf-8") if isinstance(picture, str) else bytes(picture)
    encoded = base64.b64encode(data).decode("ascii")
    return f'<img src="data:{escape(mime)};base64,{encoded}" alt="{escape(words.strip())}">'
