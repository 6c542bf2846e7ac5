"""Screen a search setting: the search bot (with options) against greedy bots on chosen seeds.

    .venv/bin/python benchmarks/search_screen.py GAME PLAYERS FIRST_SEED END_SEED ['{"normalize": false}'] [LEVEL]

Seats and seeds as in ``strength.py --only multi`` (the search bot at seat ``seed % players``, every bot's
seed 1000 + the game seed), so seeds 0..N-1 give the same games as ``strength.py --multi-games N``; options
are ``MCTSBot`` arguments as JSON.  With ``MODE=hard``: ``LEVEL`` (with the options, plus ``HOPTS``, JSON
options for that bot only) against ``mcts:medium`` (with the options), two players, seats alternating, as
``strength.py --only hard``.  Prints each game, a RESULT line with the 95 % Wilson interval, the score by
the screened bot's seat (SEATS: some games favour a seat, e.g. Luxor's last mover) and its decision times.
"""

from __future__ import annotations

import json
import os
import sys
import time

import archeo_lab as al
from archeo_lab import bots
from archeo_lab.theory.tournaments import wilson_interval

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _common import percentile  # noqa: E402
from strength import Timed  # noqa: E402


def main() -> int:
    game, players, first, end = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    opts = json.loads(sys.argv[5]) if len(sys.argv) > 5 else {}
    level = sys.argv[6] if len(sys.argv) > 6 else "medium"
    mode, extra = os.environ.get("MODE", "multi"), os.environ.get("HOPTS", "")
    score, row, started, times = 0.0, [], time.time(), []
    by_seat: dict[int, list[float]] = {}
    for seed in range(first, end):
        if mode == "hard":
            players, seat = 2, seed % 2
            me = Timed(bots.make("mcts", seed=1000 + seed, level=level, **{**opts, **json.loads(extra or "{}")}))
            seats = {seat: me, 1 - seat: bots.make("mcts", seed=1000 + seed, level="medium", **opts)}
        else:
            seat = seed % players
            me = Timed(bots.make("mcts", seed=1000 + seed, level=level, **opts))
            seats = {s: (me if s == seat else bots.make("greedy", seed=1000 + seed)) for s in range(players)}
        match = al.Match(game, players=players, seed=seed, opponents=seats)
        times.extend(me.decisions)
        winners = match.state.winners()
        won = (seat in winners) / len(winners)
        score += won
        by_seat.setdefault(seat, []).append(won)
        row.append("1" if won == 1 else "0" if won == 0 else "h")
        print(f"seed {seed} seat {seat} -> {won:g} scores {match.state.scores()}", flush=True)
    n = end - first
    low, high = wilson_interval(score, n)
    print(f"RESULT {game} {players}p {mode} seeds {first}-{end - 1} opts={json.dumps(opts)} hopts={extra} "
          f"level={level}: {score:g}/{n} = {score / n:.0%} (CI {low:.0%}-{high:.0%}) {time.time() - started:.0f}s "
          f"row={''.join(row)}", flush=True)
    print("SEATS " + ", ".join(f"seat {seat}: {sum(w):g}/{len(w)}" for seat, w in sorted(by_seat.items())),
          flush=True)
    seconds = [t for t, _ in times]
    if seconds:
        done = sum(c for _, c in times) / len(times)
        print(f"TIMES {len(seconds)} decisions: median {percentile(seconds, 50) * 1000:.0f} ms, "
              f"p95 {percentile(seconds, 95) * 1000:.0f} ms, max {max(seconds) * 1000:.0f} ms, "
              f"completed {done:.1%}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
