"""The board's message protocol, driven from Python as the JavaScript would drive it.

ipywidgets swallows exceptions raised in message callbacks, so these tests call
``board.act`` / the message handler directly and read ``board.view``.
"""

from __future__ import annotations

import json
import re

import pytest

import archeo_lab as al
from archeo_lab.ui import Board, board_class
from archeo_lab.ui.assets import board_sources


@pytest.fixture
def w():
    return al.play("cibola", players=3, seed=1, opponents={1: "greedy", 2: "random"})


def test_play_returns_a_board_with_its_match_and_a_full_view_model(w):
    assert isinstance(w.board, Board) and w.match is w.board.match
    view = w.board.view
    for key in ("game", "title", "seat", "names", "current_player", "your_turn", "over", "scores", "legal",
                "legal_text", "message", "message_kind", "can_undo", "moves", "board"):
        assert key in view
    assert view["your_turn"] and view["seat"] == 0
    assert view["legal"] == [a.to_json() for a in w.match.state.legal_actions()]
    json.dumps(view)   # the view model must be plain JSON to sync


def test_a_click_plays_the_move_and_the_bots_answer(w):
    before = len(w.match.history)
    action = w.board.view["board"]["bid_options"][2]["action"]   # what the "2" button sends
    assert w.board.act(action) is True
    assert len(w.match.history) > before + 1, "the bots replied"
    assert w.board.view["message"].startswith("You: bid 2")
    assert w.board.view["moves"] == len(w.match.history)


@pytest.mark.parametrize("bad,words", [
    ({"type": "bid", "amount": 99}, "cannot bid 99"),
    ({"type": "take", "card": "I-99"}, "is not among the revealed cards|must first close"),
    ({"type": "teleport"}, "not an action"),
    ("garbage", "cannot read"),
    ([1, 2, 3], "not an action"),
])
def test_a_refused_click_shows_its_reason_and_changes_nothing(w, bad, words, check_refused):
    check_refused(w, bad, words)


def test_the_message_handler_never_raises_and_reports_in_the_view(w):
    handler = w.board._on_msg
    handler(w.board, {"action": {"type": "bid", "amount": 1}}, [])
    assert w.board.view["message_kind"] == "info"
    handler(w.board, {"nonsense": True}, [])
    assert "cannot read" in w.board.view["message"]
    handler(w.board, "not even a dict", [])
    assert w.board.view["message_kind"] == "error"


def test_undo_and_new_game_commands(w):
    w.board.command("undo")
    assert w.board.view["message_kind"] == "error", "nothing to undo yet"
    seed = w.match.state.seed
    assert w.board.command("new") is True
    assert w.match.state.seed == seed + 1 and w.match.opponents == {1: "greedy", 2: "random"}
    assert w.board.view["moves"] == len(w.match.history)
    fresh = al.Match("cibola", players=3, seed=seed + 1, opponents={1: "greedy", 2: "random"})
    assert fresh.state.to_json() == w.match.state.to_json(), "New game == al.play(seed=next)"
    assert w.board.command("fly") is False


def test_the_board_hides_the_bots_bids_until_all_fists_open():
    # Seat 0 bids last here, so the bots' fists are closed when the learner looks.
    for seed in range(20):
        w = al.play("cibola", players=3, seed=seed, opponents={1: "greedy", 2: "greedy"})
        if w.match.state.torch != 0:
            break
    seats = w.board.view["board"]["seats"]
    closed = [s for s in seats if s["seat"] != 0 and w.match.state.fist[s["seat"]] is not None]
    assert closed
    for s in closed:
        assert s["bid_text"] == "bid hidden"
        assert s["explorers"] == 8
    assert "hidden" in " ".join(w.board.view["board"]["log"])
    assert not any(str(w.match.state.fist[s["seat"]]) in s["bid_text"] for s in closed)


