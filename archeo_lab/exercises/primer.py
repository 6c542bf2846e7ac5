"""The questions of the game-theory primer (``tutorials/06_game_theory.ipynb``), one per concept.

Each concept of the primer is shown on a small position of one of the games;
the positions are built here so that the notebook and its checks read the
same numbers:

* best response, dominance, pure Nash equilibrium: a closed-fist bid of *Les
  Trésors de Cibola* with 2 explorers each (``cibola_pure()``);
* the indifference condition: the same round with 1 explorer each
  (``cibola_mixed()``);
* zero-sum games and their value: two temples of *Tikal* (``tikal_temples()``);
* backward induction: a contested pyramid of *Expedition Luxor*
  (``luxor_pyramid()``);
* auctions: one prize worth ``AUCTION_VALUES`` to two bidders;
* expected value and variance: the toss of *Quetzal*'s team meeples.
"""

from __future__ import annotations

from fractions import Fraction

from archeo_lab.games import cibola, luxor, quetzal, tikal
from archeo_lab.games.quetzal import toss
from archeo_lab.theory import NormalForm, allocations, backward_induction, blotto_payoff

from . import Choice, Exercise, LabelSet, Number, Numbers, Wholes
from . import cibola_mixed_bids, luxor_backward_induction

__all__ = ["check", "reveal", "exercise", "cibola_pure", "cibola_mixed", "bid_game", "tikal_temples", "temple_game",
           "luxor_pyramid", "pyramid_tree", "AUCTION_VALUES", "FORMATS", "toss_count"]

_PURE = {"table": ["II-01", "II-02", "II-04", "II-11"], "explorers": [2, 2], "torch": 0}
_MIXED = {"table": ["II-02", "II-04", "II-07", "II-11"], "explorers": [1, 1], "torch": 0}
_TEMPLES = dict(players=2, seed=1, tiles={"B3": (8, 1), "C3": (13, 2), "C4": (14, 0)},
                explorers={"C4": [2, 1]}, ap=10, current=0, points=[12, 14])
TEMPLE_CELLS = ("B3", "C3")
AUCTION_VALUES = (5, 3)
FORMATS = ("all-pay", "first-price", "English", "second-price")


def cibola_pure():
    """A round-5 Cibola position where each seat has 2 explorers (17 + 3 in the discard)."""
    return cibola.position(**{**cibola_mixed_bids.SETUP, **_PURE})


def cibola_mixed():
    """The same round with 1 explorer each."""
    return cibola.position(**{**cibola_mixed_bids.SETUP, **_MIXED})


def bid_game(state, explorer_value=cibola_mixed_bids.EXPLORER_VALUE, discard: int | None = None) -> NormalForm:
    """The closed-fist bid of ``state`` as a normal form (exercise 1's model: live card values, 1/2 point per
    explorer, the discard to a 0 bid); ``explorer_value`` and ``discard`` (its size) change the model."""
    A, B = cibola_mixed_bids.payoff_matrices(explorer_value, state, discard)
    return NormalForm(A, B, rows=[f"bid {i}" for i in range(len(A))], cols=[f"bid {j}" for j in range(len(A[0]))],
                      players=("seat 0", "seat 1"), title="the closed fist")


def tikal_temples():
    """Two Tikal temples of values 2 (B3) and 4 (C3), next to C4 where seat 0 has 2 explorers and seat 1 has 1."""
    return tikal.position(**_TEMPLES)


def temple_values(state=None) -> list[int]:
    state = state or tikal_temples()
    return [state.value[tikal.hexgrid.INDEX[cell]] for cell in TEMPLE_CELLS]


def temple_game() -> NormalForm:
    """Zero-sum Blotto on the two temples: seat 0's points minus seat 1's (a tie holds nothing)."""
    values = temple_values()
    rows, cols = allocations(2, 2), allocations(1, 2)
    A = [[Fraction(blotto_payoff(a, b, values, tie=0)[0]) - Fraction(blotto_payoff(a, b, values, tie=0)[1])
          for b in cols] for a in rows]
    label = lambda alloc: "-".join(map(str, alloc))  # noqa: E731
    return NormalForm(A, rows=[label(a) for a in rows], cols=[label(b) for b in cols], players=("seat 0", "seat 1"),
                      title="two temples")


def luxor_pyramid():
    """Exercise 3's board with two adventurers on the pyramid (seat 1 on top): room for two more."""
    return luxor.position(**{**luxor_backward_induction.SETUP, "stacks": {"D6": [0, 1]}})


def pyramid_tree():
    """Two turns (seat 0, then seat 1), each camp bringing at most 2 adventurers to the pyramid."""
    node = luxor.movement_graph(luxor_pyramid()).nodes[luxor_backward_induction.TILE]
    return luxor_backward_induction.contest_tree(reach_by_seat=(2, 2), order=(0, 1), room_left=node["room"],
                                                 on_top=node["top"], points=node["points"])


def toss_count() -> dict[int, Fraction]:
    """How many of a two-player seat's team meeples can act as adventurers after a toss (binomial law)."""
    n = quetzal.team_meeples(2)
    return dict(enumerate(toss.count_distribution(n, toss.ADVENTURER_FACES)))


def _best_response() -> str:
    (reply,) = bid_game(cibola_pure()).best_responses(1, "bid 0")
    return reply


