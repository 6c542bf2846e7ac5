"""Tikal: scoring ("Calculer ses Points de Prestige"), as small pure functions.

After spending 10 AP in a scoring round, a player scores:

* **temples**: the value of every temple they hold, either with a guardian
  (Gardien) or by a majority of explorers on its hex: more than every other
  player there (a tie holds nothing).  The expedition leader (Chef
  d'expédition) counts as three explorers for temple control, for guardians
  and for scoring alike (our reading of "Le contrôle d'un Temple est le seul
  cas où le Chef d'expédition compte pour trois Explorateurs");
* **treasures**: per kind, 1 point for one token, 3 for two, 6 for three.

>>> treasure_points(2)
3
>>> temple_holder([2, 3, 0])
1
>>> temple_holder([3, 3, 1]) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .components import LEADER_STRENGTH, TREASURE_POINTS
from .hexgrid import LABELS

__all__ = ["TREASURE_POINTS", "LEADER_STRENGTH", "treasure_points", "treasure_score", "temple_holder",
           "strength", "holder", "highest_guarded", "breakdown"]


def treasure_points(n: int) -> int:
    """Points for ``n`` identical treasures: 0, 1, 3 or 6 (there are 3 copies of each kind).

    >>> [treasure_points(n) for n in range(4)]
    [0, 1, 3, 6]
    >>> treasure_points(4)
    Traceback (most recent call last):
    ...
    ValueError: there are only 3 copies of each treasure, not 4
    """
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise ValueError(f"a number of treasures is an integer >= 0, not {n!r}")
    if n >= len(TREASURE_POINTS):
        raise ValueError(f"there are only {len(TREASURE_POINTS) - 1} copies of each treasure, not {n}")
    return TREASURE_POINTS[n]


def treasure_score(counts: Sequence[int]) -> int:
    """Points for a whole collection, one count per kind.

    >>> treasure_score([1, 2, 3, 0, 0, 0, 0, 0])
    10
    """
    return sum(TREASURE_POINTS[n] for n in counts)


def strength(explorers: int, leader: bool) -> int:
    """A player's weight on a temple hex: explorers, plus 3 for the leader.

    >>> strength(2, True)
    5
    """
    return explorers + (LEADER_STRENGTH if leader else 0)


def temple_holder(strengths: Sequence[int]) -> int | None:
    """The seat with strictly more strength than every other seat, or None (nobody, or a tie)."""
    best, holder, tied = 0, None, False
    for seat, s in enumerate(strengths):
        if s > best:
            best, holder, tied = s, seat, False
        elif s == best and s > 0:
            tied = True
    return None if tied else holder


def holder(guard: Sequence[tuple[int, str] | None], expl: Sequence[Sequence[int]], leader_at: Sequence[int],
           i: int) -> int | None:
    """Who holds the temple on space ``i``: its guardian's owner, else the strict majority (``temple_holder``)."""
    g = guard[i]
    if g is not None:
        return g[0]
    return temple_holder([strength(row[i], at == i) for row, at in zip(expl, leader_at)])


def highest_guarded(guard: Sequence[tuple[int, str] | None], value: Sequence[int], seat: int) -> int:
    """The value of ``seat``'s highest guarded temple, 0 if none (the first tie-break, "Fin de la partie":
    "le joueur qui est gardien du temple de plus forte valeur")."""
    return max((value[i] for i, g in enumerate(guard) if g is not None and g[0] == seat), default=0)


def breakdown(state: Any, seat: int) -> dict[str, Any]:
    """What ``seat`` would score at a scoring now (a ``TikalState``): the temples it holds, by space name, and
    its treasure sets.

    >>> import archeo_lab as al
    >>> breakdown(al.get_game("tikal").new_state(players=2, seed=1), 0)
    {'temples': {}, 'temple_points': 0, 'treasure_points': 0, 'total': 0}
    """
    guard, expl, leader_at, value = state.guard, state.expl, state.leader_at, state.value
    mine, temples = expl[seat], {}
    for i in state.layout().temples:
        # A seat with no piece on an unguarded temple cannot hold it: only the others are counted.
        if (mine[i] or leader_at[seat] == i or guard[i] is not None) and holder(guard, expl, leader_at, i) == seat:
            temples[LABELS[i]] = value[i]
    treasure = treasure_score(state.treasures[seat])
    return {"temples": temples, "temple_points": sum(temples.values()), "treasure_points": treasure,
            "total": sum(temples.values()) + treasure}