@pytest.mark.parametrize("key", [g.key for g in al.list_games()])
def test_a_game_can_be_played_to_the_end_by_clicks_only(key):
    """Every board: the learner's clicks alone (legal actions as the JavaScript sends them) finish a game,
    and the final count on the board is the engine's."""
    w = al.play(key, players=2, seed=4, opponents={1: "greedy"})
    clicks = 0
    while not w.board.view["over"]:
        legal = w.board.view["legal"]
        assert legal and w.board.view["your_turn"]
        assert w.board.act(legal[(clicks * 7) % len(legal)])
        clicks += 1
    final = w.board.view["board"]["final"]
    assert final and final["winners"] == w.match.state.winners()
    totals = [r["total"] for r in final["rows"]] if "rows" in final else final["scores"]   # Tikal: totals only
    assert totals == w.match.state.scores()
    assert re.match(r"Game over: .*\bwins? with \d+", w.board.view["board"]["prompt"])


def test_every_clickable_target_sends_a_legal_action():
    w = al.play("cibola", players=4, seed=2, opponents={1: "random", 2: "random", 3: "random"})
    for _ in range(60):
        view = w.board.view
        if view["over"]:
            break
        board = view["board"]
        targets = [b["action"] for b in board["bid_options"]]
        targets += [c["action"] for c in board["table"] if c["action"]]
        targets += [cell["action"] for col in board["columns"] for cell in col["cells"] if cell["action"]]
        targets += [t["action"] for t in board["totems"] if t["action"]]
        if board["landslide"]:
            targets += [board["landslide"]["leave"]] + [m["action"] for m in board["landslide"]["moves"]]
        assert sorted(map(json.dumps, targets)) == sorted(map(json.dumps, view["legal"]))
        w.board.act(view["legal"][-1])


def test_the_front_end_is_one_self_contained_module():
    esm, css = board_sources("cibola")
    assert "export default" in esm and "const GAME" in esm and "function render" in esm
    assert not re.search(r"^\s*import\s|\bimport\(|https?://", esm, re.M), "no imports: nothing comes from a CDN"
    assert ".al-cibola" in css and ".al-board" in css
    assert board_class("cibola") is board_class("cibola")


def test_static_drawing_hides_bids_for_a_seat():
    state = al.get_game("cibola").new_state(players=3, seed=1)
    bidder = state.current_player
    state.apply("bid 5")
    from archeo_lab.games.cibola.draw import draw
    assert "bid 5" in draw(state)                      # the full picture
    other = (bidder + 1) % 3
    assert "bid hidden" in draw(state, seat=other) and "bid 5" not in draw(state, seat=other)
    assert draw(state)._repr_svg_().startswith("<svg")


def test_bot_move_plays_for_whoever_is_to_move_and_to_end_finishes():
    w = al.play("cibola", players=3, seed=5, opponents={1: "random", 2: "random"})
    before = len(w.match.history)
    assert w.board.command("bot_move") is True          # the learner's move, played by a bot
    assert len(w.match.history) > before and "(played by a bot)" in w.board.view["message"]
    replay = al.get_game("cibola").new_state(players=3, seed=5)
    for _, action in w.match.history:
        replay.apply(action)                              # every move was legal
    assert w.board.command("to_end") is True
    assert w.board.view["over"] and w.match.is_over and w.board.view["board"]["final"]
    assert w.board.command("bot_move") is False and "over" in w.board.view["message"]


def test_opponent_menu_changes_every_bot_seat():
    w = al.play("cibola", players=3, seed=5, opponents={1: "random", 2: "greedy"})
    assert w.board.view["opponent"] is None and "mcts:hard" in w.board.view["opponent_choices"]
    assert w.board.command("opponents", "mcts:easy") is True
    assert w.match.opponents == {1: "mcts:easy", 2: "mcts:easy"}
    assert w.board.view["opponent"] == "mcts:easy" and w.match.names[1] == "Bot 1 (mcts:easy)"
    assert w.board.command("opponents", "deep blue") is False
    assert w.board.view["message"].startswith("Refused:") and w.match.opponents[1] == "mcts:easy"


def test_the_view_says_which_bot_is_thinking_while_it_thinks():
    w = al.play("cibola", players=3, seed=5, opponents={1: "greedy", 2: "greedy"})
    seen = []
    w.board.observe(lambda change: seen.append(change["new"]["thinking"]), names="view")
    w.board.act(w.board.view["legal"][1])
    thinking = [t for t in seen if t]
    assert thinking and set(thinking) <= {"Bot 1 (greedy)", "Bot 2 (greedy)"}
    assert seen[-1] is None, "the last view, after the bots, is the learner's"
    assert w.board.view["thinking"] is None and w.board.view["your_turn"]
