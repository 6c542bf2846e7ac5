"""The board's message protocol, driven from Python as the JavaScript would drive it.

ipywidgets swallows exceptions raised in message callbacks, so these tests call
``board.act`` / the message handler directly and read ``board.view``.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

import archeo_lab as al
from archeo_lab.engine import IllegalAction
from archeo_lab.engine.wording import SeatNames, article, verdict, who
from archeo_lab.ui import Board, board_class
from archeo_lab.ui import board as board_module
from archeo_lab.ui.assets import board_sources, widget_dir

GAMES = [g.key for g in al.list_games()]


@pytest.fixture
def w():
    return al.play("cibola", players=3, seed=1, opponents={1: "greedy", 2: "random"})


def published(board: Board) -> list[dict]:
    """Start recording every view the board publishes (the frames the JavaScript replays)."""
    views: list[dict] = []
    board.observe(lambda change: views.append(change["new"]), names="view")
    return views


def test_play_returns_a_board_with_its_match_and_a_plain_json_view_model(w):
    assert isinstance(w.board, Board) and w.match is w.board.match
    view = w.board.view
    for key in ("game", "title", "seed", "seat", "names", "current_player", "your_turn", "over", "scores",
                "message", "message_kind", "can_undo", "can_bot_move", "moves", "recent", "frame", "highlight",
                "board"):
        assert key in view
    assert view["your_turn"] and view["seat"] == 0
    # Nothing the JavaScript never reads: the legal moves are in the targets, not in a list of their own.
    assert "legal" not in view and "legal_text" not in view
    assert not {"log_marks", "events"} & set(view["board"])
    assert w.board.legal == [a.to_json() for a in w.match.state.legal_actions()]
    assert w.board.legal_text == [str(a) for a in w.match.state.legal_actions()]
    json.dumps(view)   # the view model must be plain JSON to sync


def test_a_click_plays_the_move_and_each_bot_move_is_a_frame(w):
    views = published(w.board)
    before = len(w.match.history)
    action = w.board.view["board"]["bid_options"][2]["action"]   # what the "2" button sends
    assert w.board.act(action) is True
    assert len(w.match.history) > before + 1, "the bots replied"
    frames = [v["frame"] for v in views]
    assert all(frames), "every view of a play is a frame the board replays"
    assert frames[0]["seat"] == 0 and not frames[0]["bot"] and frames[0]["title"] == "your move"
    assert [f["seat"] for f in frames[1:]] == [s for s, _ in w.match.history[before + 1:]]
    assert all(f["bot"] for f in frames[1:]) and all(f["play"] == frames[0]["play"] for f in frames)
    assert [v["thinking"] for v in views][:-1] == [w.match.names[s] for s, _ in w.match.history[before + 1:]]
    assert views[-1]["thinking"] is None and views[-1]["your_turn"]
    # The "last moves" line: every line of the play, the learner's first, each bot move in words.
    recent = w.board.view["recent"]
    assert recent[0] == "You close a fist on a hidden bid."
    assert any(line.startswith("Bot 1 (greedy) closes a fist") for line in recent)
    assert recent == [line for f in frames for line in f["lines"]]
    assert w.board.view["highlight"], "the last move is highlighted"
    assert w.board.view["message"] == "" and w.board.view["moves"] == len(w.match.history)


@pytest.mark.parametrize("bad,words", [
    ({"type": "bid", "amount": 99}, "cannot bid 99"),
    ({"type": "take", "card": "I-99"}, "is not among the revealed cards|must first close"),
    ({"type": "teleport"}, "not an action"),
    ("garbage", "cannot read"),
    ([1, 2, 3], "not an action"),
])
def test_a_refused_click_shows_its_reason_and_changes_nothing(w, bad, words, check_refused):
    check_refused(w, bad, words)


def test_a_refusal_keeps_the_last_moves_line(w):
    w.board.act(w.board.legal[1])
    recent = w.board.view["recent"]
    w.board.act({"type": "bid", "amount": 99})
    assert w.board.view["recent"] == recent and w.board.view["frame"] is None


def test_the_message_handler_never_raises_and_reports_in_the_view(w):
    handler = w.board._on_msg
    handler(w.board, {"action": {"type": "bid", "amount": 1}}, [])
    assert w.board.view["message_kind"] == "info"
    handler(w.board, {"nonsense": True}, [])
    assert "cannot read" in w.board.view["message"]
    handler(w.board, "not even a dict", [])
    assert w.board.view["message_kind"] == "error"


def test_new_game_deals_a_fresh_seed_and_rematch_the_same_set_up(w, monkeypatch):
    w.board.act(w.board.legal[1])
    seed = w.match.state.seed
    start = al.Match("cibola", players=3, seed=seed, opponents={1: "greedy", 2: "random"})
    assert w.board.command("rematch") is True
    assert w.match.state.to_json() == start.state.to_json() and w.match.opponents == {1: "greedy", 2: "random"}
    assert w.board.view["message"] == f"Rematch: the same set-up (seed {seed})."
    monkeypatch.setattr(board_module.random.SystemRandom, "randrange", lambda self, n: 424242)
    assert w.board.command("new") is True
    assert w.match.state.seed == 424242 != seed + 1 and w.match.opponents == {1: "greedy", 2: "random"}
    fresh = al.Match("cibola", players=3, seed=424242, opponents={1: "greedy", 2: "random"})
    assert fresh.state.to_json() == w.match.state.to_json(), "New game == al.play(seed=the seed it shows)"
    assert "seed 424242" in w.board.view["message"] and w.board.view["seed"] == 424242
    assert w.board.command("fly") is False


def test_rematch_of_a_tutorial_position_starts_from_that_position():
    state = al.get_game("cibola").new_state(players=2, seed=8)
    state.apply("bid 3")
    w = al.play("cibola", state=state, opponents={1: "greedy"})
    w.board.act(w.board.legal[0])
    w.board.command("rematch")
    assert w.match.state.to_json() == al.Match("cibola", state=state.clone(), opponents={1: "greedy"}).state.to_json()


def test_the_end_disables_undo_and_bot_moves_and_offers_a_rematch():
    w = al.play("cibola", players=2, seed=3, opponents={1: "greedy"})
    assert w.board.command("to_end") is True
    view = w.board.view
    assert view["over"] and not view["can_undo"] and not view["can_bot_move"] and not view["your_turn"]
    assert w.board.command("undo") is False and "the game is over" in w.board.view["message"]
    assert w.match.is_over, "undo after the end changed nothing"
    assert w.board.command("bot_move") is False and "over" in w.board.view["message"]
    assert w.board.act({"type": "bid", "amount": 1}) is False and "Rematch" in w.board.view["message"]
    final = w.board.view["board"]["final"]
    assert final["verdict"] and final["columns"] == w.match.names
    assert w.board.command("rematch") and not w.board.view["over"]


def test_undo_takes_back_the_move_and_the_last_moves_line_shows_the_position_now(w):
    w.board.act(w.board.legal[1])     # a bid: the fists open, so undo is refused (chance)
    assert w.board.command("undo") is False and "Refused:" in w.board.view["message"]
    tikal = al.play("tikal", players=2, seed=1, opponents={1: "greedy"})
    tikal.board.act(tikal.board.view["board"]["hand"]["rotations"][0]["targets"][0]["action"])
    placed = tikal.board.view["recent"][-1]
    tikal.board.act(next(b for b in tikal.board.view["board"]["actions"]["bring"])["action"])
    brought = tikal.board.view["recent"][-1]
    assert tikal.board.view["can_undo"]
    assert tikal.board.command("undo") is True
    assert tikal.board.view["message"].startswith("Undone: 1 move")
    # "Last moves" is the log up to the position now (the tile stays placed), not "none yet"
    assert tikal.board.view["recent"][-1] == placed != brought and brought not in tikal.board.view["recent"]


def test_a_board_opened_on_a_position_shows_its_last_moves():
    """A lesson's position with moves already played: the "last moves" line says what they were (it said "none
    yet" under a board whose seats had already bid); a fresh game before any move still says nothing."""
    state = al.get_game("cibola").new_state(players=2, seed=8)
    w = al.play("cibola", state=state.clone(), opponents={})
    assert w.board.view["recent"] == [] and w.board.view["moves"] == 0
    bots = al.play("cibola", players=3, seed=0, opponents={1: "greedy", 2: "random"}, seat=0)
    assert bots.board.view["moves"] == 1, "seed 0: Bot 2 has the torch and bids first"
    assert bots.board.view["recent"][-1] == "Bot 2 (random) closes a fist on a hidden bid."


