"""Class tournaments of bots: round robin over seatings, reproducible, with confidence intervals.

``tournament(game, bots, games=..., seed=..., players=...)`` plays every
group of ``players`` different bots, in every rotation of their seats (so
nobody keeps the first seat), ``games`` games per seating.  Every game's seed
and every bot's seed are drawn from ``seed`` and the names of the bots seated,
before anything is played: the results do not depend on the order in which
parallel workers finish (Axelrod issue #1277), nor on which other bots entered
(the games between two bots are the same with or without a third).

A bot is a name (``"random"``, ``"greedy"``, ``"mcts:easy"``), a learner's
file (``archeo_lab.exercises.class_tournament.load_bots``), or any object with
``choose(state)``: a learner's small class.  Built-in bots play in the
referee's process; a learner's bot plays from a worker process of its own
(``archeo_lab.bots.isolation.IsolatedBot``), with ``time_limit`` seconds a
move and ``memory_limit`` MiB, and is given only a ``determinize()`` copy (what
its seat may know).  The referee (rules, scores, results) stays here.  If a
bot hangs, exits, crashes, runs out of memory, answers garbage, plays an
illegal move or changes the engine, that game is a forfeit: it is reported
against that bot with the reason (``result.errors``), the bot gets no win
share, the other seats share the win, and the tournament goes on.  Every
learner's bot is loaded before a game's first move: bots that cannot load
all forfeit at once (no win share for any of them), so that two broken
files never win against each other by the order of their seats.  Where
there are no processes (JupyterLite), learners' bots run here and only their
time is checked, after each move; ``result.notes`` says so.

>>> result = tournament("cibola", ["random", "greedy"], games=2, seed=1)
>>> [row["bot"] for row in result.table]
['greedy', 'random']
>>> result.table[0]["games"]
4
"""

from __future__ import annotations

import hashlib
import itertools
import math
import sys
import textwrap
import traceback
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable, Mapping, Sequence

