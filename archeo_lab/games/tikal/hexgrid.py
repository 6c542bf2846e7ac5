"""Tikal: the board's hex grid (plateau), as pure data and small functions.

The board is 8 columns (A to H, left to right) of 5 flat-topped hexes (rows 1
to 5, top to bottom); even columns (A, C, E, G) sit half a hex higher than
odd ones (GAPS.md 1.3).  A space is named like a chess square: ``"A5"`` is
column A, row 5, the base camp (Camp de base) in the bottom-left corner.

Sides are numbered clockwise from the north: 0 N, 1 NE, 2 SE, 3 S, 4 SW,
5 NW.  A tile turned by ``r`` (rotation ``r``, 60 degrees clockwise each)
shows on side ``d`` the stones printed on side ``d - r``.

>>> label(4), index("B4")
('A5', 8)
>>> [label(n) if n >= 0 else None for n in NEIGHBOURS[index("A5")]]
['A4', 'B4', 'B5', None, None, None]
>>> rotated((1, 0, 0, 2, 0, 0), 1)
(0, 1, 0, 0, 2, 0)
"""

from __future__ import annotations

import math

from .components import COLUMNS, ROWS

__all__ = [
    "SPACES", "LABELS", "INDEX", "NEIGHBOURS", "OPPOSITE", "label", "index", "rotated", "side_mask",
    "distinct_rotations", "centre", "hex_corners",
]

#: Number of spaces on the board.
SPACES = COLUMNS * ROWS
_LETTERS = "ABCDEFGH"[:COLUMNS]

#: Space labels by index; index = column * ROWS + row, so label order is index order.
LABELS = tuple(f"{_LETTERS[i // ROWS]}{i % ROWS + 1}" for i in range(SPACES))
INDEX = {name: i for i, name in enumerate(LABELS)}
#: The side facing back: a passage leaves one hex by side d and enters the other by side d + 3.
OPPOSITE = (3, 4, 5, 0, 1, 2)


def label(i: int) -> str:
    """The name of space ``i`` (``0`` -> ``"A1"``)."""
    return LABELS[i]


def index(name: str) -> int:
    """The index of a space from its name (``"A5"`` -> ``4``); ``KeyError`` for an unknown name."""
    return INDEX[name.upper()]


def _neighbours(i: int) -> tuple[int, ...]:
    c, r = divmod(i, ROWS)
    if c % 2 == 0:
        cells = ((c, r - 1), (c + 1, r - 1), (c + 1, r), (c, r + 1), (c - 1, r), (c - 1, r - 1))
    else:
        cells = ((c, r - 1), (c + 1, r), (c + 1, r + 1), (c, r + 1), (c - 1, r + 1), (c - 1, r))
    return tuple(cc * ROWS + rr if 0 <= cc < COLUMNS and 0 <= rr < ROWS else -1 for cc, rr in cells)


#: ``NEIGHBOURS[i][d]``: the space beyond side ``d`` of space ``i``, or -1 off the board.
NEIGHBOURS = tuple(_neighbours(i) for i in range(SPACES))


def rotated(stones: tuple[int, ...], rotation: int) -> tuple[int, ...]:
    """The stones per side after turning a tile ``rotation`` steps of 60 degrees clockwise."""
    return tuple(stones[(d - rotation) % 6] for d in range(6))


def side_mask(stones: tuple[int, ...]) -> int:
    """A 6-bit mask of the sides that carry at least one stone (bit ``d`` for side ``d``).

    >>> side_mask((0, 0, 0, 2, 1, 0))
    24
    """
    return sum(1 << d for d in range(6) if stones[d])


def distinct_rotations(stones: tuple[int, ...]) -> tuple[int, ...]:
    """The rotations giving different pictures (the smallest of each); a volcano has only 0.

    >>> distinct_rotations((0, 1, 0, 1, 0, 1))
    (0, 1)
    >>> len(distinct_rotations((0, 0, 0, 3, 0, 0)))
    6
    """
    seen, out = set(), []
    for r in range(6):
        pic = rotated(stones, r)
        if pic not in seen:
            seen.add(pic)
            out.append(r)
    return tuple(out)


_ROOT3 = math.sqrt(3.0)


def centre(i: int, size: float = 1.0) -> tuple[float, float]:
    """The centre of space ``i`` for hexes of circumradius ``size`` (y grows downwards).

    >>> centre(0), centre(5)
    ((0.0, 0.0), (1.5, 0.866))
    """
    c, r = divmod(i, ROWS)
    return (round(1.5 * size * c, 3), round(_ROOT3 * size * (r + 0.5 * (c % 2)), 3))


def hex_corners(x: float, y: float, size: float) -> list[tuple[float, float]]:
    """The six corners of a flat-topped hex centred on (x, y), clockwise from the east corner."""
    return [(round(x + size * math.cos(math.radians(60 * k)), 2), round(y + size * math.sin(math.radians(60 * k)), 2))
            for k in range(6)]
