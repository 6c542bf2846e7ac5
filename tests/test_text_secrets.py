"""``print(state)`` shows what the table sees; a seat's secrets only when asked (issue 16, item 6).

The check is generic: a state and any ``determinize`` of it (which resamples what a seat cannot
know) must print the same public text, and the same text for the seat it was made for.  A text
that leaked a hidden bid, a hand or a pile's order would differ between the two.
"""

from __future__ import annotations

import random

import pytest

import archeo_lab as al

GAMES = [g.key for g in al.list_games()]


def positions(key: str, seed: int, moves: int = 120):
    """Positions along a random game, every few moves."""
    game = al.get_game(key)
    state = game.new_state(players=min(3, game.max_players), seed=seed)
    rng = random.Random(seed)
    for i in range(moves):
        if state.is_terminal:
            break
        if i % 7 == 3:
            yield state
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("key", GAMES)
def test_public_text_is_the_same_in_every_world_a_player_could_be_in(key):
    checked = 0
    for seed in (1, 2):
        for state in positions(key, seed):
            public = str(state)
            for seat in state.seats:
                world = state.determinize(seat, 1000 + seat)
                assert str(world) == public, f"{key}: print(state) shows something seat {seat} cannot know"
                assert world.text(seat) == state.text(seat), f"{key}: seat {seat}'s text shows another's secret"
                checked += 1
    assert checked > 20


def test_cibola_bid_in_the_closed_fist_stays_hidden_until_the_fists_open():
    """« Chaque joueur prend un nombre de pions Explorateurs ★ simultanément dans sa main, en enchère à
    poing fermé, puis les révèle en même temps. »"""
    state = al.get_game("cibola").new_state(players=3, seed=4)
    first = state.current_player
    before = state.explorers[first]
    state.apply(next(a for a in state.legal_actions() if "3" in str(a)))
    assert "bid 3" not in str(state) and "has bid (hidden)" in str(state)
    assert f"{before} explorers, has bid" in str(state)          # counted as before the bid
    assert "bid 3" in state.text(first) and "bid 3" in state.text(everything=True)
    other = next(s for s in state.seats if s != first)
    assert "bid 3" not in state.text(other)


def test_thebes_hands_and_piles_are_hidden_unless_asked():
    """« Les cartes d'Action ... Les joueurs les gardent cachées dans leur main »; the excavation piles
    lie face down."""
    state = al.get_game("thebes").new_state(players=2, seed=5)
    pile = " ".join(str(v) for v in next(p for p in state.piles if p))
    assert pile and f"cards: {pile}" not in str(state)
    assert f"cards: {pile}" in state.text(everything=True)
    rng = random.Random(5)
    while not any(state.hand):
        state.apply(rng.choice(state.legal_actions()))
    holder = next(s for s in state.seats if state.hand[s])
    card = state.hand[holder][0]
    assert card not in str(state).split("hand ")[holder + 1].split(", permits")[0]
    assert card in state.text(holder)


def test_text_names_a_bad_seat():
    state = al.get_game("cibola").new_state(players=2, seed=1)
    with pytest.raises(ValueError):
        state.text(7)
