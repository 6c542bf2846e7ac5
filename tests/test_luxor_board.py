"""The Expedition Luxor board's protocol, driven from Python as widgets/luxor.js drives it.

ipywidgets swallows exceptions raised in message callbacks, so these tests call
``board.act`` directly and read ``board.view``.
"""

from __future__ import annotations

import json
import random
import re

import pytest

import archeo_lab as al
from archeo_lab.games.luxor.draw import draw
from archeo_lab.games.luxor.positions import position
from archeo_lab.ui import Board, board_class
from archeo_lab.ui.assets import board_sources

LAYOUT = ["desert temple", "desert", "desert temple", "desert"]


def targets(view) -> list:
    """Every action a click on the board can send, read from the view model as the JavaScript does."""
    board = view["board"]
    out = [c["action"] for c in board["keep"]] + [o["action"] for o in board["camp_options"]]
    out += [action for cell in board["cells"] for action in cell["place"].values()]
    out += [o["action"] for m in board["movers"] for o in m["options"]]
    out += [u["action"] for u in board["token_uses"]]
    if board["end"]:
        out.append(board["end"])
    return sorted(map(json.dumps, out))


@pytest.fixture
def w():
    return al.play("luxor", players=2, seed=1, opponents={1: "greedy"})


def test_play_returns_a_board_with_a_full_view_model(w):
    assert isinstance(w.board, Board) and w.match is w.board.match
    view = w.board.view
    assert view["your_turn"] and view["board"]["phase"] == "keep"
    assert [k["tile"] for k in view["board"]["keep"]] == ["desert", "desert temple", "mountain"]
    assert all(c["face_down"] for c in view["board"]["cells"]) and len(view["board"]["cells"]) == 4
    for key in ("cells", "hand", "seats", "turn", "movers", "token_uses", "prompt", "log", "limit", "size"):
        assert key in view["board"]
    json.dumps(view)


def test_keep_place_camp_and_move_by_clicks(w):
    keep = next(k for k in w.board.view["board"]["keep"] if k["tile"] == "mountain")
    assert w.board.act(keep["action"])
    view = w.board.view
    assert view["your_turn"] and view["board"]["phase"] == "play"
    assert sorted(t["tile"] for t in view["board"]["hand"]) == ["desert camp", "mountain"]
    # Place the camp on the first highlighted cell, as a click on the grid does.
    cell = next(c for c in view["board"]["cells"] if "desert camp" in c["place"])
    assert w.board.act(cell["place"]["desert camp"])
    view = w.board.view
    assert view["board"]["phase"] == "camp" and [o["adventurers"] for o in view["board"]["camp_options"]] == \
        [1, 2, 3, 4, 5]
    assert w.board.act(view["board"]["camp_options"][-1]["action"])
    movers = w.board.view["board"]["movers"]
    assert movers and movers[0]["source"] == cell["cell"] and movers[0]["role"] == "camp"
    option = movers[0]["options"][0]
    assert w.board.act(option["action"])
    assert w.match.state.stack[w.match.state.geo.cell(option["target"])][-1] == 0
    assert w.board.view["recent"][-1].startswith("You move")
    assert ["cell", option["target"]] in w.board.view["highlight"]
    assert w.board.view["board"]["turn"]["head"] == option["target"]


@pytest.mark.parametrize("bad,words", [
    ({"type": "place", "tile": "lake", "cell": "A1"}, "no lake in your hand|first every player keeps"),
    ({"type": "camp", "adventurers": 9}, "only right after it is placed|first every player keeps"),
    ({"type": "fly"}, "not an action"),
    ("garbage", "cannot read"),
    ({"type": "move", "adventurers": "2", "source": "A1", "target": "A2"}, "must be an integer"),
])
def test_a_refused_click_shows_its_reason_and_changes_nothing(w, bad, words, check_refused):
    check_refused(w, bad, words)


def test_a_refused_move_on_the_board_names_the_rule():
    state = position(players=2, layout=LAYOUT, hands=[["desert camp", "lake"], None])
    w = al.play("luxor", state=state, opponents={1: "greedy"})
    assert w.board.act({"type": "place", "tile": "lake", "cell": "E5"}) is False
    assert "not only at a corner" in w.board.view["message"]
    assert w.board.act({"type": "end"}) is False
    assert "mandatory" in w.board.view["message"]


def test_the_board_hides_the_other_hands_and_tokens():
    w = al.play("luxor", players=3, seed=2, variant="adventures", opponents={1: "greedy", 2: "greedy"})
    w.board.act({"type": "keep", "tile": "desert"})
    state = w.match.state
    view = w.board.view["board"]
    for s in (1, 2):
        seat = view["seats"][s]
        assert seat["tokens"] is None and seat["kept"] is None
        assert seat["token_count"] == 3 and seat["hand_backs"] == sorted(c >> 4 for c in state.hand[s])
    assert view["seats"][0]["tokens"] == sorted(state.token_hand[0])
    assert view["seats"][0]["kept"] == "desert"
    assert len(view["hand"]) == 2


