"""Exercise 5: Tikal's temple majorities as a Colonel Blotto game.

The position (``position()``): two players before a scoring round.  Two
temples nobody holds yet, of value 3 (B3) and 5 (C3), are within reach of the
clearing C4, where seat 0 has 2 explorers and seat 1 has 1.  A temple scores
its value for the player with **more** explorers on it (*S'il est majoritaire
sur un hexagone où il y a un Temple ... il marque la valeur du Temple*, "Calculer
ses Points de Prestige"); a tie holds nothing (``tikal.scoring.temple_holder``).

The model (Colonel Blotto, zero-sum): each player sends every explorer it has
on C4 to one of the two temples, **without seeing the other's choice**; the
payoff is seat 0's points from the two temples minus seat 1's.  The exercise
then compares it with the order of moves Tikal really has (one player moves
after seeing the other).
"""

from __future__ import annotations

from fractions import Fraction

from archeo_lab import course
from archeo_lab.games import tikal
from archeo_lab.theory import NormalForm, allocations, blotto_payoff

from . import Exercise, LabelSet, Matrix, Number, Numbers

__all__ = ["position", "check", "exercise", "TEMPLES", "CLEARING", "blotto", "allocation_labels"]

TEMPLES = ("B3", "C3")          # the two temples, in this order in every allocation
CLEARING = "C4"
SETUP = dict(players=2, seed=1, tiles={"B3": (17, 1), "C3": (18, 0), "C4": (14, 0)},
              explorers={"C4": [2, 1]}, ap=10, current=0, points=[12, 14])


def position():
    """The exercise's position, a Tikal state (it draws itself; ``al.play("tikal", state=...)`` opens it)."""
    return tikal.position(**SETUP)


def temple_values(state=None) -> list[int]:
    """The two temples' values, read from the state."""
    state = state or position()
    return [state.value[tikal.hexgrid.INDEX[t]] for t in TEMPLES]


def explorers_on_clearing(state=None) -> list[int]:
    """Explorers of seat 0 and seat 1 on the clearing."""
    state = state or position()
    return [state.pieces_on(seat, tikal.hexgrid.INDEX[CLEARING]) for seat in range(2)]


def allocation_labels(units: int) -> list[str]:
    """``"1-1"``: explorers on the first temple (B3, value 3) - on the second (C3, value 5)."""
    return ["-".join(map(str, a)) for a in allocations(units, len(TEMPLES))]


def blotto(units: tuple[int, int] | None = None) -> NormalForm:
    """The zero-sum Blotto game: rows seat 0's allocations, columns seat 1's; seat 0's points minus seat 1's."""
    a_units, b_units = units or explorers_on_clearing()
    values = temple_values()
    rows, cols = allocations(a_units, len(values)), allocations(b_units, len(values))
    A = []
    for a in rows:
        row = []
        for b in cols:
            mine, theirs = blotto_payoff(a, b, values, tie=0)
            row.append(Fraction(mine) - Fraction(theirs))
        A.append(row)
    return NormalForm(A, rows=allocation_labels(a_units), cols=allocation_labels(b_units),
                      players=("seat 0", "seat 1"), title="two temples, Blotto")


def _matrix() -> list[list[Fraction]]:
    return blotto().A


def _dominated() -> set[str]:
    game = blotto()
    return {r for r in game.rows if r not in game.eliminate_dominated().rows}


def _maximin() -> Fraction:
    game = blotto()
    return max(min(row) for row in game.A)


def _minimax() -> Fraction:
    game = blotto()
    return min(max(game.A[i][j] for i in range(len(game.A))) for j in range(len(game.A[0])))


def _value() -> Fraction:
    return blotto().value()


def _mixes() -> tuple[Fraction, Fraction]:
    """(P(seat 0 sends both to the 5-temple), P(seat 1 sends its explorer to the 5-temple)) at the equilibrium."""
    game = blotto()
    (x, y), = game.equilibria()
    return x[game.rows.index("0-2")], y[game.cols.index("0-1")]


def _value_with_one_more() -> Fraction:
    a_units, b_units = explorers_on_clearing()
    return blotto((a_units, b_units + 1)).value()


exercise = Exercise(course.step("exercises/05_tikal_blotto_majorities").title)   # the course map's title
exercise.question(
    "q1", "q1, the Blotto matrix", _matrix,
    Matrix(3, 2, decimals=2, name="seat 0's payoff matrix", row_names=allocation_labels(2),
           col_names=allocation_labels(1)),
    ["What does each temple give, and to whom, when both players have sent their explorers?",
     "A temple scores its value for the player with strictly more explorers on it; a tie gives nothing to anybody.",
     "Cell (row, column): seat 0's points from the two temples minus seat 1's, for that pair of allocations."])
exercise.question(
    "q2", "q2, seat 0's dominated allocations", _dominated, LabelSet(allocation_labels(2), what="allocations"),
    ["Is there an allocation that another one beats against *every* choice of seat 1?",
     "Compare the three rows cell by cell: a row that is worse in every column is strictly dominated.",
     "A row is dominated only if one single other row beats it in every column; a row that is better in "
     "some columns and worse in others is not."])
