"""Information-set Monte Carlo tree search (ISMCTS), written once against the engine contract.

One decision (after Cowling, Powley & Whitehouse, "Information Set Monte Carlo
Tree Search", IEEE TCIAIG 4(2), 2012):

1. **Determinize.** Each iteration starts from ``state.determinize(me, rng)``:
   a copy in which everything ``me`` cannot see (the others' cards, tiles,
   bids, the order of every pile, future draws) is resampled.  The bot never
   reads the live state's hidden information or its random generator.
2. **Select.** A node of the tree is what the seat to move knows of the moves
   since the root: the moves themselves, except those it could not tell apart
   (a move is *masked* for a seat when another legal move would have left
   what that seat sees, ``state.infoset_key(seat)``, unchanged, e.g. a bid in
   a closed fist).  So an opponent deciding after your hidden bid sits in the
   same node whatever you bid: it cannot react to what it cannot see, and its
   statistics are shared across determinizations (the paper's
   "multiple-observer" idea, obtained from the contract).  Whether a move is
   masked for each seat is worked out once per decision, the first time the
   move is tried by that seat (the rules hide a kind of move, such as a bid,
   wherever it is played), never by comparing event logs.  While every legal action has been
   tried, the seat to move follows the best UCB1 *for itself* (every seat
   plays for itself, in any number of seats)::

       mean reward of the mover + C * sqrt(ln(availability) / visits)

   *Availability* counts the iterations in which the action was legal: with
   hidden information the legal actions change from one determinization to
   the next, and plain parent visits would over-explore rare actions.
   With ``normalize`` (a game's hint, e.g. Quetzal's with 3 seats), the
   mean rewards of the node's actions are first rescaled to [0, 1] between
   their lowest and highest (as MuZero does with its values).  With three or
   four seats the margin over the *best* other seat is mostly negative, the
   logistic saturates near 0 and the moves' means differ by thousandths, so
   the exploration term spreads the visits evenly (e.g. 16, 16, 15, 15 ... 13
   over 14 moves of a 3-player Cibola pick); rescaled, the visits go to the
   best moves again.  It is off by default: over 216 same-seed games of four
   games it gained 9 (noise), helping Quetzal and costing Cibola (benchmarks/RESULTS.md).
3. **Expand** one untried legal action: at the root, in the order of the
   greedy bot's one-move evaluation (best first, so even a short search has
   looked at greedy's choice); deeper, at random.  With ``root_width`` set,
   only the greedy bot's best ``root_width`` moves are searched at the root,
   so that a few hundred iterations compare a few good moves well rather
   than a hundred placements once each.  With ``tree_width`` set, every node
   below the root does likewise: its moves are ranked once, by the mover's
   one-move evaluation in the first determinization that reaches it, expanded
   best first, and only the best ``tree_width`` are searched (all of them where
   none of those is legal in the determinization at hand).  So a multi-step
   turn's later choices (a dig's length) are its good ones, not an average
   over every length, and the opponents answer as greedy players would.
4. **Roll out**, then value the position with the game's ``evaluate``:
   ``"random"``: up to ``rollout_depth`` uniformly random actions (long random
   rollouts play far worse than the game's own evaluation); ``"greedy"``:
   greedy moves (the best evaluated margin among ``rollout_sample`` legal
   moves drawn at random, or among all of them when it is ``None``) until
   the root player is to move again after the others (so leaves are valued at
   the same point of the turn cycle), at most ``rollout_depth`` of them.
5. **Reward** each seat with a number in [0, 1].  At the end of a game: half
   its win share (1/k when k seats share the win), half its score normalised
   between the game's lowest and highest.  At a cut-off: a logistic function
   of its evaluated margin over the best other seat (scaled by the size of
   the evaluations, or ``reward_scale`` evaluation points when set), so a
   narrow lead counts for less than a wide one.
6. **Back up** each reward to the decisions on the path (each keeps the
   mover's own reward).

The action played is the most visited one at the root.  Multi-step turns
(several actions by the same seat) and simultaneous choices taken seat by
seat need nothing special: each step is a decision.

Levels and time.  A level is a number of iterations (``LEVELS``: fewer with
greedy rollouts, which cost more) chosen so that the search finishes well
within the level's time budget on the 2-core development machine in every game
(the timing table of ``benchmarks/strength.py`` measures it), so **the same
seed plays the same moves on any machine**, unless the wall-clock cap cuts the
search: the budget is a hard cap, checked at every greedy rollout step and
every 16 random ones, reached only on a slower or busier machine (then the
play depends on the speed, and ``last_search["completed"]`` is False).  A game may declare
``Game.search_hints`` (``rollout``, ``rollout_depth``, ``rollout_sample``,
``root_width``, ``tree_width``, ``reward_scale``, ``exploration``, ``prior_weight``, ``normalize``,
``iterations``, and ``players``: a player count -> settings for that many seats, over the others), the
settings under which the search plays it best; a setting may be given per level, as a dict level -> value
(``"iterations": {"hard": 2000}``: the levels it leaves out keep the default), merged level by level with a
player count's; an argument given to the bot wins over the hint.  A hint that is not one of these settings,
or a per-level one naming no level, is refused (``ValueError`` naming it) rather than silently ignored.

>>> import archeo_lab as al
>>> bot = MCTSBot(seed=1, iterations=50)
>>> state = al.get_game("cibola").new_state(players=2, seed=3)
>>> bot.choose(state) in state.legal_actions()
True
>>> sum(row["visits"] for row in bot.last_search["actions"])
50
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any

from archeo_lab.engine import Action, Game, Rng, State

from .base import Bot

__all__ = ["MCTSBot", "LEVELS", "ROLLOUTS"]

#: Level -> (iterations with random rollouts, with greedy rollouts, simulated-action budget, time cap in s).
#: The iterations fit the time cap with a wide margin on the development machine (2 cores, shared):
#: see benchmarks/RESULTS.md for the measured decision times.
LEVELS: dict[str, tuple[int, int, int, float]] = {
    "easy": (400, 40, 24_000, 0.5),
    "medium": (2_500, 200, 150_000, 1.0),
    "hard": (10_000, 800, 600_000, 4.0),
}
ROLLOUTS = ("random", "greedy")
#: Defaults when neither the bot's arguments nor the game's ``search_hints`` say otherwise.
DEFAULTS: dict[str, Any] = {"rollout": "random", "random_depth": 4, "greedy_depth": 16, "rollout_sample": 6,
            "exploration": 0.7, "prior_weight": 0.0, "root_width": None, "tree_width": None,
            "reward_scale": None, "normalize": False}
#: What a seat records for a move it could not tell apart from another legal move.
MASKED = "?"


class _Logs(dict[int, float]):
    """``LOGS[n] == math.log(n)``, worked out once per ``n`` below ``KEEP`` (an availability: at most the
    iterations of one search): the selection step reads it for every action of every node it passes, an
    indexing in C, cheaper than a call.  Larger ``n`` (a search of millions of iterations) are not kept."""

    KEEP = 1 << 17

    def __missing__(self, n: int) -> float:
        value = math.log(n)
        if n < self.KEEP:
            self[n] = value
        return value


LOGS = _Logs()


class MCTSBot(Bot):
    """ISMCTS: determinized iterations, nodes as what the mover knows, UCB1 on availability,
    short rollouts and the game's evaluation (see the module docstring)."""

    name = "mcts"

    def __init__(self, seed: int | None = None, level: str = "medium", iterations: int | None = None,
                 budget: int | None = None, think_time: float | None = None, exploration: float | None = None,
                 rollout: str | None = None, rollout_depth: int | None = None,
                 rollout_sample: int | None | str = "hint", prior_weight: float | None = None,
                 root_width: int | None | str = "hint", tree_width: int | None | str = "hint",
                 reward_scale: float | None | str = "hint", normalize: bool | None = None):
        super().__init__(seed)
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; choose one of: {', '.join(LEVELS)}")
        if rollout is not None and rollout not in ROLLOUTS:
            raise ValueError(f"unknown rollout {rollout!r}; choose one of: {', '.join(ROLLOUTS)}")
        for name, value in (("iterations", iterations), ("budget", budget), ("rollout_depth", rollout_depth)):
            if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
                raise ValueError(f"{name} must be a whole number >= 0, not {value!r}")
        if iterations == 0:
            raise ValueError("iterations must be at least 1")
        if rollout_sample not in ("hint", None) and (not isinstance(rollout_sample, int)
                                                     or isinstance(rollout_sample, bool) or rollout_sample < 1):
            raise ValueError(f"rollout_sample must be a whole number >= 1 or None, not {rollout_sample!r}")
        for name, width in (("root_width", root_width), ("tree_width", tree_width)):
            if width not in ("hint", None) and (not isinstance(width, int) or isinstance(width, bool) or width < 1):
                raise ValueError(f"{name} must be a whole number >= 1 or None, not {width!r}")
        if normalize is not None and not isinstance(normalize, bool):
            raise ValueError(f"normalize must be True, False or None, not {normalize!r}")
        if reward_scale not in ("hint", None) and (not isinstance(reward_scale, (int, float))
                                                   or isinstance(reward_scale, bool) or not reward_scale > 0):
            raise ValueError(f"reward_scale must be a number > 0 or None, not {reward_scale!r}")
        if think_time is not None and not (isinstance(think_time, (int, float)) and think_time > 0):
            raise ValueError(f"think_time must be a number of seconds > 0, not {think_time!r}")
        self.level = level
        self._given: dict[str, Any] = {"iterations": iterations, "budget": budget, "think_time": think_time,
                       "rollout": rollout, "rollout_depth": rollout_depth, "exploration": exploration,
                       "rollout_sample": rollout_sample, "prior_weight": prior_weight, "root_width": root_width,
                       "tree_width": tree_width, "reward_scale": reward_scale,
                       "normalize": normalize}
        #: What the last decision looked like: per root action, visits and mean reward.
        self.last_search: dict[str, Any] = {}

    @property
    def exploration(self) -> float | None:
        """The exploration constant given to the bot (``None``: the game's hint or the default)."""
        value: float | None = self._given["exploration"]
        return value

    def settings(self, game: Any, players: int | None = None) -> dict[str, Any]:
        """The settings used for ``game`` (with ``players`` seats): arguments, else the game's ``search_hints``
        (those of ``search_hints["players"][players]`` first; a hint given as a dict, level -> value, holds
        for the levels it names), else the level's."""
        hints = getattr(game, "search_hints", {}) or {}
        _check_hints(hints, type(game).__name__)
        if players is not None and players in hints.get("players", {}):
            hints = _overlay(hints, hints["players"][players])
        level = self.level

        def hint(name: str, default: Any) -> Any:
            value = hints.get(name, default)
            if isinstance(value, dict):                  # per level: {"hard": 2000}
                value = value.get(level, default)
            return value

        given = self._given
        rollout = given["rollout"] or hint("rollout", DEFAULTS["rollout"])
        random_iterations, greedy_iterations, level_budget, cap = LEVELS[level]
        budget: int | None = level_budget
        depth = given["rollout_depth"]
        if depth is None:
            depth = hint("rollout_depth", DEFAULTS["random_depth" if rollout == "random" else "greedy_depth"])
        iterations = given["iterations"]
        if iterations is None:
            iterations = hint("iterations", random_iterations if rollout == "random" else greedy_iterations)
        if given["budget"] is not None:
            budget = given["budget"]
        elif given["iterations"] is not None or rollout == "greedy":
            budget = None
        out: dict[str, Any] = {"rollout": rollout, "rollout_depth": depth, "iterations": iterations,
                               "budget": budget}
        for name in ("rollout_sample", "root_width", "tree_width", "reward_scale"):      # None is a setting
            out[name] = hint(name, DEFAULTS[name]) if given[name] == "hint" else given[name]
        for name in ("exploration", "prior_weight", "normalize"):                         # None: not given
            out[name] = hint(name, DEFAULTS[name]) if given[name] is None else given[name]
        out["think_time"] = cap if given["think_time"] is None else given["think_time"]
        return out

    def choose(self, state: State) -> Action:
        me = state.current_player
        if me is None:
            raise ValueError("the game is over: there is no move to choose")
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_search = {"seat": me, "iterations": 0, "simulated_actions": 0, "seconds": 0.0,
                                "completed": True,
                                "actions": [{"action": str(legal[0]), "visits": 0, "mean_reward": None}]}
            return legal[0]
        cfg = self.settings(state.game, state.players)
        greedy, depth_cap, sample = cfg["rollout"] == "greedy", cfg["rollout_depth"], cfg["rollout_sample"]
        rng, evaluate, c = self.rng, _evaluator(state.game), cfg["exploration"]
        players = state.players
        sqrt = math.sqrt
        # node -> action -> [visits, reward sum, availability, per seat: the step it records (below), mean reward]
        tree: dict[tuple[int, int], dict[Action, list]] = {}
        # What a seat knows of the path is a node id: (its id before, the step as it saw it) -> id.
        ids: dict[tuple[int, Any], int] = {}
        # (mover, action) -> per seat, the step it records, (mover, action) or (mover, MASKED) where it cannot
        # tell the action from another legal one: worked out the first time the action is tried.
        masks: dict[tuple[int, Action], tuple[tuple[int, Any], ...]] = {}
        root_key = (me, 0)
        order: dict[Action, int] | None = None      # root actions, greedy's best first
        ranks: dict[tuple[int, int], dict[Action, int]] = {}   # with tree_width: each node's, greedy's best first
        tree_width, scale = cfg["tree_width"], cfg["reward_scale"]
        prior: dict[Action, float] = {}             # root actions: reward of the position one move ahead
        bias = cfg["prior_weight"]
        norm = cfg["normalize"]
        start = time.perf_counter()
        deadline = start + cfg["think_time"]
        draw = state.determinizer(me)              # a world per iteration, what they share worked out once
        spent = iterations = 0
        cut = False
        while iterations < cfg["iterations"]:
            if iterations:
                if cfg["budget"] is not None and spent >= cfg["budget"]:
                    break                # the nominal search is a budget of simulated actions: done
                if cut or time.perf_counter() > deadline:
                    cut = True
                    break
            iterations += 1
            world = draw(rng.spawn())
            if order is None:
                order, prior = _greedy_order(world, evaluate, scale)
                if cfg["root_width"] is not None:      # only the greedy bot's best few moves at the root
                    order = {a: rank for a, rank in order.items() if rank < cfg["root_width"]}
            path: list[tuple[list, int]] = []    # (statistics of the action taken, mover)
            views = [0] * players        # per seat: the node id of the moves since the root, as it knows them
            key = root_key
            # Selection and expansion.
            while not world.is_terminal:
                mover: int = world.current_player  # type: ignore[assignment]  # not terminal: a seat
                stats = tree.get(key)
                if stats is None:
                    stats = tree[key] = {}
                actions = world._legal()            # read only: the position's own list, not a copy
                if key == root_key and cfg["root_width"] is not None:
                    actions = [a for a in actions if a in order] or actions  # type: ignore[operator]
                rank = order if key == root_key else None
                if rank is None and tree_width is not None:      # greedy's best few moves at every node
                    rank = ranks.get(key)
                    if rank is None:
                        rank = ranks[key] = _greedy_order(world, evaluate, scale)[0]
                    actions = [a for a in actions if rank.get(a, tree_width) < tree_width] or actions
                if not stats:         # a new node (the usual case at the end of a selection): the list as it is
                    untried = actions
                elif all(map(stats.__contains__, actions)):   # every action tried (the usual case deep in a
                    untried = []                              # search): checked in C, no list built
                else:
                    untried = [a for a in actions if a not in stats]
                if untried:
                    if rank is not None:
                        action = min(untried, key=lambda a: rank.get(a, len(rank)))  # type: ignore[union-attr]
                    else:
                        action = untried[rng.below(len(untried))]
                    if stats:                       # the actions tried before were available again
                        for st in map(stats.get, actions):
                            if st is not None:
                                st[2] += 1
                    steps = masks.get((mover, action))
                    if steps is None:
                        seen = _play_and_mask(world, action, actions, mover)
                        steps = masks[mover, action] = tuple((mover, action if sees else MASKED) for sees in seen)
                    else:
                        world._apply_legal(action)
                    st = stats[action] = [0, 0.0, 1, steps, 0.0]
                else:
                    action, best_score, st = actions[0], -1.0, stats[actions[0]]   # every score beats -1
                    at_root = bias and key == root_key
                    if norm or at_root:
                        lo, span = 0.0, 1.0      # with ``normalize``: the means rescaled to [0, 1] over the node
                        if norm:
                            means = [stats[a][4] for a in actions]
                            lo = min(means)
                            span = max(means) - lo
                            if span < 1e-9:
                                lo, span = 0.0, 1.0
                        for a in actions:
                            s = stats[a]
                            s[2] += 1
                            score = (s[4] - lo) / span + c * sqrt(LOGS[s[2]] / s[0])
                            if at_root:
                                score += bias * prior.get(a, 0.0) / (s[0] + 1)
                            if score > best_score:
                                action, best_score, st = a, score, s
                    else:                        # the same scores without the rescaling (x - 0.0) / 1.0 == x
                        for a in actions:
                            s = stats[a]
                            s[2] += 1
                            score = s[4] + c * sqrt(LOGS[s[2]] / s[0])
                            if score > best_score:
                                action, best_score, st = a, score, s
                    world._apply_legal(action)
                path.append((st, mover))
                for q, step in enumerate(st[3]):
                    views[q] = ids.setdefault((views[q], step), len(ids) + 1)
                spent += 1
                if untried or world.is_terminal:
                    break
                mover = world.current_player  # type: ignore[assignment]
                key = (mover, views[mover])
            # Rollout (checking the clock at every step), then the game's own evaluation.
            depth = 0
            if greedy:
                others_moved = False
                while not world.is_terminal and depth < depth_cap and not (others_moved and world.current_player == me):
                    others_moved = others_moved or world.current_player != me
                    world = _greedy_move(world, evaluate, rng, sample)
                    depth += 1
                    if time.perf_counter() > deadline:
                        cut = True
                        break
            else:
                while not world.is_terminal and depth < depth_cap:
                    actions = world._legal()
                    world._apply_legal(actions[rng.below(len(actions))])
                    depth += 1
                    if not depth & 15 and time.perf_counter() > deadline:
                        cut = True
                        break
            spent += depth
            reward = _rewards(world, evaluate, scale)
            for st, mover in path:
                st[0] += 1
                st[1] += reward[mover]
                st[4] = st[1] / st[0]           # once here, not at every pass of the selection
        root = tree[root_key]
        ranked = sorted(((a, st) for a, st in root.items() if st[0]), key=lambda kv: (-kv[1][0], -kv[1][1]))
        self.last_search = {
            "seat": me, "iterations": iterations, "simulated_actions": spent,
            "seconds": time.perf_counter() - start, "settings": cfg,
            # False when the time cap stopped the search before its iterations (or budget) were done:
            # only then does the move depend on the machine's speed.
            "completed": not cut,
            "actions": [{"action": str(a), "visits": st[0], "mean_reward": st[1] / st[0]} for a, st in ranked],
        }
        return ranked[0][0]

    def __repr__(self) -> str:
        return f"MCTSBot(seed={self.seed}, level={self.level!r})"


