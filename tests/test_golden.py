"""Golden playthroughs: recorded games replayed step by step (tests/golden/record.py).

A failure means a rule's behaviour changed.  If the change is intended,
re-record with ``python tests/golden/record.py --all`` and say so in the commit.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import archeo_lab as al

FILES = sorted((Path(__file__).parent / "golden").glob("*.json"))


def test_there_are_golden_games_for_every_registered_game():
    recorded = {json.loads(p.read_text())["game"] for p in FILES}
    assert {g.key for g in al.list_games()} <= recorded


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_playthrough_replays_identically(path):
    golden = json.loads(path.read_text())
    state = al.get_game(golden["game"]).new_state(players=golden["players"], seed=golden["seed"],
                                                  variant=golden["variant"])
    for i, (seat, text, legal_count) in enumerate(golden["steps"]):
        assert state.current_player == seat, f"step {i}: wrong player to move"
        assert len(state.legal_actions()) == legal_count, f"step {i}: legal actions changed before {text!r}"
        state.apply(state.parse_action(text))
    assert state.is_terminal
    assert state.scores() == golden["scores"] and state.winners() == golden["winners"]
    assert json.loads(state.to_json()) == golden["final"]
