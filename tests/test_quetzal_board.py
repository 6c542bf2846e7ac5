"""The Quetzal board's message protocol, driven from Python as widgets/quetzal.js drives it.

ipywidgets swallows exceptions raised in message callbacks, so these tests call ``board.act`` /
the message handler directly and read ``board.view``.
"""

from __future__ import annotations

import json
import random
import re

import pytest

import archeo_lab as al
from archeo_lab.games.quetzal.draw import draw
from archeo_lab.games.quetzal.positions import position
from archeo_lab.ui import board_class
from archeo_lab.ui.assets import board_sources


@pytest.fixture
def w():
    return al.play("quetzal", players=3, seed=1, opponents={1: "greedy", 2: "random"})


def targets(board: dict) -> list[dict]:
    """Every action a click on the board can send: locations' groups, decision buttons, cards, upgrades."""
    out = [a["action"] for loc in board["locations"] for a in loc["actions"]]
    if board["decision"]:
        out += [o["action"] for o in board["decision"]["options"]]
    return out


def test_the_view_model_is_json_and_shows_what_the_issue_lists(w):
    view = w.board.view
    json.dumps(view)
    board = view["board"]
    assert view["your_turn"] and board["phase"] == "place" and board["prompt"].startswith("Your placement")
    keys = {loc["key"] for loc in board["locations"]}
    assert {"camp", "stele", "temple-1", "quarry", "black-market", "village-1", "harbour", "ship-a"} <= keys
    temple2 = next(loc for loc in board["locations"] if loc["key"] == "temple-2")
    assert temple2["cost"] == 4 and temple2["kind"] == "unique" and temple2["roles"] == ["archaeologist"]
    me = board["seats"][0]
    assert set(me["reserve"]) == {"black", "white", "either", "character"} and len(me["tossed"]) == 7
    assert {"gold", "vp", "discovery", "hand", "upgrades", "first"} <= set(me)
    assert len(board["temple"]) == 8 and len(board["village"]) == 3
    assert board["log"] and any("tosses the meeples" in line or "toss the meeples" in line for line in board["log"])


def test_placing_a_group_by_click_plays_it_and_the_bots_answer(w):
    loc = next(loc for loc in w.board.view["board"]["locations"] if loc["key"] == "quarry")
    group = loc["actions"][-1]
    before = len(w.match.history)
    assert w.board.act(group["action"]) is True
    assert w.board.view["recent"][0].startswith("You place")
    assert ["loc", "quarry"] in w.board.view["highlight"] or any("Quarry" in x for x in w.board.view["recent"])
    assert len(w.match.history) > before + 1, "the bots replied"
    shown = next(loc for loc in w.board.view["board"]["locations"] if loc["key"] == "quarry")
    assert shown["groups"] and shown["holder"] is not None


@pytest.mark.parametrize("bad,words", [
    ({"type": "place", "location": "temple-1", "role": "adventurer", "black": 1, "white": 0, "either": 0,
      "character": False}, "archaeologist"),
    ({"type": "place", "location": "quarry", "role": "adventurer", "black": 9, "white": 0, "either": 0,
      "character": False}, "in your reserve"),
    ({"type": "place", "location": "moon", "role": "any", "black": 1, "white": 0, "either": 0,
      "character": False}, "no location"),
    ({"type": "deliver", "object_type": "vase", "count": 1, "gold": 0, "vp": 0, "discovery": 0}, "placement phase"),
    ({"type": "teleport"}, "not an action"),
    ("garbage", "cannot read"),
])
def test_a_refused_click_shows_its_reason_and_changes_nothing(w, bad, words, check_refused):
    check_refused(w, bad, words)


def test_winning_a_bid_shows_the_new_holder_and_the_outbid_bot_gets_its_meeples_back():
    state = position(players=3, reserves=[[3, 1, 1, 1], [1, 1, 0, 1], [1, 1, 0, 1]],
                     groups={"quarry": [(1, "adventurer", 2, 0, 0, False)]}, to_move=0)
    w = al.play("quetzal", state=state, opponents={1: "greedy", 2: "greedy"})
    quarry = next(loc for loc in w.board.view["board"]["locations"] if loc["key"] == "quarry")
    assert quarry["holder"] == 1 and "3+ adventurers" in quarry["need"]
    assert all(a["black"] + a["either"] + a["character"] >= 3 for a in quarry["actions"])
    three = next(a for a in quarry["actions"] if a["black"] == 3)
    assert w.board.act(three["action"])
    assert any("outbid on Quarry" in line for line in w.board.view["board"]["log"])


def test_the_message_handler_never_raises_and_reports_in_the_view(w):
    handler = w.board._on_msg
    handler(w.board, {"action": w.board.legal[0]}, [])
    assert w.board.view["message_kind"] == "info"
    handler(w.board, {"nonsense": True}, [])
    assert "cannot read" in w.board.view["message"]


def test_every_clickable_target_sends_a_legal_action(check_targets):
    w = al.play("quetzal", players=4, seed=2, opponents={1: "random", 2: "random", 3: "random"})
    rng = random.Random(2)
    for _ in range(120):
        view = w.board.view
        if view["over"]:
            break
        board = view["board"]
        clicks = targets(board)
        assert sorted(map(json.dumps, clicks)) == sorted(map(json.dumps, w.board.legal))
        for card in board["temple"]:
            assert card["action"] is None or card["action"] in w.board.legal
        for tile in board["village"]:
            assert tile["action"] is None or tile["action"] in w.board.legal
        check_targets(w)
        w.board.act(rng.choice(w.board.legal))


