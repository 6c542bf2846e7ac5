"""Thebes board: the widget's message protocol driven from Python, as the JavaScript drives it.

ipywidgets swallows exceptions raised in message callbacks, so these tests call
``board.act`` directly and read ``board.view``.
"""

from __future__ import annotations

import json
import re

import pytest

import archeo_lab as al
from archeo_lab.games.thebes.view import card_name
from archeo_lab.games.thebes import GAME, position, scoring
from archeo_lab.games.thebes.draw import draw
from archeo_lab.ui import board_class
from archeo_lab.ui.assets import board_sources

MESO = ["mesopotamia expertise 2", "general knowledge 1", "general knowledge 2"]


@pytest.fixture
def w():
    return al.play("thebes", players=3, seed=1, opponents={1: "greedy", 2: "random"})


def targets(board: dict) -> list[dict]:
    """Every action a click on the board can send (what widgets/thebes.js makes clickable)."""
    out = [s["action"] for s in board["storage"] if s["action"]]
    out += [c["action"] for c in board["exhibitions"] + board["museums"] if c["action"]]
    out += [p["action"] for c in board["hand"] for p in c["plays"]]
    out += [d["action"] for d in board["digs"]]
    if board["dig"]:
        out += [o["action"] for o in board["dig"]["options"]]
    if board["draw"]:
        out.append(board["draw"]["action"])
    if board["robbers"]:
        out += [o["action"] for o in board["robbers"]["options"]]
    if board["museum"]:
        out += [o["action"] for o in board["museum"]["options"]]
    return out


def test_play_returns_a_board_whose_view_is_plain_json(w):
    view = w.board.view
    assert view["game"] == "thebes" and view["your_turn"] and view["seat"] == 0
    board = view["board"]
    for key in ("prompt", "log", "track", "storage", "exhibitions", "museums", "piles", "seats", "hand", "digs",
                "dig", "draw", "robbers", "museum", "draws", "final", "deck"):
        assert key in board
    assert w.board.legal == [a.to_json() for a in w.match.state.legal_actions()]
    json.dumps(view)


def test_the_time_track_shows_who_plays_next_and_the_stacks(w):
    track = w.board.view["board"]["track"]
    assert track["next"] == w.match.state.current_player == 0
    stacked = [s for st in track["stacks"] for s in st["seats"]]
    assert sorted(stacked) == [0, 1, 2]
    for st in track["stacks"]:
        heights = [w.match.state.height[s] for s in st["seats"]]
        assert heights == sorted(heights), "bottom to top"


def test_a_click_takes_a_card_and_the_bots_answer(w):
    space = w.board.view["board"]["storage"][0]
    before = len(w.match.history)
    assert w.board.act(space["action"]) is True
    assert w.board.view["recent"][0].startswith(f"You take {card_name(space['card']['key'])}")
    assert len(w.match.history) > before
    assert w.board.view["moves"] == len(w.match.history)


@pytest.mark.parametrize("bad,words", [
    ({"type": "take", "card": "exhibition 1"}, "exhibition|storage"),
    ({"type": "take", "card": "egypt relic 4"}, "never take relic cards"),
    ({"type": "dig", "region": "egypt"}, "at least 1 expertise"),
    ({"type": "dig", "region": "atlantis"}, "no region 'atlantis'"),
    ({"type": "weeks", "weeks": 4, "assistant": False}, "first choose where to dig"),
    ({"type": "thief", "region": "egypt"}, "no 'egypt thief' card in your hand"),
    ({"type": "weeks", "weeks": "4", "assistant": False}, "must be an integer"),
    ("dance", "cannot read"),
])
def test_a_refused_click_shows_its_reason_and_changes_nothing(w, bad, words, check_refused):
    check_refused(w, bad, words)


def test_the_dig_dialog_shows_knowledge_cards_and_expected_value():
    state = position(players=2, weeks=[0, 20], tableau=[MESO, []], hands=[["assistant"], []],
                     piles={"mesopotamia": [0, 0, 0, 1, 2, 3, 4, 5, 6]})
    w = al.play("thebes", state=state, opponents={1: "greedy"})
    digs = w.board.view["board"]["digs"]
    assert [(d["region"], d["knowledge"], d["permit"]) for d in digs] == [("mesopotamia", 4, "region")]
    assert w.board.view["board"]["dig"] is None
    assert w.board.act(digs[0]["action"])
    dig = w.board.view["board"]["dig"]
    assert dig["knowledge"] == 4 and dig["knowledge_assistant"] == 5 and dig["permit"] == "region"
    assert dig["expertise"] == 2 and dig["general_used"] == 2 and "Mesopotamia permit" in dig["permit_text"]
    row = next(o for o in dig["options"] if o["weeks"] == 11 and not o["assistant"])
    assert row["cards"] == 4 == scoring.dig_cards(4, 11)
    odds = state.dig_odds(0, "mesopotamia", 4)
    assert row["expected"] == pytest.approx(float(odds.expected_points), abs=0.01)
    assert row["p_nothing"] == pytest.approx(float(odds.p_nothing), abs=0.001)
    assert w.board.act(row["action"]) and w.board.view["board"]["draw"]["cards"] == 4


def test_the_draw_is_revealed_card_by_card_after_the_dig():
    state = position(players=2, weeks=[0, 20], tableau=[MESO, []], piles={"mesopotamia": [0, 0, 3, 5]})
    w = al.play("thebes", state=state, opponents={1: "greedy"})
    w.board.act({"type": "dig", "region": "mesopotamia"})
    w.board.act({"type": "weeks", "weeks": 11, "assistant": False})
    board = w.board.view["board"]
    assert board["draw"]["action"] == {"type": "draw", "region": "mesopotamia", "cards": 4}
    assert "draw 4 cards" in board["prompt"]
    w.board.act(board["draw"]["action"])
    mine = [d for d in w.board.view["board"]["draws"] if d["seat"] == 0]
    assert len(mine) == 1 and sorted(mine[0]["cards"]) == [0, 0, 3, 5]


