"""Auctions as normal-form games: the all-pay auction behind Cibola's closed fist.

In an all-pay auction every bidder pays their bid, win or lose; the highest
bid takes the prize.  Cibola's bid is one: every fist goes to the discard,
and only the order of picks is won.  With whole-number bids ``0..max_bid``
and a tie splitting the prize, a bid of ``b`` against ``c`` pays::

    prize - cost*b        if b > c
    prize/2 - cost*b      if b == c
    -cost*b               if b < c

**When is there no pure equilibrium?**  Counting the prize in units of bid
(``v = prize / cost``), the two-player game has no equilibrium in pure
strategies exactly when ``v > 2`` **and** ``max_bid > v / 2``; otherwise it has
one: with ``v <= 2``, both bidding 0 (and, at ``v == 2``, also 1-0, 0-1 and
1-1); with ``v > 2`` and ``2 * max_bid <= v``, both bidding the cap
(``max_bid``), since one more is not allowed and bidding 0 gives up a share
worth at least the bid.  (Proof sketch: a winner pays more than needed unless
it bids one above the loser; a loser with a positive bid should bid 0; a tie
can be broken by one more unit when ``v > 2``.)  Where there is none, the
players must mix (Baye, Kovenock & de Vries, "The all-pay auction with
complete information", Economic Theory 8, 1996); ``NormalForm.equilibria()``
finds the mixes.  The tests check this condition on every prize, cost and cap
of a grid.

>>> A, B = all_pay_matrix(prize=4, max_bid=4)
>>> A[2][1], A[1][2], A[2][2]
(2.0, -1.0, 0.0)
>>> pure_equilibria(A, B)
[]
>>> pure_equilibria(*all_pay_matrix(prize=6, max_bid=3))     # the cap binds: both bid 3
[(3, 3)]
>>> has_pure_equilibrium(prize=2, max_bid=5), has_pure_equilibrium(prize=4, max_bid=4)
(True, False)
"""

from __future__ import annotations

from fractions import Fraction
from collections.abc import Sequence

from .normal_form import exact

__all__ = ["all_pay_matrix", "first_price_matrix", "english_auction", "uniform_opponent_payoff",
           "best_responses", "pure_equilibria", "has_pure_equilibrium", "all_pay_game", "expected_bid"]


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


def has_pure_equilibrium(prize: float, max_bid: int, cost: float = 1.0) -> bool:
    """Does the two-player all-pay auction of ``all_pay_matrix`` have a pure equilibrium?

    The condition of the module docstring: none exactly when ``prize / cost > 2`` and
    ``max_bid > prize / (2 * cost)``.

    >>> has_pure_equilibrium(prize=6, max_bid=3), has_pure_equilibrium(prize=6, max_bid=4)
    (True, False)
    """
    units = exact(prize, "prize") / exact(cost, "cost")
    return not (units > 2 and 2 * max_bid > units)


def all_pay_game(values: Sequence, max_bid: int, *, tie: str | int = "split", cost=1):
    """A two-bidder all-pay auction with private values as an exact ``NormalForm`` (bids ``0..max_bid``).

    ``values[k]`` is what the prize is worth to bidder ``k``; both pay ``cost`` per unit bid, win or
    lose.  A tie splits the prize (``tie="split"``: a coin toss, in expectation) or goes to bidder
    ``tie`` (0 or 1: Cibola's torch).

    >>> game = all_pay_game((7, 5), max_bid=7)
    >>> sorted({game.payoffs(x, y) for x, y in game.equilibria()})
    [(Fraction(2, 1), Fraction(0, 1))]
    """
    from .normal_form import NormalForm

    if len(values) != 2:
        raise ValueError("all_pay_game: give two values (one per bidder)")
    if tie not in ("split", 0, 1) or isinstance(tie, bool):
        raise ValueError("tie must be 'split', 0 or 1")
    v = [exact(values[0], "values[0]"), exact(values[1], "values[1]")]
    unit = exact(cost, "cost")

    def pay(me: int, mine: int, other: int):
        if mine > other:
            won = v[me]
        elif mine < other:
            won = 0
        else:
            won = v[me] / 2 if tie == "split" else (v[me] if tie == me else 0)
        return won - unit * mine

    bids = range(max_bid + 1)
    A = [[pay(0, i, j) for j in bids] for i in bids]
    B = [[pay(1, j, i) for j in bids] for i in bids]
    return NormalForm(A, B, rows=[f"bid {i}" for i in bids], cols=[f"bid {j}" for j in bids],
                      players=("seat 0", "seat 1"), title=f"all-pay auction, values {v[0]} and {v[1]}")


def expected_bid(mix: Sequence) -> Fraction:
    """The average bid of a mixed strategy over bids ``0, 1, 2, ...`` (exact).

    >>> expected_bid([Fraction(1, 2), 0, Fraction(1, 2)])
    Fraction(1, 1)
    """
    return sum((k * exact(p, "a probability") for k, p in enumerate(mix)), Fraction(0))


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
    ``(winner, price)``; ties on the highest value go to the first such bidder.

    This is what happens **when every bidder raises by one increment and never jumps**: the price ends
    at the second-highest value plus one increment.  It is not a dominant strategy in a discrete open
    auction: a jump bid can do better (``games.tikal.auction`` plays Tikal's auction bid by bid;
    with values 7, 3, 5, raising one at a time wins at 6, a jump to 5 wins at 5).

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
