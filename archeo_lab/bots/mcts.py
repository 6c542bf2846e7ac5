"""Information-set Monte Carlo tree search (ISMCTS), written once against the engine contract.

One decision (after Cowling, Powley & Whitehouse, "Information Set Monte Carlo
Tree Search", IEEE TCIAIG 4(2), 2012):

1. **Determinize.** Each iteration starts from ``state.determinize(me, rng)``:
   a copy in which everything ``me`` cannot see (the others' cards, tiles,
   bids, the order of every pile, future draws) is resampled.  The bot never
   reads the live state's hidden information or its random generator.
2. **Select.** A node of the tree is an *information set*: the seat to move
   and its ``observation``.  So an opponent deciding after your hidden bid
   sits in the same node whatever you bid: it cannot react to what it cannot
   see (the "multiple-observer" idea of the paper, obtained from the
   contract's ``observation``).  While every legal action has been tried, the
   seat to move follows the action with the best UCB1 for itself (so every
   seat plays for itself, in any number of seats)::

       mean reward of the mover + C * sqrt(ln(availability) / visits)

   *Availability* counts the iterations in which the action was legal: with
   hidden information the legal actions change from one determinization to
   the next, and plain parent visits would over-explore rare actions.
3. **Expand** one untried legal action.
4. **Roll out** ``rollout_depth`` uniformly random actions (4 by default:
   long random rollouts play far worse than the game's own evaluation), then
   value the position with ``game.evaluate``.
5. **Reward** each seat with a number in [0, 1].  At the end of a game: half
   its win share (1/k when k seats share the win), half its score normalised
   between the game's lowest and highest.  At a cut-off: a logistic function
   of its evaluated margin over the best other seat (scaled by the size of
   the evaluations), so a narrow lead counts for less than a wide one.
6. **Back up** each reward to the decisions on the path (each node keeps the
   mover's own reward).

The action played is the most visited one at the root.  Multi-step turns
(several actions by the same seat) and simultaneous choices taken seat by
seat need nothing special: each step is a decision.

Budgets.  A level fixes a number of iterations and a budget of simulated
actions (every action applied in selection and rollouts counts), so a search
is deterministic for a given seed whatever the machine; ``think_time`` adds a
wall-clock cap, reached only on a slow machine or a slow game (and then the
result depends on the machine's speed).

>>> import archeo_lab as al
>>> bot = MCTSBot(seed=1, iterations=50)
>>> state = al.get_game("cibola").new_state(players=2, seed=3)
>>> bot.choose(state) in state.legal_actions()
True
>>> sum(row["visits"] for row in bot.last_search["actions"])
50
"""

from __future__ import annotations

import json
import math
import time
from typing import Any

from archeo_lab.engine import Action, Rng, State

from .base import Bot

__all__ = ["MCTSBot", "LEVELS"]

#: Level -> (iterations, simulated-action budget, wall-clock cap in seconds).
LEVELS = {
    "easy": (150, 15_000, 0.4),
    "medium": (1_000, 60_000, 0.9),
    "hard": (5_000, 300_000, 4.0),
}


class _InfoSet:
    """Statistics of one decision, as seen by the seat that takes it (its information set)."""

    __slots__ = ("stats",)

    def __init__(self) -> None:
        #: action -> [visits, reward sum for the mover, availability]
        self.stats: dict[Action, list] = {}


class MCTSBot(Bot):
    """ISMCTS with information-set nodes, UCB1 on availability, short random rollouts and the
    game's evaluation at the cut-off."""

    name = "mcts"

    def __init__(self, seed: int | None = None, level: str = "medium", iterations: int | None = None,
                 budget: int | None = None, think_time: float | None = None, exploration: float = 0.7,
                 rollout_depth: int = 4):
        super().__init__(seed)
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; choose one of: {', '.join(LEVELS)}")
        default_iterations, default_budget, default_time = LEVELS[level]
        self.level = level
        self.iterations = default_iterations if iterations is None else iterations
        self.budget = (default_budget if iterations is None else None) if budget is None else budget
        self.think_time = default_time if think_time is None else think_time
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        #: What the last decision looked like: per root action, visits and mean reward.
        self.last_search: dict[str, Any] = {}

    def choose(self, state: State) -> Action:
        me = state.current_player
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_search = {"seat": me, "iterations": 0, "simulated_actions": 0, "seconds": 0.0,
                                "actions": [{"action": str(legal[0]), "visits": 0, "mean_reward": None}]}
            return legal[0]
        rng = self.rng
        evaluate = state.game.evaluate
        c = self.exploration
        tree: dict[tuple, _InfoSet] = {}
        root_key = (me, _key(state.observation(me)))
        start = time.perf_counter()
        deadline = start + self.think_time if self.think_time else None
        spent = iterations = 0
        while iterations < self.iterations:
            if self.budget is not None and spent >= self.budget and iterations:
                break
            if deadline is not None and iterations and time.perf_counter() > deadline:
                break
            iterations += 1
            world = state.determinize(me, rng.spawn())
            path = []   # (information set, action, mover)
            key = root_key
            # Selection and expansion: one node per information set of the seat to move, so
            # an opponent's choice never depends on what that opponent cannot see.
            while not world.is_terminal:
                mover = world.current_player
                node = tree.get(key)
                if node is None:
                    node = tree[key] = _InfoSet()
                stats = node.stats
                actions = world.legal_actions()
                untried = [a for a in actions if a not in stats]
                if untried:
                    action = untried[rng.below(len(untried))]
                    stats[action] = [0, 0.0, 0]
                    for a in actions:
                        st = stats.get(a)
                        if st is not None:
                            st[2] += 1
                    path.append((stats[action], mover))
                    world.apply(action)
                    spent += 1
                    break
                best, best_score = None, -1.0
                for a in actions:
                    st = stats[a]
                    st[2] += 1
                    score = st[1] / st[0] + c * math.sqrt(math.log(st[2]) / st[0])
                    if score > best_score:
                        best, best_score = a, score
                path.append((stats[best], mover))
                world.apply(best)
                spent += 1
                if not world.is_terminal:
                    key = (world.current_player, _key(world.observation(world.current_player)))
            # Rollout: a few random actions, then the game's own evaluation.
            depth = 0
            while not world.is_terminal and depth < self.rollout_depth:
                actions = world.legal_actions()
                world.apply(actions[rng.below(len(actions))])
                depth += 1
            spent += depth
            reward = _rewards(world, evaluate)
            for st, mover in path:
                st[0] += 1
                st[1] += reward[mover]
        root = tree[root_key].stats
        ranked = sorted(((a, st) for a, st in root.items() if st[0]), key=lambda kv: (-kv[1][0], -kv[1][1]))
        self.last_search = {
            "seat": me, "iterations": iterations, "simulated_actions": spent,
            "seconds": time.perf_counter() - start,
            "actions": [{"action": str(a), "visits": st[0], "mean_reward": st[1] / st[0]} for a, st in ranked],
        }
        return ranked[0][0]

    def __repr__(self) -> str:
        return f"MCTSBot(seed={self.seed}, level={self.level!r}, iterations={self.iterations})"


def _key(observation: dict) -> str:
    """A hashable key for an observation (what one seat knows: its information set)."""
    return json.dumps(observation, sort_keys=True, separators=(",", ":"))


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
