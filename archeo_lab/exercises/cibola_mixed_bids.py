"""Exercise 1: Cibola's closed fist, a mixed equilibrium found by the indifference condition.

The position (``position()``): two players at the start of round 5 of *Les
Trésors de Cibola* (the first round of phase II).  Seat 0 holds the torch
(*la Torche*: it wins ties) and 6 explorers; seat 1 has 1 explorer left; 17
explorers lie in the discard.  Rocks cover the shield cell 3, three statuette
cells and two skull cells.  Revealed: II-01 (two sundials), II-02 (a feathered
shield), II-07 (a sundial and a shield), II-11 (two shields).

The model the students build from it (``payoff_matrices``), its assumptions
stated in the notebook:

* a card is worth its treasures at their columns' *live* value, the average of
  the cells still visible (the board's live score does the same); the rocks
  these cards will place and the later rounds are left out;
* with two players the auction's winner picks 1st and 3rd, the other 2nd and
  4th (*Règles spécifiques pour 2 joueurs*), each taking the best card left;
* every bid is paid, win or lose; ties go to the torch; a player who bids 0
  takes the discard, and two players who bid 0 share it equally, the odd
  explorer staying (*ils se répartissent équitablement les pions de la
  défausse*);
* an explorer is worth ``EXPLORER_VALUE`` = 1/2 point: its value at the final
  count (*1 point supplémentaire pour 2 explorateurs*), if it is kept to the end.
"""

from __future__ import annotations

from fractions import Fraction

from archeo_lab import course
from archeo_lab.games import cibola
from archeo_lab.games.cibola import scoring
from archeo_lab.games.cibola.components import CARD_BY_ID, KINDS
from archeo_lab.theory import NormalForm

from . import Exercise, LabelSet, Mapping, Matrices, Number, Numbers, YesNo

__all__ = ["position", "check", "reveal", "exercise", "card_values", "pick_totals", "payoff_matrices", "game",
           "EXPLORER_VALUE", "TABLE"]

EXPLORER_VALUE = Fraction(1, 2)      # 1 point per 2 explorers at the final count
TABLE = ("II-01", "II-02", "II-07", "II-11")
SETUP = dict(
    players=2, seed=5, round=5, table=list(TABLE), explorers=[6, 1], torch=0,
    collections=[["I-01", "I-02", "I-03", "I-04", "I-06", "I-11", "I-13", "I-15"],
                 ["I-05", "I-07", "I-08", "I-09", "I-10", "I-12", "I-14", "I-16"]],
    rocks={"shield": [3], "statuette": [4, 8, 12], "skull": [-3, -6]},
)


def position():
    """The exercise's position, a Cibola state (it draws itself; ``al.play("cibola", state=...)`` opens it)."""
    return cibola.position(**SETUP)


def card_values(state=None) -> dict[str, Fraction]:
    """Each revealed card's live value: its treasures at the average of their columns' visible cells.

    Only for cards whose treasures score per item (sundials, snakes, shields), as in this position.
    """
    state = state or position()
    live = {kind: Fraction(sum(cells), len(cells)) for kind, cells in zip(KINDS, scoring.visible_values(state.covered))}
    values = {}
    for card in state.table:
        treasures = CARD_BY_ID[card].treasures
        if any(kind in ("statuette", "skull") for kind in treasures):
            raise ValueError(f"{card} holds a majority treasure: its value depends on the other collections")
        values[card] = sum((live[kind] for kind in treasures), Fraction(0))
    return values


def pick_totals(state=None) -> tuple[Fraction, Fraction]:
    """(the auction winner's points, the other's): 1st + 3rd best cards against 2nd + 4th."""
    ranked = sorted(card_values(state).values(), reverse=True)
    return ranked[0] + ranked[2], ranked[1] + ranked[3]


