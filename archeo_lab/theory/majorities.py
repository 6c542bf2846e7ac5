"""Majorities as resource allocation: a Colonel Blotto model.

Two players share their units (explorers, adventurers) among several
battlefields (temples, tiles); on each field the one with more units takes
its value, a tie splits it (or gives it to nobody).  Tikal's temples and
Luxor's camps are majorities of this kind; the model asks *when spreading
beats stacking*.

>>> allocations(3, 2)
[(0, 3), (1, 2), (2, 1), (3, 0)]
>>> blotto_payoff((2, 1, 0), (0, 1, 2))
(1.5, 1.5)
>>> game = blotto_game(3, 3, fields=3)
>>> game.shape
(10, 10)
"""

from __future__ import annotations

from collections.abc import Sequence

from .normal_form import NormalForm

__all__ = ["allocations", "blotto_payoff", "blotto_game"]


def allocations(units: int, fields: int) -> list[tuple[int, ...]]:
    """Every way to share ``units`` among ``fields`` (order matters, empty fields allowed)."""
    if fields == 1:
        return [(units,)]
    return [(k,) + rest for k in range(units + 1) for rest in allocations(units - k, fields - 1)]


def blotto_payoff(a: Sequence[int], b: Sequence[int], values: Sequence[float] | None = None,
                  tie: float = 0.5) -> tuple[float, float]:
    """Points of each side: a field's value to the larger force, ``tie`` of it to each on a tie.

    A field both leave empty is a tie too (use ``tie=0`` for "nobody scores a tie",
    as in a majority that needs at least one more unit).
    """
    values = values or [1] * len(a)
    pa = pb = 0.0
    for x, y, v in zip(a, b, values):
        if x > y:
            pa += v
        elif y > x:
            pb += v
        else:
            pa += tie * v
            pb += tie * v
    return pa, pb


def blotto_game(units_a: int, units_b: int, fields: int | None = None, values: Sequence[float] | None = None,
                tie: float = 0.5) -> NormalForm:
    """The Blotto game as a normal form: one row per allocation of A, one column per allocation of B."""
    if values is None and fields is None:
        raise ValueError("give the number of fields or their values")
    values = list(values) if values is not None else [1] * fields
    rows, cols = allocations(units_a, len(values)), allocations(units_b, len(values))
    A, B = [], []
    for a in rows:
        pa_row, pb_row = [], []
        for b in cols:
            pa, pb = blotto_payoff(a, b, values, tie)
            pa_row.append(pa)
            pb_row.append(pb)
        A.append(pa_row)
        B.append(pb_row)
    label = lambda alloc: "-".join(map(str, alloc))  # noqa: E731
    return NormalForm(A, B, rows=[label(a) for a in rows], cols=[label(b) for b in cols],
                      players=("A", "B"), title=f"Blotto {units_a} vs {units_b} on {len(values)} fields")
