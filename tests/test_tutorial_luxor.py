"""What tutorials/03_luxor.ipynb tells the learner, checked on the notebook's own variables,
and the line map it draws (distinct colours, a legend for everything drawn).
"""

from __future__ import annotations


from tests.notebooks import values_fixture

NOTEBOOK = "tutorials/03_luxor.ipynb"

EXPRESSIONS = {
    "tiles_and_adventurers": "[sum(components.TILE_COUNTS.values()), components.ADVENTURERS_PER_PLAYER]",
    "points": "[luxor.tile_points(b) for b in ('camp', 'temple', 'pyramid', 'mountain', 'desert')]",
    "seen_hand": "[seen_by_1['kept'], backs]",
    "cells": "cells",
    "e5_legal": "'place lake at E5' in [str(a) for a in start.legal_actions()]",
    "limits": "[luxor.board_limit(n) for n in (2, 3, 4)]",
    "j6_legal": "'place desert at J6' in [str(a) for a in long_row.legal_actions()]",
    "camp": "[state.reserve[0], state.camp_movable, luxor.stack_at(state, 'E6')]",
    "example": "[luxor.stack_at(example, c) for c in ('E7', 'E6', 'E5')] + [example.scores()]",
    "reachable": "[luxor.reachable(survey, 'F5', n) for n in (2, 4, 5)]",
    "path": "nx.shortest_path_length(graph, 'H5', 'E5')",
    "step": "[step['need'], step['direction'], graph.nodes['F8']['open']]",
    "lines": "luxor.lines_from(survey, 'F5')",
    "rows": "[[r['camps'], r['temples'], r['pyramids'], r['total']] for r in rows]",
    "tie": "[tie.scores(), tie.reserve, tie.winners()]",
    "storm": "[luxor.stack_at(storm, 'E7'), storm.captives[0], storm.score_breakdown()[0]['sandstorm'],"
             " storm.current_player]",
    "full_game_seats": "[full_game.match.human_seats, full_game.match.opponents]",
    "solve_table": "[[str(x) for x in solve(V, c, m)] for c in (Fraction(1, 5), Fraction(2, 5), Fraction(3, 5))"
                   " for m in (2, 3)]",
    "rule": "[agree, cases]",
    "records": "[len(records), taken_over, late_points, all_points]",
    "split": "[camp.variant] + [luxor.stack_at(camp, c) for c in ('F5', 'F6', 'G5')] + [camp.camp_movable]",
}


seen = values_fixture(NOTEBOOK, EXPRESSIONS)


def test_components_and_set_up(seen):
    assert seen["tiles_and_adventurers"] == [24, 30]
    assert seen["points"] == [1, 2, 3, 0, 0]
    assert seen["seen_hand"] == [None, [1, 1]]                 # the kept tile stays hidden: back numbers only


def test_placing_tiles_and_the_play_area(seen):
    assert "E6" in seen["cells"] and "E5" not in seen["cells"]  # E5 touches F6 only at a corner
    assert seen["e5_legal"] is False
    assert seen["limits"] == [7, 9, 10] and seen["j6_legal"] is False


def test_camp_and_the_worked_example(seen):
    assert seen["camp"] == [30 - 4, 3, [0, 0, 0, 0]]
    e7, e6, e5, scores = seen["example"]
    assert e7 == [0] and e6 == [1, 1, 0, 0] and e5 == [1, 1, 0, 0]     # both full, grey (seat 0) on top
    assert scores == [1 + 2 + 3, 0]


def test_movement_graph_claims(seen):
    two, four, five = seen["reachable"]
    assert four == {"F6": 1, "G5": 1, "E5": 2, "F4": 2, "F7": 2, "H5": 2, "I5": 4}
    assert "I5" not in two and "D5" not in five                         # D5 holds four: closed for good
    assert seen["path"] == 3
    assert seen["step"] == [2, "north", False]
    assert seen["lines"]["north"] == [["F4", 2], ["F3", 5]] and seen["lines"]["west"] == [["E5", 2]]