from archeo_lab.engine import IllegalAction, Rng, get_game
from archeo_lab.engine.errors import quote

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
    #: The tournament's seed, and sentences for the teacher (bots not isolated here, processes ignored).
    seed: int | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def errors(self) -> list[dict]:
        """Forfeits: which bot failed (``bot``), why (``reason``: time, exit, crash, memory, garbage,
        illegal, tampering, load), what happened (``message``), in which game (``seed``, ``seats``)."""
        return [dict(e, seed=g["seed"], seats=g["seats"]) for g in self.games for e in g["errors"]]

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
                "errors": sum(1 for g in played for e in g["errors"] if e["bot"] == bot),
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
        rows, names = self.table, self.bots
        width = max([3, *map(len, names)]) + 2           # the name column fits the longest name
        lines = [f"Tournament: {self.game}, {self.players} players, {len(self.games)} games",
                 f"{'bot':<{width}}{'games':>6}{'wins':>8}{'win rate':>10}{'95% CI':>13}"
                 f"{'mean score':>12}{'errors':>8}"]
        for r in rows:
            mean = f"{r['mean_score']:.1f}" if r["mean_score"] is not None else "-"
            ci = f"{r['ci95'][0]:.0%}-{r['ci95'][1]:.0%}"
            lines.append(f"{r['bot']:<{width}}{r['games']:>6}{r['wins']:>8.1f}{r['win_rate']:>10.0%}{ci:>13}"
                         f"{mean:>12}{r['errors']:>8}")
        pairs = self.pairwise
        # Columns headed by the whole names when they are short, else by numbers given to the rows.
        short = max(map(len, names)) <= 12
        heads = list(names) if short else [str(i + 1) for i in range(len(names))]
        labels = list(names) if short else [f"{i + 1}. {name}" for i, name in enumerate(names)]
        first = max(map(len, labels)) + 2
        cell = max(6, max(map(len, heads)) + 2)
        lines.append("head to head (row finished ahead of column):")
        lines.append(" " * first + "".join(f"{h:>{cell}}" for h in heads))
        for a, label in zip(names, labels):
            cells = "".join(f"{pairs[a][b]:>{cell}.0%}" if b in pairs[a] else f"{'-':>{cell}}" for b in names)
            lines.append(f"{label:<{first}}{cells}")
        for (bot, reason, message), seeds in self._grouped_errors().items():
            lines.append(f"error: {bot} failed {len(seeds)} time(s) ({_reason_words(reason)}): {message} "
                         f"(seeds {', '.join(map(str, seeds[:3]))}{', ...' if len(seeds) > 3 else ''})")
        lines += [f"note: {note}" for note in self.notes]
        return "\n".join(lines)

    def _grouped_errors(self) -> dict[tuple[str, str, str], list[int]]:
        groups: dict[tuple[str, str, str], list[int]] = {}
        for e in self.errors:
            groups.setdefault((e["bot"], e.get("reason", "crash"), e["message"]), []).append(e["seed"])
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
        errors = "".join(f"<li>{escape(bot)} failed {len(seeds)} time(s) ({_reason_words(reason)}): "
                         f"{escape(message)}</li>" for (bot, reason, message), seeds in self._grouped_errors().items())
        notes = "".join(f"<p><i>Note: {escape(note)}</i></p>" for note in self.notes)
        return (f"<p><b>Tournament</b>: {escape(self.game)}, {self.players} players, {len(self.games)} games</p>"
                f"<table><tr>{head}</tr>{body}</table>" + (f"<p>Errors:</p><ul>{errors}</ul>" if errors else "")
                + notes)

    def plot(self, ax: Any = None) -> Any:
        """A bar chart of win rates with their 95 % intervals (matplotlib); returns the axes.

        Long names are wrapped, and tilted when there are many bots, so the labels never overlap.
        """
        from archeo_lab.browser import require_plots

        plt = require_plots()   # matplotlib, or a clear message where it cannot load

        rows = self.table
        created = ax is None
        if created:
            _, ax = plt.subplots(figsize=(max(4.5, 1.3 * len(rows)), 3.4))
        rates = [r["win_rate"] for r in rows]
        errs = [[r["win_rate"] - r["ci95"][0] for r in rows], [r["ci95"][1] - r["win_rate"] for r in rows]]
        ax.bar(range(len(rows)), rates, yerr=errs, capsize=4, color="#b5651d")
        ax.set_xticks(range(len(rows)))
        ax.set_xticklabels([textwrap.fill(r["bot"], 14, break_long_words=False) for r in rows], fontsize=9)
        ax.axhline(1 / self.players, color="grey", lw=0.8, ls="--", label="fair share")
        ax.set_ylim(0, 1)
        ax.set_ylabel("win rate")
        ax.set_title(f"{self.game}: {len(self.games)} games, {self.players} players")
        ax.legend()
        labels_height = _fit_labels(ax)
        if created:                      # the bars keep their height above long, upright labels
            ax.figure.set_figheight(3.2 + labels_height)
            ax.figure.tight_layout()
        return ax


def _fit_labels(ax: Any) -> float:
    """Tilt the x labels (30 degrees, then upright) until no two of them overlap when drawn; returns
    the height the labels take, in inches."""
    labels = ax.get_xticklabels()
    for rotation, align in ((0, "center"), (30, "right"), (90, "center")):
        for label in labels:
            label.set_rotation(rotation)
            label.set_horizontalalignment(align)
        renderer = ax.figure.canvas.get_renderer()
        boxes = [label.get_window_extent(renderer) for label in labels]
        if not any(a.x1 > b.x0 and b.x1 > a.x0 for a, b in zip(boxes, boxes[1:])):
            break
    return max((b.height for b in boxes), default=0.0) / ax.figure.dpi


def _reason_words(reason: str) -> str:
    from archeo_lab.bots.isolation import REASONS

    return REASONS.get(reason, reason)


def _labels(bots: Sequence[Any] | Mapping[str, Any]) -> tuple[list[str], list[Any]]:
    from archeo_lab import bots as registry

    if isinstance(bots, Mapping):
        return [str(k) for k in bots], list(bots.values())
    labels, entries = [], []
    for entry in bots:
        base = registry.describe(entry)
        label, n = base, 2
        while label in labels:
            label, n = f"{base} #{n}", n + 1
        labels.append(label)
        entries.append(entry)
    return labels, entries


#: A game's or a bot's seed has this many bits: too many to try them all against what a bot sees of the deal
#: (31 bits could be searched by native code in a few minutes), and few enough for JavaScript's exact integers.
SEED_BITS = 53


def _derived(seed: int, *parts: Any) -> int:
    """A ``SEED_BITS``-bit seed from the tournament's seed and what it is for (the seated bots' names, the game
    number): the same whatever other bots entered or in which order the games are played."""
    digest = hashlib.blake2b(repr((seed, *parts)).encode(), digest_size=8, person=b"archeo-tourney").digest()
    return int.from_bytes(digest, "big") % (1 << SEED_BITS)


