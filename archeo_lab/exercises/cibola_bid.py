"""Exercise 1: Cibola's closed-fist bid as an all-pay auction.

The position (``position()``): two players in round 3 of *Les Trésors de
Cibola*, 10 explorers each, 4 in the discard, seat 0 holds the torch (it wins
ties).  Revealed: I-12 (feathered shield), I-09 (three sundials), I-15 (two
sundials and a snake), I-01 (a sundial).  With two players the auction's
winner takes the 1st and 3rd cards, the other the 2nd and 4th.

The model the students build (rocks and later rounds left out): a card is
worth the sum of its treasures at their columns' current value (the average
of the visible cells); both players take the best card left; an explorer is
worth ``EXPLORER`` points; a player who bids 0 takes the discard (shared if
both bid 0).  Payoffs are each player's own points from the round.
"""

from __future__ import annotations

from fractions import Fraction

from archeo_lab.games import cibola
from archeo_lab.games.cibola import scoring
from archeo_lab.theory import NormalForm

from . import Exercise, same_matrix, same_number

__all__ = ["position", "check", "EXPLORER", "BIDS", "BOT_RUNS", "BOT_ITERATIONS", "exercise"]

EXPLORER = Fraction(1, 2)    # an explorer's value at the final count: 1 point per 2
BIDS = range(5)              # the bids considered: 0 to 4 explorers
BOT_RUNS, BOT_ITERATIONS = 10, 200   # q5: the search bot asked 10 times (seeds 0-9), 200 iterations each
TABLE = ["I-12", "I-09", "I-15", "I-01"]


def position():
    """The exercise's position, as a Cibola state (open it on a board with ``al.play("cibola", state=...)``)."""
    return cibola.position(players=2, seed=4, table=TABLE, explorers=[10, 10], torch=0, round=3)


def _card_values() -> dict[str, Fraction]:
    state = position()
    values = [Fraction(scoring.column_value(v)).limit_denominator(100) for v in scoring.visible_values(state.covered)]
    return {card: scoring.score_breakdown([scoring.treasure_counts([card])], [0], [[]], values)[0]["total"]
            for card in TABLE}


def _picks() -> tuple[Fraction, Fraction]:
    ranked = sorted(_card_values().values(), reverse=True)
    return ranked[0] + ranked[2], ranked[1] + ranked[3]


def _matrices() -> tuple[list[list[Fraction]], list[list[Fraction]]]:
    win, lose = _picks()
    discard = position().discard

    def payoff(mine: int, other: int, i_win_ties: bool) -> Fraction:
        wins = mine > other or (mine == other and i_win_ties)
        rebate = (discard // 2 if other == 0 else discard) if mine == 0 else 0
        return (win if wins else lose) + EXPLORER * (rebate - mine)

    A = [[payoff(i, j, True) for j in BIDS] for i in BIDS]
    B = [[payoff(j, i, False) for j in BIDS] for i in BIDS]
    return A, B


def _equilibrium_mix() -> tuple[Fraction, ...]:
    (x, _), = NormalForm(*_matrices()).equilibria()
    return x


def _bot_zero_share() -> Fraction:
    from archeo_lab import bots

    zero = 0
    for seed in range(BOT_RUNS):
        bot = bots.make("mcts", seed=seed, iterations=BOT_ITERATIONS)
        zero += str(bot.choose(position())) == "bid 0"
    return Fraction(zero, BOT_RUNS)


def _same_values(answer, expected):
    wrong = [card for card in expected if abs(float(answer[card]) - float(expected[card])) > 1e-6]
    if not wrong:
        return True, "all four cards are right"
    return False, f"{len(wrong)} card value(s) are off, for example {wrong[0]}"


def _same_pair(answer, expected):
    a, b = (float(v) for v in answer)
    if abs(a - float(expected[0])) < 1e-6 and abs(b - float(expected[1])) < 1e-6:
        return True, "right"
    if abs(a - float(expected[1])) < 1e-6 and abs(b - float(expected[0])) < 1e-6:
        return False, "the two totals are swapped"
    return False, "the winner's total is " + ("right" if abs(a - float(expected[0])) < 1e-6 else "wrong") + \
        ", the other's is " + ("right" if abs(b - float(expected[1])) < 1e-6 else "wrong")


def _same_matrices(answer, expected):
    A, B = answer
    ok_a, why_a = same_matrix()(A, expected[0])
    ok_b, why_b = same_matrix()(B, expected[1])
    if ok_a and ok_b:
        return True, "both matrices are right"
    return False, ("A: " + why_a) + ("; B: " + why_b)


def _same_mix(answer, expected):
    mix = [float(v) for v in answer]
    if len(mix) != len(expected):
        return False, f"give one probability per bid ({len(expected)} numbers)"
    if abs(sum(mix) - 1) > 1e-6:
        return False, "the probabilities must add up to 1"
    wrong = [k for k, (a, b) in enumerate(zip(mix, expected)) if abs(a - float(b)) > 1e-6]
    if not wrong:
        return True, "right: seat 0 mixes"
    return False, f"the probability of bid {wrong[0]} is off"


exercise = Exercise("Cibola's bid as an all-pay auction")
exercise.question("q1", "q1, the cards' values", _card_values, _same_values, [
    "a card's value is the sum of its treasures, each at its column's current value",
    "scoring.column_value(...) of each column's visible cells gives the current values",
])
exercise.question("q2", "q2, what the auction is worth", _picks, _same_pair, [
    "with two players the winner takes the 1st and the 3rd best cards",
    "sort the four values from best to worst: winner 1st + 3rd, other 2nd + 4th",
])
exercise.question("q3", "q3, the payoff matrices", _matrices, _same_matrices, [
    "A[i][j] is seat 0's points when seat 0 bids i and seat 1 bids j; seat 0 wins ties (torch)",
    "remember the bid is paid win or lose, and a 0 bid takes the discard (shared if both bid 0)",
])
exercise.question("q4", "q4, seat 0's equilibrium bids", _equilibrium_mix, _same_mix, [
    "NormalForm(A, B).equilibria() lists the equilibria as (x, y); x is seat 0's mix",
    "there is exactly one equilibrium here, and nobody plays a single bid in it",
])
exercise.question("q5", "q5, how often the search bot bids 0", _bot_zero_share, same_number(1e-9), [
    "run bots.make('mcts', seed=s, iterations=200).choose(position()) for s in range(10)",
    "count the decisions that are 'bid 0' and divide by 10",
])


def check(key: str, answer, attempt: int = 0):
    """Feedback on one answer (see ``archeo_lab.exercises``)."""
    return exercise.check(key, answer, attempt)
