"""Checks shared by every game's board tests."""

from __future__ import annotations

import json
import re

import pytest

from archeo_lab.engine import IllegalAction


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


def view_targets(game, board: dict) -> tuple[list[dict], list[dict]]:
    """Every action JSON the board's view model lets a click play, and every one it lets a click try.

    An action is any dict the game reads as an action (its JSON); it is "tried" when it sits under
    a ``try`` key or in a ``...tries`` table (a target that cannot be played now: the click sends
    it and the engine says why).
    """
    plays, tries = [], []

    def is_action(value) -> bool:
        if not (isinstance(value, dict) and isinstance(value.get("type"), str)):
            return False
        try:
            game.codec.from_json(value)
        except (IllegalAction, ValueError, TypeError, KeyError):
            return False
        return True

    def walk(value, trying: bool) -> None:
        if is_action(value):
            (tries if trying else plays).append(value)
            return
        if isinstance(value, dict):
            for key, item in value.items():
                walk(item, trying or key == "try" or key.endswith("tries"))
        elif isinstance(value, list):
            for item in value:
                walk(item, trying)

    walk(board, False)
    return plays, tries


@pytest.fixture
def check_targets():
    """``check_targets(w)``: every target of the board plays a legal move, every legal move has a
    target, and every "try" target is refused by the engine with a reason, changing nothing."""

    def check(w):
        state = w.match.state
        plays, tries = view_targets(w.match.game, w.board.view["board"])
        legal = sorted({json.dumps(a, sort_keys=True) for a in w.board.legal})
        assert sorted({json.dumps(a, sort_keys=True) for a in plays}) == legal
        before = state.to_json()
        for attempt in tries:
            with pytest.raises(IllegalAction) as refused:
                state.clone().apply(attempt)
            assert str(refused.value), attempt
        assert state.to_json() == before
        return plays, tries

    return check


def key(action: dict) -> str:
    return json.dumps(action, sort_keys=True)