def payoff_matrices(explorer_value=EXPLORER_VALUE, state=None,
                    discard: int | None = None) -> tuple[list[list[Fraction]], list[list[Fraction]]]:
    """``(A, B)``: seat 0's and seat 1's points when seat 0 bids ``i`` (row) and seat 1 bids ``j`` (column).

    ``discard`` replaces the size of the state's discard (a what-if: in round 1 it is empty).
    """
    state = state or position()
    win, lose = pick_totals(state)
    discard, torch = state.discard if discard is None else discard, state.torch
    explorer_value = Fraction(explorer_value)

    def payoff(seat: int, mine: int, other: int) -> Fraction:
        wins = mine > other or (mine == other and torch == seat)
        rebate = (discard // 2 if other == 0 else discard) if mine == 0 else 0
        return (win if wins else lose) + explorer_value * (rebate - mine)

    bids0, bids1 = range(state.explorers[0] + 1), range(state.explorers[1] + 1)
    A = [[payoff(0, i, j) for j in bids1] for i in bids0]
    B = [[payoff(1, j, i) for j in bids1] for i in bids0]
    return A, B


def game(explorer_value=EXPLORER_VALUE) -> NormalForm:
    """The bid as a ``NormalForm`` (rows: seat 0's bids, columns: seat 1's)."""
    A, B = payoff_matrices(explorer_value)
    return NormalForm(A, B, rows=[f"bid {i}" for i in range(len(A))], cols=[f"bid {j}" for j in range(len(A[0]))],
                      players=("seat 0", "seat 1"), title="the closed fist, round 5")


def _average_with_rocks() -> dict[str, Fraction]:
    """The mistake of averaging every cell of a column, covered or not."""
    state = position()
    full = {col.kind: Fraction(sum(col.cells), len(col.cells)) for col in cibola.components.COLUMNS}
    return {card: sum((full[k] for k in CARD_BY_ID[card].treasures), Fraction(0)) for card in state.table}


def _first_two() -> tuple[Fraction, Fraction]:
    ranked = sorted(card_values().values(), reverse=True)
    return ranked[0] + ranked[1], ranked[2] + ranked[3]


def _no_rebate():
    state = position()
    win, lose = pick_totals(state)
    A, B = payoff_matrices()
    # the same matrices without the discard taken by a 0 bid
    for i in range(len(A)):
        for j in range(len(A[0])):
            A[i][j] = (win if i > j or (i == j and state.torch == 0) else lose) - EXPLORER_VALUE * i
            B[i][j] = (win if j > i or (i == j and state.torch == 1) else lose) - EXPLORER_VALUE * j
    return A, B


def _even_split():
    """The mistake of sharing 17 explorers as 8.5 each."""
    state = position()
    A, B = payoff_matrices()
    half = Fraction(state.discard, 2) - state.discard // 2
    A[0][0] += EXPLORER_VALUE * half
    B[0][0] += EXPLORER_VALUE * half
    return A, B


def _reduced() -> NormalForm:
    return game().eliminate_dominated()


def _dominated() -> set[str]:
    full, small = game(), _reduced()
    return {r for r in full.rows if r not in small.rows}


def _mix() -> tuple[Fraction, Fraction]:
    """(p, q): the probability that seat 0 bids its higher surviving bid, and that seat 1 does."""
    small = _reduced()
    (x, y), = small.equilibria()
    return x[1], y[1]


_PURE = ("0 and 1 are pure strategies, and the reduced game has no pure equilibrium: in each of its four cells one "
         "player gains by switching bids. The equilibrium mixes: each bids 1 with a probability strictly between 0 "
         "and 1")


def _pure_if_none(pure: tuple[int, int]) -> tuple[int, int] | None:
    """``pure`` as a known wrong answer to q5 while the reduced game has no pure equilibrium (else no mistake)."""
    return None if _reduced().pure_equilibria() else pure


def _p_rival_first() -> Fraction:
    """The probability that seat 1 wins the auction at the equilibrium."""
    full = game()
    (x, y), = full.equilibria()
    A, _ = payoff_matrices()
    state = position()
    total = Fraction(0)
    for i, p in enumerate(x):
        for j, q in enumerate(y):
            if j > i or (i == j and state.torch == 1):
                total += p * q
    return total


def _equilibrium_payoffs() -> tuple[Fraction, Fraction]:
    full = game()
    (x, y), = full.equilibria()
    return full.payoffs(x, y)


def _unique() -> bool:
    return len(game().equilibria()) == 1


exercise = Exercise(course.step("exercises/01_cibola_mixed_bids").title)   # the course map's title
exercise.question(
    "q1", "q1, what each card is worth", card_values, Mapping(list(TABLE), decimals=2),
    ["Look at the temple board: which cells of each column are still visible, and which are under a rock?",
     "A column's live value is the average of its visible cells; a card is worth the sum of its treasures' values.",
     "For each card, add the live values of its treasures (a card with two shields counts the shield value twice)."],
    mistakes=[(_average_with_rocks, "a rock hides a cell: a column's live value is the average of its *visible* "
                                    "cells only")])
exercise.question(
    "q2", "q2, what winning the auction is worth", pick_totals,
    Numbers(["winner's points", "other's points"], decimals=2, form="a tuple"),
    ["With two players, who picks the 1st, 2nd, 3rd and 4th card?",
     "Rank the four cards by value; each player takes the best card left when it is their turn.",
     "The winner takes the 1st and 3rd best cards, the other the 2nd and 4th."],
    mistakes=[(_first_two, "with two players the winner does not take both best cards: it picks 1st and 3rd, "
                           "the other 2nd and 4th ('Règles spécifiques pour 2 joueurs')")])
exercise.question(
    "q3", "q3, the payoff matrices", lambda: payoff_matrices(),
    Matrices(["A", "B"], rows=7, cols=2, decimals=2),
    ["What does each player gain and lose in one cell: the cards, the explorers bid, the discard?",
     "Cell (i, j): seat 0 bid i, seat 1 bid j; the higher bid wins, a tie goes to the torch (seat 0). "
     "Both pay their bids; a 0 bid takes the discard.",
     f"payoff = cards won (q2) + 1/2 x (explorers taken from the discard - explorers bid); two 0 bids share the "
     f"discard, {position().discard // 2} each (the odd one stays)."],
    mistakes=[(_no_rebate, "a player who bids 0 takes the explorers of the discard: add them at 1/2 point each"),
              (_even_split, "explorers are not cut in half: the rule book shares the discard equally, whole "
                            "explorers each, and the odd one stays (its example shares 7 as 3 each)")])
exercise.question(
    "q4", "q4, seat 0's dominated bids", _dominated,
    LabelSet([f"bid {i}" for i in range(7)], what="seat 0's bids"),
    ["A bid is strictly dominated when another bid does better against *every* bid of the rival. "
     "What can seat 1 bid?",
     "Compare each row of A with the others, column by column; after removing rows, look again (iterated "
     "elimination), for both players.",
     "Against a rival who can bid only 0 or 1, what does a bid of 2 or more buy that a bid of 1 does not?"],
    mistakes=[(lambda: _dominated() | {"bid 0"}, "bid 0 is not dominated: against a rival who bids 0 it is seat "
                                                  "0's best bid (a share of the discard, and the torch keeps the "
                                                  "first pick)")])
exercise.question(
    "q5", "q5, the mixed equilibrium of the reduced game", _mix,
    Numbers(["p = P(seat 0 bids 1)", "q = P(seat 1 bids 1)"], decimals=3, probability=True, form="a tuple (p, q)"),
    ["In a mixed equilibrium, why would a player be willing to randomise between two bids?",
     "Each player mixes so that the *other* player is indifferent between its two bids: equal expected payoffs.",
     "Write seat 1's expected points from bid 0 and from bid 1 when seat 0 bids 1 with probability p (from "
     "B), set them equal and solve for p; do the same with A for q."],
    mistakes=[(lambda: tuple(reversed(_mix())), "p and q are swapped: p makes *seat 1* indifferent, so it "
                                                 "comes from seat 1's payoffs (B)"),
              (lambda: tuple(1 - v for v in _mix()), "those are the probabilities of bidding 0; the question "
                                                      "asks for the probabilities of bidding 1"),
              (lambda: (1 - _mix()[1], 1 - _mix()[0]),
               "p and q are swapped, and they are the probabilities of bidding 0, not 1"),
              *((lambda pure=pure: _pure_if_none(pure), _PURE) for pure in ((0, 0), (0, 1), (1, 0), (1, 1)))])
exercise.question(
    "q6", "q6, the rival picks first", _p_rival_first, Number(decimals=3, probability=True),
    ["When does seat 1 win the auction, given the torch?",
     "Seat 1 picks first only if its bid is strictly higher. Which pair of bids is that, in the reduced game?",
     "The two players mix independently: multiply their probabilities."],
    mistakes=[(lambda: _mix()[1], "seat 1 bidding 1 is not enough: seat 0 must also bid 0 (a tie goes to the "
                                  "torch), and the two draws are independent"),
              (lambda: _mix()[0], "that is p, the chance that seat 0 bids 1: seat 1 picks first when it bids 1 "
                                  "*and* seat 0 bids 0")])
exercise.question(
    "q7", "q7, the expected points at the equilibrium", _equilibrium_payoffs,
    Numbers(["seat 0's expected points", "seat 1's expected points"], decimals=3, form="a tuple"),
    ["At an equilibrium, what does a player earn from each bid it mixes over?",
     "Seat 0 is indifferent between its two bids: its expected points equal those of either bid against q. "
     "The same for seat 1 against p.",
     "Seat 0: A's 'bid 1' row against q; seat 1: B's 'bid 0' column against p."])
exercise.question(
    "q8", "q8, the only equilibrium?", _unique, YesNo(),
    ["Strict dominance never removes an equilibrium. Could the full game still have others?",
     "NormalForm(A, B).equilibria() lists every extreme equilibrium of the full 7 x 2 game, exactly.",
     "Compare its list with your (p, q): how many equilibria does it find?"])


def _facts() -> dict[str, str]:
    full = game()
    richer = game(explorer_value=1)
    (x, y), = full.equilibria()
    return {
        "vs_all_bid0": ", ".join(full.best_responses(1, "bid 0")),
        "vs_all_bid1": ", ".join(full.best_responses(1, "bid 1")),
        "richer_pure": ", ".join(f"({r}, {c})" for r, c in richer.pure_equilibria()) or "none",
        "p0": str(x[0]), "q1": str(y[1]),
    }


TEACHER = {
    "objectives": [
        "read a position's numbers (live column values, explorers, discard, torch) and turn them into a payoff "
        "matrix under stated assumptions;",
        "remove strictly dominated strategies, iteratively, and know that this never loses an equilibrium;",
        "derive a mixed equilibrium of a 2 x 2 game by the indifference condition, then check it with "
        "`NormalForm.equilibria()` on the full game;",
        "compute what an equilibrium gives each player and how often each outcome happens.",
    ],
    "time": "about 45 minutes in class (Q1-Q4: 15 min, Q5-Q8: 20 min, discussion: 10 min).",
    "prerequisites": "the tutorial 01 · Cibola (the closed fist, the two-player picks); the primer's sections on "
                     "dominance and on mixed strategies and the indifference condition.",
    "model": "Round 5 of a two-player game (the first round of phase II), built with `cibola.position(...)`, rocks "
             "included. Seat 0 has the torch and 6 explorers, seat 1 one explorer, 17 in the discard. The model "
             "values cards at live column values and explorers at 1/2 point, and leaves out the rocks the cards "
             "will place and the later rounds (stated in the notebook).",
    "discussion": [
        "No: the mix is exact and it is what keeps the *other* player indifferent. Against a seat 0 who always bid "
        "0, seat 1's best response is {vs_all_bid0}; against one who always bid 1, it is {vs_all_bid1}: a pure "
        "player is read and exploited. Ask the class to compute these with `bid_game.best_responses(1, ...)`.",
        "At the equilibrium seat 0 bids 0 with probability {p0} and seat 1 bids 1 with probability {q1}. The torch "
        "makes seat 0 win every tie, so seat 1's single explorer wins only against a 0 bid: seat 1 must bid it "
        "often to have any chance, while seat 0, which wins ties anyway, mixes closer to half and half to keep "
        "seat 1 indifferent.",
        "With explorers worth 1 point each the pure equilibria are: {richer_pure}. Bidding (and losing explorers) "
        "costs more, so the discard becomes the prize of a 0 bid: discuss why mid-game explorers are worth more "
        "than their final 1/2 point (they buy later cards).",
        "The bot plays the whole game on (rocks, totems, later rounds, the torch's future) and values explorers by "
        "what they buy later; the model stops at this round. Discuss which assumption moves its choice, rather "
        "than calling either one 'right'.",
    ],
    "facts": _facts,
}


#: ``check(key, answer)``: feedback on one answer (see ``archeo_lab.exercises``).
check = exercise.check
reveal = exercise.reveal
