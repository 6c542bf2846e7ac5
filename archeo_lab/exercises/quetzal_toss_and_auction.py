"""Exercise 2: Quetzal, the odds of the toss and a displacement auction on a real position.

The position (``position()``): two players, round 2, seat 0 to place.  Seat
1 holds the Quarry (*Carrière*, a bidding location, *emplacement à enchère*)
with one black adventurer and keeps 2 black and 1 either meeple in reserve;
seat 0's reserve is 2 black, 1 white, 1 either and its character.

Rules used (rule book and the engine's documented decisions): a newcomer on a
bidding location must place **more** meeples of the holder's colour; the
outbid holder takes its meeples back and may place them later in the round;
black faces are adventurers, white faces archaeologists, meeples on their side
or standing either, the character always either; every meeple, the character
included, is tossed at the start of a round and each standing one brings 1
gold.  The toss odds are ``components.TOSS_ODDS`` (a reconstruction: the
meeples' real odds are not published).
"""

from __future__ import annotations

from fractions import Fraction
from math import factorial

from archeo_lab import course
from archeo_lab.games import quetzal
from archeo_lab.games.quetzal import toss

from . import Exercise, Number, Whole

__all__ = ["position", "check", "reveal", "exercise", "LOCATION", "NEED_NEXT_ROUND", "ARCHAEOLOGISTS_NEXT_ROUND"]

LOCATION = "quarry"
NEED_NEXT_ROUND = 4                # adventurers wanted next round (q4, q5): as many as q2's safe group
ARCHAEOLOGISTS_NEXT_ROUND = 2      # and archaeologists (q5): a Temple slot and a Village slot
SETUP = dict(players=2, seed=4, round=2, to_move=0, reserves=[[2, 1, 1, 1], [2, 0, 1, 0]],
              groups={LOCATION: [(1, "adventurer", 1, 0, 0, False)]})


def position():
    """The exercise's position, a Quetzal state (it draws itself; ``al.play("quetzal", state=...)`` opens it)."""
    return quetzal.position(**SETUP)


def _adventurers(reserve) -> int:
    """How many meeples of a reserve ``[black, white, either, character]`` can act as adventurers."""
    black, _, either, character = reserve
    return black + either + character


def _largest() -> int:
    return _adventurers(position().reserve[0])


def _holder_group() -> int:
    state = position()
    (seat, role, black, white, either, character), = [g for g in _groups(state, LOCATION)]
    return black + white + either + int(character)


def _groups(state, key):
    """The groups on location ``key``: ``(seat, role, black, white, either, character)`` each."""
    index = [location.key for location in quetzal.LOCATIONS].index(key)
    return [tuple(g) for g in state.observation(0)["spots"][index]]


def _safe() -> int:
    """The smallest group seat 0 can place that seat 1 cannot outbid later (its group comes back)."""
    state = position()
    rival_ceiling = _adventurers(state.reserve[1]) + _holder_group()
    need = max(_holder_group() + 1, rival_ceiling)
    return need if need <= _largest() else 0


def _team() -> int:
    return quetzal.team_meeples(position().players)


def _p_adventurer() -> Fraction:
    return toss.face_probability(toss.ADVENTURER_FACES)


def _p_enough() -> Fraction:
    """P(at least NEED_NEXT_ROUND adventurers among the team meeples and the character, which always counts)."""
    return toss.at_least(NEED_NEXT_ROUND - 1, _team(), toss.ADVENTURER_FACES)


def _p_enough_and_archaeologist(odds=None) -> Fraction:
    """P(NEED_NEXT_ROUND adventurers *and* ARCHAEOLOGISTS_NEXT_ROUND archaeologists, from different meeples), with
    the game's toss odds or ``odds``."""
    odds = quetzal.TOSS_ODDS if odds is None else odds
    p_black, p_white = Fraction(odds["black"]), Fraction(odds["white"])
    p_either = Fraction(odds["side"]) + Fraction(odds["standing"])
    n = _team()
    total = Fraction(0)
    for black in range(n + 1):
        for white in range(n + 1 - black):
            either = n - black - white
            ways = factorial(n) // (factorial(black) * factorial(white) * factorial(either))
            short = max(0, NEED_NEXT_ROUND - black) + max(0, ARCHAEOLOGISTS_NEXT_ROUND - white)
            if short <= either + 1:                                            # + 1: the character
                total += ways * p_black ** black * p_white ** white * p_either ** either
    return total


