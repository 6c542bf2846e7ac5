"""Tikal's advanced rules as a textbook English auction, for the game-theory exercises.

In the advanced rules each turn is sold by an **English auction**: open,
ascending, in turn around the table; a player who passes is out; the last
one in wins and pays their own last bid ("Règles avancées").  With private
values (what the turn is worth to each player, in prestige points), when
every player bids one more than the current bid while that stays within
their value and passes otherwise (``truthful``), the winner is the player
who values the turn most and the price is the **second-highest** value or
one more: the outcome of a sealed second-price (Vickrey) auction.

That rule is not a dominant strategy here: bids are whole numbers made in
turn, so a jump bid can win cheaper (values 7, 3, 5: one more at a time wins
at 6, a first bid of 5 wins at 5), and when nobody bids the first to pass
plays for free, so passing can beat bidding (values 1, 0, 0).

>>> winner, price, said = english_auction([7, 3, 5])
>>> winner, price
(0, 6)
>>> said
['seat 0 bids 1', 'seat 1 bids 2', 'seat 2 bids 3', 'seat 0 bids 4', 'seat 1 passes', 'seat 2 bids 5',
 'seat 0 bids 6', 'seat 2 passes']
>>> english_auction([0, 0])[:2]
(0, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

__all__ = ["english_auction", "truthful", "second_price"]

#: A strategy: (my value, the bid to beat, my budget) -> my bid, or None to pass.
Strategy = Callable[[float, int, int], "int | None"]


def truthful(value: float, high: int, budget: int) -> int | None:
    """Bid one more than the current bid while it stays within your value (and budget); else pass.

    >>> truthful(5, 3, 20), truthful(5, 5, 20), truthful(9, 3, 2)
    (4, None, None)
    """
    bid = high + 1
    return bid if bid <= value and bid <= budget else None


def english_auction(values: Sequence[float], *, first: int = 0, budgets: Sequence[int] | None = None,
                    strategies: Sequence[Strategy] | None = None) -> tuple[int, int, list[str]]:
    """Run Tikal's auction: seats bid in turn from ``first``; (winner, price paid, what was said).

    Each seat follows its strategy (default ``truthful``) with its own value and
    budget (its prestige points; default: unlimited).  A seat that passes is out.
    The last seat in after a bid wins and pays its bid; if nobody ever bids, the
    first to pass plays for free (price 0).
    """
    n = len(values)
    budgets = list(budgets) if budgets is not None else [10 ** 9] * n
    strategies = list(strategies) if strategies is not None else [truthful] * n
    order = [(first + k) % n for k in range(n)]
    passed: list[int] = []
    high, high_bidder = 0, None
    said: list[str] = []
    pos = 0                                   # index in ``order`` of the seat to speak
    while True:
        live = [s for s in order if s not in passed]
        if high_bidder is not None and live == [high_bidder]:
            return high_bidder, high, said
        if not live:
            return passed[0], 0, said
        seat = order[pos]
        bid = strategies[seat](values[seat], high, budgets[seat])
        if bid is not None and high < bid <= budgets[seat]:
            high, high_bidder = bid, seat
            said.append(f"seat {seat} bids {bid}")
        else:
            passed.append(seat)
            said.append(f"seat {seat} passes")
        for step in range(1, n + 1):          # the next seat still in, clockwise
            if order[(pos + step) % n] not in passed:
                pos = (pos + step) % n
                break


def second_price(values: Sequence[float]) -> tuple[int, float]:
    """The sealed second-price (Vickrey) outcome: the highest value wins and pays the second-highest.

    >>> second_price([7, 3, 5])
    (0, 5)
    """
    order = sorted(range(len(values)), key=lambda s: (-values[s], s))
    return order[0], values[order[1]] if len(values) > 1 else 0
