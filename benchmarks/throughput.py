"""Random-playout throughput: how many games and actions per second the engine plays.

What is measured
    For every registered game (``al.list_games()``) and every player count, seeded
    random games are played back to back for a fixed time budget (``--seconds``,
    optionally capped at ``--games`` games): ``state.legal_actions()``, one action
    picked by ``random.Random(seed).choice``, ``state.apply(action)``, until
    ``state.is_terminal``.  Nothing else (no bots, no board, no copies).  The
    budget is spent in ``--rounds`` slices taken in turn over all rows, so that
    a burst of load from other processes slows every row alike.

    When OpenSpiel is installed (``pip install open_spiel``), three of its
    Python-implemented games (python_tic_tac_toe, python_kuhn_poker,
    python_liars_poker) and three C++ games (tic_tac_toe, kuhn_poker, liars_dice)
    are played by the very same loop function in the same run, with the same kind
    of generator; chance nodes are sampled from ``state.chance_outcomes()`` by that
    generator.  Every applied action is counted, OpenSpiel's chance outcomes
    included (our games roll their dice inside ``apply``), which if anything
    flatters OpenSpiel.

How to read it
    games/s and actions/s are wall-clock rates on this machine, in one process;
    compare rows of one run, not figures from different machines.  In every
    round, each of our rows' actions/s is divided by the median actions/s of
    OpenSpiel's three Python games in that same round (and of its three C++
    games); the ratio printed is the median of those per-round ratios (five
    interleaved runs by default), so one burst of load elsewhere does not decide
    it.  The bar (issue 18) "random-playout rate >= 1.2 x the median of
    OpenSpiel's Python games" passes when that median ratio is >= 1.2.  It is a
    benchmark, not a test: it always exits 0.

    Counting like with like: the players' decisions alone
    Our games roll their dice and deal their cards inside ``apply``; OpenSpiel
    applies each dealt card or die as an action of its own.  Most of
    python_liars_poker's actions are such chance outcomes (20 of its 27.7 a
    game), and it is usually the median Python game, so the bar compares our
    decisions with OpenSpiel's mostly-chance steps.  A second ratio, printed
    beside the bar's and not used by it, counts only the players' decisions on
    both sides (OpenSpiel's chance outcomes are still played and timed).

    A wider reference: every sequential Python game of OpenSpiel
    The bar's three Python games are OpenSpiel's smallest.  Its four other
    sequential Python games (``OPENSPIEL_PYTHON_MORE``: block and team dominoes,
    hangman, ant foraging) are played too, and a third ratio, also printed
    beside the bar's and not used by it, divides by the median of all seven.
    (python_dynamic_routing and python_iterated_prisoners_dilemma move
    simultaneously: this loop, one player at a time, cannot play them.)

Run it with ``make bench``, or ``.venv/bin/python benchmarks/throughput.py --seconds 2 --json out.json``
(``--only tikal`` measures one game, still side by side with OpenSpiel).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any, Callable

import archeo_lab as al
from _common import print_machine, write_json

OPENSPIEL_PYTHON = ("python_tic_tac_toe", "python_kuhn_poker", "python_liars_poker")
#: OpenSpiel's other sequential Python games: the wider reference (module docstring), not the bar's.
OPENSPIEL_PYTHON_MORE = ("python_block_dominoes", "python_team_dominoes", "python_hangman", "python_ant_foraging")
OPENSPIEL_CPP = ("tic_tac_toe", "kuhn_poker", "liars_dice")
#: The source of OPENSPIEL_PYTHON_MORE's rows, and the group of all the Python games measured.
MORE_PYTHON, ALL_PYTHON = "OpenSpiel Python, more", "every OpenSpiel Python game"
#: The bar of issue 18: our random playouts at least this many times the median of OpenSpiel's Python games.
BAR = 1.2


@dataclass(frozen=True)
class Subject:
    """Something to play random games of, and how to drive its states."""

    source: str                                     # "archeo-lab", "OpenSpiel Python", "OpenSpiel C++"
    name: str
    players: int
    new_state: Callable[[int], Any]                 # game number -> a fresh state
    is_terminal: Callable[[Any], bool]
    legal_actions: Callable[[Any], list]
    apply: Callable[[Any, Any], None]
    chance_outcomes: Callable[[Any], list | None]   # [(outcome, probability)] at a chance node, else None
    params: dict = field(default_factory=dict)


def playout_rate(subject: Subject, seconds: float, max_games: int | None, seed: int, first_game: int = 0) -> dict:
    """THE loop: play random games of ``subject`` until ``seconds`` are spent (at least one game)."""
    rng = random.Random(seed)
    choice, choices = rng.choice, rng.choices
    new_state, is_terminal, legal_actions, apply, chance_outcomes = (
        subject.new_state, subject.is_terminal, subject.legal_actions, subject.apply, subject.chance_outcomes)
    games = actions = chances = 0
    elapsed = 0.0
    start = time.perf_counter()
    while (max_games is None or games < max_games) and (games == 0 or elapsed < seconds):
        state = new_state(first_game + games)
        while not is_terminal(state):
            outcomes = chance_outcomes(state)
            if outcomes:
                values, weights = zip(*outcomes)
                apply(state, choices(values, weights)[0])
                chances += 1
            else:
                apply(state, choice(legal_actions(state)))
            actions += 1
        games += 1
        elapsed = time.perf_counter() - start
    return {"games": games, "actions": actions, "decisions": actions - chances, "seconds": elapsed}


def measure(subjects: list[Subject], seconds: float, max_games: int | None, seed: int, rounds: int) -> list[dict]:
    """Each subject's totals over ``rounds`` slices of its budget, taken in turn (so load spikes hit all alike)."""
    for subject in subjects:
        playout_rate(subject, 0.0, 2, seed)  # warm-up: imports, caches
    totals = [{"games": 0, "actions": 0, "decisions": 0, "seconds": 0.0} for _ in subjects]
    per_round: list[list[float]] = [[] for _ in subjects]   # actions/s of each round, per subject
    per_round_decisions: list[list[float]] = [[] for _ in subjects]   # decisions/s of each round
    for r in range(rounds):
        for subject, total, rates, decision_rates in zip(subjects, totals, per_round, per_round_decisions):
            left = None if max_games is None else max_games - total["games"]
            if left is None or left > 0:
                part = playout_rate(subject, seconds / rounds, left, seed + r, first_game=total["games"])
                for key in total:
                    total[key] += part[key]
                rates.append(part["actions"] / part["seconds"] if part["seconds"] else 0.0)
                decision_rates.append(part["decisions"] / part["seconds"] if part["seconds"] else 0.0)
    return [{
        "source": s.source, "game": s.name, "players": s.players, "params": s.params, **t,
        "games_per_s": t["games"] / t["seconds"], "actions_per_s": t["actions"] / t["seconds"],
        "actions_per_game": t["actions"] / t["games"], "decisions_per_game": t["decisions"] / t["games"],
        "round_actions_per_s": rates, "round_decisions_per_s": decisions,
    } for s, t, rates, decisions in zip(subjects, totals, per_round, per_round_decisions)]


