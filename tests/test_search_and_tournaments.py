"""The search bot (ISMCTS) and class tournaments, on every registered game."""

from __future__ import annotations

import pytest

import archeo_lab as al
from archeo_lab import bots
from archeo_lab.theory.tournaments import wilson_interval

GAMES = [(g.key, n) for g in al.list_games() for n in range(g.min_players, g.max_players + 1)]
# Enough to exercise every path of the search (each game's own rollout kind, random or greedy, stays on),
# fast enough for every game and player count.
TINY = dict(iterations=12, rollout_depth=1)


@pytest.mark.parametrize("key,players", GAMES)
def test_search_bot_plays_only_legal_moves_to_the_end(key, players):
    opponents = {s: bots.MCTSBot(seed=s, **TINY) for s in range(players)}
    match = al.Match(key, players=players, seed=5, opponents=opponents)
    assert match.is_over
    replay = al.get_game(key).new_state(players=players, seed=5)
    for _seat, action in match.history:
        assert action in replay.legal_actions()
        replay.apply(action)
    assert replay.to_json() == match.state.to_json()


@pytest.mark.parametrize("key", sorted({k for k, _ in GAMES}))
def test_search_bot_same_seed_same_games(key):
    def history():
        game = al.get_game(key)
        players = game.min_players
        opponents = {s: bots.MCTSBot(seed=3, **TINY) for s in range(players)}
        return al.Match(key, players=players, seed=8, opponents=opponents).history

    assert history() == history()


def test_search_bot_explains_its_decision():
    bot = bots.make("mcts", seed=1, iterations=200)
    state = al.get_game("cibola").new_state(players=2, seed=3)
    choice = bot.choose(state)
    search = bot.last_search
    assert search["iterations"] == 200 and search["seat"] == state.current_player
    rows = search["actions"]
    assert str(choice) == rows[0]["action"], "the most visited action is played"
    assert [r["visits"] for r in rows] == sorted((r["visits"] for r in rows), reverse=True)
    assert sum(r["visits"] for r in rows) == 200
    assert {r["action"] for r in rows} <= {str(a) for a in state.legal_actions()}


def test_search_levels_and_names():
    assert bots.make("mcts:hard", seed=1).level == "hard"
    easy, medium, hard = (bots.LEVELS[k] for k in ("easy", "medium", "hard"))
    assert easy[0] < medium[0] < hard[0] and easy[1] < medium[1] < hard[1]
    with pytest.raises(ValueError, match="unknown level"):
        bots.make("mcts", level="godlike")
    assert bots.describe(bots.make("mcts:easy", seed=1)) == "mcts:easy"


def test_search_bot_beats_random_at_cibola():
    """Strength with fixed seeds: the easy search bot against random, two players."""
    wins = 0.0
    for seed in range(8):
        seat = seed % 2
        match = al.Match("cibola", players=2, seed=seed,
                         opponents={seat: bots.make("mcts:easy", seed=seed), 1 - seat: "random"})
        winners = match.state.winners()
        wins += (seat in winners) / len(winners)
    assert wins >= 7


class Crashy:
    """A learner's bot with a bug: it divides by zero when it has to take a card."""

    name = "crashy"

    def choose(self, state):
        legal = state.legal_actions()
        if legal[0].kind == "take":
            return 1 / 0
        return legal[0]


class Cheater:
    name = "cheater"

    def choose(self, state):
        return "bid 999"


