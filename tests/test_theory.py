"""Game-theory helpers against known values (textbook games, hand-checked degenerate games)."""

from __future__ import annotations

from fractions import Fraction
from fractions import Fraction as F
from math import comb

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
    """prize 4, bids 0-4: 4 > 2 units and the cap 4 > 4/2, so no pure equilibrium (see auctions.py)."""
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


# -- exact equilibria against an independent exact method -----------------------------------------------------

def _solve_exact(M, b):
    """Gaussian elimination in fractions; None for a singular system."""
    n = len(M)
    rows = [[F(v) for v in row] + [F(rhs)] for row, rhs in zip(M, b)]
    for c in range(n):
        pivot = next((r for r in range(c, n) if rows[r][c] != 0), None)
        if pivot is None:
            return None
        rows[c], rows[pivot] = rows[pivot], rows[c]
        for r in range(n):
            if r != c and rows[r][c] != 0:
                f = rows[r][c] / rows[c][c]
                rows[r] = [x - f * y for x, y in zip(rows[r], rows[c])]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def _vertices_by_brute_force(cons, rhs, dim):
    """Every vertex of {z : cons z <= rhs}: solve every choice of ``dim`` tight constraints, keep the feasible."""
    import itertools

    out = {}
    for tight in itertools.combinations(range(len(cons)), dim):
        z = _solve_exact([cons[k] for k in tight], [rhs[k] for k in tight])
        if z is None:
            continue
        slack = [rhs[k] - sum(c * v for c, v in zip(cons[k], z)) for k in range(len(cons))]
        if min(slack) < 0:
            continue
        out.setdefault(tuple(z), frozenset(k for k, s in enumerate(slack) if s == 0))
    return out


def reference_equilibria(A, B):
    """Extreme equilibria by brute-force vertex enumeration of the best-response polytopes (an independent method:
    no pivoting, no double description; every subset of tight constraints is solved in exact arithmetic)."""
    A = [[F(v) for v in row] for row in A]
    B = [[F(v) for v in row] for row in B]
    m, n = len(A), len(A[0])
    low_a, low_b = min(map(min, A)), min(map(min, B))
    A = [[v - low_a + 1 for v in row] for row in A]
    B = [[v - low_b + 1 for v in row] for row in B]
    cons_p = [[-F(int(k == i)) for k in range(m)] for i in range(m)] + [[B[i][j] for i in range(m)] for j in range(n)]
    cons_q = [A[i] for i in range(m)] + [[-F(int(k == j)) for k in range(n)] for j in range(n)]
    P = _vertices_by_brute_force(cons_p, [0] * m + [1] * n, m)
    Q = _vertices_by_brute_force(cons_q, [1] * m + [0] * n, n)
    everything = frozenset(range(m + n))
    found = set()
    for x, lx in P.items():
        for y, ly in Q.items():
            if any(x) and any(y) and lx | ly == everything:
                found.add((tuple(v / sum(x) for v in x), tuple(v / sum(y) for v in y)))
    return sorted(found)


def _random_games():
    """220 seeded games, 1 x 1 to 5 x 5: payoffs from {0, 1, 2} and -3..3 (most of them degenerate: ties among best
    replies), -10..10, -100..100 and -1000..1000, plus constructed special cases (two equal rows, a column the other
    player is indifferent about, zero-sum, payoffs up to a million)."""
    import random

    rng = random.Random(20261124)
    games = []
    for k in range(200):
        m, n = rng.randint(1, 5), rng.randint(1, 5)
        spread = (2, 3, 10, 100, 1000)[k % 5]
        low = 0 if spread == 2 else -spread
        A = [[rng.randint(low, spread) for _ in range(n)] for _ in range(m)]
        B = [[rng.randint(low, spread) for _ in range(n)] for _ in range(m)]
        games.append((f"random {m}x{n} payoffs {low}..{spread}", A, B))
    for k in range(20):
        m, n = rng.randint(2, 4), rng.randint(2, 4)
        A = [[rng.randint(-1000, 1000) for _ in range(n)] for _ in range(m)]
        B = [[rng.randint(-1000, 1000) for _ in range(n)] for _ in range(m)]
        if k % 4 == 0:
            A[1] = list(A[0])                                   # two equal rows for the row player
        elif k % 4 == 1:
            for row in B:
                row[0] = 7                                      # a column the column player is indifferent about
        elif k % 4 == 2:
            B = [[-v for v in row] for row in A]                # zero-sum
        else:
            A = [[v * 1000 for v in row] for row in A]          # payoffs up to a million
        kind = ("equal rows", "indifferent column", "zero-sum", "payoffs to a million")[k % 4]
        games.append((f"constructed {m}x{n} ({kind})", A, B))
    return games


