"""The search bot's play pinned: a speed-up of the search must not change a single decision.

Each case is a position from a seeded greedy game; the search bot decides with a fixed seed and a
small number of iterations (the game's own ``search_hints`` otherwise), and its chosen action and the
visits of every root action must be exactly those recorded before the search was made faster
(``PINNED``).  A faster clone, evaluation or determinization that changes what the search sees or
the random numbers it draws fails here.  Re-record only for a deliberate change of play, and say so.
"""

from __future__ import annotations

import pytest

import archeo_lab as al
from archeo_lab import bots

#: (game, players, seed of the greedy game, decisions with a choice played before, iterations)
CASES = [
    ("cibola", 2, 3, 6, 80), ("cibola", 3, 11, 14, 60), ("cibola", 4, 5, 20, 40),
    ("luxor", 2, 3, 6, 400), ("luxor", 3, 11, 20, 300), ("luxor", 4, 5, 30, 200),
    ("quetzal", 2, 3, 6, 60), ("quetzal", 3, 11, 14, 40), ("quetzal", 4, 5, 20, 30),
    ("tikal", 2, 3, 6, 40), ("tikal", 3, 11, 14, 30), ("tikal", 4, 5, 25, 20),
]


def position(key: str, players: int, seed: int, choices: int):
    """The position after ``choices`` decisions with a choice in a seeded greedy game (forced moves too)."""
    state = al.get_game(key).new_state(players=players, seed=seed)
    greedy = [bots.make("greedy", seed=seed * 10 + s) for s in range(players)]
    made = 0
    while True:
        legal = state.legal_actions()
        if len(legal) > 1:
            if made == choices:
                return state
            made += 1
        state.apply(greedy[state.current_player].choose(state))


def decide(key: str, players: int, seed: int, choices: int, iterations: int) -> tuple:
    """The action chosen and, per root action, most visited first: its text, visits and mean reward
    (to 6 decimals, so that a different order of the same float sums does not count)."""
    state = position(key, players, seed, choices)
    bot = bots.MCTSBot(seed=seed, iterations=iterations, think_time=600)
    action = bot.choose(state)
    assert bot.last_search["completed"]
    return str(action), tuple((row["action"], row["visits"], round(row["mean_reward"], 6)) for row in bot.last_search["actions"])


