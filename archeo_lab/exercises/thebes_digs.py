"""Exercise 4: Thebes, the expected value and the risk of a dig against its weeks.

The position (``position()``): two players; seat 0 (week 14 on the time track)
has Egypt expertise 3 and two general knowledge cards of 2 on its tableau, a
dig permit for Egypt, and knows the Egypt pile card by card (a scientist, *le
Scientifique*, looked at it): the 20 cards of a full pile, 8 rubble and 12
relics.  The student reads its knowledge (the rule: never more general
knowledge than expertise), the cards each length of dig draws from the
excavation table (*le tableau des fouilles*), and the pile.

The model: a week spent digging is a week not spent elsewhere, priced at
``WEEK_PRICE`` points (an assumption stated in the notebook; the discussion
varies it).
"""

from __future__ import annotations

from fractions import Fraction

from archeo_lab import course
from archeo_lab.games import thebes
from archeo_lab.games.thebes import EXCAVATION_TABLE, RELIC_VALUES, dig_cards, dig_odds
from archeo_lab.games.thebes.components import CELL_STATUS
from archeo_lab.theory import variance

from . import Exercise, LabelSet, Number, Whole

__all__ = ["position", "check", "reveal", "exercise", "knowledge", "pile", "net_value", "WEEK_PRICE", "REGION"]

REGION = "egypt"
WEEK_PRICE = Fraction(1)         # points a week is worth elsewhere (the model's assumption)
MAX_WEEKS = len(EXCAVATION_TABLE)    # a dig lasts 1 to 12 weeks (the table's rows)
DIG = 3                          # the dig of questions 3 to 5, in weeks
SETUP = dict(players=2, seed=3, weeks=[14, 15],
              tableau=[["egypt expertise 3", "general knowledge 2", "general knowledge 2"], ["greece expertise 2"]],
              piles={REGION: list(RELIC_VALUES)}, known={0: {REGION: "all"}})


def position():
    """The exercise's position, a Thebes state (it draws itself; ``al.play("thebes", state=...)`` opens it)."""
    return thebes.position(**SETUP)


def knowledge() -> int:
    """Seat 0's knowledge for a dig in Egypt (the engine's own count)."""
    return position().dig_knowledge(0, REGION)


def pile() -> list[int]:
    """The Egypt pile, card by card (0 = rubble), as seat 0 knows it."""
    return sorted(position().piles[thebes.REGIONS.index(REGION)])


def _odds(weeks: int):
    return dig_odds(dig_cards(knowledge(), weeks), known=pile())


def net_value(weeks: int, week_price=WEEK_PRICE) -> Fraction:
    """Expected points of a dig of ``weeks`` weeks minus the weeks' price (0 weeks: no dig, 0)."""
    return Fraction(0) if weeks == 0 else _odds(weeks).expected_points - Fraction(week_price) * weeks


def _never_pay() -> set[int]:
    """Lengths that draw no more cards than a shorter dig: worse whatever a week is worth."""
    k = knowledge()
    return {w for w in range(2, MAX_WEEKS + 1) if any(dig_cards(k, v) >= dig_cards(k, w) for v in range(1, w))}


def printed_verdicts() -> tuple[list[int], list[int]]:
    """Q2's lengths that the rule book's printed cells alone show never worth choosing (a printed shorter dig draws
    as many cards as the printed cell), and those that rest on cells the course filled in (GAPS.md 1.3)."""
    k = knowledge()

    def printed(w: int) -> bool:
        return CELL_STATUS[w - 1][k - 1] == "published"

    never = sorted(_never_pay())
    settled = [w for w in never
               if printed(w) and any(printed(v) and dig_cards(k, v) >= dig_cards(k, w) for v in range(1, w))]
    return settled, [w for w in never if w not in settled]


def _expected() -> Fraction:
    return _odds(DIG).expected_points


def _variance() -> Fraction:
    return variance(_odds(DIG).points)


def _variance_with_replacement() -> Fraction:
    cards = pile()
    mean = Fraction(sum(cards), len(cards))
    one = sum((Fraction(v) - mean) ** 2 for v in cards) / len(cards)
    return dig_cards(knowledge(), DIG) * one


def _p_nothing() -> Fraction:
    return _odds(DIG).p_nothing


def _p_nothing_with_replacement() -> Fraction:
    cards = pile()
    return Fraction(cards.count(0), len(cards)) ** dig_cards(knowledge(), DIG)


def _best() -> int:
    options = range(0, MAX_WEEKS + 1)
    return max(options, key=lambda w: (net_value(w), -w))


def _break_even() -> Fraction:
    """The week price above which no dig pays: the best expected points per week."""
    return max(_odds(w).expected_points / w for w in range(1, MAX_WEEKS + 1))


exercise = Exercise(course.step("exercises/04_thebes_digs").title)   # the course map's title
exercise.question(
    "q1", "q1, seat 0's knowledge in Egypt", knowledge, Whole("a whole number (points of knowledge)"),
    ["Which cards on seat 0's tableau count for a dig in Egypt?",
     "Knowledge = expertise of the region + general knowledge + 1 for an assistant; read the rule on general "
     "knowledge again.",
     "The rule book: 'vous ne pouvez pas utiliser plus de Savoir général que d'Expertise'."],
    mistakes=[(lambda: 3 + 4, "general knowledge counts only up to the expertise of the region ('vous ne pouvez "
                              "pas utiliser plus de Savoir général que d'Expertise')")])
