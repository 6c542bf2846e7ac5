"""What isolating students' bots costs, and what a class tournament with bad bots looks like.

What is measured
    1. The cost: the same class tournament (``--game``, default Cibola, 2 players, ``--games`` per
       seating) of the built-in ``random`` and ``greedy`` and the students' example bots of
       ``tutorials/exercises/bots/`` played three ways: the students' classes in this process
       (``isolate=False``, what every tournament did before), the same classes isolated (forked
       workers), and the students' files (``load_bots``: a fresh interpreter per bot).  Wall time
       of each, best of ``--repeat`` runs, and the games played.
    2. The "Done means" tournament of issue 15: the example bots plus five bad ones (loops forever,
       calls ``sys.exit``, monkeypatches the engine, allocates without bound, reads the referee
       through the call stack), ``--time-limit`` seconds a move: wall time, games, forfeits per bot
       and reason, and whether the games among the good bots equal those of a tournament without the
       bad ones.

How to read it
    Isolation adds a process start per bot and a round trip per move (the position as JSON, the
    action back); the built-in bots are not isolated.  It is a benchmark, not a test: it exits 0.

Run it with ``.venv/bin/python benchmarks/isolation.py [--games 3] [--json out.json]`` (one heavy job
at a time on a shared machine).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import archeo_lab as al
from archeo_lab.exercises.class_tournament import load_bots
from _common import print_machine, write_json

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "tutorials" / "exercises" / "bots"

# The bad bots of the suite's test (tests/test_isolation.py), so both measure the same thing.
sys.path.insert(0, str(ROOT))
from tests.test_isolation import BAD  # noqa: E402


def classes(folder: Path) -> dict:
    """The students' files as objects, executed here (what isolate=False trusts)."""
    out = {}
    for path in sorted(folder.glob("*.py")):
        namespace: dict = {"__name__": f"bench_{path.stem}"}
        exec(compile(path.read_text(), str(path), "exec"), namespace)
        out[path.stem] = namespace["Bot"]()
    return out


def timed(game: str, bots: dict, games: int, repeat: int, **options) -> tuple[float, object]:
    best, result = None, None
    for _ in range(repeat):
        start = time.perf_counter()
        result = al.tournament(game, bots, games=games, seed=11, progress=False, **options)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="cibola")
    parser.add_argument("--games", type=int, default=3, help="games per seating (3)")
    parser.add_argument("--repeat", type=int, default=2, help="runs of each cost measurement, best kept (2)")
    parser.add_argument("--time-limit", type=float, default=1.0, help="seconds a move in part 2 (1.0)")
    parser.add_argument("--json", metavar="PATH")
    args = parser.parse_args()
    info = print_machine()
    builtin = {"random": "random", "greedy": "greedy"}
    good = [p for p in sorted(EXAMPLES.glob("example_*.py")) if "typo" not in p.stem]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "good"
        folder.mkdir()
        for path in good:
            (folder / path.name).write_text(path.read_text())
        rows = []
        print(f"\n1. cost: {args.game}, {len(builtin) + len(good)} bots, {args.games} games per seating")
        for label, bots, options in [
            ("classes in this process (isolate=False)", {**builtin, **classes(folder)}, {"isolate": False}),
            ("classes isolated (forked workers)", {**builtin, **classes(folder)}, {}),
            ("files isolated (load_bots, fresh interpreters)", {**builtin, **load_bots(folder)}, {}),
        ]:
            seconds, result = timed(args.game, bots, args.games, args.repeat, **options)
            rows.append({"how": label, "seconds": seconds, "games": len(result.games)})
            print(f"  {label:<48} {seconds:7.2f} s  {len(result.games)} games  "
                  f"{1000 * seconds / len(result.games):6.1f} ms/game")
        bad_folder = Path(tmp) / "bad"
        bad_folder.mkdir()
        for name, source in BAD.items():
            (bad_folder / f"{name}.py").write_text(source)
        students = {**load_bots(folder, time_limit=args.time_limit), **load_bots(bad_folder, time_limit=args.time_limit)}
        print(f"\n2. the 'Done means' tournament: {len(builtin) + len(students)} bots, {args.games} games per "
              f"seating, {args.time_limit:g} s a move")
        start = time.perf_counter()
        result = al.tournament(args.game, {**builtin, **students}, games=args.games, seed=11, progress=False,
                               time_limit=args.time_limit)
        with_bad = time.perf_counter() - start
        clean = al.tournament(args.game, {**builtin, **load_bots(folder)}, games=args.games, seed=11, progress=False)
        good_names = set(builtin) | {p.stem for p in good}

        def among_good(r):
            return sorted(json.dumps(g, sort_keys=True) for g in r.games if set(g["seats"]) <= good_names)

        same = among_good(result) == among_good(clean)
        forfeits = Counter((e["bot"], e["reason"]) for e in result.errors)
        print(f"  {len(result.games)} games in {with_bad:.1f} s; {len(result.errors)} forfeited")
        for (bot, reason), n in sorted(forfeits.items()):
            print(f"    {bot:<10} {reason:<10} {n} games")
        print(f"  games among the good bots identical to a tournament without the bad ones: {same}")
    write_json(args.json, {"machine": info, "cost": rows, "done_means": {
        "seconds": with_bad, "games": len(result.games), "forfeits": [[b, r, n] for (b, r), n in forfeits.items()],
        "good_games_identical": same}})


if __name__ == "__main__":
    main()
