"""Tikal's proximity field (``evaluate.proximity``), cached per layout, equals the straightforward computation.

The search bot evaluates thousands of positions a second; ``proximity`` keeps the shortest paths of a
layout and only re-weighs them when a temple is uncovered or a treasure dug.  This compares it, value for
value, with Dijkstra's algorithm run afresh from every temple and ruin, on positions of seeded random games.
"""

from __future__ import annotations

import heapq
import random

import pytest

import archeo_lab as al
from archeo_lab.games.tikal import evaluate
from archeo_lab.games.tikal.hexgrid import SPACES


def reference_proximity(state) -> list[float]:
    """Sum over temples (0.05 per level) and ruins (0.1 per treasure) of weight / (1 + AP away), within REACH."""
    field = [0.0] * SPACES
    adj = state.layout().adj
    for j in range(SPACES):
        kind = state.kind[j]
        if kind == "temple":
            weight = 0.05 * state.value[j]
        elif kind == "ruin":
            weight = 0.1 * len(state.tokens.get(j, ()))
        else:
            continue
        dist, heap = {j: 0}, [(0, j)]
        while heap:
            d, i = heapq.heappop(heap)
            if d > dist[i]:
                continue
            field[i] += weight / (1 + d)
            for nxt, cost in adj[i]:
                nd = d + cost
                if nd <= evaluate.REACH and nd < dist.get(nxt, evaluate.REACH + 1):
                    dist[nxt] = nd
                    heapq.heappush(heap, (nd, nxt))
    return field


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cached_proximity_equals_fresh_dijkstra(players):
    game, checked = al.get_game("tikal"), 0
    for seed in range(3):
        state, rng = game.new_state(players=players, seed=seed), random.Random(seed)
        step = 0
        while not state.is_terminal:
            if step % 5 == 0:
                assert evaluate.proximity(state) == reference_proximity(state)
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
            step += 1
    assert checked > 100


def test_digging_a_treasure_reweighs_the_cached_paths():
    """Same layout, one treasure fewer: the field changes although the shortest paths are reused."""
    game = al.get_game("tikal")
    state, rng = game.new_state(players=2, seed=4), random.Random(4)
    while not any(str(a).startswith("dig") for a in state.legal_actions()):
        state.apply(rng.choice(state.legal_actions()))
    before = evaluate.proximity(state)
    dig = next(a for a in state.legal_actions() if str(a).startswith("dig"))
    state.apply(dig)
    after = evaluate.proximity(state)
    assert after != before
    assert after == reference_proximity(state)