def _gold() -> Fraction:
    return (_team() + 1) * Fraction(quetzal.TOSS_ODDS["standing"])


exercise = Exercise(course.step("exercises/02_quetzal_toss_and_auction").title)   # the course map's title
exercise.question(
    "q1", "q1, the largest group of adventurers seat 0 can place", _largest, Whole("a whole number of meeples"),
    ["Which of seat 0's meeples may act as an adventurer?",
     "Black faces are adventurers; meeples on their side or standing ('either') choose; the character always "
     "chooses.",
     "Add seat 0's black, either and character meeples."],
    mistakes=[(lambda: position().reserve[0][0], "a meeple on its side or standing, and the character, may act as "
                                                 "an adventurer too")])
exercise.question(
    "q2", "q2, the smallest group that keeps the Quarry", _safe,
    Whole("a whole number of meeples (0 if no group can keep it)"),
    ["When seat 0 outbids seat 1, what happens to seat 1's adventurer on the Quarry?",
     "The outbid meeples go back to seat 1's reserve and may come back later in the round: count the largest group "
     "seat 1 could then place.",
     "Seat 0 is safe when its group is at least as large as seat 1's largest possible group (outbidding needs "
     "strictly more)."],
    mistakes=[(lambda: _holder_group() + 1, "one more than the holder takes the Quarry but does not keep it: seat "
                                            "1's adventurer comes back and seat 1 can outbid you with it"),
              (lambda: _adventurers(position().reserve[1]) + _holder_group() + 1,
               "a tie does not outbid: seat 1 needs strictly more meeples than your group, so a group as large as "
               "its largest possible one is enough")])
exercise.question(
    "q3", "q3, one meeple usable as an adventurer", _p_adventurer, Number(decimals=3, probability=True),
    ["On which faces can a tossed team meeple act as an adventurer?",
     "Black face, on its side, or standing: three outcomes of one toss that cannot happen together.",
     "Add the probabilities of those three faces in the toss odds."],
    mistakes=[(lambda: Fraction(quetzal.TOSS_ODDS["black"]), "a meeple on its side or standing may also act as an "
                                                             "adventurer")])
exercise.question(
    "q4", f"q4, at least {NEED_NEXT_ROUND} adventurers next round", _p_enough, Number(decimals=4, probability=True),
    ["Next round every meeple is tossed again: how many team meeples, and what about the character?",
     "The team meeples land independently: the number that can act as adventurers is binomial. The character "
     "always can.",
     f"You need at least {NEED_NEXT_ROUND - 1} adventurers among the team meeples: add the binomial probabilities "
     f"P(k) for k >= {NEED_NEXT_ROUND - 1}."],
    mistakes=[(lambda: toss.at_least(NEED_NEXT_ROUND, _team() + 1, toss.ADVENTURER_FACES),
               "the character is not like a team meeple: whatever its face, it can act as an adventurer"),
              (lambda: toss.at_least(NEED_NEXT_ROUND, _team(), toss.ADVENTURER_FACES),
               "the character is tossed too and always counts: you need one adventurer fewer from the team")])