def our_subjects(seed: int, only: list[str] | None = None) -> list[Subject]:
    """Every registered game (or those named in ``only``) at every player count."""
    subjects = []
    for game in al.list_games():
        if only and game.key not in only:
            continue
        for n in range(game.min_players, game.max_players + 1):
            subjects.append(Subject(
                "archeo-lab", game.key, n,
                new_state=lambda i, game=game, n=n: game.new_state(players=n, seed=seed + i),
                is_terminal=lambda s: s.is_terminal,
                legal_actions=lambda s: s.legal_actions(),
                apply=lambda s, a: s.apply(a),
                chance_outcomes=lambda s: None,
            ))
    return subjects


def openspiel_subjects() -> tuple[list[Subject], str] | None:
    """OpenSpiel's comparison games and its version, or None if it is not installed."""
    try:
        import pyspiel
        from open_spiel.python import games as _python_games  # noqa: F401  (registers the python_* games)
    except ImportError:
        return None
    subjects = []
    for source, names in (("OpenSpiel Python", OPENSPIEL_PYTHON), ("OpenSpiel C++", OPENSPIEL_CPP),
                          (MORE_PYTHON, OPENSPIEL_PYTHON_MORE)):
        for name in names:
            game = pyspiel.load_game(name)
            subjects.append(Subject(
                source, name, game.num_players(),
                new_state=lambda i, game=game: game.new_initial_state(),
                is_terminal=lambda s: s.is_terminal(),
                legal_actions=lambda s: s.legal_actions(),
                apply=lambda s, a: s.apply_action(a),
                chance_outcomes=lambda s: s.chance_outcomes() if s.is_chance_node() else None,
                params={k: v for k, v in game.get_parameters().items()},
            ))
    return subjects, metadata.version("open_spiel")


def print_table(rows: list[dict]) -> None:
    print(f"{'source':<17} {'game':<20} {'players':>7} {'games':>7} {'games/s':>10} {'actions/s':>11} "
          f"{'actions/game':>13} {'decisions/game':>15}")
    for r in rows:
        print(f"{r['source']:<17} {r['game']:<20} {r['players']:>7} {r['games']:>7} {r['games_per_s']:>10,.1f} "
              f"{r['actions_per_s']:>11,.0f} {r['actions_per_game']:>13.1f} {r['decisions_per_game']:>15.1f}")


