"""Quetzal: the meeple toss as data: its outcomes with their probabilities, exact counts and a sampler.

Every meeple is tossed at the start of a round ("Nombre de joueurs"): black face = adventurer,
white face = archaeologist, on its side or standing = either (chosen at placement), and each
standing meeple pays 1 gold at once.  The probabilities come from ``components.TOSS_ODDS`` (a
reconstruction, kept in that one place); every function here also takes ``odds=`` so a lesson
can ask "what if meeples stood up more often?" without touching the game.

>>> chance_outcomes()
[('black', Fraction(2, 5)), ('white', Fraction(2, 5)), ('side', Fraction(3, 20)), ('standing', Fraction(1, 20))]
>>> face_probability(("black", "side", "standing"))      # a team meeple that can be an adventurer
Fraction(3, 5)
>>> exactly(2, 4, ("black",))                            # exactly 2 black faces among 4 meeples
Fraction(216, 625)
"""

from __future__ import annotations

from fractions import Fraction
from math import comb, lcm
from collections.abc import Iterable, Mapping

from .components import FACES, TOSS_ODDS

__all__ = [
    "ADVENTURER_FACES", "ARCHAEOLOGIST_FACES", "chance_outcomes", "face_probability", "count_distribution",
    "exactly", "at_least", "expected_count", "Sampler", "SAMPLER",
]

#: Faces a team meeple may count as an adventurer / an archaeologist with.
ADVENTURER_FACES = ("black", "side", "standing")
ARCHAEOLOGIST_FACES = ("white", "side", "standing")


def _odds(odds: Mapping[str, Fraction] | None) -> Mapping[str, Fraction]:
    table = TOSS_ODDS if odds is None else odds
    if set(table) != set(FACES) or sum(table.values()) != 1 or any(p < 0 for p in table.values()):
        raise ValueError(f"toss odds must give every face ({', '.join(FACES)}) a probability, adding up to 1")
    return table


def chance_outcomes(odds: Mapping[str, Fraction] | None = None) -> list[tuple[str, Fraction]]:
    """The toss of one meeple as ``[(face, probability)]``, OpenSpiel style."""
    table = _odds(odds)
    return [(face, Fraction(table[face])) for face in FACES]


def face_probability(faces: Iterable[str], odds: Mapping[str, Fraction] | None = None) -> Fraction:
    """Probability that one tossed meeple lands on one of ``faces``."""
    table = _odds(odds)
    faces = set(faces)
    unknown = faces - set(FACES)
    if unknown:
        raise ValueError(f"unknown face(s) {', '.join(sorted(unknown))}; the faces are {', '.join(FACES)}")
    return sum((Fraction(table[f]) for f in faces), Fraction(0))


def count_distribution(n: int, faces: Iterable[str], odds: Mapping[str, Fraction] | None = None) -> list[Fraction]:
    """``P[k]`` = probability that exactly ``k`` of ``n`` tossed meeples land on one of ``faces``.

    The tosses are independent, so the count is binomial: ``C(n, k) p^k (1-p)^(n-k)``.

    >>> [str(p) for p in count_distribution(2, ("standing",))]
    ['361/400', '19/200', '1/400']
    """
    if not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be a whole number of meeples, not {n!r}")
    p = face_probability(faces, odds)
    return [comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


def exactly(k: int, n: int, faces: Iterable[str], odds: Mapping[str, Fraction] | None = None) -> Fraction:
    """Probability that exactly ``k`` of ``n`` meeples land on one of ``faces``."""
    dist = count_distribution(n, faces, odds)
    return dist[k] if 0 <= k <= n else Fraction(0)


def at_least(k: int, n: int, faces: Iterable[str], odds: Mapping[str, Fraction] | None = None) -> Fraction:
    """Probability that at least ``k`` of ``n`` meeples land on one of ``faces``.

    >>> at_least(0, 5, ("black",))
    Fraction(1, 1)
    """
    return sum(count_distribution(n, faces, odds)[max(k, 0):], Fraction(0))


def expected_count(n: int, faces: Iterable[str], odds: Mapping[str, Fraction] | None = None) -> Fraction:
    """Average number of ``n`` meeples landing on one of ``faces`` (``n p``).

    >>> expected_count(6, ("standing",))                 # gold from standing meeples, per round
    Fraction(3, 10)
    """
    return n * face_probability(faces, odds)


class Sampler:
    """Draws faces with a seeded ``engine.Rng``: one integer in ``range(denominator)`` per meeple.

    The odds become integer thresholds over their common denominator, so the draw is exact.

    >>> from archeo_lab.engine import Rng
    >>> SAMPLER.denominator, SAMPLER.toss(Rng(1)) in FACES
    (20, True)
    """

    __slots__ = ("faces", "bounds", "denominator", "lookup", "digits", "limit")

    def __init__(self, odds: Mapping[str, Fraction] | None = None):
        table = _odds(odds)
        self.denominator = lcm(*(Fraction(p).denominator for p in table.values()))
        if self.denominator > 1 << 20:
            raise ValueError("toss odds need a common denominator of at most 2**20 (use simpler fractions)")
        self.faces, self.bounds, total = [], [], 0
        for face in FACES:
            weight = Fraction(table[face]) * self.denominator
            if weight:
                total += int(weight)
                self.faces.append(face)
                self.bounds.append(total)
        self.lookup = [self._face(r) for r in range(self.denominator)]
        # One 64-bit draw gives ``digits`` independent base-``denominator`` digits: draws at or
        # above ``limit`` are rejected so that every digit stays exactly uniform.
        self.digits, power = 0, 1
        while power * self.denominator <= 1 << 64:
            power *= self.denominator
            self.digits += 1
        self.limit = power * ((1 << 64) // power)

    def _face(self, r: int) -> str:
        for face, bound in zip(self.faces, self.bounds):
            if r < bound:
                return face
        return self.faces[-1]

    def toss(self, rng) -> str:
        """One meeple's face."""
        return self.lookup[rng.below(self.denominator)]

    def toss_many(self, rng, n: int) -> list[str]:
        """``n`` meeples' faces, several per 64-bit draw (each exactly as likely as with ``toss``).

        >>> from archeo_lab.engine import Rng
        >>> faces = SAMPLER.toss_many(Rng(3), 7)
        >>> len(faces), set(faces) <= set(FACES)
        (7, True)
        """
        faces: list[str] = []
        lookup, base, digits, limit = self.lookup, self.denominator, self.digits, self.limit
        while len(faces) < n:
            x = rng.next64()
            if x >= limit:
                continue
            for _ in range(min(digits, n - len(faces))):
                x, r = divmod(x, base)
                faces.append(lookup[r])
        return faces


#: The sampler the game uses (built from ``components.TOSS_ODDS`` when the module loads).
SAMPLER = Sampler()
