"""Les Trésors de Cibola: one test per rule, named after the rule book's section.

Cards used in the small positions (components.CARDS, GAPS.md 2.3):
I-01 sundial · I-03 sundial + snake, totem · I-04 sundial + statuette ·
I-05 snake, rock · I-06 snake + snake · I-07 statuette, totem ·
I-08 statuette + statuette, rock · I-09 three sundials · I-12 shield, rock.
"""

from __future__ import annotations

import random

import pytest

import archeo_lab as al
from archeo_lab.games import cibola
from archeo_lab.games.cibola import components, scoring
from archeo_lab.games.cibola.positions import position

GAME = al.get_game("cibola")


def bid(state, amounts: dict[int, int]) -> None:
    """Every seat bids, in the engine's seat-by-seat order."""
    while state.phase == "bid":
        state.apply(f"bid {amounts[state.current_player]}")


def play_round_randomly(state, rng):
    start = state.round
    while not state.is_terminal and state.round == start:
        state.apply(rng.choice(state.legal_actions()))


# -- Préparation ---------------------------------------------------------------------------

@pytest.mark.parametrize("players,each", [(2, 12), (3, 8), (4, 6)])
def test_preparation_explorers_dealt_equally(players, each):
    assert cibola.explorers_per_player(players) == each
    state = GAME.new_state(players=players, seed=1)
    assert state.explorers == [each] * players and state.discard == 0
    with pytest.raises(ValueError, match="2 to 4 players"):
        cibola.explorers_per_player(5)


def test_preparation_five_random_totems_face_up_and_phase_one_pile_first():
    seen = set()
    for seed in range(30):
        state = GAME.new_state(players=3, seed=seed)
        assert len(state.totems_in_play) == 5 == len(set(state.totems_in_play))
        assert state.totems_available == state.totems_in_play
        seen.add(tuple(state.totems_in_play))
        assert len(state.table) == 4 and all(c.startswith("I-") for c in state.table)
        assert (len(state.decks[0]), len(state.decks[1])) == (12, 16)
        assert state.current_player == state.torch  # the torch holder starts
    assert len(seen) > 10, "the five totems are drawn at random"


def test_preparation_torch_toss_lands_on_every_seat():
    assert {GAME.new_state(players=4, seed=s).torch for s in range(40)} == {0, 1, 2, 3}


# -- Préparation de l'expédition: the closed-fist bid ------------------------------------------

def test_bids_are_hidden_from_the_others_until_every_fist_is_closed():
    state = position(players=3, table=["I-01", "I-03", "I-05", "I-04"], explorers=[8, 8, 8], torch=0)
    state.apply("bid 3")
    for viewer in (1, 2):
        seen = state.observation(viewer)
        assert seen["bids"][0] == "hidden"
        assert seen["explorers"][0] == 8, "the reserve after bidding would give the bid away"
    assert state.observation(0)["bids"][0] == 3 and state.observation(0)["explorers"][0] == 5
    view = GAME.view(state, 1)
    assert "3" not in view["seats"][0]["bid_text"] and view["seats"][0]["explorers"] == 8
    state.apply("bid 1")
    state.apply("bid 0")
    assert state.phase == "pick" and state.observation(1)["bids"] == [3, 1, 0], "all fists open at once"
    assert ("reveal", (3, 1, 0)) in state.events


def test_bid_limited_to_own_explorers():
    state = position(players=2, table=["I-01", "I-03", "I-05", "I-04"], explorers=[2, 12], torch=0)
    assert [a.amount for a in state.legal_actions()] == [0, 1, 2]
    before = state.to_json()
    with pytest.raises(al.IllegalAction, match="you have 2 explorers, so you cannot bid 3"):
        state.apply("bid 3")
    assert state.to_json() == before


