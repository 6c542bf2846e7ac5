"""Quetzal: one test per rule, named after the rule book's section (shared/rules/quetzal.fr.txt),
and one per decision where the rules are silent (archeo_lab/games/quetzal/state.py docstring).

Seats in the rule book's examples: Lucie 0, Jean 1, Marie 2.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

import archeo_lab as al
from archeo_lab.engine import Rng
from archeo_lab.games import quetzal
from archeo_lab.games.quetzal import components, scoring, toss
from archeo_lab.games.quetzal.positions import position
from archeo_lab.games.quetzal.state import DUMMY, LOC

GAME = quetzal.GAME
LUCIE, JEAN, MARIE = range(3)
TEMPLE8 = ["VA-01", "VA-02", "ST-01", "ST-02", "WE-01", "TA-01", "MU-01", "VA-20"]


def play_until(state, done, rng=None, limit=5000):
    """Random legal moves until ``done(state)``."""
    rng = rng or random.Random(0)
    for _ in range(limit):
        if done(state):
            return state
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("condition never reached")


def refused(state, action, *words):
    before = state.to_json()
    with pytest.raises(al.IllegalAction) as exc:
        state.apply(action)
    assert state.to_json() == before, "a refused move must change nothing"
    for w in words:
        assert w in str(exc.value), f"{w!r} not in {exc.value}"
    return str(exc.value)


# -- Mise en place ---------------------------------------------------------------------------------

def test_setup_starting_gold_by_seat_4_5_5_6_6():
    assert [quetzal.starting_gold(s) for s in range(5)] == [4, 5, 5, 6, 6]
    for n in (2, 3, 4, 5):
        state = GAME.new_state(players=n, seed=1)
        standing = [t[:].count("standing") for t in state.tossed]
        assert [g - s for g, s in zip(state.gold, standing)] == [4, 5, 5, 6, 6][:n]
    with pytest.raises(ValueError, match="seat"):
        quetzal.starting_gold(5)


@pytest.mark.parametrize("players,team", [(2, 6), (3, 6), (4, 5), (5, 4)])
def test_setup_team_meeples_by_player_count_plus_the_character(players, team):
    state = GAME.new_state(players=players, seed=2)
    assert quetzal.team_meeples(players) == team
    for p in range(players):
        assert sum(state.reserve[p][:3]) == team and state.reserve[p][3] == 1
        assert len(state.tossed[p]) == team + 1


def test_setup_displays_tracks_and_first_player():
    state = GAME.new_state(players=4, seed=3)
    assert len(state.temple) == 8 and [len(a) for a in state.annexes] == [2, 2, 2]
    assert len(state.village) == 3 and len(state.stack) == 21 and len(state.deck) == 75 - 14
    assert state.vp == [0] * 4 and state.discovery == [0] * 4 and state.round == 1
    assert state.first == 0 and state.current_player == 0 and state.phase == "place"


def test_components_are_consistent_and_labelled():
    components.check_components()
    assert sum(components.TOSS_ODDS.values()) == 1
    assert {status for status, _ in components.STATUS.values()} <= {"published", "derived", "reconstruction"}
    assert components.STATUS["TOSS_ODDS"][0] == "reconstruction"
    assert len(components.OBJECT_CARDS) == 75 and len(components.UPGRADE_TILES) == 24


# -- Le lancer (tossing the meeples) ------------------------------------------------------------------

def test_toss_faces_go_to_the_reserve_and_standing_meeples_pay_one_gold_at_once():
    for seed in range(40):
        state = GAME.new_state(players=3, seed=seed)
        for p in range(3):
            team = state.tossed[p][:-1]
            black, white = team.count("black"), team.count("white")
            either = team.count("side") + team.count("standing")
            assert state.reserve[p] == [black, white, either, 1], "the character always counts as either"
            standing = state.tossed[p].count("standing")          # the character may stand too
            assert state.gold[p] == quetzal.starting_gold(p) + standing


def test_toss_odds_are_data_and_the_sampler_follows_them():
    outcomes = dict(toss.chance_outcomes())
    assert outcomes == components.TOSS_ODDS
    assert toss.face_probability(toss.ADVENTURER_FACES) == Fraction(3, 5)
    assert sum(toss.count_distribution(6, ("black",))) == 1
    assert toss.exactly(0, 3, ("standing",)) == Fraction(19, 20) ** 3
    rng, n = Rng(11), 40_000
    faces = toss.SAMPLER.toss_many(rng, n)
    for face, p in components.TOSS_ODDS.items():
        assert abs(faces.count(face) / n - float(p)) < 0.01, face


def test_toss_odds_can_be_changed_by_a_teacher():
    odds = {"black": Fraction(1, 4), "white": Fraction(1, 4), "side": Fraction(1, 4), "standing": Fraction(1, 4)}
    assert toss.face_probability(("standing",), odds) == Fraction(1, 4)
    sampler = toss.Sampler(odds)
    assert sampler.denominator == 4
    with pytest.raises(ValueError, match="adding up to 1"):
        toss.Sampler({"black": Fraction(1, 2), "white": Fraction(1, 2), "side": 0, "standing": Fraction(1, 2)})


def test_reroll_upgrades_act_after_the_toss_seat_by_seat_from_the_first_player():
    state = position(players=3, reserves=[[2, 2, 0, 1], [2, 2, 0, 1], [2, 2, 0, 1]], upgrades=[[], ["U01"], ["U05"]])
    state._end_round()          # round 1 is over: the next toss, then the upgrades' rerolls
    state._advance()
    assert state.round == 2 and state.phase == "reroll"
    assert [t[:3] for t in state.pending] == [["reroll", 1, 1], ["reroll", 2, 2]]
    assert state.current_player == 1
    assert str(state.legal_actions()[-1]) == "keep the toss"
    gold = state.gold[1]
    face = state.legal_actions()[0]
    state.apply(face)
    event = state.events[-1]
    assert event[0] == "reroll" and event[1] == 1 and event[5] == "upgrade"
    assert state.gold[1] == gold + (1 if event[3] == "standing" else 0)
    assert state.current_player == 2, "a single reroll is used up: the next seat's turn"


# -- Placement --------------------------------------------------------------------------------------

def test_placement_from_the_first_player_clockwise_one_group_per_turn():
    state = GAME.new_state(players=4, seed=5)
    movers = []
    while state.phase == "place" and len(movers) < 4:
        movers.append(state.current_player)
        camp = [a for a in state.legal_actions() if a.location == "camp" and a.count == 1][0]
        state.apply(camp)
        while state.phase == "reroll":
            state.apply("keep the toss")
    assert movers == [0, 1, 2, 3]


def test_placement_skips_empty_reserves_and_ends_when_every_meeple_is_placed():
    state = position(players=3, reserves=[[1, 0, 0, 0], [0, 0, 0, 0], [0, 1, 0, 0]], to_move=0)
    state.apply("place 1 meeple on camp (1 black)")
    state.apply("keep the toss") if state.phase == "reroll" else None
    assert state.current_player == 2, "seat 1 has no meeple left"
    state.apply("place 1 archaeologist on temple-5 (1 white)")
    assert state.stage == "activate"


# -- Les emplacements uniques ---------------------------------------------------------------------------

def test_unique_location_rule_book_example_lucie_pays_4_for_temple_2():
    """'Lucie veut se placer sur la deuxième case du Temple, elle doit donc payer 4 Pièces d'or'."""
    state = position(players=3, reserves=[[1, 2, 0, 1], [1, 2, 0, 1], [1, 2, 0, 1]], gold=[6, 5, 5], to_move=LUCIE)
    state.apply("place 1 archaeologist on temple-2 (1 white)")
    assert state.gold[LUCIE] == 2
    refused(state, "place 1 archaeologist on temple-2 (1 white)", "already taken", "emplacement unique")