def test_equilibria_agree_with_brute_force_on_220_games():
    """Every extreme equilibrium, none dropped, none extra, exactly the same fractions (issue 13)."""
    games = _random_games()
    assert len(games) >= 200
    total = 0
    for name, A, B in games:
        got = NormalForm(A, B).equilibria()
        want = reference_equilibria(A, B)
        assert got == want, f"{name}: A={A} B={B}"
        total += len(got)
    assert total > len(games)          # many games have several equilibria


def test_equilibria_do_not_depend_on_the_scale_of_the_payoffs():
    import random

    rng = random.Random(5)
    for _ in range(30):
        A = [[rng.randint(-9, 9) for _ in range(4)] for _ in range(4)]
        B = [[rng.randint(-9, 9) for _ in range(4)] for _ in range(4)]
        small = NormalForm(A, B).equilibria()
        big = NormalForm([[v * 100 + 17 for v in r] for r in A], [[v * 1000 - 3 for v in r] for r in B]).equilibria()
        assert small == big


def test_a_failed_exact_check_raises_instead_of_returning_a_partial_set(monkeypatch):
    game = NormalForm([[1, -1], [-1, 1]])
    monkeypatch.setattr(NormalForm, "is_equilibrium", lambda self, x, y: False)
    with pytest.raises(ArithmeticError, match="failed its exact check"):
        game.equilibria()


def test_payoffs_are_exact_and_displayed_as_fractions():
    game = NormalForm([[10.75, 0.1]], [[Fraction(1, 3), 2]], rows=["bid 0"], cols=["bid 0", "bid 1"])
    assert game.A[0] == [F(43, 4), F(1, 10)] and game.B[0][0] == F(1, 3)
    text = str(game)
    assert "43/4" in text and "1/10" in text and "1/3" in text and "10.8" not in text
    assert "43/4" in game._repr_html_()
    with pytest.raises(TypeError, match=r"A\[0\]\[0\] must be a number"):
        NormalForm([[True, 1]])
    with pytest.raises(ValueError, match="finite"):
        NormalForm([[float("nan"), 1]])


def test_value_of_zero_sum_games():
    assert NormalForm([[3, 1], [0, 2]]).value() == F(3, 2)
    assert theory.blotto_game(3, 3, fields=3).value() == F(3, 2)         # constant-sum: half of the 3 fields
    with pytest.raises(ValueError, match="not zero-sum"):
        NormalForm([[3, 0], [5, 1]], [[3, 5], [0, 1]]).value()


def test_blotto_three_against_three_has_nine_extreme_equilibria():
    game = theory.blotto_game(3, 3, fields=3)
    found = game.equilibria()
    assert len(found) == 9 and all(game.payoffs(x, y) == (F(3, 2), F(3, 2)) for x, y in found)


# -- auctions ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("cost", [F(1), F(1, 2), F(2)])
def test_all_pay_pure_equilibrium_condition_holds_on_a_grid(cost):
    """No pure equilibrium exactly when prize/cost > 2 and max_bid > prize/(2 cost) (the module docstring)."""
    for twice_prize in range(1, 41):
        prize = F(twice_prize, 2)
        for cap in range(0, 12):
            A, B = theory.all_pay_matrix(float(prize), cap, float(cost))
            has = bool(NormalForm(A, B).pure_equilibria())
            assert has == theory.has_pure_equilibrium(prize, cap, cost), (prize, cap, cost)
    # the examples of issue 19: prize 2 has pure equilibria for every cap; prize 6 with bids 0-3 has (3, 3)
    assert all(theory.has_pure_equilibrium(2, cap) for cap in range(10))
    assert (3, 3) in theory.pure_equilibria(*theory.all_pay_matrix(6, 3))


