"""Is one bot really better than another?  Exact tests for tournament results.

Two 95 % confidence intervals that overlap do **not** show that two win rates
are equal, and intervals that do not overlap are a needlessly strict test: the
interval of a *difference* is narrower than the two intervals side by side
(Schenker & Gentleman, "On judging the significance of differences by
examining the overlap between confidence intervals", The American
Statistician 55, 2001).  The right question for two bots of a tournament is
asked of the games they played **against each other**: in how many did ``a``
finish ahead of ``b``?  If the bots were equally strong, each decided game
would go either way with probability 1/2, so the count of ``a``'s wins among
the decided games is binomial: the **sign test** (an exact binomial test).

>>> binomial_test(9, 10)               # 9 wins in 10 decided games: two-sided p-value
Fraction(11, 512)
>>> float(binomial_test(7, 10))
0.34375
>>> sign_test(wins=9, losses=1, ties=3).p_value
Fraction(11, 512)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

from .normal_form import exact

__all__ = ["binomial_pmf", "binomial_test", "sign_test", "SignTest", "head_to_head"]


def binomial_pmf(k: int, n: int, p=Fraction(1, 2)) -> Fraction:
    """``P(X = k)`` for ``X ~ Binomial(n, p)``, exactly.

    >>> binomial_pmf(2, 4)
    Fraction(3, 8)
    """
    p = exact(p, "p")
    if not 0 <= k <= n:
        return Fraction(0)
    return comb(n, k) * p ** k * (1 - p) ** (n - k)


def binomial_test(successes: int, trials: int, p=Fraction(1, 2), alternative: str = "two-sided") -> Fraction:
    """Exact p-value of ``successes`` in ``trials`` under ``Binomial(trials, p)``.

    ``two-sided``: the probability of every outcome no more likely than the one observed (the
    method of R's ``binom.test`` and SciPy's ``binomtest``); ``greater`` / ``less``: the
    probability of at least / at most that many successes.

    >>> binomial_test(8, 10, alternative="greater")
    Fraction(7, 128)
    """
    for name, value in (("successes", successes), ("trials", trials)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name} must be a whole number >= 0, not {value!r}")
    if successes > trials:
        raise ValueError(f"successes ({successes}) cannot exceed trials ({trials})")
    p = exact(p, "p")
    if not 0 <= p <= 1:
        raise ValueError(f"p must be a probability, not {p}")
    probs = [binomial_pmf(k, trials, p) for k in range(trials + 1)]
    if alternative == "greater":
        return sum(probs[successes:], Fraction(0))
    if alternative == "less":
        return sum(probs[:successes + 1], Fraction(0))
    if alternative != "two-sided":
        raise ValueError("alternative must be 'two-sided', 'greater' or 'less'")
    observed = probs[successes]
    return min(Fraction(1), sum((q for q in probs if q <= observed), Fraction(0)))


@dataclass(frozen=True)
class SignTest:
    """Head-to-head counts and the exact two-sided sign test on the decided games (ties left out)."""

    wins: int
    losses: int
    ties: int
    p_value: Fraction

    @property
    def decided(self) -> int:
        return self.wins + self.losses

    def significant(self, level=Fraction(5, 100)) -> bool:
        """True if the p-value is at most ``level`` (5 % by default)."""
        return self.p_value <= exact(level, "level")

    def __str__(self) -> str:
        p = float(self.p_value)
        shown = f"{p:.4f}" if p >= 0.0001 else f"{p:.1e}"      # never "0.0000": a p-value is never 0
        return (f"{self.wins} wins, {self.losses} losses, {self.ties} ties; sign test on the {self.decided} "
                f"decided games: p = {shown}")


def sign_test(wins: int, losses: int, ties: int = 0) -> SignTest:
    """The sign test of ``wins`` against ``losses`` (``ties`` are reported, not counted)."""
    return SignTest(wins, losses, ties, binomial_test(wins, wins + losses))


def head_to_head(result: Any, a: str, b: str) -> SignTest:
    """Games of a tournament where bots ``a`` and ``b`` both played: how often ``a`` finished ahead.

    Ahead means a larger share of the win, then (on equal shares) a higher score; equal on both is
    a tie.  ``result`` is a ``TournamentResult`` (its ``games`` records: ``seats``, ``shares``,
    ``scores``).
    """
    bots = list(getattr(result, "bots", []))
    for name in (a, b):
        if name not in bots:
            raise ValueError(f"no bot {name!r} in this tournament; the bots are: {', '.join(bots)}")
    if a == b:
        raise ValueError("compare two different bots")
    wins = losses = ties = 0
    for g in result.games:
        if a not in g["seats"] or b not in g["seats"]:
            continue
        i, j = g["seats"].index(a), g["seats"].index(b)
        scores = g.get("scores")
        key_a = (g["shares"][i], scores[i] if scores else 0)
        key_b = (g["shares"][j], scores[j] if scores else 0)
        if key_a > key_b:
            wins += 1
        elif key_a < key_b:
            losses += 1
        else:
            ties += 1
    return sign_test(wins, losses, ties)
