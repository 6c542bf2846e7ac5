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
   that seat's ``observation`` unchanged, e.g. a bid in a closed fist).  So an
   opponent deciding after your hidden bid sits in the same node whatever you
   bid: it cannot react to what it cannot see, and its statistics are shared
   across determinizations (the paper's "multiple-observer" idea, obtained
   from the contract's ``observation``).  While every legal action has been
   tried, the seat to move follows the best UCB1 *for itself* (every seat
   plays for itself, in any number of seats)::

       mean reward of the mover + C * sqrt(ln(availability) / visits)

   *Availability* counts the iterations in which the action was legal: with
   hidden information the legal actions change from one determinization to
   the next, and plain parent visits would over-explore rare actions.
3. **Expand** one untried legal action.
4. **Roll out**, then value the position with the game's ``evaluate``:
   ``"random"``: up to ``rollout_depth`` uniformly random actions (long random
   rollouts play far worse than the game's own evaluation); ``"greedy"``:
   one-ply greedy moves until the root player is to move again after the
   others (so leaves are valued at the same point of the turn cycle).
5. **Reward** each seat with a number in [0, 1].  At the end of a game: half
   its win share (1/k when k seats share the win), half its score normalised
   between the game's lowest and highest.  At a cut-off: a logistic function
   of its evaluated margin over the best other seat (scaled by the size of
   the evaluations), so a narrow lead counts for less than a wide one.
6. **Back up** each reward to the decisions on the path (each keeps the
   mover's own reward).

The action played is the most visited one at the root.  Multi-step turns
(several actions by the same seat) and simultaneous choices taken seat by
seat need nothing special: each step is a decision.

Settings.  A game may declare ``Game.search_hints`` (``rollout``,
``rollout_depth``), the settings under which the search plays it best; an
argument given to the bot wins over the hint.  A level fixes the number of
iterations (fewer with greedy rollouts, which cost more) and, for random
rollouts, a budget of simulated actions, so a search is deterministic for a
given seed whatever the machine; ``think_time`` is a wall-clock cap, reached
only on a slow machine or a slow game (then the result depends on the speed).

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
from typing import Any

from archeo_lab.engine import Action, State

from .base import Bot

__all__ = ["MCTSBot", "LEVELS"]

#: Level -> (iterations with random rollouts, with greedy rollouts, simulated-action budget, time cap in s).
LEVELS = {
    "easy": (150, 40, 15_000, 0.4),
    "medium": (1_000, 200, 60_000, 0.9),
    "hard": (5_000, 1_000, 300_000, 4.0),
}
ROLLOUTS = ("random", "greedy")


class MCTSBot(Bot):
    """ISMCTS: determinized iterations, nodes as what the mover knows, UCB1 on availability,
    short rollouts and the game's evaluation (see the module docstring)."""

    name = "mcts"

    def __init__(self, seed: int | None = None, level: str = "medium", iterations: int | None = None,
                 budget: int | None = None, think_time: float | None = None, exploration: float = 0.7,
                 rollout: str | None = None, rollout_depth: int | None = None):
        super().__init__(seed)
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; choose one of: {', '.join(LEVELS)}")
        if rollout is not None and rollout not in ROLLOUTS:
            raise ValueError(f"unknown rollout {rollout!r}; choose one of: {', '.join(ROLLOUTS)}")
        self.level = level
        self.exploration = exploration
        self._given = {"iterations": iterations, "budget": budget, "think_time": think_time,
                       "rollout": rollout, "rollout_depth": rollout_depth}
        #: What the last decision looked like: per root action, visits and mean reward.
        self.last_search: dict[str, Any] = {}

    def settings(self, game) -> dict[str, Any]:
        """The settings used for ``game``: arguments, else the game's ``search_hints``, else the level's."""
        hints = getattr(game, "search_hints", {}) or {}
        given = self._given
        rollout = given["rollout"] or hints.get("rollout", "random")
        random_iterations, greedy_iterations, budget, cap = LEVELS[self.level]
        depth = given["rollout_depth"]
        if depth is None:
            depth = hints.get("rollout_depth", 4 if rollout == "random" else 16)
        iterations = given["iterations"]
        if iterations is None:
            iterations = random_iterations if rollout == "random" else greedy_iterations
        if given["budget"] is not None:
            budget = given["budget"]
        elif given["iterations"] is not None or rollout == "greedy":
            budget = None
        return {"rollout": rollout, "rollout_depth": depth, "iterations": iterations, "budget": budget,
                "think_time": cap if given["think_time"] is None else given["think_time"]}

    def choose(self, state: State) -> Action:
        me = state.current_player
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_search = {"seat": me, "iterations": 0, "simulated_actions": 0, "seconds": 0.0,
                                "actions": [{"action": str(legal[0]), "visits": 0, "mean_reward": None}]}
            return legal[0]
        cfg = self.settings(state.game)
        greedy, depth_cap = cfg["rollout"] == "greedy", cfg["rollout_depth"]
        rng, evaluate, c = self.rng, state.game.evaluate, self.exploration
        players = state.players
        tree: dict[tuple, dict[Action, list]] = {}   # node -> action -> [visits, reward sum, availability]
        root_key = (me, ())
        start = time.perf_counter()
        deadline = start + cfg["think_time"] if cfg["think_time"] else None
        spent = iterations = 0
        while iterations < cfg["iterations"]:
            if cfg["budget"] is not None and spent >= cfg["budget"] and iterations:
                break
            if deadline is not None and iterations and time.perf_counter() > deadline:
                break
            iterations += 1
            world = state.determinize(me, rng.spawn())
            path = []                    # (statistics of the action taken, mover)
            seen = [()] * players        # per seat: the moves since the root, as that seat knows them
            key = root_key
            # Selection and expansion.
            while not world.is_terminal:
                mover = world.current_player
                stats = tree.setdefault(key, {})
                actions = world.legal_actions()
                untried = [a for a in actions if a not in stats]
                if untried:
                    action = untried[rng.below(len(untried))]
                    stats[action] = [0, 0.0, 0]
                    for a in actions:
                        st = stats.get(a)
                        if st is not None:
                            st[2] += 1
                else:
                    action, best_score = None, -1.0
                    for a in actions:
                        st = stats[a]
                        st[2] += 1
                        score = st[1] / st[0] + c * math.sqrt(math.log(st[2]) / st[0])
                        if score > best_score:
                            action, best_score = a, score
                path.append((stats[action], mover))
                seen = _record(world, action, actions, mover, seen)
                spent += 1
                if untried or world.is_terminal:
                    break
                key = (world.current_player, seen[world.current_player])
            # Rollout, then the game's own evaluation.
            depth = 0
            if greedy:
                others_moved = False
                while not world.is_terminal and depth < depth_cap and not (others_moved and world.current_player == me):
                    others_moved = others_moved or world.current_player != me
                    world.apply(_greedy_move(world, evaluate, rng))
                    depth += 1
            else:
                while not world.is_terminal and depth < depth_cap:
                    actions = world.legal_actions()
                    world.apply(actions[rng.below(len(actions))])
                    depth += 1
            spent += depth
            reward = _rewards(world, evaluate)
            for st, mover in path:
                st[0] += 1
                st[1] += reward[mover]
        root = tree[root_key]
        ranked = sorted(((a, st) for a, st in root.items() if st[0]), key=lambda kv: (-kv[1][0], -kv[1][1]))
        self.last_search = {
            "seat": me, "iterations": iterations, "simulated_actions": spent,
            "seconds": time.perf_counter() - start, "settings": cfg,
            "actions": [{"action": str(a), "visits": st[0], "mean_reward": st[1] / st[0]} for a, st in ranked],
        }
        return ranked[0][0]

    def __repr__(self) -> str:
        return f"MCTSBot(seed={self.seed}, level={self.level!r})"


def _record(world: State, action: Action, actions: list, mover: int, seen: list) -> list:
    """Apply ``action`` and extend each seat's view of the path: the move itself, or a masked step
    for a seat whose observation would be the same after another legal move."""
    alt = next((a for a in actions if a is not action and a != action), None)
    if alt is None or world.players == 1:
        world.apply(action)
        return [view + ((mover, action),) for view in seen]
    twin = world.clone()
    twin.apply(alt)
    world.apply(action)
    return [view + ((mover, action) if q == mover or twin.observation(q) != world.observation(q) else (mover, "?"),)
            for q, view in enumerate(seen)]


def _greedy_move(world: State, evaluate, rng) -> Action:
    """The move with the best evaluated margin for the seat to move (ties at random)."""
    mover = world.current_player
    actions = world.legal_actions()
    if len(actions) == 1:
        return actions[0]
    best, best_actions = None, []
    for a in actions:
        after = world.clone()
        after.apply(a)
        values = evaluate(after)
        margin = values[mover] - max(v for s, v in enumerate(values) if s != mover)
        if best is None or margin > best + 1e-9:
            best, best_actions = margin, [a]
        elif abs(margin - best) <= 1e-9:
            best_actions.append(a)
    return best_actions[rng.below(len(best_actions))]


def _rewards(world: State, evaluate) -> list[float]:
    """Per-seat reward in [0, 1] (see the module docstring)."""
    players = world.players
    if not world.is_terminal:
        values = evaluate(world)
        scale = max(1.0, 0.1 * sum(abs(v) for v in values) / players)
        out = []
        for s in range(players):
            margin = values[s] - max(values[o] for o in range(players) if o != s)
            out.append(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, margin / scale)))))
        return out
    scores = [float(s) for s in world.scores()]
    winners = world.winners()
    low, high = min(scores), max(scores)
    spread = high - low
    share = 1.0 / len(winners)
    return [0.5 * (share if s in winners else 0.0) + 0.5 * ((scores[s] - low) / spread if spread else 0.5)
            for s in range(players)]
