"""benchmarks/eval_duel.py: a bot with evaluation constants changed, against the game's own."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import archeo_lab as al
from archeo_lab import bots
from archeo_lab.games.tikal import evaluate as tikal_evaluate

PATH = Path(__file__).resolve().parent.parent / "benchmarks" / "eval_duel.py"
spec = importlib.util.spec_from_file_location("eval_duel", PATH)
eval_duel = importlib.util.module_from_spec(spec)
spec.loader.exec_module(eval_duel)


@pytest.mark.parametrize("pair, words", [
    ("HELD_SHARE", "give NAME=VALUE"), ("_CROWD=1", "give NAME=VALUE"), ("evaluate=1", "not a number"),
    ("NO_SUCH=1", "not a number"), ("HELD_SHARE=lots", "'lots' is not a number"),
])
def test_a_change_that_is_not_a_number_of_the_module_is_refused(pair, words):
    with pytest.raises(SystemExit, match=words):
        eval_duel.read_changes(tikal_evaluate, [pair])


def test_the_constants_are_the_modules_own_again_after_each_decision_even_a_failed_one():
    own = tikal_evaluate.HELD_SHARE
    seen = []

    class Peek:
        def choose(self, state):
            seen.append(tikal_evaluate.HELD_SHARE)
            raise RuntimeError("a hostile bot")

    bot = eval_duel.WithConstants(Peek(), tikal_evaluate, {"HELD_SHARE": own + 0.5})
    with pytest.raises(RuntimeError):
        bot.choose(al.get_game("tikal").new_state(players=2, seed=1))
    assert seen == [own + 0.5] and tikal_evaluate.HELD_SHARE == own


def test_the_changed_constant_changes_what_the_bot_sees():
    state = al.get_game("tikal").new_state(players=2, seed=4)
    for _ in range(40):                                 # some majorities on the board
        state.apply(bots.make("greedy", seed=2).choose(state))

    class Values:
        def choose(self, inner):
            return al.get_game("tikal").evaluate(inner)

    own = eval_duel.WithConstants(Values(), tikal_evaluate, {}).choose(state)
    doubled = eval_duel.WithConstants(Values(), tikal_evaluate,
                                      {"HELD_SHARE": 2 * tikal_evaluate.HELD_SHARE}).choose(state)
    assert own != doubled and al.get_game("tikal").evaluate(state) == own


@pytest.mark.parametrize("name", ["LEARNING", "WEEK_VALUE"])
def test_thebes_kept_digs_still_read_the_changed_constant(name):
    """Thebes' evaluation keeps each seat's best digs and each hand card's worth; a constant changed for one
    bot's decisions must still reach them, and the module's own value must give the old figures again."""
    from archeo_lab.games.thebes import evaluate as thebes_evaluate

    game = al.get_game("thebes")
    state = game.new_state(players=2, seed=3)
    greedy = bots.make("greedy", seed=3)
    while not (any(map(any, state.expertise)) and any(map(len, state.hand))):
        state.apply(greedy.choose(state))

    class Values:
        def choose(self, inner):
            return game.evaluate(inner)

    own = eval_duel.WithConstants(Values(), thebes_evaluate, {}).choose(state)
    changed = eval_duel.WithConstants(Values(), thebes_evaluate,
                                      {name: 2 * getattr(thebes_evaluate, name) + 1}).choose(state)
    assert own != changed and game.evaluate(state) == own


def test_a_short_duel_prints_each_game_and_the_result(capsys):
    assert eval_duel.main(["luxor", "TEMPO=0.5", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "seed 0 seat 0 -> " in out and "seed 1 seat 1 -> " in out
    assert "RESULT luxor 2p greedy with TEMPO=0.5 (is 1): " in out and "/2 = " in out and "SEATS seat 0: " in out