def test_unique_location_takes_one_meeple_of_its_colour_and_needs_the_gold():
    state = position(players=3, reserves=[[2, 2, 1, 1], [1, 1, 0, 0], [1, 1, 0, 0]], gold=[3, 5, 5], to_move=0)
    refused(state, "place 2 archaeologists on temple-5 (2 white)", "exactly one meeple")
    refused(state, "place 1 adventurer on temple-5 (1 black)", "takes an archaeologist", "Archéologue")
    refused(state, "place 1 archaeologist on temple-1 (1 white)", "costs 5 gold and you have 3")
    state.apply("place 1 archaeologist on temple-4 (character)")   # the character counts as an archaeologist
    assert state.gold[0] == 1 and state.reserve[0][3] == 0


def test_stele_is_forbidden_to_the_first_player_token_holder_and_gives_it_with_a_discovery():
    state = position(players=3, reserves=[[1, 1, 0, 0], [0, 1, 0, 0], [0, 0, 0, 0]], first=0, to_move=0)
    refused(state, "place 1 archaeologist on stele (1 white)", "first-player token", "Stèle du savoir")
    state.apply("place 1 meeple on camp (1 white)")
    if state.phase == "reroll":
        state.apply("keep the toss")
    state.apply("place 1 archaeologist on stele (1 white)")      # seat 1
    state.apply("place 1 meeple on camp (1 black)")              # seat 0's last meeple; placement ends
    play_until(state, lambda s: s.stage != "activate" or s.round == 2)
    assert ("stele", 1) in state.events and state.first == 1 and state.discovery[1] == 1
    assert state.round == 2 and state.turn == 1, "the new first player starts round 2"


