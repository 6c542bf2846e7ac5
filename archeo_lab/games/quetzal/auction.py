"""Quetzal's bidding locations as a displacement auction, as small pure functions.

On a bidding location (emplacement à enchère) a newcomer must place more meeples than the
holder, and the outbid holder takes the meeples back to use elsewhere.  So only the final
holder pays (the meeples it leaves there), and the price is set by the best rival's ceiling
(within one meeple): an ascending (English) auction in which losing bids are refunded.  Compare the
Cibola closed fist, an all-pay auction in which every bid is lost.

A player's *ceiling* is the largest group it would leave on the location: the meeples it has,
and no more than the location is worth to it (``value / meeple_cost``).

>>> war = bidding_war(values=[5, 8], budgets=[6, 9])
>>> war["winner"], war["price"], war["bids"]
(1, 6, [(0, 1), (1, 2), (0, 3), (1, 4), (0, 5), (1, 6)])
>>> war["payoffs"]
[0.0, 2.0]
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["ceiling", "bidding_war", "all_pay_payoffs"]


def ceiling(value: float, budget: int, meeple_cost: float = 1.0) -> int:
    """The largest group worth leaving on the location: at most ``budget`` meeples, and at most
    the location's value counted in meeples.

    >>> ceiling(value=5, budget=7), ceiling(value=5, budget=3), ceiling(value=0.5, budget=3)
    (5, 3, 0)
    """
    if meeple_cost <= 0:
        raise ValueError("a meeple must cost something (meeple_cost > 0)")
    return max(0, min(budget, int(value // meeple_cost)))


def bidding_war(values: Sequence[float], budgets: Sequence[int], meeple_cost: float = 1.0,
                first: int = 0, opening: int = 1) -> dict:
    """Players take turns raising one meeple over the holder while their ceiling allows.

    Player ``first`` bids first, with ``opening`` meeples (more than 1: a jump straight to that group,
    which must be within its ceiling); every later bid raises by one.

    Returns the ``bids`` made (``(player, group size)``, the outbid groups going back), the
    ``winner`` (``None`` if nobody bids), the ``price`` it leaves on the location and each
    player's ``payoffs`` (the value minus the meeples for the winner, 0 for the others: their
    meeples came back).  With two players raising one meeple at a time, the one with the higher
    ceiling wins and pays one more than the rival's last raise: the rival's ceiling ``r`` or
    ``r + 1`` (who raises last depends on parity).  On equal ceilings, whoever reaches the
    ceiling first keeps the location.

    >>> bidding_war(values=[4, 4], budgets=[5, 5])["winner"]      # raises 1 (0), 2 (1), 3 (0), 4 (1)
    1
    >>> jump = bidding_war(values=[5, 8], budgets=[6, 9], first=1, opening=5)
    >>> jump["bids"], jump["winner"], jump["price"]                # the rival would have to leave 6: it passes
    ([(1, 5)], 1, 5)
    """
    n = len(values)
    if len(budgets) != n or n < 1:
        raise ValueError("give one value and one budget per player")
    caps = [ceiling(v, b, meeple_cost) for v, b in zip(values, budgets)]
    if not 1 <= opening <= max(caps[first], 1):
        raise ValueError(f"player {first} cannot open with {opening} meeples: its ceiling is {caps[first]}")
    holder, size, bids = None, opening - 1, []
    turn, quiet = first, 0
    while quiet < n:
        if turn != holder and caps[turn] > size:
            size += 1
            holder = turn
            bids.append((turn, size))
            quiet = 0
        else:
            quiet += 1
        turn = (turn + 1) % n
    payoffs = [0.0] * n
    if holder is not None:
        payoffs[holder] = values[holder] - size * meeple_cost
    return {"winner": holder, "price": size, "bids": bids, "ceilings": caps, "payoffs": payoffs}


def all_pay_payoffs(values: Sequence[float], bids: Sequence[int], meeple_cost: float = 1.0) -> list[float]:
    """For comparison: if every bid were lost (Cibola's closed fist), the highest bid wins the value
    (ties: the first of them) and *everybody* pays.

    >>> all_pay_payoffs([5, 8], [5, 6])
    [-5.0, 2.0]
    """
    best = max(range(len(bids)), key=lambda p: (bids[p], -p))
    return [(values[p] if p == best else 0.0) - bids[p] * meeple_cost for p in range(len(bids))]
