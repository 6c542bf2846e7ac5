"""Exercise 5: Quetzal, the odds of the toss and the displacement auction.

The toss odds are those of ``components.TOSS_ODDS`` (a reconstruction, kept
as data): black face (adventurer), white face (archaeologist), on its side
(either) and standing (either, and 1 gold at once).  The auction: two players
want the same bidding location, worth ``VALUES`` to them, with ``BUDGETS``
meeples; a meeple left on the location costs 1 point.
"""

from __future__ import annotations

from fractions import Fraction

from archeo_lab.games.quetzal import auction, toss

from . import Exercise, same_number

__all__ = ["check", "exercise", "MEEPLES", "VALUES", "BUDGETS"]

MEEPLES = 5
VALUES = (5, 8)
BUDGETS = (6, 9)


def _adventurer() -> Fraction:
    return toss.face_probability(["black", "side", "standing"])


def _at_least_three() -> Fraction:
    dist = toss.count_distribution(MEEPLES, ["black", "side", "standing"])
    return sum(dist[3:], Fraction(0))


def _gold() -> Fraction:
    return MEEPLES * toss.face_probability(["standing"])


def _war() -> tuple[int, int]:
    war = auction.bidding_war(values=list(VALUES), budgets=list(BUDGETS))
    return war["winner"], war["price"]


def _all_pay() -> list[float]:
    war = auction.bidding_war(values=list(VALUES), budgets=list(BUDGETS))
    last = {player: size for player, size in war["bids"]}
    return auction.all_pay_payoffs(list(VALUES), [last.get(p, 0) for p in range(len(VALUES))])


def _same_war(answer, expected):
    winner, price = answer
    if (winner, price) == expected:
        return True, "right"
    return False, ("the winner is right, the price is " + ("too high" if price > expected[1] else "too low")
                   if winner == expected[0] else "that player does not end up holding the location")


def _same_payoffs(answer, expected):
    values = [float(v) for v in answer]
    if len(values) != len(expected):
        return False, "give one payoff per player"
    wrong = [k for k, (a, b) in enumerate(zip(values, expected)) if abs(a - b) > 1e-9]
    return (not wrong, "right" if not wrong else f"player {wrong[0]}'s payoff is off")


exercise = Exercise("Quetzal: the toss and the displacement auction")
exercise.question("q1", "q1, one meeple usable as an adventurer", _adventurer, same_number(1e-12), [
    "a meeple can act as an adventurer on its black face, on its side or standing",
    "add those three probabilities from TOSS_ODDS",
])
exercise.question("q2", "q2, at least 3 adventurers among 5 meeples", _at_least_three, same_number(1e-12), [
    "the meeples land independently: a binomial count",
    "toss.count_distribution(n, faces) gives P[k] for k = 0..n; add k >= 3",
])
exercise.question("q3", "q3, expected gold from standing meeples", _gold, same_number(1e-12), [
    "each standing meeple gives 1 gold; expectation is linear",
])
exercise.question("q4", "q4, who wins the displacement auction, and for how many meeples", _war, _same_war, [
    "each player raises by one meeple while the location is worth more than the meeples it would cost",
    "auction.bidding_war(values, budgets) plays the raises out",
])
exercise.question("q5", "q5, the same final bids in an all-pay auction", _all_pay, _same_payoffs, [
    "in an all-pay auction every bid is lost, the winner's and the loser's",
    "take each player's last bid from the bidding war, then auction.all_pay_payoffs(values, bids)",
])


def check(key: str, answer, attempt: int = 0):
    """Feedback on one answer (see ``archeo_lab.exercises``)."""
    return exercise.check(key, answer, attempt)