# -- Les emplacements à enchère ---------------------------------------------------------------------------

def test_bidding_rule_book_example_jean_outbid_by_lucie_takes_his_adventurers_back():
    """'Jean a placé 2 Aventuriers dans la Carrière ... Lucie ... doit placer au moins 3 Aventuriers.'"""
    state = position(players=3, reserves=[[3, 1, 1, 1], [1, 1, 0, 1], [1, 1, 0, 1]],
                     groups={"quarry": [(JEAN, "adventurer", 2, 0, 0, False)]}, to_move=LUCIE)
    refused(state, "place 2 adventurers on quarry (2 black)", "at least 3", "emplacement à enchère")
    refused(state, "place 3 archaeologists on quarry (1 white, 1 either, character)", "outbid with adventurers")
    state.apply("place 3 adventurers on quarry (3 black)")
    assert state.spots[LOC["quarry"]] == [(LUCIE, "adventurer", 3, 0, 0, False)]
    assert state.reserve[JEAN] == [3, 1, 0, 1], "Jean takes back his 2 black meeples unflipped"
    assert ("outbid", JEAN, "quarry", 2) in state.events


def test_outbid_player_places_the_returned_meeples_later_in_the_round():
    state = position(players=3, reserves=[[3, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]],
                     groups={"ruins": [(JEAN, "adventurer", 1, 0, 0, False)]}, to_move=LUCIE)
    state.apply("place 2 adventurers on ruins (2 black)")
    assert state.current_player == JEAN and state.reserve[JEAN] == [1, 0, 0, 0], "Jean is back in the round"
    assert state.stage == "place"


def test_bidding_groups_never_mix_colours_and_you_cannot_outbid_yourself():
    state = position(players=3, reserves=[[2, 2, 1, 1], [1, 1, 1, 0], [1, 1, 1, 0]],
                     groups={"ruins": [(0, "archaeologist", 0, 1, 0, False)]}, to_move=0)
    refused(state, "place 2 adventurers on quarry (1 black, 1 white)", "cannot count as adventurers", "panacher")
    refused(state, "place 2 archaeologists on ruins (2 white)", "cannot outbid yourself")
    state.apply("place 2 adventurers on quarry (1 black, 1 either)")     # an 'either' meeple joins any colour


def test_black_market_takes_adventurers_only():
    state = position(players=3, reserves=[[1, 2, 1, 1], [1, 1, 1, 0], [1, 1, 1, 0]], to_move=0)
    refused(state, "place 1 archaeologist on black-market (1 white)", "adventurers only")
    state.apply("place 1 adventurer on black-market (1 either)")


def test_a_lone_character_lets_the_next_bidder_choose_the_colour():
    state = position(players=3, reserves=[[1, 1, 0, 1], [0, 2, 0, 0], [2, 0, 0, 0]], to_move=0)
    state.apply("place 1 meeple on small-temple (character)")
    assert state.spots[LOC["small-temple"]][0][1] == "any"
    refused(state, "place 1 archaeologist on small-temple (1 white)", "at least 2")
    state.apply("place 2 archaeologists on small-temple (2 white)")    # Jean chooses white
    assert state.reserve[0][3] == 1, "the character went back to seat 0"
    # the chosen colour now binds the next bidder (Marie has adventurers only)
    assert not any(a.location == "small-temple" for a in state.legal_actions())


