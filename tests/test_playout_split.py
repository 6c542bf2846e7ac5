"""benchmarks/playout_split.py: every call of a random playout is filed under one step, on the benchmark's games."""

from __future__ import annotations

import importlib
import random
from pathlib import Path

import pytest

import archeo_lab as al

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


@pytest.fixture
def playout_split(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCHMARKS))          # it imports _common and throughput as the scripts do
    return importlib.import_module("playout_split")


@pytest.mark.parametrize("key", ["cibola", "quetzal"])
def test_each_call_is_filed_once_and_the_timed_games_are_throughputs_games(playout_split, key):
    game, games, seed = al.get_game(key), 3, 5
    row = playout_split.split(game, 2, warm=1, games=games, seed=seed)
    steps = {s["step"]: s for s in row["steps"]}
    assert steps["new game"]["calls_per_game"] == 1
    lists = sum(s["calls_per_game"] for name, s in steps.items() if name.startswith("list"))
    applies = sum(s["calls_per_game"] for name, s in steps.items() if name.startswith("apply"))
    assert round(lists * games) == round(applies * games) == row["actions"]
    assert sum(s["share"] for s in steps.values()) == pytest.approx(1.0)
    # The timed games are the seeded random games of throughput.py's loop: the same seeds, the same choices.
    rng, actions, kinds = random.Random(seed), 0, set()
    for k in range(games):
        state = game.new_state(players=2, seed=seed + k)
        while not state.is_terminal:
            action = rng.choice(state.legal_actions())
            kinds.add(f"apply {type(action).__name__}")
            state.apply(action)
            actions += 1
    assert row["actions"] == actions
    assert {name for name in steps if name.startswith("apply")} == kinds
    assert row["us_per_action"] > 0 and row["mean_legal"] >= 1


def test_the_rules_cut_is_the_share_of_the_rules_own_time_above_the_budget(playout_split):
    assert playout_split.rules_cut(8.0, floor=1.0, budget=6.6) == pytest.approx(1.4 / 7.0)
    assert playout_split.rules_cut(6.0, floor=1.0, budget=6.6) == 0.0


def test_the_engine_floor_plays_a_game_whose_rules_do_nothing(playout_split):
    assert playout_split.engine_floor(legal=7, per_game=10, seconds=0.0, seed=0) > 0
    with pytest.raises(SystemExit):
        playout_split.main(["tikal", "--players", "5"])     # Tikal is played by 2 to 4
