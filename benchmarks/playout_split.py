"""Where a random playout's time goes: each step of ``throughput.py``'s loop, timed by the kind of step.

What is measured
    For a game (``GAME``) at each player count (or ``--players``), ``--warm`` seeded random games are
    played untimed (the rules fill their tables in the first games), then ``--games`` more, the way
    ``throughput.py`` plays them: ``new_state``, ``legal_actions()``, one action picked by a seeded
    ``random.Random``, ``apply``.  Each call is timed alone (``time.perf_counter_ns``) and filed under a
    step: ``new game``, ``list <phase>`` (the position's ``phase`` when the game has one) and ``apply
    <Action kind>``.  The timer's own cost, measured on empty intervals, is taken off every call.  Then
    as many other games are played without the timer, for the time an action takes in the loop.

    Two references come with it.  The *engine floor*: the same loop, the engine's ``legal_actions()`` and
    ``apply`` included, around a game whose rules do nothing (a fixed legal list as long as this game's
    mean, an ``apply`` that counts down): what an action costs before any rule runs.  The *bar's
    budget*: with OpenSpiel installed, its three Python games are played by ``throughput.py``'s loop
    for ``--seconds`` each, and 1 / (1.2 x their median actions/s) is the time an action may take at
    issue 18's bar.

How to read it
    Per row: microseconds per action (untimed pass), the floor, the budget and the share of the rules'
    own time (an action's time less the floor) that would have to go to meet the bar, then, from the timed pass,
    each step's share of the time, its microseconds per call and its calls per game.  Timing each call
    alone adds a little to every call and changes what stays in the processor's caches (the timed
    pass reads 5-15 % slower), so read the steps' shares and compare rows of one run.  The budget is
    from one second of each OpenSpiel game (``--seconds``): ``throughput.py``'s interleaved rounds
    are the measure of the bar.  It is a benchmark, not a test: it always exits 0.

Run it with ``.venv/bin/python benchmarks/playout_split.py tikal --players 2`` (``--warm 300 --games 300``).
"""

from __future__ import annotations

import argparse
import collections
import random
import statistics
import time
from typing import Any

import archeo_lab as al
from archeo_lab.engine import Action, Game, State
from _common import print_machine, write_json
from throughput import BAR, Subject, openspiel_subjects, playout_rate

_NS = time.perf_counter_ns


def split(game: Game, players: int, warm: int, games: int, seed: int) -> dict[str, Any]:
    """Play ``warm`` untimed games, then ``games`` timed ones; time every call by step (module docstring)."""
    rng = random.Random(seed + 1)
    choice = rng.choice
    for k in range(warm):
        state = game.new_state(players=players, seed=seed + 1_000_000 + k)
        while not state.is_terminal:
            state.apply(choice(state.legal_actions()))
    overhead = min(-_NS() + _NS() for _ in range(1000))   # the cost of reading the clock twice
    rng.seed(seed)
    spent: collections.Counter[str] = collections.Counter()
    calls: collections.Counter[str] = collections.Counter()
    actions = listed = 0
    for k in range(games):
        t0 = _NS()
        state = game.new_state(players=players, seed=seed + k)
        t1 = _NS()
        spent["new game"] += t1 - t0 - overhead
        calls["new game"] += 1
        while not state.is_terminal:
            step = f"list {getattr(state, 'phase', '')}".rstrip()
            t0 = _NS()
            legal = state.legal_actions()
            t1 = _NS()
            spent[step] += t1 - t0 - overhead
            calls[step] += 1
            listed += len(legal)
            action = choice(legal)
            step = f"apply {type(action).__name__}"
            t0 = _NS()
            state.apply(action)
            t1 = _NS()
            spent[step] += t1 - t0 - overhead
            calls[step] += 1
            actions += 1
    total = sum(spent.values())
    steps = [{"step": s, "share": spent[s] / total, "us_per_call": spent[s] / calls[s] / 1000,
              "calls_per_game": calls[s] / games} for s, _ in spent.most_common()]
    # As many other games, untimed call by call: the time an action takes in throughput.py's loop.
    played = 0
    t0 = _NS()
    for k in range(games):
        state = game.new_state(players=players, seed=seed + 2_000_000 + k)
        while not state.is_terminal:
            state.apply(choice(state.legal_actions()))
            played += 1
    plain = (_NS() - t0) / played / 1000
    return {"game": game.key, "players": players, "games": games, "warm": warm, "actions": actions,
            "us_per_action": plain, "us_per_action_timed": total / actions / 1000, "mean_legal": listed / actions,
            "steps": steps}


class _Nothing(Action):
    """An action of ``_Idle`` (its legal list holds distinct ones, so ``apply`` searches it as it searches a game's)."""

    __slots__ = ()
    kind, pattern = "nothing", r"nothing"

    def __str__(self) -> str:
        return "nothing"