def test_a_lone_character_only_takes_an_empty_bidding_location():
    state = position(players=3, reserves=[[0, 0, 0, 1], [1, 1, 1, 1], [1, 1, 1, 1]],
                     groups={"quarry": [(1, "adventurer", 1, 0, 0, False)]}, to_move=0)
    refused(state, "place 1 meeple on quarry (character)", "at least 2")
    assert "place 1 meeple on ruins (character)" in [str(a) for a in state.legal_actions()]


# -- Les emplacements libres ---------------------------------------------------------------------------------

def test_free_locations_take_several_visits_harbour_costs_2_gold_per_meeple():
    """'Marie place un second meeple sur la Capitainerie et paye 2 Pièces d'or.'"""
    state = position(players=3, reserves=[[0, 0, 0, 0], [0, 1, 0, 0], [2, 0, 0, 0]],
                     groups={"harbour": [(MARIE, "any", 0, 1, 0, False)]}, gold=[4, 5, 2], to_move=MARIE)
    state.apply("place 1 meeple on harbour (1 black)")
    assert state.gold[MARIE] == 0 and len(state.spots[LOC["harbour"]]) == 2
    state.apply("place 1 meeple on harbour (1 white)")              # Jean may go there too
    refused(state, "place 1 meeple on harbour (1 black)", "costs 2 gold per meeple", "you have 0")
    refused(state, "place 1 adventurer on camp (1 black)", "free location", "colours do not matter")


def test_camp_acts_at_once_one_gold_per_meeple_and_a_reroll_each():
    state = position(players=3, reserves=[[2, 1, 0, 1], [1, 0, 0, 0], [1, 0, 0, 0]], gold=[4, 5, 5], to_move=0)
    state.apply("place 2 meeples on camp (2 black)")
    assert state.gold[0] == 6 and state.phase == "reroll" and state.pending[0][:3] == ["reroll", 0, 2]
    assert [str(a) for a in state.legal_actions()] == ["reroll a white meeple", "reroll the character", "keep the toss"]
    state.apply("reroll the character")
    assert state.reserve[0][3] == 1, "a rerolled character is still the character"
    state.apply("keep the toss")
    assert state.phase == "place" and state.current_player == 1


def test_a_standing_reroll_pays_one_more_gold():
    for seed in range(200):
        state = position(players=3, seed=seed, reserves=[[1, 1, 0, 0], [1, 0, 0, 0], [1, 0, 0, 0]], to_move=0)
        gold = state.gold[0]
        state.apply("place 1 meeple on camp (1 black)")
        state.apply("reroll a white meeple")
        face = state.events[-1][3]
        assert state.gold[0] == gold + 1 + (face == "standing")
        if face == "standing":
            assert state.reserve[0][2] == 1
            return
    raise AssertionError("no standing reroll in 200 seeds")


# -- Activation ----------------------------------------------------------------------------------------------

def _activate(state):
    """Finish the placement with Camp placements so that the locations act."""
    while state.stage == "place":
        if state.phase == "reroll":
            state.apply("keep the toss")
            continue
        camp = [a for a in state.legal_actions() if a.location == "camp"][-1]
        state.apply(camp)
    return state


def test_temple_rule_book_example_lucie_2_jean_1_and_a_draw_marie_1():
    """'Lucie choisit 2 cartes parmi les 8 ... Jean choisit 1 carte parmi les 6 restantes et pioche
    la première carte de la pile. Enfin Marie choisit 1 carte parmi les 5 restantes.'"""
    state = position(players=3, reserves=[[0, 0, 0, 0], [0, 0, 0, 0], [0, 1, 0, 0]], temple=TEMPLE8,
                     groups={"temple-2": [(LUCIE, "archaeologist", 0, 1, 0, False)],
                             "temple-4": [(JEAN, "archaeologist", 0, 1, 0, False)]}, to_move=MARIE)
    state.apply("place 1 archaeologist on temple-5 (1 white)")
    assert state.phase == "pick" and state.current_player == LUCIE and len(state.legal_actions()) == 8
    state.apply("take VA-01")
    state.apply("take VA-02")
    assert state.current_player == JEAN and len(state.legal_actions()) == 6
    top = state.deck[-1]
    state.apply("take MU-01")
    assert state.hands[JEAN] == ["MU-01", top], "Jean chooses one, then draws the pile's first card"
    assert state.current_player == MARIE and len(state.legal_actions()) == 5
    state.apply("take TA-01")
    assert state.hands[LUCIE] == ["VA-01", "VA-02"] and state.hands[MARIE] == ["TA-01"]