def test_a_board_for_a_seat_acts_only_for_that_seat():
    w = al.play("cibola", players=2, seed=2, opponents={}, seat=0)     # hot seat, this board is seat 0's
    first = w.match.current_player
    if first != 0:
        w = al.play("cibola", players=2, seed=2, opponents={}, seat=first)
    mover = w.match.current_player
    assert w.board.act(w.board.legal[1]) is True
    other = w.match.current_player
    assert other != mover
    before = w.match.state.to_json()
    assert w.board.legal == []
    assert w.board.act({"type": "bid", "amount": 1}) is False
    assert f"this board plays for {w.match.names[mover]} only" in w.board.view["message"]
    assert w.board.command("bot_move") is False and w.match.state.to_json() == before
    with pytest.raises(ValueError, match="seat"):
        al.play("cibola", players=2, seed=2, opponents={1: "greedy"}, seat=1)


class Crashing:
    """A bot that fails on its first decision, then plays like a greedy bot."""

    def __init__(self):
        self.calls = 0

    def choose(self, state):
        self.calls += 1
        if self.calls == 1:
            raise ZeroDivisionError("division by zero")
        return state.legal_actions()[0]


def test_a_crashing_opponent_is_reported_truthfully():
    w = al.play("cibola", players=2, seed=3, opponents={1: Crashing()})
    if w.match.current_player != 0:
        pytest.skip("the bot moves first at this seed")
    moves = len(w.match.history)
    assert w.board.act(w.board.legal[1]) is True
    message = w.board.view["message"]
    assert w.board.view["message_kind"] == "error"
    assert "Bot 1 (" in message and "crashed (ZeroDivisionError: division by zero)" in message
    assert "Your move was played" in message and "not played" not in message
    assert len(w.match.history) == moves + 1 and w.match.current_player == 1
    assert w.board.view["can_bot_move"]
    assert w.board.command("bot_move") is True and w.match.current_player == 0   # it tries again, and plays


