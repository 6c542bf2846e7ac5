"""What tutorials/05_tikal.ipynb tells the learner, checked on the notebook's own variables.

The notebook runs once, like Run All (``allow_errors=False``); the checks that used to sit in its
cells as ``assert`` lines are here, one test per claim its prose makes.
"""

from __future__ import annotations

import nbformat
from nbclient import NotebookClient

from tests.notebooks import ROOT, values_fixture

NOTEBOOK = "tutorials/05_tikal.ipynb"

EXPRESSIONS = {
    # 1-2. components and set-up
    "by_kind": "dict(by_kind)",
    "volcano_letters": "sorted(t.letter for t in components.TILES if t.kind == 'volcano')",
    "levels": "sum(components.LEVEL_PIECES.values())",
    "masks": "sum(t.value for t in components.TILES if t.kind == 'ruin')",
    "stones": "sorted({sum(t.stones) for t in components.TILES if t.kind != 'volcano'})",
    "letters": "letters",
    "drawn_letter": "components.TILE_BY_ID[state.in_hand].letter",
    "printed": "[state.kind[state.index_of(s)] for s in ('A5', 'A4', 'B4', 'B5')]",
    "start": "[state.current_player, state.phase]",
    # 3. placing a hex, the refusal, ruins and volcanoes
    "on_d3": "on_d3",
    "small_unchanged": "[small.phase, small.in_hand, small.kind[small.index_of('D3')]]",
    "ruin_seen": "ruin.observation(1)['tokens_on']",
    "supply": "len(ruin.supply)",
    "volcano_spots": "spots",
    # 4. action points, the first turn, camps and guardians
    "costs": "components.COSTS",
    "level_supply": "[capped.levels[9], capped.levels[10], capped.hex_at('B5').value, level_refusal]",
    "rodolphe": "[turn.treasures[0], turn.hex_at('A4').value, turn.holder('A4'), turn.current_player, turn.phase]",
    "camp_hop": "'move explorer A5 -> C4 (1 AP)' in [str(a) for a in camps.legal_actions()]",
    "walk": "walk",
    "guardian": "[guard.holder('A4'), guard.leader_where(0) == 'box', guard.boxed[0]]",
    "swap": "[str(a) for a in swap.legal_actions() if a.kind == 'exchange']",
    # 5. path costs
    "paths_agree": "all(tikal.cheapest_path(mid, 'A5', t, seat=0)[0] == ap == sum(mid.move_cost(0, mid.index_of(a),"
                   " mid.index_of(b)) for a, b in zip(p, p[1:])) for t, ap in costs.items()"
                   " for p in [tikal.cheapest_path(mid, 'A5', t, seat=0)[1]])",
    "savings": "{h: saving(h) for h in clearings}",
    "best_camp": "best",
    # 6. scoring
    "treasure_points": "[tikal.treasure_points(n) for n in range(4)]",
    "holders": "[tikal.temple_holder([2, 3, 0]), tikal.temple_holder([3, 3, 1])]",
    "last": "[last.is_terminal, last.scores(), last.winners()]",
    "volcano_scores": "sum(' scores ' in line for line in log[start:])",
    # 7. the full game's board
    "full_game_seats": "[full_game.match.human_seats, full_game.match.opponents]",
    # 8. the advanced rules' auction
    "auction": "[auction.current_player, auction.phase, auction.points]",
    "one_more": "one_more",
    "jump": "jump",
    "bid_one": "bid_one",
    "free": "free",
    "efficient": "[efficient, len(prices)]",
    "gap": "dict(gap)",
    "openings": "openings",
}


seen = values_fixture(NOTEBOOK, EXPRESSIONS)


def test_components_and_set_up(seen):
    assert seen["by_kind"] == {"temple": 15, "ruin": 8, "clearing": 10, "volcano": 3}     # GAPS 1.1
    assert seen["volcano_letters"] == ["B", "D", "F"] and seen["levels"] == 48
    assert seen["masks"] == 24                         # every treasure token goes on a ruin
    assert seen["stones"] == [3]                       # "three stones in all on every hex but the volcanoes"
    letters = seen["letters"]
    assert letters == sorted(letters) and seen["drawn_letter"] == "A"     # A on top ... G at the bottom
    assert seen["printed"] == ["camp", "temple", "clearing", "temple"]
    assert seen["start"] == [0, "place"]