def test_temple_slots_give_the_four_printed_rewards_and_slot_1_the_reconstructed_one():
    """The rule book prints 'choisir 2 cartes Objet', 'choisir 1 carte Objet ... puis piocher la première carte Objet
    de la pile' and 'choisir 1 carte Objet' twice; its example places slots 2, 4 and 5, so slot 3 is the second
    'choisir 1 carte Objet' (rules version 2).  Slot 1 (choose 2, draw 1) is a reconstruction."""
    rewards = {loc.key: (loc.picks, loc.draws) for loc in components.LOCATIONS if loc.area == "temple"}
    assert rewards == {"temple-1": (2, 1), "temple-2": (2, 0), "temple-3": (1, 0), "temple-4": (1, 1),
                       "temple-5": (1, 0)}
    assert sorted(rewards[f"temple-{slot}"] for slot in (2, 3, 4, 5)) == sorted([(2, 0), (1, 1), (1, 0), (1, 0)])
    state = position(players=3, reserves=[[0, 0, 0, 0], [0, 0, 0, 0], [0, 1, 0, 0]], temple=TEMPLE8,
                     groups={"temple-3": [(JEAN, "archaeologist", 0, 1, 0, False)]}, to_move=MARIE)
    state.apply("place 1 archaeologist on temple-5 (1 white)")
    pile = len(state.deck)
    assert state.current_player == JEAN and len(state.legal_actions()) == 8
    state.apply("take MU-01")
    assert state.hands[JEAN] == ["MU-01"] and len(state.deck) == pile, "slot 3 chooses one card and draws none"
    assert state.current_player == MARIE


def test_activation_follows_the_printed_order():
    state = position(players=3, reserves=[[0, 0, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0]], temple=TEMPLE8, first=0,
                     hands=[["VA-03"], ["VA-04"], []],
                     groups={"stele": [(1, "archaeologist", 0, 1, 0, False)],
                             "temple-5": [(0, "archaeologist", 0, 1, 0, False)],
                             "quarry": [(2, "adventurer", 1, 0, 0, False)],
                             "village-1": [(1, "archaeologist", 0, 1, 0, False)],
                             "harbour": [(0, "any", 1, 0, 0, False)]}, to_move=2)
    state.apply("place 1 adventurer on black-market (1 black)")
    kinds = []
    state = play_until(state, lambda s: s.round == 2, random.Random(3))
    for e in state.events:
        if e[0] in ("stele", "take", "annex", "sell", "upgrade", "deliver") and e[0] not in kinds:
            kinds.append(e[0])
        if e[0] == "pass" and "objects" in e[2] and "sell" not in kinds:
            kinds.append("sell")
        if e[0] == "pass" and "delivery" in e[2] and "deliver" not in kinds:
            kinds.append("deliver")
    assert kinds == ["stele", "take", "annex", "sell", "upgrade", "deliver"]


def test_annexes_give_their_two_cards_and_their_bonus():
    state = position(players=3, reserves=[[0, 0, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0]],
                     groups={"quarry": [(0, "adventurer", 1, 0, 0, False)],
                             "small-temple": [(1, "adventurer", 1, 0, 0, False)]}, to_move=2)
    cards = [list(a) for a in state.annexes]
    vp, disc, gold = state.vp[0], state.discovery[1], state.gold[2]
    state.apply("place 1 adventurer on ruins (1 black)")
    assert state.hands[0] == cards[0] and state.hands[1] == cards[1] and state.hands[2] == cards[2]
    assert (state.vp[0], state.discovery[1], state.gold[2]) == (vp + 1, disc + 1, gold + 1)


def test_black_market_discards_an_object_for_7_gold_without_its_vp_or_bonus():
    state = position(players=3, reserves=[[0, 0, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0]],
                     hands=[[], [], ["VA-01", "MU-05"]], to_move=2)
    state.apply("place 1 adventurer on black-market (1 black)")
    assert state.phase == "sell" and [str(a) for a in state.legal_actions()] == [
        "sell MU-05 (mummy) for 7 gold", "sell VA-01 (vase, +1 gold) for 7 gold", "keep your objects"]
    gold, vp = state.gold[2], state.vp[2]
    state.apply("sell VA-01")
    assert state.gold[2] == gold + 7 and state.vp[2] == vp and "VA-01" in state.discard


