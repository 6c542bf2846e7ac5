"""Exercise 2: Tikal's advanced rules, each turn sold by an English auction.

Values are what a turn is worth to each seat in prestige points.  The
auction is Tikal's (``games.tikal.auction``): open, ascending, in turn; a
player who passes is out; the last one in pays their own last bid; if nobody
bids, the first to pass plays for free.
"""

from __future__ import annotations

from archeo_lab.games.tikal.auction import english_auction, second_price, truthful

from . import Exercise, same_number

__all__ = ["check", "exercise", "VALUES", "overbid"]

VALUES = (7, 3, 5)


def overbid(ceiling: int):
    """A strategy that bids one more than the current bid up to ``ceiling``, whatever its value."""
    def strategy(value, high, budget):
        return high + 1 if high + 1 <= min(ceiling, budget) else None
    return strategy


def _outcome():
    winner, price, _ = english_auction(list(VALUES))
    return winner, price


def _premium():
    _, price, _ = english_auction(list(VALUES))
    return price - second_price(list(VALUES))[1]


def _overbidder_payoff():
    strategies = [truthful, truthful, overbid(8)]
    winner, price, _ = english_auction(list(VALUES), strategies=strategies)
    return VALUES[2] - price if winner == 2 else 0


def _free_turn():
    winner, price, _ = english_auction([0, 0, 0], first=1)
    return winner


def _same_outcome(answer, expected):
    winner, price = answer
    if (winner, price) == tuple(expected):
        return True, "right"
    if winner != expected[0]:
        return False, "that seat does not win the auction"
    return False, "the winner is right; the price is " + ("too high" if price > expected[1] else "too low")


def _same_seat(answer, expected):
    return (answer == expected, "right" if answer == expected else "that seat does not play the turn")


exercise = Exercise("Tikal's auction as an English auction")
exercise.question("q1", "q1, who wins the turn, and for how much", _outcome, _same_outcome, [
    "bid one more than the current bid while it stays within your value; otherwise pass (you are out)",
    "play the bids around the table from seat 0, or run tikal.auction.english_auction(values)",
])
exercise.question("q2", "q2, the price above the second-highest value", _premium, same_number(1e-9), [
    "the sealed second-price outcome: the highest value wins and pays the second-highest value",
])
exercise.question("q3", "q3, the overbidder's payoff", _overbidder_payoff, same_number(1e-9), [
    "seat 2 keeps raising up to 8 although the turn is worth 5 to it",
    "payoff = value - price for the winner, 0 for the others",
])
exercise.question("q4", "q4, the free turn", _free_turn, _same_seat, [
    "nobody values the turn: everybody passes, and the first to pass plays for free",
])


def check(key: str, answer, attempt: int = 0):
    """Feedback on one answer (see ``archeo_lab.exercises``)."""
    return exercise.check(key, answer, attempt)