def test_placing_a_hex(seen):
    assert seen["on_d3"] == [1]                        # only the rotation that brings the temple's stones
    assert seen["small_unchanged"] == ["place", 17, None]    # the refused placement changed nothing
    assert seen["ruin_seen"] == {"C4": 4} and seen["supply"] == 20
    assert "D3" in seen["volcano_spots"]               # touching is enough for a volcano


def test_action_points_and_the_rule_books_first_turn(seen):
    assert seen["costs"] == {"bring": 1, "camp_move": 1, "uncover": 2, "dig": 3, "exchange": 3, "camp": 5,
                             "guardian": 5}
    treasures, value, holder, to_play, phase = seen["rodolphe"]
    assert sum(treasures) == 1 and value == 3 and holder == 1          # Igor holds the temple, now 3
    assert to_play == 0 and phase == "place"


def test_a_temple_stops_growing_when_the_next_levels_are_gone(seen):
    nines, tens, value, refusal = seen["level_supply"]
    assert (nines, tens, value) == (0, 0, 9) and "no temple level 10 is left" in refusal


def test_section_8_runs_on_its_own_in_a_second_session():
    """The notebook says section 8 is for a second session: from its own first cell on, in a fresh kernel, it runs."""
    nb = nbformat.read(ROOT / NOTEBOOK, as_version=4)
    headings = [i for i, c in enumerate(nb.cells) if c.cell_type == "markdown" and c.source.startswith("## ")]
    start = next(i for i in headings if nb.cells[i].source.startswith("## 8. Later section"))
    nb.cells = nb.cells[start:min([i for i in headings if i > start], default=len(nb.cells))]
    NotebookClient(nb, timeout=120, kernel_name="python3", allow_errors=False,
                   resources={"metadata": {"path": str(ROOT / "tutorials")}}).execute()
    assert any("wins and now chooses a hex" in o.get("text", "") for c in nb.cells for o in c.get("outputs", []))


def test_camps_guardians_and_exchanges(seen):
    assert seen["camp_hop"] and seen["walk"] == 2      # the camp makes C4 1 AP away instead of 2
    assert seen["guardian"] == [0, True, 1]
    assert seen["swap"] == ["exchange vase for seat 1's bowl (3 AP)"]


def test_path_costs_and_camps(seen):
    assert seen["paths_agree"]                         # each cost is the stones along one cheapest path
    savings = seen["savings"]
    assert all(v >= 0 for v in savings.values())
    assert savings[seen["best_camp"]] == max(savings.values())


def test_scoring(seen):
    assert seen["treasure_points"] == [0, 1, 3, 6]
    assert seen["holders"] == [1, None]                # a tie holds nothing
    assert seen["last"] == [True, [10, 1], [0]]
    assert seen["volcano_scores"] == 3                 # each of the 3 players scored once


def test_full_game_board(seen):
    assert seen["full_game_seats"][0] == [0]


def test_the_rule_books_auction_example(seen):
    assert seen["auction"] == [1, "choose", [20, 15, 20, 20]]          # Rod wins and pays 5


def test_bidding_one_more_is_not_dominant(seen):
    # The notebook's counterexamples: a jump bid and passing first each beat bidding one more.
    assert seen["jump"] > seen["one_more"]
    assert seen["free"] > seen["bid_one"]
    assert [seen["one_more"], seen["jump"], seen["bid_one"], seen["free"]] == [1, 2, 0, 1]


def test_one_more_bidding_ends_at_the_second_value(seen):
    efficient, auctions = seen["efficient"]
    assert efficient == auctions == 2000
    assert set(seen["gap"]) <= {"0", "1"}              # the second-highest value, or one more


def test_teachers_answer_on_the_first_bid(seen):
    openings = seen["openings"]
    best = max(openings.values())
    assert best > openings["1"]                        # one more is not the best first bid
    assert openings["5"] == best and openings["0"] == 0