def test_village_top_to_bottom_one_upgrade_each_one_shot_gold_pays_five():
    state = position(players=3, reserves=[[0, 0, 0, 0], [0, 0, 0, 0], [0, 1, 0, 0]],
                     groups={"village-1": [(0, "archaeologist", 0, 1, 0, False)]}, to_move=2,
                     village=["U13", "U17", "U01"])          # gold, temple-discount, reroll
    state.apply("place 1 archaeologist on village-2 (1 white)")
    assert state.current_player == 0 and [a.upgrade for a in state.legal_actions()] == ["reroll", "gold", "temple-discount"]
    gold = state.gold[0]
    state.apply("take upgrade gold")
    assert state.gold[0] == gold + 5 and "U13" in state.upgrades[0]
    assert state.current_player == 2
    state.apply("take upgrade temple-discount")
    assert state._temple_discount(2) == 1


def test_temple_discount_makes_the_temple_one_gold_cheaper():
    state = position(players=3, reserves=[[0, 2, 0, 0], [1, 0, 0, 0], [1, 0, 0, 0]], gold=[4, 5, 5],
                     upgrades=[["U17"], [], []], to_move=0)
    assert "place 1 archaeologist on temple-1 (1 white)" in [str(a) for a in state.legal_actions()]
    state.apply("place 1 archaeologist on temple-1 (1 white)")
    assert state.gold[0] == 0


# -- Livrer les Objets (deliveries; a reconstruction) ---------------------------------------------------------

