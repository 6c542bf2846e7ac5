"""Expedition Luxor: one test per rule, named after the rule book's section.

Positions come from ``luxor.position(...)``.  With two players who both keep
the mountain, the start layout holds two desert temples and two deserts on
F6, G6, F7, G7 (``LAYOUT``); the grid runs from A1 to L12.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import archeo_lab as al
from archeo_lab.engine import Rng
from archeo_lab.games import luxor
from archeo_lab.games.luxor import components
from archeo_lab.games.luxor.positions import position

GAME = luxor.GAME
LAYOUT = ["desert temple", "desert", "desert temple", "desert"]     # F6, G6, F7, G7


def texts(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def refused(state, action, words: str) -> str:
    """Apply ``action``, expect a refusal whose message contains ``words``, and nothing changed."""
    before = state.to_json()
    with pytest.raises(al.IllegalAction) as exc:
        state.apply(action)
    assert words in str(exc.value), str(exc.value)
    assert state.to_json() == before
    return str(exc.value)


def stack_of(state, cell: str) -> tuple:
    return state.stack[state.geo.cell(cell)]


def worked_example(**extra):
    """The rule book's movement example: a temple and a pyramid north of E7, two adventurers on each."""
    return position(players=2, layout=LAYOUT, tiles={"E6": "oasis temple", "E5": "oasis pyramid"},
                    placed_by=1, stacks={"E6": [1, 1], "E5": [1, 1]},
                    hands=[["desert camp", "oasis camp"], None], **extra)


def drained(reserve_left: int, hand=("oasis camp", "desert camp")):
    """Seat 0 with only ``reserve_left`` adventurers in reserve (the others stand on the board)."""
    tiles = {"E6": "desert camp", "E7": "desert camp", "H6": "desert pyramid", "H7": "desert pyramid"}
    cells = ["F6", "G6", "F7", "G7", "E6", "E7", "H6", "H7"]
    stacks, left = {}, components.ADVENTURERS_PER_PLAYER - reserve_left
    for cell in cells:
        n = min(4, left)
        if n:
            stacks[cell] = [0] * n
        left -= n
    state = position(players=2, layout=LAYOUT, tiles=tiles, placed_by=1, stacks=stacks, hands=[list(hand), None])
    assert state.reserve[0] == reserve_left
    return state


# -- Matériel et mise en place -------------------------------------------------------------------

def test_materiel_24_tiles_per_player_by_kind_and_back_number():
    assert len(components.PLAYER_TILES) == 24
    assert Counter(kind for _, kind in components.PLAYER_TILES) == Counter(components.TILE_COUNTS)
    assert [len(components.BACKS[b]) for b in range(1, 6)] == [4, 5, 5, 5, 5]
    camps = [sum(components.KIND_BY_NAME[k].building == "camp" for k in components.BACKS[b]) for b in range(1, 6)]
    assert camps == [1, 1, 2, 2, 2]
    assert components.STATUS["BACKS"][0] == "reconstruction"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_mise_en_place_piles_by_back_number_and_the_four_1_tiles_in_hand(players):
    state = GAME.new_state(players=players, seed=4)
    for s in state.seats:
        assert state.reserve[s] == 30
        assert sorted(code >> 4 for code in state.hand[s]) == [1, 1, 1, 1]
        assert sorted(components.KINDS[c & 15].name for c in state.hand[s]) == sorted(components.BACKS[1])
        backs = [code >> 4 for code in state.pile[s]]
        assert len(backs) == 20 and backs == sorted(backs, reverse=True), "5 at the bottom, 2 on top"
    assert state.phase == "keep" and state.current_player == 0
    assert texts(state) == ["keep desert", "keep desert temple", "keep mountain"]


def test_mise_en_place_piles_are_shuffled_within_each_back_number():
    orders = {tuple(GAME.new_state(players=2, seed=s).pile[0]) for s in range(20)}
    assert len(orders) > 10


def test_mise_en_place_keep_the_camp_and_one_tile_hidden_until_all_have_chosen():
    state = GAME.new_state(players=3, seed=2)
    state.apply("keep desert temple")
    assert state.current_player == 1 and not state.cells
    seen = state.observation(1)
    assert seen["kept"] is None and seen["chosen"] == [True, False, False]
    assert seen["hands"][0] == [1, 1], "the others see two tiles with '1' backs, not which"
    assert "desert temple" not in json.dumps(GAME.view(state, 1)["seats"])
    assert state.observation(0)["kept"] == "desert temple"
    refused(state, "place desert camp at F6", "Mise en place 2")
    refused(state, "keep desert camp", "garde la tuile Campement")
    chance = state.chance_count
    state.apply("keep mountain")
    state.apply("keep desert")
    # Mise en place 3: the six laid tiles are shuffled into a 2 x 3 rectangle and revealed.
    assert state.chance_count == chance + 1 and state.phase == "play" and state.current_player == 0
    laid = sorted(components.KINDS[state.kind[c]].name for c in state.geo.layout)
    assert laid == sorted(["desert", "mountain", "desert temple", "desert", "desert temple", "mountain"])
    assert [sorted(components.KINDS[c & 15].name for c in h) for h in state.hand] == [
        ["desert camp", "desert temple"], ["desert camp", "mountain"], ["desert", "desert camp"]]
    refused(state, "keep mountain", "already chosen")


@pytest.mark.parametrize("players,shape", [(2, (2, 2)), (3, (3, 2)), (4, (4, 2))])
def test_mise_en_place_start_layout_is_a_two_row_rectangle_in_the_middle(players, shape):
    state = position(players=players)
    cells = [state.geo.name(c) for c in state.cells]
    xs = {luxor.cell_xy(c)[0] for c in cells}
    ys = {luxor.cell_xy(c)[1] for c in cells}
    assert (len(xs), len(ys)) == shape and len(cells) == 2 * players
    assert all(state.placer[c] == -1 for c in state.cells)
    limit = luxor.board_limit(players)
    assert (state.geo.width, state.geo.height) == (2 * limit - players, 2 * limit - 2)