def test_rule_book_worked_round_with_four_players():
    """'Exemple d'une manche à 4 joueurs': Benoit 4, Romarc 2, Joan and Alexis 0; Joan has the torch."""
    benoit, romarc, joan, alexis = range(4)
    a, b, c, d = "I-03", "I-01", "I-05", "I-04"   # A has a totem, C a rock
    state = position(players=4, table=[a, b, c, d], explorers=[6, 4, 3, 4], torch=joan)
    assert state.discard == 7
    bid(state, {benoit: 4, romarc: 2, joan: 0, alexis: 0})
    # "il y en a 7, ils en prennent donc 3 chacun" (one stays in the discard)
    assert state.explorers[joan] == 3 + 3 and state.explorers[alexis] == 4 + 3
    assert state.discard == 1
    assert state.pick_order == [benoit, romarc, joan, alexis]
    # Benoit plays first, discards his 4 and takes A; its totem lets him choose a totem.
    assert state.current_player == benoit
    state.apply(f"take {a}")
    assert state.discard == 5 and state.phase == "totem" and state.current_player == benoit
    # The rule book does not say which totem Benoit chooses: take one that counts at the end,
    # so that no immediate effect changes the discard the example goes on to count.
    end_totems = {t.name for t in components.TOTEMS if t.timing == "end"}
    totem = next(a for a in state.legal_actions() if a.name in end_totems)
    state.apply(totem)
    assert totem.name in state.totems[benoit]
    # Romarc discards his 2 and takes D.
    state.apply(f"take {d}")
    assert state.discard == 7 and state.collections[romarc] == [d]
    # Joan ties with Alexis but holds the torch: Joan first; C has a rock.
    assert state.current_player == joan
    state.apply(f"take {c}")
    assert state.phase == "rock" and state.current_player == joan
    state.apply("rock on snake 1")
    assert state.covered[1][0]
    # Alexis takes the last card and the torch for the next round.
    assert state.current_player == alexis and state.legal_actions() == [cibola.Take(b)]
    state.apply(f"take {b}")
    assert state.torch == alexis and state.round == 2 and state.current_player == alexis


def test_zero_bidders_share_the_discard_remainder_stays():
    state = position(players=3, table=["I-01", "I-03", "I-06", "I-04"], explorers=[4, 6, 6], torch=0)
    assert state.discard == 8
    bid(state, {0: 2, 1: 0, 2: 0})
    assert state.explorers[1:] == [10, 10] and state.discard == 0
    state = position(players=4, table=["I-01", "I-03", "I-06", "I-04"], explorers=[6, 5, 4, 2], torch=0)
    assert state.discard == 7
    bid(state, {0: 0, 1: 0, 2: 0, 3: 1})
    assert state.explorers == [8, 7, 6, 1] and state.discard == 1   # 7 // 3 = 2 each, 1 stays


def test_a_single_zero_bidder_takes_the_whole_discard_and_still_picks():
    state = position(players=3, table=["I-01", "I-03", "I-06", "I-04"], explorers=[3, 3, 3], torch=0)
    bid(state, {0: 1, 1: 1, 2: 0})
    assert state.explorers[2] == 3 + 15
    assert state.pick_order[-1] == 2    # "Un joueur qui n'a misé aucun pion prend quand même une carte"


def test_ties_go_to_the_torch_then_to_its_left():
    state = position(players=4, table=["I-01", "I-04", "I-06", "I-09"], explorers=[6] * 4, torch=2)
    bid(state, {0: 1, 1: 1, 2: 1, 3: 1})
    assert state.pick_order == [2, 3, 0, 1]
    state = position(players=4, table=["I-01", "I-04", "I-06", "I-09"], explorers=[6] * 4, torch=3)
    bid(state, {0: 2, 1: 1, 2: 2, 3: 1})
    assert state.pick_order == [0, 2, 3, 1]


def test_bids_go_to_the_discard_when_the_bidder_picks():
    state = position(players=2, table=["I-01", "I-04", "I-06", "I-09"], explorers=[12, 12], torch=0)
    bid(state, {0: 5, 1: 3})
    assert state.discard == 0
    state.apply("take I-09")
    assert state.discard == 5 and state.explorers[0] == 7


def test_the_last_picker_takes_the_torch():
    state = position(players=3, table=["I-01", "I-04", "I-06", "I-09"], explorers=[8, 8, 8], torch=0)
    bid(state, {0: 0, 1: 3, 2: 1})
    for card in ("I-09", "I-06", "I-01"):
        state.apply(f"take {card}")
    assert state.torch == 0 and state.round == 2


# -- player-count rules ---------------------------------------------------------------------

def test_two_players_winner_other_winner_other():
    state = position(players=2, table=["I-01", "I-04", "I-06", "I-09"], explorers=[12, 12], torch=1)
    bid(state, {0: 3, 1: 2})
    assert state.pick_order == [0, 1, 0, 1]
    order = []
    for card in ("I-09", "I-06", "I-04", "I-01"):
        order.append(state.current_player)
        state.apply(f"take {card}")
    assert order == [0, 1, 0, 1] and state.torch == 1
    assert state.discard == 5, "each bid is paid once"


