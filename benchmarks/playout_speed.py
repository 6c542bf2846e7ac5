"""Random-playout speed side by side: this tree against a git revision, with an A/A control.

What is measured
    The whole tree at the git revision ``--base`` (rules and engine) is exported
    with ``git archive`` into a temporary directory, and copied once more: the
    copy is the control (the same code at another path), so the run shows how
    far two identical trees drift apart on this machine at this moment.  Each
    round runs one worker process per tree (``PYTHONPATH`` at that tree, which
    wins over the editable install: the worker checks ``archeo_lab.__file__``),
    the three in a rotating order, so a burst of load from other processes
    slows all alike.  A worker plays, for every game (or ``--game``) and player
    count, seeded random games back to back (``state.legal_actions()``, one
    action picked by a seeded ``random.Random``, ``state.apply``) until
    ``--seconds`` of CPU time (``time.process_time``) are spent, after one
    untimed warm-up game.  The same seeds give the same games in both trees
    when the rules agree, so both trees play the same positions.

How to read it
    For every game and player count: actions per CPU second of each tree, and
    two ratios, each the median over rounds of the per-round ratio: new / base
    (this tree's speed against the base) and control / base (A/A: how far two
    copies of the same code differ; a new / base ratio inside that spread is
    noise).  Issue 20's clause "random-playout speed is not lower than today"
    asks new / base >= 1 (base f344484: main when the structure work began,
    with the engine's ValueAction and the games' own action types).  It is a
    benchmark, not a test: it always exits 0.

Instructions instead of time (``--instructions``)
    CPU time on a shared 2-core machine drifts by a few per cent between two
    copies of the same code (the control shows it), too much to see a change
    of 1 %.  With ``--instructions`` each tree plays the same ``--games``
    random games of every game and player count under Valgrind's callgrind
    (``apt-get install valgrind``), after as many untimed warm-up games (the
    rules fill their tables in the first games), with ``PYTHONHASHSEED=0``;
    the instructions of a run of warm-up games alone are subtracted.  The
    count is the same from one run to the next, whatever else the machine
    does; the figure is base / new (above 1: the new tree needs fewer
    instructions for the same games).  Instructions are not time (memory and
    branch behaviour differ), so read it beside the timed ratio.  Slow
    (Valgrind runs Python about 50 times slower): one game at a time
    (``--game``) with a few dozen games.

Run it with ``.venv/bin/python benchmarks/playout_speed.py --base f344484 --rounds 9 --seconds 1 [--game luxor]``,
or ``... --instructions --games 30 --game tikal``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LABELS = ("base", "control", "new")


def play(game, players: int, seconds: float, seed: int) -> tuple[int, float]:
    """Random games of ``game`` with ``players`` until ``seconds`` of CPU time: (actions, CPU seconds)."""
    rng = random.Random(seed)
    choice = rng.choice
    actions, spent, number = 0, 0.0, 0
    start = time.process_time()
    while spent < seconds:
        state = game.new_state(players=players, seed=seed + number)
        while not state.is_terminal:
            state.apply(choice(state.legal_actions()))
            actions += 1
        number += 1
        spent = time.process_time() - start
    return actions, spent


def play_games(game, players: int, first: int, count: int, seed: int) -> int:
    """Random games ``first`` to ``first + count - 1`` of ``game`` (the choices seeded by ``seed``): actions."""
    rng = random.Random(seed)
    choice = rng.choice
    actions = 0
    for number in range(first, first + count):
        state = game.new_state(players=players, seed=seed + number)
        while not state.is_terminal:
            state.apply(choice(state.legal_actions()))
            actions += 1
    return actions


def counting_worker(key: str, players: int, warm: int, games: int, seed: int) -> None:
    """Run under Valgrind: ``warm`` warm-up games, then ``games`` more; print the actions of the latter."""
    import archeo_lab as al

    game = al.get_game(key)
    play_games(game, players, 0, warm, seed)
    print(json.dumps({"actions": play_games(game, players, warm, games, seed)}))


def count_instructions(tree: Path, key: str, players: int, warm: int, games: int, seed: int) -> tuple[int, int]:
    """(instructions, actions) of ``games`` games after ``warm`` warm-up games, in ``tree``: the callgrind
    count of a run of both less that of the warm-up games alone."""
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    counts, actions = [], 0
    for measured in (games, 0):
        done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                               __file__, "--count", key, "--players", str(players), "--warm", str(warm),
                               "--games", str(measured), "--seed", str(seed)],
                              env=env, capture_output=True, text=True)
        found = re.search(r"Collected : (\d+)", done.stderr)
        if done.returncode or found is None:
            raise SystemExit(f"valgrind in {tree} failed:\n{done.stderr[-2000:]}")
        counts.append(int(found.group(1)))
        if measured:
            actions = json.loads(done.stdout.splitlines()[-1])["actions"]
    return counts[0] - counts[1], actions


def instructions_table(trees: dict[str, Path], games: list[str], warm: int, count: int, seed: int) -> list[dict]:
    """Instructions per action of the base and the new tree for every game and player count (printed)."""
    import archeo_lab as al

    rows = []
    print(f"{'game':<9} {'players':>7} {'actions':>8} {'base instr/action':>18} {'new instr/action':>17} "
          f"{'base/new':>9}")
    for key in games:
        game = al.get_game(key)
        for n in range(game.min_players, game.max_players + 1):
            per = {}
            for label in ("base", "new"):
                instructions, actions = count_instructions(trees[label], key, n, warm, count, seed)
                per[label] = instructions / actions
            rows.append({"game": key, "players": n, "actions": actions, "instructions_per_action": per,
                         "base_over_new": per["base"] / per["new"]})
            print(f"{key:<9} {n:>7} {actions:>8} {per['base']:>18,.0f} {per['new']:>17,.0f} "
                  f"{per['base'] / per['new']:>8.3f}x", flush=True)
    return rows


def worker(tree: str, games: list[str], seconds: float, seed: int) -> None:
    """Run inside a worker process: each game and player count of ``tree``; print JSON."""
    import archeo_lab as al

    where = Path(al.__file__).resolve()
    if Path(tree).resolve() not in where.parents:
        raise SystemExit(f"the worker for {tree} imported archeo_lab from {where}")
    out: dict = {}
    for key in games:
        game = al.get_game(key)
        for n in range(game.min_players, game.max_players + 1):
            play(game, n, 0.0, seed)                                        # warm-up: one game
            actions, spent = play(game, n, seconds, seed)
            out[f"{key}/{n}"] = actions / spent
    print(json.dumps(out))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", default="f344484", help="git revision of the reference tree (f344484)")
    parser.add_argument("--seconds", type=float, default=1.0,
                        help="CPU seconds per game, player count, tree and round (1)")
    parser.add_argument("--rounds", type=int, default=9, help="interleaved rounds (9)")
    parser.add_argument("--seed", type=int, default=0, help="seeds the games and the choices (0)")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON to PATH")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions under Valgrind instead of timing (see the docstring)")
    parser.add_argument("--games", type=int, default=30,
                        help="with --instructions: games counted per game and player count, after as many "
                             "warm-up games (30)")
    parser.add_argument("--worker", metavar="TREE", help=argparse.SUPPRESS)
    parser.add_argument("--count", metavar="GAME", help=argparse.SUPPRESS)
    parser.add_argument("--players", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--warm", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker(args.worker, args.game, args.seconds, args.seed)
        return 0
    if args.count:
        counting_worker(args.count, args.players, args.warm, args.games, args.seed)
        return 0

    import archeo_lab as al
    from _common import export, print_machine, run_in_tree, write_json

    keys = [g.key for g in al.list_games()]
    for key in args.game or []:
        if key not in keys:
            parser.error(f"--game {key!r}: the games are {', '.join(keys)}")
    if args.rounds < 1 or args.seconds <= 0 or args.games < 1:
        parser.error("--rounds and --games must be at least 1 and --seconds above 0")
    if args.instructions and shutil.which("valgrind") is None:
        parser.error("--instructions needs Valgrind (apt-get install valgrind)")
    info = print_machine()
    games = [k for k in keys if not args.game or k in args.game]
    with tempfile.TemporaryDirectory(prefix="playout_speed_") as tmp:
        scratch = Path(tmp)
        commit = export(args.base, scratch)
        if args.instructions:
            print(f"instructions per action (callgrind, PYTHONHASHSEED=0): this tree ({ROOT}) against the tree at "
                  f"{args.base} ({commit}), {args.games} random games after {args.games} warm-up games\n",
                  flush=True)
            rows = instructions_table({"base": scratch / "tree", "new": ROOT}, games, args.games, args.games,
                                      args.seed)
            write_json(args.json, {"machine": info, "base": args.base, "base_commit": commit,
                                   "instructions": True, "games": args.games, "rows": rows})
            return 0
        shutil.copytree(scratch / "tree", scratch / "control")
        trees = {"base": scratch / "tree", "control": scratch / "control", "new": ROOT}
        print(f"random playouts: this tree ({ROOT}) against the tree at {args.base} ({commit}) and a copy of it "
              f"(A/A control), {args.rounds} rounds of one worker process per tree in rotating order, "
              f"{args.seconds:g} s of CPU per game and player count\n", flush=True)
        runs: dict[str, list[dict]] = {label: [] for label in LABELS}
        for r in range(args.rounds):
            order = LABELS[r % 3:] + LABELS[:r % 3]
            for label in order:
                runs[label].append(run_in_tree(__file__, trees[label], ["--seconds", str(args.seconds), "--seed",
                                                                         str(args.seed)] + [f"--game={g}" for g in games]))
            print(f"round {r + 1}/{args.rounds} done", flush=True)

    rows = []
    print(f"\n{'game':<9} {'players':>7} {'base a/s':>10} {'new a/s':>10} {'new/base':>9} {'control/base':>13}"
          "   new/base per round")
    for row in runs["base"][0]:
        key, players = row.split("/")

        def ratios(label: str, row: str = row) -> list[float]:
            return [x[row] / b[row] for x, b in zip(runs[label], runs["base"])]

        new, control = ratios("new"), ratios("control")
        rate = {label: statistics.median(run[row] for run in runs[label]) for label in LABELS}
        rows.append({"game": key, "players": int(players), "actions_per_s": rate,
                     "new_over_base": statistics.median(new), "control_over_base": statistics.median(control),
                     "new_rounds": new, "control_rounds": control})
        print(f"{key:<9} {players:>7} {rate['base']:>10,.0f} {rate['new']:>10,.0f} {statistics.median(new):>8.3f}x "
              f"{statistics.median(control):>12.3f}x   " + " ".join(f"{x:.2f}" for x in new), flush=True)
    write_json(args.json, {"machine": info, "base": args.base, "base_commit": commit, "seconds": args.seconds,
                           "rounds": args.rounds, "rows": rows})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
