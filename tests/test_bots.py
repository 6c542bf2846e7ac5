"""Bots: legal moves only, to the end of every game; reproducible; greedy beats random."""

from __future__ import annotations

import pytest

import archeo_lab as al
from archeo_lab import bots

GAMES = [(g.key, n) for g in al.list_games() for n in range(g.min_players, g.max_players + 1)]


@pytest.mark.parametrize("key,players", GAMES)
@pytest.mark.parametrize("name", ["random", "greedy"])
def test_every_bot_plays_only_legal_moves_to_the_end(key, players, name):
    for seed in range(3):
        match = al.Match(key, players=players, seed=seed, opponents={s: name for s in range(players)})
        assert match.is_over, "a match of bots plays itself to the end"
        replay = al.get_game(key).new_state(players=players, seed=seed)
        for seat, action in match.history:
            assert seat == replay.current_player and action in replay.legal_actions()
            replay.apply(action)
        assert replay.to_json() == match.state.to_json()


@pytest.mark.parametrize("key,players", GAMES)
def test_same_seed_same_bot_games(key, players):
    first = al.Match(key, players=players, seed=9, opponents={s: "greedy" for s in range(players)})
    second = al.Match(key, players=players, seed=9, opponents={s: "greedy" for s in range(players)})
    assert first.history == second.history


def test_bots_never_read_the_live_state_or_hidden_cards():
    class Spy(bots.GreedyBot):
        seen = []

        def choose(self, state):
            Spy.seen.append(state)
            return super().choose(state)

    match = al.Match("cibola", players=2, seed=1, opponents={0: Spy(seed=1), 1: "random"})
    assert match.is_over and Spy.seen
    assert all(s is not match.state for s in Spy.seen), "bots get a copy, so they cannot change the game"


def test_make_lists_the_known_bots():
    assert {"random", "greedy"} <= set(bots.available())
    with pytest.raises(ValueError, match="random"):
        bots.make("nobody")
    custom = bots.RandomBot(seed=1)
    assert bots.make(custom) is custom


@pytest.mark.parametrize("key", sorted({k for k, _ in GAMES}))
def test_greedy_beats_random_in_every_game(key):
    """Strength with fixed seeds, two players, seats alternating (stable: greedy wins nearly all)."""
    games, wins = 12, 0.0
    for seed in range(games):
        seat = seed % 2
        match = al.Match(key, players=2, seed=seed, opponents={seat: "greedy", 1 - seat: "random"})
        winners = match.state.winners()
        wins += (seat in winners) / len(winners)
    assert wins / games >= 0.8, f"greedy won {wins:.1f} of {games} games of {key}"


@pytest.mark.parametrize("players", [3, 4])
def test_greedy_beats_random_at_cibola_with_more_players(players):
    games, wins = 30, 0.0
    for seed in range(games):
        seat = seed % players
        opponents = {s: ("greedy" if s == seat else "random") for s in range(players)}
        match = al.Match("cibola", players=players, seed=seed, opponents=opponents)
        winners = match.state.winners()
        wins += (seat in winners) / len(winners)
    assert wins / games >= 0.8, f"greedy won {wins:.1f} of {games} games with {players} players"
