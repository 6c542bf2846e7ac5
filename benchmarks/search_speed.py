"""Search speed: iterations per second of the search bot, today's code and a reference version side by side.

What is measured
    For every registered game (or ``--game``), ``--positions`` positions are
    taken from seeded greedy-against-greedy games (two players, every
    ``--every``-th decision with a choice).  On each position the search bot
    decides with the ``--level`` level's settings and a generous time cap (so
    every search runs its nominal iterations), and its iterations and seconds
    are added up.  The reference bot is ``archeo_lab/bots/mcts.py`` as it is in
    the git revision ``--base`` (default ``main``), loaded from ``git show`` as a
    module of its own and run on the same positions with its own settings for
    that level, in the same process.  The two alternate over ``--rounds``
    rounds (the reference first in odd rounds), so a burst of load from other
    processes slows both alike.

How to read it
    iterations/s of each, and their ratio (the median over rounds of the
    per-round ratio new / reference).  The play of an iteration differs between
    the versions (sampled greedy rollouts, masks worked out once per move), so
    this is the speed of the search bot at a level, not of identical work; the
    strength at that level is measured by ``strength.py``.  The rules' own
    speed-ups (a game's ``evaluate``, ``determinize``, ``legal_actions``) count
    for both versions alike: run this before and after them to see their share.
    It is a benchmark, not a test: it always exits 0.

Run it with ``make bench`` or ``.venv/bin/python benchmarks/search_speed.py --rounds 3 [--game tikal]``.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

import archeo_lab as al
from archeo_lab import bots
from _common import print_machine, write_json

ROOT = Path(__file__).resolve().parent.parent


def reference_module(base: str) -> ModuleType:
    """``archeo_lab/bots/mcts.py`` of the git revision ``base``, imported as ``archeo_lab.bots._mcts_<base>``."""
    try:
        source = subprocess.run(["git", "show", f"{base}:archeo_lab/bots/mcts.py"], cwd=ROOT, check=True,
                                capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        raise SystemExit(f"cannot read archeo_lab/bots/mcts.py at git revision {base!r}: {exc}") from None
    name = "archeo_lab.bots._mcts_reference"
    spec = importlib.util.spec_from_loader(name, loader=None)
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    module.__package__ = "archeo_lab.bots"
    sys.modules[name] = module
    exec(compile(source, f"{base}:archeo_lab/bots/mcts.py", "exec"), module.__dict__)
    return module


def sample_positions(game: str, count: int, every: int, seed: int) -> list:
    """``count`` positions with a choice, every ``every``-th decision of seeded greedy games (2 players)."""
    found: list = []
    while len(found) < count:
        state = al.get_game(game).new_state(players=2, seed=seed)
        players = [bots.make("greedy", seed=seed * 10 + s) for s in range(2)]
        decisions = 0
        while not state.is_terminal and len(found) < count:
            if len(state.legal_actions()) > 1:
                if decisions % every == 0:
                    found.append(state.clone())
                decisions += 1
            state.apply(players[state.current_player].choose(state))
        seed += 1
    return found


def search_rate(make_bot, positions: list) -> tuple[int, float]:
    """Total iterations and seconds of one search per position (a fresh bot with a fixed seed each time)."""
    iterations, seconds = 0, 0.0
    for i, state in enumerate(positions):
        bot = make_bot(i)
        start = time.perf_counter()
        bot.choose(state)
        seconds += time.perf_counter() - start
        iterations += bot.last_search["iterations"]
    return iterations, seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", default="main", help="git revision of the reference search (main)")
    parser.add_argument("--level", default="medium", help="the level whose settings both use (medium)")
    parser.add_argument("--positions", type=int, default=8, help="positions per game (8)")
    parser.add_argument("--every", type=int, default=7, help="take every n-th decision of the games (7)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (3)")
    parser.add_argument("--seed", type=int, default=0, help="seeds the games the positions come from (0)")
    parser.add_argument("--game", action="append", choices=[g.key for g in al.list_games()],
                        help="only these games (repeatable)")
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON to PATH")
    args = parser.parse_args(argv)
    if min(args.positions, args.every, args.rounds) < 1:
        parser.error("--positions, --every and --rounds must be at least 1")
    if args.level not in bots.LEVELS:
        parser.error(f"--level {args.level!r}: the levels are {', '.join(bots.LEVELS)}")

    info = print_machine()
    reference = reference_module(args.base)
    print(f"search bot at level {args.level!r}: this tree against archeo_lab/bots/mcts.py at {args.base!r}, "
          f"{args.positions} positions per game, {args.rounds} interleaved rounds, time cap 600 s\n")

    def new_bot(i: int):
        return bots.MCTSBot(seed=i, level=args.level, think_time=600)

    def old_bot(i: int):
        return reference.MCTSBot(seed=i, level=args.level, think_time=600)

    rows = []
    print(f"{'game':<10} {'reference it/s':>15} {'new it/s':>10} {'ratio':>7}   per round")
    for key in (g.key for g in al.list_games()):
        if args.game and key not in args.game:
            continue
        positions = sample_positions(key, args.positions, args.every, args.seed)
        search_rate(new_bot, positions[:1])          # warm-up: imports, caches
        search_rate(old_bot, positions[:1])
        totals = {"reference": [0, 0.0], "new": [0, 0.0]}
        ratios = []
        for r in range(args.rounds):
            order = [("reference", old_bot), ("new", new_bot)]
            if r % 2:
                order.reverse()
            rates = {}
            for label, make in order:
                its, secs = search_rate(make, positions)
                totals[label][0] += its
                totals[label][1] += secs
                rates[label] = its / secs
            ratios.append(rates["new"] / rates["reference"])
        old_rate = totals["reference"][0] / totals["reference"][1]
        new_rate = totals["new"][0] / totals["new"][1]
        ratio = statistics.median(ratios)
        rows.append({"game": key, "reference_it_per_s": old_rate, "new_it_per_s": new_rate, "ratio": ratio,
                     "round_ratios": ratios, "positions": len(positions)})
        print(f"{key:<10} {old_rate:>15,.0f} {new_rate:>10,.0f} {ratio:>6.2f}x   "
              + " ".join(f"{x:.2f}" for x in ratios), flush=True)
    write_json(args.json, {"machine": info, "base": args.base, "level": args.level, "rows": rows})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
