"""The search bot's settings, determinism, time cap and information-set keys; the ladder's ratings.

No test here asserts a wall-clock time: the cap is checked by what the search reports
(``last_search["completed"]``, its iterations), and every search is small.
"""

from __future__ import annotations

import math

import pytest

import archeo_lab as al
from archeo_lab import bots
from archeo_lab.bots.ladder import elo_ratings, expected_score
from archeo_lab.engine import Rng

KEYS = [g.key for g in al.list_games()]


def midgame(key: str, players: int = 2, seed: int = 4, moves: int = 12):
    """A position a few greedy moves into a game, with a choice to make."""
    state = al.get_game(key).new_state(players=players, seed=seed)
    greedy = bots.make("greedy", seed=seed)
    for _ in range(moves):
        if state.is_terminal:
            break
        state.apply(greedy.choose(state))
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("key", KEYS)
def test_same_seed_same_move_and_same_search(key):
    state = midgame(key)
    first, second = (bots.MCTSBot(seed=7, iterations=30, think_time=600) for _ in range(2))
    assert first.choose(state.clone()) == second.choose(state.clone())
    assert first.last_search["actions"] == second.last_search["actions"]
    assert first.last_search["completed"] and first.last_search["iterations"] == 30


@pytest.mark.parametrize("key", KEYS)
def test_the_time_cap_stops_a_search(key):
    bot = bots.MCTSBot(seed=1, iterations=10**7, think_time=0.05)
    state = midgame(key)
    assert bot.choose(state) in state.legal_actions()
    search = bot.last_search
    assert not search["completed"], "ten million iterations do not fit in 50 ms: the cap cut the search"
    assert 1 <= search["iterations"] < 10**7
    assert sum(r["visits"] for r in search["actions"]) == search["iterations"]


@pytest.mark.parametrize("key", KEYS)
def test_infoset_keys_equal_when_only_hidden_information_differs(key):
    state = midgame(key, players=3 if al.get_game(key).max_players >= 3 else 2)
    me = state.current_player
    worlds = [state.determinize(me, Rng(s)) for s in (1, 2)]
    assert worlds[0].infoset_key(me) == worlds[1].infoset_key(me) == state.infoset_key(me)
    hash(state.infoset_key(me))
    # A visible move changes what every seat sees.
    after = state.clone()
    after.apply(after.legal_actions()[0])
    assert all(after.infoset_key(q) != state.infoset_key(q) for q in state.seats)


@pytest.mark.parametrize("key", KEYS)
def test_looks_alike_is_equal_infoset_keys(key):
    """``looks_alike`` (what the search asks) answers as comparing ``infoset_key`` would, on positions that
    differ only in hidden information and on positions one move apart."""
    state = midgame(key, players=3 if al.get_game(key).max_players >= 3 else 2)
    me = state.current_player
    pairs = [(state, state.determinize(me, Rng(1)))]
    for action in state.legal_actions()[:4]:
        after = state.clone()
        after.apply(action)
        pairs.append((state, after))
        pairs.append((after, state.determinize(me, Rng(2))))
    for one, two in pairs:
        for q in state.seats:
            assert one.looks_alike(two, q) == (one.infoset_key(q) == two.infoset_key(q)), (key, q)


def test_infoset_key_hides_a_closed_fist_and_shows_the_mover_its_own_bid():
    """Cibola, "Les enchères": the bids stay in closed fists until every seat has bid."""
    state = al.get_game("cibola").new_state(players=2, seed=3)
    bidder = state.current_player
    other = 1 - bidder
    one, two = state.clone(), state.clone()
    one.apply("bid 1")
    two.apply("bid 2")
    assert one.infoset_key(other) == two.infoset_key(other)
    assert one.infoset_key(bidder) != two.infoset_key(bidder)


def test_the_event_log_is_not_part_of_the_key():
    state = midgame("luxor")
    assert "events" in state.observation(0)
    assert '"events"' not in state.infoset_key(0)


