"""What tutorials/01_cibola.ipynb tells the learner, checked on the notebook's own variables.

The notebook runs once (like Run All, ``allow_errors=False``); every claim its prose makes
about the game or the all-pay auction is asserted here, so a change in the engine or in
``archeo_lab.theory`` that makes the text false fails this test.
"""

from __future__ import annotations

from fractions import Fraction

from tests.notebooks import values_fixture

NOTEBOOK = "tutorials/01_cibola.ipynb"

EXPRESSIONS = {
    # 1-2. components and set-up
    "cards_per_phase": "[len(phase_one), len(phase_two)]",
    "rock_symbols": "sum(card.rock for card in components.CARDS)",
    "explorers_per_player": "[cibola.explorers_per_player(n) for n in (2, 3, 4)]",
    "totems_in_play": "len(state.totems_in_play)",
    "start_points": "al.get_game('cibola').new_state(players=3, seed=4).scores()",
    "explorer_points_8": "cibola.explorer_points(8)",
    "sundial_cells": "list(components.COLUMNS[0].cells)",
    "shield_cells": "list(components.COLUMNS[3].cells)",
    # 4-5. the round, the hidden bid, the refusal, the discard example
    "revealed": "len(al.get_game('cibola').new_state(players=3, seed=4).table)",
    "seen_bid": "seen['bids'][first]",
    "seen_explorers": "seen['explorers'][first]",
    "bid_12_legal": "'bid 12' in [str(a) for a in state.legal_actions()]",
    "bidder_explorers": "state.explorers[first]",
    "joan_alexis": "[example.explorers[joan], example.explorers[alexis]]",
    # 6. exploration
    "pick_order": "order",
    "torch_after": "names[example.torch]",
    "discard_after": "example.discard",
    "joan_rock": "example.covered[1][0]",
    "third_rock_cells": "cells",
    # 8. two and three players
    "two_pick_order": "two.pick_order",
    "three_leftover": "[three.leftovers, three.current_player, three.phase]",
    # 9. final count
    "rows": "rows",
    # 10. the full game's board
    "full_game_seats": "[full_game.match.human_seats, full_game.match.opponents]",
    # 11. game theory
    "best_responses": "[theory.best_responses(A, rival) for rival in range(MOST + 1)]",
    "pure": "theory.pure_equilibria(A, B)",
    "grid_agrees": "agrees",
    "equilibria": "[[[str(p) for p in x], [str(p) for p in y]] for x, y in equilibria]",
    "payoffs_against_rival_mix": "[str(sum(p * game.A[bid][r] for r, p in enumerate(rival_mix))) for bid in range(MOST + 1)]",
    "rival_mix": "[str(p) for p in rival_mix]",
    "exact": "exact",
    "simulated": "simulated",
    "best_bid": "best_bid",
    "torch_equilibria": "[[[str(p) for p in x], [str(p) for p in y], [str(v) for v in torch_game.payoffs(x, y)]]"
                        " for x, y in torch_game.equilibria()]",
    "shared_payoffs": "[[str(v) for v in game.payoffs(x, y)] for x, y in equilibria]",
    "torch_never_lower": "never_lower",
}


seen = values_fixture(NOTEBOOK, EXPRESSIONS)


def test_components_and_set_up(seen):
    assert seen["cards_per_phase"] == [16, 16] and seen["rock_symbols"] == 13
    assert seen["explorers_per_player"] == [12, 8, 6]                       # Préparation 2
    assert seen["totems_in_play"] == 5
    # "Everyone already has points": 8 explorers = 4 points, and nothing else at the start.
    assert seen["start_points"] == [4, 4, 4] and seen["explorer_points_8"] == 4
    assert seen["sundial_cells"] == [0, 1, 2, 3]                            # 'entre 0 et 3 points'
    assert 6 in seen["shield_cells"]                                         # the rule book's shield example
    assert seen["revealed"] == 4


def test_the_bid_is_hidden_and_a_bid_too_large_is_refused(seen):
    assert seen["seen_bid"] == "hidden" and seen["seen_explorers"] == 8
    assert seen["bid_12_legal"] is False and seen["bidder_explorers"] == 5   # 8 - 3, the refusal changed nothing


