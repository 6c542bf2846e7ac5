"""What tutorials/07_bots_and_tournaments.ipynb tells the learner, checked on the notebook's own variables.

The notebook runs once, like Run All (``allow_errors=False``); the checks that used to sit in its
cells as ``assert`` lines are here, with the claims its prose makes about the search bot, the
example bots and the tournament.
"""

from __future__ import annotations


from tests.notebooks import values_fixture

NOTEBOOK = "tutorials/07_bots_and_tournaments.ipynb"

EXPRESSIONS = {
    "worlds": "[state.determinize(me, Rng(s)).observation(me) == state.observation(me) for s in (1, 2)]",
    "worlds_differ": "state.determinize(me, Rng(1)).decks != state.determinize(me, Rng(2)).decks",
    "played": "str(choice)",
    "ranked": "[[r['action'], r['visits']] for r in search['actions']]",
    "iterations": "search['iterations']",
    "chosen_300": "dict(chosen_300)",
    "chosen_600": "dict(chosen_600)",
    "spreads": "[spread_300, spread_600]",
    "duel": "[verdict.wins, verdict.losses, verdict.significant(), len(duel.games)]",
    "visits_300": "visits_300",
    "thrifty": "[record(Thrifty(), 'random'), record(Thrifty(), 'greedy')]",
    "scorer": "[record(Scorer(), 'random'), record(Scorer(), 'greedy')]",
    "table": "{r['bot']: [r['win_rate'], r['errors'], r['games']] for r in result.table}",
    "pairs": "pairs",
    "full_game_seats": "[full_game.match.human_seats, full_game.match.opponents]",
}


seen = values_fixture(NOTEBOOK, EXPRESSIONS)


def wins(text: str) -> float:
    """The wins of a ``record`` line: ``"25 wins in 40 games against random (47% to 76%)"``."""
    return float(text.split()[0])


def test_determinized_worlds_look_the_same_and_differ_in_what_is_hidden(seen):
    assert seen["worlds"] == [True, True] and seen["worlds_differ"]


def test_the_search_plays_its_most_visited_move(seen):
    ranked = seen["ranked"]
    assert seen["played"] == ranked[0][0]
    assert sum(v for _, v in ranked) == seen["iterations"] == 300


def test_close_visit_counts_are_a_coin_flip(seen):
    # "With 300 iterations a gap of a few visits is within the seed-to-seed spread": the bid played
    # changes with the seed, and the gap between the two most visited bids is smaller than the range
    # of visits one bid gets across seeds.
    (top, top_visits), (_, second_visits) = seen["ranked"][:2]
    assert len(seen["chosen_300"]) > 1
    spread = {a: max(v) - min(v) for a, v in seen["visits_300"].items()}
    assert top_visits - second_visits < max(spread.values())
    # "More iterations sharpen the estimates": the leading bids' mean reward varies less across seeds,
    # and the searches agree at least as often.
    assert seen["spreads"][1] < seen["spreads"][0]
    assert max(seen["chosen_600"].values()) >= max(seen["chosen_300"].values())
    assert sum(seen["chosen_600"].values()) == 10


def test_the_example_bots_measured(seen):
    thrifty_random, thrifty_greedy = map(wins, seen["thrifty"])
    scorer_random, scorer_greedy = map(wins, seen["scorer"])
    # The teachers' answer: both beat random most of the time and lose most games against greedy.
    assert thrifty_random > 20 and scorer_random > 20
    assert thrifty_greedy < 20 and scorer_greedy < 20
    # Scorer, the better rule of thumb, does better than Thrifty against both.
    assert scorer_random > thrifty_random and scorer_greedy > thrifty_greedy


def test_tournament(seen):
    table = seen["table"]
    assert table["buggy"][:2] == [0, table["buggy"][2]]          # every buggy game is a forfeit
    assert table["greedy"][0] > table["random"][0]
    pairs = seen["pairs"]
    assert pairs["scorer"]["thrifty"] >= 0.5


def test_full_game_board(seen):
    assert seen["full_game_seats"][0] == [0]


def test_the_teachers_answer_compares_two_bots_with_a_sign_test(seen):
    # "Compare them head to head, on the same seeds, and add games until the difference is clear."
    wins, losses, significant, games = seen["duel"]
    assert games == 20 and wins + losses <= games
    assert significant and wins > losses
