"""Bot strength, thinking time and the strength ladder: the search bot's bars of issue 18, every game.

What is measured (every registered game, or ``--game``)
    duel     the search bot at the default level (``--bot``, ``mcts:medium``)
             against greedy, two players, seats alternating, game seeds
             0..``--games``-1 (the search bot's seed is 1000 + the game seed).
    multi    the same bot in one seat against greedy bots in every other seat,
             3 and 4 players where the game allows them, its seat rotating,
             ``--multi-games`` games per player count.
    hard     ``mcts:hard`` against ``mcts:medium``, two players, seats
             alternating, ``--hard-games`` games.
    ladder   a round robin of random, greedy and every search level, two
             players, seats alternating, ``--ladder-games`` games per pair; Elo
             ratings by maximum likelihood with random = 0
             (``archeo_lab.bots.ladder.elo_ratings``), printed and drawn as
             ``build/bench/ladder.svg``.
    timing   every search decision of the games above is timed; per game and
             level: decisions, median, p95 and max seconds, and the share in
             which the nominal search (the level's iterations) completed before
             the level's time cap.

How to read it
    A game's score is 1 for a sole win, 1/k for a k-way shared win.  Win rates
    come with a 95 % Wilson interval.  The bars (issue 18): at least 75 % of
    two-player games against greedy with the Wilson lower bound above 50 %
    (at least 40 games); more than 1.5 times the fair share (1/n) with n
    players; the hard level scores at least 60 % against the default; p95
    decision time within the level's cap and no decision more than 10 % over
    it; the nominal search completes in at least 90 % of the default level's
    decisions.  Other processes slow decisions down (never the play, unless
    the cap cuts a search): run it alone, or under ``flock``.

Run it with ``make bench``, or ``.venv/bin/python benchmarks/strength.py --only duel --games 40 --game cibola``.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import archeo_lab as al
from archeo_lab import bots
from archeo_lab.bots.ladder import elo_ratings
from archeo_lab.theory.tournaments import wilson_interval
from _common import percentile, print_machine, write_json

SECTIONS = ("duel", "multi", "hard", "ladder")
LADDER = ("random", "greedy", "mcts:easy", "mcts:medium", "mcts:hard")
SEARCH_SEED = 1000     # a search bot's seed is this plus the game's seed


class Timed:
    """Wraps a search bot and records each decision: seconds, and whether the nominal search completed."""

    def __init__(self, bot):
        self.bot, self.name = bot, bots.describe(bot)
        self.decisions: list[tuple[float, bool]] = []

    def choose(self, state):
        start = time.perf_counter()
        action = self.bot.choose(state)
        seconds = time.perf_counter() - start
        search = getattr(self.bot, "last_search", None)
        if search is not None and search.get("iterations"):       # forced moves are not searches
            self.decisions.append((seconds, bool(search.get("completed", True))))
        return action

    def reseed(self, seed: int) -> None:
        self.bot.reseed(seed)


class Log:
    """Every search decision, per (game, level), gathered over every section."""

    def __init__(self):
        self.seated: list[tuple[str, str, Timed]] = []

    def seat(self, game: str, spec: str, seed: int):
        """The bot ``spec`` for a game with seed ``seed``; search bots are timed."""
        bot = bots.make(spec, seed=SEARCH_SEED + seed)
        if not spec.startswith("mcts"):
            return bot
        timed = Timed(bot)
        self.seated.append((game, spec, timed))
        return timed

    @property
    def times(self) -> dict[tuple[str, str], list[tuple[float, bool]]]:
        out: dict[tuple[str, str], list[tuple[float, bool]]] = {}
        for game, spec, timed in self.seated:
            out.setdefault((game, spec), []).extend(timed.decisions)
        return out


def play(game: str, seats: list[str], seed: int, log: Log) -> list[float]:
    """One game with ``seats[i]`` at seat i; each seat's score (1/k for a k-way shared win)."""
    opponents = {s: log.seat(game, spec, seed) for s, spec in enumerate(seats)}
    match = al.Match(game, players=len(seats), seed=seed, opponents=opponents)
    winners = match.state.winners()
    return [(s in winners) / len(winners) for s in range(len(seats))]


def head_to_head(game: str, bot: str, against: str, games: int, log: Log) -> dict:
    """``bot`` against ``against``, two players, seats alternating, seeds 0..games-1."""
    score = 0.0
    for seed in range(games):
        seat = seed % 2
        seats = [bot, against] if seat == 0 else [against, bot]
        score += play(game, seats, seed, log)[seat]
    low, high = wilson_interval(score, games)
    return {"game": game, "bot": bot, "against": against, "players": 2, "games": games, "score": score,
            "win_rate": score / games, "ci95": [low, high], "seeds": [0, games - 1]}


