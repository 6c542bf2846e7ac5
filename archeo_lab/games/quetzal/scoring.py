"""Quetzal: the arithmetic of the rules as small pure functions ("Mise en place", "Livrer les
Objets", "Fin de partie").

>>> starting_gold(0), starting_gold(4)
(4, 6)
>>> gold_points(8)
2
>>> delivery_points("vase", 3)
6
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .components import (
    DELIVERY_MAX, FIRST_PLAYER_VP, GOLD_PER_VP, OBJECT_BY_KEY, SEAT_GOLD, TILE_KIND, UPGRADE_BY_KEY,
)

__all__ = ["starting_gold", "gold_points", "delivery_points", "upgrade_points", "final_breakdown"]


def starting_gold(seat: int) -> int:
    """Gold a seat starts with: 4, 5, 5, 6, 6 from the first player on ("Mise en place").

    Seat 0 is the first player.

    >>> [starting_gold(s) for s in range(5)]
    [4, 5, 5, 6, 6]
    """
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(SEAT_GOLD):
        raise ValueError(f"seat must be 0 to {len(SEAT_GOLD) - 1} (Quetzal has 2 to 5 players), not {seat!r}")
    return SEAT_GOLD[seat]


def gold_points(gold: int) -> int:
    """VP for the gold left at the end: 1 per full lot of 3 ("1 point de Victoire par lot de 3 Pièces d'or").

    >>> [gold_points(g) for g in (0, 2, 3, 8, 9)]
    [0, 0, 1, 2, 3]
    """
    if not isinstance(gold, int) or isinstance(gold, bool) or gold < 0:
        raise ValueError(f"gold must be a whole number >= 0, not {gold!r}")
    return gold // GOLD_PER_VP


def delivery_points(object_type: str, count: int) -> int:
    """VP for delivering ``count`` (1 to 3) objects of one type together (reconstruction, GAPS 3.5).

    >>> [delivery_points("mummy", n) for n in (1, 2, 3)]
    [4, 8, 14]
    """
    t = OBJECT_BY_KEY.get(object_type)
    if t is None:
        raise ValueError(f"no object type {object_type!r}; types: {', '.join(OBJECT_BY_KEY)}")
    if not 1 <= count <= DELIVERY_MAX:
        raise ValueError(f"a delivery is 1 to {DELIVERY_MAX} objects of one type, not {count}")
    return t.points[count - 1]


def upgrade_points(tiles: Iterable[str]) -> int:
    """VP of the upgrade tiles a player won, used ones in the personal discard included.

    >>> upgrade_points(["U01", "U05"])    # a reroll (2 VP) and a double reroll (1 VP)
    3
    """
    return sum(UPGRADE_BY_KEY[TILE_KIND[t]].vp for t in tiles)


def final_breakdown(vp: Sequence[int], gold: Sequence[int], upgrades: Sequence[Iterable[str]],
                    first: int | None) -> list[dict]:
    """Each seat's points line by line ("Fin de partie"): the score track, +2 for the first-player
    token, 1 per 3 gold, the upgrades' VP.

    The rule book's example: Jean has 34 VP, 8 gold, the token and 5 VP of upgrades: 43.

    >>> row = final_breakdown([34], [8], [["U01", "U02", "U05"]], first=0)[0]
    >>> row["track"], row["token"], row["gold"], row["upgrades"], row["total"]
    (34, 2, 2, 5, 43)
    """
    rows = []
    for seat, (points, coins, tiles) in enumerate(zip(vp, gold, upgrades)):
        row = {"track": points, "token": FIRST_PLAYER_VP if seat == first else 0,
               "gold": gold_points(coins), "upgrades": upgrade_points(tiles)}
        row["total"] = sum(row.values())
        rows.append(row)
    return rows