def test_rule_book_worked_example(seen):
    assert seen["joan_alexis"] == [3 + 3, 4 + 3]                            # 7 // 2 = 3 each, one stays
    assert seen["pick_order"] == ["Benoit", "Romarc", "Joan", "Alexis"]
    assert seen["torch_after"] == "Alexis"
    assert seen["discard_after"] == 1 + 4 + 2 and seen["joan_rock"] is True


def test_rock_rule_and_player_counts(seen):
    cells = seen["third_rock_cells"]
    assert len(cells) == 15 and not any("skull" in c for c in cells)
    assert seen["two_pick_order"] == [0, 1, 0, 1]
    assert seen["three_leftover"] == [["I-05"], 1, "rock"]                   # the auction winner places the rock


def test_final_count_prose(seen):
    rows = seen["rows"]
    assert [r["statuette"] for r in rows] == [12, 12, 0]                      # seats 0 and 1 tie: both score
    assert [r["skull"] for r in rows] == [0, -6, 0]                           # seat 1 has the most skulls
    assert rows[0]["explorers"] == 2                                          # 5 explorers: 2 points
    assert [r["total"] for r in rows] == [28, 10, 15]


def test_full_game_board_is_the_one_the_time_estimate_measures(seen):
    assert seen["full_game_seats"] == [[0], {"1": "greedy", "2": "random"}]


def test_all_pay_best_responses_and_pure_equilibria(seen):
    # "against 0, bid 1; against 1, bid 2; against 2, bid 3; against 3, bid 0 (or 4)"
    assert seen["best_responses"][:4] == [[1], [2], [3], [0, 4]]
    assert all(best == [0] for best in seen["best_responses"][4:])
    assert seen["pure"] == []
    assert seen["grid_agrees"] == 96


def test_mixed_equilibria_as_the_text_describes_them(seen):
    supports = set()
    for x, y in seen["equilibria"]:
        for mix in (x, y):
            support = tuple(b for b, p in enumerate(mix) if Fraction(p))
            assert support in {(0, 2), (1, 3)} and all(Fraction(mix[b]) == Fraction(1, 2) for b in support)
            supports.add(support)
    # four extreme equilibria: every pairing of the two mixes; nobody bids more than 3
    assert len(seen["equilibria"]) == 4 and supports == {(0, 2), (1, 3)}
    assert {(tuple(x), tuple(y)) for x, y in seen["equilibria"]} == {
        (tuple(a), tuple(b)) for a in (seen["equilibria"][0][0], seen["equilibria"][-1][0])
        for b in (seen["equilibria"][0][0], seen["equilibria"][-1][0])}
    # indifference: bids 0-3 earn the same against the 0-or-2 rival, more than 4, 5, 6
    assert seen["rival_mix"][:3] == ["1/2", "0", "1/2"]
    values = [Fraction(v) for v in seen["payoffs_against_rival_mix"]]
    assert len(set(values[:4])) == 1 and all(v < values[0] for v in values[4:])


def test_random_rival_simulation(seen):
    exact, simulated = seen["exact"], seen["simulated"]
    assert max(abs(s - e) for s, e in zip(simulated, exact)) < 0.15
    assert seen["best_bid"] == max(range(len(exact)), key=lambda b: exact[b])


def test_teacher_answer_on_the_torch(seen):
    eqs = seen["torch_equilibria"]
    holder_supports = {tuple(b for b, p in enumerate(x) if Fraction(p)) for x, _, _ in eqs}
    other_supports = {tuple(b for b, p in enumerate(y) if Fraction(p)) for _, y, _ in eqs}
    assert holder_supports == {(0, 1, 2, 3)}
    assert other_supports == {(0, 1, 2, 3), (1, 2, 3, 4)}
    assert all(Fraction(p) == Fraction(1, 4) for x, y, _ in eqs for p in x + y if Fraction(p))
    assert {Fraction(pay[1]) for _, _, pay in eqs} == {0}
    assert {Fraction(pay[0]) for _, _, pay in eqs} == {0, 1}
    assert ["1", "1"] in seen["shared_payoffs"]          # with shared ties, both may expect 1
    assert seen["torch_never_lower"] is True             # "in every cell the torch holder gets at least ..."