def crowd(game: str, bot: str, players: int, games: int, log: Log) -> dict:
    """``bot`` in one seat (rotating) against greedy bots in the others."""
    score = 0.0
    for seed in range(games):
        seat = seed % players
        seats = ["greedy"] * players
        seats[seat] = bot
        score += play(game, seats, seed, log)[seat]
    low, high = wilson_interval(score, games)
    return {"game": game, "bot": bot, "against": "greedy", "players": players, "games": games, "score": score,
            "win_rate": score / games, "ci95": [low, high], "fair_share": 1 / players, "seeds": [0, games - 1]}


def pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def print_match(r: dict) -> None:
    print(f"  {r['game']:<9} {r['bot']:>12} vs {r['against']:<12} {r['players']}p {r['games']:>4} games "
          f"(seeds {r['seeds'][0]}-{r['seeds'][1]}): score {r['score']:g} = {pct(r['win_rate'])} "
          f"(95% CI {pct(r['ci95'][0])}-{pct(r['ci95'][1])})", flush=True)


def ladder_svg(ratings: dict[str, dict[str, float]], path: Path) -> None:
    """A small bar chart by hand: one group per game, one bar per bot, the Elo rating (random = 0)."""
    names = list(LADDER)
    colours = ["#999999", "#4c72b0", "#dd8452", "#55a868", "#c44e52"]
    games = list(ratings)
    top = max([max(r.values()) for r in ratings.values()] + [100.0])
    low = min([min(r.values()) for r in ratings.values()] + [0.0])
    width, height, left, bottom, top_pad = max(520, 180 + 150 * len(games)), 320, 60, 40, 40
    plot_h = height - bottom - top_pad

    def y(v: float) -> float:
        return top_pad + plot_h * (top - v) / (top - low)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'font-family="sans-serif" font-size="11">',
           f'<text x="{left}" y="16" font-size="13">Elo ratings per game (random = 0), benchmarks/strength.py</text>',
           f'<line x1="{left}" x2="{width - 110}" y1="{y(0):.1f}" y2="{y(0):.1f}" stroke="#333"/>']
    step = 200 if top - low > 600 else 100
    v = step * (low // step)
    while v <= top:
        out.append(f'<text x="{left - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{v:.0f}</text>'
                   f'<line x1="{left}" x2="{width - 110}" y1="{y(v):.1f}" y2="{y(v):.1f}" stroke="#ddd"/>')
        v += step
    for g, game in enumerate(games):
        x0 = left + 10 + 150 * g
        for b, name in enumerate(names):
            if name not in ratings[game]:
                continue
            r = ratings[game][name]
            y1, y2 = sorted((y(0), y(r)))
            out.append(f'<rect x="{x0 + 26 * b}" y="{y1:.1f}" width="22" height="{max(y2 - y1, 1):.1f}" '
                       f'fill="{colours[b]}"><title>{name}: {r:.0f}</title></rect>'
                       f'<text x="{x0 + 26 * b + 11}" y="{y1 - 3:.1f}" text-anchor="middle" font-size="9">'
                       f'{r:.0f}</text>')
        out.append(f'<text x="{x0 + 65}" y="{height - bottom + 16}" text-anchor="middle">{game}</text>')
    for b, name in enumerate(names):
        out.append(f'<rect x="{width - 100}" y="{top_pad + 18 * b}" width="12" height="12" fill="{colours[b]}"/>'
                   f'<text x="{width - 84}" y="{top_pad + 18 * b + 10}">{name}</text>')
    out.append("</svg>")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(out) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40, help="duel games per game (40)")
    parser.add_argument("--multi-games", type=int, default=12, help="games per game and player count (12)")
    parser.add_argument("--hard-games", type=int, default=20, help="hard against default, games per game (20)")
    parser.add_argument("--ladder-games", type=int, default=4, help="ladder games per pair and game (4)")
    parser.add_argument("--bot", default="mcts:medium", help="the default level (mcts:medium)")
    parser.add_argument("--only", action="append", choices=SECTIONS, help="only these sections (repeatable)")
    parser.add_argument("--game", action="append", choices=[g.key for g in al.list_games()],
                        help="only these games (repeatable)")
    parser.add_argument("--svg", default="build/bench/ladder.svg", help="where the ladder is drawn")
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON to PATH")
    args = parser.parse_args(argv)
    sections = args.only or list(SECTIONS)
    games = [g for g in al.list_games() if not args.game or g.key in args.game]
    info = print_machine()
    started = time.perf_counter()
    log = Log()
    result: dict = {"machine": info, "duel": [], "multi": [], "hard": [], "ladder": {}, "timing": []}
    bars: list[tuple[str, bool, str]] = []

    if "duel" in sections:
        print(f"\nduel: {args.bot} against greedy, 2 players, seats alternating")
        for game in games:
            r = head_to_head(game.key, args.bot, "greedy", args.games, log)
            result["duel"].append(r)
            print_match(r)
            ok = r["win_rate"] >= 0.75 and r["ci95"][0] > 0.5 and r["games"] >= 40
            bars.append((f"{r['game']} {args.bot} wins >= 75 % of >= 40 two-player games against greedy, "
                         f"Wilson lower bound > 50 %", ok,
                         f"{pct(r['win_rate'])} of {r['games']}, lower bound {pct(r['ci95'][0])}"))
    if "multi" in sections:
        print(f"\nmulti: {args.bot} in one seat (rotating), greedy in the others")
        for game in games:
            for players in (3, 4):
                if not game.min_players <= players <= game.max_players:
                    continue
                r = crowd(game.key, args.bot, players, args.multi_games, log)
                result["multi"].append(r)
                print_match(r)
                bars.append((f"{r['game']} {args.bot} scores > 1.5 x its fair share with {players} players "
                             f"(> {pct(1.5 / players)})", r["win_rate"] > 1.5 / players, pct(r["win_rate"])))
    if "hard" in sections:
        print(f"\nhard: mcts:hard against {args.bot}, 2 players, seats alternating")
        for game in games:
            r = head_to_head(game.key, "mcts:hard", args.bot, args.hard_games, log)
            result["hard"].append(r)
            print_match(r)
            bars.append((f"{r['game']} mcts:hard scores >= 60 % against {args.bot}", r["win_rate"] >= 0.6,
                         f"{pct(r['win_rate'])} of {r['games']}"))
    if "ladder" in sections:
        print(f"\nladder: round robin of {', '.join(LADDER)}, 2 players, {args.ladder_games} games per pair "
              f"(seeds 0-{args.ladder_games - 1}, seats alternating); Elo by maximum likelihood, random = 0, "
              "one virtual draw per pair")
        ratings = {}
        for game in games:
            table = {}
            for i, a in enumerate(LADDER):
                for b in LADDER[i + 1:]:
                    r = head_to_head(game.key, a, b, args.ladder_games, log)
                    table[(a, b)] = (r["score"], r["games"])
            ratings[game.key] = elo_ratings(table, anchor="random")
            result["ladder"][game.key] = {"ratings": ratings[game.key],
                                          "table": [[a, b, s, n] for (a, b), (s, n) in table.items()]}
            print(f"  {game.key:<9} " + "  ".join(f"{n} {ratings[game.key][n]:+.0f}" for n in LADDER), flush=True)
        svg = Path(args.svg)
        ladder_svg(ratings, svg)
        print(f"  ladder drawn in {svg}")

    print("\ntiming: every search decision above (forced moves excluded)")
    print(f"  {'game':<9} {'level':<12} {'cap':>5} {'decisions':>9} {'median':>8} {'p95':>8} {'max':>8} "
          f"{'completed':>9}")
    for (game, spec), rows in sorted(log.times.items()):
        if not rows:
            continue
        seconds = [s for s, _ in rows]
        done = sum(c for _, c in rows) / len(rows)
        level = spec.split(":", 1)[1] if ":" in spec else "medium"
        cap = bots.LEVELS[level][3]
        t = {"game": game, "bot": spec, "cap_s": cap, "decisions": len(rows), "median_s": percentile(seconds, 50),
             "p95_s": percentile(seconds, 95), "max_s": max(seconds), "completed": done}
        result["timing"].append(t)
        print(f"  {game:<9} {spec:<12} {cap:>4}s {len(rows):>9} {t['median_s'] * 1000:>6.0f}ms "
              f"{t['p95_s'] * 1000:>6.0f}ms {t['max_s'] * 1000:>6.0f}ms {pct(done):>9}")
        bars.append((f"{game} {spec} p95 decision within its {cap} s cap and none over it by more than 10 %",
                     t["p95_s"] <= cap and t["max_s"] <= 1.1 * cap,
                     f"p95 {t['p95_s'] * 1000:.0f} ms, max {t['max_s'] * 1000:.0f} ms"))
        if spec == args.bot:
            bars.append((f"{game} {spec} completes its nominal search in >= 90 % of decisions", done >= 0.9,
                         pct(done)))
    print()
    for text, ok, figure in bars:
        print(f"bar: {text}: {'PASS' if ok else 'FAIL'} ({figure})")
    print(f"\n{time.perf_counter() - started:.0f} s in all")
    write_json(args.json, result)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
