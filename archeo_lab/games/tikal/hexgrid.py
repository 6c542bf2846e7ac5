"""Tikal: the board's hex grid (plateau), as pure data and small functions.

The board is 8 columns (A to H, left to right) of 5 flat-topped hexes (rows 1
to 5, top to bottom); even columns (A, C, E, G) sit half a hex higher than
odd ones (GAPS.md 1.3).  A space is named like a chess square: ``"A5"`` is
column A, row 5, the base camp (Camp de base) in the bottom-left corner.

Sides are numbered clockwise from the north: 0 N, 1 NE, 2 SE, 3 S, 4 SW,
5 NW.  A tile turned by ``r`` (rotation ``r``, 60 degrees clockwise each)
shows on side ``d`` the stones printed on side ``d - r``.

A passage ("Règles de passage") is the stones on two facing sides, 1 to 6;
none leads into a volcano.  ``BoardLayout`` keeps what a board of placed
hexes implies (passages, temples, camps, where a new hex may link), changed
only where a hex is placed or a camp set up.

>>> label(4), index("B4")
('A5', 8)
>>> [label(n) if n >= 0 else None for n in NEIGHBOURS[index("A5")]]
['A4', 'B4', 'B5', None, None, None]
>>> rotated((1, 0, 0, 2, 0, 0), 1)
(0, 1, 0, 0, 2, 0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from .components import COLUMNS, ROWS

__all__ = [
    "SPACES", "LABELS", "INDEX", "NEIGHBOURS", "OPPOSITE", "label", "index", "rotated", "side_mask",
    "distinct_rotations", "centre", "hex_corners", "Sides", "ANY_SIDE", "passages", "frontier_need", "links",
    "BoardLayout", "camp_nodes",
]

#: Stones on the six sides of a hex, N to NW.
Sides = tuple[int, ...]

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


# -- what a board of placed hexes implies (passages, where a new hex may link) -----------------------------
#: ``frontier_need`` when a neighbour shows stones towards the free space: every rotation links.
ANY_SIDE = 1 << 6


def passages(kind: Sequence[str | None], stones: Sequence[Sides | None], i: int) -> tuple[tuple[int, int], ...]:
    """(neighbour, stones) for every passage out of space ``i`` ("Règles de passage").

    A passage is the stones on both facing sides (1 to 6); none leads into or out of a volcano
    ("il n'est en aucun cas possible de traverser un hexagone Volcan").  ``kind`` and ``stones``
    give each space's hex kind and its stones after rotation (None: no hex there).

    >>> kind, stones = [None] * SPACES, [None] * SPACES
    >>> kind[4], stones[4] = "camp", (1, 1, 1, 0, 0, 0)
    >>> kind[8], stones[8] = "clearing", (1, 1, 1, 0, 0, 0)
    >>> passages(kind, stones, 4)
    ((8, 1),)
    """
    k = kind[i]
    if k is None or k == "volcano":
        return ()
    st, out = stones[i], []
    assert st is not None
    for d, j in enumerate(NEIGHBOURS[i]):
        if j < 0:
            continue
        kj, sj = kind[j], stones[j]
        if kj is None or kj == "volcano" or sj is None:
            continue
        c = st[d] + sj[OPPOSITE[d]]
        if c:
            out.append((j, c))
    return tuple(out)


def frontier_need(kind: Sequence[str | None], stones: Sequence[Sides | None], i: int) -> int | None:
    """What a new hex on free space ``i`` must link to ("Règle de pose"), or None if ``i`` is taken or
    touches no placed hex.

    The answer is a mask of the sides of ``i`` that face a placed non-volcano hex (the new hex
    needs stones on one of them), or ``ANY_SIDE`` when such a neighbour already shows stones
    towards ``i`` (then every rotation links).  0: only volcanoes around.
    """
    if kind[i] is not None:
        return None
    need, adjacent = 0, False
    for d, j in enumerate(NEIGHBOURS[i]):
        if j < 0 or kind[j] is None:
            continue
        adjacent = True
        sj = stones[j]
        if kind[j] == "volcano" or sj is None:
            continue
        if sj[OPPOSITE[d]]:
            return ANY_SIDE
        need |= 1 << d
    return need if adjacent else None


def links(need: int, mask: int) -> bool:
    """Whether a hex whose stones are on the sides ``mask`` (``side_mask``) links on a space that
    needs ``need`` (``frontier_need``).

    >>> links(ANY_SIDE, 0), links(0b001000, side_mask((0, 0, 0, 2, 1, 0))), links(0b000001, 0b011000)
    (True, True, False)
    """
    return need == ANY_SIDE or bool(mask & need)


class BoardLayout:
    """Derived data of one board and camp layout.  Copies of a state share it; the state that places a
    hex or sets up a camp first takes a layout of its own (``copy``), unless it already has one, and
    changes that in place (``place``, ``set_camps``): only the new hex's space and its neighbours, or
    the camps' owner, change.  ``state.py`` keeps which state owns its layout.

    ``adj[i]``: passages out of space ``i`` as (space, stones); ``temples``: temple spaces;
    ``nodes[p]``: the base camp and seat ``p``'s camps (hops of 1 AP between them);
    ``frontier``: ``frontier_need`` of every free space next to a placed hex; ``moves[p][i]``:
    seat ``p``'s moves out of space ``i``, worked out by the rules on demand (``state.py``);
    ``bring[p]``: the actions bringing a piece into play, filled on demand; ``extra``: other
    caches of this layout (``evaluate.proximity``), emptied when it changes.
    """

    __slots__ = ("adj", "temples", "nodes", "frontier", "moves", "extra", "bring")

    def __init__(self, adj: list[tuple[tuple[int, int], ...]], temples: tuple[int, ...],
                 nodes: tuple[tuple[int, ...], ...], frontier: dict[int, int],
                 moves: list[list[Any]] | None = None, bring: list[Any] | None = None) -> None:
        self.adj, self.temples, self.nodes, self.frontier = adj, temples, nodes, frontier
        self.extra: dict[Any, Any] = {}
        self.moves: list[list[Any]] = moves if moves is not None else [[None] * SPACES for _ in nodes]
        self.bring: list[Any] = bring if bring is not None else [None] * len(nodes)

    @classmethod
    def build(cls, kind: Sequence[str | None], stones: Sequence[Sides | None],
              camp_of: Sequence[int | None], players: int, base: int) -> BoardLayout:
        """From scratch (a new game, a load, a hand-made position)."""
        adj = [passages(kind, stones, i) for i in range(SPACES)]
        temples = tuple(i for i in range(SPACES) if kind[i] == "temple")
        frontier = {}
        for i in range(SPACES):
            need = frontier_need(kind, stones, i)
            if need is not None:
                frontier[i] = need
        return cls(adj, temples, camp_nodes(camp_of, players, base), frontier)

    def copy(self) -> BoardLayout:
        """A layout of its own for a state about to change it (the states sharing this one keep it)."""
        return BoardLayout(self.adj[:], self.temples, self.nodes, dict(self.frontier), [row[:] for row in self.moves],
                           self.bring[:])

    def place(self, kind: Sequence[str | None], stones: Sequence[Sides | None], placed: int) -> None:
        """A hex was placed on ``placed``: its passages, its neighbours', the frontier and their moves."""
        adj = self.adj
        adj[placed] = mine = passages(kind, stones, placed)
        for j, c in mine:                                   # the neighbours gain one passage each
            adj[j] = tuple(sorted(adj[j] + ((placed, c),)))
        if kind[placed] == "temple":
            self.temples = tuple(sorted(self.temples + (placed,)))
        # The free neighbours of the new hex gain a side towards it (unless it is a volcano).
        frontier = self.frontier
        frontier.pop(placed, None)
        st = stones[placed]
        assert st is not None
        volcano = kind[placed] == "volcano"
        for d, j in enumerate(NEIGHBOURS[placed]):
            if j < 0 or kind[j] is not None:
                continue
            need = frontier.get(j, 0)
            if not volcano:
                need = ANY_SIDE if need == ANY_SIDE or st[d] else need | 1 << OPPOSITE[d]
            frontier[j] = need
        for row in self.moves:
            row[placed] = None
            for j, _ in mine:
                row[j] = None
        self.extra.clear()

    def set_camps(self, camp_of: Sequence[int | None], players: int, base: int) -> None:
        """A camp was set up: only its owner's moves out of its camps and the base camp change."""
        nodes = camp_nodes(camp_of, players, base)
        for p in range(players):
            if nodes[p] != self.nodes[p]:
                self.bring[p] = None
                for i in nodes[p]:
                    self.moves[p][i] = None
        self.nodes = nodes
        self.extra.clear()


def camp_nodes(camp_of: Sequence[int | None], players: int, base: int) -> tuple[tuple[int, ...], ...]:
    """Per seat, the base camp and its own camps, sorted ("Se déplacer d'un camp à un autre")."""
    return tuple(tuple(sorted([base] + [i for i in range(SPACES) if camp_of[i] == p])) for p in range(players))