def test_mise_en_place_youngest_player_seat_0_starts():
    for players in (2, 3, 4):
        assert position(players=players).current_player == 0


# -- Placer 1, 2 ou 3 tuiles ------------------------------------------------------------------

def test_placer_a_tile_must_touch_a_placed_tile_along_an_edge():
    state = position(players=2, layout=LAYOUT, hands=[["desert camp", "lake"], None])
    assert "place lake at E6" in texts(state) and "place lake at E5" not in texts(state)
    refused(state, "place lake at E5", "not only at a corner")
    refused(state, "place lake at F6", "already holds a tile")
    refused(state, "place oasis temple at E6", "no oasis temple in your hand")
    refused(state, "place lake at Z9", "not a cell")


def test_placer_then_draw_the_next_tile_of_the_pile():
    state = position(players=2, layout=LAYOUT, hands=[["desert", "lake"], None])
    top = state.pile[0][-1]
    pile = len(state.pile[0])
    state.apply("place lake at E6")
    assert len(state.hand[0]) == 2 and top in state.hand[0] and len(state.pile[0]) == pile - 1
    assert state.placer[state.geo.cell("E6")] == 0


def test_placer_the_first_tile_is_mandatory_the_next_two_optional():
    state = position(players=2, layout=LAYOUT, hands=[["desert", "lake"], ["desert", "lake"]])
    refused(state, "end turn", "mandatory")
    state.apply("place lake at E6")
    assert "end turn" in texts(state)
    state.apply("end turn")
    assert state.current_player == 1 and state.placed == 0


def test_placer_at_most_three_tiles_then_the_turn_passes_by_itself():
    state = position(players=2, layout=LAYOUT, hands=[["desert", "lake"], None])
    for cell in ("E6", "E7", "D6"):
        kinds = [k for k in ("lake", "desert", "mountain", "desert temple", "desert pyramid", "oasis temple")
                 if any(components.KINDS[c & 15].name == k for c in state.hand[0])]
        state.apply(f"place {kinds[0]} at {cell}")
    # Nothing else to do after a third tile without a camp: the turn ends by itself.
    assert state.current_player == 1 and state.placed == 0
    assert [e[0] for e in state.events[-3:]] == ["place", "place", "place"]


def test_placer_no_fourth_tile_even_with_adventurers_still_to_move():
    state = position(players=2, layout=LAYOUT, hands=[["desert camp", "lake"], None])
    state.apply("place lake at E6")
    drawn = next(components.KINDS[c & 15].name for c in state.hand[0] if components.KINDS[c & 15].name != "desert camp")
    state.apply(f"place {drawn} at E7")
    if state.phase == "camp":                      # the drawn tile was a camp itself
        state.apply(state.legal_actions()[0])
    state.apply("place desert camp at D7")
    state.apply("camp with 5 adventurers")
    assert state.placed == 3 and state.current_player == 0
    assert {a.kind for a in state.legal_actions()} <= {"move", "end"}
    tile = components.KINDS[state.hand[0][0] & 15].name
    refused(state, f"place {tile} at D8", "the most a turn allows")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_taille_de_la_zone_de_jeu_board_limit(players):
    assert luxor.board_limit(players) == {2: 7, 3: 9, 4: 10}[players]
    with pytest.raises(ValueError, match="2 to 4 players"):
        luxor.board_limit(5)


def test_taille_de_la_zone_de_jeu_seven_by_seven_with_two_players():
    # A row of 7 tiles from C6 to I6: nothing more may go west of C or east of I.
    state = position(players=2, layout=LAYOUT, tiles={"E6": "desert", "D6": "lake", "C6": "mountain",
                                                       "H6": "desert camp", "I6": "desert camp"},
                     hands=[["desert", "desert temple"], None])
    cells = {a.cell for a in state.legal_actions()}
    assert "B6" not in cells and "J6" not in cells and "C5" in cells and "I7" in cells
    refused(state, "place desert at B6", "7 x 7")
    message = refused(state, "place desert at J6", "Taille de la zone de jeu")
    assert "8 x 2" in message


def test_taille_de_la_zone_de_jeu_is_never_exceeded_in_random_games():
    for players in (2, 3, 4):
        state = GAME.new_state(players=players, seed=players)
        rng = random.Random(players)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
        limit = luxor.board_limit(players)
        assert state.maxx - state.minx + 1 <= limit and state.maxy - state.miny + 1 <= limit
        assert len(state.cells) == 24 * players


def test_a_player_without_tiles_passes():
    # Seat 0 places one tile a turn, the others three: they run out first and pass.
    state = GAME.new_state(players=3, seed=5)
    rng = random.Random(5)
    skipped = 0
    while not state.is_terminal:
        before = state.current_player
        legal = state.legal_actions()
        ends = [a for a in legal if a.kind == "end"]
        others = [a for a in legal if a.kind != "end"]
        turns = sum(e[0] == "end" for e in state.events)
        state.apply(ends[0] if ends and before == 0 else rng.choice(others or legal))
        if sum(e[0] == "end" for e in state.events) > turns and state.current_player is not None:
            # A turn may finish with an empty hand (the last tile's camp is still played), but a
            # seat with no tile left never starts a turn.
            assert state.hand[state.current_player], "a seat with no tile left is never asked to play"
            expected = (before + 1) % 3
            if state.current_player != expected:
                skipped += 1
                assert not state.hand[expected]
    assert skipped, "players run out at different times, so someone is skipped"
    assert [e for e in state.events if e[0] == "out"]


