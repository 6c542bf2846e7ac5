"""Search speed: iterations per second of the search bot, this tree and a git revision side by side.

What is measured
    The whole tree at the git revision ``--base`` (rules and bot) is exported
    with ``git archive`` into a temporary directory; this tree is the working
    tree the script lives in.  For every game (or ``--game``), ``--positions``
    positions are taken from seeded greedy-against-greedy games played by this
    tree (two players, every ``--every``-th decision with a choice) and saved
    as JSON (``state.to_json()``); both trees load the same saves.  Each round
    runs one worker process per tree (``PYTHONPATH`` at that tree, which wins
    over the editable install: the worker checks ``archeo_lab.__file__``), the
    two in turn and in alternating order (the reference first in even rounds),
    so a burst of load from other processes slows both alike.  A worker lets
    the search bot of its tree decide on every position with that tree's
    ``--level`` settings and a generous time cap (600 s, so every search runs
    its nominal iterations), a fresh bot with a fixed seed per position, after
    one untimed warm-up search; it adds up the iterations and the CPU time
    (``time.process_time``) of the searches.

How to read it
    iterations/s of each tree (its total iterations over its total CPU time),
    and their ratio, the median over rounds of the per-round ratio
    new / reference.  A level's iterations may differ between the two trees
    (the levels were redefined), and so may what an iteration does, so this
    is the speed of the search bot at a level; its strength at that level is
    measured by ``strength.py``.  ``--option NAME=VALUE`` gives this tree's bot
    a setting (``MCTSBot``'s arguments, e.g. ``rollout_depth=2``) to see what a
    setting that changes play would buy.  A game the reference tree cannot
    load or play is reported as such.  It is a benchmark, not a test: it always
    exits 0.

Run it with ``make bench``, or ``.venv/bin/python benchmarks/search_speed.py --base f344484 --rounds 3
[--game tikal]`` (f344484: main when issue 18 was filed).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CAP = 600.0


def worker(tree: str, level: str, saves_path: str, options: dict) -> None:
    """Run inside a worker process: the search of ``tree`` on every saved position; print JSON per game
    (iterations, CPU seconds, or the error that stopped it); ``options`` go to the bot."""
    import archeo_lab as al
    from archeo_lab import bots

    where = Path(al.__file__).resolve()
    if Path(tree).resolve() not in where.parents:
        raise SystemExit(f"the worker for {tree} imported archeo_lab from {where}")
    saves = json.loads(Path(saves_path).read_text(encoding="utf-8"))
    out: dict = {}
    for key, texts in saves.items():
        try:
            game = al.get_game(key)
            states = [game.state_from_json(t) for t in texts]
            bots.MCTSBot(seed=0, level=level, think_time=CAP, **options).choose(states[0].clone())   # warm-up
            iterations, seconds = 0, 0.0
            for i, state in enumerate(states):
                bot = bots.MCTSBot(seed=i, level=level, think_time=CAP, **options)
                start = time.process_time()
                bot.choose(state)
                seconds += time.process_time() - start
                iterations += bot.last_search["iterations"]
            out[key] = {"iterations": iterations, "seconds": seconds}
        except Exception as exc:          # the reference tree may not know a game or read its save
            out[key] = {"error": f"{type(exc).__name__}: {exc}"[:200]}
    print(json.dumps(out))


def sample_positions(game: str, count: int, every: int, seed: int) -> list[str]:
    """``count`` saved positions with a choice, every ``every``-th decision of seeded greedy games (2 players)."""
    import archeo_lab as al
    from archeo_lab import bots

    found: list[str] = []
    while len(found) < count:
        state = al.get_game(game).new_state(players=2, seed=seed)
        players = [bots.make("greedy", seed=seed * 10 + s) for s in range(2)]
        decisions = 0
        while not state.is_terminal and len(found) < count:
            if len(state.legal_actions()) > 1:
                if decisions % every == 0:
                    found.append(state.to_json())
                decisions += 1
            seat: int = state.current_player  # type: ignore[assignment]  # not terminal: a seat
            state.apply(players[seat].choose(state))
        seed += 1
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", default="f344484",
                        help="git revision of the reference tree (f344484, main when issue 18 was filed)")
    parser.add_argument("--level", default="medium", help="the level whose settings each tree uses (medium)")
    parser.add_argument("--positions", type=int, default=6, help="positions per game (6)")
    parser.add_argument("--every", type=int, default=7, help="take every n-th decision of the games (7)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (3)")
    parser.add_argument("--seed", type=int, default=0, help="seeds the games the positions come from (0)")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON to PATH")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a setting of this tree's search bot (e.g. rollout_depth=2), to see what a setting "
                             "that changes play would buy; the reference keeps its level's settings (repeatable)")
    parser.add_argument("--options", default="{}", help=argparse.SUPPRESS)
    parser.add_argument("--worker", metavar="TREE", help=argparse.SUPPRESS)
    parser.add_argument("--saves", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker(args.worker, args.level, args.saves, json.loads(args.options))
        return 0

    import archeo_lab as al
    from archeo_lab import bots
    from _common import export, print_machine, run_in_tree, write_json

    keys = [g.key for g in al.list_games()]
    for key in args.game or []:
        if key not in keys:
            parser.error(f"--game {key!r}: the games are {', '.join(keys)}")
    if min(args.positions, args.every, args.rounds) < 1:
        parser.error("--positions, --every and --rounds must be at least 1")
    if args.level not in bots.LEVELS:
        parser.error(f"--level {args.level!r}: the levels are {', '.join(bots.LEVELS)}")

    options = {}
    for text in args.option:
        name, sep, value = text.partition("=")
        if not sep:
            parser.error(f"--option {text!r}: write NAME=VALUE")
        try:
            options[name] = json.loads(value)       # a number, null, ...
        except json.JSONDecodeError:
            options[name] = value                   # a word: "greedy"
    try:
        bots.MCTSBot(**options)
    except (TypeError, ValueError) as exc:
        parser.error(f"--option: {exc}")
    info = print_machine()
    games = [k for k in keys if not args.game or k in args.game]
    with tempfile.TemporaryDirectory(prefix="search_speed_") as tmp:
        scratch = Path(tmp)
        commit = export(args.base, scratch)
        trees = {"reference": scratch / "tree", "new": ROOT}
        saves = scratch / "positions.json"
        saves.write_text(json.dumps({k: sample_positions(k, args.positions, args.every, args.seed) for k in games}),
                         encoding="utf-8")
        print(f"search bot at level {args.level!r}: this tree ({ROOT}) against the tree at {args.base} ({commit}), "
              f"{args.positions} positions per game, {args.rounds} interleaved rounds of one worker process per "
              f"tree, CPU time, time cap {CAP:.0f} s" + (f"; this tree's bot with {options}" if options else "")
              + "\n", flush=True)
        runs: dict[str, list[dict]] = {"reference": [], "new": []}
        for r in range(args.rounds):
            order = ["reference", "new"] if r % 2 == 0 else ["new", "reference"]
            for label in order:
                chosen = options if label == "new" else {}
                runs[label].append(run_in_tree(__file__, trees[label], ["--level", args.level, "--saves", str(saves),
                                                                         "--options", json.dumps(chosen)]))
            print(f"round {r + 1}/{args.rounds} done", flush=True)

    rows = []
    print(f"\n{'game':<10} {'reference it/s':>15} {'new it/s':>10} {'ratio':>7}   per round")
    for key in games:
        errors = [run[key]["error"] for label in runs for run in runs[label] if "error" in run[key]]
        if errors:
            print(f"{key:<10} not compared: {errors[0]}")
            rows.append({"game": key, "error": errors[0]})
            continue
        rate = {label: sum(run[key]["iterations"] for run in runs[label])
                / sum(run[key]["seconds"] for run in runs[label]) for label in runs}
        ratios = [(n[key]["iterations"] / n[key]["seconds"]) / (o[key]["iterations"] / o[key]["seconds"])
                  for o, n in zip(runs["reference"], runs["new"])]
        ratio = statistics.median(ratios)
        rows.append({"game": key, "reference_it_per_s": rate["reference"], "new_it_per_s": rate["new"],
                     "ratio": ratio, "round_ratios": ratios, "positions": args.positions,
                     "iterations": {label: runs[label][0][key]["iterations"] for label in runs}})
        print(f"{key:<10} {rate['reference']:>15,.0f} {rate['new']:>10,.0f} {ratio:>6.2f}x   "
              + " ".join(f"{x:.2f}" for x in ratios), flush=True)
    write_json(args.json, {"machine": info, "base": args.base, "base_commit": commit, "level": args.level,
                           "options": options, "rows": rows})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
