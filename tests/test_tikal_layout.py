"""Tikal's board layout (``hexgrid.BoardLayout``) is shared by copies of a state and changed in place by the
one state that owns it: whatever a copy plays, every state's layout stays the one its own board implies."""

from __future__ import annotations

import random

import pytest

import archeo_lab as al
from archeo_lab.games.tikal.hexgrid import BoardLayout
from archeo_lab.games.tikal.state import BASE


def _as_built(state):
    """What the state's layout must say: the layout built from scratch from the state's fields."""
    return BoardLayout.build(state.kind, state.stones, state.camp_of, state.players, BASE)


def _same(layout, built):
    assert [sorted(a) for a in layout.adj] == [sorted(a) for a in built.adj]      # each space's passages
    assert layout.frontier == built.frontier
    assert layout.temples == built.temples and layout.nodes == built.nodes


@pytest.mark.parametrize("players", [2, 3])
def test_copies_and_their_original_never_change_one_another_s_layout(players):
    game = al.get_game("tikal")
    for seed in range(4):
        state = game.new_state(players=players, seed=seed)
        rng = random.Random(seed)
        copies, step = [], 0
        while not state.is_terminal:
            if step % 7 == 0:       # a copy that plays a few turns on its own (hexes placed, camps perhaps)
                copy = state.determinize(state.current_player, step) if step % 14 else state.clone()
                for _ in range(40):
                    if not copy.is_terminal:
                        copy.apply(rng.choice(copy.legal_actions()))
                copies.append(copy)
                copies.append(state.clone())                  # and one that waits while the original plays
            state.apply(rng.choice(state.legal_actions()))
            for kept in [state, *copies[-6:]]:
                _same(kept.layout(), _as_built(kept))
            step += 1
        reloaded = game.state_from_json(state.to_json())
        assert state.legal_actions() == reloaded.legal_actions()


def test_two_new_games_do_not_share_what_one_of_them_places():
    game = al.get_game("tikal")
    first, second = game.new_state(players=2, seed=1), game.new_state(players=2, seed=2)
    printed = list(second.layout().adj)
    first.apply(first.legal_actions()[0])                    # the first hex of game 1
    assert first.layout().adj != printed and list(second.layout().adj) == printed
    _same(second.layout(), _as_built(second))