# -- Placer un campement ---------------------------------------------------------------------------

def test_campement_desert_camp_takes_one_and_extras_up_to_five():
    state = position(players=2, layout=LAYOUT, hands=[["desert camp", "lake"], None])
    state.apply("place desert camp at E6")
    assert state.phase == "camp" and texts(state) == [f"camp with {n} adventurer{'s' if n > 1 else ''}"
                                                         for n in range(1, 6)]
    refused(state, "camp with 6 adventurers", "at most 5 in all")
    refused(state, "place lake at E7", "first put adventurers on the camp")
    state.apply("camp with 4 adventurers")
    assert stack_of(state, "E6") == (0, 0, 0, 0) and state.reserve[0] == 26 and state.camp_movable == 3


def test_campement_oasis_camp_takes_two():
    state = position(players=2, layout=LAYOUT, hands=[["oasis camp", "lake"], None])
    state.apply("place oasis camp at E6")
    assert [a.adventurers for a in state.legal_actions()] == [2, 3, 4, 5]
    refused(state, "camp with 1 adventurer", "at least 2 adventurers")
    state.apply("camp with 2 adventurers")
    assert state.camp_movable == 0 and not any(a.kind == "move" for a in state.legal_actions())


def test_campement_with_an_empty_reserve_is_placed_bare():
    state = drained(0)
    state.apply("place desert camp at D6")
    assert state.phase == "play" and stack_of(state, "D6") == () and state.events[-1][:3] == ("camp", 0, "D6")


def test_campement_short_reserve_gives_what_is_left():
    state = drained(1)
    state.apply("place oasis camp at D6")      # an oasis camp needs 2, the reserve has 1
    assert stack_of(state, "D6") == (0,) and state.reserve[0] == 0 and state.phase == "play"
    state = drained(3)
    state.apply("place oasis camp at D6")
    assert [a.adventurers for a in state.legal_actions() if a.kind == "camp"] == [2, 3]


# -- Déplacer les aventuriers ------------------------------------------------------------------

def test_deplacer_the_rule_book_worked_example():
    """Gris places 5 on the camp, moves 4 to the temple, then its 2 surplus on to the pyramid."""
    state = worked_example()
    state.apply("place desert camp at E7")
    state.apply("camp with 5 adventurers")
    assert state.camp_movable == 4
    state.apply("move 4 adventurers E7 -> E6")
    # The temple holds 2 + 4 = 6 for now: only the surplus may, and 2 of it must, go on.
    assert len(stack_of(state, "E6")) == 6
    assert texts(state) == ["move 2 adventurers E6 -> E5"]
    refused(state, "end turn", "at least 2 of your surplus must go on")
    state.apply("move 2 adventurers E6 -> E5")
    assert stack_of(state, "E6") == (1, 1, 0, 0) and stack_of(state, "E5") == (1, 1, 0, 0)
    # "aucun autre aventurier ne pourra entrer sur les tuiles Temple et Pyramide"
    graph = luxor.movement_graph(state)
    assert graph.nodes["E6"]["room"] == 0 and graph.nodes["E5"]["room"] == 0
    assert "E6" not in luxor.reachable(state, "F6", 4)
    assert state.scores()[0] == 1 + 2 + 3


def test_deplacer_only_the_extras_move():
    state = position(players=2, layout=LAYOUT, hands=[["desert camp", "lake"], None])
    state.apply("place desert camp at E6")
    state.apply("camp with 1 adventurer")
    assert not any(a.kind == "move" for a in state.legal_actions())
    refused(state, "move 1 adventurer E6 -> F6", "only the extra adventurers")


def test_deplacer_in_a_straight_line_only_the_surplus_goes_on():
    state = worked_example()
    state.apply("place desert camp at E7")
    state.apply("camp with 5 adventurers")
    state.apply("move 3 adventurers E7 -> F7")          # a desert: 1 stays, a surplus of 2
    assert "move 2 adventurers F7 -> G7" in texts(state)
    refused(state, "move 2 adventurers F7 -> F6", "straight line")
    refused(state, "move 3 adventurers F7 -> G7", "only the surplus may go on")
    state.apply("move 2 adventurers F7 -> G7")
    assert stack_of(state, "F7") == (0,) and stack_of(state, "G7") == (0, 0)


def test_deplacer_entry_costs_lakes_and_gaps():
    state = position(players=2, layout=LAYOUT, tiles={"E6": "oasis temple", "E7": "lake", "D6": "mountain"},
                     placed_by=1, hands=[["desert camp", "lake"], None])
    state.apply("place desert camp at E5")
    state.apply("camp with 5 adventurers")
    refused(state, "move 1 adventurer E5 -> E6", "needs at least 2 adventurers")
    state.apply("move 4 adventurers E5 -> E6")
    refused(state, "move 2 adventurers E6 -> E7", "lakes cannot be entered")
    state = position(players=2, layout=LAYOUT, tiles={"E6": "desert", "D6": "mountain"},
                     placed_by=1, hands=[["desert camp", "lake"], None])
    state.apply("place desert camp at F5")
    state.apply("camp with 5 adventurers")
    refused(state, "move 1 adventurer F5 -> E5", "no tile on E5")
    state.apply("move 3 adventurers F5 -> F6")
    state.apply("move 2 adventurers F6 -> F7")
    assert not any(a.kind == "move" and a.source == "F7" for a in state.legal_actions()), "F8 is empty"
    refused(state, "move 1 adventurer F7 -> F8", "no tile on F8")
    state = position(players=2, layout=LAYOUT, tiles={"E6": "desert", "D6": "mountain", "C6": "desert camp"},
                     placed_by=1, hands=[["desert camp", "lake"], None])
    state.apply("place desert camp at B6")
    state.apply("camp with 5 adventurers")
    state.apply("move 4 adventurers B6 -> C6")
    assert "move 3 adventurers C6 -> D6" in texts(state)
    assert "move 2 adventurers C6 -> D6" not in texts(state), "a mountain needs 3"
    state.apply("move 3 adventurers C6 -> D6")
    assert stack_of(state, "D6") == (0, 0, 0)
    assert not any(a.kind == "move" for a in state.legal_actions()), "3 must stay on the mountain"


