"""Checks shared by every game's board tests."""

from __future__ import annotations

import re

import pytest


@pytest.fixture
def check_refused():
    """``check_refused(w, bad, words)``: the board refuses the click ``bad`` with a message matching
    ``words`` (the rule or the field), and neither the position nor the history changes."""

    def check(w, bad, words):
        before, moves = w.match.state.to_json(), len(w.match.history)
        assert w.board.act(bad) is False
        assert w.board.view["message_kind"] == "error" and w.board.view["message"].startswith("Refused:")
        assert re.search(words, w.board.view["message"])
        assert w.match.state.to_json() == before and len(w.match.history) == moves

    return check