def test_an_opponent_cannot_react_to_a_hidden_bid():
    """The opponent's statistics after a hidden bid are shared, whatever the bid: with two players the
    search's answer to every bid of the root is the same node, so the tree sees one opponent reply set."""
    state = al.get_game("cibola").new_state(players=2, seed=3)
    bot = bots.MCTSBot(seed=2, iterations=200, think_time=600)
    bot.choose(state)
    assert len(bot.last_search["actions"]) > 3 and bot.last_search["completed"]


def test_root_width_searches_only_the_greedy_bots_best_moves():
    state = al.get_game("quetzal").new_state(players=2, seed=1)
    assert len(state.legal_actions()) > 20
    bot = bots.MCTSBot(seed=1, iterations=40, root_width=5, think_time=600)
    bot.choose(state)
    searched = {r["action"] for r in bot.last_search["actions"]}
    me = state.current_player
    margins = {}
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        values = al.get_game("quetzal").evaluate(after)
        margins[str(action)] = values[me] - max(v for s, v in enumerate(values) if s != me)
    best = sorted(margins.values(), reverse=True)
    assert len(searched) == 5 and all(margins[a] >= best[4] for a in searched)


def test_settings_arguments_then_hints_then_level():
    tikal = al.get_game("tikal")
    hints = tikal.search_hints
    bot = bots.MCTSBot(seed=1, level="easy")
    cfg = bot.settings(tikal)
    assert cfg["rollout"] == hints["rollout"]
    assert cfg["iterations"] == bots.LEVELS["easy"][1 if hints["rollout"] == "greedy" else 0]
    assert cfg["think_time"] == bots.LEVELS["easy"][3]
    given = bots.MCTSBot(seed=1, iterations=5, rollout="random", rollout_depth=2, think_time=3.5,
                         rollout_sample=None, exploration=0.3).settings(tikal)
    assert (given["iterations"], given["rollout"], given["rollout_depth"], given["think_time"],
            given["rollout_sample"], given["exploration"]) == (5, "random", 2, 3.5, None, 0.3)


def test_means_are_normalized_where_a_hint_or_argument_says_so(monkeypatch):
    """``normalize`` rescales a node's mean rewards between its lowest and highest: off by default, on where the
    game's hints say so for a player count (Quetzal with 3 seats), and an argument wins over both."""
    cibola, quetzal = al.get_game("cibola"), al.get_game("quetzal")
    bot = bots.MCTSBot(seed=1)
    assert [bot.settings(cibola, n)["normalize"] for n in (2, 3, 4)] == [False, False, False]
    assert [bot.settings(quetzal, n)["normalize"] for n in (2, 3, 4, 5)] == [False, True, False, False]
    assert bot.settings(quetzal)["normalize"] is False
    assert bots.MCTSBot(seed=1, normalize=False).settings(quetzal, 3)["normalize"] is False
    assert bots.MCTSBot(seed=1, normalize=True).settings(cibola, 2)["normalize"] is True
    monkeypatch.setattr(type(cibola), "search_hints", {**cibola.search_hints, "normalize": True})
    assert bot.settings(cibola, 3)["normalize"] is True
    state = midgame("cibola", players=3)
    searched = bots.MCTSBot(seed=1, iterations=40, think_time=600)
    assert searched.choose(state) in state.legal_actions()
    assert searched.last_search["settings"]["normalize"] is True


def test_hints_for_a_player_count_win_over_the_games_hints(monkeypatch):
    cibola = al.get_game("cibola")
    monkeypatch.setattr(type(cibola), "search_hints",
                        {"rollout": "greedy", "rollout_depth": 8, "players": {4: {"rollout_depth": 2}}})
    bot = bots.MCTSBot(seed=1)
    assert [bot.settings(cibola, n)["rollout_depth"] for n in (2, 3, 4)] == [8, 8, 2]
    assert bots.MCTSBot(seed=1, rollout_depth=5).settings(cibola, 4)["rollout_depth"] == 5
    state = midgame("cibola", players=4)
    bot = bots.MCTSBot(seed=1, iterations=20, think_time=600)
    bot.choose(state)
    assert bot.last_search["settings"]["rollout_depth"] == 2