def test_deplacer_no_tile_ends_with_more_than_four():
    state = position(players=2, layout=LAYOUT, tiles={"E6": "desert temple", "D6": "desert pyramid"},
                     placed_by=1, stacks={"E6": [1, 1, 1], "D6": [1, 1, 1, 1]},
                     hands=[["desert camp", "lake"], None])
    state.apply("place desert camp at E7")
    state.apply("camp with 5 adventurers")
    moves = [a for a in state.legal_actions() if a.kind == "move" and a.target == "E6"]
    assert [m.adventurers for m in moves] == [1], "E6 has room for one; D6 beyond it is full"
    message = refused(state, "move 2 adventurers E7 -> E6", "more than four")
    assert "plus de quatre" in message


def test_deplacer_newcomers_go_on_top():
    state = position(players=2, layout=LAYOUT, stacks={"F6": [1, 1]}, hands=[["desert camp", "lake"], None])
    state.apply("place desert camp at E6")
    state.apply("camp with 3 adventurers")
    state.apply("move 1 adventurer E6 -> F6")
    assert stack_of(state, "F6") == (1, 1, 0)
    assert state.scores()[0] == 1 + 2 and state.scores()[1] == 0


def test_deplacer_placed_adventurers_never_move_again():
    state = position(players=2, layout=LAYOUT, hands=[["desert camp", "desert camp"], None])
    state.apply("place desert camp at E6")
    state.apply("camp with 5 adventurers")
    state.apply("move 2 adventurers E6 -> F6")
    state.apply("place desert camp at E7")          # the next tile: the first camp's adventurers settle
    state.apply("camp with 2 adventurers")
    sources = {a.source for a in state.legal_actions() if a.kind == "move"}
    assert sources == {"E7"}
    refused(state, "move 1 adventurer E6 -> D6", "only the extra adventurers")
    refused(state, "move 1 adventurer F6 -> G6", "only the extra adventurers")


def test_deplacer_the_extras_leave_in_one_straight_line_dropping_adventurers_along_it():
    """« Les aventuriers se déplacent en ligne droite sans faire de détours, de tuile en tuile ».

    The rule book's example: 5 on the camp, 4 move to the temple next to it, then the 2 surplus
    on the temple go on to the pyramid: one group, one line, dropping adventurers as it goes.
    Once a group has left, the extras that stayed are settled on the camp."""
    state = position(players=2, layout=LAYOUT, tiles={"G5": "desert pyramid", "H5": "desert temple"},
                     placed_by=1, hands=[["desert camp", "lake"], None])
    state.apply("place desert camp at F5")
    state.apply("camp with 5 adventurers")
    state.apply("move 3 adventurers F5 -> G5")          # east, one of the 4 extras stays
    state.apply("move 2 adventurers G5 -> H5")          # the surplus goes on along the same line
    assert stack_of(state, "F5") == (0, 0) and stack_of(state, "G5") == (0,) and stack_of(state, "H5") == (0, 0)
    assert not any(a.kind == "move" and a.source == "F5" for a in state.legal_actions())
    refused(state, "move 1 adventurer F5 -> F6", "in one straight line")


def test_variant_split_lets_the_extras_leave_in_several_lines():
    """The other reading of « déplacer tous les aventuriers supplémentaires ... vers d'autres tuiles »,
    kept as the named variant ``standard+split``."""
    state = position(players=2, variant="standard+split", layout=LAYOUT, tiles={"G5": "desert pyramid"},
                     placed_by=1, hands=[["desert camp", "lake"], None])
    state.apply("place desert camp at F5")
    state.apply("camp with 5 adventurers")
    state.apply("move 1 adventurer F5 -> F6")          # south
    state.apply("move 1 adventurer F5 -> G5")          # east: a second group, the first one settles
    state.apply("move 2 adventurers F5 -> F6")          # south again: a third group, on top
    assert stack_of(state, "F6") == (0, 0, 0) and stack_of(state, "G5") == (0,)
    assert state.camp_movable == 0 and state.head == state.geo.cell("F6")
    assert GAME.variants == ("standard", "adventures", "standard+split", "adventures+split")


def test_decision_the_draw_comes_before_the_camp_is_filled():
    state = position(players=2, layout=LAYOUT, hands=[["desert camp", "lake"], None])
    chance = state.chance_count
    state.apply("place desert camp at E6")
    assert len(state.hand[0]) == 2 and state.chance_count == chance + 1 and state.phase == "camp"


# -- Fin de partie et décompte des points ---------------------------------------------------------

def test_decompte_only_the_top_adventurer_scores():
    assert [luxor.tile_points(k) for k in ("camp", "temple", "pyramid", "desert", "lake", "mountain")] == \
        [1, 2, 3, 0, 0, 0]
    with pytest.raises(ValueError, match="not a building"):
        luxor.tile_points("castle")
    state = position(players=3, kept="mountain", tiles={"F8": "desert pyramid", "F9": "oasis camp"},
                     placed_by=2, stacks={"F8": [0, 1, 2], "F9": [2, 0], "G8": [1]})
    rows = state.score_breakdown()
    kinds = {state.geo.name(c): components.KINDS[state.kind[c]].name for c in state.cells}
    expected_f6 = luxor.tile_points(kinds["G8"])
    assert [r["pyramids"] for r in rows] == [0, 0, 3] and [r["camps"] for r in rows] == [1, 0, 0]
    assert rows[1]["total"] == expected_f6 and state.scores() == [r["total"] for r in rows]