def test_one_click_on_a_location_places_its_default_group():
    """Placement is learnable without instructions: each open location shows the group one click sends
    (the fewest meeples, plain colours before 'either' and the character)."""
    w = al.play("quetzal", players=2, seed=3, opponents={1: "greedy"})
    locations = {loc["key"]: loc for loc in w.board.view["board"]["locations"]}
    temple = locations["temple-5"]
    assert temple["default"] in [a["action"] for a in temple["actions"]]
    assert temple["default"]["white"] == 1 and not temple["default"]["character"]
    assert temple["default_text"] == "1 white" and "character" in temple["fits"]
    closed = [loc for loc in locations.values() if not loc["actions"] and not loc["covered"]]
    assert closed and all(loc["try"] for loc in closed)
    assert w.board.act(closed[0]["try"]) is False and w.board.view["message"].startswith("Refused:")
    moves = 0
    while w.board.view["board"]["round"] == 1 and moves < 20:
        board = w.board.view["board"]
        if board["decision"]:                      # the Camp's reroll: keep the toss
            assert w.board.act(board["decision"]["options"][-1]["action"])
            continue
        defaults = [loc["default"] for loc in board["locations"] if loc["default"]]
        assert defaults and w.board.act(defaults[-1])   # one click, one placement (the Camp last)
        moves += 1
    assert w.board.view["board"]["round"] == 2, "a whole round placed by one click per group"


def test_decisions_show_as_buttons_with_their_texts():
    state = position(players=3, reserves=[[0, 0, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0]],
                     hands=[[], [], ["VA-01", "MU-05"]], to_move=2)
    w = al.play("quetzal", state=state, opponents={0: "greedy", 1: "greedy"})
    w.board.act({"type": "place", "location": "black-market", "role": "adventurer", "black": 1, "white": 0,
                 "either": 0, "character": False})
    decision = w.board.view["board"]["decision"]
    assert decision["phase"] == "sell" and "Black market" in decision["title"]
    assert [o["text"] for o in decision["options"]][-1] == "keep your objects"


def test_the_two_player_board_shows_the_covered_spaces_and_the_neutral_expedition():
    w = al.play("quetzal", players=2, seed=4, opponents={1: "greedy"})
    board = w.board.view["board"]
    covered = {loc["key"] for loc in board["locations"] if loc["covered"]}
    assert covered == {"village-3", "ship-b"} and board["dummy"] is not None
    w.board.act(next(a for loc in board["locations"] if loc["key"] == "temple-5" for a in loc["actions"])["action"])
    assert any(g["seat"] == -1 and g["name"] == "Neutral expedition"
               for loc in w.board.view["board"]["locations"] for g in loc["groups"])


def test_the_front_end_is_one_self_contained_module():
    esm, css = board_sources("quetzal")
    assert "export default" in esm and "const GAME" in esm and "function render" in esm
    assert not re.search(r"^\s*import\s|\bimport\(|https?://(?!www\.w3\.org)", esm, re.M), "nothing from a CDN"
    assert ".al-quetzal" in css and "@keyframes qz-toss" in css
    for hook in ("dataset: { loc: loc.key", "dataset: { face: f", "dataset: { card: card.id",
                 "dataset: { option: o.action.type", "dataset: { upgrade: u.kind", "dataset: { role: r",
                 "loc.default_text"):
        assert hook in esm, f"the browser test needs the stable attribute {hook!r}"
    assert board_class("quetzal") is board_class("quetzal")


def test_static_drawing_shows_the_board():
    state = position(players=3, reserves=[[2, 0, 1, 1], [0, 3, 0, 1], [1, 1, 1, 0]],
                     groups={"quarry": [(1, "archaeologist", 0, 2, 0, False)]}, to_move=0)
    svg = draw(state)
    assert svg.startswith("<svg") and "Quarry" in svg and "Harbour office" in svg and "Seat 2" in svg
    assert svg._repr_svg_() == str(svg) and state._repr_svg_().startswith("<svg")


def test_the_static_drawing_says_everything_in_words_and_cuts_nothing():
    """Cards by type and bonus (no 'VA-01' codes), upgrades by name (no 'double-reroll' keys), and every location's
    effect whole, over a few lines, as a learner reads it in an exported notebook."""
    from archeo_lab.games.quetzal.components import LOCATIONS, OBJECT_CARDS, UPGRADE_KINDS

    game = al.get_game("quetzal")
    state = game.new_state(players=3, seed=2026)
    rng = random.Random(3)
    for _ in range(60):
        state.apply(rng.choice(state.legal_actions()))
    assert any(state.hands) and any(state.upgrades) and state.village
    svg = draw(state)
    words = " ".join(re.findall(r">([^<]*)</text>", svg))
    codes = {card.id for card in OBJECT_CARDS}
    assert not codes & set(re.findall(r"[A-Z]{2}-\d\d", words))
    assert not {k.key for k in UPGRADE_KINDS if "-" in k.key} & set(re.findall(r"[a-z]+-[a-z]+", words))
    assert any(k.name in words for k in UPGRADE_KINDS)
    from html import unescape

    from archeo_lab.games.quetzal.components import ANNEX_BONUS

    fresh = unescape(" ".join(re.findall(r">([^<]*)</text>", draw(game.new_state(players=3, seed=1)))))
    shown = [loc for loc in LOCATIONS if loc.key not in ANNEX_BONUS]      # an annex shows its cards instead
    assert len(shown) == 14 and all(loc.effect in fresh for loc in shown)
