"""Game-theory helpers against known values (textbook games, hand-checked degenerate games)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

import archeo_lab as al
from archeo_lab import theory
from archeo_lab.theory import NormalForm


def test_matching_pennies_and_rock_paper_scissors_mix_evenly():
    assert NormalForm([[1, -1], [-1, 1]]).equilibria() == [((F(1, 2), F(1, 2)), (F(1, 2), F(1, 2)))]
    rps = NormalForm([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])
    third = (F(1, 3),) * 3
    assert rps.equilibria() == [(third, third)] and rps.pure_equilibria() == []


def test_von_stengel_example_has_its_three_equilibria():
    """B. von Stengel, 'Computing equilibria for two-person games' (Handbook of Game Theory 3, 2002), fig. 3."""
    game = NormalForm([[3, 3], [2, 5], [0, 6]], [[3, 2], [2, 6], [3, 1]])
    assert game.equilibria() == [
        ((F(0), F(1, 3), F(2, 3)), (F(1, 3), F(2, 3))),
        ((F(4, 5), F(1, 5), F(0)), (F(2, 3), F(1, 3))),
        ((F(1), F(0), F(0)), (F(1), F(0))),
    ]
    assert not game.is_degenerate()


@pytest.mark.parametrize("A,B,expected", [
    # Degenerate games where a popular solver (nashpy 0.0.x vertex enumeration) misses equilibria;
    # each equilibrium below was checked by hand: no pure deviation pays.
    ([[2, -1], [0, 0]], [[2, 2], [0, 0]],
     [((F(0), F(1)), (F(0), F(1))), ((F(0), F(1)), (F(1, 3), F(2, 3))),
      ((F(1), F(0)), (F(1, 3), F(2, 3))), ((F(1), F(0)), (F(1), F(0)))]),
    ([[-2, -2, -2, 1], [-2, 0, -1, 0]], [[-2, 2, -1, 0], [0, -2, -1, -1]],
     [((F(0), F(1)), (F(1), F(0), F(0), F(0))), ((F(1, 3), F(2, 3)), (F(0), F(1, 3), F(0), F(2, 3))),
      ((F(1, 3), F(2, 3)), (F(1), F(0), F(0), F(0)))]),
])
def test_degenerate_games_give_every_extreme_equilibrium(A, B, expected):
    game = NormalForm(A, B)
    assert sorted(game.equilibria()) == sorted(expected)
    assert game.is_degenerate()
    for x, y in expected:
        assert game.is_equilibrium(x, y)


def test_prisoners_dilemma_dominance_and_best_responses():
    pd = NormalForm([[3, 0], [5, 1]], [[3, 5], [0, 1]], rows=["C", "D"], cols=["C", "D"])
    assert pd.dominated(0) == ["C"] and pd.dominated(1) == ["C"]
    assert pd.best_responses(0, "C") == ["D"] and pd.best_responses(1, [F(1, 2), F(1, 2)]) == ["D"]
    assert pd.pure_equilibria() == [("D", "D")]
    small = pd.eliminate_dominated()
    assert (small.rows, small.cols) == (["D"], ["D"])
    assert pd.payoffs([1, 0], [0, 1]) == (0, 5)


def test_weak_dominance_is_asked_for_explicitly():
    game = NormalForm([[1, 1], [1, 0]], [[1, 1], [1, 1]], rows=["T", "B"])
    assert game.dominated(0) == [] and game.dominated(0, strict=False) == ["B"]


def test_gambit_nfg_export():
    text = NormalForm([[3, 0], [5, 1]], [[3, 5], [0, 1]], rows=["C", "D"], cols=["C", "D"], title="PD").to_nfg()
    head, strategies, blank, payoffs = text.split("\n")
    assert head == 'NFG 1 R "PD" { "Row" "Column" }' and strategies == '{ { "C" "D" } { "C" "D" } }'
    # profiles (C,C) (D,C) (C,D) (D,D): the first player's strategy varies fastest
    assert payoffs.split() == ["3", "3", "5", "0", "0", "5", "1", "1"] and blank == ""


def test_all_pay_auction_has_no_pure_equilibrium_and_mixes():
    A, B = theory.all_pay_matrix(prize=4, max_bid=4)
    game = NormalForm(A, B)
    assert game.pure_equilibria() == []
    # Each player mixes evenly over two bids (odd bids or even ones); most of the prize is
    # competed away: the two payoffs together never exceed 2 of the 4 points.
    odd, even = (0, F(1, 2), 0, F(1, 2), 0), (F(1, 2), 0, F(1, 2), 0, 0)
    found = game.equilibria()
    assert sorted(found) == sorted([(odd, odd), (odd, even), (even, odd), (even, even)])
    assert all(sum(game.payoffs(x, y)) <= 2 for x, y in found)
    assert theory.uniform_opponent_payoff(0, prize=4, max_bid=3) == 0.5


def test_first_price_and_english_auctions():
    A, B = theory.first_price_matrix((5, 3), max_bid=4)
    game = NormalForm(A, B)
    assert ("3", "2") in game.pure_equilibria() or ("3", "3") in game.pure_equilibria()
    assert theory.english_auction([7, 12, 9]) == (1, 10)       # second-highest value + one step
    assert theory.english_auction([10, 10]) == (0, 10)
    assert theory.english_auction([4], start=2) == (0, 2)


def test_blotto_spreading_and_stacking():
    assert len(theory.allocations(4, 3)) == 15
    assert theory.blotto_payoff((3, 0, 0), (1, 1, 1)) == (1.0, 2.0)    # stacking loses two fields
    assert theory.blotto_payoff((2, 2, 0), (1, 1, 2), tie=0) == (2.0, 1.0)
    game = theory.blotto_game(3, 3, fields=3)
    assert game.shape == (10, 10)
    assert "3-0-0" in game.dominated(0, strict=False)


def test_expected_value_helpers_are_exact():
    dist = theory.hypergeometric(population=20, successes=5, draws=4)
    assert sum(dist.values()) == 1 and theory.expectation(dist) == F(4 * 5, 20)
    die = {k: F(1, 6) for k in range(1, 7)}
    assert theory.expectation(die) == F(7, 2) and theory.variance(die) == F(35, 12)
    two = theory.convolve(die, die)
    assert two[7] == F(1, 6) and sum(two.values()) == 1
    assert theory.transform(die, lambda k: k % 2) == {1: F(1, 2), 0: F(1, 2)}
    assert theory.binomial(3, F(1, 2))[2] == F(3, 8)


def test_simultaneous_subgame_from_a_cibola_position():
    state = al.get_game("cibola").new_state(players=2, seed=3)
    bids = [f"bid {k}" for k in range(3)]
    game = theory.simultaneous_subgame(state, rows=bids, cols=bids, stop=lambda s: s.round > 1)
    assert game.shape == (3, 3) and game.rows == bids
    # one cell recomputed by hand: both bid 0, then greedy picks to the end of the round
    from archeo_lab import bots
    from archeo_lab.engine import Rng

    s = state.clone()
    s.apply("bid 0")
    s.apply("bid 0")
    players = {seat: bots.make("greedy", seed=seat) for seat in range(2)}
    done = 0
    while s.round == 1:
        s.apply(players[s.current_player].choose(s.determinize(s.current_player, Rng(done))))
        done += 1
    value = al.get_game("cibola").evaluate(s)
    me = state.current_player
    assert float(game.A[0][0]) == pytest.approx(value[me]) and float(game.B[0][0]) == pytest.approx(value[1 - me])
    with pytest.raises(ValueError, match="two-player"):
        theory.simultaneous_subgame(al.get_game("cibola").new_state(players=3, seed=1))
