"""Exercise 3: majorities as resource allocation, from Blotto to Tikal's temples and Luxor's stacks.

* Blotto: 3 units each on 3 fields of equal value; a tie splits the field.
* Tikal: a temple goes to the strictly strongest seat, explorers counting 1
  and the leader 3 (``games.tikal.scoring``); a tie holds nothing.
* Luxor: only the adventurer on top of a stack scores, at most four per tile.
"""

from __future__ import annotations

from archeo_lab.games.luxor import position as luxor_position
from archeo_lab.games.luxor.scoring import tile_points, top_owner
from archeo_lab.games.tikal.scoring import strength, temple_holder
from archeo_lab.theory import blotto_game, blotto_payoff

from . import Exercise, same_number, same_set

__all__ = ["check", "exercise", "UNITS", "FIELDS", "TEMPLE", "LUXOR_TILES", "LUXOR_STACKS", "luxor"]

UNITS, FIELDS = 3, 3
#: Pieces on one temple hex: seat -> (explorers, has the leader there).
TEMPLE = {0: (2, True), 1: (4, False), 2: (3, False)}


#: A small Expedition Luxor position: three buildings and their stacks (seats, bottom to top).
LUXOR_TILES = {"E6": "desert temple", "D6": "oasis pyramid", "C6": "desert camp"}
LUXOR_STACKS = {"E6": [0, 0, 0, 1], "D6": [1, 0], "C6": [0]}


def luxor():
    """The Luxor position of question 5 (open it with ``al.play("luxor", state=...)``)."""
    return luxor_position(players=2, tiles=LUXOR_TILES, stacks=LUXOR_STACKS)


def _dominated():
    return set(blotto_game(UNITS, UNITS, fields=FIELDS).dominated(0, strict=False))


def _stack_vs_spread():
    return blotto_payoff((3, 0, 0), (1, 1, 1))[0]


def _holder():
    return temple_holder([strength(*TEMPLE[s]) for s in sorted(TEMPLE)])


def _last_placer():
    # Four places on the tile, one taken: three left; seats alternate one adventurer each, seat 0 first.
    free = 3
    return (free - 1) % 2


def _luxor_points():
    points = [0, 0]
    for cell, stack in LUXOR_STACKS.items():
        points[top_owner(stack)] += tile_points(LUXOR_TILES[cell])
    return points


def _same_points(answer, expected):
    values = list(answer)
    if len(values) != len(expected):
        return False, "give one number per seat"
    wrong = [s for s, (a, b) in enumerate(zip(values, expected)) if a != b]
    return (not wrong, "right" if not wrong else f"seat {wrong[0]}'s points are off")


def _same_seat(answer, expected):
    return (answer == expected, "right" if answer == expected else "not that seat")


exercise = Exercise("Majorities: spreading and stacking")
exercise.question("q1", "q1, the allocations a player should never choose", _dominated,
                  same_set(), [
                      "blotto_game(3, 3, fields=3).dominated(0, strict=False)",
                      "an allocation is weakly dominated when another never does worse and sometimes better",
                  ])
exercise.question("q2", "q2, stacking 3-0-0 against 1-1-1", _stack_vs_spread, same_number(1e-9), [
    "count the fields you win (1 each) and the ties (half each)",
])
exercise.question("q3", "q3, who holds the temple", _holder, _same_seat, [
    "the leader counts 3, each explorer 1; only a strict majority holds the temple",
])
exercise.question("q4", "q4, who places the last adventurer", _last_placer, _same_seat, [
    "three places are left and the seats alternate, one adventurer each, seat 0 first",
])
exercise.question("q5", "q5, the Luxor buildings' points", _luxor_points, _same_points, [
    "only the adventurer on top of a stack counts: camp 1, temple 2, pyramid 3",
    "stacks are listed bottom to top: the last seat of each list is on top",
])


def check(key: str, answer, attempt: int = 0):
    """Feedback on one answer (see ``archeo_lab.exercises``)."""
    return exercise.check(key, answer, attempt)