def test_hidden_information_stays_out_of_the_other_seats_view():
    state = position(players=2, weeks=[5, 0], hands=[["scientist"], ["egypt thief"]],
                     piles={"egypt": [0, 4, 6]}, known={1: {"egypt": "all"}})
    mine = GAME.view(state, 0)
    seat1 = next(s for s in mine["seats"] if s["seat"] == 1)
    assert seat1["hand"] is None and seat1["hand_count"] == 1
    assert "egypt thief" not in json.dumps(mine)
    assert mine["piles"][1]["known"] == [] and mine["piles"][1]["size"] == 3
    theirs = GAME.view(state, 1)
    assert theirs["piles"][1]["known"] == [0, 4, 6] and theirs["piles"][1]["known_all"]
    assert "scientist" not in json.dumps([s for s in theirs["seats"]])


def test_the_robbers_pick_and_the_museum_gifts_are_clickable():
    state = position(players=2, weeks=[0, 20], hands=[["egypt tomb robbers"], []], piles={"egypt": [0, 2, 6]},
                     museums=["museum 3"], relics=[["crete relic 1", "crete relic 2", "greece relic 3",
                                                    "greece relic 4"], []])
    w = al.play("thebes", state=state, opponents={1: "greedy"})
    w.board.act({"type": "robbers", "region": "egypt"})
    robbers = w.board.view["board"]["robbers"]
    assert robbers["pile"] == [0, 2, 6] and [o["value"] for o in robbers["options"]] == [2, 6]
    w.board.act(robbers["options"][1]["action"])
    w.board.act({"type": "take", "card": "museum 3"})
    museum = w.board.view["board"]["museum"]
    assert museum["left"] == 3 and len(museum["options"]) == 5
    view = w.board.view
    assert sorted(set(map(json.dumps, targets(view["board"])))) == sorted(map(json.dumps, w.board.legal))


def test_every_clickable_target_sends_a_legal_action(check_targets):
    w = al.play("thebes", players=4, seed=2, opponents={1: "random", 2: "random", 3: "random"})
    for i in range(80):
        view = w.board.view
        if view["over"]:
            break
        # two storage spaces may hold the same card: both send the same action
        assert sorted(set(map(json.dumps, targets(view["board"])))) == sorted(map(json.dumps, w.board.legal))
        check_targets(w)
        w.board.act(w.board.legal[(7 * i) % len(w.board.legal)])


def test_the_dig_dialog_starts_on_the_most_points_per_week():
    state = position(players=2, weeks=[0, 20], tableau=[MESO, []], piles={"mesopotamia": [0, 0, 3, 5]})
    w = al.play("thebes", state=state, opponents={1: "greedy"})
    w.board.act({"type": "dig", "region": "mesopotamia"})
    options = w.board.view["board"]["dig"]["options"]
    starts = [o for o in options if o.get("default")]
    assert len(starts) == 1
    best = max(o["expected"] / o["weeks"] for o in options)
    assert starts[0]["expected"] / starts[0]["weeks"] == best


def test_the_front_end_is_one_self_contained_module():
    esm, css = board_sources("thebes")
    assert "export default" in esm and "const GAME" in esm
    assert not re.search(r"^\s*import\s|\bimport\(|https?://(?!www\.w3\.org)", esm, re.M), "nothing from a CDN"
    assert ".al-thebes" in css and board_class("thebes") is board_class("thebes")
    for hook in ("tb-digopen", "tb-weeks", "tb-digconfirm", "tb-draw", "tb-reveal", "tb-flip"):
        assert hook in esm


def test_static_drawing_shows_only_what_a_seat_may_see():
    state = position(players=2, hands=[["scientist"], ["egypt thief"]], piles={"egypt": [0, 4, 6]},
                     known={0: {"egypt": "all"}})
    svg = draw(state, seat=0)
    assert svg.startswith("<svg") and "scientist" in svg and "egypt thief" not in svg
    assert "you know all: R 4 6" in svg
    public = draw(state)
    assert "scientist" not in public and "you know" not in public
    assert state._repr_svg_().startswith("<svg")
    # permits in words, by region (not the engine's list [2, 2, 2, 2, 0])
    assert "permits: Mesopotamia 2, Egypt 2, Greece 2, Crete 2" in public and "[2, 2" not in public


def test_the_pictures_time_track_keeps_the_stack_order_and_no_names_overlap():
    """Markers one week apart rise above each other's names; on one week they stack as on the board."""
    state = GAME.new_state(players=4, seed=3)
    state.week, state.height = [20, 20, 21, 20], [0, 1, 0, 2]
    state.changed()
    svg = str(draw(state, seat=0))
    marks = re.findall(r'<circle cx="([\d.]+)" cy="([\d.]+)" r="6"[^>]*/><text x="[\d.]+" y="[\d.]+" '
                       r'[^>]*>(Seat \d)</text>', svg)
    assert len(marks) == 4
    spots = {name: (float(x), float(y)) for x, y, name in marks}
    # week 20: Seat 0 at the bottom, then Seat 1, then Seat 3 (height order); Seat 2's week 21 is next to them
    assert spots["Seat 0"][1] > spots["Seat 1"][1] > spots["Seat 3"][1]
    boxes = [(y, x - 7, x + 9 + 6 * len(name)) for name, (x, y) in spots.items()]
    for i, (y, left, right) in enumerate(boxes):
        for y2, left2, right2 in boxes[i + 1:]:
            assert y != y2 or right <= left2 or right2 <= left, f"two names overlap on the time track: {spots}"
