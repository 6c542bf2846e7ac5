"""Expedition Luxor: the rule book's arithmetic as small pure functions.

* ``board_limit(players)``: the play area's largest side ("Taille de la zone de jeu");
* ``tile_points(kind)``: what the top adventurer of a tile scores ("Fin de partie");
* ``score_breakdown(...)``: the final count, line by line, from plain data
  (tiles, stacks, and for "Nouvelles aventures" the boats and the adventurers
  taken by sandstorms).

Only the top adventurer of a tile scores (*Seul le joueur dont l'aventurier est
placé au-dessus des autres marque les points*): 1 per camp, 2 per temple, 3 per
pyramid; other tiles score nothing.  Ties go to the player with the most
adventurers left in the reserve, and then the victory is shared.

>>> board_limit(3)
9
>>> [tile_points(k) for k in ("camp", "temple", "oasis pyramid", "mountain")]
[1, 2, 3, 0]
>>> rows = score_breakdown({"F6": "desert temple", "G6": "oasis camp", "F7": "desert pyramid"},
...                        {"F6": [0, 1], "G6": [0], "F7": [1, 1, 0]}, players=2)
>>> [r["total"] for r in rows]
[4, 2]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .components import BOARD_LIMIT, BUILDING_POINTS, BUILDINGS, KIND_BY_NAME
from .grid import cell_xy

__all__ = ["board_limit", "tile_points", "score_breakdown", "final_scores", "boat_neighbours", "top_owner"]


def board_limit(players: int) -> int:
    """The most tiles per row and per column of the play area: 7, 9 or 10 for 2, 3 or 4 players.

    The start layout counts inside the limit ("Taille de la zone de jeu").

    >>> [board_limit(n) for n in (2, 3, 4)]
    [7, 9, 10]
    """
    if players not in BOARD_LIMIT:
        raise ValueError(f"Expedition Luxor is played by 2 to 4 players, not {players!r}")
    return BOARD_LIMIT[players]


def tile_points(kind: str) -> int:
    """Points for the top adventurer of a tile: camp 1, temple 2, pyramid 3, anything else 0.

    ``kind`` is a building (``"temple"``) or a tile kind (``"oasis temple"``, ``"lake"``).

    >>> tile_points("desert pyramid"), tile_points("lake")
    (3, 0)
    """
    if kind in BUILDING_POINTS:
        return BUILDING_POINTS[kind]
    info = KIND_BY_NAME.get(kind)
    if info is None:
        known = ", ".join(list(BUILDINGS) + sorted(KIND_BY_NAME))
        raise ValueError(f"{kind!r} is not a building or a kind of tile; known: {known}")
    return info.points


def top_owner(stack: Sequence[int]) -> int | None:
    """The seat whose adventurer is on top of a stack (listed bottom to top), or ``None``."""
    return stack[-1] if stack else None


def boat_neighbours(cell: str, tiles: Mapping[str, str]) -> list[str]:
    """The camps, temples and pyramids orthogonally next to a boat's lake (they score 1 each).

    >>> boat_neighbours("B2", {"B1": "desert temple", "A2": "desert", "C2": "oasis camp", "C3": "desert pyramid"})
    ['B1', 'C2']
    """
    x, y = cell_xy(cell)
    out = []
    for name, kind in tiles.items():
        nx_, ny_ = cell_xy(name)
        if abs(nx_ - x) + abs(ny_ - y) == 1 and KIND_BY_NAME[kind].building:
            out.append(name)
    return sorted(out)


def score_breakdown(tiles: Mapping[str, str], stacks: Mapping[str, Sequence[int]], *, players: int,
                    boats: Mapping[str, int] | None = None,
                    captives: Sequence[int] | None = None) -> list[dict]:
    """Each seat's points by line of the count: camps, temples, pyramids, boats, sandstorm, total.

    Parameters
    ----------
    tiles : mapping of cell name to tile kind
    stacks : mapping of cell name to the seats of its adventurers, bottom to top
    players : number of seats
    boats : mapping of a lake's cell to the seat whose boat is on it ("Nouvelles aventures")
    captives : per seat, the other players' adventurers taken with a sandstorm

    Returns
    -------
    list of dict, one per seat

    Examples
    --------
    >>> rows = score_breakdown({"B1": "desert temple", "B2": "lake", "C2": "oasis camp"},
    ...                        {"B1": [1], "C2": [0]}, players=2, boats={"B2": 0}, captives=[0, 3])
    >>> rows[0]["boats"], rows[0]["total"], rows[1]["sandstorm"], rows[1]["total"]
    (2, 3, 3, 5)
    """
    rows = [{"camps": 0, "temples": 0, "pyramids": 0, "boats": 0, "sandstorm": 0} for _ in range(players)]
    for cell, kind in tiles.items():
        building = KIND_BY_NAME[kind].building
        owner = top_owner(stacks.get(cell, ()))
        if building and owner is not None:
            rows[owner][building + "s"] += BUILDING_POINTS[building]
    for cell, seat in (boats or {}).items():
        rows[seat]["boats"] += len(boat_neighbours(cell, tiles))
    for seat, n in enumerate(captives or ()):
        rows[seat]["sandstorm"] += n
    for row in rows:
        row["total"] = sum(row.values())
    return rows


def final_scores(tiles: Mapping[str, str], stacks: Mapping[str, Sequence[int]], *, players: int,
                 boats: Mapping[str, int] | None = None, captives: Sequence[int] | None = None) -> list[int]:
    """Total points per seat recomputed from scratch (see ``score_breakdown``)."""
    return [r["total"] for r in score_breakdown(tiles, stacks, players=players, boats=boats, captives=captives)]
