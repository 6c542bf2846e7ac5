"""Thebes' search bot: its settings (``search_hints``), and the two search settings they use.

``tree_width``: below the root too, only the greedy bot's best few moves are searched, best first (a dig's
length is chosen among its best lengths, not averaged over twelve).  ``reward_scale``: the logistic of a
cut-off's reward is read in evaluation points (Thebes' margins run to tens of points).
"""

from __future__ import annotations

import math

import pytest

import archeo_lab as al
from archeo_lab import bots
from archeo_lab.bots import mcts
from archeo_lab.games.thebes import position

THEBES = al.get_game("thebes")
MESO = ["mesopotamia expertise 2", "general knowledge 1", "general knowledge 2"]


def test_thebes_searches_with_its_hints_and_the_other_games_keep_the_defaults():
    cfg = bots.MCTSBot(seed=1).settings(THEBES)
    assert cfg["tree_width"] == THEBES.search_hints["tree_width"] >= 1
    assert cfg["reward_scale"] == THEBES.search_hints["reward_scale"] > 0
    for game in al.list_games():
        if game.key != "thebes":
            other = bots.MCTSBot(seed=1).settings(game)
            assert (other["tree_width"], other["reward_scale"]) == (None, None), game.key
    given = bots.MCTSBot(seed=1, tree_width=None, reward_scale=None).settings(THEBES)
    assert (given["tree_width"], given["reward_scale"]) == (None, None)


def test_thebes_explores_less_than_the_default_and_an_argument_wins():
    """On the 20-point logistic the moves' mean rewards differ by hundredths: Thebes' exploration is below
    the default (which spread the visits almost evenly); the other games keep the default; an argument wins."""
    hint = THEBES.search_hints["exploration"]
    assert 0 < hint < mcts.DEFAULTS["exploration"]
    assert bots.MCTSBot(seed=1).settings(THEBES)["exploration"] == hint
    assert bots.MCTSBot(seed=1, exploration=0.7).settings(THEBES)["exploration"] == 0.7
    for game in al.list_games():
        if game.key != "thebes":
            assert bots.MCTSBot(seed=1).settings(game)["exploration"] == mcts.DEFAULTS["exploration"], game.key
    bot = bots.MCTSBot(seed=1, iterations=30, think_time=600)
    state = THEBES.new_state(players=2, seed=4)
    assert bot.choose(state) in state.legal_actions()
    assert bot.last_search["settings"]["exploration"] == hint        # the search itself used the hint


@pytest.mark.parametrize("options,field", [
    ({"tree_width": 0}, "tree_width"), ({"tree_width": 2.5}, "tree_width"),
    ({"reward_scale": 0}, "reward_scale"), ({"reward_scale": -3}, "reward_scale"),
    ({"reward_scale": "wide"}, "reward_scale"),
])
def test_bad_search_settings_are_refused_by_name(options, field):
    with pytest.raises(ValueError, match=field):
        bots.MCTSBot(seed=1, **options)


def test_reward_scale_is_the_logistics_scale_in_evaluation_points():
    state = position(players=2, weeks=[0, 30], tableau=[MESO, []], piles={"mesopotamia": [0, 0, 4, 4]})
    values = THEBES.evaluate(state)
    margin = values[0] - values[1]
    assert abs(margin) > 1
    for scale in (5.0, 20.0):
        rewards = mcts._rewards(state, THEBES.evaluate, scale)
        assert rewards[0] == pytest.approx(1 / (1 + math.exp(-margin / scale)))
        assert rewards[1] == pytest.approx(1 / (1 + math.exp(margin / scale)))
    default = max(1.0, 0.1 * sum(abs(v) for v in values) / 2)
    assert mcts._rewards(state, THEBES.evaluate)[0] == pytest.approx(1 / (1 + math.exp(-margin / default)))


def _expansions(monkeypatch, tree_width) -> list[tuple[str, set[str] | None, set[str]]]:
    """Each action the search expanded (the first time it was tried), with the greedy bot's best
    ``tree_width`` moves when they were ranked in that very position (else None), and the legal moves there."""
    state = al.get_game("thebes").new_state(players=2, seed=4)
    ranked: dict[tuple[int, int], set[str]] = {}      # (world, its step) -> greedy's best moves there
    alive = []                                        # the worlds ranked, kept so that no id is reused
    tried = []
    play_and_mask, greedy_order = mcts._play_and_mask, mcts._greedy_order

    def spy_order(world, evaluate, scale=None):
        order, prior = greedy_order(world, evaluate, scale)
        alive.append(world)
        ranked[id(world), len(world.events)] = {str(a) for a, rank in order.items() if rank < (tree_width or 1)}
        return order, prior

    def spy_play(world, action, actions, mover):
        tried.append((str(action), ranked.get((id(world), len(world.events))), {str(a) for a in actions}))
        return play_and_mask(world, action, actions, mover)

    monkeypatch.setattr(mcts, "_play_and_mask", spy_play)
    monkeypatch.setattr(mcts, "_greedy_order", spy_order)
    bot = bots.MCTSBot(seed=3, iterations=60, root_width=1, rollout_depth=0, think_time=600, tree_width=tree_width)
    bot.choose(state)
    return tried


def test_tree_width_expands_the_greedy_bots_best_moves_below_the_root(monkeypatch):
    """Where a node is first ranked, its first move tried is among greedy's best ``tree_width`` (or, when
    none of them is legal in this determinization, any legal move: a card drawn to storage differs)."""
    today = _expansions(monkeypatch, None)            # only the root is ranked: moves below it at random
    assert sum(best is not None for _, best, _ in today) == 1 and len(today) > 10
    tried = _expansions(monkeypatch, 2)
    at_ranked = [(a, best, legal) for a, best, legal in tried if best is not None]
    assert len(at_ranked) > 10
    for action, best, legal in at_ranked:
        assert action in best or not best & legal, (action, best)
    assert any(a.startswith("dig for") for a, _, _ in at_ranked), "a dig's length was chosen among the best"


def test_thebes_levels_by_number_of_seats():
    """With 2 seats the default level plays no rollout and searches 2,000 iterations, the hard level keeps
    its greedy rollouts and searches 2,500 (benchmarks/RESULTS.md: the duels that chose them); with 3 or 4 seats more moves
    come between two of a seat's turns: 400 iterations with rollouts at the default level, the hard level's
    own 800; easy keeps its 40 everywhere."""
    medium, hard, easy = (bots.MCTSBot(seed=1, level=level) for level in ("medium", "hard", "easy"))
    assert [(medium.settings(THEBES, n)["iterations"], medium.settings(THEBES, n)["rollout_depth"])
            for n in (2, 3, 4)] == [(2000, 0), (400, mcts.DEFAULTS["greedy_depth"]), (400, mcts.DEFAULTS["greedy_depth"])]
    assert [(hard.settings(THEBES, n)["iterations"], hard.settings(THEBES, n)["rollout_depth"])
            for n in (2, 3, 4)] == [(2500, mcts.DEFAULTS["greedy_depth"])] + [(bots.LEVELS["hard"][1],
                                                                            mcts.DEFAULTS["greedy_depth"])] * 2
    assert {(easy.settings(THEBES, n)["iterations"], easy.settings(THEBES, n)["rollout_depth"]) for n in (2, 3, 4)} == {
        (bots.LEVELS["easy"][1], mcts.DEFAULTS["greedy_depth"])}
    assert {medium.settings(THEBES, n)["budget"] for n in (2, 3, 4)} == {None}   # iterations, not a budget
