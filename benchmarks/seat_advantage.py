"""Seat advantage: how often each seat wins when the same bot plays every seat.

    .venv/bin/python benchmarks/seat_advantage.py GAME PLAYERS [--games 60] [--bot greedy]

Plays ``--games`` seeded games (game seeds 0..N-1, every bot's seed 1000 + the game seed, as
``strength.py`` and ``search_screen.py`` seat them) with ``--bot`` in every seat, and prints each seat's
wins (a shared win counts 1/k to each of the k winners), its 95 % Wilson interval and its mean score.
With equal bots a fair game gives every seat 1/PLAYERS of the wins; a seat well above it has an advantage
that a multi-player bar must average out by rotating seats (``strength.py --only multi`` does), and that
a teacher's tournament should rotate too (``theory.tournament`` plays every rotation of the seats).
A benchmark, not a test: it always exits 0.
"""

from __future__ import annotations

import argparse

import archeo_lab as al
from archeo_lab import bots
from archeo_lab.theory.tournaments import wilson_interval


def seat_wins(game: str, players: int, games: int, bot: str) -> tuple[list[float], list[float]]:
    """Wins and mean scores per seat over ``games`` games of ``bot`` against copies of itself."""
    wins, totals = [0.0] * players, [0.0] * players
    for seed in range(games):
        seats = {s: bots.make(bot, seed=1000 + seed) for s in range(players)}
        state = al.Match(game, players=players, seed=seed, opponents=seats).state
        winners = state.winners()
        for s in winners:
            wins[s] += 1 / len(winners)
        for s, points in enumerate(state.scores()):
            totals[s] += points
    return wins, [t / games for t in totals]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="a registered game's key (al.list_games())")
    parser.add_argument("players", type=int)
    parser.add_argument("--games", type=int, default=60, help="games played, seeds 0..N-1 (60)")
    parser.add_argument("--bot", default="greedy", help="the bot in every seat, as bots.make names it (greedy)")
    args = parser.parse_args(argv)
    wins, means = seat_wins(args.game, args.players, args.games, args.bot)
    print(f"{args.game}, {args.players} players, {args.bot} in every seat, {args.games} games "
          f"(fair share {1 / args.players:.0%}):")
    for seat, (won, mean) in enumerate(zip(wins, means)):
        low, high = wilson_interval(won, args.games)
        print(f"  seat {seat}: {won:.1f} wins, {won / args.games:.0%} ({low:.0%}-{high:.0%}), mean score {mean:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