class _Idle(State):
    """A game whose rules do nothing: a fixed legal list, and ``apply`` counts down to the end."""

    __slots__ = ("players", "variant", "seed", "rng", "chance_count", "_legal_cache", "current_player",
                 "is_terminal", "left", "offers")
    left: int                      # actions until the game ends
    offers: list[Action]           # the legal list, the same at every step

    @classmethod
    def _new(cls, players: int, seed: int, variant: str) -> _Idle:
        raise NotImplementedError("made by engine_floor()")

    def _legal_actions(self) -> list[Action]:
        return self.offers

    def _apply(self, action: Action) -> None:
        self.left -= 1
        self.is_terminal = self.left <= 0

    def scores(self) -> list[int]:
        return [0] * self.players

    def clone(self) -> _Idle:
        raise NotImplementedError

    def observation(self, player: int) -> dict[str, Any]:
        return {}

    def determinize(self, player: int, rng: Any) -> _Idle:
        raise NotImplementedError

    def _to_dict(self) -> dict[str, Any]:
        return {}

    @classmethod
    def _from_dict(cls, fields: Any, players: int, variant: str) -> _Idle:
        raise NotImplementedError


def engine_floor(legal: int, per_game: int, seconds: float, seed: int) -> float:
    """Microseconds per action of ``throughput.py``'s loop around ``_Idle`` (``legal`` actions, ``per_game`` a game)."""
    offers: list[Action] = [_Nothing() for _ in range(max(1, legal))]

    def new_state(_: int) -> _Idle:
        state = object.__new__(_Idle)
        state.players, state._legal_cache, state.current_player, state.is_terminal = 2, None, 0, False
        state.left, state.offers = max(1, per_game), offers
        return state

    subject = Subject("floor", "idle", 2, new_state, lambda s: s.is_terminal, lambda s: s.legal_actions(),
                      lambda s, a: s.apply(a), lambda s: None)
    done = playout_rate(subject, seconds, None, seed)
    return float(done["seconds"] / done["actions"] * 1e6)


def rules_cut(us_per_action: float, floor: float, budget: float) -> float:
    """The share of the rules' own time (an action's time less the engine floor) that must go for the row to
    meet the bar: 0 when it already does.

    >>> round(rules_cut(8.0, 1.0, 6.6), 3), rules_cut(6.0, 1.0, 6.6)
    (0.2, 0.0)
    """
    return max(0.0, (us_per_action - budget) / (us_per_action - floor))


def bar_budget(seconds: float, seed: int) -> float | None:
    """Microseconds an action may take at the bar (1.2 x the median of OpenSpiel's Python games), or None."""
    found = openspiel_subjects()
    if not found:
        return None
    rates = []
    for subject in found[0]:
        if subject.source == "OpenSpiel Python":
            playout_rate(subject, 0.0, 2, seed)          # warm-up
            done = playout_rate(subject, seconds, None, seed)
            rates.append(done["actions"] / done["seconds"])
    return 1e6 / (BAR * statistics.median(rates))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    keys = [g.key for g in al.list_games()]
    parser.add_argument("game", choices=keys, help="the game to split")
    parser.add_argument("--players", type=int, action="append", help="player count (repeatable; default: all)")
    parser.add_argument("--warm", type=int, default=300, help="untimed games first (300)")
    parser.add_argument("--games", type=int, default=300, help="timed games (300)")
    parser.add_argument("--seed", type=int, default=0, help="seeds the games and the action choices (0)")
    parser.add_argument("--seconds", type=float, default=1.0,
                        help="time for each OpenSpiel game and for the engine floor (1)")
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON to PATH")
    args = parser.parse_args(argv)
    game = al.get_game(args.game)
    counts = args.players or list(range(game.min_players, game.max_players + 1))
    for n in counts:
        if not game.min_players <= n <= game.max_players:
            parser.error(f"--players {n}: {game.title} is played by {game.min_players} to {game.max_players}")
    if args.games < 1 or args.warm < 0:
        parser.error("--games must be at least 1 and --warm at least 0")

    info = print_machine()
    budget = bar_budget(args.seconds, args.seed)
    print(f"{game.title}: {args.warm} untimed games, then {args.games} timed, seed {args.seed}")
    if budget is None:
        print("OpenSpiel is not installed: no budget (install it with `pip install open_spiel`)")
    else:
        print(f"the bar's budget: {budget:.2f} us an action (1 / ({BAR} x the median of OpenSpiel's Python games "
              "measured now))")
    rows = []
    for n in counts:
        row = split(game, n, args.warm, args.games, args.seed)
        per_game = round(row["actions"] / row["games"])
        row["engine_floor_us"] = engine_floor(round(row["mean_legal"]), per_game, args.seconds, args.seed)
        row["bar_budget_us"] = budget
        row["rules_cut"] = None if budget is None else rules_cut(row["us_per_action"], row["engine_floor_us"], budget)
        rows.append(row)
        print(f"\n{n} players: {row['us_per_action']:.2f} us an action ({per_game} actions a game, "
              f"{row['mean_legal']:.1f} legal actions on average); engine floor {row['engine_floor_us']:.2f} us"
              + (f"; the bar's budget {budget:.2f} us: the rules would have to lose {row['rules_cut']:.0%} of "
                 "their time" if budget is not None else ""))
        print(f"  timed call by call: {row['us_per_action_timed']:.2f} us an action, in these steps:")
        print(f"  {'step':<28} {'share':>6} {'us/call':>8} {'calls/game':>11}")
        for s in row["steps"]:
            print(f"  {s['step']:<28} {s['share']:6.1%} {s['us_per_call']:8.2f} {s['calls_per_game']:11.1f}")
    write_json(args.json, {"machine": info, "rows": rows})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
