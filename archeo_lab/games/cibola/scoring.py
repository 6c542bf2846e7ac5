"""Les Trésors de Cibola: the final count ("Fin de partie"), as small pure functions.

The rule book's count, item by item:

* sundials, snakes and feathered shields score the value left visible in
  their column of the temple board, **per item**;
* statuettes: only the player(s) with the most score the visible value
  (ties: each scores it);
* skulls: the player(s) with the most take the visible malus (ties: each);
* 1 point per 2 explorers left;
* end-of-game totems change the count (``components.TOTEMS``);
* ties on points go to the player with the most explorers left.

During play several cells of a column are still visible; the *live* value of
a treasure is then the average of its visible cells (the final value is one of
them), which is what ``State.scores()`` and the boards show.

>>> explorer_points(7)
3
>>> majority_holders([2, 0, 2])
[0, 2]
>>> majority_holders([0, 0])
[]
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence

from .components import CARD_BY_ID, CARDS, COLUMNS, EXPLORERS_PER_POINT, KINDS

__all__ = [
    "explorer_points", "majority_holders", "holds_majority", "treasure_counts", "visible_values", "column_value",
    "score_breakdown", "gains", "final_scores", "CARD_COUNTS",
]

SUNDIAL, SNAKE, STATUETTE, SHIELD, SKULL = range(5)


def explorer_points(explorers: int) -> int:
    """1 point per 2 explorers left at the end ("1 point supplémentaire pour 2 explorateurs";
    ``components.EXPLORERS_PER_POINT``)."""
    return explorers // EXPLORERS_PER_POINT


def majority_holders(counts: Sequence[float]) -> list[int]:
    """Seats with the most items, if that most is at least one (ties: all of them)."""
    return [s for s in range(len(counts)) if holds_majority(counts, s)]


def holds_majority(counts: Sequence[float], seat: int) -> bool:
    """Whether ``seat`` has the most items (ties included), and at least one.

    >>> holds_majority([2, 0, 2], 2), holds_majority([0, 0], 0)
    (True, False)
    """
    mine = counts[seat]
    return mine >= 1 and mine >= max(counts)


def treasure_counts(cards: Iterable[str]) -> list[int]:
    """How many of each treasure kind (in ``KINDS`` order) the given cards show.

    >>> treasure_counts(["I-01", "I-03"])   # sundial; sundial + snake
    [2, 1, 0, 0, 0]
    """
    counts = [0] * len(KINDS)
    index = {k: i for i, k in enumerate(KINDS)}
    for card in cards:
        for kind in CARD_BY_ID[card].treasures:
            counts[index[kind]] += 1
    return counts


#: Each card's treasure counts, in ``KINDS`` order (worked out once: taking a card is a hot path).
CARD_COUNTS = {card.id: treasure_counts([card.id]) for card in CARDS}


def visible_values(covered: Sequence[Sequence[bool]]) -> list[tuple[int, ...]]:
    """The values still visible in each column, given which cells carry a rock."""
    return [tuple(v for v, rock in zip(col.cells, cov) if not rock) for col, cov in zip(COLUMNS, covered)]


def column_value(visible: Sequence[int]) -> float:
    """A column's value now: its single visible cell at the end, the average of the visible cells before."""
    return sum(visible) / len(visible)