def test_three_players_fourth_card_discarded_and_its_rock_placed_by_the_auction_winner():
    state = position(players=3, table=["I-01", "I-04", "I-06", "I-05"], explorers=[8, 8, 8], torch=0)
    bid(state, {0: 1, 1: 4, 2: 2})
    for card in ("I-01", "I-04", "I-06"):
        state.apply(f"take {card}")
    assert state.leftovers == ["I-05"]
    assert state.phase == "rock" and state.current_player == 1, "the auction winner places the rock"
    state.apply("rock on skull 1")
    assert state.round == 2 and state.torch == 0, "the last picker (seat 0), not the rock placer, takes the torch"


def test_three_players_leftover_without_rock_is_simply_discarded():
    state = position(players=3, table=["I-01", "I-04", "I-06", "I-09"], explorers=[8, 8, 8], torch=0)
    bid(state, {0: 1, 1: 1, 2: 1})
    for card in ("I-09", "I-06", "I-04"):
        state.apply(f"take {card}")
    assert state.leftovers == ["I-01"] and state.round == 2 and state.phase == "bid"


# -- Effondrement du temple & présence mystique ------------------------------------------------

def test_a_rock_never_covers_the_last_visible_cell_of_a_column():
    state = position(players=2, table=["I-12", "I-05", "I-08", "I-01"], explorers=[12, 12], torch=0)
    bid(state, {0: 1, 1: 0})
    state.apply("take I-12")
    state.apply("rock on skull 1")
    state.apply("take I-05")
    state.apply("rock on skull 2")
    state.apply("take I-08")
    assert state.phase == "rock"
    cells = {(a.column, a.cell) for a in state.legal_actions()}
    assert ("skull", 3) not in cells and ("shield", 1) in cells
    before = state.to_json()
    with pytest.raises(al.IllegalAction, match="last visible cell"):
        state.apply("rock on skull 3")
    with pytest.raises(al.IllegalAction, match="already has a rock"):
        state.apply("rock on skull 1")
    assert state.to_json() == before


def test_rock_and_totem_are_only_placed_when_the_card_shows_them():
    state = position(players=2, table=["I-01", "I-04", "I-06", "I-09"], explorers=[12, 12], torch=0)
    bid(state, {0: 1, 1: 0})
    state.apply("take I-01")
    with pytest.raises(al.IllegalAction, match="must choose a card to take"):
        state.apply("rock on sundial 1")
    with pytest.raises(al.IllegalAction):
        state.apply("totem pillage")


def test_totem_symbol_chooses_one_of_the_five_and_it_is_gone():
    state = position(players=2, table=["I-03", "I-07", "I-06", "I-09"], explorers=[12, 12], torch=0,
                     totems_in_play=["sun", "idol", "amulet", "plumes", "charmer"])
    bid(state, {0: 1, 1: 0})
    state.apply("take I-03")
    assert [a.name for a in state.legal_actions()] == sorted(["sun", "idol", "amulet", "plumes", "charmer"])
    state.apply("totem idol")
    state.apply("take I-07")
    assert "idol" not in [a.name for a in state.legal_actions()]
    with pytest.raises(al.IllegalAction, match="not available"):
        state.apply("totem idol")


# -- the totems (reconstruction, GAPS.md 2.4) ---------------------------------------------------

def totem_round(name: str, explorers=(6, 6, 6, 6), bids=(1, 0, 0, 0)):
    others = [t for t in components.TOTEM_BY_NAME if t != name][:4]
    state = position(players=4, table=["I-03", "I-01", "I-06", "I-09"], explorers=list(explorers), torch=0,
                     totems_in_play=[name] + others)
    bid(state, dict(enumerate(bids)))
    state.apply("take I-03")
    state.apply(f"totem {name}")
    return state


def test_totem_pillage_takes_up_to_three_explorers_from_the_discard():
    state = totem_round("pillage", explorers=(5, 5, 5, 5), bids=(2, 1, 1, 1))
    # discard was 4, then +2 for seat 0's bid paid at the pick
    assert state.explorers[0] == 3 + 3 and state.discard == 3


def test_totem_tribute_each_other_player_gives_one_explorer():
    state = totem_round("tribute", explorers=(8, 8, 0, 8), bids=(1, 1, 0, 1))
    assert state.explorers == [7 + 2, 6, 0, 6], "a player with no explorer gives none"


