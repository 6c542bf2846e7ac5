"""Quetzal's greedy bot (archeo_lab/games/quetzal/evaluate.py) against the random baseline."""

from __future__ import annotations

import pytest

import archeo_lab as al
from archeo_lab.games.quetzal.evaluate import evaluate


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_greedy_beats_random_at_quetzal(players):
    """Strength check with fixed seeds (stable: the margin is large)."""
    games, wins = 12, 0.0
    for seed in range(games):
        seat = seed % players
        opponents = {s: ("greedy" if s == seat else "random") for s in range(players)}
        match = al.Match("quetzal", players=players, seed=seed, opponents=opponents)
        winners = match.state.winners()
        wins += (seat in winners) / len(winners)
    assert wins / games >= 0.8, f"greedy won {wins:.1f} of {games} games with {players} players"


def test_evaluation_is_the_final_score_at_the_end_and_values_the_pipeline_before():
    match = al.Match("quetzal", players=3, seed=3, opponents={s: "greedy" for s in range(3)})
    assert evaluate(match.state) == [float(x) for x in match.state.scores()]
    state = al.get_game("quetzal").new_state(players=3, seed=3)
    values = evaluate(state)
    assert all(v > s for v, s in zip(values, state.scores())), "unplaced meeples are worth something"
