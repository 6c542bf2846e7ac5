"""Tikal matches: saves, undo and bots, in both variants.

The greedy bot's evaluation keeps caches on the board layout; these tests check that
its choices still depend only on the match seed and the moves so far (a loaded match,
or an undo followed by the same move, continues the same way), and that bots beat the
random baseline.
"""

from __future__ import annotations

import random

import pytest

import archeo_lab as al


def learner_moves(match, rng, count):
    for _ in range(count):
        if match.is_over:
            break
        legal = match.state.legal_actions()
        match.apply(rng.choice(legal[1:] or legal) if rng.random() < 0.85 else legal[0])


@pytest.mark.parametrize("variant", ["standard", "advanced"])
def test_a_saved_match_continues_the_same_way(tmp_path, variant):
    match = al.Match("tikal", players=3, seed=4, variant=variant, opponents={1: "greedy", 2: "greedy"})
    learner_moves(match, random.Random(4), 25)
    path = tmp_path / "tikal.json"
    match.save(path)
    loaded = al.Match.load(path)
    assert loaded.state.to_json() == match.state.to_json() and loaded.history == match.history
    for _ in range(25):
        if match.is_over:
            break
        legal = match.state.legal_actions()
        action = legal[len(legal) // 2]
        assert match.apply(action) == loaded.apply(action)
    assert loaded.state.to_json() == match.state.to_json()


def test_undo_then_the_same_move_gives_the_same_bot_replies():
    match = al.Match("tikal", players=2, seed=6, opponents={1: "greedy"})
    rng = random.Random(6)
    learner_moves(match, rng, 12)
    while match.state.phase != "actions" or match.current_player != 0:
        match.apply(match.state.legal_actions()[0])
    before = match.state.to_json()
    first = match.apply("end turn")
    assert len(first) > 1, "the bot played its turn"
    if match.can_undo:
        match.undo()
        assert match.state.to_json() == before
        assert match.apply("end turn") == first


@pytest.mark.parametrize("variant", ["standard", "advanced"])
def test_greedy_beats_random(variant):
    games, wins = 6, 0.0
    for seed in range(games):
        players = 2 + seed % 3
        seat = seed % players
        opponents = {s: ("greedy" if s == seat else "random") for s in range(players)}
        match = al.Match("tikal", players=players, seed=seed, variant=variant, opponents=opponents)
        winners = match.state.winners()
        wins += (seat in winners) / len(winners)
    assert wins / games >= 0.8, f"greedy won {wins:.1f} of {games} games"