def compare(ours: list[dict], theirs: list[dict]) -> tuple[dict, list[dict]]:
    """Medians of OpenSpiel's Python and C++ rows, and each of our rows' ratios to them.

    A ratio is the median over rounds of (our actions/s in round k) / (the median of OpenSpiel's
    rows of that source in round k): the runs are interleaved, so each round compares like with like.
    ``ratio_python_decisions`` does the same with the players' decisions alone, ``ratio_python_all`` with every
    sequential Python game of OpenSpiel measured, the bar's three and ``OPENSPIEL_PYTHON_MORE`` (module docstring).
    """
    groups = {"OpenSpiel Python": ("OpenSpiel Python",), "OpenSpiel C++": ("OpenSpiel C++",),
              ALL_PYTHON: ("OpenSpiel Python", MORE_PYTHON)}
    members = {name: [r for r in theirs if r["source"] in sources] for name, sources in groups.items()}
    medians = {name: statistics.median(r["actions_per_s"] for r in rows) for name, rows in members.items() if rows}
    rounds = min(len(r["round_actions_per_s"]) for r in ours + theirs)

    #: (group, rate) -> OpenSpiel's median of that rate in each round, worked out once for every row.
    round_medians = {(name, rate): [statistics.median(r[rate][k] for r in rows) for k in range(rounds)]
                     for name, rows in members.items() if rows
                     for rate in ("round_actions_per_s", "round_decisions_per_s")}

    def ratio(row: dict, source: str, rate: str = "round_actions_per_s") -> float:
        theirs_k = round_medians[source, rate]
        return statistics.median(row[rate][k] / theirs_k[k] for k in range(rounds))

    python_k = round_medians["OpenSpiel Python", "round_actions_per_s"]
    ratios = [{
        "game": r["game"], "players": r["players"],
        "ratio_python": ratio(r, "OpenSpiel Python"), "ratio_cpp": ratio(r, "OpenSpiel C++"),
        "ratio_python_decisions": ratio(r, "OpenSpiel Python", "round_decisions_per_s"),
        "ratio_python_all": ratio(r, ALL_PYTHON) if (ALL_PYTHON, "round_actions_per_s") in round_medians else None,
        "ratio_python_rounds": [r["round_actions_per_s"][k] / python_k[k] for k in range(rounds)],
    } for r in ours]
    for r in ratios:
        r["bar"] = "PASS" if r["ratio_python"] >= BAR else "FAIL"
    return medians, ratios


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=2.0, help="time budget per game and player count (2)")
    parser.add_argument("--games", type=int, default=None, help="at most this many games per row")
    parser.add_argument("--seed", type=int, default=0, help="seeds the action choices and the games (0)")
    parser.add_argument("--rounds", type=int, default=5,
                        help="split each budget into this many slices, played in turn over all rows (5)")
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON to PATH")
    parser.add_argument("--only", action="append", metavar="GAME",
                        help="measure only this game (repeatable; OpenSpiel's games are always measured)")
    args = parser.parse_args(argv)
    keys = [g.key for g in al.list_games()]
    for key in args.only or []:
        if key not in keys:
            parser.error(f"--only {key!r}: the games are {', '.join(keys)}")
    if args.games is not None and args.games < 1:
        parser.error("--games must be at least 1")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")

    info = print_machine()
    print(f"random playouts, {args.seconds:g} s per row in {args.rounds} rounds"
          + (f", at most {args.games} games" if args.games else "") + f", seed {args.seed}\n")

    subjects = our_subjects(args.seed, args.only)
    found = openspiel_subjects()
    if found:
        subjects += found[0]
    rows = measure(subjects, args.seconds, args.games, args.seed, args.rounds)
    ours = [r for r in rows if r["source"] == "archeo-lab"]
    print_table(rows)
    print()

    result: dict[str, Any] = {"machine": info, "seconds": args.seconds, "max_games": args.games,
                              "seed": args.seed, "rows": rows, "open_spiel": None}
    if not found:
        print("OpenSpiel is not installed: no comparison (install it with `pip install open_spiel`, "
              "then run this again).")
    else:
        medians, ratios = compare(ours, [r for r in rows if r["source"] != "archeo-lab"])
        result["open_spiel"] = {"version": found[1], "median_actions_per_s": medians, "comparison": ratios}
        print(f"OpenSpiel {found[1]}: median actions/s of the bar's three Python games "
              f"{medians['OpenSpiel Python']:,.0f}, of its C++ games {medians['OpenSpiel C++']:,.0f}, of every "
              f"sequential Python game measured {medians[ALL_PYTHON]:,.0f}")
        print(f"ratios: median over the {args.rounds} interleaved rounds of (our actions/s) / (OpenSpiel's median "
              "in that round)")
        print(f"{'game':<20} {'players':>7} {'vs Python median':>17} {'vs C++ median':>14}   per round (Python)"
              f"   decisions alone vs Python   vs all {len(OPENSPIEL_PYTHON + OPENSPIEL_PYTHON_MORE)} Python")
        for r in ratios:
            each = " ".join(f"{x:.2f}" for x in r["ratio_python_rounds"])
            print(f"{r['game']:<20} {r['players']:>7} {r['ratio_python']:>16.2f}x {r['ratio_cpp']:>13.3f}x   {each}"
                  f"   {r['ratio_python_decisions']:>24.2f}x   {r['ratio_python_all']:>11.2f}x")
        print()
        for r in ratios:
            print(f"bar: {r['game']} random-playout rate >= {BAR} x median of OpenSpiel's Python games, "
                  f"{r['players']} players: {r['bar']} (median ratio {r['ratio_python']:.2f})")
    write_json(args.json, result)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
