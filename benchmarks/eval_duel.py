"""What is a term of an evaluation worth?  A bot with some of its game's evaluation constants changed,
against the same bot with the game's own, on seeded games.

    .venv/bin/python benchmarks/eval_duel.py GAME NAME=VALUE [NAME=VALUE ...] [--games 100] [--first 0]
        [--players 2] [--bot greedy]

What is measured
    ``NAME`` is a number defined in ``archeo_lab/games/<GAME>/evaluate.py`` (``HELD_SHARE``, ``TEMPO``...).
    The challenger (``--bot``, any ``bots.make`` name: ``greedy``, ``mcts:medium``...) decides with each
    ``NAME`` set to ``VALUE`` for the length of its own decisions, then set back; every other seat is the
    same kind of bot with the module's values.  Game ``seed`` (``--first`` to ``--first + --games - 1``)
    seats the challenger at ``seed % players``, so seats rotate; every bot's seed is 1000 + the game
    seed.  A name that is not a number of that module, or a private one, is refused before any game.
    A constant read only when a cache is filled (Tikal's ``REACH``) would be shared by both sides: this
    weighs the constants read at every call.

How to read it
    Each game's scores, then a RESULT line: the challenger's score (a win 1, a shared win split) out of
    the games, with its 95 % Wilson interval, and the score by seat.  Against itself (``NAME`` at its own
    value) a fair result is 1 / players.  It is a benchmark, not a test: it always exits 0, unless the
    arguments are refused.
"""

from __future__ import annotations

import argparse
import importlib
import numbers
import time

import archeo_lab as al
from archeo_lab import bots
from archeo_lab.theory.tournaments import wilson_interval


class WithConstants:
    """A bot that decides with some constants of an evaluation module changed, and restores them after."""

    def __init__(self, bot, module, values: dict[str, float]):
        self.bot, self.module, self.values = bot, module, values

    def choose(self, state):
        saved = {name: getattr(self.module, name) for name in self.values}
        for name, value in self.values.items():
            setattr(self.module, name, value)
        try:
            return self.bot.choose(state)
        finally:
            for name, value in saved.items():
                setattr(self.module, name, value)

    def reseed(self, seed: int) -> None:
        self.bot.reseed(seed)


def read_changes(module, pairs: list[str]) -> dict[str, float]:
    """``["HELD_SHARE=1.0"]`` -> ``{"HELD_SHARE": 1.0}``, each name a public number of ``module``."""
    out = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or not name or name.startswith("_"):
            raise SystemExit(f"{pair!r}: give NAME=VALUE, NAME a public constant of {module.__name__}")
        current = getattr(module, name, None)
        if not isinstance(current, numbers.Real) or isinstance(current, bool):
            raise SystemExit(f"{name!r} is not a number defined in {module.__name__}")
        try:
            out[name] = float(text)
        except ValueError:
            raise SystemExit(f"{pair!r}: {text!r} is not a number") from None
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("changes", nargs="+", metavar="NAME=VALUE")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="first game seed (0)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bot", default="greedy", help="the bot on both sides (greedy)")
    args = parser.parse_args(argv)
    game = al.get_game(args.game)
    module = importlib.import_module(f"archeo_lab.games.{game.key}.evaluate")
    changes = read_changes(module, args.changes)
    shown = ", ".join(f"{n}={v:g} (is {getattr(module, n):g})" for n, v in changes.items())
    score, by_seat, started = 0.0, {}, time.time()
    for seed in range(args.first, args.first + args.games):
        seat = seed % args.players
        seats = {s: bots.make(args.bot, seed=1000 + seed) for s in range(args.players)}
        seats[seat] = WithConstants(seats[seat], module, changes)
        match = al.Match(game.key, players=args.players, seed=seed, opponents=seats)
        winners = match.state.winners()
        won = (seat in winners) / len(winners)
        score += won
        by_seat.setdefault(seat, []).append(won)
        print(f"seed {seed} seat {seat} -> {won:g} scores {match.state.scores()}", flush=True)
    low, high = wilson_interval(score, args.games)
    print(f"RESULT {game.key} {args.players}p {args.bot} with {shown}: {score:g}/{args.games} = "
          f"{score / args.games:.0%} (95 % Wilson {low:.0%}-{high:.0%}), seeds {args.first}-"
          f"{args.first + args.games - 1}, {time.time() - started:.0f} s", flush=True)
    print("SEATS " + ", ".join(f"seat {s}: {sum(w):g}/{len(w)}" for s, w in sorted(by_seat.items())), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