def test_a_game_may_search_more_iterations_at_one_level():
    """Cibola's hard level searches 2,000 iterations (its hint), the other levels the greedy-rollout default."""
    cibola = al.get_game("cibola")
    assert bots.MCTSBot(seed=1, level="hard").settings(cibola)["iterations"] == 2000 > bots.LEVELS["hard"][1]
    assert bots.MCTSBot(seed=1).settings(cibola)["iterations"] == bots.LEVELS["medium"][1]
    assert bots.MCTSBot(seed=1, level="hard", iterations=30).settings(cibola)["iterations"] == 30


def test_any_hint_may_be_given_per_level(monkeypatch):
    """A hint given as a dict (level -> value) holds at the levels it names, the others keep the default; a
    player count's per-level hint merges with the game's level by level, and an argument wins over both."""
    cibola = al.get_game("cibola")
    monkeypatch.setattr(type(cibola), "search_hints",
                        {"rollout": "greedy", "exploration": {"hard": 0.2}, "reward_scale": {"easy": 3.0},
                         "rollout_depth": 8, "players": {3: {"exploration": {"medium": 0.5}},
                                                         4: {"rollout_depth": {"hard": 2}}}})
    default = bots.mcts.DEFAULTS["exploration"]
    levels = {level: bots.MCTSBot(seed=1, level=level) for level in bots.LEVELS}
    assert [levels[lv].settings(cibola, 2)["exploration"] for lv in ("easy", "medium", "hard")] == [default, default, 0.2]
    assert [levels[lv].settings(cibola, 3)["exploration"] for lv in ("easy", "medium", "hard")] == [default, 0.5, 0.2]
    assert [levels[lv].settings(cibola, 2)["reward_scale"] for lv in ("easy", "medium", "hard")] == [3.0, None, None]
    assert [levels[lv].settings(cibola, 4)["rollout_depth"] for lv in ("easy", "medium", "hard")] == [8, 8, 2]
    assert bots.MCTSBot(seed=1, level="hard", exploration=0.9).settings(cibola, 3)["exploration"] == 0.9
    state = midgame("cibola", players=2)
    bot = bots.MCTSBot(seed=1, level="hard", iterations=20, think_time=600)
    bot.choose(state)
    assert bot.last_search["settings"]["exploration"] == 0.2


@pytest.mark.parametrize("hints,culprit", [
    ({"exploration": {"Hard": 0.3}}, 'search_hints["exploration"]: \'Hard\' is not a level'),
    ({"rolout_depth": 8}, 'search_hints: "rolout_depth" is not a search setting'),
    ({"players": {3: {"iterations": {"expert": 9}}}}, 'search_hints["players"][3]["iterations"]: \'expert\''),
    ({"players": {3: {"normalise": True}}}, 'search_hints["players"][3]: "normalise" is not a search setting'),
    ({"players": {3: 400}}, 'search_hints["players"]: a dict, player count -> settings'),
])
def test_a_mistyped_hint_is_refused_by_name(monkeypatch, hints, culprit):
    """A hint that is no setting, or a per-level hint naming no level, would be silently ignored and the level
    play as before: the search refuses it, naming it, before it plays."""
    cibola = al.get_game("cibola")
    monkeypatch.setattr(type(cibola), "search_hints", hints)
    with pytest.raises(ValueError) as error:
        bots.MCTSBot(seed=1, level="hard").settings(cibola, 3)
    assert culprit in str(error.value)


@pytest.mark.parametrize("name", bots.mcts.HINTS)
def test_every_hint_the_check_accepts_reaches_the_settings(monkeypatch, name):
    """``HINTS`` (what ``_check_hints`` accepts) and what ``settings()`` reads are one list: a hint named there,
    given for the hard level only, is the hard level's setting and not the default level's."""
    luxor = al.get_game("luxor")
    value = "greedy" if name == "rollout" else 7
    monkeypatch.setattr(type(luxor), "search_hints", {name: {"hard": value}})
    assert bots.MCTSBot(seed=1, level="hard").settings(luxor, 2)[name] == value
    assert bots.MCTSBot(seed=1).settings(luxor, 2)[name] != value


