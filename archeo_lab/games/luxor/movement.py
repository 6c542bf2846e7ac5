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

__all__ = ["entry_cost", "room_for", "camp_moves", "head_moves"]


def entry_cost(state: Any, cell: int) -> int | None:
    """The adventurers a group must leave on ``cell`` to enter it (*Règles de déplacement*: 1 desert,
    2 oasis, 3 mountain), or None where no group may enter: off the grid, an empty space, a lake, a
    tile under a token."""
    if cell < 0:
        return None
    kind = state.kind[cell]
    if kind < 0 or cell in state.tokens:
        return None
    cost: int | None = state.numbers.cost[kind]
    return cost


def room_for(state: Any, cell: int, d: int, k: int) -> bool:
    """Can ``k`` adventurers moving in direction ``d`` enter ``cell`` and finish the line legally?"""
    cost = entry_cost(state, cell)
    return cost is not None and k >= cost and _finishes(state, cell, d, k, cost)


def _finishes(state: Any, cell: int, d: int, k: int, cost: int) -> bool:
    """``room_for`` once the group (``k``, at least ``cost``) may enter ``cell``: it leaves at least the
    entry cost there; the tile may not end above ``TILE_MAX``, so any more must go on to the next
    tile of the line."""
    room = state.numbers.tile_max - len(state.stack[cell])
    if k <= room:
        return True
    if room < cost:
        return False
    nxt = state.geo.step[d][cell]
    nxt_cost = entry_cost(state, nxt)
    return nxt_cost is not None and any(_finishes(state, nxt, d, push, nxt_cost)
                                        for push in range(max(k - room, nxt_cost), k - cost + 1))


def camp_moves(state: Any) -> list[Any]:
    """New groups leaving the camp of this turn: any direction, 1 to its free extras."""
    out: list[Any] = []
    camp, free = state.camp, state.camp_movable
    if camp < 0 or free <= 0 or state.surplus_pending():
        return out
    step, move = state.geo.step, state.table.move
    for d in range(4):
        nb = step[d][camp]
        cost = entry_cost(state, nb)
        if cost is None:
            continue
        for k in range(max(cost, 1), free + 1):
            if _finishes(state, nb, d, k, cost):
                out.append(move(k, camp, nb))
    return out


def head_moves(state: Any) -> list[Any]:
    """The surplus of the tile just entered going on along the same line (``state.head_range()``)."""
    out: list[Any] = []
    head = state.head
    if head < 0:
        return out
    lo, hi = state.head_range()
    d = state.head_dir
    nb = state.geo.step[d][head]
    cost = entry_cost(state, nb)
    if cost is None:
        return out
    for k in range(max(lo, cost), hi + 1):
        if _finishes(state, nb, d, k, cost):
            out.append(state.table.move(k, head, nb))
    return out