def test_harbour_delivery_scores_the_set_then_each_cards_bonus():
    state = position(players=3, reserves=[[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], gold=[2, 5, 5],
                     hands=[["VA-01", "VA-04", "VA-10", "MU-01"], [], []], to_move=0)
    assert [components.CARD_BY_ID[c].bonus for c in ("VA-01", "VA-04", "VA-10")] == ["gold", "vp", ""]
    state.apply("place 1 meeple on harbour (1 black)")
    assert state.phase == "deliver"
    texts = [str(a) for a in state.legal_actions()]
    assert "deliver 3 vases (bonus: 1 gold, 1 vp)" in texts and "no delivery" in texts
    state.apply("deliver 3 vases (bonus: 1 gold, 1 vp)")
    assert state.vp[0] == 6 + 1 and state.gold[0] == 0 + 1
    assert state.hands[0] == ["MU-01"] and {"VA-01", "VA-04", "VA-10"} <= set(state.discard)


def test_a_delivery_is_one_to_three_objects_of_one_type():
    assert [scoring.delivery_points("vase", n) for n in (1, 2, 3)] == [1, 3, 6]
    with pytest.raises(ValueError, match="1 to 3"):
        scoring.delivery_points("vase", 4)
    state = position(players=3, reserves=[[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], gold=[2, 5, 5],
                     hands=[["VA-10", "VA-11", "MU-05"], [], []], to_move=0)
    state.apply("place 1 meeple on harbour (1 black)")
    refused(state, "deliver 3 vases", "you hold 2 vases")
    refused(state, "deliver 4 vases", "1 to 3 objects")


def test_ships_deliver_with_their_vp_bonus():
    state = position(players=3, reserves=[[0, 0, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0]],
                     hands=[[], [], ["MU-05", "MU-06"]], to_move=2)
    state.apply("place 1 adventurer on ship-a (1 black)")
    state.apply("deliver 2 mummies")
    assert state.vp[2] == 8 + 2


def test_vase_trade_upgrade_pays_gold_for_three_vases():
    state = position(players=3, reserves=[[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], gold=[2, 5, 5],
                     upgrades=[["U09"], [], []], hands=[["VA-10", "VA-11", "VA-12"], [], []], to_move=0)
    state.apply("place 1 meeple on harbour (1 black)")
    state.apply("deliver 3 vases")
    assert state.gold[0] == 0 + 4 and state.vp[0] == 6


# -- The discovery track (a reconstruction) --------------------------------------------------------------

def test_discovery_track_bonuses_at_3_6_and_10_and_its_end():
    state = position(players=3, reserves=[[0, 0, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0]], discovery=[2, 0, 0],
                     to_move=1)
    gold = state.gold[0]
    state._gain_discovery(0, 1)
    assert state.gold[0] == gold + 2
    state._gain_discovery(0, 3)
    assert state.discovery[0] == 6 and state.pending[0] == ["upgrade", 0, "discovery"]
    state.pending.clear()
    vp = state.vp[0]
    state._gain_discovery(0, 10)
    assert state.discovery[0] == 10 and state.vp[0] == vp + 6


# -- Fin de partie ---------------------------------------------------------------------------------------------

def test_end_of_game_rule_book_example_jean_scores_43():
    """'Jean finit la partie avec 34 points, 8 Pièces d'or, le jeton Premier Joueur et 5 points
    d'Améliorations. Il marque 34 + 2 + 2 + 5 = 43.'"""
    row = scoring.final_breakdown([34], [8], [["U01", "U02", "U05"]], first=0)[0]
    assert row == {"track": 34, "token": 2, "gold": 2, "upgrades": 5, "total": 43}
    assert [scoring.gold_points(g) for g in (0, 2, 3, 8, 9)] == [0, 0, 1, 2, 3]


def test_the_game_ends_after_round_five_with_the_final_count():
    state = play_until(GAME.new_state(players=3, seed=8), lambda s: s.is_terminal, random.Random(8))
    assert state.round == 5 and state.events[-1][0] == "end"
    rows = state.score_breakdown()
    assert [r["total"] for r in rows] == state.scores()
    for p, r in enumerate(rows):
        assert r["gold"] == state.gold[p] // 3 and r["token"] == (2 if p == state.first else 0)


def test_ties_go_to_the_discovery_track_then_are_shared():
    state = position(players=3, reserves=[[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], vp=[10, 10, 3],
                     gold=[0, 0, 0], discovery=[4, 2, 0], first=2)
    state.upgrades = [[], [], []]
    assert state.scores()[:2] == [10, 10] and state.winners() == [0]
    state.discovery = [3, 3, 0]
    assert state.winners() == [0, 1]


# -- Two players: the neutral expedition (a reconstruction) ----------------------------------------------------

def test_two_players_cover_village_3_and_ship_b():
    state = GAME.new_state(players=2, seed=4)
    locations = {a.location for a in state.legal_actions()}
    assert "village-3" not in locations and "ship-b" not in locations and "ship-a" in locations
    refused(state, "place 1 archaeologist on village-3 (character)", "covered in the two-player game")


def test_two_players_the_neutral_expedition_bids_after_the_first_placement():
    state = GAME.new_state(players=2, seed=4)
    assert state.dummy == 4
    state.apply([a for a in state.legal_actions() if a.location == "temple-5"][0])
    held = [(i, g[0]) for i, g in enumerate(state.spots) if g and g[0][0] == DUMMY]
    assert len(held) == 1 and state.dummy == 2 and state.events[-1][0] == "dummy"
    i = held[0][0]
    assert components.LOCATIONS[i].kind == "bidding" and state.spots[i][0][2] + state.spots[i][0][3] == 2


def test_two_players_outbidding_the_neutral_expedition_sends_it_elsewhere():
    for seed in range(20):
        state = GAME.new_state(players=2, seed=seed)
        state.apply([a for a in state.legal_actions() if a.location == "temple-5"][0])
        i = next(i for i, g in enumerate(state.spots) if g and g[0][0] == DUMMY)
        role = state.spots[i][0][1]
        outbid = [a for a in state.legal_actions() if a.location == components.LOCATIONS[i].key and a.count == 3]
        if outbid:
            break
    assert outbid and all(a.role == role for a in outbid)
    assert not any(a.location == components.LOCATIONS[i].key and a.count < 3 for a in state.legal_actions())
    before = state.dummy
    state.apply(outbid[0])
    assert state.spots[i][0][0] == 1
    assert ("outbid", DUMMY, components.LOCATIONS[i].key, 2) in state.events
    assert state.dummy <= before + 2


def test_two_players_annex_won_by_the_neutral_expedition_is_discarded():
    state = position(players=2, reserves=[[1, 0, 0, 0], [0, 0, 0, 0]],
                     groups={"quarry": [(DUMMY, "adventurer", 2, 0, 0, False)],
                             "ruins": [(DUMMY, "adventurer", 2, 0, 0, False)]}, to_move=0)
    cards = list(state.annexes[0])
    state.apply("place 1 meeple on camp (1 black)")
    if state.phase == "reroll":
        state.apply("keep the toss")
    play_until(state, lambda s: s.round == 2)
    assert set(cards) <= set(state.discard)


# -- Decisions where the rules are silent ------------------------------------------------------------------------

def test_objects_are_public_only_the_piles_order_is_hidden():
    state = play_until(GAME.new_state(players=3, seed=9), lambda s: any(s.hands) and s.phase == "place")
    seen = state.observation(1)
    assert seen["hands"] == [sorted(h) for h in state.hands] and seen["pile"] == len(state.deck)
    assert "deck" not in seen and "stack" not in seen
    world = state.determinize(1, Rng(3))
    assert sorted(world.deck) == sorted(state.deck) and world.observation(1) == seen
    json.dumps(seen)


def test_a_seat_with_meeples_can_always_place_on_the_camp():
    for seed in range(30):
        state = GAME.new_state(players=5, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            if state.phase == "place":
                assert any(a.location == "camp" for a in state.legal_actions())
            state.apply(rng.choice(state.legal_actions()))


def test_every_placement_the_rules_refuse_gives_its_reason_and_matches_the_legal_list():
    """The legal list and the refusals agree on a sweep of groups over random positions."""
    rng = random.Random(4)
    for seed in range(25):
        state = GAME.new_state(players=rng.choice([2, 3, 4, 5]), seed=seed)
        state = play_until(state, lambda s: s.phase == "place" and rng.random() < 0.3, rng)
        legal = set(state.legal_actions())
        for loc in components.LOCATIONS:
            for role in ("adventurer", "archaeologist", "any"):
                for b, w, e, c in ((1, 0, 0, False), (0, 1, 0, False), (0, 0, 1, False), (0, 0, 0, True),
                                   (2, 0, 0, False), (0, 2, 1, False), (1, 0, 1, True), (3, 0, 0, False)):
                    action = quetzal.Place(loc.key, role, b, w, e, c)
                    if action in legal:
                        assert state._place_problem(state.current_player, action) is None, str(action)
                    else:
                        reason = refused(state, action)
                        assert reason and "not a legal placement" not in reason, str(action)


def test_the_pile_is_refilled_from_the_discard_when_it_runs_out():
    state = position(players=3, reserves=[[0, 0, 0, 0], [0, 0, 0, 0], [0, 1, 0, 0]],
                     groups={"temple-1": [(0, "archaeologist", 0, 1, 0, False)]}, to_move=2)
    state.discard, state.deck = state.deck, []
    state.apply("place 1 archaeologist on temple-5 (1 white)")
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])      # the draw finds an empty pile: the discard is shuffled
    assert any(e[0] == "reshuffle" for e in state.events) and len(state.hands[0]) == 3
    assert state.check() == []


def test_action_texts_read_back_and_bad_texts_say_why():
    a = quetzal.Place("quarry", "adventurer", 1, 0, 1, False)
    assert GAME.parse_action(str(a)) is a
    with pytest.raises(al.IllegalAction, match="says 3 meeples but lists 2"):
        GAME.parse_action("place 3 adventurers on quarry (1 black, 1 either)")
    with pytest.raises(al.IllegalAction, match="cannot read the meeples"):
        GAME.parse_action("place 1 adventurer on quarry (1 purple)")
    d = quetzal.Deliver("mummy", 2, 0, 1, 0)
    assert str(d) == "deliver 2 mummies (bonus: 1 vp)" and GAME.parse_action(str(d)) is d


def test_a_jump_bid_wins_at_the_rivals_ceiling_and_a_jump_past_ones_own_ceiling_is_refused():
    from archeo_lab.games.quetzal.auction import bidding_war

    step = bidding_war(values=[5, 8], budgets=[6, 9])
    jump = bidding_war(values=[5, 8], budgets=[6, 9], first=1, opening=5)
    assert (step["winner"], step["price"]) == (1, 6) and (jump["winner"], jump["price"]) == (1, 5)
    assert jump["payoffs"] == [0.0, 3.0]
    assert bidding_war(values=[5, 5], budgets=[9, 9])["winner"] == 0     # equal ceilings: the first to reach it
    with pytest.raises(ValueError, match="cannot open with 9 meeples: its ceiling is 8"):
        bidding_war(values=[5, 8], budgets=[6, 9], first=1, opening=9)