def test_every_games_hints_are_settings():
    for game in al.list_games():
        bots.mcts._check_hints(getattr(game, "search_hints", {}) or {}, type(game).__name__)


def test_iterations_for_a_player_count_merge_with_the_games_per_level():
    """Cibola's default level searches 400 iterations with 3 and 4 seats, 200 with 2; hard keeps its 2,000."""
    cibola = al.get_game("cibola")
    medium, hard = bots.MCTSBot(seed=1), bots.MCTSBot(seed=1, level="hard")
    assert [medium.settings(cibola, n)["iterations"] for n in (2, 3, 4)] == [bots.LEVELS["medium"][1], 400, 400]
    assert [hard.settings(cibola, n)["iterations"] for n in (2, 3, 4)] == [2000, 2000, 2000]
    state = midgame("cibola", players=3)
    unhurried = bots.MCTSBot(seed=1, think_time=600)        # the level's iterations, whatever the machine's load
    unhurried.choose(state)
    assert unhurried.last_search["iterations"] == 400


def test_luxors_hard_level_searches_more_with_two_players_only():
    """Luxor's hard level: 16,000 iterations with 2 players (40 games on fresh seeds against the default),
    the level's 10,000 with 3 and 4; the other levels keep theirs."""
    luxor = al.get_game("luxor")
    hard, medium = bots.MCTSBot(seed=1, level="hard"), bots.MCTSBot(seed=1)
    assert [hard.settings(luxor, n)["iterations"] for n in (2, 3, 4)] == [16_000, bots.LEVELS["hard"][0],
                                                                         bots.LEVELS["hard"][0]]
    assert {medium.settings(luxor, n)["iterations"] for n in (2, 3, 4)} == {bots.LEVELS["medium"][0]}


def test_tikals_hard_level_searches_greedys_best_moves_deeper():
    """Tikal's hard level: greedy's best 3 moves at every node with 400 iterations (the 40-game duel in
    benchmarks/RESULTS.md); the other levels rank every node only with 3 seats."""
    tikal = al.get_game("tikal")
    hard, medium = (bots.MCTSBot(seed=1, level=lv).settings(tikal, 2) for lv in ("hard", "medium"))
    assert (hard["iterations"], hard["tree_width"]) == (400, 3)
    assert (medium["iterations"], medium["tree_width"]) == (bots.LEVELS["medium"][1], None)
    assert hard["think_time"] == bots.LEVELS["hard"][3] > medium["think_time"]
    assert {bots.MCTSBot(seed=1, level="hard").settings(tikal, n)["tree_width"] for n in (2, 3, 4)} == {3}


def test_tikals_search_ranks_every_node_with_three_seats_only():
    """With 3 seats Tikal's search keeps greedy's best 3 moves at every node (26 of 36 games against greedy bots)."""
    tikal = al.get_game("tikal")
    assert [bots.MCTSBot(seed=1).settings(tikal, n)["tree_width"] for n in (2, 3, 4)] == [None, 3, None]


def test_levels_grow_and_fit_their_caps():
    easy, medium, hard = (bots.LEVELS[k] for k in ("easy", "medium", "hard"))
    assert easy[0] < medium[0] < hard[0] and easy[1] < medium[1] < hard[1] and easy[3] <= medium[3] <= hard[3]


@pytest.mark.parametrize("options,field", [
    ({"iterations": 0}, "iterations"), ({"iterations": -3}, "iterations"), ({"rollout": "smart"}, "rollout"),
    ({"think_time": 0}, "think_time"), ({"rollout_sample": 0}, "rollout_sample"), ({"level": "expert"}, "level"),
    ({"root_width": 0}, "root_width"), ({"normalize": "yes"}, "normalize"),
])
def test_bad_settings_are_refused_by_name(options, field):
    with pytest.raises(ValueError, match=field):
        bots.MCTSBot(seed=1, **options)


def test_a_finished_game_has_no_move_to_choose():
    state = al.get_game("cibola").new_state(players=2, seed=1)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    with pytest.raises(ValueError, match="over"):
        bots.MCTSBot(seed=1).choose(state)


