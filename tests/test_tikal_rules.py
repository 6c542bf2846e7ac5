"""Tikal: one test per rule, named after the rule book's section (shared/rules/tikal.fr.txt).

The rule book's own worked example of a first turn ("Exemple d'un premier tour de
jeu": Rodolphe reaches a new ruin for 2 AP and digs one treasure for 3 AP; Igor
uncovers two levels with two explorers) and its auction example ("Exemple d'ordre des
joueurs à 4 joueurs") are replayed move by move.  Every decision taken where the rule
book is silent (state.py's docstring) has its own test, named ``test_decision_...``.

Tiles used (components.TILES, GAPS.md 1.2): 2 ruin 4 masks (S2, NW1) · 6 temple 2
(N1, S2) · 7, 20, 29 volcanoes · 14 clearing (S3) · 17 temple 3 (S3) · 18 temple 5 (S3).
"""

from __future__ import annotations

import json
import random

import networkx as nx
import pytest

import archeo_lab as al
from archeo_lab.games import tikal
from archeo_lab.games.tikal import components, paths, scoring
from archeo_lab.games.tikal.hexgrid import INDEX, LABELS, NEIGHBOURS, OPPOSITE, SPACES, distinct_rotations, rotated
from archeo_lab.games.tikal.positions import position

GAME = al.get_game("tikal")


def sp(name: str) -> int:
    return INDEX[name]


def put_on_top(state, tile: int) -> None:
    """Move a tile of the stack to its top (the next one drawn)."""
    state.stack.remove(tile)
    state.stack.append(tile)
    state.changed()