def test_a_bot_choosing_an_illegal_move_is_reported():
    class Cheater:
        def choose(self, state):
            return "bid 99"

    w = al.play("cibola", players=2, seed=3, opponents={1: Cheater()})
    if w.match.current_player != 0:
        pytest.skip("the bot moves first at this seed")
    assert w.board.act(w.board.legal[0]) is True
    assert "chose an illegal move" in w.board.view["message"] and "Your move was played" in w.board.view["message"]


@pytest.mark.parametrize("key", GAMES)
def test_a_game_can_be_played_to_the_end_by_clicks_only(key, check_targets):
    """Every board: the learner's clicks alone (targets as the JavaScript sends them) finish a game;
    every target is legal, every legal move has one, every "try" target is refused with a reason;
    the final count names the winner with the engine's result."""
    w = al.play(key, players=2, seed=4, opponents={1: "greedy"})
    clicks = 0
    while not w.board.view["over"]:
        assert w.board.view["your_turn"] and w.board.view["board"]["hint"]
        plays, _ = check_targets(w) if clicks % 5 == 0 else (w.board.legal, None)
        plays = sorted(plays, key=json.dumps)
        assert w.board.act(plays[(clicks * 7) % len(plays)])
        assert w.board.view["recent"], "the last moves line says what happened"
        clicks += 1
    view = w.board.view
    final = view["board"]["final"]
    assert view["winners"] == w.match.state.winners()
    total = next(r for r in final["rows"] if r["total"])
    assert total["values"] == w.match.state.scores()
    winners = " and ".join(w.match.names[s] for s in view["winners"])
    assert final["verdict"].startswith(winners) or f"the win to {winners}" in final["verdict"] \
        or "share the win" in final["verdict"]
    assert view["board"]["prompt"].startswith("Game over")
    assert not view["can_undo"] and not view["can_bot_move"]


