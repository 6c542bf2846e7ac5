"""benchmarks/throughput.py: the loop counts chance outcomes as actions but not as decisions, and the
two ratios against OpenSpiel's median are worked out round by round."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


@pytest.fixture
def throughput(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCHMARKS))          # it imports _common as the script does
    return importlib.import_module("throughput")


class Dealt:
    """A two-step game: a chance node (a die of two faces), then one decision, then over."""

    def __init__(self) -> None:
        self.steps = 0


def dealt_subject(throughput):
    return throughput.Subject(
        "test", "dealt", 1, new_state=lambda i: Dealt(), is_terminal=lambda s: s.steps == 2,
        legal_actions=lambda s: [0, 1], apply=lambda s, a: setattr(s, "steps", s.steps + 1),
        chance_outcomes=lambda s: [(0, 0.5), (1, 0.5)] if s.steps == 0 else None)


def test_chance_outcomes_are_actions_but_not_decisions(throughput):
    out = throughput.playout_rate(dealt_subject(throughput), seconds=60.0, max_games=5, seed=1)  # stops at 5 games
    assert (out["games"], out["actions"], out["decisions"]) == (5, 10, 5)


def test_ratios_are_medians_of_per_round_ratios_for_actions_and_for_decisions(throughput):
    def row(source, name, actions, decisions):
        return {"source": source, "game": name, "players": 2, "actions_per_s": sum(actions) / len(actions),
                "round_actions_per_s": actions, "round_decisions_per_s": decisions}

    theirs = [row("OpenSpiel Python", "a", [100, 100, 100], [50, 50, 50]),
              row("OpenSpiel Python", "b", [200, 200, 200], [20, 20, 20]),
              row("OpenSpiel Python", "c", [300, 300, 300], [100, 100, 100]),
              row("OpenSpiel C++", "d", [1000, 1000, 1000], [1000, 1000, 1000])]
    ours = [row("archeo-lab", "ours", [180, 260, 240], [180, 260, 240])]
    _, (ratio,) = throughput.compare(ours, theirs)
    assert ratio["ratio_python_rounds"] == pytest.approx([0.9, 1.3, 1.2])
    assert ratio["ratio_python"] == pytest.approx(1.2) and ratio["bar"] == "PASS"
    assert ratio["ratio_python_decisions"] == pytest.approx(240 / 50)      # the medians: 50 decisions/s a round
    ours[0]["round_actions_per_s"] = [100, 200, 230]
    assert throughput.compare(ours, theirs)[1][0]["bar"] == "FAIL"          # 1.15 < 1.2


def test_the_wider_reference_takes_every_python_game_and_leaves_the_bar_alone(throughput):
    def row(source, name, rate):
        return {"source": source, "game": name, "players": 2, "actions_per_s": rate,
                "round_actions_per_s": [rate] * 3, "round_decisions_per_s": [rate] * 3}

    bar = [row("OpenSpiel Python", name, rate) for name, rate in (("a", 100), ("b", 200), ("c", 300))]
    more = [row(throughput.MORE_PYTHON, name, rate) for name, rate in (("d", 10), ("e", 20), ("f", 30), ("g", 40))]
    theirs = bar + more + [row("OpenSpiel C++", "h", 1000)]
    medians, (ratio,) = throughput.compare([row("archeo-lab", "ours", 200)], theirs)
    assert medians[throughput.ALL_PYTHON] == 40 and medians["OpenSpiel Python"] == 200
    assert ratio["ratio_python_all"] == pytest.approx(5.0)                   # 200 / the median of all seven
    assert ratio["ratio_python"] == pytest.approx(1.0) and ratio["bar"] == "FAIL"     # the bar: the three alone