exercise.question(
    "q2", "q2, lengths of dig never worth choosing", _never_pay,
    LabelSet(list(range(1, MAX_WEEKS + 1)), what="numbers of weeks"),
    ["Look at the excavation table's column for seat 0's knowledge: does every extra week draw an extra card?",
     "A dig is never worth choosing if a shorter one draws as many cards: same haul, more weeks spent.",
     "Go down the column from 1 week: mark every length whose number of cards is not larger than that of some "
     "shorter length."])
exercise.question(
    "q3", f"q3, expected points of a {DIG}-week dig", _expected, Number(decimals=3, unit="points"),
    ["What does one card drawn from this pile bring on average?",
     "Linearity of expectation: the expected total of n cards is n times the expected value of one card, even "
     "without replacement.",
     "Expected points = cards drawn x (sum of the pile's values / number of cards in the pile)."])
exercise.question(
    "q4", "q4, the variance of that dig", _variance, Number(decimals=3, unit="points squared"),
    ["Is drawing cards from a pile like rolling a die several times?",
     "The cards are drawn without replacement: list every possible haul with its probability (hypergeometric "
     "draws), or use Var = n s^2 (N - n) / (N - 1) with s^2 the variance of one card.",
     "Var(X) = E[X^2] - E[X]^2 over the exact distribution of the points of the dig."],
    mistakes=[(_variance_with_replacement, "that is the variance of draws *with* replacement; the cards of a pile "
                                           "are drawn without replacement, which makes the haul less variable"),
              (lambda: Fraction(round(float(_variance()) ** 0.5 * 10 ** 6), 10 ** 6),
               "that is the standard deviation; the question asks for the variance (its square)")])
exercise.question(
    "q5", f"q5, the chance of digging only rubble in {DIG} weeks", _p_nothing, Number(decimals=4, probability=True),
    ["How many rubble cards are in the pile, and how many cards does the dig draw?",
     "Every card drawn must be rubble; after each rubble card there is one card fewer, and one rubble card fewer.",
     "Count the ways: C(rubble, n) / C(pile, n)."],
    mistakes=[(_p_nothing_with_replacement, "that is the chance with replacement (each card put back); the cards "
                                            "of a dig are not put back")])
exercise.question(
    "q6", "q6, the best length when a week costs 1 point", _best,
    Whole("a whole number of weeks, 1 to 12, or 0 for no dig at all"),
    ["What does a dig of w weeks bring, net of what its weeks are worth elsewhere?",
     "Net value of w weeks = expected points - (price of a week) x w; compare every length, and no dig (0).",
     "Only the lengths that add a card can be best (q2); on a tie take the shorter dig."])
exercise.question(
    "q7", "q7, the price of a week above which no dig pays", _break_even, Number(decimals=3, unit="points per week"),
    ["At what price per week does a dig of w weeks just break even?",
     "A dig of w weeks pays when its expected points exceed price x w, that is when the price is below its expected "
     "points per week.",
     "Compute expected points / weeks for every length; no dig pays once the price is above the largest."])


def _facts() -> dict[str, str]:
    def best_at(price):
        weeks = max(range(0, MAX_WEEKS + 1), key=lambda w: (net_value(w, price), -w))
        return "no dig" if weeks == 0 else f"{weeks} weeks"
    settled, filled = printed_verdicts()
    return {"half": best_at(Fraction(1, 2)), "two": best_at(Fraction(2)), "even": str(_break_even()),
            "settled": " and ".join(map(str, settled)) or "none", "filled": ", ".join(map(str, filled)) or "none"}


TEACHER = {
    "objectives": [
        "read a player's knowledge from its tableau (general knowledge never counts for more than the expertise);",
        "spot dominated choices in a decision problem (lengths of dig that draw no more cards than a shorter one);",
        "compute an expected value by linearity, and a variance and a probability for draws without replacement;",
        "trade a sure cost against an uncertain gain, including the option not to act.",
    ],
    "time": "about 40 minutes in class (Q1-Q3: 15 min, Q4-Q5: 10 min, Q6-Q7: 10 min, discussion: 5 min).",
    "prerequisites": "the tutorial 04 · Thebes (digs, knowledge, the time track); the primer's expected value and "
                     "variance.",
    "model": "A two-player position built with `thebes.position(...)`: seat 0 at week 14 with Egypt expertise 3 "
             "and general knowledge 2 + 2, knowing the full Egypt pile (a scientist looked). A week spent digging "
             "is priced at 1 point (the model's assumption; discussion 2 varies it).",
    "discussion": [
        "The printout gives the 5-week dig's mean, variance and chance of nothing, to set beside the 3-week "
        "dig's (Q3 to Q5; the notebook does not print those, so that the discussion gives no answer away). "
        "Near the end, a player behind should take risk (only a good draw can win), a player ahead should "
        "limit it (the primer's last cell computes one such pair of digs): the objective is to win, not to "
        "maximise expected points.",
        "With a week worth half a point the best choice is {half}; with two points it is {two}: no dig pays once "
        "a week is worth more than {even} points (Q7).",
        "Knowing the pile makes your dig length informative: a long dig says the pile is rich. Rivals can update "
        "their own plans (for example dig elsewhere, or race you to the region).",
        "The printed cells alone settle weeks {settled} (a printed shorter dig draws as many cards); weeks {filled} "
        "rest on cells the course filled in (GAPS.md 1.3: the scan lost them, and they were filled with the "
        "smallest values that keep the table rising). With the box's own table, check those cells: the answer "
        "may differ.",
    ],
    "facts": _facts,
}


#: ``check(key, answer)``: feedback on one answer (see ``archeo_lab.exercises``).
check = exercise.check
reveal = exercise.reveal
