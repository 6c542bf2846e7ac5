"""What tutorials/02_quetzal.ipynb tells the learner, checked on the notebook's own variables.

The notebook runs once (like Run All, ``allow_errors=False``); every claim its prose makes
about the rules, the toss odds and the displacement auction is asserted here.
"""

from __future__ import annotations

from fractions import Fraction

from tests.notebooks import values_fixture

NOTEBOOK = "tutorials/02_quetzal.ipynb"

EXPRESSIONS = {
    # 1. set-up
    "starting_gold": "[quetzal.starting_gold(s) for s in range(5)]",
    "team": "[quetzal.team_meeples(n) for n in (2, 3, 4, 5)]",
    "displays": "[len(state.temple), [len(a) for a in state.annexes], len(state.village), state.first, state.round]",
    "start_rows": "state.score_breakdown()",
    "start_gold": "state.gold",
    # 2. the toss
    "tossed": "state.tossed",
    "reserve": "state.reserve",
    "p": "str(p)",
    "exact": "[str(x) for x in exact]",
    "at_least_5": "str(at_least_5)",
    "expected_adventurers": "str(toss.expected_count(6, toss.ADVENTURER_FACES))",
    "gap": "gap",
    # 3. unique locations
    "lucie_gold": "temple.gold[lucie]",
    "temple_2_holder": "quetzal.holder(temple, 'temple-2')",
    "stele_holder": "quetzal.holder(temple, 'stele')",
    "first_holder_stele": "[str(a) for a in first_holder.legal_actions() if a.location == 'stele']",
    # 4. bidding locations
    "quarry": "[quetzal.holder(quarry, 'quarry'), quarry.reserve[jean], quarry.current_player]",
    "lone": "[quetzal.holder(lone, 'small-temple'), marie_options, lone.current_player]",
    "war": "[war['winner'], war['price'], war['ceilings'], war['payoffs'], all_pay]",
    "prices": "prices",
    "near": "near",
    "jump": "[jump['winner'], jump['price'], jump['bids']]",
    "higher": "higher",
    "equal": "[equal['winner'], equal['price']]",
    # 5-7. camp, Temple, market
    "camp": "[camp.gold[0], camp.reserve[0], camp.current_player]",
    "hands": "act.hands",
    "market": "[market.hands[lucie], market.vp[lucie], market.gold[marie], gold_before]",
    # 8-9. deliveries and the end
    "harbour": "[harbour.vp[0], harbour.gold[0], harbour.hands[0]]",
    "vase_3": "quetzal.delivery_points('vase', 3)",
    "jean_row": "row",
    "jean_upgrades": "[components.TILE_KIND[t] for t in ('U01', 'U02', 'U05')]",
    "tie": "[tie.scores(), tie.winners()]",
    # 10-11. two players, the full game
    "duo": "[sorted(components.LOCATIONS[i].key for i in duo.covered), duo.events[-1][0]]",
    "full_game_seats": "[full_game.match.human_seats, full_game.match.opponents]",
}


seen = values_fixture(NOTEBOOK, EXPRESSIONS)


def test_set_up_and_points_before_anything(seen):
    assert seen["starting_gold"] == [4, 5, 5, 6, 6] and seen["team"] == [6, 6, 5, 4]
    assert seen["displays"] == [8, [2, 2, 2], 3, 0, 1]
    rows, gold = seen["start_rows"], seen["start_gold"]
    assert all(r["track"] == 0 and r["upgrades"] == 0 for r in rows)          # only the token and the gold count
    assert [r["token"] for r in rows] == [2, 0, 0]
    assert [r["gold"] for r in rows] == [g // 3 for g in gold]


def test_toss_reserve_and_standing_gold(seen):
    for seat, (faces, reserve) in enumerate(zip(seen["tossed"], seen["reserve"])):
        team = faces[:-1]
        assert reserve == [team.count("black"), team.count("white"), team.count("side") + team.count("standing"), 1]
        assert seen["start_gold"][seat] == [4, 5, 5][seat] + faces.count("standing")


def test_toss_odds(seen):
    assert seen["p"] == "3/5"
    exact = [Fraction(x) for x in seen["exact"]]
    assert sum(exact) == 1 and len(exact) == 7
    assert Fraction(seen["at_least_5"]) == sum(exact[4:])
    assert seen["expected_adventurers"] == "18/5"
    assert seen["gap"] < 0.01


def test_unique_locations(seen):
    assert seen["lucie_gold"] == 6 - 4                        # the rule book: she pays 4 gold
    assert seen["temple_2_holder"] == 0                       # still Lucie's after Jean's refused try
    assert seen["stele_holder"] == 1                          # Jean may go there
    assert seen["first_holder_stele"] == []                   # forbidden to the token's holder


def test_bidding_locations(seen):
    assert seen["quarry"] == [0, [1 + 2, 1, 0, 1], 1]          # Lucie holds it; Jean's 2 adventurers came back
    holder, marie_options, to_move = seen["lone"]
    assert holder == 1 and to_move == 2 and "small-temple" not in marie_options and marie_options


def test_displacement_auction_claims(seen):
    winner, price, ceilings, payoffs, all_pay = seen["war"]
    assert winner == 1 and price == 6 and ceilings == [5, 8] and payoffs == [0.0, 2.0]
    assert all_pay == [-5.0, 2.0]
    assert seen["near"] == 8 and all(r <= p <= r + 1 for r, p in enumerate(seen["prices"]))
    # the jump: the rival would need more than its ceiling to beat it, and it is cheaper than raising by one
    jump_winner, jump_price, jump_bids = seen["jump"]
    assert jump_winner == 1 and jump_bids == [[1, ceilings[0]]] and ceilings[0] <= jump_price < price
    # the higher ceiling wins every war of the chart; on equal ceilings the first to bid keeps the location
    assert seen["higher"] == 8 and seen["equal"] == [0, 5]


def test_camp_temple_market(seen):
    assert seen["camp"][0] == 4 + 2 and seen["camp"][2] == 1
    hands = seen["hands"]
    assert hands[0] == ["VA-01", "VA-02"] and hands[2] == ["TA-01"]
    assert len(hands[1]) == 2 and hands[1][0] == "MU-01"     # Jean chose the mummy, then drew one
    lucie_hand, lucie_vp, marie_gold, before = seen["market"]
    assert len(lucie_hand) == 2 and lucie_vp == 1 and marie_gold == before + 7


def test_deliveries_and_end(seen):
    assert seen["vase_3"] == 6
    assert seen["harbour"] == [6 + 1, 2 - 2 + 1, ["MU-05"]]   # 3 vases: 6 VP, +1 VP and +1 gold icons, 2 gold paid
    row = seen["jean_row"]
    assert [row["track"], row["token"], row["gold"], row["upgrades"], row["total"]] == [34, 2, 2, 5, 43]
    assert seen["jean_upgrades"] == ["reroll", "reroll", "double-reroll"]
    assert seen["tie"] == [[10, 10, 3 + 2], [0]]              # seat 2's token; seats 0 and 1 tie, discovery 4 > 2


def test_two_players_and_the_full_game(seen):
    assert seen["duo"] == [["ship-b", "village-3"], "dummy"]
    assert seen["full_game_seats"] == [[0], {"1": "greedy", "2": "greedy"}]