def test_decompte_ties_go_to_the_reserve_then_are_shared():
    state = position(players=2, layout=LAYOUT, stacks={"F6": [0], "F7": [1, 1]})
    assert state.scores() == [2, 2] and state.reserve == [29, 28]
    assert state.winners() == [0]
    state = position(players=2, layout=LAYOUT, stacks={"F6": [0, 0], "F7": [1, 1]})
    assert state.winners() == [0, 1]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fin_de_partie_when_every_tile_is_placed(players):
    state = GAME.new_state(players=players, seed=11)
    rng = random.Random(11)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    assert not any(state.hand) and not any(state.pile) and len(state.cells) == 24 * players
    assert state.events[-1] == ("over", tuple(state.scores()))
    names = state.geo.names
    tiles = {names[c]: components.KINDS[state.kind[c]].name for c in state.cells}
    stacks = {names[c]: list(state.stack[c]) for c in state.cells}
    assert luxor.final_scores(tiles, stacks, players=players) == state.scores()


# -- Extension "Nouvelles aventures" ---------------------------------------------------------------

def adventure(**extra):
    extra.setdefault("layout", LAYOUT)
    return position(players=2, variant="adventures", **extra)


def test_aventures_eight_tokens_three_in_hand_hidden():
    state = GAME.new_state(players=3, seed=1, variant="adventures")
    for s in state.seats:
        assert len(state.token_hand[s]) == 3 and len(state.token_pile[s]) == 5
        assert Counter(state.token_hand[s] + state.token_pile[s]) == Counter(
            {t: 2 for t in ("boat", "snakes", "sandstorm", "caravan")})
    seen = state.observation(1)
    assert seen["token_hands"][0] == 3 and seen["token_hands"][1] == sorted(state.token_hand[1])
    assert GAME.new_state(players=3, seed=1).token_hand == [[], [], []]


def test_aventures_a_token_needs_a_tile_placed_and_an_adventurer_on_a_mountain():
    state = adventure(tiles={"E6": "mountain", "E5": "lake"}, placed_by=1, stacks={"E6": [0, 0, 0]},
                      hands=[["desert", "desert temple"], None], token_hands=[["boat", "snakes", "caravan"], None])
    assert not any(a.kind == "token" for a in state.legal_actions())
    refused(state, "use boat from E6 on E5", "after placing 1, 2 or 3 tiles")
    state.apply("place desert at D6")
    assert "use boat from E6 on E5" in texts(state)
    no_mountain = adventure(tiles={"E6": "mountain", "E5": "lake"}, placed_by=1,
                            hands=[["desert", "desert temple"], None], token_hands=[["boat", "snakes", "caravan"], None])
    no_mountain.apply("place desert at D6")
    assert not any(a.kind == "token" for a in no_mountain.legal_actions())
    refused(no_mountain, "use boat from E6 on E5", "on a mountain")
    refused(no_mountain, "use sandstorm from E6 to F6", "no sandstorm token")


def test_aventures_boat_back_to_the_reserve_and_a_point_per_building_next_to_it():
    state = adventure(tiles={"E6": "mountain", "E7": "lake", "D7": "desert camp", "E8": "oasis pyramid"},
                      placed_by=1, stacks={"E6": [0, 0, 0]}, hands=[["desert", "desert temple"], None],
                      token_hands=[["boat", "snakes", "caravan"], None])
    state.apply("place desert at D6")
    pile = len(state.token_pile[0])
    state.apply("use boat from E6 on E7")
    assert state.tokens[state.geo.cell("E7")] == ("boat", 0)
    assert stack_of(state, "E6") == (0, 0) and state.reserve[0] == 28
    assert len(state.token_hand[0]) == 3 and len(state.token_pile[0]) == pile - 1, "a new token is drawn"
    assert state.current_player == 1, "using a token ends the turn"
    # F7 (desert temple), D7 (camp), E8 (pyramid) are next to the lake E7; E6 is a mountain.
    assert state.score_breakdown()[0]["boats"] == 3
    assert state._token_targets("boat", state.geo.cell("E6"), 0) == [], "the only lake now has a boat"


def test_aventures_snakes_close_a_tile_for_good():
    state = adventure(tiles={"E6": "mountain", "E5": "desert pyramid"}, placed_by=1, stacks={"E6": [0, 0, 0]},
                      hands=[["desert", "desert camp"], None], token_hands=[["snakes", "boat", "caravan"], None])
    state.apply("place desert at D6")
    targets = {a.target for a in state.legal_actions() if a.kind == "token" and a.token == "snakes"}
    assert "E5" in targets and "E6" not in targets, "the mountain still holds 2 adventurers"
    state.apply("use snakes from E6 on E5")
    assert state.tokens[state.geo.cell("E5")] == ("snakes", 0) and state.reserve[0] == 28
    graph = luxor.movement_graph(state)
    assert not graph.nodes["E5"]["open"] and not graph.has_edge("E4", "E5")
    assert "E5" not in luxor.reachable(state, "D6", 5)


def test_aventures_sandstorm_takes_the_others_adventurers():
    state = adventure(tiles={"E6": "mountain", "E7": "oasis temple"}, placed_by=1,
                      stacks={"E6": [0, 0, 0], "E7": [0, 1, 0], "F6": [1, 0]},
                      hands=[["desert", "desert camp"], None], token_hands=[["sandstorm", "boat", "caravan"], None])
    state.apply("place desert at D6")
    targets = {a.target for a in state.legal_actions() if a.kind == "token" and a.token == "sandstorm"}
    assert targets == {"E7"}, "F6 is a tie (1 each), not a majority"
    refused(state, "use sandstorm from E6 to F6", "majority")
    state.apply("use sandstorm from E6 to E7")
    assert stack_of(state, "E7") == (0, 0, 0) and state.captives[0] == [0, 1]
    assert "sandstorm" in state.token_box[0] and state.score_breakdown()[0]["sandstorm"] == 1
    assert state.check() == []