def test_totem_refuge_takes_back_the_bid_and_the_last_picker_still_takes_the_torch():
    """« Pour la manche suivante, le pion Torche est récupéré par celui qui a choisi sa carte Trésor en
    dernier lors de ce tour » holds with every totem: the refuge gives back this round's bid instead."""
    state = totem_round("refuge", explorers=(5, 5, 5, 5), bids=(3, 1, 1, 1))
    assert state.explorers[0] == 5 and state.events[-1] == ("refuge", 0, 3), "the bid of 3 comes back"
    while state.round == 1:
        state.apply(state.legal_actions()[0])
    assert state.torch == state.last_picker != 0
    assert "torch" not in components.TOTEM_BY_NAME, "no totem moves the torch"


def test_totems_respect_the_printed_values():
    """« comprise dans une fourchette entre 0 et 3 points » (sundial), « un minimum de 3 points et un
    maximum de 9 points » (shield): with any totems, each sundial or shield scores within them."""
    sundial, shield = components.COLUMNS[0], components.COLUMNS[3]
    everything = [t.name for t in components.TOTEMS if t.timing == "end"]
    for sun in sundial.cells:
        for sh in shield.cells:
            for n_sun, n_sh in ((1, 1), (3, 2)):
                row = scoring.score_breakdown([[n_sun, 0, 0, n_sh, 0]], [0], [everything],
                                              [sun, 0, 0, sh, 0])[0]
                items = n_sun + n_sh + 2          # sun and plumes each count as one more item
                per_item = (row["sundial"] + row["shield"] + row["totems"]) / items
                assert min(sundial.cells + shield.cells) <= per_item <= max(sundial.cells + shield.cells)
                assert row["totems"] == sun + sh, "one more sundial and one more shield, at their values"


def test_three_players_the_discarded_cards_totem_gives_nothing():
    """« Quand un joueur récupère une carte avec un symbole de Totem, il choisit 1 carte Totem »:
    the fourth card of a three-player round is discarded, taken by nobody, so its totem is not chosen."""
    totem_card = next(c.id for c in components.CARDS if c.phase == 1 and c.totem and not c.rock)
    others = [c.id for c in components.CARDS if c.phase == 1 and not c.totem and not c.rock][:3]
    state = position(players=3, table=others + [totem_card], explorers=[8, 8, 8], torch=0)
    bid(state, {0: 1, 1: 2, 2: 0})
    for card in others:
        state.apply(f"take {card}")
    assert state.leftovers == [totem_card] and not any(state.totems)
    assert state.round == 2 and len(state.totems_available) == components.TOTEMS_IN_PLAY


def test_totem_landslide_moves_a_rock_or_leaves_it():
    state = position(players=2, table=["I-05", "I-03", "I-06", "I-09"], explorers=[12, 12], torch=0,
                     totems_in_play=["landslide", "sun", "idol", "amulet", "plumes"])
    bid(state, {0: 2, 1: 1})
    state.apply("take I-05")
    state.apply("rock on snake 1")
    state.apply("take I-03")       # seat 1: sundial + snake, totem
    state.apply("totem landslide")
    assert state.phase == "landslide"
    legal = [str(a) for a in state.legal_actions()]
    assert "leave rocks" in legal and "move rock snake 1 -> snake 4" in legal
    state.apply("move rock snake 1 -> shield 3")
    assert not state.covered[1][0] and state.covered[3][2]
    assert state.phase == "pick" and state.current_player == 0


def test_totem_landslide_never_covers_a_last_visible_cell():
    state = position(players=2, table=["I-12", "I-05", "I-08", "I-03"], explorers=[12, 12], torch=0,
                     totems_in_play=["landslide", "sun", "idol", "amulet", "plumes"])
    bid(state, {0: 2, 1: 1})
    state.apply("take I-12")
    state.apply("rock on shield 1")
    state.apply("take I-05")
    state.apply("rock on shield 2")          # the shield column now shows only 9
    state.apply("take I-08")
    state.apply("rock on skull 1")
    state.apply("take I-03")
    state.apply("totem landslide")
    legal = {str(a) for a in state.legal_actions()}
    assert "move rock skull 1 -> shield 3" not in legal
    assert "move rock shield 1 -> shield 3" in legal, "lifting a shield rock frees a cell of that column"
    before = state.to_json()
    with pytest.raises(al.IllegalAction, match="last visible cell"):
        state.apply("move rock skull 1 -> shield 3")
    assert state.to_json() == before
    state.apply("leave rocks")
    assert state.covered[3] == [True, True, False] and state.round == 2


def test_totem_vision_shows_the_next_four_cards_to_its_holder_only():
    state = totem_round("vision")
    upcoming = state.decks[0][::-1][:4]
    assert state.observation(0)["known_pile_top"] == upcoming
    assert state.observation(1)["known_pile_top"] == []
    world = state.determinize(0, 5)
    assert world.decks[0][::-1][:4] == upcoming, "what the holder saw stays true in every world"
    while state.round == 1:
        state.apply(state.legal_actions()[0])
    assert sorted(state.table) == sorted(upcoming) and state.peek[0] == []