def _dominated() -> set[str]:
    return set(bid_game(cibola_pure()).dominated(0))


def _nash() -> tuple[int, int]:
    ((row, col),) = bid_game(cibola_pure()).pure_equilibria()
    return int(row.split()[1]), int(col.split()[1])


def _mix() -> tuple[Fraction, Fraction]:
    ((x, y),) = bid_game(cibola_mixed()).equilibria()
    return x[1], y[1]


def _value() -> Fraction:
    return temple_game().value()


def _first_move() -> str:
    return backward_induction(pyramid_tree()).path[0]


def loser_payments(high: int = 3, low: int = 1) -> dict[str, Fraction]:
    """What the losing bidder pays in each format when the bids are ``high`` (seat 0) and ``low`` (seat 1)."""
    from archeo_lab.theory import all_pay_game, first_price_matrix

    all_pay = all_pay_game(AUCTION_VALUES, max_bid=high)
    first_price = first_price_matrix(AUCTION_VALUES, max_bid=high)[1]
    return {"all-pay": -all_pay.B[high][low], "first-price": -Fraction(first_price[high][low]),
            # open and second-price auctions: the loser drops out or is outbid and pays nothing
            "English": Fraction(0), "second-price": Fraction(0)}


def _loser_pays() -> str:
    (fmt,) = [f for f, paid in loser_payments().items() if paid > 0]
    return fmt


def _moments() -> tuple[Fraction, Fraction]:
    from archeo_lab.theory import expectation, variance

    dist = toss_count()
    return expectation(dist), variance(dist)


exercise = Exercise("The game-theory primer")
exercise.question(
    "best_response", "best response: seat 1 against a bid of 0", _best_response,
    Choice(["bid 0", "bid 1", "bid 2"], what="one of"),
    ["A best response is the choice that gives the most against a *fixed* choice of the other player.",
     "Read the column player's payoffs (the second number of each cell) in the row 'bid 0'.",
     "Pick the column with the largest second number in that row."])
exercise.question(
    "dominance", "dominance: seat 0's strictly dominated bids", _dominated,
    LabelSet(["bid 0", "bid 1", "bid 2"], what="seat 0's bids"),
    ["A bid is strictly dominated if another bid gives strictly more against *every* bid of the rival.",
     "Compare seat 0's rows (the first number of each cell) column by column.",
     "Which row beats each of the others in all three columns?"])
exercise.question(
    "nash", "Nash equilibrium: the pure equilibrium", _nash,
    Wholes(["seat 0's bid", "seat 1's bid"], names={f"bid {b}": b for b in range(3)}),
    ["At a Nash equilibrium each choice is a best response to the other.",
     "Start from seat 0's dominant bid: what is seat 1's best response to it?",
     "Check that seat 0's bid is also a best response to seat 1's."])
exercise.question(
    "indifference", "the indifference condition: (p, q)", _mix,
    Numbers(["p = P(seat 0 bids 1)", "q = P(seat 1 bids 1)"], decimals=3, probability=True, form="a tuple (p, q)"),
    ["Each player mixes so that the *other* is indifferent between its two bids.",
     "p comes from seat 1's payoffs: its expected payoff from bid 0 and from bid 1 must be equal when seat 0 bids 1 "
     "with probability p.",
     "Write the two expected payoffs as linear functions of p, set them equal, solve; then the same for q with "
     "seat 0's payoffs."],
    mistakes=[(lambda: tuple(reversed(_mix())), "p and q are swapped: p makes seat 1 indifferent, so it comes from "
                                                "seat 1's payoffs")])
exercise.question(
    "value", "zero-sum: the value of the temple game", _value, Number(decimals=3, unit="points"),
    ["What can seat 0 guarantee on average, whatever seat 1 does?",
     "Remove the dominated row; with no saddle point left, both players mix to make the other indifferent.",
     "The value is seat 0's expected payoff with its optimal mix, against either column."])
exercise.question(
    "backward_induction", "backward induction: seat 0's first move", _first_move,
    Choice(["elsewhere", "put 1", "put 2"], what="one of"),
    ["Start from the last turn: what does seat 1 do with the room you leave it?",
     "A full tile (four adventurers) cannot be entered; whoever fills it keeps it.",
     "Compare your three moves by what seat 1 then does."])
exercise.question(
    "auctions", "auctions: where the loser pays", _loser_pays, Choice(list(FORMATS), what="one of"),
    ["In which format does a bid cost something even when it does not win?",
     "Go through the formats one by one and ask who hands over their bid at the end: the winner alone, or "
     "every bidder?",
     "Think of Cibola's closed fist: where do the losing explorers go?"])
exercise.question(
    "expected_value", "expected value and variance of the toss", _moments,
    Numbers(["expected number", "variance"], decimals=3, form="a tuple (mean, variance)"),
    ["How many team meeples are tossed, and what is the chance that one can act as an adventurer?",
     "The count is binomial: a sum of independent yes/no tosses with the same chance p.",
     "Mean n p; variance n p (1 - p)."],
    mistakes=[(lambda: (_moments()[0], Fraction(round(float(_moments()[1]) ** 0.5 * 10 ** 6), 10 ** 6)),
               "the second number is the standard deviation; the question asks for the variance (its square)")])


#: ``check(key, answer)``: feedback on one answer (see ``archeo_lab.exercises``).
check = exercise.check
reveal = exercise.reveal