def test_the_verdict_names_the_tie_break_used():
    names = SeatNames(["You", "Bot 1"], you={0})
    assert verdict(names, [30, 12], [0], tiebreak="x", tiebreak_values=str) == "You win with 30 points (Bot 1 12)."
    text = verdict(names, [20, 20], [1], tiebreak="most explorers kept", tiebreak_values=lambda s: f"{s + 2} left")
    assert text == ("You and Bot 1 tie on 20 points; the tie-break (most explorers kept: You 2 left, Bot 1 3 left) "
                    "gives the win to Bot 1.")
    shared = verdict(names, [20, 20], [0, 1], tiebreak="most explorers kept", tiebreak_values=lambda s: "4 left")
    assert shared.endswith("they share the win.")
    assert who(names, 0, "passes") == "You pass" and who(names, 1, "passes") == "Bot 1 passes"
    assert who(names, 0, "is") == "You are" and who(["You"], 0, "takes") == "You takes"   # only SeatNames say "you"
    assert article("oasis camp") == "an oasis camp" and article("desert") == "a desert"


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
    assert "hidden" in " ".join(w.board.view["board"]["log"] + w.board.view["recent"])
    assert not any(str(w.match.state.fist[s["seat"]]) in s["bid_text"] for s in closed)


def test_the_front_end_is_one_self_contained_module():
    esm, css = board_sources("cibola")
    assert "export default" in esm and "const GAME" in esm and "function render" in esm
    assert "function initialize" in esm, "one replay per board, shared by its views"
    assert not re.search(r"^\s*import\s|\bimport\(|https?://(?!www\.w3\.org)", esm, re.M), "nothing from a CDN"
    assert ".al-cibola" in css and ".al-board" in css
    assert board_class("cibola") is board_class("cibola")


def test_the_javascript_knows_no_rule_and_treats_missing_like_null():
    """JupyterLite drops None-valued keys, so `=== null` misfires; JavaScript never builds an action
    (it sends what the view model lists); no glyph needs an emoji font."""
    for path in sorted(widget_dir().glob("*.js")):
        code = path.read_text(encoding="utf-8")
        body = re.sub(r"//.*", "", code)
        assert not re.search(r"[!=]==\s*(null|undefined)\b", body), f"{path.name}: test `== null`"
        assert not re.search(r"\{\s*type:\s*[\"']", body), f"{path.name} builds an action"
        assert "model.send({ action" not in body.replace("p.model.send({ action })", ""), path.name
    for path in sorted(widget_dir().glob("*.*")):
        odd = {ch for ch in path.read_text(encoding="utf-8") if ord(ch) > 0x2000 and ch not in "…·–—’‘“”"}
        assert not odd, f"{path.name} uses glyphs an emoji-less machine may lack: {sorted(odd)}"


def test_labels_are_never_smaller_than_11_px():
    for path in sorted(widget_dir().glob("*.css")):
        for size in re.findall(r"font-size:\s*([\d.]+)px", path.read_text(encoding="utf-8")):
            assert float(size) >= 11, f"{path.name}: font-size {size}px"
    for path in sorted(widget_dir().glob("*.js")):
        for size in re.findall(r"font-size=\"([\d.]+)\"", path.read_text(encoding="utf-8")):
            assert float(size) >= 11, f"{path.name}: font-size {size}"