@pytest.mark.parametrize("totem,counts,line,expected", [
    ("sun", [3, 0, 0, 0, 0], "totems", 2),        # one more sundial at 2
    ("plumes", [0, 0, 0, 2, 0], "totems", 6),     # one more shield at 6
    ("charmer", [0, 2, 0, 0, 0], "snake", 0),
])
def test_end_of_game_totems_per_item(totem, counts, line, expected):
    values = [2, -3, 8, 6, -6]
    row = scoring.score_breakdown([counts], [0], [[totem]], values)[0]
    assert row[line] == expected


def test_end_of_game_totems_change_the_majorities():
    values = [2, 2, 8, 6, -6]
    rows = scoring.score_breakdown([[0, 0, 1, 0, 0], [0, 0, 2, 0, 0]], [0, 0], [["idol"], []], values)
    assert rows[0]["statuette"] == rows[1]["statuette"] == 8, "idol: 1 + 1 ties 2"
    rows = scoring.score_breakdown([[0, 0, 0, 0, 2], [0, 0, 0, 0, 2]], [0, 0], [["amulet"], []], values)
    assert rows[0]["skull"] == 0 and rows[1]["skull"] == -6


# -- Fin de partie ----------------------------------------------------------------------------

def test_final_count_per_item_majorities_and_explorers():
    values = [3, -1, 12, 9, -6]
    counts = [[2, 1, 2, 1, 1], [1, 0, 2, 0, 3], [0, 3, 1, 2, 0]]
    rows = scoring.score_breakdown(counts, [5, 2, 0], [[], [], []], values)
    assert [r["sundial"] for r in rows] == [6, 3, 0]
    assert [r["snake"] for r in rows] == [-1, 0, -3]
    assert [r["statuette"] for r in rows] == [12, 12, 0], "tied statuette majority: each scores"
    assert [r["shield"] for r in rows] == [9, 0, 18]
    assert [r["skull"] for r in rows] == [0, -6, 0], "most skulls takes the malus"
    assert [r["explorers"] for r in rows] == [2, 1, 0], "1 point per 2 explorers"
    assert [r["total"] for r in rows] == [28, 10, 15]


def test_no_majority_without_any_item():
    rows = scoring.score_breakdown([[0] * 5, [0] * 5], [0, 0], [[], []], [0, 0, 16, 3, -9])
    assert [r["statuette"] for r in rows] == [0, 0] and [r["skull"] for r in rows] == [0, 0]


def test_the_game_ends_when_the_phase_two_pile_is_empty():
    rng = random.Random(4)
    for players in (2, 3, 4):
        state = GAME.new_state(players=players, seed=players)
        rounds = []
        while not state.is_terminal:
            rounds.append(state.round)
            state.apply(rng.choice(state.legal_actions()))
        assert max(rounds) == 8 and state.decks == [[], []] and not state.table
        assert sum(map(sum, state.covered)) == 13, "every rock symbol is placed"
        assert all(cells.count(False) == 1 for cells in state.covered), "one value left per column"
        assert state.scores() == scoring.final_scores(state.collections, state.explorers, state.totems,
                                                      state.covered)


def test_tie_on_points_goes_to_most_explorers_left_then_is_shared():
    """'En cas d'égalité de score final, ... le plus de pions Explorateurs'."""
    state = position(players=2, table=["I-01", "I-04", "I-06", "I-09"], explorers=[3, 9], torch=0)
    # Scoring only: seat 0 holds one sundial, and the sundial column shows 3.
    state.counts = [[1, 0, 0, 0, 0], [0] * 5]
    state.covered[0] = [True, True, True, False]
    assert state.scores() == [3 + 1, 9 // 2]
    assert state.winners() == [1], "4 points each: seat 1 kept more explorers"
    state.explorers = [9, 9]
    state.counts = [[0] * 5, [0] * 5]
    assert state.scores() == [4, 4] and state.winners() == [0, 1], "still tied: a shared win"


def test_live_scores_use_the_average_of_the_visible_cells():
    state = position(players=2, table=["I-01", "I-04", "I-06", "I-09"], explorers=[0, 24], torch=0)
    state.counts = [[2, 0, 0, 0, 0], [0] * 5]
    assert scoring.column_value((0, 1, 2, 3)) == 1.5
    assert state.scores()[0] == 3
