"""Auctions as normal-form games: the all-pay auction behind Cibola's closed fist.

In an all-pay auction every bidder pays their bid, win or lose; the highest
bid takes the prize.  Cibola's bid is one: every fist goes to the discard,
and only the order of picks is won.  With whole-number bids and a tie
splitting the prize, a bid of ``b`` against ``c`` pays::

    prize - cost*b        if b > c
    prize/2 - cost*b      if b == c
    -cost*b               if b < c

Such a game has no equilibrium in pure strategies once the prize is worth
more than one unit of bid (each bid is beaten by one more, until bidding
nothing is better); players must mix (Baye, Kovenock & de Vries, "The
all-pay auction with complete information", Economic Theory 8, 1996).

>>> A, B = all_pay_matrix(prize=4, max_bid=4)
>>> A[2][1], A[1][2], A[2][2]
(2.0, -1.0, 0.0)
>>> pure_equilibria(A, B)
[]
"""

from __future__ import annotations

from typing import Sequence

__all__ = ["all_pay_matrix", "first_price_matrix", "english_auction", "uniform_opponent_payoff",
           "best_responses", "pure_equilibria"]


def _payoff(b: int, c: int, prize: float, cost: float) -> float:
    win = prize if b > c else prize / 2 if b == c else 0.0
    return win - cost * b


def all_pay_matrix(prize: float, max_bid: int, cost: float = 1.0) -> tuple[list[list[float]], list[list[float]]]:
    """Payoff matrices ``(A, B)`` of a two-player all-pay auction with bids ``0..max_bid``.

    ``A[i][j]`` is the row player's payoff when they bid ``i`` and the column
    player bids ``j``; ``B[i][j]`` the column player's.  ``cost`` is what one
    unit of bid is worth (in Cibola, an explorer's value in points).
    """
    bids = range(max_bid + 1)
    A = [[_payoff(i, j, prize, cost) for j in bids] for i in bids]
    B = [[_payoff(j, i, prize, cost) for j in bids] for i in bids]
    return A, B


def uniform_opponent_payoff(bid: int, prize: float, max_bid: int, cost: float = 1.0) -> float:
    """Expected payoff of ``bid`` against an opponent bidding uniformly at random in ``0..max_bid``.

    >>> uniform_opponent_payoff(0, prize=4, max_bid=3)
    0.5
    """
    return sum(_payoff(bid, c, prize, cost) for c in range(max_bid + 1)) / (max_bid + 1)


def best_responses(A: Sequence[Sequence[float]], column: int) -> list[int]:
    """The row player's best rows against a fixed column of ``A``."""
    values = [row[column] for row in A]
    best = max(values)
    return [i for i, v in enumerate(values) if v == best]


def pure_equilibria(A: Sequence[Sequence[float]], B: Sequence[Sequence[float]]) -> list[tuple[int, int]]:
    """Every (row, column) where neither player gains by changing their own choice alone."""
    rows, cols = len(A), len(A[0])
    out = []
    for i in range(rows):
        for j in range(cols):
            if A[i][j] >= max(A[k][j] for k in range(rows)) and B[i][j] >= max(B[i][k] for k in range(cols)):
                out.append((i, j))
    return out


def first_price_matrix(values: tuple[float, float], max_bid: int) -> tuple[list[list[float]], list[list[float]]]:
    """A sealed first-price auction: the higher bid wins the item (worth ``values[k]`` to bidder k) and pays
    its bid; the loser pays nothing; a tie gives each half the item and half the price.

    >>> A, B = first_price_matrix((5, 3), max_bid=4)
    >>> A[3][2], B[3][2], A[2][2]
    (2.0, 0.0, 1.5)
    """
    bids = range(max_bid + 1)

    def pay(own: int, other: int, value: float) -> float:
        if own > other:
            return float(value - own)
        if own == other:
            return (value - own) / 2
        return 0.0

    A = [[pay(i, j, values[0]) for j in bids] for i in bids]
    B = [[pay(j, i, values[1]) for j in bids] for i in bids]
    return A, B


def english_auction(values: list[float], increment: int = 1, start: int = 0) -> tuple[int, int]:
    """An English (ascending) auction between bidders who stay in while the price is below their value.

    The price rises by ``increment`` from ``start``; the last bidder in wins and pays the price at which the
    second-to-last dropped out, plus one increment (never more than their own value).  Returns
    ``(winner, price)``; ties on the highest value go to the first such bidder.  This is the dominant-strategy
    outcome: bidding up to one's true value is best whatever the others do.

    >>> english_auction([7, 12, 9])
    (1, 10)
    >>> english_auction([5, 5])
    (0, 5)
    """
    if not values:
        raise ValueError("an auction needs at least one bidder")
    order = sorted(range(len(values)), key=lambda k: (-values[k], k))
    winner = order[0]
    if len(values) == 1:
        return winner, start
    second = values[order[1]]
    price = max(start, int(second) + increment)
    return winner, int(min(price, values[winner]))
