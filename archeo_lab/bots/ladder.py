"""Elo-style ratings from a round robin of bots: which opponent should a class play?

``elo_ratings(results)`` fits the Bradley-Terry model on the Elo scale (Elo,
*The Rating of Chessplayers*, 1978; Hunter, "MM algorithms for generalized
Bradley-Terry models", Annals of Statistics 32(1), 2004): a bot rated ``d``
points above another is expected to score ``1 / (1 + 10 ** (-d / 400))`` of
their games (200 points: about 76 %).  The ratings are the maximum-likelihood
fit to every game played, by Hunter's minorization-maximization iteration, and
are shifted so that the ``anchor`` (the random bot) is rated 0.

A bot that won (or lost) every game has no finite maximum-likelihood rating;
``prior_draws`` adds that many drawn games between every pair that met (1 by
default: a 40-0 record reads as a large but finite gap).  With
``prior_draws=0`` and a table the model fits exactly, the fit returns it:

>>> results = {("a", "b"): (75, 100), ("b", "c"): (75, 100), ("a", "c"): (90, 100)}
>>> r = elo_ratings(results, anchor="c", prior_draws=0)
>>> round(r["b"]), round(r["a"])
(191, 382)
"""

from __future__ import annotations

import math
from collections.abc import Mapping

__all__ = ["elo_ratings", "expected_score"]


def expected_score(difference: float) -> float:
    """The share of games a bot rated ``difference`` Elo points above its opponent is expected to score."""
    return 1.0 / (1.0 + 10.0 ** (-difference / 400.0))


def elo_ratings(results: Mapping[tuple[str, str], tuple[float, int]], anchor: str = "random",
                prior_draws: float = 1.0, tolerance: float = 1e-9, max_rounds: int = 100_000) -> dict[str, float]:
    """Maximum-likelihood Elo ratings from ``{(a, b): (score of a, games)}`` (a shared win counts 1/k).

    ``anchor`` is rated 0; every bot must be connected to it by games played.
    """
    games: dict[tuple[str, str], float] = {}
    score: dict[str, float] = {}
    for (a, b), (won, n) in results.items():
        if a == b:
            raise ValueError(f"a bot cannot play itself: {a!r}")
        if n < 0 or not 0 <= won <= n:
            raise ValueError(f"{a!r} against {b!r}: a score of {won} in {n} games is impossible")
        if n == 0:
            continue
        pair = (a, b) if a < b else (b, a)
        games[pair] = games.get(pair, 0.0) + n + prior_draws
        score[a] = score.get(a, 0.0) + won + prior_draws / 2
        score[b] = score.get(b, 0.0) + (n - won) + prior_draws / 2
    players = sorted(score)
    if anchor not in score:
        raise ValueError(f"the anchor {anchor!r} played no game; the bots are: {', '.join(players)}")
    _check_connected(players, games, anchor)
    for p in players:
        if score[p] <= 0 or score[p] >= sum(n for pair, n in games.items() if p in pair):
            raise ValueError(f"{p!r} won or lost every game: its rating is not finite (use prior_draws > 0)")
    opponents: dict[str, list[tuple[str, float]]] = {p: [] for p in players}
    for (a, b), count in games.items():
        opponents[a].append((b, count))
        opponents[b].append((a, count))
    strength = {p: 1.0 for p in players}       # gamma = 10 ** (rating / 400)
    for _ in range(max_rounds):
        new = {p: score[p] / sum(n / (strength[p] + strength[q]) for q, n in opponents[p]) for p in players}
        norm = new[anchor]
        new = {p: g / norm for p, g in new.items()}
        change = max(abs(math.log(new[p] / strength[p])) for p in players)
        strength = new
        if change < tolerance:
            break
    return {p: 400.0 * math.log10(strength[p]) for p in players}


def _check_connected(players: list[str], games: Mapping[tuple[str, str], float], anchor: str) -> None:
    """Every bot must reach the anchor through games played, or its rating means nothing."""
    reached, frontier = {anchor}, [anchor]
    while frontier:
        p = frontier.pop()
        for a, b in games:
            for x, y in ((a, b), (b, a)):
                if x == p and y not in reached:
                    reached.add(y)
                    frontier.append(y)
    missing = [p for p in players if p not in reached]
    if missing:
        raise ValueError(f"no games link {', '.join(missing)} to the anchor {anchor!r}")