def test_aventures_caravan_one_step_to_a_neighbour():
    state = adventure(tiles={"E6": "mountain", "E7": "lake", "E5": "oasis temple"}, placed_by=1,
                      stacks={"E6": [0, 0, 0], "E5": [1, 1, 1, 1]},
                      hands=[["desert", "desert camp"], None], token_hands=[["caravan", "boat", "boat"], None])
    state.apply("place desert at D7")
    targets = {a.target for a in state.legal_actions() if a.kind == "token" and a.token == "caravan"}
    assert targets == {"F6"}, "not the lake E7, not the full E5, and D6 is empty"
    state.apply("use caravan from E6 to F6")
    assert stack_of(state, "F6") == (0,) and "caravan" in state.token_box[0]


def test_aventures_tokens_belong_to_the_extension():
    state = position(players=2, layout=LAYOUT, tiles={"E6": "mountain"}, stacks={"E6": [0, 0, 0]},
                     hands=[["desert", "lake"], None])
    state.apply("place desert at D6")
    refused(state, "use boat from E6 on F6", "Nouvelles aventures")
    with pytest.raises(ValueError, match="extension"):
        position(players=2, token_hands=[["boat"], None])


# -- Decisions where the rule book is silent ----------------------------------------------------------

def test_decision_hands_are_hidden_but_their_backs_show():
    state = position(players=2, layout=LAYOUT, hands=[["desert camp", "lake"], ["oasis camp", "lake"]])
    view = GAME.view(state, 1)
    assert [t["tile"] for t in view["hand"]] == ["lake", "oasis camp"]
    assert view["seats"][0]["hand_backs"] == sorted(c >> 4 for c in state.hand[0])
    assert "desert camp" not in json.dumps(view["seats"]) and state.observation(1)["hands"][0] == \
        sorted(c >> 4 for c in state.hand[0])


def test_decision_determinize_keeps_what_the_player_sees_and_the_layout():
    state = GAME.new_state(players=4, seed=3, variant="adventures")
    for tile in ("desert", "mountain", "desert temple", "mountain"):
        state.apply(f"keep {tile}")
    seen_worlds = set()
    for k in range(12):
        world = state.determinize(0, Rng(k))
        assert world.observation(0) == state.observation(0) and world.check() == []
        seen_worlds.add(tuple(world.kept))
    assert len(seen_worlds) > 1, "the others' kept tiles are resampled"
    assert all(kept[0] == components.KIND_INDEX["desert"] for kept in seen_worlds)


def test_decision_determinize_deals_each_hidden_tile_to_each_of_its_places_equally_often():
    """A redraw keeps each seat's tiles of each back number (pile, and hand for the others) and puts each
    of them in each of their places about equally often; the seat's own hand and the tiles on the board
    stay.  Counted over 2,400 worlds of a position after 6 greedy moves of a 2-player game."""
    from archeo_lab import bots
    state = GAME.new_state(players=2, seed=8)
    greedy = bots.make("greedy", seed=8)
    for _ in range(6):
        state.apply(greedy.choose(state))
    p = state.current_player
    other = 1 - p
    hidden = {other: state.pile[other] + state.hand[other], p: state.pile[p]}
    counts: dict[tuple[int, int, int], int] = {}        # (seat, place, tile) -> how often
    draw = state.determinizer(p)
    for k in range(2400):
        world = draw(Rng(k))
        assert world.hand[p] == state.hand[p] and world.kind == state.kind
        for seat, before in hidden.items():
            after = world.pile[seat] + (world.hand[seat] if seat == other else [])
            assert sorted(after) == sorted(before)
            assert [c >> 4 for c in after] == [c >> 4 for c in before], "each tile keeps a place of its back"
            for place, code in enumerate(after):
                counts[seat, place, code] = counts.get((seat, place, code), 0) + 1
    for seat, before in hidden.items():
        for place, code in enumerate(before):
            if code >> 4 == 1:
                continue
            group = [c for c in before if c >> 4 == code >> 4]
            expected = 2400 / len(group)
            for tile in set(group):
                share = counts.get((seat, place, tile), 0) / group.count(tile)
                assert abs(share - expected) < 4.5 * (expected * (1 - 1 / len(group))) ** 0.5, (seat, place, tile)


