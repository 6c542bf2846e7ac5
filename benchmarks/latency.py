"""Click latency: how long the board takes to answer a learner's move.

What is measured
    For every registered game (``al.list_games()``), at min(3, max_players)
    players, a board is opened as a notebook would (``al.play(game, players=n,
    seed=s, opponents={1: "greedy", ...})``: seat 0 is the learner, greedy bots
    hold the other seats).  Then ``board.act(action_json)`` is called again and
    again, the action picked by a seeded ``random.Random`` from
    ``board.legal``, exactly what a click can send; a finished game is
    replaced by a new one (next seed).  Each act() is timed with
    ``time.perf_counter``: it plays the learner's move, every greedy bot's reply
    until the learner is to move again, and rebuilds the synced view model.
    It does not include the browser's redraw or the kernel's messaging.

    Separately, ``bots.make("greedy", seed=1).choose(state)`` is timed alone on
    the positions the learner faced in that run (copies taken before each act).

How to read it
    median and p95 are what a learner feels on most clicks; max is the worst
    click (often the first, while caches fill).  "moves per act" says how many
    moves one act() played on average (the learner's and the bots' replies).
    The bar "median board.act() round trip including a greedy bot's reply under
    50 ms" passes when the median is under ``--limit-ms``.  It is a benchmark,
    not a test: it always exits 0.

Run it with ``make bench``, or ``.venv/bin/python benchmarks/latency.py --acts 300 --json out.json``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import archeo_lab as al
from _common import percentile, print_machine, write_json
from archeo_lab import bots


def board_round_trips(game: al.Game, players: int, acts: int, seed: int) -> tuple[list[float], list[int], list]:
    """Time ``acts`` clicks; returns their seconds, the moves each played, and the positions clicked in."""
    rng = random.Random(seed)
    opponents = {seat: "greedy" for seat in range(1, players)}
    times, moves, positions = [], [], []
    widget, game_seed = None, seed
    while len(times) < acts:
        if widget is None or not widget.board.legal:   # no game yet, or it is over
            widget = al.play(game.key, players=players, seed=game_seed, opponents=opponents)
            game_seed += 1
            continue
        board = widget.board
        action = rng.choice(board.legal)
        positions.append(board.match.state.clone())
        before = len(board.match.history)
        start = time.perf_counter()
        played = board.act(action)
        times.append(time.perf_counter() - start)
        if not played:
            raise RuntimeError(f"{game.key}: the board refused a legal move: {board.view['message']}")
        moves.append(len(board.match.history) - before)
    return times, moves, positions


def greedy_decisions(positions: list) -> list[float]:
    """Seconds one greedy decision takes in each position."""
    bot = bots.make("greedy", seed=1)
    times = []
    for state in positions:
        start = time.perf_counter()
        bot.choose(state)
        times.append(time.perf_counter() - start)
    return times


def summary(seconds: list[float]) -> dict:
    ms = [s * 1000 for s in seconds]
    return {"n": len(ms), "median_ms": statistics.median(ms), "p95_ms": percentile(ms, 95), "max_ms": max(ms)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--acts", type=int, default=300, help="clicks timed per game (300)")
    parser.add_argument("--seed", type=int, default=0, help="seeds the clicks and the games (0)")
    parser.add_argument("--limit-ms", type=float, default=50.0, help="the bar for the median round trip (50)")
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON to PATH")
    args = parser.parse_args(argv)
    if args.acts < 1:
        parser.error("--acts must be at least 1")

    result = {"machine": print_machine(), "acts": args.acts, "seed": args.seed, "limit_ms": args.limit_ms,
              "games": []}
    for game in al.list_games():
        players = max(game.min_players, min(3, game.max_players))
        times, moves, positions = board_round_trips(game, players, args.acts, args.seed)
        act, bot = summary(times), summary(greedy_decisions(positions))
        per_act = statistics.mean(moves)
        verdict = "PASS" if act["median_ms"] < args.limit_ms else "FAIL"
        print(f"\n{game.key}, {players} players, learner at seat 0, greedy bots at the others")
        print(f"  board.act() round trip, {act['n']} clicks: median {act['median_ms']:.2f} ms, "
              f"p95 {act['p95_ms']:.2f} ms, max {act['max_ms']:.2f} ms ({per_act:.2f} moves per act)")
        print(f"  greedy decision alone, {bot['n']} positions: median {bot['median_ms']:.2f} ms, "
              f"p95 {bot['p95_ms']:.2f} ms, max {bot['max_ms']:.2f} ms")
        print(f"bar: {game.key} median board.act() round trip including a greedy bot's reply under "
              f"{args.limit_ms:g} ms: {verdict} ({act['median_ms']:.2f} ms)")
        result["games"].append({"game": game.key, "players": players, "act": act, "greedy": bot,
                                "moves_per_act": per_act, "bar": verdict})
    write_json(args.json, result)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
