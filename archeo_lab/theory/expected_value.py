"""Expected value, variance and the classic distributions, exactly (fractions) where possible.

A distribution is a dict ``{outcome: probability}``.

>>> coin = {0: Fraction(1, 2), 1: Fraction(1, 2)}
>>> expectation(coin), variance(coin)
(Fraction(1, 2), Fraction(1, 4))
>>> hypergeometric(population=10, successes=3, draws=2)[1]
Fraction(7, 15)
>>> expectation(binomial(4, Fraction(1, 2)))
Fraction(2, 1)
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from collections.abc import Callable, Mapping

__all__ = ["expectation", "variance", "hypergeometric", "binomial", "convolve", "transform", "Fraction"]


def expectation(dist: Mapping, value: Callable | None = None):
    """Mean of ``value(outcome)`` (default: the outcome itself) under ``dist``."""
    return sum(p * (value(x) if value else x) for x, p in dist.items())


def variance(dist: Mapping, value: Callable | None = None):
    """Variance of ``value(outcome)`` under ``dist``."""
    mean = expectation(dist, value)
    return sum(p * ((value(x) if value else x) - mean) ** 2 for x, p in dist.items())


def hypergeometric(population: int, successes: int, draws: int) -> dict[int, Fraction]:
    """How many successes in ``draws`` cards drawn without replacement from a pile (exact)."""
    total = comb(population, draws)
    return {k: Fraction(comb(successes, k) * comb(population - successes, draws - k), total)
            for k in range(max(0, draws - (population - successes)), min(draws, successes) + 1)}


def binomial(n: int, p) -> dict[int, Fraction]:
    """How many successes in ``n`` independent trials of probability ``p`` (a Fraction stays exact)."""
    return {k: comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)}


def convolve(a: Mapping, b: Mapping) -> dict:
    """The distribution of the sum of two independent outcomes."""
    out: dict = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, 0) + p * q
    return dict(sorted(out.items()))


def transform(dist: Mapping, f: Callable) -> dict:
    """The distribution of ``f(outcome)``."""
    out: dict = {}
    for x, p in dist.items():
        y = f(x)
        out[y] = out.get(y, 0) + p
    return out