def test_asymmetric_all_pay_auction_payoffs_and_revenue():
    game = theory.all_pay_game((7, 5), max_bid=7)
    found = game.equilibria()
    assert {game.payoffs(x, y) for x, y in found} == {(F(2), F(0))}       # the stronger bidder gets 7 - 5
    assert {theory.expected_bid(x) + theory.expected_bid(y) for x, y in found} == {F(151, 35)}
    assert not game.pure_equilibria()
    with pytest.raises(ValueError, match="tie"):
        theory.all_pay_game((7, 5), 3, tie=True)


def test_a_jump_bid_beats_raising_by_one_in_tikals_auction():
    """Issue 19: with values 7, 3, 5, raising one at a time wins at 6 (payoff 1); a jump to 5 wins at 5 (payoff 2)."""
    from archeo_lab.exercises.auction_formats import jump_to
    from archeo_lab.games.tikal.auction import english_auction, truthful

    assert english_auction([7, 3, 5])[:2] == (0, 6)
    assert english_auction([7, 3, 5], strategies=[jump_to(5), truthful, truthful])[:2] == (0, 5)


# -- stats and trees --------------------------------------------------------------------------------------------

def test_binomial_and_sign_tests_are_exact():
    assert theory.binomial_test(9, 10) == F(11, 512)
    assert theory.binomial_test(5, 10) == 1
    assert theory.binomial_test(0, 0) == 1
    assert theory.binomial_test(8, 10, alternative="greater") == F(56, 1024)
    assert theory.binomial_test(2, 10, alternative="less") == F(56, 1024)
    test = theory.sign_test(wins=15, losses=5, ties=4)
    assert test.decided == 20 and test.p_value == F(2 * sum(comb(20, k) for k in range(6)), 2 ** 20)
    assert test.significant() and not theory.sign_test(12, 8).significant()
    with pytest.raises(ValueError, match="cannot exceed"):
        theory.binomial_test(5, 4)
    with pytest.raises(ValueError, match="whole number"):
        theory.binomial_test(True, 4)


def test_head_to_head_counts_only_the_games_both_played():
    from types import SimpleNamespace

    games = [
        {"seats": ["a", "b"], "shares": [1.0, 0.0], "scores": [10, 3]},
        {"seats": ["b", "a"], "shares": [1.0, 0.0], "scores": [9, 4]},
        {"seats": ["a", "b"], "shares": [0.5, 0.5], "scores": [5, 5]},
        {"seats": ["a", "c"], "shares": [1.0, 0.0], "scores": [8, 1]},
        {"seats": ["b", "a"], "shares": [0.0, 1.0], "scores": None},        # a forfeit by b
    ]
    result = SimpleNamespace(bots=["a", "b", "c"], games=games)
    test = theory.head_to_head(result, "a", "b")
    assert (test.wins, test.losses, test.ties) == (2, 1, 1)
    with pytest.raises(ValueError, match="no bot 'z'"):
        theory.head_to_head(result, "a", "z")


def test_backward_induction_solves_from_the_leaves_and_records_ties():
    from archeo_lab.theory import Decision, Outcome, backward_induction

    tree = Decision(0, {
        "left": Decision(1, {"up": Outcome((3, 1)), "down": Outcome((0, 1))}),
        "right": Decision(1, {"up": Outcome((2, 2)), "down": Outcome((1, 0))}),
    })
    solution = backward_induction(tree)
    assert solution.best[("left",)] == ["up", "down"]          # seat 1 indifferent: both recorded, first played
    assert solution.path == ["left", "up"] and solution.payoffs == (3, 1)
    assert solution.value(["right"]) == (2, 2)
    with pytest.raises(ValueError, match="every outcome needs 2 payoffs"):
        backward_induction(Decision(0, {"a": Outcome((1, 2)), "b": Outcome((1,))}))
    with pytest.raises(ValueError, match="at least one move"):
        Decision(0, {})
    with pytest.raises(ValueError, match="seat number"):
        Decision(True, {"a": Outcome((1,))})
