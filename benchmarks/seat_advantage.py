"""Seat advantage: how often each seat wins when the same bot plays every seat.

    .venv/bin/python benchmarks/seat_advantage.py GAME PLAYERS [--games 60] [--bot greedy]

Plays ``--games`` seeded games (game seeds 0..N-1, every bot's seed 1000 + the game seed, as
``strength.py`` and ``search_screen.py`` seat them) with ``--bot`` in every seat, and prints each seat's
wins (a shared win counts 1/k to each of the k winners) and its 95 % Wilson interval.
With equal bots a fair game gives every seat 1/PLAYERS of the wins; a seat well above it has an advantage
that a multi-player bar must average out by rotating seats (``strength.py --only multi`` does), and that
a teacher's tournament should rotate too (``theory.tournament`` plays every rotation of the seats).
A benchmark, not a test: it always exits 0.
"""

from __future__ import annotations

import argparse
import os
import sys

from archeo_lab.theory.tournaments import wilson_interval

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from strength import Log, play  # noqa: E402  (the very games strength.py plays)


def seat_wins(game: str, players: int, games: int, bot: str) -> list[float]:
    """Wins per seat over ``games`` games of ``bot`` against copies of itself (``strength.play``'s seating)."""
    wins = [0.0] * players
    for seed in range(games):
        for s, share in enumerate(play(game, [bot] * players, seed, Log())):
            wins[s] += share
    return wins


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="a registered game's key (al.list_games())")
    parser.add_argument("players", type=int)
    parser.add_argument("--games", type=int, default=60, help="games played, seeds 0..N-1 (60)")
    parser.add_argument("--bot", default="greedy", help="the bot in every seat, as bots.make names it (greedy)")
    args = parser.parse_args(argv)
    wins = seat_wins(args.game, args.players, args.games, args.bot)
    print(f"{args.game}, {args.players} players, {args.bot} in every seat, {args.games} games "
          f"(fair share {1 / args.players:.0%}):")
    for seat, won in enumerate(wins):
        low, high = wilson_interval(won, args.games)
        print(f"  seat {seat}: {won:.1f} wins, {won / args.games:.0%} ({low:.0%}-{high:.0%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
