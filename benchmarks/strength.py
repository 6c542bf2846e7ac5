"""Bot strength and thinking time: the search bot against random and greedy, every game.

What is measured
    For every registered game, two-player matches of the search bot (``--bot``,
    default ``mcts:medium``) against each opponent (``--against``, default
    ``random`` and ``greedy``), seats alternating, seeds 0..``--games``-1.  A
    game's win share is 1 for a sole win, 1/k for a k-way shared win.  Every
    decision of the search bot is timed (median, p95, max).

How to read it
    The bars of issue 7: the medium search bot wins at least 80 % of
    two-player games against random and 60 % against greedy, and its p95 time
    per decision is at most 1 s on a 2-core machine.  Win rates come with a
    95 % Wilson interval: a handful of games only gives a rough figure.

Run it with ``make bench`` or ``.venv/bin/python benchmarks/strength.py --games 20 [--game cibola]``.
"""

from __future__ import annotations

import argparse
import time

import archeo_lab as al
from archeo_lab import bots
from archeo_lab.theory.tournaments import wilson_interval
from _common import percentile, print_machine, write_json


class Timed:
    """Wraps a bot and records how long each decision takes."""

    def __init__(self, bot):
        self.bot, self.name, self.times = bot, bots.describe(bot), []

    def choose(self, state):
        start = time.perf_counter()
        action = self.bot.choose(state)
        self.times.append(time.perf_counter() - start)
        return action


def duel(game: str, bot: str, against: str, games: int) -> dict:
    searcher = Timed(bots.make(bot, seed=12345))
    share = 0.0
    for seed in range(games):
        seat = seed % 2
        opponents = {seat: searcher, 1 - seat: bots.make(against, seed=seed)}
        match = al.Match(game, players=2, seed=seed, opponents=opponents)
        winners = match.state.winners()
        share += (seat in winners) / len(winners)
    low, high = wilson_interval(share, games)
    times = sorted(searcher.times)
    return {"game": game, "bot": bot, "against": against, "games": games, "win_rate": share / games,
            "ci95": [low, high], "decisions": len(times), "median_s": percentile(times, 50),
            "p95_s": percentile(times, 95), "max_s": times[-1] if times else 0.0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per pairing (seats alternate)")
    parser.add_argument("--bot", default="mcts:medium")
    parser.add_argument("--against", nargs="+", default=["random", "greedy"])
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--json", help="write the results to this file")
    args = parser.parse_args()
    print_machine()
    rows = []
    print(f"{'game':<10} {args.bot:>12} vs {'opponent':<9} {'games':>5} {'win rate':>9} {'95% CI':>15} "
          f"{'decisions':>9} {'median':>8} {'p95':>8} {'max':>8}")
    for game in al.list_games():
        if args.game and game.key not in args.game:
            continue
        for against in args.against:
            r = duel(game.key, args.bot, against, args.games)
            rows.append(r)
            print(f"{r['game']:<10} {r['bot']:>12} vs {against:<9} {r['games']:>5} {r['win_rate']:>9.0%} "
                  f"{r['ci95'][0]:>7.0%}-{r['ci95'][1]:<7.0%} {r['decisions']:>9} {r['median_s'] * 1000:>6.0f}ms "
                  f"{r['p95_s'] * 1000:>6.0f}ms {r['max_s'] * 1000:>6.0f}ms", flush=True)
    bars = {"random": 0.8, "greedy": 0.6}
    for r in rows:
        need = bars.get(r["against"])
        if need is not None:
            ok = r["win_rate"] >= need
            print(f"bar: {r['game']} {r['bot']} wins >= {need:.0%} of 2-player games vs {r['against']}: "
                  f"{'PASS' if ok else 'FAIL'} ({r['win_rate']:.0%})")
        print(f"bar: {r['game']} {r['bot']} p95 decision <= 1 s (vs {r['against']}): "
              f"{'PASS' if r['p95_s'] <= 1.0 else 'FAIL'} ({r['p95_s'] * 1000:.0f} ms)")
    if args.json:
        write_json(args.json, {"strength": rows})


if __name__ == "__main__":
    main()