def test_ladder_recovers_ratings_from_an_exact_table():
    # 75 % is 400 log10(3) = 190.8 Elo points; 90 % (odds 9) is twice that.
    results = {("a", "b"): (75, 100), ("b", "c"): (75, 100), ("a", "c"): (90, 100)}
    r = elo_ratings(results, anchor="c", prior_draws=0)
    gap = 400 * math.log10(3)
    assert r["c"] == 0
    assert r["b"] == pytest.approx(gap, abs=1e-4) and r["a"] == pytest.approx(2 * gap, abs=1e-4)
    assert expected_score(r["a"] - r["b"]) == pytest.approx(0.75)


def test_ladder_counts_both_orders_and_shared_wins():
    # b against a is the same pairing as a against b: x scores 7.5 then 2.5, 10 of 20, an even match;
    # with 7.5 both times it scored 75 %.
    even = elo_ratings({("random", "x"): (2.5, 10), ("x", "random"): (2.5, 10)}, prior_draws=0)
    assert even == {"random": 0.0, "x": pytest.approx(0.0, abs=1e-6)}
    ahead = elo_ratings({("random", "x"): (2.5, 10), ("x", "random"): (7.5, 10)}, prior_draws=0)
    assert ahead["x"] == pytest.approx(400 * math.log10(3), abs=1e-4)


def test_ladder_keeps_a_clean_sweep_finite_and_refuses_what_it_cannot_rate():
    swept = elo_ratings({("random", "greedy"): (0, 40)})
    assert 400 < swept["greedy"] < 2000
    with pytest.raises(ValueError, match="not finite"):
        elo_ratings({("random", "greedy"): (0, 40)}, prior_draws=0)
    with pytest.raises(ValueError, match="anchor"):
        elo_ratings({("a", "b"): (1, 2)})
    with pytest.raises(ValueError, match="link"):
        elo_ratings({("random", "a"): (1, 2), ("b", "c"): (1, 2)})
    with pytest.raises(ValueError, match="impossible"):
        elo_ratings({("random", "a"): (3, 2)})


def test_the_selection_logs_are_math_log_and_only_small_ones_are_kept():
    """The UCB step reads ``log(availability)`` from ``LOGS``: exactly ``math.log``, kept only below ``KEEP``,
    so a search of millions of iterations cannot grow the table without bound."""
    from archeo_lab.bots.mcts import LOGS

    for n in (1, 2, 7, 1000, LOGS.KEEP - 1):
        assert LOGS[n] == math.log(n) and n in LOGS
    for n in (LOGS.KEEP, 10 * LOGS.KEEP):
        assert LOGS[n] == math.log(n) and n not in LOGS


class _Valued:
    """A position that is not over, valued by a given list (the evaluation ``_rewards`` is handed)."""

    is_terminal = False

    def __init__(self, players: int) -> None:
        self.players = players


def _general_rewards(values: list[float], scale: float) -> list[float]:
    """The cut-off reward of the module docstring, step 5, for any number of seats, written plainly."""
    out = []
    for seat, v in enumerate(values):
        margin = v - max(w for s, w in enumerate(values) if s != seat)
        out.append(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, margin / scale)))))
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cut_off_rewards_are_the_logistic_of_each_seats_margin(players):
    """Every seat's reward at a cut-off is the logistic of its margin over the best other seat, to the last bit:
    ties, margins beyond the clamp, integers, the default scale (two seats take a shorter path: same numbers)."""
    from archeo_lab.bots import mcts
    rng = Rng(7)
    cases = [[0.0] * players, [5] * players, [1e6, *([0.0] * (players - 1))], [-3.25] + [2.5] * (players - 1)]
    cases += [[(rng.below(4001) - 2000) / 8 for _ in range(players)] for _ in range(300)]
    for values in cases:
        for scale in (None, 0.5, 20.0):
            got = mcts._rewards(_Valued(players), lambda _, v=values: v, scale)  # type: ignore[arg-type]
            used = max(1.0, 0.1 * sum(map(abs, values)) / players) if scale is None else scale
            assert got == _general_rewards(values, used), (values, scale)