exercise.question(
    "q3", "q3, if seat 1 could see seat 0's choice", _maximin, Number(decimals=2, unit="points"),
    ["If seat 1 moves after seeing seat 0's allocation, how will it answer each allocation?",
     "For each row, seat 1 picks the column that is worst for seat 0; seat 0 then picks the best of these.",
     "The maximin in pure strategies: the largest of the row minima."],
    mistakes=[(_minimax, "that is what seat 0 gets when *it* sees seat 1's choice first (the smallest column "
                         "maximum); here seat 1 answers seat 0")])
exercise.question(
    "q4", "q4, if seat 0 could see seat 1's choice", _minimax, Number(decimals=2, unit="points"),
    ["Now seat 0 moves last and answers seat 1's allocation. What can seat 1 still guarantee?",
     "For each column, seat 0 picks its best row; seat 1 picks the column where that best is smallest.",
     "The minimax in pure strategies: the smallest of the column maxima."],
    mistakes=[(_maximin, "that is the other order: here seat 0 answers seat 1's choice, so take column maxima "
                         "first")])
exercise.question(
    "q5", "q5, the optimal mixes", _mixes,
    Numbers(["p = P(seat 0 sends both explorers to the 5-temple)", "q = P(seat 1 sends its explorer to the "
             "5-temple)"], decimals=3, probability=True, form="a tuple (p, q)"),
    ["Once the dominated row is gone, if seat 0 sends both explorers to the 5-temple with probability p, what does "
     "it expect against each of seat 1's two choices, as a function of p?",
     "With no saddle point, each player mixes so that the other is indifferent between its two choices.",
     "p makes seat 1's two columns give seat 0 the same expected payoff; q makes seat 0's two rows equal."],
    mistakes=[(lambda: tuple(reversed(_mixes())), "p and q are swapped: p is seat 0's probability, found by making "
                                                  "seat 1 indifferent"),
              (lambda: tuple(1 - v for v in _mixes()), "those are the probabilities of the other choices "
                                                        "(spreading for seat 0, the 3-temple for seat 1)")])
exercise.question(
    "q6", "q6, the value of the game", _value, Number(decimals=3, unit="points"),
    ["What does seat 0 earn on average when both play their optimal mixes?",
     "In a zero-sum game the value is what seat 0's optimal mix guarantees against every choice of seat 1 "
     "(and what seat 1's mix concedes at most).",
     "Compute seat 0's expected payoff with its mix p against either column (they are equal)."],
    mistakes=[(_maximin, "that is the pure maximin (q3): mixing lets seat 0 guarantee more"),
              (_minimax, "that is the pure minimax (q4): mixing lets seat 1 concede less")])
exercise.question(
    "q7", "q7, the value if seat 1 had a second explorer", _value_with_one_more, Number(decimals=3, unit="points"),
    ["With 2 explorers each, who has the advantage?",
     "Swap the seats: does either of them have a choice or a payoff the other lacks? What, then, can each "
     "guarantee?",
     "Build the 3 x 3 game with ex.blotto((2, 2)) and look for a saddle point; its .value() confirms."])


def _facts() -> dict[str, str]:
    return {"maximin": str(_maximin()), "value": str(_value()), "minimax": str(_minimax()),
            "last": str(_minimax() - _maximin())}


TEACHER = {
    "objectives": [
        "model majorities as a Colonel Blotto game from a position (temple values, explorers within reach);",
        "use strict dominance, pure maximin and minimax (what moving first or last is worth);",
        "derive the optimal mixes and the value of a zero-sum game by hand, and check them with the solver;",
        "use symmetry to find a value without computing.",
    ],
    "time": "about 45 minutes in class (Q1-Q2: 10 min, Q3-Q4: 10 min, Q5-Q7: 15 min, discussion: 10 min).",
    "prerequisites": "the tutorial 05 · Tikal (temples, majorities, scoring rounds); the primer's zero-sum games and "
                     "their value.",
    "model": "A two-player Tikal board built with `tikal.position(...)`: temples of value 3 (B3) and 5 (C3) next to "
             "the clearing C4 (2 explorers of seat 0, 1 of seat 1), both reachable this turn. The Blotto model "
             "makes both players choose without seeing each other; the payoff is seat 0's temple points minus "
             "seat 1's.",
    "discussion": [
        "Moving first guarantees {maximin}, hidden choices give {value}, moving last {minimax}: the value always "
        "lies between the pure maximin and the pure minimax (mixing can only help the one who must commit). "
        "Moving last is worth {last} points over moving first here.",
        "In a scoring round each player moves and then scores at once, so for *its own* count each player moves "
        "last against what the others left. Majorities can change several times in one round (the rule book says "
        "so), which favours holding temples you can defend against every later mover.",
        "With equal forces, concentrating on the bigger temple is optimal in this model: spreading only pays when "
        "you have more explorers than the rival (Q5: seat 0 spreads with positive probability). Discuss values "
        "and force ratios.",
        "Guardians make a temple permanent; the leader counts three; temples can be raised (their value changes); "
        "later scoring rounds reward keeping explorers in place. Each can change the answer; ask which one a "
        "student would add first and how the matrix would change.",
    ],
    "facts": _facts,
}


#: ``check(key, answer)``: feedback on one answer (see ``archeo_lab.exercises``).
check = exercise.check
