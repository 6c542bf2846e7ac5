"""The Tikal board's message protocol, driven from Python as widgets/tikal.js drives it.

Every clickable target of the view model carries the action JSON it sends; these tests
click them with ``board.act`` and read ``board.view`` (ipywidgets would swallow errors).
"""

from __future__ import annotations

import json
import random

import pytest

import archeo_lab as al
from archeo_lab.games.tikal import TREASURE_KINDS, position
from archeo_lab.ui.assets import board_sources


def clickable(board_view: dict) -> list[dict]:
    """Every action JSON the widget can send from this view (what tikal.js makes clickable)."""
    out = []
    hand = board_view["hand"]
    if hand and not hand["set_aside"]:
        for rot in hand["rotations"]:
            out += [t["action"] for t in rot["targets"]]
    for moves in board_view["moves"].values():
        out += [m["action"] for m in moves]
    for buttons in board_view["actions"].values():
        out += [b["action"] for b in buttons]
    out += [t["action"] for t in board_view["offer"] if t["action"]]
    auction = board_view["auction"]
    if auction:
        out += [b["action"] for b in auction["bids"]]
        if auction["pass"]:
            out.append(auction["pass"])
    return out


def key(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


@pytest.fixture
def w():
    return al.play("tikal", players=2, seed=1, opponents={1: "greedy"})


def test_the_board_has_the_hex_map_the_drawn_hex_and_a_plain_json_view(w):
    view = w.board.view
    board = view["board"]
    assert view["your_turn"] and board["phase"] == "place"
    assert len(board["spaces"]) == 40 and {s["space"] for s in board["spaces"] if s["kind"]} == {"A4", "A5", "B4", "B5"}
    assert board["hand"]["tile"] == w.match.state.in_hand and board["hand"]["rotations"]
    assert "Place the hex" in board["prompt"] and board["log"]
    json.dumps(view)
    esm, css = board_sources("tikal")
    assert "const GAME" in esm and ".al-tikal" in css and "http" not in esm.replace("http://www.w3.org/2000/svg", "")


def test_place_a_hex_bring_an_explorer_and_move_it_by_clicks(w):
    board = w.board.view["board"]
    target = board["hand"]["rotations"][0]["targets"][0]
    assert w.board.act(target["action"]) is True
    board = w.board.view["board"]
    assert board["phase"] == "actions" and board["ap"] == 10
    assert any(s["space"] == target["space"] and s["kind"] for s in board["spaces"])
    bring = next(b for b in board["actions"]["bring"] if b["action"]["piece"] == "explorer")
    assert w.board.act(bring["action"])
    moves = w.board.view["board"]["moves"]["explorer@A5"]
    cheapest = min(moves, key=lambda m: m["cost"])
    assert w.board.act(cheapest["action"])
    state = w.match.state
    assert state.expl[0][state.index_of(cheapest["dst"])] == 1
    assert w.board.view["recent"] == [f"You move an explorer A5 -> {cheapest['dst']} ({cheapest['cost']} AP)."]
    assert ["space", cheapest["dst"]] in w.board.view["highlight"]
    assert w.board.view["board"]["ap"] == 10 - 1 - cheapest["cost"]


def test_a_refused_click_shows_the_rule_and_changes_nothing(w):
    w.board.act(w.board.view["board"]["hand"]["rotations"][0]["targets"][0]["action"])
    w.board.act({"type": "bring", "piece": "explorer", "space": "A5"})
    before, moves = w.match.state.to_json(), len(w.match.history)
    for bad, words in [({"type": "move", "piece": "explorer", "src": "A5", "dst": "A4", "cost": 1},
                        "costs 2 AP, not 1"),
                       ({"type": "move", "piece": "leader", "src": "A5", "dst": "A4", "cost": 2}, "leader is not on"),
                       ({"type": "dig", "space": "A4"}, "no treasure"),
                       ({"type": "bid", "amount": 3}, "no auction"),
                       ({"type": "teleport"}, "not an action")]:
        assert w.board.act(bad) is False
        assert w.board.view["message"].startswith("Refused:") and words in w.board.view["message"]
        assert w.match.state.to_json() == before and len(w.match.history) == moves


@pytest.mark.parametrize("variant", ["standard", "advanced"])
def test_every_clickable_target_is_legal_and_every_legal_action_clickable(variant, check_targets):
    w = al.play("tikal", players=3, seed=4, variant=variant, opponents={1: "greedy", 2: "random"})
    rng = random.Random(4)
    for _ in range(120):
        view = w.board.view
        if view["over"]:
            break
        targets = clickable(view["board"])
        assert sorted(map(key, targets)) == sorted(map(key, w.board.legal))
        check_targets(w)
        assert w.board.act(rng.choice(targets))


def test_a_click_where_the_hex_cannot_go_or_the_piece_cannot_reach_says_why(w):
    hand = w.board.view["board"]["hand"]
    tries = hand["rotations"][0]["tries"]
    assert "H1" in tries and w.board.act(tries["H1"]) is False
    assert "touches no placed hex" in w.board.view["message"]
    w.board.act(hand["rotations"][0]["targets"][0]["action"])
    w.board.act({"type": "bring", "piece": "explorer", "space": "A5"})
    far = w.board.view["board"]["move_tries"]["explorer@A5"]
    assert far and all(w.board.act(a) is False for a in far.values())
    assert w.board.view["message"].startswith("Refused:")


def test_the_view_shows_no_hidden_information():
    state = position(players=2, tiles={"C4": (2, 0), "D4": (11, 0)}, ap=10)
    view = al.get_game("tikal").view(state, 1)
    text = json.dumps(view)
    assert not any(f'"{kind}"' in text for kind in TREASURE_KINDS), "face-down treasures stay hidden"
    assert "stack" in view and set(view["stack"]) == {"left", "letters"}, "only the backs of the stack"
    ruin = next(s for s in view["spaces"] if s["space"] == "C4")
    assert ruin["treasures"] == 4 and ruin["masks"] == 4


def test_the_auction_on_the_board():
    w = al.play("tikal", players=2, seed=3, variant="advanced", opponents={1: "greedy"})
    board = w.board.view["board"]
    assert board["auction"]["active"] and board["auction"]["pass"] == {"type": "pass"}
    assert [b["amount"] for b in board["auction"]["bids"]] == list(range(1, 21))
    assert len(board["offer"]) == 2 and all(t["action"] is None for t in board["offer"])
    assert w.board.act(board["auction"]["bids"][0]["action"])
    view = w.board.view
    # The greedy bot answered; either we won (choose a hex) or it outbid us (bid again or pass).
    assert view["your_turn"]
    assert view["board"]["phase"] in ("choose", "bid")
    if view["board"]["phase"] == "choose":
        assert all(t["action"] for t in view["board"]["offer"])
        assert w.match.state.points[0] == 19


def test_a_whole_game_played_by_clicks_to_the_final_count():
    w = al.play("tikal", players=2, seed=7, opponents={1: "greedy"})
    rng = random.Random(7)
    clicks = 0
    while not w.board.view["over"]:
        board = w.board.view["board"]
        targets = clickable(board)
        # A learner who mostly acts and sometimes ends the turn early.
        ends = [t for t in targets if t["type"] == "end"]
        others = [t for t in targets if t["type"] != "end"]
        choice = ends[0] if ends and (not others or rng.random() < 0.15) else rng.choice(others)
        assert w.board.act(choice), w.board.view["message"]
        clicks += 1
        assert clicks < 3000
    final = w.board.view["board"]["final"]
    assert w.board.view["winners"] == w.match.state.winners() and "Game over" in w.board.view["board"]["prompt"]
    assert w.match.state.is_terminal and final["rows"][0]["values"] == w.match.state.scores()
    assert "tie-break" in final["rows"][1]["label"] and "tie-break" in final["rows"][2]["label"]


def test_the_static_drawing_shows_the_position():
    state = position(players=2, tiles={"C4": (2, 0)}, explorers={"C4": [1, 2]}, camps={"B4": 0}, ap=10)
    svg = al.get_game("tikal").draw(state)
    assert svg.startswith("<svg") and svg._repr_svg_() == svg
    assert "C4" in svg and "Seat 1: 0 points" in svg
    assert "seat 0 to spend action points, 10 AP left" in svg        # in words: not "seat 0 to actions"