def texts(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def refusal(state, action) -> str:
    before = state.to_json()
    with pytest.raises(al.IllegalAction) as refused:
        state.apply(action)
    assert state.to_json() == before, "a refused action changes nothing"
    return str(refused.value)


# -- Matériel et installation ------------------------------------------------------------------------

def test_components_match_the_rule_book_and_gaps():
    kinds = [t.kind for t in components.TILES]
    assert len(components.TILES) == 36 and kinds.count("temple") == 15 and kinds.count("volcano") == 3
    assert sum(t.value for t in components.TILES if t.kind == "ruin") == 24 == 8 * components.TREASURE_COPIES
    assert components.LEVEL_PIECES == {2: 3, 3: 6, 4: 9, 5: 11, 6: 8, 7: 5, 8: 3, 9: 2, 10: 1}
    assert all(sum(t.stones) == 3 for t in components.TILES if t.kind != "volcano")
    assert {k: v[0] for k, v in components.STATUS.items()}["TILES"] == "reconstruction"


def test_components_check_refuses_broken_data(monkeypatch):
    broken = components.TILES[:-1] + (components.Tile(36, "G", "ruin", 3, (0, 0, 0, 3, 0, 0)),)
    monkeypatch.setattr(components, "TILES", broken)
    with pytest.raises(ValueError, match="masks"):
        components.check_components()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_installation_board_pieces_and_supplies(players):
    state = GAME.new_state(players=players, seed=5)
    placed = {LABELS[i]: state.kind[i] for i in range(SPACES) if state.kind[i]}
    assert placed == {"A5": "camp", "A4": "temple", "B4": "clearing", "B5": "temple"}
    assert state.value[sp("A4")] == state.value[sp("B5")] == 1
    assert state.reserve == [18] * players and state.leader_at == [tikal.state.RESERVE] * players
    assert state.camps_left == [2] * players and state.points == [0] * players
    assert len(state.supply) == 24 and len(state.stack) == 35 and state.in_hand is not None
    assert state.levels[2:] == [3, 6, 9, 11, 8, 5, 3, 2, 1]
    # The passages of the printed hexes (GAPS 1.3): camp-temples 2, camp-clearing 1.
    assert paths.cheapest_costs(state, "A5") == {"A5": 0, "B4": 1, "A4": 2, "B5": 2}


def test_installation_stack_letters_a_on_top_each_letter_shuffled():
    orders = set()
    for seed in range(8):
        state = GAME.new_state(players=2, seed=seed)
        drawn = [state.in_hand] + state.stack[::-1]
        letters = [components.TILE_BY_ID[t].letter for t in drawn]
        assert letters == sorted(letters), "A on top, then B ... G at the bottom"
        orders.add(tuple(drawn[:6]))
    assert len(orders) > 4, "each letter is shuffled"


def test_decision_seat_zero_starts():
    assert GAME.new_state(players=3, seed=9).current_player == 0
    assert GAME.new_state(players=3, seed=9, variant="advanced").current_player == 0


# -- A. Mettre en jeu un hexagone --------------------------------------------------------------------------

def test_hexagone_placed_next_to_a_placed_hex_with_a_passage():
    # Tile 14 (a clearing with 3 stones on one side) on C4 shows no stone towards D3.
    state = position(tiles={"C4": (14, 0)}, hand=17)
    d3 = [(LABELS[i], r) for i, r in state.placements(17) if LABELS[i] == "D3"]
    assert d3 == [("D3", 1)], "only the rotation that turns temple 3's stones towards C4 links it"
    reason = refusal(state, "place tile 17 on D3, rotation 0")
    assert "no stones facing C4" in reason and "sentier" in reason
    assert "touches no placed hex" in refusal(state, "place tile 17 on H1, rotation 0")
    assert "already explored" in refusal(state, "place tile 17 on A4, rotation 0")
    assert "tile 3" in refusal(state, "place tile 3 on D3, rotation 1")
    state.apply("place tile 17 on D3, rotation 1")
    assert state.passage(sp("D3"), sp("C4")) == 3 and state.phase == "actions" and state.ap == 10


def test_hexagone_passage_may_come_from_the_neighbours_stones():
    # The rule book's picture: a temple placed with no stone of its own towards the clearing
    # still links, because the clearing shows a stone towards it.
    state = position(hand=17)
    for r in range(6):
        assert (sp("C4"), r) in state.placements(17), "B4 shows a stone towards C4"
    state.apply("place tile 17 on C4, rotation 0")        # its 3 stones face C5, none face B4
    assert state.passage(sp("B4"), sp("C4")) == 1


def test_hexagone_volcano_only_needs_to_touch_a_placed_hex():
    state = position(tiles={"C4": (14, 0)}, hand=7)
    spaces = [LABELS[i] for i, r in state.placements(7)]
    assert "D3" in spaces and all(r == 0 for _, r in state.placements(7))
    assert "H1" not in spaces


def test_decision_a_volcano_neighbour_gives_no_passage():
    state = position(tiles={"C4": (7, 0)}, hand=17)
    assert all(LABELS[i] not in ("D3", "D4") for i, _ in state.placements(17))
    assert "volcano" in refusal(state, "place tile 17 on D3, rotation 0")


def test_decision_identical_rotations_are_offered_once():
    assert distinct_rotations(components.TILE_BY_ID[21].stones) == (0, 1)       # 1+1+1 alternating
    state = position(hand=21)
    rots = {r for i, r in state.placements(21)}
    assert rots == {0, 1}
    assert "same picture as rotation 0" in refusal(state, "place tile 21 on C4, rotation 2")


def test_decision_a_hex_with_no_linked_place_goes_anywhere_next_to_a_hex():
    # Fill the board but H1, whose only neighbours are the three volcanoes.
    volcanoes = {"G1": 7, "G2": 20, "H2": 29}
    free = [t.id for t in components.TILES if t.kind != "volcano"]
    hand = free.pop()
    tiles = {name: (t, 0) for name, t in volcanoes.items()}
    empty = [LABELS[i] for i in range(SPACES) if LABELS[i] not in ("A4", "A5", "B4", "B5", "H1", *volcanoes)]
    tiles.update({name: (t, 0) for name, t in zip(empty, free)})
    state = position(tiles=tiles, hand=hand)
    rots = distinct_rotations(components.TILE_BY_ID[hand].stones)
    assert state.placements(hand) == [(sp("H1"), r) for r in rots]


def test_hexagone_ruin_gets_one_face_down_treasure_per_mask():
    state = position(hand=2)
    state.apply("place tile 2 on C4, rotation 0")
    assert len(state.tokens[sp("C4")]) == 4 and len(state.supply) == 20
    obs = state.observation(1)
    assert obs["tokens_on"] == {"C4": 4} and "necklace" not in json.dumps(obs["tokens_on"])


# -- B. Utiliser ses points d'action: the rule book's worked first turn ---------------------------------

def test_exemple_premier_tour_rodolphe_and_igor():
    rodolphe, igor = 0, 1
    state = position(players=2, hand=2)
    # Rodolphe draws a ruin with 4 masks, places it and puts 4 treasures on it.
    state.apply("place tile 2 on C4, rotation 0")
    assert len(state.tokens[sp("C4")]) == 4
    # 1. For 1 AP, his leader comes into play at the base camp.
    state.apply("bring leader into play at A5")
    assert state.ap == 9
    # 2. He moves it to the ruin: it crosses 2 stones, 2 AP; 7 AP left.
    assert paths.cheapest_costs(state, "A5")["C4"] == 2
    state.apply("move leader A5 -> B4 (1 AP)")
    state.apply("move leader B4 -> C4 (1 AP)")
    assert state.ap == 7
    # 3. He digs one treasure for 3 AP; 4 AP left.
    state.apply("dig treasure at C4")
    assert state.ap == 4 and sum(state.treasures[rodolphe]) == 1 and len(state.tokens[sp("C4")]) == 3
    # 4. One explorer on the ruin: no second treasure.  Two explorers in at the base camp for 2 AP.
    assert "Explorateurs" in refusal(state, "dig treasure at C4")
    state.apply("bring explorer into play at A5")
    state.apply("bring explorer into play at A5")
    # 5. His last 2 AP move one explorer to the temple; no AP left: it is Igor's turn.
    put_on_top(state, 3)                                      # Igor will draw a clearing ("une Plaine")
    state.apply("move explorer A5 -> A4 (2 AP)")
    assert state.current_player == igor and state.phase == "place" and state.in_hand == 3
    state.apply(state.legal_actions()[0])
    # 1. Two explorers in for 2 AP; 2. both to the temple for 4 AP; 3. two levels for 4 AP.
    for _ in range(2):
        state.apply("bring explorer into play at A5")
    for _ in range(2):
        state.apply("move explorer A5 -> A4 (2 AP)")
    state.apply("uncover temple A4 to level 2")
    state.apply("uncover temple A4 to level 3")
    assert state.value[sp("A4")] == 3 and state.levels[2] == 2 and state.levels[3] == 5
    assert state.current_player == rodolphe, "10 AP spent: the turn passed"
    assert state.holder(sp("A4")) == igor


# -- B. each action and its cost ------------------------------------------------------------------------------

def test_action_a_bring_a_piece_at_the_base_camp_or_an_own_camp():
    state = position(players=2, tiles={"C4": (14, 0)}, camps={"C4": 1, "B4": 0}, ap=10)
    assert texts(state)[:5] == ["end turn", "bring explorer into play at A5 (1 AP)",
                                "bring explorer into play at B4 (1 AP)", "bring leader into play at A5 (1 AP)",
                                "bring leader into play at B4 (1 AP)"]
    assert "your camps" in refusal(state, "bring explorer into play at C4")
    state.apply("bring leader into play at B4")
    assert "already in play" in refusal(state, "bring leader into play at A5")
    empty = position(players=2, explorers={"A5": [18, 0]}, ap=10)
    assert "no explorer left" in refusal(empty, "bring explorer into play at A5")


def test_action_b_hop_between_own_camps_for_one_ap():
    state = position(players=2, tiles={"C4": (14, 0), "D4": (18, 0)}, camps={"C4": 0},
                     explorers={"C4": [1, 0], "A5": [1, 1]}, ap=10)
    # C4 is two passages from the base camp (2 AP) but one camp hop away (1 AP).
    assert "move explorer C4 -> A5 (1 AP)" in texts(state)
    assert "move explorer A5 -> C4 (1 AP)" in texts(state)
    assert state.move_cost(1, sp("A5"), sp("C4")) is None, "seat 1 has no camp there"
    assert "not next to" in refusal(state, "move explorer A5 -> D4 (1 AP)")


def test_action_c_a_move_costs_one_ap_per_stone_all_in_this_turn():
    state = position(players=2, tiles={"C4": (14, 0)}, explorers={"B4": [1, 0]}, ap=10)
    assert "move explorer B4 -> C4 (1 AP)" in texts(state)
    state.apply("move explorer B4 -> C4 (1 AP)")
    # C4 -> C5 crosses the clearing's 3 stones.
    state2 = position(players=2, tiles={"C4": (14, 0), "C5": (6, 0)}, explorers={"C4": [1, 0], "A4": [1, 0]},
                      ap=2)
    assert state2.passage(sp("C4"), sp("C5")) == 3 + 1
    reason = refusal(state2, "move explorer C4 -> C5 (4 AP)")
    assert "has 4 stones and you have 2 AP left" in reason
    assert "costs 4 AP, not 3" in refusal(state2, "move explorer C4 -> C5 (3 AP)")
    assert "no stones between A4 and B4" in refusal(state2, "move explorer A4 -> B4 (1 AP)")
    assert "not next to" in refusal(state2, "move explorer C4 -> B5 (1 AP)")


def test_action_c_never_into_a_volcano():
    state = position(players=2, tiles={"C4": (7, 0)}, explorers={"B4": [1, 0]}, ap=10)
    assert not any("-> C4" in t for t in texts(state))
    assert "volcano" in refusal(state, "move explorer B4 -> C4 (1 AP)")


def test_action_d_uncover_levels_at_most_two_each_with_its_explorer():
    state = position(players=2, explorers={"A4": [1, 0]}, ap=10)
    state.apply("uncover temple A4 to level 2")
    assert "Explorateurs" in refusal(state, "uncover temple A4 to level 3")
    state.apply("bring explorer into play at A5")
    state.apply("move explorer A5 -> A4 (2 AP)")
    state.apply("uncover temple A4 to level 3")
    assert state.ap == 3
    assert "two levels" in refusal(state, "uncover temple A4 to level 4")
    assert "next level is 4, not 9" in refusal(state, "uncover temple A4 to level 9")
    assert "explorer on the temple" in refusal(state, "uncover temple B5 to level 2")


def test_action_d_no_level_left_means_no_more_levels():
    # The single level 10: once on a temple, no other temple can go past 9.
    state = position(players=2, tiles={"C4": (18, 0), "C5": (22, 0)}, levels={"C4": 10, "C5": 9},
                     explorers={"C5": [2, 0]}, ap=10)
    assert state.levels[10] == 0
    assert not any(t.startswith("uncover temple C5") for t in texts(state))
    assert "no temple level 10" in refusal(state, "uncover temple C5 to level 10")


def test_action_e_dig_at_most_two_per_ruin_and_an_emptied_ruin_is_a_clearing():
    state = position(players=2, tiles={"C4": (24, 0)}, ruins={"C4": ["vase", "mirror"]}, explorers={"C4": [2, 0]},
                     ap=10)
    state.apply("dig treasure at C4")
    state.apply("dig treasure at C4")
    assert sorted(k for k, n in zip(components.TREASURE_KINDS, state.treasures[0]) if n) == ["mirror", "vase"]
    assert state.kind[sp("C4")] == "clearing" and sp("C4") not in state.tokens
    assert "no treasure left" in refusal(state, "dig treasure at C4")
    assert state.ap == 4
    # "Une Ruine vidée de ses Trésors devient une Clairière et peut donc recevoir un Camp" (5 AP: not enough now)
    assert "costs 5 AP and you have 4" in refusal(state, "set up camp at C4")


def test_action_e_third_treasure_waits_for_the_next_turn():
    state = position(players=2, tiles={"C4": (2, 0)}, explorers={"C4": [3, 0]}, ap=10)
    state.apply("dig treasure at C4")
    state.apply("dig treasure at C4")
    assert "two treasures" in refusal(state, "dig treasure at C4")


def test_action_f_exchange_single_copies_only_and_it_cannot_be_refused():
    state = position(players=3, treasures=[["vase", "mirror", "mirror"], ["bowl", "knife", "knife"], ["plate"]],
                     current=0, ap=10)
    options = [t for t in texts(state) if t.startswith("exchange")]
    assert options == ["exchange vase for seat 1's bowl (3 AP)", "exchange vase for seat 2's plate (3 AP)"]
    assert "only a treasure held once" in refusal(state, "exchange mirror for seat 1's bowl")
    assert "holds 2 knife" in refusal(state, "exchange vase for seat 1's knife")
    state.apply("exchange vase for seat 1's bowl")
    assert state.treasures[1][components.TREASURE_KINDS.index("vase")] == 1
    assert state.treasures[0][components.TREASURE_KINDS.index("bowl")] == 1 and state.ap == 7


def test_decision_exchange_swaps_two_different_kinds():
    state = position(players=2, treasures=[["vase"], ["vase", "bowl"]], ap=10)
    assert [t for t in texts(state) if t.startswith("exchange")] == ["exchange vase for seat 1's bowl (3 AP)"]
    assert "two different treasures" in refusal(state, "exchange vase for seat 1's vase")


def test_action_g_camp_on_a_clearing_with_an_explorer_one_per_clearing_two_each():
    state = position(players=2, tiles={"C4": (14, 0), "C5": (15, 0)}, explorers={"B4": [1, 1], "C4": [1, 0],
                     "C5": [1, 0]}, camps={"B4": 1}, ap=10)
    assert "already has a camp" in refusal(state, "set up camp at B4")
    assert "clearing" in refusal(state, "set up camp at A4")
    state.apply("set up camp at C4")
    assert state.camp_of[sp("C4")] == 0 and state.ap == 5
    assert "bring explorer into play at C4 (1 AP)" in texts(state), "a camp is a new entry point"
    state.apply("set up camp at C5")
    assert state.camps_left[0] == 0 and state.current_player == 1
    state.apply(state.legal_actions()[0])                    # seat 1 places its hex
    # "Les explorateurs adverses peuvent traverser ou séjourner sur l'hexagone qui abrite votre Camp."
    assert "move explorer B4 -> C4 (1 AP)" in texts(state)


def test_decision_no_camp_on_the_base_camp():
    state = position(players=2, explorers={"A5": [1, 0]}, ap=10)
    assert "is camp" in refusal(state, "set up camp at A5")


def test_action_h_guardian_dominance_leader_three_and_the_others_leave():
    state = position(players=2, explorers={"A4": [2, 3]}, leaders={0: "A4"}, ap=10)
    # 2 explorers + the leader (3) = 5 against 3: dominant.
    assert state.strength_on(0, sp("A4")) == 5
    assert "place explorer as guardian on A4 (5 AP)" in texts(state)
    state.apply("place explorer as guardian on A4")
    assert state.guard[sp("A4")] == (0, "explorer") and state.expl[0][sp("A4")] == 0
    assert state.boxed[0] == 1 and state.leader_at[0] == tikal.state.BOXED, "the other pieces leave, the leader too"
    assert state.holder(sp("A4")) == 0, "the guardian holds the temple whatever the majority"
    assert state.ap == 5
    state.apply("end turn")
    state.apply(state.legal_actions()[0])              # seat 1 places its hex
    assert "guardian" in refusal(state, "uncover temple A4 to level 2")


def test_action_h_guardian_needs_a_strict_majority_and_at_most_two():
    state = position(players=2, explorers={"A4": [2, 2]}, ap=10)
    assert "dominant" in refusal(state, "place explorer as guardian on A4")
    full = position(players=2, tiles={"C4": (18, 0)}, guardians={"A4": (0, "explorer"), "B5": (0, "leader")},
                    explorers={"C4": [1, 0]}, ap=10)
    assert "two guardians" in refusal(full, "place explorer as guardian on C4")


def test_action_h_leader_as_guardian():
    state = position(players=2, explorers={"B5": [1, 0]}, leaders={0: "B5"}, ap=5)
    state.apply("place leader as guardian on B5")
    assert state.leader_at[0] == tikal.state.GUARD and state.boxed[0] == 1
    assert state.current_player == 1


def test_decision_the_turn_ends_by_itself_at_zero_ap_and_end_turn_loses_the_rest():
    state = position(players=2, explorers={"A5": [1, 0]}, ap=2)
    state.apply("move explorer A5 -> A4 (2 AP)")
    assert state.current_player == 1 and state.phase == "place"
    other = position(players=2, ap=7)
    other.apply("end turn")
    assert other.current_player == 1 and other.events[-2][:3] == ("end", 0, 7)


# -- Gagner des points de prestige ------------------------------------------------------------------------

def test_treasure_points_one_three_six():
    assert [tikal.treasure_points(n) for n in range(4)] == [0, 1, 3, 6]
    assert scoring.treasure_score([3, 2, 1, 0, 0, 0, 0, 0]) == 10
    with pytest.raises(ValueError):
        tikal.treasure_points(4)


def test_decision_a_temple_majority_is_strict():
    assert scoring.temple_holder([2, 2, 1]) is None
    assert scoring.temple_holder([0, 0]) is None
    assert scoring.temple_holder([1, 0, 0]) == 0


def test_decision_the_leader_counts_three_in_scoring_majorities():
    state = position(players=2, explorers={"A4": [0, 3]}, leaders={0: "A4"}, ap=10)
    assert state.holder(sp("A4")) is None, "3 against 3: a tie, nobody holds it"
    state = position(players=2, explorers={"A4": [1, 3]}, leaders={0: "A4"}, ap=10)
    assert state.holder(sp("A4")) == 0 and state.score_breakdown(0)["temples"] == {"A4": 1}


def test_volcano_scoring_round_from_the_drawer_then_the_drawer_places_it():
    state = position(players=3, explorers={"A4": [1, 0, 0], "B5": [0, 1, 0]}, treasures=[["vase"], [], []],
                     current=0, ap=1)
    put_on_top(state, 7)
    state.apply("end turn")
    assert state.volcano_by == 1 and state.in_hand == 7 and state.turn_kind == "scoring"
    assert state.current_player == 1 and state.ap == 10 and state.queue == [2, 0]
    state.apply("end turn")                                   # seat 1 scores B5 (1 point)
    assert state.points == [0, 1, 0]
    state.apply("end turn")                                   # seat 2 scores nothing
    state.apply("end turn")                                   # seat 0: temple A4 (1) + a vase (1)
    assert state.points == [2, 1, 0]
    assert state.phase == "place" and state.current_player == 1 and state.turn_kind == "normal"
    assert all(r == 0 for _, r in state.placements(7))
    state.apply(state.legal_actions()[0])
    assert state.phase == "actions" and state.current_player == 1 and state.ap == 10


def test_final_round_from_the_left_of_the_last_player_then_the_end():
    state = GAME.new_state(players=3, seed=2)
    rng = random.Random(2)
    while state.stack or state.phase == "place":
        state.apply(rng.choice(state.legal_actions()))
    last = state.current_player                               # the player of the last hex
    while state.turn_kind != "final":
        state.apply("end turn")
    assert state.current_player == (last + 1) % 3
    assert state.events[[e[0] for e in state.events].index("final")][1] == ((last + 1) % 3, (last + 2) % 3, last)
    for _ in range(3):
        state.apply("end turn")
    assert state.is_terminal and state.legal_actions() == []


def test_tie_breakers_guardian_of_the_highest_temple_then_treasures():
    state = position(players=3, tiles={"C4": (18, 0)}, guardians={"C4": (1, "explorer"), "A4": (2, "explorer")},
                     treasures=[["vase", "mirror", "bowl"], [], []], points=[10, 10, 10], ap=10)
    assert state.winners() == [1], "seat 1 guards temple 5, seat 2 temple 1"
    state = position(players=3, treasures=[["vase", "mirror"], ["bowl"], []], points=[10, 10, 9], ap=10)
    assert state.winners() == [0]
    state = position(players=2, treasures=[["vase"], ["bowl"]], points=[4, 4], ap=10)
    assert state.winners() == [0, 1], "still tied: several winners"


# -- Règles avancées ------------------------------------------------------------------------------------------------

def test_advanced_set_up_20_points_amulets_and_one_hex_per_player():
    state = GAME.new_state(players=4, seed=3, variant="advanced")
    assert state.points == [20] * 4 and state.amulet == [False] * 4
    assert len(state.offer) == 4 and state.phase == "bid" and state.current_player == 0
    assert texts(state)[:3] == ["pass", "bid 1", "bid 2"] and texts(state)[-1] == "bid 20"


def test_advanced_auction_rule_book_example():
    guillaume, rod, igor, seb = range(4)
    state = GAME.new_state(players=4, seed=3, variant="advanced")
    for text in ("bid 1", "bid 2", "pass", "bid 3", "bid 4", "bid 5", "pass", "pass"):
        state.apply(text)
    assert state.phase == "choose" and state.current_player == rod and state.points[rod] == 15
    assert state.points == [20, 15, 20, 20], "only the winner pays"
    state.apply(state.legal_actions()[0])                                # choose a hex ...
    if state.phase == "place":
        state.apply(state.legal_actions()[0])                            # ... place it
    while state.current_player == rod and state.phase == "actions":
        state.apply("end turn")
    assert state.amulet[rod] and state.phase == "bid" and state.current_player == igor
    for text in ("bid 1", "bid 3", "bid 4", "pass", "pass"):
        state.apply(text)
    assert state.current_player == guillaume and state.points[guillaume] == 16
    for _ in range(3):
        if state.phase != "actions":
            state.apply(state.legal_actions()[0])
    state.apply("end turn")
    assert state.phase == "bid" and state.current_player == igor, "the first unplayed seat left of Guillaume"
    state.apply("pass")
    state.apply("pass")
    assert state.phase == "choose" and state.current_player == igor and state.points[igor] == 20
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    state.apply("end turn")
    assert state.phase == "choose" and state.current_player == seb and len(state.offer) == 1
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    state.apply("end turn")
    assert state.phase == "bid" and state.current_player == guillaume, "next round: left of Seb"
    assert len(state.offer) == 4 and state.amulet == [False] * 4


def test_advanced_a_bid_is_higher_and_within_your_points():
    state = GAME.new_state(players=2, seed=3, variant="advanced")
    state.apply("bid 5")
    assert "higher than the last one (5)" in refusal(state, "bid 5")
    assert "you have 20 prestige points" in refusal(state, "bid 21")
    assert "no auction" in refusal(GAME.new_state(players=2, seed=3), "bid 1")


def test_decision_a_lone_player_may_still_bid_when_the_others_passed():
    state = GAME.new_state(players=3, seed=3, variant="advanced")
    state.apply("pass")
    state.apply("pass")
    assert state.current_player == 2 and "bid 1" in texts(state)
    state.apply("pass")
    assert state.phase == "choose" and state.current_player == 0, "nobody bid: the first to pass plays free"


def test_advanced_volcano_chosen_starts_a_scoring_round_and_amulets_stay():
    state = GAME.new_state(players=2, seed=3, variant="advanced")
    swapped = state.offer[1]                 # swap a revealed A hex for the B volcano (7)
    state.stack.remove(7)
    state.stack.append(swapped)
    state.offer[1] = 7
    state.changed()
    assert state.check() == []
    state.apply("bid 1")
    state.apply("pass")
    state.apply("choose tile 7")
    assert state.turn_kind == "scoring" and state.current_player == 0 and state.queue == [1]
    state.apply("end turn")
    state.apply("end turn")
    assert state.phase == "place" and state.current_player == 0 and state.in_hand == 7
    assert state.amulet == [False, False], "amulets are not turned by a scoring round"
    state.apply(state.legal_actions()[0])
    state.apply("end turn")
    assert state.amulet == [True, False] and state.phase == "choose" and state.current_player == 1


def test_advanced_final_round_in_increasing_order_of_score():
    state = GAME.new_state(players=3, seed=4, variant="advanced")
    rng = random.Random(4)
    while not (state.phase == "actions" and state.turn_kind == "normal" and not state.stack and not state.offer):
        state.apply(rng.choice(state.legal_actions()))
    last = state.current_player                               # the player of the last hex
    state.points = [7, 3, 7]
    state.apply("end turn")
    assert state.turn_kind == "final"
    order = list(next(e for e in reversed(state.events) if e[0] == "final")[1])
    # Fewest points first; a tie goes first to the seat nearest the left of the last player.
    tied = sorted([0, 2], key=lambda s: (s - last - 1) % 3)
    assert order == [1] + tied and state.current_player == 1


# -- Saves, observation, determinize -------------------------------------------------------------------------

def test_corrupt_saves_name_the_field():
    state = position(players=2, explorers={"A4": [1, 0]}, ap=10)
    data = json.loads(state.to_json())
    data["state"]["explorers"][0] = [["A4", -1]]
    with pytest.raises(al.CorruptSave, match=r"explorers\[0\]"):
        GAME.state_from_json(json.dumps(data))
    data = json.loads(state.to_json())
    data["state"]["reserve"][0] = 5
    with pytest.raises(al.CorruptSave, match="18 explorers"):
        GAME.state_from_json(json.dumps(data))
    data = json.loads(state.to_json())
    data["state"]["tokens"] = [["Z9", ["vase"]]]
    with pytest.raises(al.CorruptSave, match="tokens"):
        GAME.state_from_json(json.dumps(data))
    data = json.loads(state.to_json())
    data["state"]["board"].append(["A5", 3, 0, 0])
    with pytest.raises(al.CorruptSave, match=r"board\[4\]"):
        GAME.state_from_json(json.dumps(data))


def test_saves_and_texts_with_the_old_name_mask_load_as_mirror():
    """The treasure kind "mask" became "mirror" (it clashed with the masks printed on ruins): a save and an action
    text written before still load, as the same position and the same action."""
    state = position(players=2, tiles={"C4": (24, 0)}, ruins={"C4": ["vase", "mirror"]}, explorers={"C4": [2, 0]},
                     treasures=[["mirror"], ["bowl"]], ap=10)
    state.apply("dig treasure at C4")
    new = state.to_json()
    old = new.replace('"mirror"', '"mask"')
    assert old != new and '"mask"' in old
    assert GAME.state_from_json(old).to_json() == new
    assert GAME.parse_action("exchange mask for seat 1's bowl") is GAME.parse_action("exchange Mirror for seat 1's bowl")
    assert "mask" not in components.TREASURE_KINDS and sorted(components.TREASURE_KINDS).index("mirror") == \
        sorted(k if k != "mirror" else "mask" for k in components.TREASURE_KINDS).index("mask")


def test_observation_hides_the_stack_order_and_the_face_down_treasures():
    state = position(players=2, tiles={"C4": (2, 0)}, ap=10)
    obs = state.observation(1)
    text = json.dumps(obs)
    assert "stack" not in obs and "supply" in obs and isinstance(obs["supply"], int)
    assert obs["stack_letters"]["A"] == len([t for t in state.stack if components.TILE_BY_ID[t].letter == "A"])
    assert obs["tokens_on"] == {"C4": 4}
    world = state.determinize(1, 7)
    assert world.observation(1) == obs and world.check() == []
    assert json.dumps(world.observation(1)) == text


# -- Path costs with networkx ----------------------------------------------------------------------------------

def _random_position(seed: int, steps: int, variant: str = "standard"):
    state = GAME.new_state(players=3, seed=seed, variant=variant)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("seed", range(6))
def test_board_graph_and_cheapest_costs_agree_with_the_rules(seed):
    state = _random_position(seed, 120)
    g = tikal.board_graph(state)
    for i in range(SPACES):
        if state.kind[i] in (None, "volcano"):
            assert LABELS[i] not in g
            continue
        for d, j in enumerate(NEIGHBOURS[i]):
            if j < 0 or state.kind[j] in (None, "volcano"):
                continue
            cost = state.stones[i][d] + state.stones[j][OPPOSITE[d]]
            assert g.has_edge(LABELS[i], LABELS[j]) == (cost > 0)
            if cost:
                assert g[LABELS[i]][LABELS[j]]["cost"] == cost
    # Dijkstra against a hand-written Bellman-Ford over the rules' own move costs.
    seat = state.current_player if state.current_player is not None else 0
    costs = tikal.cheapest_costs(state, "A5", seat=seat)
    best = {sp("A5"): 0}
    for _ in range(SPACES):
        for i, c in list(best.items()):
            for j in range(SPACES):
                step = state.move_cost(seat, i, j)
                if step is not None and c + step < best.get(j, 10 ** 9):
                    best[j] = c + step
    assert costs == {LABELS[j]: c for j, c in sorted(best.items(), key=lambda kv: (kv[1], LABELS[kv[0]]))}
    # Every cost is a real path: its edges add up.
    for target, cost in costs.items():
        c, path = tikal.cheapest_path(state, "A5", target, seat=seat)
        assert c == cost and path[0] == "A5" and path[-1] == target


def test_cheapest_costs_own_camps_linked_at_one_and_volcanoes_left_out():
    state = position(players=2, tiles={"C4": (14, 0), "C5": (7, 0), "D4": (18, 1)}, camps={"C4": 1}, ap=10)
    assert "C5" not in tikal.board_graph(state)
    assert tikal.cheapest_costs(state, "A5", seat=0)["C4"] == 2
    assert tikal.cheapest_costs(state, "A5", seat=1)["C4"] == 1
    with pytest.raises(nx.NodeNotFound):
        tikal.cheapest_costs(state, "C5")


def test_draw_path_costs_answers_where_can_i_go_with_ten_ap():
    import matplotlib
    matplotlib.use("Agg")
    state = _random_position(3, 80)
    ax = tikal.draw_path_costs(state, "A5", seat=0)
    assert "within 10 AP" in ax.get_title()
    labels = [t.get_text() for t in ax.texts]
    costs = tikal.cheapest_costs(state, "A5", seat=0)
    assert all(f"{c} AP" in labels for c in costs.values())
    ax = tikal.draw_path_costs(state, seat=1)
    assert "a new explorer" in ax.get_title()


# -- Exhaustive move generation (python-chess style): a slow reference from first principles ------------------

def reference_legal(state) -> set[str]:
    """The legal actions' texts, recomputed from the rule book without any of the engine's caches."""
    if state.is_terminal:
        return set()
    p, phase = state.current_player, state.phase
    out = set()
    if phase == "bid":
        out.add("pass")
        out |= {f"bid {a}" for a in range(state.high_bid + 1, state.points[p] + 1)}
        return out
    if phase == "choose":
        return {str(tikal.ChooseTile(t)) for t in state.offer}
    if phase == "place":
        t = components.TILE_BY_ID[state.in_hand]
        rots = distinct_rotations(t.stones)
        near, linked = [], []
        for i in range(SPACES):
            if state.kind[i] is not None:
                continue
            nbs = [(d, j) for d, j in enumerate(NEIGHBOURS[i]) if j >= 0 and state.kind[j] is not None]
            if not nbs:
                continue
            for r in rots:
                near.append((i, r))
                st = rotated(t.stones, r)
                if t.kind == "volcano":
                    if r == 0:
                        linked.append((i, r))
                elif any(state.kind[j] != "volcano" and st[d] + state.stones[j][OPPOSITE[d]] > 0 for d, j in nbs):
                    linked.append((i, r))
        chosen = linked or near
        return {str(tikal.PlaceTile(t.id, LABELS[i], r)) for i, r in chosen}
    ap = state.ap
    out.add("end turn")
    nodes = [sp("A5")] + [i for i in range(SPACES) if state.camp_of[i] == p]
    if ap >= 1:
        for i in nodes:
            if state.reserve[p]:
                out.add(f"bring explorer into play at {LABELS[i]} (1 AP)")
            if state.leader_at[p] == -1:
                out.add(f"bring leader into play at {LABELS[i]} (1 AP)")
    pieces = [("explorer", i) for i in range(SPACES) if state.expl[p][i]]
    if state.leader_at[p] >= 0:
        pieces.append(("leader", state.leader_at[p]))
    for piece, i in pieces:
        for j in range(SPACES):
            if j == i or state.kind[j] in (None, "volcano"):
                continue
            costs = []
            if j in NEIGHBOURS[i]:
                d = NEIGHBOURS[i].index(j)
                c = state.stones[i][d] + state.stones[j][OPPOSITE[d]]
                if c:
                    costs.append(c)
            if i in nodes and j in nodes:
                costs.append(1)
            if costs and min(costs) <= ap:
                out.add(f"move {piece} {LABELS[i]} -> {LABELS[j]} ({min(costs)} AP)")
    for i in range(SPACES):
        here = state.expl[p][i] + (state.leader_at[p] == i)
        if not here:
            continue
        k = state.kind[i]
        if k == "temple" and state.guard[i] is None:
            v = state.value[i] + 1
            done = state.levels_turn.get(i, 0)
            if ap >= 2 and v <= 10 and state.levels[v] > 0 and done < 2 and here > done:
                out.add(f"uncover temple {LABELS[i]} to level {v} (2 AP)")
            mine = state.expl[p][i] + 3 * (state.leader_at[p] == i)
            rivals = [state.expl[s][i] + 3 * (state.leader_at[s] == i) for s in state.seats if s != p]
            if ap >= 5 and state.guardians[p] < 2 and mine > max(rivals):
                if state.expl[p][i]:
                    out.add(f"place explorer as guardian on {LABELS[i]} (5 AP)")
                if state.leader_at[p] == i:
                    out.add(f"place leader as guardian on {LABELS[i]} (5 AP)")
        if i in state.tokens and ap >= 3:
            done = state.digs_turn.get(i, 0)
            if done < 2 and here > done:
                out.add(f"dig treasure at {LABELS[i]} (3 AP)")
        if k == "clearing" and state.camp_of[i] is None and state.camps_left[p] and ap >= 5:
            out.add(f"set up camp at {LABELS[i]} (5 AP)")
    if ap >= 3:
        kinds = components.TREASURE_KINDS
        for g in range(8):
            for s in state.seats:
                for t in range(8):
                    if s != p and g != t and state.treasures[p][g] == 1 and state.treasures[s][t] == 1:
                        out.add(f"exchange {kinds[g]} for seat {s}'s {kinds[t]} (3 AP)")
    return out


@pytest.mark.parametrize("variant", ["standard", "advanced"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_legal_actions_equal_a_slow_reference(variant, players):
    checked = 0
    for seed in range(4):
        state = GAME.new_state(players=players, seed=seed, variant=variant)
        rng = random.Random(seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            if rng.random() < 0.2:
                assert set(map(str, legal)) == reference_legal(state), f"seed {seed}: {state.phase}"
                checked += 1
            state.apply(rng.choice(legal))
    assert checked > 150


def test_a_turn_always_ends():
    """Every action of the AP phase costs at least 1 AP: a turn has at most 10 of them."""
    for seed in range(10):
        state = GAME.new_state(players=2, seed=seed)
        rng = random.Random(seed)
        run = 0
        while not state.is_terminal:
            action = rng.choice(state.legal_actions())
            before = (state.current_player, state.turn_kind)
            state.apply(action)
            run = run + 1 if (state.current_player, state.turn_kind) == before and state.phase == "actions" else 0
            assert run <= 11
