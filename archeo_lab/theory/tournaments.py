"""Class tournaments of bots: round robin over seatings, reproducible, with confidence intervals.

``tournament(game, bots, games=..., seed=..., players=...)`` plays every
group of ``players`` different bots, in every rotation of their seats (so
nobody keeps the first seat), ``games`` games per seating.  Every game's seed
and every bot's seed are drawn in the calling process from ``seed`` before
anything is played, so the results do not depend on the order in which
parallel workers finish (Axelrod issue #1277).

A bot is a name (``"random"``, ``"greedy"``, ``"mcts:easy"``), or any object
with ``choose(state)``: a learner's small class.  If a bot raises or returns
an illegal move, that game is a forfeit: it is reported against that bot
(``result.errors``), the bot gets no win share, and the other seats share the
win; the tournament goes on.

>>> result = tournament("cibola", ["random", "greedy"], games=2, seed=1)
>>> [row["bot"] for row in result.table]
['greedy', 'random']
>>> result.table[0]["games"]
4
"""

from __future__ import annotations

import itertools
import math
import sys
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from archeo_lab.engine import Rng, get_game

__all__ = ["tournament", "TournamentResult", "wilson_interval", "terminal_progress"]

MAX_ACTIONS = 100_000   # a game longer than this is reported as an error