class _Referee:
    """Plays tournament games: the rules, the scores and the built-in bots live here; learners' bots
    play through ``IsolatedBot`` (one per bot, reused from game to game, a fresh bot each game)."""

    def __init__(self, entries: list[Any], labels: list[str], time_limit: float, memory_limit: float | None,
                 isolate: bool):
        from archeo_lab.bots.isolation import IsolatedBot

        self.kinds: list[tuple] = []
        for label, entry in zip(labels, entries):
            if isinstance(entry, str):
                self.kinds.append(("builtin", entry))
            elif isinstance(entry, IsolatedBot):
                source = entry.path if entry.path is not None else entry.source
                self.kinds.append(("learner", source, isolate or entry.path is not None))
            elif callable(getattr(entry, "choose", None)):
                self.kinds.append(("learner", entry, isolate))
            else:
                raise TypeError(f"{label}: a bot is a name, a bot file or an object with choose(state), "
                                f"not {quote(entry)}")
        self.labels, self.time_limit, self.memory_limit = labels, time_limit, memory_limit
        self.proxies: dict[int, Any] = {}

    def proxy(self, index: int):
        from archeo_lab.bots.isolation import IsolatedBot

        bot = self.proxies.get(index)
        if bot is None:
            _, source, isolate = self.kinds[index]
            bot = self.proxies[index] = IsolatedBot(source, name=self.labels[index], time_limit=self.time_limit,
                                                    memory_limit=self.memory_limit, isolate=isolate)
        return bot

    def notes(self) -> list[str]:
        return sorted({f"{bot.name}: {bot.note}" for bot in self.proxies.values() if bot.note})

    def seat(self, index: int, seed: int) -> Any:
        """The bot of entry ``index`` for one game, seeded with ``seed``."""
        from archeo_lab import bots as registry

        kind = self.kinds[index]
        if kind[0] == "builtin":
            return registry.make(kind[1], seed=seed)
        bot = self.proxy(index)
        bot.new_game(seed)
        return bot

    def play(self, task: tuple) -> dict:
        """One game: ``(game, players, variant, seed, seat labels, entry indices, bot seeds)``."""
        from archeo_lab.bots.isolation import BotForfeit

        key, players, variant, seed, seats, indices, bot_seeds = task
        state = get_game(key).new_state(players=players, seed=seed, variant=variant)
        record = {"seed": seed, "seats": list(seats), "scores": None, "shares": [0.0] * players, "errors": [],
                  "actions": 0}
        bots = [self.seat(i, s) for i, s in zip(indices, bot_seeds)]

        def forfeit(*failed: tuple[int, str, str]) -> dict:
            """Each (seat, reason, message) forfeits: no win share for them; the other seats share the win."""
            record["errors"] = [{"bot": seats[s], "reason": r, "message": m} for s, r, m in failed]
            out = {seat for seat, _, _ in failed}
            others = [s for s in range(players) if s not in out]
            record["shares"] = [1 / len(others) if s in others else 0.0 for s in range(players)]
            return record

        # A bot that cannot load never came to the table: every such seat forfeits before the first move.
        absent = [(seat, *why) for seat, i in enumerate(indices)
                  if self.kinds[i][0] == "learner" and (why := bots[seat].ready(key))]
        if absent:
            return forfeit(*absent)

        while not state.is_terminal:
            seat = state.current_player
            if record["actions"] >= MAX_ACTIONS:
                return forfeit((seat, "time", f"the game did not end after {MAX_ACTIONS} actions"))
            # Bots see a determinized copy: hidden cards and bids resampled, nothing of the real deal.
            view = state.determinize(seat, Rng(bot_seeds[seat] + record["actions"]))
            try:
                action = bots[seat].choose(view)
            except BotForfeit as exc:
                return forfeit((seat, exc.reason, exc.detail))
            except Exception as exc:      # a built-in bot's own error
                return forfeit((seat, "crash", _error_text(exc)))
            try:
                state.apply(action)
            except IllegalAction as exc:
                return forfeit((seat, "illegal", f"{quote(action)}: {exc}"))
            record["actions"] += 1
        winners = state.winners()
        record["scores"] = state.scores()
        record["shares"] = [1 / len(winners) if s in winners else 0.0 for s in range(players)]
        return record

    def close(self) -> None:
        for bot in self.proxies.values():
            bot.close()
        self.proxies.clear()