@pytest.mark.parametrize("variant", ["standard", "adventures", "adventures+split"])
def test_looks_alike_answers_as_comparing_the_observations(variant):
    """``looks_alike`` (field by field) agrees with comparing the two observations without their logs, on
    positions one move apart, two different moves from one position, and worlds redrawn for each seat,
    from the choice of the kept tile to the end, with 2 to 4 players."""
    def seen(state, q):
        view = state.observation(q)
        view.pop("events")
        return view

    compared = alike = 0
    for players in (2, 3, 4):
        state = GAME.new_state(players=players, seed=40 + players, variant=variant)
        rng = random.Random(players)
        step = 0
        while not state.is_terminal:
            legal = state.legal_actions()
            if step % 3 == 0:
                one, two = state.clone(), state.clone()
                one.apply(legal[0])
                two.apply(legal[-1])
                pairs = [(one, two), (state, one), (one, one.clone())]
                pairs += [(state, state.determinize(q, Rng(step + q))) for q in state.seats]
                for a, b in pairs:
                    for q in state.seats:
                        expected = seen(a, q) == seen(b, q)
                        assert a.looks_alike(b, q) == expected == b.looks_alike(a, q), (variant, players, step, q)
                        compared += 1
                        alike += expected
            state.apply(rng.choice(legal))
            step += 1
    assert compared > 500 and 0 < alike < compared
    # One field at a time, on a 3-player position of the adventures variant: seat 0 sees each change
    # but those in the others' hidden tiles and tokens.
    state = GAME.new_state(players=3, seed=5, variant="adventures")
    greedy = random.Random(5)
    for _ in range(30):
        state.apply(greedy.choice(state.legal_actions()))
    cell = state.cells[0]
    same_back = next(i for i, code in enumerate(state.pile[1]) if code >> 4 == state.hand[1][0] >> 4)
    edits = {
        "reserve": lambda c: c.reserve.__setitem__(0, c.reserve[0] + 1),
        "captives": lambda c: c.captives[1].__setitem__(0, c.captives[1][0] + 1),
        "kept": lambda c: c.kept.__setitem__(0, (c.kept[0] + 1) % 8),
        "others' kept": lambda c: c.kept.__setitem__(1, (c.kept[1] + 1) % 8),
        "pile size": lambda c: c.pile[2].pop(),
        "token pile size": lambda c: c.token_pile[2].pop(),
        "token box": lambda c: c.token_box[1].append("snakes"),
        "own token hand": lambda c: c.token_hand[0].append("snakes"),
        "token hand size": lambda c: c.token_hand[1].append("snakes"),
        "own hand": lambda c: c.hand[0].__setitem__(0, next(t for t in c.pile[0] if t != c.hand[0][0])),
        "a hand's backs": lambda c: c.hand[1].__setitem__(0, c.hand[1][0] + 16),
        "a hand's tiles": lambda c: c.hand[1].__setitem__(0, c.pile[1][same_back]),   # hidden: same back
        "turn": lambda c: setattr(c, "head_in", c.head_in + 1),
        "tokens": lambda c: c.tokens.__setitem__(cell, ("boat", 1)),
        "stack": lambda c: c.stack.__setitem__(cell, c.stack[cell] + (2,)),
        "placer": lambda c: c.placer.__setitem__(cell, c.placer[cell] + 1),
        "off the board": lambda c: c.back.__setitem__(next(i for i in range(len(c.kind)) if c.kind[i] < 0), 9),
    }
    for name, edit in edits.items():
        changed = state.clone()
        edit(changed)
        for q in state.seats:
            expected = seen(state, q) == seen(changed, q)
            assert state.looks_alike(changed, q) == expected == changed.looks_alike(state, q), (name, q)
        assert (seen(state, 0) == seen(changed, 0)) == (name in ("others' kept", "a hand's tiles", "off the board")), name
    other = al.get_game("cibola").new_state(players=2, seed=1)
    assert not state.looks_alike(other, 0)
    with pytest.raises(ValueError):
        state.looks_alike(state, 7)


