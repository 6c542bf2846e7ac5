"""A small seeded random generator whose whole state is one integer.

Python's ``random`` only promises ``random()`` to stay the same across
versions, not ``shuffle``/``randrange``; golden playthroughs must replay the
same on CPython 3.10 and on Pyodide's 3.14.  SplitMix64 (Steele, Lea & Flood,
"Fast splittable pseudorandom number generators", OOPSLA 2014) is tiny, fast
enough for shuffles and tosses, and its state saves to JSON as one number.

A seed is hashed (BLAKE2b) into the starting state, so nearby seeds give
unrelated games: without it ``Rng(s + 1)`` would be ``Rng(s)`` advanced by one
draw, and a class experiment over ``range(N)`` would replay shifted copies of
the same deals.

>>> rng = Rng(7)
>>> [rng.below(6) for _ in range(5)]
[4, 1, 4, 4, 4]
>>> Rng(7).below(6) == Rng(7).below(6)
True
"""

from __future__ import annotations

import hashlib
import os
from itertools import permutations
from typing import Any, Generic, TypeVar
from collections.abc import Iterable, MutableSequence, Sequence

__all__ = ["Rng", "Orders", "fresh_seed", "seed_state"]

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def fresh_seed() -> int:
    """A random seed for a game started without one (it is recorded in the state)."""
    return int.from_bytes(os.urandom(4), "big")


def seed_state(seed: int) -> int:
    """The generator's starting state for ``seed``: a hash, so that seeds s and s + 1 are unrelated.

    Any integer works (negative or beyond 64 bits); the same seed gives the same state on every
    platform and Python version.
    """
    digest = hashlib.blake2b(str(seed).encode("ascii"), digest_size=8, person=b"archeo-lab-rng").digest()
    return int.from_bytes(digest, "big")


class Rng:
    """SplitMix64: ``state`` is the only field; ``Rng(seed)`` is deterministic."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0, *, state: int | None = None):
        if state is not None:
            self.state = state & _MASK
        else:
            if not isinstance(seed, int) or isinstance(seed, bool):
                raise TypeError(f"seed must be an int, not {type(seed).__name__}")
            self.state = seed_state(seed)

    def next64(self) -> int:
        """Return the next 64-bit output."""
        z = self.state = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below(n) needs n >= 1")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        """One element of a non-empty sequence, uniformly."""
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[Any]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def permute(self, seq: MutableSequence[Any]) -> None:
        """Shuffle in place, exactly uniform, with about one 64-bit draw per ten items.

        Fisher-Yates whose swap indices are the mixed-radix digits of one draw: each draw is
        accepted below a multiple of ``(i+1) i (i-1) ... (k+1)`` (rejection, as ``below`` does), so
        its digits ``x mod (i+1)``, ``x // (i+1) mod i``, ... are independent and uniform.  The same
        distribution as ``shuffle``, not the same results: set-ups keep ``shuffle`` (a saved seed
        deals what it dealt); the search's redraws of hidden cards, which nothing replays, and
        Quetzal's piles use this one.

        >>> items = list(range(30))
        >>> Rng(5).permute(items)
        >>> sorted(items) == list(range(30)) and items != list(range(30))
        True
        """
        plan = _PERMUTE_PLANS.get(len(seq))
        if plan is None:
            plan = _PERMUTE_PLANS[len(seq)] = _permute_plan(len(seq))
        next64 = self.next64
        for positions, limit in plan:
            x = next64()
            while x >= limit:
                x = next64()
            for i in positions:
                j = x % (i + 1)
                x //= i + 1
                seq[i], seq[j] = seq[j], seq[i]

    def spawn(self) -> Rng:
        """An independent child generator (for a bot or a determinization)."""
        child = Rng.__new__(Rng)                  # Rng(state=...) without __init__'s checks: a third of a spawn
        child.state = self.next64()               # 64 bits already
        return child

    def copy(self) -> Rng:
        """An independent generator in the same state (the same draws from here on)."""
        return Rng(state=self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"


#: The longest sequence ``Orders`` lists every order of (6! = 720 tuples).
ORDERS_MAX = 6


class Orders(Generic[T]):
    """Uniform random orders of a few fixed short sequences, drawn together, many times.

    Every order of each sequence is listed once (``itertools.permutations``: n! tuples, so at most
    ``ORDERS_MAX`` items a sequence), and ``draw(rng)`` picks one order of each, uniformly and
    independently: the picks are the mixed-radix digits of ``rng.below`` of the product of their
    counts, one draw for as many sequences as 64 bits hold (exact, as ``Rng.permute``).  What a
    search redraws thousands of times from one position (Luxor's hidden tiles of each back number)
    then costs no swap in Python: each order is a ready tuple.

    >>> orders = Orders([(1, 2, 3), ("a", "b"), (7,)])
    >>> one, two, three = orders.draw(Rng(3))
    >>> sorted(one), sorted(two), three
    ([1, 2, 3], ['a', 'b'], (7,))
    >>> orders.draw(Rng(3)) == orders.draw(Rng(3))
    True
    """

    __slots__ = ("orders", "runs")

    def __init__(self, sequences: Iterable[Sequence[T]]):
        self.orders: list[list[tuple[T, ...]]] = []
        for seq in sequences:
            if len(seq) > ORDERS_MAX:
                raise ValueError(f"Orders lists every order of at most {ORDERS_MAX} items, not {len(seq)}")
            self.orders.append(list(permutations(seq)))
        #: (the sequences one draw orders, the product of their counts of orders); single orders need no draw.
        self.runs: list[tuple[tuple[int, ...], int]] = []
        members: list[int] = []
        total = 1
        for k, listed in enumerate(self.orders):
            if total * len(listed) > 1 << 64:
                self.runs.append((tuple(members), total))
                members, total = [], 1
            members.append(k)
            total *= len(listed)
        if members:
            self.runs.append((tuple(members), total))

    def draw(self, rng: Rng) -> list[tuple[T, ...]]:
        """One uniformly random order of each sequence, in the order they were given."""
        orders = self.orders
        out = []
        for members, total in self.runs:
            x = rng.below(total) if total > 1 else 0
            for k in members:
                listed = orders[k]
                x, digit = divmod(x, len(listed))
                out.append(listed[digit])
        return out


#: Length -> the draws of ``Rng.permute``: (the positions one draw fills, the draw's rejection limit).
_PERMUTE_PLANS: dict[int, list[tuple[tuple[int, ...], int]]] = {}


def _permute_plan(n: int) -> list[tuple[tuple[int, ...], int]]:
    """Positions n-1 down to 1 in runs whose ranges multiply to at most 2**64, with each run's limit."""
    plan, i = [], n - 1
    while i > 0:
        prod, k = 1, i
        while k > 0 and prod * (k + 1) <= 1 << 64:
            prod *= k + 1
            k -= 1
        plan.append((tuple(range(i, k, -1)), prod * ((1 << 64) // prod)))
        i = k
    return plan