exercise.question(
    "q5", f"q5, {NEED_NEXT_ROUND} adventurers and {ARCHAEOLOGISTS_NEXT_ROUND} archaeologists",
    _p_enough_and_archaeologist, Number(decimals=4, probability=True),
    ["Why is this not the answer to q4 times the chance of enough archaeologists?",
     "Count black, white and 'either' team meeples together (a multinomial law): a toss works when the either "
     "meeples and the character can fill what the black and white faces leave missing.",
     f"A toss with b black, w white and e either team meeples works when max(0, {NEED_NEXT_ROUND} - b) + "
     f"max(0, {ARCHAEOLOGISTS_NEXT_ROUND} - w) <= e + 1; add the multinomial probabilities of those tosses."],
    mistakes=[(lambda: _p_enough() * toss.at_least(ARCHAEOLOGISTS_NEXT_ROUND - 1, _team(), toss.ARCHAEOLOGIST_FACES),
               "the two needs are not independent: an 'either' meeple (or the character) used as an adventurer "
               "cannot also be an archaeologist")])
exercise.question(
    "q6", "q6, gold from standing meeples, per round", _gold, Number(decimals=3, unit="gold"),
    ["Which meeples are tossed each round, and what does a standing one bring?",
     "Expectation is linear: the expected number of standing meeples is the sum over meeples of the chance "
     "that each one stands.",
     "Meeples tossed (team and character) x P(standing) x 1 gold."],
    mistakes=[(lambda: _team() * Fraction(quetzal.TOSS_ODDS["standing"]), "the character is tossed too, and a "
                                                                        "standing character brings 1 gold as well")])


def _facts() -> dict[str, str]:
    what_if = {"black": Fraction(3, 10), "white": Fraction(3, 10), "side": Fraction(3, 10), "standing": Fraction(1, 10)}
    return {
        "safe": str(_safe()),
        "q4_now": f"{float(_p_enough()):.4f}",
        "q4_what_if": f"{float(toss.at_least(NEED_NEXT_ROUND - 1, _team(), toss.ADVENTURER_FACES, odds=what_if)):.4f}",
        "q5_now": f"{float(_p_enough_and_archaeologist()):.4f}",
        "q5_what_if": f"{float(_p_enough_and_archaeologist(what_if)):.4f}",
    }


TEACHER = {
    "objectives": [
        "read a bidding location as a displacement auction: the outbid meeples come back, so the holder's threat "
        "is its whole reserve plus its group;",
        "compute probabilities of independent tosses: one meeple, a binomial count, and a multinomial event where "
        "flexible meeples serve two needs;",
        "use linearity of expectation (gold from standing meeples, the character included).",
    ],
    "time": "about 40 minutes in class (Q1-Q2 with the engine check: 10 min, Q3-Q6: 20 min, discussion: 10 min).",
    "prerequisites": "the tutorial 02 · Quetzal (the toss, bidding locations); the primer's expected value and "
                     "variance and its auctions section.",
    "model": "Round 2 of a two-player game, placement phase, built with `quetzal.position(...)`: seat 1 holds the "
             "Quarry with one black adventurer. The toss odds are the reconstruction kept in "
             "`quetzal.TOSS_ODDS` (the real odds are not published; say so to the class).",
    "discussion": [
        "In a displacement auction only the final holder pays (the meeples left there), and an outbid player loses "
        "nothing but time; so each player can bid up to its ceiling without risk, as in an English auction. In "
        "Cibola's all-pay fist a losing bid is lost: bidding is risky and players mix. Here the safe group is "
        "{safe}: the rival's ceiling, not one more than its current group.",
        "The safe group ties up all of seat 0's adventurers for the round. Discuss the value of the Quarry "
        "against the other bidding locations, and waiting: a later placement sees more of the rivals' choices, but "
        "the neutral expedition (two players) may take a location held by a single meeple.",
        "With the reconstructed odds Q4 is {q4_now}; with the what-if odds it is {q4_what_if}. Q5 moves about as "
        "much, from {q5_now} to {q5_what_if}: more 'either' faces serve both needs, and the two archaeologists were "
        "rarely the problem. Use it to stress that a reconstruction is a modelling choice a teacher with the box "
        "can correct.",
    ],
    "facts": _facts,
}


#: ``check(key, answer)``: feedback on one answer (see ``archeo_lab.exercises``).
check = exercise.check
reveal = exercise.reveal