#: The settings a game's ``search_hints`` may give (and ``players``: count -> some of them).
HINTS = ("rollout", "rollout_depth", "iterations", "rollout_sample", "root_width", "tree_width", "reward_scale",
         "exploration", "prior_weight", "normalize")


def _check_hints(hints: dict[str, Any], owner: str, where: str = "search_hints") -> None:
    """Refuse a hint that is not a setting, or a per-level hint naming no level, naming the culprit: a typo
    (``"Hard"``, ``"rolout_depth"``) would otherwise be silently ignored and the level play as before.

    >>> _check_hints({"exploration": {"Hard": 0.3}}, "Game")
    Traceback (most recent call last):
    ...
    ValueError: Game.search_hints["exploration"]: 'Hard' is not a level (easy, medium, hard)
    """
    for name, value in hints.items():
        if name == "players" and where == "search_hints":
            if not isinstance(value, dict) or not all(isinstance(over, dict) for over in value.values()):
                raise ValueError(f'{owner}.search_hints["players"]: a dict, player count -> settings')
            for count, over in value.items():
                _check_hints(over, owner, f'search_hints["players"][{count!r}]')
            continue
        if name not in HINTS:
            raise ValueError(f'{owner}.{where}: "{name}" is not a search setting ({", ".join(HINTS)})')
        if isinstance(value, dict):
            for key in value:
                if key not in LEVELS:
                    raise ValueError(f'{owner}.{where}["{name}"]: {key!r} is not a level ({", ".join(LEVELS)})')


