"""Exercise 4: Thebes, the expected value and the risk of a dig against its weeks.

The situation: a professor with knowledge ``KNOWLEDGE`` digs in a region
whose pile is known card by card (after a scientist looked at it): the 20
cards of ``RELIC_VALUES`` (8 rubble, 12 relics worth 34 points).  Each week
spent digging is a week not spent elsewhere: it costs ``WEEK_PRICE`` points.
"""

from __future__ import annotations

from fractions import Fraction

from archeo_lab.games.thebes import RELIC_VALUES, dig_cards, dig_odds
from archeo_lab.theory import expectation, variance

from . import Exercise, same_number

__all__ = ["check", "exercise", "KNOWLEDGE", "WEEK_PRICE", "PILE"]

KNOWLEDGE = 5
WEEK_PRICE = Fraction(1)       # points a week is worth elsewhere
PILE = list(RELIC_VALUES)


def _cards() -> list[int]:
    return [dig_cards(KNOWLEDGE, w) for w in range(1, 13)]


def _expected_six() -> Fraction:
    return dig_odds(dig_cards(KNOWLEDGE, 6), known=PILE).expected_points


def _variance_six() -> Fraction:
    return variance(dig_odds(dig_cards(KNOWLEDGE, 6), known=PILE).points)


def _net(weeks: int) -> Fraction:
    return expectation(dig_odds(dig_cards(KNOWLEDGE, weeks), known=PILE).points) - WEEK_PRICE * weeks


def _best_weeks() -> int:
    return max(range(1, 13), key=lambda w: (_net(w), -w))


def _p_nothing_six() -> Fraction:
    return dig_odds(dig_cards(KNOWLEDGE, 6), known=PILE).p_nothing


def _same_list(answer, expected):
    values = list(answer)
    if len(values) != len(expected):
        return False, f"give one number per length of dig ({len(expected)} numbers, for 1 to 12 weeks)"
    wrong = [w for w, (a, b) in enumerate(zip(values, expected), start=1) if a != b]
    return (not wrong, "right" if not wrong else f"{len(wrong)} wrong, the first for {wrong[0]} weeks")


def _same_weeks(answer, expected):
    if answer == expected:
        return True, "right"
    return False, "that length does not give the most points net of the weeks" + \
        (" (look at shorter digs)" if answer > expected else " (look at longer digs)")


exercise = Exercise("Thebes: a dig against its weeks")
exercise.question("q1", "q1, cards drawn", _cards, _same_list, [
    "dig_cards(knowledge, weeks) reads the excavation table (la roue / le tableau des fouilles)",
])
exercise.question("q2", "q2, expected points of a 6-week dig", _expected_six, same_number(1e-9), [
    "dig_odds(cards, known=PILE) gives the exact distribution; .expected_points is its mean",
    "by linearity: cards x the average card of the pile",
])
exercise.question("q3", "q3, the variance of that dig", _variance_six, same_number(1e-9), [
    "theory.variance(dist) of the distribution of points (odds.points)",
])
exercise.question("q4", "q4, the best length when a week costs 1 point", _best_weeks, _same_weeks, [
    "for each length w: expected points minus WEEK_PRICE * w; keep the best (the shortest on a tie)",
    "more weeks only pay when they add a card: look where dig_cards steps up",
])
exercise.question("q5", "q5, the chance of digging only rubble in 6 weeks", _p_nothing_six, same_number(1e-9), [
    "odds.p_nothing, or: every card drawn comes from the 8 rubble cards (hypergeometric)",
])


def check(key: str, answer, attempt: int = 0):
    """Feedback on one answer (see ``archeo_lab.exercises``)."""
    return exercise.check(key, answer, attempt)
