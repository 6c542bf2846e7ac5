"""Expedition Luxor: the square grid the tiles are laid on, and its cell names.

The play area may never exceed 7 x 7, 9 x 9 or 10 x 10 tiles ("Taille de la
zone de jeu"), but nobody knows in advance in which direction it will grow
from the start layout.  So the engine uses a fixed grid just large enough for
every play area that contains the start layout: ``2L - N`` columns and
``2L - 2`` rows, where ``L`` is the limit and ``N`` the layout's width.  Cells
are named like a chess board: a column letter from ``A`` and a row number from
``1`` at the top (``"F7"``).

>>> g = geometry(2)
>>> g.width, g.height, g.limit
(12, 12, 7)
>>> [g.name(i) for i in g.layout]
['F6', 'G6', 'F7', 'G7']
>>> cell_xy("F7")
(5, 6)
"""

from __future__ import annotations

import re
from functools import cache

from .components import BOARD_LIMIT, LAYOUT_ROWS

__all__ = ["Geometry", "geometry", "cell_name", "cell_xy", "DIRECTIONS", "DIRECTION_NAMES", "CELL_PATTERN"]

COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: Steps (dx, dy) in the order north, east, south, west.
DIRECTIONS = ((0, -1), (1, 0), (0, 1), (-1, 0))
DIRECTION_NAMES = ("north", "east", "south", "west")
CELL_PATTERN = r"[A-Za-z]\d{1,2}"
_CELL = re.compile(r"([A-Za-z])(\d{1,2})")


def cell_name(x: int, y: int) -> str:
    """The name of the cell in column ``x`` and row ``y`` (both from 0): ``cell_name(5, 6) == "F7"``."""
    return f"{COLUMNS[x]}{y + 1}"


def cell_xy(name: str) -> tuple[int, int]:
    """Column and row (from 0) of a cell name; ``ValueError`` if it is not one."""
    m = _CELL.fullmatch(name.strip()) if isinstance(name, str) else None
    if m is None or int(m.group(2)) < 1:
        raise ValueError(f"{name!r} is not a cell name (a column letter and a row number, like 'F7')")
    return COLUMNS.index(m.group(1).upper()), int(m.group(2)) - 1


class Geometry:
    """The grid of one player count: sizes, cell names, neighbours and the start layout.

    Cells are integers ``y * width + x``; ``step[d][c]`` is the neighbour of
    ``c`` in direction ``d`` (``-1`` off the grid).
    """

    __slots__ = ("players", "limit", "width", "height", "size", "names", "index", "step", "neighbours",
                 "layout", "rank", "by_rank", "xs", "ys")

    def __init__(self, players: int):
        if players not in BOARD_LIMIT:
            raise ValueError(f"Expedition Luxor is played by 2 to 4 players, not {players!r}")
        self.players = players
        self.limit = limit = BOARD_LIMIT[players]
        cols = players                                   # the layout: 2 rows x N columns
        self.width = 2 * limit - cols
        self.height = 2 * limit - LAYOUT_ROWS
        self.size = self.width * self.height
        self.xs = [c % self.width for c in range(self.size)]
        self.ys = [c // self.width for c in range(self.size)]
        self.names = [cell_name(x, y) for x, y in zip(self.xs, self.ys)]
        self.index = {n: i for i, n in enumerate(self.names)}
        self.step = []
        for dx, dy in DIRECTIONS:
            row = []
            for c in range(self.size):
                x, y = self.xs[c] + dx, self.ys[c] + dy
                row.append(y * self.width + x if 0 <= x < self.width and 0 <= y < self.height else -1)
            self.step.append(row)
        self.neighbours = [tuple(self.step[d][c] for d in range(4) if self.step[d][c] >= 0)
                           for c in range(self.size)]
        x0, y0 = limit - cols, limit - LAYOUT_ROWS
        self.layout = tuple((y0 + r) * self.width + x0 + k for r in range(LAYOUT_ROWS) for k in range(cols))
        #: The cells in name order ("A1", "A10", ... as the sorted actions list them), and each cell's place in it.
        self.by_rank = order = sorted(range(self.size), key=lambda c: self.names[c])
        self.rank = [0] * self.size
        for r, c in enumerate(order):
            self.rank[c] = r

    def name(self, cell: int) -> str:
        return self.names[cell]

    def cell(self, name: str) -> int:
        """The cell index of a name; ``ValueError`` naming the grid if it is off the grid."""
        i = self.index.get(name.upper() if isinstance(name, str) else name)
        if i is None:
            last = cell_name(self.width - 1, self.height - 1)
            raise ValueError(f"{name!r} is not a cell of the {self.players}-player grid (A1 to {last})")
        return i

    def direction(self, a: int, b: int) -> int | None:
        """The direction (0 north, 1 east, 2 south, 3 west) from ``a`` to its neighbour ``b``."""
        for d in range(4):
            if self.step[d][a] == b:
                return d
        return None


@cache
def geometry(players: int) -> Geometry:
    """The (shared, read-only) grid of a player count."""
    return Geometry(players)