#: Recorded on branch s24-search at 2a46eaf, before the search was made faster.
PINNED: dict[tuple, tuple] = {
    ('cibola', 2, 3, 6, 80): ('take I-15 (sundial + sundial + snake)', (('take I-15 (sundial + sundial + snake)', 50, 0.6773), ('take I-02 (sundial + sundial, rock)', 30, 0.38976))),
    ('cibola', 3, 11, 14, 60): ('take I-10 (sundial + skull)', (('take I-10 (sundial + skull)', 58, 0.000104), ('take I-05 (snake, rock)', 2, 0.0))),
    ('cibola', 4, 5, 20, 40): ('bid 5', (('bid 5', 14, 0.97283), ('bid 6', 12, 0.947639), ('bid 2', 5, 0.6234), ('bid 3', 3, 0.699102), ('bid 1', 3, 0.5103), ('bid 0', 2, 0.188258), ('bid 4', 1, 0.080036))),
    ('luxor', 2, 3, 6, 400): ('place mountain at E6', (('place mountain at E6', 30, 0.901688), ('place desert temple at F5', 30, 0.874523), ('place mountain at F5', 27, 0.875379), ('place desert temple at G5', 26, 0.877223), ('place mountain at E7', 26, 0.876997), ('place mountain at H6', 26, 0.863054), ('place desert temple at H6', 25, 0.870843), ('place desert temple at E6', 24, 0.865074), ('place mountain at G9', 23, 0.834782), ('place desert temple at H8', 21, 0.829863), ('place mountain at F8', 20, 0.828052), ('place mountain at G5', 20, 0.826532), ('place desert temple at H7', 20, 0.825575), ('place mountain at H7', 17, 0.769894), ('place mountain at H8', 16, 0.789507), ('place desert temple at F8', 16, 0.763489), ('place desert temple at E7', 15, 0.759385), ('place desert temple at G9', 14, 0.758499), ('end turn', 4, 0.306619))),
    ('luxor', 3, 11, 20, 300): ('place mountain at J8', (('place mountain at J8', 82, 0.996406), ('place desert pyramid at F9', 27, 0.996912), ('place mountain at J10', 20, 0.996873), ('place desert pyramid at F8', 18, 0.996771), ('place mountain at J7', 18, 0.996755), ('place desert pyramid at H6', 13, 0.996722), ('place mountain at H11', 11, 0.997062), ('place desert pyramid at J6', 9, 0.996681), ('place desert pyramid at J8', 9, 0.996681), ('place mountain at F8', 8, 0.99687), ('place desert pyramid at H7', 7, 0.996734), ('place desert pyramid at J10', 7, 0.996734), ('place desert pyramid at K9', 6, 0.996774), ('place mountain at F9', 6, 0.996774), ('place desert pyramid at G10', 4, 0.996495), ('place desert pyramid at G7', 4, 0.996495), ('place desert pyramid at H11', 4, 0.996495), ('place desert pyramid at I11', 4, 0.996495), ('place desert pyramid at I5', 4, 0.996495), ('place desert pyramid at J7', 4, 0.996495), ('place mountain at G10', 4, 0.996495), ('place mountain at G7', 4, 0.996495), ('place mountain at H6', 4, 0.996495), ('place mountain at H7', 4, 0.996495), ('place mountain at I11', 4, 0.996495), ('place mountain at I5', 4, 0.996495), ('place mountain at J6', 4, 0.996495), ('place mountain at K9', 4, 0.996495), ('end turn', 3, 0.995432))),
    ('luxor', 4, 5, 30, 200): ('place desert pyramid at K13', (('place desert pyramid at K13', 87, 0.02074), ('place desert pyramid at F8', 16, 0.005263), ('place desert pyramid at K9', 14, 0.0051), ('place desert pyramid at G11', 6, 0.003991), ('place desert pyramid at J11', 3, 0.002543), ('place desert pyramid at J12', 3, 0.002543), ('place lake at J12', 3, 0.002543), ('place lake at K10', 3, 0.002543), ('place lake at G13', 3, 0.002022), ('place desert pyramid at G13', 2, 0.001143), ('place desert pyramid at I6', 2, 0.001143), ('place lake at I14', 2, 0.001143), ('place lake at K13', 2, 0.001143), ('place desert pyramid at F10', 2, 0.000784), ('place desert pyramid at F12', 2, 0.000784), ('place desert pyramid at F9', 2, 0.000784), ('place desert pyramid at G7', 2, 0.000784), ('place desert pyramid at H11', 2, 0.000784), ('place desert pyramid at H13', 2, 0.000784), ('place desert pyramid at H7', 2, 0.000784), ('place desert pyramid at I14', 2, 0.000784), ('place desert pyramid at J14', 2, 0.000784), ('place desert pyramid at J7', 2, 0.000784), ('place desert pyramid at J8', 2, 0.000784), ('place desert pyramid at K10', 2, 0.000784), ('place lake at F10', 2, 0.000784), ('place lake at F12', 2, 0.000784), ('place lake at F8', 2, 0.000784), ('place lake at F9', 2, 0.000784), ('place lake at G11', 2, 0.000784), ('place lake at G7', 2, 0.000784), ('place lake at H11', 2, 0.000784), ('place lake at H13', 2, 0.000784), ('place lake at H7', 2, 0.000784), ('place lake at I6', 2, 0.000784), ('place lake at J11', 2, 0.000784), ('place lake at J14', 2, 0.000784), ('place lake at J7', 2, 0.000784), ('place lake at J8', 2, 0.000784), ('place lake at K9', 2, 0.000784))),
    ('quetzal', 2, 3, 6, 60): ('place 1 meeple on harbour (1 black)', (('place 1 meeple on harbour (1 black)', 24, 0.166677), ('place 1 adventurer on black-market (1 black)', 22, 0.153898), ('place 1 meeple on camp (1 black)', 14, 0.071135))),
    ('quetzal', 3, 11, 14, 40): ('place 1 archaeologist on village-2 (1 white)', (('place 1 archaeologist on village-2 (1 white)', 8, 0.667808), ('place 1 archaeologist on village-2 (character)', 8, 0.666996), ('place 1 archaeologist on village-3 (1 either)', 7, 0.665959), ('place 1 archaeologist on village-2 (1 either)', 7, 0.664735), ('place 1 archaeologist on village-3 (character)', 7, 0.664715), ('place 3 archaeologists on small-temple (1 white, 1 either, character)', 1, 0.55086), ('place 3 archaeologists on small-temple (2 white, character)', 1, 0.55086), ('place 3 archaeologists on small-temple (2 white, 1 either)', 1, 0.55086))),
    ('quetzal', 4, 5, 20, 30): ('place 1 meeple on camp (1 black)', (('place 1 meeple on camp (1 black)', 15, 0.133639), ('place 1 adventurer on ship-b (1 black)', 3, 0.087026), ('place 1 adventurer on ship-a (1 black)', 3, 0.085568), ('place 1 adventurer on black-market (1 black)', 3, 0.085477), ('place 2 meeples on camp (2 black)', 3, 0.073859), ('place 1 meeple on harbour (1 black)', 1, 0.029952), ('place 2 adventurers on black-market (2 black)', 1, 0.029055), ('place 3 meeples on camp (3 black)', 1, 0.024886))),
    ('tikal', 2, 3, 6, 40): ('bring explorer into play at A5 (1 AP)', (('bring explorer into play at A5 (1 AP)', 20, 0.262566), ('bring leader into play at A5 (1 AP)', 14, 0.20849), ('end turn', 6, 0.0))),
    ('tikal', 3, 11, 14, 30): ('move leader A5 -> A4 (2 AP)', (('move leader A5 -> A4 (2 AP)', 18, 0.632515), ('move explorer B5 -> C5 (1 AP)', 4, 0.277418), ('move leader A5 -> B4 (1 AP)', 2, 0.220092), ('move leader A5 -> B5 (2 AP)', 2, 0.211609), ('bring explorer into play at A5 (1 AP)', 2, 0.188599), ('move explorer B5 -> A5 (2 AP)', 1, 0.02129), ('end turn', 1, 0.000337))),
    ('tikal', 4, 5, 25, 20): ('end turn', (('end turn', 12, 0.429573), ('move leader A5 -> B4 (1 AP)', 5, 0.422698), ('bring explorer into play at A5 (1 AP)', 3, 0.401437))),
}


@pytest.mark.parametrize("case", CASES, ids=["-".join(map(str, c[:2])) + f"-s{c[2]}" for c in CASES])
def test_the_same_decision_and_root_visits_as_recorded(case):
    assert decide(*case) == PINNED[case]
