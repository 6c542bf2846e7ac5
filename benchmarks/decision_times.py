"""How long a search level thinks in one game with a number of seats, alone on a core.

    .venv/bin/python benchmarks/decision_times.py GAME PLAYERS [LEVEL] [ITERATIONS]

Positions: every 6th decision with a choice of 4 seeded greedy games (seeds 100-103).  On each, a fresh
search bot of LEVEL (default ``medium``, with the game's hints for that many seats, or ITERATIONS when
given) decides with a generous time cap, so every search runs its nominal iterations; printed: the median,
p95 and max of its CPU time (``time.process_time``) and wall time.  CPU time is what the search costs on one
core of this machine whatever else runs; wall time is what a learner waits, equal to it on a quiet machine.
``strength.py`` and ``search_screen.py`` time the decisions of whole games instead, with the level's cap.
"""

from __future__ import annotations

import os
import sys
import time

import archeo_lab as al
from archeo_lab import bots

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _common import percentile  # noqa: E402


def main() -> int:
    key, players = sys.argv[1], int(sys.argv[2])
    level = sys.argv[3] if len(sys.argv) > 3 else "medium"
    iterations = int(sys.argv[4]) if len(sys.argv) > 4 else None
    game = al.get_game(key)
    cpu: list[float] = []
    wall: list[float] = []
    for seed in range(4):
        state = game.new_state(players=players, seed=100 + seed)
        greedy = [bots.make("greedy", seed=seed * 10 + k) for k in range(players)]
        choices = 0
        while not state.is_terminal:
            if len(state.legal_actions()) > 1:
                choices += 1
                if choices % 6 == 2:
                    bot = bots.MCTSBot(seed=choices, level=level, iterations=iterations, think_time=600)
                    start_wall, start_cpu = time.perf_counter(), time.process_time()
                    bot.choose(state.clone())
                    cpu.append(time.process_time() - start_cpu)
                    wall.append(time.perf_counter() - start_wall)
            state.apply(greedy[state.current_player].choose(state))
    its = bots.MCTSBot(level=level, iterations=iterations).settings(game, players)["iterations"]
    print(f"{key}, {players} seats, {level} ({its} iterations): {len(cpu)} decisions; "
          f"CPU median {percentile(cpu, 50) * 1000:.0f} ms, p95 {percentile(cpu, 95) * 1000:.0f} ms, "
          f"max {max(cpu) * 1000:.0f} ms; wall median {percentile(wall, 50) * 1000:.0f} ms, "
          f"p95 {percentile(wall, 95) * 1000:.0f} ms, max {max(wall) * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