def test_the_output_carries_the_picture_and_keeps_it_current(monkeypatch):
    """Exports without the widget state show the picture (image/svg+xml beside the widget), and the
    picture is re-published after every change of position."""
    shown = []

    class Handle:
        def update(self, data, metadata=None, raw=False):
            shown.append(data)

    def fake_display(data, metadata=None, raw=False, display_id=None):
        shown.append(data)
        return Handle()

    import IPython.display
    monkeypatch.setattr(IPython.display, "display", fake_display)
    w = al.play("cibola", players=2, seed=3, opponents={1: "greedy"})
    w._ipython_display_()
    first = shown[-1]
    assert set(first) >= {"application/vnd.jupyter.widget-view+json", "image/svg+xml", "text/plain"}
    assert first["image/svg+xml"].startswith("<svg") and "Cibola" in first["text/plain"]
    w.board.act(w.board.legal[2])
    assert len(shown) >= 2 and shown[-1]["image/svg+xml"] != first["image/svg+xml"]
    assert shown[-1]["application/vnd.jupyter.widget-view+json"] == first["application/vnd.jupyter.widget-view+json"]
    # The picture is drawn for the board's seat: the bots' hidden bids never reach an export.
    assert shown[-1]["image/svg+xml"] == al.get_game("cibola").draw(w.match.state, seat=0, names=w.match.names)
    # ... and so are its words, the alternative text of the described picture, kept current with it.
    alt = html.unescape(re.search(r'alt="([^"]*)"', shown[-1]["text/html"]).group(1))
    assert alt == f"{w.board.summary()}.\n{w.match.state.text(0, names=list(w.match.names))}"
    assert alt != html.unescape(re.search(r'alt="([^"]*)"', first["text/html"]).group(1))


def test_bot_move_plays_for_whoever_is_to_move_and_to_end_finishes():
    w = al.play("cibola", players=3, seed=5, opponents={1: "random", 2: "random"})
    before = len(w.match.history)
    assert w.board.command("bot_move") is True          # the learner's move, played by a bot
    assert len(w.match.history) > before
    replay = al.get_game("cibola").new_state(players=3, seed=5)
    for _, action in w.match.history:
        replay.apply(action)                              # every move was legal
    assert w.board.command("to_end") is True
    assert w.board.view["over"] and w.match.is_over and w.board.view["board"]["final"]
    assert 0 < len(w.board.view["recent"]) <= board_module.TO_END_LINES
    assert w.board.command("bot_move") is False and "over" in w.board.view["message"]


def test_opponent_menu_changes_every_bot_seat():
    w = al.play("cibola", players=3, seed=5, opponents={1: "random", 2: "greedy"})
    assert w.board.view["opponent"] is None and "mcts:hard" in w.board.view["opponent_choices"]
    assert w.board.command("opponents", "mcts:easy") is True
    assert w.match.opponents == {1: "mcts:easy", 2: "mcts:easy"}
    assert w.board.view["opponent"] == "mcts:easy" and w.match.names[1] == "Bot 1 (mcts:easy)"
    assert w.board.command("opponents", "deep blue") is False
    assert w.board.view["message"].startswith("Refused:") and w.match.opponents[1] == "mcts:easy"


def test_static_drawing_hides_bids_for_a_seat():
    state = al.get_game("cibola").new_state(players=3, seed=1)
    bidder = state.current_player
    state.apply("bid 5")
    from archeo_lab.games.cibola.draw import draw
    assert "bid 5" in draw(state)                      # the full picture
    other = (bidder + 1) % 3
    assert "bid hidden" in draw(state, seat=other) and "bid 5" not in draw(state, seat=other)
    assert draw(state)._repr_svg_().startswith("<svg")


def test_the_binder_and_make_lab_settings_turn_off_the_news_pop_up():
    repo = Path(__file__).resolve().parents[1]
    overrides = json.loads((repo / "binder" / "overrides.json").read_text())
    assert overrides["@jupyterlab/apputils-extension:notification"]["fetchNews"] == "false"
    assert "overrides.json" in (repo / "binder" / "postBuild").read_text()
    lab = (repo / "Makefile").read_text().split("\nlab:", 1)[1].split("\n\n", 1)[0]
    assert "overrides.json" in lab


def test_every_game_has_a_board_view_with_hint_log_marks_and_events():
    for key in GAMES:
        game = al.get_game(key)
        state = game.new_state(players=2, seed=0)
        view = game.view(state, state.current_player, names=SeatNames(["You", "Bot 1"], you={0}))
        assert len(view["log"]) == len(view["log_marks"]) and view["events"] >= len(view["log"])
        assert view["hint"] and view["prompt"] and view["final"] is None
        with pytest.raises(IllegalAction):
            state.clone().apply({"type": "no such move"})