def score_breakdown(counts: Sequence[Sequence[int]], explorers: Sequence[int],
                    totems: Sequence[Iterable[str]], values: Sequence[float]) -> list[dict[str, float]]:
    """Each seat's points by line of the count, from its treasure counts, explorers and totems.

    ``values`` holds one value per column (``column_value`` of each).  Totem
    effects (``components.TOTEMS``): ``sun`` and ``plumes`` count as one more
    sundial or feathered shield, at its column's value (so a sundial stays worth
    0 to 3 and a shield 3 to 9, as printed); ``charmer`` snakes score at least 0;
    ``idol`` +1 statuette and ``amulet`` -1 skull, for the majorities only.

    >>> rows = score_breakdown([[2, 0, 1, 1, 1], [0, 1, 1, 0, 2]], [5, 0], [["sun"], []],
    ...                        [3, -1, 8, 6, -6])
    >>> [r["total"] for r in rows]
    [25, 1]
    >>> rows[0]["totems"], rows[1]["skull"]
    (3, -6)
    """
    owned = [set(t) for t in totems]
    statuettes, skulls = map(list, zip(*map(_for_majorities, counts, owned)))
    statuette_winners = set(majority_holders(statuettes))
    skull_losers = set(majority_holders(skulls))
    return [_seat_line(c, own, explorers[seat], values, seat in statuette_winners, seat in skull_losers)
            for seat, (c, own) in enumerate(zip(counts, owned))]


def gains(counts: Sequence[Sequence[int]], explorers: Sequence[int], totems: Sequence[Iterable[str]],
          values: Sequence[float], seat: int, extras: Mapping[str, Sequence[int]]) -> dict[str, float]:
    """How many points ``seat``'s count would gain with each of ``extras`` (treasure counts in ``KINDS``
    order, e.g. a card's), the other seats unchanged: ``score_breakdown``'s count, for one seat.

    >>> gains([[0, 0, 1, 0, 0], [0, 0, 1, 0, 0]], [0, 0], [[], []], [3, -1, 8, 6, -6], 0,
    ...       {"statuette": [0, 0, 1, 0, 0], "sundial + snake": [1, 1, 0, 0, 0]})
    {'statuette': 0, 'sundial + snake': 2}
    """
    owned = [set(t) for t in totems]
    statuettes, skulls = map(list, zip(*map(_for_majorities, counts, owned)))
    own = owned[seat]

    def total(c: Sequence[int]) -> float:
        statuettes[seat], skulls[seat] = _for_majorities(c, own)
        return _seat_line(c, own, explorers[seat], values, holds_majority(statuettes, seat),
                          holds_majority(skulls, seat))["total"]

    mine = counts[seat]
    base = total(mine)
    return {key: total([a + b for a, b in zip(mine, extra)]) - base for key, extra in extras.items()}


def _for_majorities(c: Sequence[int], own: Collection[str]) -> tuple[int, int]:
    """A seat's statuettes and skulls as the majorities count them: ``idol`` +1 statuette, ``amulet`` -1 skull."""
    return c[STATUETTE] + ("idol" in own), c[SKULL] - ("amulet" in own)


def _seat_line(c: Sequence[int], own: Collection[str], explorers: int, values: Sequence[float],
               statuette_winner: bool, skull_loser: bool) -> dict[str, float]:
    """One seat's points by line of the count, the majorities already decided (see ``score_breakdown``)."""
    snake_value = max(values[SNAKE], 0) if "charmer" in own else values[SNAKE]
    row = {
        "sundial": c[SUNDIAL] * values[SUNDIAL],
        "snake": c[SNAKE] * snake_value,
        "statuette": values[STATUETTE] if statuette_winner else 0,
        "shield": c[SHIELD] * values[SHIELD],
        "skull": values[SKULL] if skull_loser else 0,
        "totems": values[SUNDIAL] * ("sun" in own) + values[SHIELD] * ("plumes" in own),
        "explorers": explorer_points(explorers),
    }
    row["total"] = sum(row.values())
    return row


def final_scores(collections: Sequence[Iterable[str]], explorers: Sequence[int],
                 totems: Sequence[Iterable[str]], covered: Sequence[Sequence[bool]]) -> list[int]:
    """Total points per seat recomputed from scratch (cards held, explorers, totems, rocks)."""
    values = [column_value(v) for v in visible_values(covered)]
    rows = score_breakdown([treasure_counts(c) for c in collections], explorers, totems, values)
    return [round(r["total"]) for r in rows]
