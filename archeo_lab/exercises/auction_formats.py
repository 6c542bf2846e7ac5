"""Exercise 6: three auction formats of the course's games, on the same values.

Part A: one prize, two bidders, worth ``VALUES`` = 7 and 5 to seats 0 and 1
(whole-number bids, seat 0 speaks first):

* Tikal's English auction (*règles avancées*): open, ascending, in turn; a
  seat that passes is out; the last one in pays its own last bid
  (``games.tikal.auction``), every seat raising by one while that stays within
  its value;
* Quetzal's displacement auction: a newcomer places one meeple more than the
  holder, the outbid meeples come back (``games.quetzal.auction``);
* Cibola's closed fist, an **all-pay** auction: both bids are paid, win or
  lose; here a tie splits the prize (a coin toss) to compare the formats on
  equal terms (in Cibola the torch decides: the discussion comes back to it).

Part B: Tikal's auction with three seats valuing the turn at 7, 3 and 5 (the
values of issue 19): raising by one is **not** a dominant strategy; a jump bid
does better.
"""

from __future__ import annotations

from fractions import Fraction

from archeo_lab import course
from archeo_lab.games.quetzal.auction import bidding_war
from archeo_lab.games.tikal.auction import english_auction, truthful
from archeo_lab.theory import all_pay_game, expected_bid

from . import Exercise, Number, Numbers, Whole, Wholes, YesNo

__all__ = ["check", "exercise", "VALUES", "THREE_VALUES", "JUMP", "jump_to", "all_pay"]

VALUES = (7, 5)
THREE_VALUES = (7, 3, 5)
JUMP = 5                       # seat 0's opening jump bid in part B


def jump_to(level: int):
    """A strategy for ``tikal.auction.english_auction``: open at ``level``, then raise by one within the value."""
    def strategy(value, high, budget):
        if high < level <= min(value, budget):
            return level
        return truthful(value, high, budget)
    return strategy


def all_pay():
    """Part A's all-pay auction as a ``NormalForm`` (bids 0 to the higher value, ties split)."""
    return all_pay_game(VALUES, max_bid=max(VALUES))


def _english() -> tuple[int, int]:
    winner, price, _ = english_auction(list(VALUES))
    return winner, price


def _displacement() -> tuple[int, int]:
    war = bidding_war(values=list(VALUES), budgets=list(VALUES))
    return war["winner"], war["price"]


def _all_pay_payoffs() -> tuple[Fraction, Fraction]:
    game = all_pay()
    found = {game.payoffs(x, y) for x, y in game.equilibria()}
    if len(found) != 1:
        raise ArithmeticError("the equilibria of part A's all-pay auction do not agree on the payoffs")
    return found.pop()


def _revenue() -> Fraction:
    game = all_pay()
    found = {expected_bid(x) + expected_bid(y) for x, y in game.equilibria()}
    if len(found) != 1:
        raise ArithmeticError("the equilibria of part A's all-pay auction do not agree on the revenue")
    return found.pop()


def _difference() -> Fraction:
    return _revenue() - _english()[1]


def _truthful_payoff() -> int:
    winner, price, _ = english_auction(list(THREE_VALUES))
    return THREE_VALUES[0] - price if winner == 0 else 0


def _jump_payoff() -> int:
    winner, price, _ = english_auction(list(THREE_VALUES), strategies=[jump_to(JUMP), truthful, truthful])
    return THREE_VALUES[0] - price if winner == 0 else 0


def _dominant() -> bool:
    return _jump_payoff() <= _truthful_payoff()


exercise = Exercise(course.step("exercises/06_auction_formats").title)   # the course map's title
exercise.question(
    "q1", "q1, the English auction", _english, Wholes(["the winner's seat", "the price"], seats=(0,)),
    ["Once the bid reaches the lower of the two values, who can still afford to raise?",
     "Play the bids out: seat 0 bids 1, seat 1 bids 2, ... each raises by one while the new bid stays within its "
     "value, otherwise passes (and is out).",
     "The winner pays its own last bid: one step above the last bid the other seat could afford."],
    mistakes=[(lambda: (_english()[0], sorted(VALUES)[-2] + 1) if _english()[1] != sorted(VALUES)[-2] + 1 else None,
               "the price is not always one step above the second value: it is the winner's own last bid, and "
               "who reaches which bid depends on who speaks first")])
exercise.question(
    "q2", "q2, Quetzal's displacement auction", _displacement,
    Wholes(["the final holder's seat", "meeples it leaves on the location"], seats=(0,)),
    ["What does an outbid player lose in a displacement auction?",
     "Nothing: its meeples come back. So each player raises by one while the group stays within what the location "
     "is worth to it (7 and 5 meeples here).",
     "Play the raises out from seat 0: 1, 2, 3, ... until one seat cannot raise."])
exercise.question(
    "q3", "q3, the all-pay auction's payoffs", _all_pay_payoffs,
    Numbers(["seat 0's expected payoff", "seat 1's expected payoff"], decimals=3, form="a tuple"),
    ["In an all-pay auction, can a bidder bid the same amount every time at an equilibrium?",
     "Find the equilibria of the 8 x 8 game (`ex.all_pay()`, rows: seat 0's bids 0 to 7) with the solver; they all "
     "give the same payoffs here.",
     "A bidder's expected payoff = value x P(winning) (half a value on a tie) - expected bid; compute it at any "
     "equilibrium."])