def test_scoring_prose(seen):
    assert seen["rows"] == [[1, 0, 3, 4], [0, 2, 0, 2]]                 # the mountain scores nothing
    scores, reserves, winners = seen["tie"]
    assert scores == [2, 2] and reserves[0] == reserves[1] + 1 and winners == [0]


def test_sandstorm(seen):
    stack, captives, points, to_move = seen["storm"]
    assert stack == [0, 0, 0] and captives == [0, 1] and points == 1 and to_move == 1


def test_backward_induction_claims(seen):
    table = seen["solve_table"]          # (A's value, B's value, A's first move) for c = 1/5, 2/5, 3/5 and 2, 3 turns
    assert [row[2] for row in table] == ["4", "4", "4", "4", "0", "0"]  # block while 4c < 2, else wait
    assert table[4][:2] == ["0", "7/5"] and table[5][:2] == ["7/5", "0"]   # the last mover takes it with one
    agree, cases = seen["rule"]
    assert agree == cases == 740            # temples worth 1, 2, 3, 5, 8; c below the temple's value; 2-5 turns


def test_greedy_games_show_takeovers(seen):
    claimed, taken_over, late, total = seen["records"]
    assert claimed > 100 and 0 < taken_over < claimed and 0 < late < total


def test_teacher_one_line_and_the_split_variant(seen):
    # The loop's last pass is the "+split" variant: two groups left, one extra still free.
    assert seen["split"] == ["standard+split", [0, 0], [0], [0, 0], 1]


def test_full_game_board(seen):
    assert seen["full_game_seats"] == [[0], {"1": "greedy"}]


def test_line_map_colours_and_legend():
    """Issue 19: oasis terrain and 'claimable' must not share a colour, and the legend explains everything."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import to_rgb

    from archeo_lab.games import luxor
    from archeo_lab.games.luxor.lines import LINE_COLOURS, TERRAIN_COLOURS

    terrains = {to_rgb(c) for c in TERRAIN_COLOURS.values()}
    assert not terrains & {to_rgb(c) for c in LINE_COLOURS.values()}
    assert len({to_rgb(c) for c in LINE_COLOURS.values()}) == len(LINE_COLOURS)

    state = luxor.position(players=2, layout=["desert temple", "desert", "desert temple", "desert"],
                           tiles={"F5": "desert camp", "E5": "oasis temple", "F8": "lake", "F4": "mountain"},
                           stacks={"F5": [0]})
    ax = luxor.draw_lines(state, "F5", 2)
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    for words in ("desert", "oasis", "mountain", "lake", "camp", "temple", "pyramid", "claim", "more adventurers",
                  "stops", "top"):
        assert any(words in label for label in labels), words
    plt.close("all")


def test_the_exported_tutorial_shows_every_board_as_a_picture(seen):
    """Issue 14: a tutorial saved as JupyterLab saves it (no widget state) and exported to HTML shows each
    board as its picture, and no empty widget box."""
    import base64
    import re

    from nbconvert import HTMLExporter

    from tests.notebooks import executed

    nb = executed(NOTEBOOK)
    nb.metadata.pop("widgets", None)            # JupyterLab saves no widget state by default
    boards = [out for cell in nb.cells if cell.cell_type == "code" for out in cell.get("outputs", [])
              if "application/vnd.jupyter.widget-view+json" in out.get("data", {})]
    assert len(boards) >= 3, "the Luxor tutorial shows several boards"
    html, _ = HTMLExporter().from_notebook_node(nb)
    body = html.split("<body", 1)[1]
    pictures = {base64.b64decode(b).decode() for b in re.findall(r'src="data:image/svg\+xml;base64,([^"]+)"', body)}
    for i, out in enumerate(boards):
        svg = out["data"].get("image/svg+xml", "")
        assert svg.startswith("<svg") and svg in pictures, f"board {i}: no picture in the exported HTML"
    assert "application/vnd.jupyter.widget-view+json" not in body