def _error_text(exc: BaseException) -> str:
    message = f"{type(exc).__name__}: {exc}"
    where = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
    if where is not None:
        message += f" ({where.name}, line {where.lineno})"
    return message


#: The referee of the worker processes when ``processes > 1`` (inherited by fork, one per worker).
_POOL_REFEREE: _Referee | None = None


def _pool_play(task: tuple) -> tuple[dict, list[str]]:
    """One game in a worker process of the pool; its learners' workers stop when it exits."""
    referee = _POOL_REFEREE
    if not getattr(referee, "closing", False):
        from multiprocessing import util

        referee.closing = util.Finalize(referee, referee.close, exitpriority=10)
    return referee.play(task), referee.notes()


def _parallel_ok() -> bool:
    return sys.platform != "emscripten" and "pyodide" not in sys.modules


def tournament(game: str, bots: Sequence[Any] | Mapping[str, Any], *, games: int = 10, seed: int = 0,
               players: int | None = None, variant: str | None = None, processes: int = 1,
               progress: Callable[[int, int], None] | None = None, time_limit: float = 1.0,
               memory_limit: float | None = 512, isolate: bool = True) -> TournamentResult:
    """Round robin over groups of bots and over the rotations of their seats.

    Parameters
    ----------
    game : str
        A registered game key.
    bots : list or dict
        Bot names, learners' bot files (``load_bots``) or objects with ``choose(state)``; a dict
        gives each its label.
    games : int
        Games per group and seating.
    seed : int
        Seeds every game and bot (derived from it and the seated bots' names).
    players : int, optional
        Seats per game (default: the game's minimum).
    processes : int
        Games played at once, each in a worker process (``fork``; played one by one where it cannot
        run, as in Pyodide or on Windows, with a note).
    progress : callable, optional
        Called as ``progress(done, total)`` after each game.
    time_limit : float
        Seconds a learner's bot may take for a move (default 1); slower forfeits the game.
    memory_limit : float or None
        MiB a learner's bot may use beyond the engine (default 512), where the system allows.
    isolate : bool
        Learners' objects play from worker processes (default).  ``False`` runs them in this process
        (trusted bots: faster, not protected against); files always load in a worker where there
        are processes.  Built-in bots always play here.
    """
    g = get_game(game)
    players = g.check_players(players)
    variant = g.check_variant(variant)
    labels, entries = _labels(bots)
    if len(labels) < players:
        raise ValueError(f"a {players}-player tournament needs at least {players} bots, got {len(labels)}")
    if not (isinstance(time_limit, (int, float)) and time_limit > 0):
        raise ValueError(f"time_limit must be a number of seconds > 0, not {time_limit!r}")
    from archeo_lab import bots as registry

    for entry in entries:                 # an unknown name stops here, before any game
        if isinstance(entry, str):
            registry.make(entry, seed=0)
    referee = _Referee(entries, labels, time_limit, memory_limit, isolate)
    tasks = []
    for group in itertools.combinations(range(len(labels)), players):
        for shift in range(players):
            seating = group[shift:] + group[:shift]
            names = tuple(labels[i] for i in seating)
            for k in range(games):
                tasks.append((g.key, players, variant, _derived(seed, "game", names, k), names, seating,
                              tuple(_derived(seed, "bot", names, k, s) for s in range(players))))
    result = TournamentResult(game=g.key, players=players, bots=labels, seed=seed)
    total = len(tasks)
    notes: set[str] = set()
    if processes > 1:
        import multiprocessing

        try:
            context = multiprocessing.get_context("fork") if _parallel_ok() else None
        except ValueError:
            context = None
        if context is None:
            notes.add(f"processes={processes} was ignored: no worker processes can be forked here, "
                      "so the games were played one by one")
        else:
            global _POOL_REFEREE
            _POOL_REFEREE = referee
            pool = context.Pool(processes)
            try:
                for done, (record, pool_notes) in enumerate(pool.imap(_pool_play, tasks), start=1):
                    result.games.append(record)
                    notes.update(pool_notes)
                    if progress:
                        progress(done, total)
                pool.close()
                pool.join()
            finally:
                pool.terminate()
                _POOL_REFEREE = None
            result.notes = sorted(notes)
            return result
    try:
        for done, task in enumerate(tasks, start=1):
            result.games.append(referee.play(task))
            if progress:
                progress(done, total)
        notes.update(referee.notes())
    finally:
        referee.close()
    result.notes = sorted(notes)
    return result