exercise.question(
    "q4", "q4, the all-pay auction's revenue", _revenue, Number(decimals=3, unit="bid units"),
    ["What does the seller of an all-pay auction receive?",
     "Both bids, win or lose: the revenue is the sum of the two expected bids.",
     "Expected bid of a mix = sum over bids of bid x probability; add both players'."],
    mistakes=[(lambda: max(expected_bid(x) for x, _ in all_pay().equilibria()),
               "in an all-pay auction the loser pays too: add both players' expected bids")])
exercise.question(
    "q5", "q5, all-pay revenue minus the English price", _difference, Number(decimals=3, unit="bid units"),
    ["Which format brings the seller more here, and by how much?",
     "Compare q4 with the price of q1.",
     "All-pay revenue (q4) minus the English price (q1): the sign tells which format raises more."])
exercise.question(
    "q6", "q6, raising by one with three bidders", _truthful_payoff, Whole("a whole number of points"),
    ["With values 7, 3 and 5, who drops out first, and at which bid?",
     "Play Tikal's auction bid by bid from seat 0, every seat raising by one while within its value.",
     "Seat 0's payoff is its value minus its last bid if it wins, 0 otherwise."])
exercise.question(
    "q7", f"q7, seat 0 opens with a jump to {JUMP}", _jump_payoff, Whole("a whole number of points"),
    [f"After seat 0 bids {JUMP}, what would seat 1 and seat 2 have to bid to stay in?",
     "Seat 1 values the turn at 3, seat 2 at 5: can either raise above the jump within its value?",
     "Seat 0's payoff is its value minus the price it pays."])
exercise.question(
    "q8", "q8, is raising by one a dominant strategy?", _dominant, YesNo(),
    ["A dominant strategy does at least as well as any other, whatever the others do. Did q7 beat q6?",
     "One strategy that does better against the same opponents is enough to show a strategy is not dominant.",
     "Compare seat 0's payoffs in q6 and q7."])


def _facts() -> dict[str, str]:
    from archeo_lab.theory import NormalForm, first_price_matrix

    torch = all_pay_game(VALUES, max(VALUES), tie=0)
    payoffs = sorted({tuple(map(str, torch.payoffs(x, y))) for x, y in torch.equilibria()})
    revenues = sorted({str(expected_bid(x) + expected_bid(y)) for x, y in torch.equilibria()})
    first = NormalForm(*first_price_matrix(VALUES, max_bid=max(VALUES)))
    return {"torch_payoffs": "; ".join("(" + ", ".join(p) + ")" for p in payoffs),
            "torch_revenues": ", ".join(revenues),
            "first_price": ", ".join(f"({r}, {c})" for r, c in first.pure_equilibria()),
            "english": str(_english()[1]), "revenue": str(_revenue())}


TEACHER = {
    "objectives": [
        "play out an English auction and a displacement auction bid by bid;",
        "find the mixed equilibrium of an all-pay auction with the solver, and compute its payoffs and its "
        "expected revenue;",
        "compare formats on the same values (who pays, how much, who captures the surplus);",
        "show with one counterexample that 'raise by one while below your value' is not dominant when jump bids "
        "are allowed.",
    ],
    "time": "about 45 minutes in class (Part A: 25 min, Part B: 10 min, discussion: 10 min).",
    "prerequisites": "the tutorials 01 · Cibola, 02 · Quetzal and 05 · Tikal (the advanced rules' auction); the "
                     "primer's auctions and dominance.",
    "model": "Values are given, not read from a board: a prize worth 7 and 5 to two bidders (Part A) and Tikal's "
             "turn worth 7, 3 and 5 to three seats (Part B, the example of issue 19). Bids are whole numbers; the "
             "all-pay auction splits ties (a coin toss) so that the formats compare on equal terms.",
    "discussion": [
        "The refund of outbid meeples: nobody loses by bidding, so each raises up to its ceiling, as in an English "
        "auction; the winner pays about the loser's value (here {english}) and keeps the difference between the "
        "two values.",
        "If the weaker bidder never bid, the stronger would win with a bid of 1; then the weaker could win cheaply "
        "with 2, and so on: no pure profile is stable. At the equilibrium the weaker bidder is indifferent between "
        "its bids and expects nothing; its bids are what holds the stronger bidder's profit down and the revenue "
        "({revenue}) up.",
        "With ties to seat 0 the extreme equilibria give payoffs {torch_payoffs} and revenues {torch_revenues}: "
        "the equilibrium no longer pins them down. A good point on multiple equilibria.",
        "Its pure equilibria (seat 0's bid, seat 1's bid) are {first_price}: the winner pays about the second "
        "value, as in the English auction; with complete information the formats raise similar revenue, and the "
        "all-pay auction is the one that differs here.",
        "Discrete bids and open jumps: a jump changes what the others must bid to stay in. In the clock auction "
        "nobody can jump, and dropping out at your value is weakly dominant; with jumps, a bidder can win more "
        "cheaply by jumping to a level the others cannot match.",
    ],
    "facts": _facts,
}


#: ``check(key, answer)``: feedback on one answer (see ``archeo_lab.exercises``).
check = exercise.check