def test_tournament_round_robin_is_reproducible_and_reports_faulty_bots():
    entrants = {"random": "random", "greedy": "greedy", "crashy": Crashy(), "cheater": Cheater()}
    result = al.tournament("cibola", entrants, games=2, seed=4, progress=False)
    assert len(result.games) == 6 * 2 * 2, "4 bots: 6 pairs, 2 seatings, 2 games"
    again = al.tournament("cibola", entrants, games=2, seed=4, progress=False)
    assert again.games == result.games
    # Game seeds of 53 bits: too many for a bot to try them all against what it sees of the deal (31 bits were not)
    assert all(0 <= g["seed"] < 2**53 for g in result.games) and max(g["seed"] for g in result.games) >= 2**40
    rows = {r["bot"]: r for r in result.table}
    for g in result.games:      # every game with a faulty bot is a forfeit of a faulty bot
        faulty = {"crashy", "cheater"} & set(g["seats"])
        assert bool(g["errors"]) == bool(faulty) and len(g["errors"]) <= 1     # the first to fail forfeits
        if faulty:
            (error,) = g["errors"]
            assert error["bot"] in faulty and g["scores"] is None
            assert sum(g["shares"]) == pytest.approx(1.0) and g["shares"][g["seats"].index(error["bot"])] == 0
    assert rows["crashy"]["errors"] >= 8 and rows["cheater"]["errors"] >= 8 and rows["greedy"]["errors"] == 0
    assert {e["bot"] for e in result.errors} == {"crashy", "cheater"}
    assert any("ZeroDivisionError" in e["message"] for e in result.errors)
    assert any("bid 999" in e["message"] or "cannot read" in e["message"] or "cannot bid" in e["message"]
               for e in result.errors if e["bot"] == "cheater")
    assert rows["greedy"]["win_rate"] > rows["random"]["win_rate"]
    assert result.pairwise["greedy"]["random"] + result.pairwise["random"]["greedy"] == pytest.approx(1.0)
    text = str(result)
    assert "crashy failed" in text and "(raised an error)" in text and "head to head" in text
    assert "<table>" in result._repr_html_()
    assert {e["reason"] for e in result.errors if e["bot"] == "crashy"} == {"crash"}


def test_tournament_in_worker_processes_gives_the_same_results():
    serial = al.tournament("cibola", ["random", "greedy"], games=3, seed=2, progress=False)
    parallel = al.tournament("cibola", ["random", "greedy"], games=3, seed=2, processes=2, progress=False)
    assert parallel.games == serial.games


def test_tournament_needs_enough_bots_and_plots():
    with pytest.raises(ValueError, match="at least 3 bots"):
        al.tournament("cibola", ["random", "greedy"], players=3, progress=False)
    import matplotlib

    matplotlib.use("Agg")
    result = al.tournament("cibola", ["random", "random"], games=1, progress=False)
    assert [r["bot"] for r in result.table] == ["random", "random #2"]
    ax = result.plot()
    assert len(ax.patches) == 2


def test_wilson_interval_known_values():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(50, 100)
    assert round(low, 4) == 0.4038 and round(high, 4) == 0.5962   # the textbook 50/100 interval
    low, high = wilson_interval(10, 10)
    assert high == 1.0 and round(low, 3) == 0.722


LONG = {"mcts (1500 iterations, greedy rollouts)": "random", "random": "random", "a learner bot with a long name": "random",
        "greedy": "greedy"}


def test_the_table_keeps_its_columns_with_long_names():
    """Issue 19: the columns shifted with a long bot name and the head-to-head header was cut to 'mcts (15'."""
    result = al.tournament("cibola", LONG, games=1, seed=3, progress=False)
    lines = str(result).splitlines()
    table = lines[1: 2 + len(LONG)]
    assert len({len(line) for line in table}) == 1, "every row of the table has the same width"
    for name in LONG:                                  # every name whole, in its row
        assert any(line.startswith(name) for line in table)
    start = lines.index("head to head (row finished ahead of column):")
    header, rows = lines[start + 1], lines[start + 2: start + 2 + len(LONG)]
    assert header.split() == ["1", "2", "3", "4"]       # long names: numbered columns, named rows
    assert all(any(name in row for row in rows) for name in LONG)
    assert len({len(row) for row in rows + [header]}) == 1
    short = al.tournament("cibola", ["random", "greedy"], games=1, seed=3, progress=False)
    text = str(short).splitlines()
    assert text[text.index("head to head (row finished ahead of column):") + 1].split() == ["random", "greedy"]


def test_the_win_rate_labels_do_not_overlap():
    """Issue 19: the x labels of the win-rate plot overlapped with many or long names."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = {f"student bot number {i}": "random" for i in range(9)} | LONG
    files = {f"a_very_long_student_file_name_{i}": "random" for i in range(8)}
    for entrants in (LONG, names, files):
        result = al.tournament("cibola", entrants, games=1, seed=2, progress=False)
        ax = result.plot()
        ax.figure.canvas.draw()
        boxes = [t.get_window_extent() for t in ax.get_xticklabels()]
        assert len(boxes) == len(entrants)
        assert not any(a.overlaps(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
        plt.close(ax.figure)