def test_an_exported_notebook_shows_every_board_as_a_picture(tmp_path):
    """nbconvert's HTML (a notebook saved without widget state, as JupyterLab saves it) drops the
    widgets and shows each board's picture; a board played after it was shown shows its last position."""
    import base64
    import hashlib

    import nbformat
    from nbclient import NotebookClient
    from nbconvert import HTMLExporter

    cells = [nbformat.v4.new_code_cell("import archeo_lab as al, hashlib\nboards = {}")]
    for key in GAMES:
        cells.append(nbformat.v4.new_code_cell(
            f"boards[{key!r}] = al.play({key!r}, players=2, seed=5, opponents={{1: 'greedy'}})\nboards[{key!r}]"))
    # Play on the Cibola board after it was shown: its picture must follow.
    cells.append(nbformat.v4.new_code_cell(
        "b = boards['cibola'].board\nfor _ in range(3):\n    b.act(b.legal[0])\n"
        "svg = al.get_game('cibola').draw(b.match.state, seat=0, names=b.match.names)\n"
        "print(hashlib.sha1(str(svg).encode()).hexdigest())"))
    nb = nbformat.v4.new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    NotebookClient(nb, timeout=120, kernel_name="python3", allow_errors=False, store_widget_state=False,
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    outputs = [out for cell in nb.cells[1:1 + len(GAMES)] for out in cell.outputs]
    assert len(outputs) == len(GAMES)
    html, _ = HTMLExporter().from_notebook_node(nb)
    body = html.split("<body", 1)[1]
    pictures = {base64.b64decode(b).decode() for b in re.findall(r'src="data:image/svg\+xml;base64,([^"]+)"', body)}
    for key, out in zip(GAMES, outputs):
        data = out["data"]
        assert {"application/vnd.jupyter.widget-view+json", "image/svg+xml", "text/plain"} <= set(data), key
        assert data["image/svg+xml"].startswith("<svg") and data["image/svg+xml"] in pictures, \
            f"{key}: no picture in the exported HTML"
    assert "application/vnd.jupyter.widget-view+json" not in body, "the widgets are dropped, not left empty"
    alts = re.findall(r'<img [^>]*alt="([^"]*)"', body)
    assert len(alts) == len(GAMES) == body.count("<img "), "each picture is an <img> with its alternative text"
    for key, alt in zip(GAMES, alts):
        assert alt.startswith(al.get_game(key).title) and "seed 5" in alt, f"{key}: {alt[:80]}"
    cibola = outputs[GAMES.index("cibola")]["data"]["image/svg+xml"]
    digest = nb.cells[-1].outputs[0]["text"].strip()
    assert hashlib.sha1(cibola.encode()).hexdigest() == digest, "the picture shows the position after the moves"
    first = al.play("cibola", players=2, seed=5, opponents={1: "greedy"}).board.picture()
    assert cibola != first


def test_a_refusal_on_the_board_names_the_seats_as_the_board_does():
    """The rules word a refusal with seat numbers ("it is seat 0's bid"); the board calls the learner "You" and the
    bots by name, and so does its refusal."""
    w = al.play("cibola", players=3, seed=0, opponents={1: "greedy", 2: "random"}, seat=0)
    assert w.board.act("take I-16") is False
    message = w.board.view["message"]
    assert message.endswith("it is your bid") and "seat 0" not in message
    # A learner's seat with a name of its own (a tutorial's example): the board still says "Your move", and "your"
    named = al.play("cibola", players=3, seed=0, opponents={1: "greedy", 2: "random"}, names=["Benoit", "Joan", "Alexis"])
    assert named.board.act("take I-16") is False
    assert named.board.view["message"].endswith("it is your bid"), named.board.view["message"]
    # A refusal naming another seat keeps its name.
    from archeo_lab.engine.wording import SeatNames, address

    assert address("it is seat 1's bid", SeatNames(["Benoit", "Joan"], you={0})) == "it is Joan's bid"