def wilson_interval(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval for a win rate (``successes`` may be fractional: shared wins).

    >>> low, high = wilson_interval(8, 10)
    >>> round(low, 3), round(high, 3)
    (0.49, 0.943)
    """
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = p + z * z / (2 * n)
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denom = 1 + z * z / n
    return (max(0.0, (centre - margin) / denom), min(1.0, (centre + margin) / denom))


def terminal_progress(done: int, total: int) -> None:
    """A one-line progress bar on standard error (terminals; notebooks get a widget from ``al.tournament``)."""
    width = 30
    filled = width * done // max(total, 1)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


@dataclass
class TournamentResult:
    """What a tournament produced: one record per game, and the summaries built from them."""

    game: str
    players: int
    bots: list[str]
    games: list[dict] = field(default_factory=list)

    @property
    def errors(self) -> list[dict]:
        """Forfeits: which bot failed, in which game (seed and seats), and why."""
        return [dict(g["error"], seed=g["seed"], seats=g["seats"]) for g in self.games if g["error"]]

    @property
    def table(self) -> list[dict]:
        """Per bot: games, wins (shared wins count 1/k), win rate and its 95 % interval, mean score, errors."""
        rows = []
        for bot in self.bots:
            played = [g for g in self.games if bot in g["seats"]]
            wins = sum(g["shares"][g["seats"].index(bot)] for g in played)
            scores = [g["scores"][g["seats"].index(bot)] for g in played if g["scores"] is not None]
            low, high = wilson_interval(wins, len(played))
            rows.append({
                "bot": bot, "games": len(played), "wins": wins,
                "win_rate": wins / len(played) if played else 0.0, "ci95": (low, high),
                "mean_score": sum(scores) / len(scores) if scores else None,
                "errors": sum(1 for g in played if g["error"] and g["error"]["bot"] == bot),
            })
        return sorted(rows, key=lambda r: (-r["win_rate"], r["bot"]))

    @property
    def pairwise(self) -> dict[str, dict[str, float]]:
        """``pairwise[a][b]``: in the games where both played, how often ``a`` finished ahead of ``b``.

        Ahead means a larger win share, then a higher score; a tie counts one half.
        """
        out = {a: {} for a in self.bots}
        for a, b in itertools.permutations(self.bots, 2):
            together = [g for g in self.games if a in g["seats"] and b in g["seats"]]
            if not together:
                continue
            points = 0.0
            for g in together:
                i, j = g["seats"].index(a), g["seats"].index(b)
                key_a = (g["shares"][i], g["scores"][i] if g["scores"] else 0)
                key_b = (g["shares"][j], g["scores"][j] if g["scores"] else 0)
                points += 1.0 if key_a > key_b else 0.5 if key_a == key_b else 0.0
            out[a][b] = points / len(together)
        return out

    def __str__(self) -> str:
        lines = [f"Tournament: {self.game}, {self.players} players, {len(self.games)} games",
                 f"{'bot':<18}{'games':>6}{'wins':>8}{'win rate':>10}{'95% CI':>15}{'mean score':>12}{'errors':>8}"]
        for r in self.table:
            mean = f"{r['mean_score']:.1f}" if r["mean_score"] is not None else "-"
            lines.append(f"{r['bot']:<18}{r['games']:>6}{r['wins']:>8.1f}{r['win_rate']:>10.0%}"
                         f"{r['ci95'][0]:>8.0%}-{r['ci95'][1]:<6.0%}{mean:>12}{r['errors']:>8}")
        pairs = self.pairwise
        lines.append("head to head (row finished ahead of column):")
        lines.append(" " * 18 + "".join(f"{b[:9]:>10}" for b in self.bots))
        for a in self.bots:
            cells = "".join(f"{pairs[a][b]:>10.0%}" if b in pairs[a] else f"{'-':>10}" for b in self.bots)
            lines.append(f"{a:<18}{cells}")
        for (bot, message), seeds in self._grouped_errors().items():
            lines.append(f"error: {bot} failed {len(seeds)} time(s): {message} (seeds {', '.join(map(str, seeds[:3]))}"
                         f"{', ...' if len(seeds) > 3 else ''})")
        return "\n".join(lines)

    def _grouped_errors(self) -> dict[tuple[str, str], list[int]]:
        groups: dict[tuple[str, str], list[int]] = {}
        for e in self.errors:
            groups.setdefault((e["bot"], e["message"]), []).append(e["seed"])
        return groups

    def _repr_html_(self) -> str:
        from html import escape

        head = "".join(f"<th>{h}</th>" for h in ("bot", "games", "wins", "win rate", "95% CI", "mean score", "errors"))
        body = ""
        for r in self.table:
            mean = f"{r['mean_score']:.1f}" if r["mean_score"] is not None else "-"
            body += (f"<tr><td>{escape(r['bot'])}</td><td>{r['games']}</td><td>{r['wins']:.1f}</td>"
                     f"<td>{r['win_rate']:.0%}</td><td>{r['ci95'][0]:.0%} to {r['ci95'][1]:.0%}</td>"
                     f"<td>{mean}</td><td>{r['errors']}</td></tr>")
        errors = "".join(f"<li>{escape(bot)} failed {len(seeds)} time(s): {escape(message)}</li>"
                         for (bot, message), seeds in self._grouped_errors().items())
        return (f"<p><b>Tournament</b>: {escape(self.game)}, {self.players} players, {len(self.games)} games</p>"
                f"<table><tr>{head}</tr>{body}</table>" + (f"<p>Errors:</p><ul>{errors}</ul>" if errors else ""))

    def plot(self, ax: Any = None) -> Any:
        """A bar chart of win rates with their 95 % intervals (matplotlib); returns the axes."""
        from archeo_lab.browser import require_plots

        plt = require_plots()   # matplotlib, or a clear message where it cannot load

        rows = self.table
        if ax is None:
            _, ax = plt.subplots(figsize=(max(4, 1.2 * len(rows)), 3))
        rates = [r["win_rate"] for r in rows]
        errs = [[r["win_rate"] - r["ci95"][0] for r in rows], [r["ci95"][1] - r["win_rate"] for r in rows]]
        ax.bar([r["bot"] for r in rows], rates, yerr=errs, capsize=4, color="#b5651d")
        ax.axhline(1 / self.players, color="grey", lw=0.8, ls="--", label="fair share")
        ax.set_ylim(0, 1)
        ax.set_ylabel("win rate")
        ax.set_title(f"{self.game}: {len(self.games)} games, {self.players} players")
        ax.legend()
        return ax


def _labels(bots: Sequence[Any] | Mapping[str, Any]) -> tuple[list[str], list[Any]]:
    from archeo_lab import bots as registry

    if isinstance(bots, Mapping):
        return list(bots), list(bots.values())
    labels, entries = [], []
    for entry in bots:
        base = registry.describe(entry)
        label, n = base, 2
        while label in labels:
            label, n = f"{base} #{n}", n + 1
        labels.append(label)
        entries.append(entry)
    return labels, entries


def _play(task: tuple) -> dict:
    """One game of a tournament (runs in a worker process when ``processes > 1``)."""
    from archeo_lab import bots as registry

    key, players, variant, seed, seats, entries, bot_seeds = task
    game = get_game(key)
    players_bots = [registry.make(e, seed=s) if isinstance(e, str) else e for e, s in zip(entries, bot_seeds)]
    state = game.new_state(players=players, seed=seed, variant=variant)
    record = {"seed": seed, "seats": list(seats), "scores": None, "shares": [0.0] * players, "error": None,
              "actions": 0}
    while not state.is_terminal:
        seat = state.current_player
        try:
            if record["actions"] >= MAX_ACTIONS:
                raise RuntimeError(f"the game did not end after {MAX_ACTIONS} actions")
            # bots see a determinized copy: hidden cards and bids resampled
            action = players_bots[seat].choose(state.determinize(seat, Rng(bot_seeds[seat] + record["actions"])))
            state.apply(action)
        except Exception as exc:  # a learner's bot may fail in any way: report it, go on
            message = f"{type(exc).__name__}: {exc}"
            where = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
            if where is not None:
                message += f" ({where.name}, line {where.lineno})"
            record["error"] = {"bot": seats[seat], "message": message}
            others = [s for s in range(players) if s != seat]
            record["shares"] = [1 / len(others) if s in others else 0.0 for s in range(players)]
            return record
        record["actions"] += 1
    winners = state.winners()
    record["scores"] = state.scores()
    record["shares"] = [1 / len(winners) if s in winners else 0.0 for s in range(players)]
    return record


def _parallel_ok() -> bool:
    return sys.platform != "emscripten" and "pyodide" not in sys.modules


def tournament(game: str, bots: Sequence[Any] | Mapping[str, Any], *, games: int = 10, seed: int = 0,
               players: int | None = None, variant: str | None = None, processes: int = 1,
               progress: Callable[[int, int], None] | None = None) -> TournamentResult:
    """Round robin over groups of bots and over the rotations of their seats.

    Parameters
    ----------
    game : str
        A registered game key.
    bots : list or dict
        Bot names or objects with ``choose(state)``; a dict gives each its label.
    games : int
        Games per group and seating.
    seed : int
        Seeds every game and bot (drawn here, before any game is played).
    players : int, optional
        Seats per game (default: the game's minimum).
    processes : int
        Worker processes (``fork`` only; ignored where it cannot run, as in Pyodide).
    progress : callable, optional
        Called as ``progress(done, total)`` after each game.
    """
    g = get_game(game)
    players = g.check_players(players)
    variant = g.check_variant(variant)
    labels, entries = _labels(bots)
    if len(labels) < players:
        raise ValueError(f"a {players}-player tournament needs at least {players} bots, got {len(labels)}")
    rng = Rng(seed)
    tasks = []
    for group in itertools.combinations(range(len(labels)), players):
        for shift in range(players):
            seating = group[shift:] + group[:shift]
            for _ in range(games):
                tasks.append((g.key, players, variant, rng.below(2**31), tuple(labels[i] for i in seating),
                              tuple(entries[i] for i in seating), tuple(rng.below(2**31) for _ in seating)))
    result = TournamentResult(game=g.key, players=players, bots=labels)
    total = len(tasks)
    if processes > 1 and _parallel_ok():
        import multiprocessing

        try:
            context = multiprocessing.get_context("fork")
        except ValueError:   # no fork on this platform: play in this process
            context = None
        if context is not None:
            with context.Pool(processes) as pool:
                for done, record in enumerate(pool.imap(_play, tasks), start=1):
                    result.games.append(record)
                    if progress:
                        progress(done, total)
            return result
    for done, task in enumerate(tasks, start=1):
        result.games.append(_play(task))
        if progress:
            progress(done, total)
    return result