def _overlay(hints: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """``hints`` with the settings of ``over`` (a player count's) on top; a setting ``over`` gives per level is
    merged level by level (``{"medium": 400}`` over ``{"hard": 2000}`` keeps both; over ``0.3``, the levels
    it leaves out keep ``0.3``)."""
    merged = {**hints, **over}
    for name, value in over.items():
        if isinstance(value, dict) and name in hints:
            under = hints[name]
            merged[name] = {**(under if isinstance(under, dict) else dict.fromkeys(LEVELS, under)), **value}
    return merged


def _evaluator(game: Game) -> Any:
    """``game.evaluate``, looked up once per decision: ``Game.evaluate`` finds the game's ``evaluate.py`` at
    every call, a tenth of a greedy rollout's time; a game that overrides ``evaluate`` keeps its own."""
    if type(game).evaluate is Game.evaluate:
        module = game._part("evaluate")
        if module is not None:
            return module.evaluate
    return game.evaluate


def _play_and_mask(world: State, action: Action, actions: Sequence[Action], mover: int) -> tuple[bool, ...]:
    """Apply ``action`` to ``world``; per seat, whether it can tell ``action`` from another legal move
    (the mover always can; another seat cannot when the two positions look alike to it, ``looks_alike``)."""
    alt = next((a for a in actions if a is not action and a != action), None)
    if alt is None or world.players == 1:
        world._apply_legal(action)
        return (True,) * world.players
    twin = world.clone()
    twin._apply_legal(alt)
    world._apply_legal(action)
    return tuple(q == mover or not twin.looks_alike(world, q) for q in range(world.players))


def _margin(values: list[float], seat: int) -> float:
    """``seat``'s value minus the best other seat's (its own value when it plays alone)."""
    others = [v for s, v in enumerate(values) if s != seat]
    return values[seat] - (max(others) if others else 0.0)


def _greedy_order(world: State, evaluate: Any, scale: float | None = None
                  ) -> tuple[dict[Action, int], dict[Action, float]]:
    """The legal actions of ``world`` ranked by the mover's evaluated margin one move ahead (best: 0), and
    the mover's reward in the position after each (as at a cut-off, see ``_rewards``)."""
    mover: int = world.current_player  # type: ignore[assignment]
    margins, prior = [], {}
    for i, a in enumerate(world._legal()):          # read only
        after = world.clone()
        after._apply_legal(a)
        values = evaluate(after)
        margins.append((-_margin(values, mover), i, a))
        prior[a] = _rewards(after, evaluate, scale, values)[mover]
    margins.sort(key=lambda m: m[:2])
    return {a: rank for rank, (_, _, a) in enumerate(margins)}, prior


def _greedy_move(world: State, evaluate: Any, rng: Rng, sample: int | None) -> State:
    """The position after the move with the best evaluated margin for the seat to move among ``sample``
    legal moves drawn at random (all of them when ``sample`` is None), ties at random: ``world`` itself
    when the move is forced, else the copy in which that move was evaluated (the same position as
    ``world`` after it, random generator included, without playing it again)."""
    mover: int = world.current_player  # type: ignore[assignment]
    actions = world.legal_actions()
    n = len(actions)
    if n == 1:
        world._apply_legal(actions[0])
        return world
    if sample is not None and n > sample:
        for i in range(sample):          # the first ``sample`` places of a Fisher-Yates shuffle
            j = i + rng.below(n - i)
            actions[i], actions[j] = actions[j], actions[i]
        del actions[sample:]
    best: float | None = None
    best_after: list[State] = []
    for a in actions:
        after = world.clone()
        after._apply_legal(a)
        values = evaluate(after)
        others = values[:mover] + values[mover + 1:]
        margin = values[mover] - (max(others) if others else 0.0)        # ``_margin``, inlined
        if best is None or margin > best + 1e-9:
            best, best_after = margin, [after]
        elif abs(margin - best) <= 1e-9:
            best_after.append(after)
    return best_after[rng.below(len(best_after))]


def _rewards(world: State, evaluate: Any, scale: float | None = None, values: list[float] | None = None
             ) -> list[float]:
    """Per-seat reward in [0, 1] (see the module docstring); ``scale``: the logistic's, in evaluation points
    (``None``: a tenth of the mean absolute evaluation, at least 1)."""
    players = world.players
    if not world.is_terminal:
        if values is None:
            values = evaluate(world)
        if scale is None:
            scale = max(1.0, 0.1 * sum(map(abs, values)) / players)
        exp = math.exp
        if players == 2:
            # The general case below with two seats, without its lists: each seat's margin is the other's
            # negated, exactly (IEEE rounding is symmetric), so these are the very same numbers.
            x = (values[0] - values[1]) / scale
            x = -30.0 if x < -30.0 else 30.0 if x > 30.0 else x
            return [1.0 / (1.0 + exp(-x)), 1.0 / (1.0 + exp(x))]
        # Each seat's margin over the best other seat: the best value, or the second best for the seat
        # that holds the best (its first seat, where several share it: the others then have margin 0).
        best = max(values)
        leader = values.index(best)
        second = max(values[:leader] + values[leader + 1:])
        return [1.0 / (1.0 + exp(-max(-30.0, min(30.0, (v - (second if s == leader else best)) / scale))))
                for s, v in enumerate(values)]
    scores = [float(s) for s in world.scores()]
    winners = world.winners()
    low, high = min(scores), max(scores)
    spread = high - low
    share = 1.0 / len(winners)
    return [0.5 * (share if s in winners else 0.0) + 0.5 * ((scores[s] - low) / spread if spread else 0.5)
            for s in range(players)]
