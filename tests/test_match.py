"""Match: learner and bot seats, history, undo that stops at chance, save and load."""

from __future__ import annotations

import json

import pytest

import archeo_lab as al


def test_bots_play_until_a_learner_seat_is_to_move():
    match = al.Match("cibola", players=3, seed=1, opponents={1: "greedy", 2: "random"})
    assert match.current_player == 0 and match.human_seats == [0]
    played = match.apply("bid 2")
    assert played[0] == (0, al.get_game("cibola").parse_action("bid 2"))
    assert all(seat in (1, 2) for seat, _ in played[1:])
    assert match.current_player == 0 or match.is_over
    assert match.history[-len(played):] == played


def test_a_learner_cannot_move_for_a_bot_and_nothing_changes():
    match = al.Match("cibola", players=2, seed=4, opponents={1: "random"}, autoplay=False)
    if match.current_player == 0:
        match.apply("bid 0", autoplay=False)
    assert match.current_player == 1
    before = match.state.to_json()
    with pytest.raises(al.IllegalAction, match="Bot 1 \\(random\\)'s turn"):
        match.apply("bid 0")
    assert match.state.to_json() == before and match.bot_to_move


def test_opponents_and_names_are_checked():
    with pytest.raises(ValueError, match="seat 3"):
        al.Match("cibola", players=3, seed=1, opponents={3: "greedy"})
    with pytest.raises(ValueError, match="unknown bot 'alphazero'"):
        al.Match("cibola", players=3, seed=1, opponents={1: "alphazero"})
    with pytest.raises(ValueError, match="unknown level 'expert'"):
        al.Match("cibola", players=3, seed=1, opponents={1: "mcts:expert"})
    with pytest.raises(ValueError, match="names"):
        al.Match("cibola", players=3, seed=1, names=["a"])


def play_to_a_mid_round_choice(match):
    """Play learner moves until the learner is to pick a card (after the bids were revealed)."""
    while match.state.phase != "pick" or match.current_player != 0:
        match.apply(match.state.legal_actions()[0])


def test_undo_takes_back_a_move_and_the_bot_replies_but_never_crosses_chance():
    match = al.Match("cibola", players=4, seed=3, opponents={1: "greedy", 2: "greedy", 3: "greedy"})
    # A bid is followed by the reveal of every fist: it can never be undone.
    match.apply("bid 1")
    assert not match.can_undo
    with pytest.raises(al.CannotUndo, match="undo stops at chance"):
        match.undo()
    # Within a round (no draw, no reveal), a pick can be undone.
    hot = al.Match("cibola", players=2, seed=8, opponents={})
    while not (hot.state.phase == "pick" and hot.state.pick_index == 0):
        hot.apply(hot.state.legal_actions()[-1])
    before, moves = hot.state.to_json(), len(hot.history)
    hot.apply(hot.state.legal_actions()[0])
    assert hot.can_undo
    assert hot.undo() == 1
    assert hot.state.to_json() == before and len(hot.history) == moves
    with pytest.raises(al.CannotUndo):
        hot.undo()   # the previous move was the last bid: the reveal lies between


def test_save_and_load_replay_the_history_and_keep_undo(tmp_path):
    match = al.Match("cibola", players=3, seed=2, opponents={1: "greedy", 2: "random"})
    for _ in range(6):
        match.apply(match.state.legal_actions()[-1])
    path = tmp_path / "game.json"
    match.save(path)
    loaded = al.Match.load(path)
    assert loaded.state.to_json() == match.state.to_json()
    assert loaded.history == match.history and loaded.opponents == match.opponents
    assert loaded.names == match.names and loaded.can_undo == match.can_undo
    # Both continue the same way: a bot's choice depends only on the match seed and the moves so far.
    for _ in range(8):
        a = match.apply(match.state.legal_actions()[0])
        b = loaded.apply(loaded.state.legal_actions()[0])
        assert a == b
    assert loaded.state.to_json() == match.state.to_json()


@pytest.mark.parametrize("edit,words", [
    (lambda d: d["history"].__setitem__(0, [1, d["history"][0][1]]), "history\\[0\\]: seat 1 moved"),
    (lambda d: d["history"].__setitem__(0, [d["history"][0][0], {"type": "bid", "amount": 99}]),
     "cannot be replayed"),
    (lambda d: d["state"].update(seed=d["state"]["seed"] + 1), "differs from the position"),
    (lambda d: d.update(game="chess"), "match.game"),
    (lambda d: d.update(schema=7), "schema"),
    (lambda d: d["opponents"].update({"9": "greedy"}), "opponents"),
])
def test_corrupt_match_files_are_refused(tmp_path, edit, words):
    match = al.Match("cibola", players=3, seed=2, opponents={1: "greedy", 2: "random"})
    match.apply("bid 1")
    data = match.to_dict()
    edit(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(al.CorruptSave, match=words):
        al.Match.load(path)


def test_undo_then_replay_gives_the_same_bot_replies():
    match = al.Match("cibola", players=2, seed=8, opponents={1: "greedy"})
    while not (match.state.phase == "pick" and match.current_player == 0 and match.state.pick_index == 0):
        match.apply(match.state.legal_actions()[-1])
    move = match.state.legal_actions()[0]
    first = match.apply(move)
    if match.can_undo:
        match.undo()
        assert match.apply(move) == first


def test_a_binary_file_is_not_a_save(tmp_path):
    path = tmp_path / "x.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(al.CorruptSave):
        al.Match.load(path)


def test_a_bot_that_cheats_is_named():
    class Cheater:
        name = "cheater"

        def choose(self, state):
            return "bid 999"

    match = al.Match("cibola", players=2, seed=1, opponents={1: Cheater()}, autoplay=False)
    if match.current_player == 0:
        with pytest.raises(al.IllegalAction, match="Bot 1 \\(cheater\\) chose an illegal move"):
            match.apply("bid 0")
    else:
        with pytest.raises(al.IllegalAction, match="cheater"):
            match.play_bots()