@pytest.mark.parametrize("variant", ["standard", "adventures"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_invariants_in_random_games(players, variant):
    """The contract's invariants, for both variants (the contract suite plays the standard one)."""
    for seed in range(6):
        state = GAME.new_state(players=players, seed=seed, variant=variant)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal:
            assert state.check() == []
            legal = state.legal_actions()
            assert len({str(a) for a in legal}) == len(legal)
            for kind in {type(a) for a in legal}:
                same = [a for a in legal if type(a) is kind]
                assert same == sorted(same)
            action = rng.choice(legal)
            assert state.parse_action(str(action)) == action
            twin = state.clone()
            state.apply(action)
            twin.apply(action)
            assert twin.to_json() == state.to_json()
            step += 1
            if step % 7 == 0 and not state.is_terminal:
                loaded = GAME.state_from_json(state.to_json())
                assert loaded.to_json() == state.to_json() and loaded.legal_actions() == state.legal_actions()
                p = state.current_player
                world = state.determinize(p, Rng(step))
                assert world.observation(p) == state.observation(p) and world.check() == []
                assert world.legal_actions() == state.legal_actions()
        assert state.check() == [] and state.legal_actions() == []
        assert state.scores() == [r["total"] for r in state.score_breakdown()]


@pytest.mark.parametrize("variant", ["standard", "adventures"])
def test_points_and_the_tops_that_can_still_be_covered(variant):
    """``points_and_open``: the score of each seat (the score sheet's total) and, of the buildings it tops, the
    points of those whose stack has room for another adventurer (what the evaluation discounts), all game long."""
    tile_max, points = components.TILE_MAX, GAME.state_class._blank(3, variant).numbers.points
    for seed in range(4):
        state = GAME.new_state(players=3, seed=seed, variant=variant)
        rng = random.Random(seed)
        while not state.is_terminal:
            scores, open_tops = state.points_and_open()
            assert scores == state.scores() == [r["total"] for r in state.score_breakdown()]
            plain = [0, 0, 0]
            for cell in state.cells:
                stack = state.stack[cell]
                if stack and len(stack) < tile_max:
                    plain[stack[-1]] += points[state.kind[cell]]
            assert open_tops == plain
            state.apply(rng.choice(state.legal_actions()))


# -- Actions as text ------------------------------------------------------------------------------

def test_actions_read_back_from_their_text_in_any_case():
    state = position(players=2, layout=LAYOUT, hands=[["desert camp", "lake"], None])
    assert state.parse_action("PLACE Desert Camp at e6") == luxor.Place("desert camp", "E6")
    assert str(luxor.Move(1, "E6", "F6")) == "move 1 adventurer E6 -> F6"
    assert str(luxor.UseToken("snakes", "E6", "F6")) == "use snakes from E6 on F6"
    assert luxor.Camp(3).to_json() == {"type": "camp", "adventurers": 3}
    assert sorted([luxor.Place("lake", "B2"), luxor.Place("desert", "A10"), luxor.Place("desert", "A2")]) == [
        luxor.Place("desert", "A10"), luxor.Place("desert", "A2"), luxor.Place("lake", "B2")]
    with pytest.raises(al.UnreadableAction, match="cannot read"):
        state.apply("fly to the moon")
    refused(state, "place castle at E6", "no tile kind 'castle'")


@pytest.mark.parametrize("open_cells", [0, 1, 2, 5])
def test_placer_une_tuile_each_kind_in_hand_on_each_open_cell_however_few(open_cells):
    """The place actions are each kind in hand on each open cell (kinds in ``KINDS`` order, cells in name
    order), however few the open cells: random games always have several, so the one- and no-cell lists
    are checked here."""
    state = al.get_game("luxor").new_state(players=2, seed=4)
    rng = random.Random(4)
    while state.phase != "play":
        state.apply(rng.choice(state.legal_actions()))
    p = state.current_player
    ranks = state._open_ranks()[:open_cells]
    state._open_cache = ranks                     # fewer open cells than the real position has
    kinds = sorted({luxor.state.KIND_OF[code] for code in state.hand[p]})
    cells = [state.geo.names[state.geo.by_rank[r]] for r in ranks]
    assert cells == sorted(cells) and len(kinds) >= 2
    expected = [luxor.Place(luxor.KINDS[k].name, cell) for k in kinds for cell in cells]
    assert state._place_actions(p) == expected


@pytest.mark.parametrize("variant", ["standard", "standard+split", "adventures"])
def test_a_turn_goes_on_exactly_while_more_than_the_end_is_legal(variant, monkeypatch):
    """After a tile, a camp or a move, the turn goes on when the player may do more than end it, else it ends
    by itself.  ``_after_step`` knows it without listing the actions after a plain tile: checked against the
    listing (the rule as written) at every step of random games, with 2 to 4 players."""
    from archeo_lab.games.luxor.state import LuxorState, _END
    after_step = LuxorState._after_step
    checked = []

    def listing_agrees(self):
        p, legal = self.current_player, self._play_actions()
        after_step(self)
        goes_on = self.current_player == p and not self.is_terminal and self.placed > 0
        assert goes_on == (bool(legal) and legal[0] is not _END), (variant, self.events[-1])
        if goes_on:
            assert self.legal_actions() == legal
        checked.append(goes_on)

    monkeypatch.setattr(LuxorState, "_after_step", listing_agrees)
    for players in (2, 3, 4):
        for seed in range(3):
            state = GAME.new_state(players=players, seed=seed, variant=variant)
            rng = random.Random(seed)
            while not state.is_terminal:
                state.apply(rng.choice(state.legal_actions()))
    assert checked.count(True) > 100 and checked.count(False) > 100


@pytest.mark.parametrize("variant", ["standard", "standard+split"])
def test_without_new_adventures_no_step_changes_tokens_or_captives_so_copies_share_them(variant):
    """``LuxorState._copy`` shares the token and captive lists when the variant has no "Nouvelles
    aventures": that holds only while no rule step, redraw or copy of such a game ever changes them."""
    for players in (2, 3, 4):
        state = GAME.new_state(players=players, seed=5, variant=variant)
        assert not state.adventures
        empty = ([[] for _ in range(players)], [[0] * players for _ in range(players)])
        rng = random.Random(players)
        while not state.is_terminal:
            p = state.current_player
            for world in (state.clone(), state.determinize(p, rng.randrange(99))):
                world.apply(rng.choice(world.legal_actions()))
                assert world.token_hand is state.token_hand and world.captives is state.captives
            state.apply(rng.choice(state.legal_actions()))
            for name in ("token_hand", "token_pile", "token_box"):
                assert getattr(state, name) == empty[0], name
            assert state.captives == empty[1]


@pytest.mark.parametrize("variant", ["standard", "adventures"])
def test_a_determinizers_copy_is_a_clone_dealt_anew_and_shares_no_list(variant):
    """``determinizer(p)`` deals into a copy left without piles, other hands and generator
    (``LuxorState._copy``): the same world, field by field, as a full clone dealt by ``hidden.redraw``, and
    no list of it that a game changes is one of the position's (a search's moves in it never reach the real
    game)."""
    from archeo_lab.games.luxor import hidden
    from archeo_lab.games.luxor.state import LuxorState
    for players in (2, 3):
        state = GAME.new_state(players=players, seed=21, variant=variant)
        rng = random.Random(players)
        step = 0
        while not state.is_terminal:
            if step % 5 == 0:
                p = state.current_player
                world = state.determinizer(p)(Rng(step))
                reference = state.clone()
                reference._legal_cache = None
                dealer = Rng(step)
                hidden.redraw(reference, hidden.plan(state, p), dealer)
                reference._fresh_chance(dealer)
                for name in LuxorState.__slots__:
                    if name not in ("_legal_cache", "rng"):
                        assert getattr(world, name) == getattr(reference, name), (name, step)
                assert world.rng.state == reference.rng.state and world.legal_actions() == state.legal_actions()
                # Without "Nouvelles aventures" nothing changes the tokens and captives: their lists are shared.
                tokens = ("token_hand", "token_pile", "token_box", "captives") if state.adventures else ()
                for name in ("hand", "pile", *tokens):
                    for mine, theirs in zip(getattr(world, name), getattr(state, name)):
                        assert mine is not theirs, (name, step)
                for name in ("kind", "back", "placer", "stack", "cells", "frontier", "tokens", "events"):
                    assert getattr(world, name) is not getattr(state, name)
            state.apply(rng.choice(state.legal_actions()))
            step += 1