def test_a_game_can_be_played_to_the_end_by_clicks_only():
    w = al.play("luxor", players=2, seed=4, opponents={1: "greedy"})
    clicks = 0
    rng = random.Random(4)
    while not w.board.view["over"]:
        clickable = targets(w.board.view)
        assert clickable and w.board.view["your_turn"]
        assert w.board.act(json.loads(rng.choice(clickable)))
        clicks += 1
    final = w.board.view["board"]["final"]
    assert final and w.board.view["winners"] == w.match.state.winners()
    assert next(r for r in final["rows"] if r["total"])["values"] == w.match.state.scores()
    assert final["rows"][-1]["values"] == w.match.state.reserve, "the tie-break is shown"
    assert "win" in w.board.view["board"]["prompt"]


@pytest.mark.parametrize("variant", ["standard", "adventures"])
def test_every_clickable_target_sends_a_legal_action(variant, check_targets):
    w = al.play("luxor", players=3, seed=6, variant=variant, opponents={1: "random", 2: "greedy"})
    rng = random.Random(6)
    for _ in range(120):
        view = w.board.view
        if view["over"]:
            break
        assert targets(view) == sorted(map(json.dumps, w.board.legal))
        check_targets(w)
        w.board.act(rng.choice(w.board.legal))


def test_a_click_off_the_lines_is_sent_and_the_engine_says_why():
    """luxor.js builds no action: the cells that are no target carry the move or placement to try."""
    w = al.play("luxor", players=2, seed=1, opponents={1: "greedy"})
    w.board.act({"type": "keep", "tile": "desert"})
    board = w.board.view["board"]
    tile = board["hand"][0]["tile"]
    tries = board["place_tries"][tile]
    cell, attempt = next(iter(tries.items()))
    assert attempt == {"type": "place", "tile": tile, "cell": cell} and w.board.act(attempt) is False
    assert w.board.view["message"].startswith("Refused:")


def test_a_token_can_be_used_by_clicks():
    state = position(players=2, variant="adventures", layout=LAYOUT, tiles={"E6": "mountain", "E5": "lake"},
                     placed_by=1, stacks={"E6": [0, 0, 0]}, hands=[["desert", "lake"], None],
                     token_hands=[["boat", "snakes", "caravan"], None])
    w = al.play("luxor", state=state, opponents={1: "greedy"})
    w.board.act({"type": "place", "tile": "desert", "cell": "D6"})
    uses = w.board.view["board"]["token_uses"]
    boat = next(u for u in uses if u["token"] == "boat" and u["target"] == "E5")
    assert w.board.act(boat["action"])
    assert w.match.state.tokens[w.match.state.geo.cell("E5")] == ("boat", 0)


def test_the_front_end_is_one_self_contained_module():
    esm, css = board_sources("luxor")
    assert "export default" in esm and "const GAME" in esm and "function render" in esm
    assert not re.search(r"^\s*import\s|\bimport\(|https?://(?!www\.w3\.org)", esm, re.M)
    assert ".al-luxor" in css and ".al-board" in css
    assert board_class("luxor") is board_class("luxor")


def test_static_drawing_shows_tiles_and_hides_the_other_hand():
    state = position(players=2, layout=LAYOUT, tiles={"E6": "oasis pyramid"}, placed_by=1,
                     stacks={"E6": [1, 0]}, hands=[["desert camp", "lake"], ["oasis camp", "mountain"]])
    svg = draw(state)
    assert svg.startswith("<svg") and "E6" in svg and "oasis camp" in svg
    mine = draw(state, seat=0)
    assert "desert camp" in mine and "oasis camp" not in mine and "2 tiles" in mine
    assert state._repr_svg_().startswith("<svg")
    text = str(state)       # in words, also the picture's alt text: no codes to decode
    assert "Expedition Luxor" in text
    assert "E6 oasis pyramid (2 adventurers, 1 of Seat 1's then 1 of Seat 0's (bottom to top): Seat 0 on top)" in text


def test_the_static_drawing_says_how_to_read_a_stack():
    """A stack is a large disc with a number and small dots: the picture says what they mean once
    adventurers are on the board, and each stack names its top adventurer on hover."""
    from archeo_lab.games.luxor.draw import STACK_LEGEND
    state = position(players=2, layout=LAYOUT, tiles={"E6": "oasis pyramid"}, placed_by=1, stacks={"E6": [1, 0]})
    assert STACK_LEGEND in draw(state)
    assert "<title>E6: 2 adventurers, seat 0's on top</title>" in draw(state)
    assert "<title>E6: 2 adventurers, Ada's on top</title>" in draw(state, names=["Ada", "Bo"])
    empty = position(players=2, layout=LAYOUT, tiles={"E6": "oasis pyramid"}, placed_by=1)
    assert not any(empty.stack) and STACK_LEGEND not in draw(empty)
