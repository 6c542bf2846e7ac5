"""Expedition Luxor, *Déplacer les aventuriers*: where the extras of a camp and the surplus of a group may go.

Only the extra adventurers of the camp just placed move, at once, as one group
in a straight line, tile to tile, never across an empty space; to enter a tile
the group leaves on it at least its entry cost (1 desert, 2 oasis, 3 mountain;
lakes and tiles under snakes are closed); no tile may end the move above
``TILE_MAX``, so the surplus on the tile just entered goes on along the line.
The decisions where the rule book is silent (one line per camp, four at the
end of the move) are in ``state.py``'s docstring.  Every number comes from
``state.numbers``.
"""

from __future__ import annotations

from typing import Any

__all__ = ["room_for", "camp_moves", "head_moves"]


def room_for(state: Any, cell: int, d: int, k: int) -> bool:
    """Can ``k`` adventurers moving in direction ``d`` enter ``cell`` and finish the line legally?

    They must leave at least the entry cost there; the tile may not end
    above ``TILE_MAX``, so any more must go on to the next tile of the line.
    """
    if cell < 0:
        return False
    kind = state.kind[cell]
    if kind < 0:
        return False
    numbers = state.numbers
    cost = numbers.cost[kind]
    if cost is None or k < cost or cell in state.tokens:
        return False
    room = numbers.tile_max - len(state.stack[cell])
    if k <= room:
        return True
    if room < cost:
        return False
    nxt = state.geo.step[d][cell]
    return any(room_for(state, nxt, d, push) for push in range(k - room, k - cost + 1))


def camp_moves(state: Any, first: bool = False) -> list[Any]:
    """New groups leaving the camp of this turn: any direction, 1 to its free extras (``first``: stop at
    the first one found)."""
    out: list[Any] = []
    camp, free = state.camp, state.camp_movable
    if camp < 0 or free <= 0 or state.surplus_pending():
        return out
    step, move = state.geo.step, state.table.move
    for d in range(4):
        nb = step[d][camp]
        for k in range(1, free + 1):
            if room_for(state, nb, d, k):
                out.append(move(k, camp, nb))
                if first:
                    return out
    return out


def head_moves(state: Any, first: bool = False) -> list[Any]:
    """The surplus of the tile just entered going on along the same line (``state.head_range()``)."""
    out: list[Any] = []
    head = state.head
    if head < 0:
        return out
    lo, hi = state.head_range()
    d = state.head_dir
    nb = state.geo.step[d][head]
    for k in range(lo, hi + 1):
        if room_for(state, nb, d, k):
            out.append(state.table.move(k, head, nb))
            if first:
                return out
    return out
