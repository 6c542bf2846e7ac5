"""Two-player normal-form games: best responses, dominance, Nash equilibria, Gambit export.

``NormalForm(A, B)`` holds the row player's payoffs ``A`` and the column
player's ``B`` (lists of lists of numbers; a zero-sum game needs only ``A``).
Payoffs are kept as exact fractions: an ``int`` or a ``Fraction`` as it is, a
``float`` or a ``Decimal`` as the decimal it prints as (``0.1`` is 1/10, ``10.75``
is 43/4), so a game typed from a table is the game the table shows.

Equilibria.  ``equilibria()`` returns **every extreme Nash equilibrium**, in
exact rational arithmetic.  It follows the labelled-polytope method (Avis,
Rosenberg, Savani & von Stengel, "Enumeration of Nash equilibria for
two-player games", Economic Theory 42, 2010): the payoffs are shifted to be
positive and scaled to integers, the vertices of the two best-response
polytopes ``P = {x >= 0, B'x <= 1}`` and ``Q = {A y <= 1, y >= 0}`` are
enumerated exactly (the double description method of Motzkin et al., 1953,
in integer arithmetic, which has no trouble with degenerate vertices), and
every *completely labelled* pair of vertices (each pure strategy is either
unused or a best reply) is an extreme equilibrium.  There is no floating
point and no tolerance anywhere, so no equilibrium can be lost to rounding,
and every result is checked once more (``is_equilibrium``) before it is
returned: a failed check raises instead of returning a partial set.

Degenerate games (ties among best replies, common in board games with integer
payoffs) can have infinitely many equilibria; every equilibrium is then a
convex combination of extreme ones (within a *component*), and the extreme
ones are exactly what this returns.  Pure Python (no numpy); a 10 x 10 game
takes a fraction of a second, and the work grows quickly beyond about 12
strategies per player.

>>> pennies = NormalForm([[1, -1], [-1, 1]])          # matching pennies, zero-sum
>>> pennies.pure_equilibria()
[]
>>> pennies.equilibria()
[((Fraction(1, 2), Fraction(1, 2)), (Fraction(1, 2), Fraction(1, 2)))]
>>> pennies.value()
Fraction(0, 1)
>>> pd = NormalForm([[3, 0], [5, 1]], [[3, 5], [0, 1]], rows=["cooperate", "defect"], cols=["cooperate", "defect"])
>>> pd.dominated(0)
['cooperate']
>>> pd.pure_equilibria()
[('defect', 'defect')]
>>> print(NormalForm([[10.75, 0]], [[1, 2]], rows=["bid 0"], cols=["bid 0", "bid 1"]))
game (Row chooses a row, Column a column; payoffs: Row, Column)
      |  bid 0  | bid 1
bid 0 | 43/4, 1 | 0, 2
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction
from numbers import Integral, Rational, Real
from collections.abc import Sequence

__all__ = ["NormalForm", "exact"]

Number = int | float | Fraction


def exact(x, what: str = "a payoff") -> Fraction:
    """``x`` as an exact fraction: ints and fractions as they are, floats and decimals as the decimal they print as.

    >>> exact(0.1), exact(10.75), exact(Fraction(2, 3)), exact(7)
    (Fraction(1, 10), Fraction(43, 4), Fraction(2, 3), Fraction(7, 1))
    >>> exact(True)
    Traceback (most recent call last):
    ...
    TypeError: a payoff must be a number, not True
    """
    if isinstance(x, bool) or x is None:
        raise TypeError(f"{what} must be a number, not {x!r}")
    if isinstance(x, Fraction):
        return x
    if isinstance(x, Integral):
        return Fraction(int(x))
    if isinstance(x, Rational):
        return Fraction(int(x.numerator), int(x.denominator))
    if isinstance(x, Decimal):
        if not x.is_finite():
            raise ValueError(f"{what} must be finite, not {x}")
        return Fraction(x)
    if isinstance(x, Real):
        value = float(x)
        if not math.isfinite(value):
            raise ValueError(f"{what} must be finite, not {value}")
        return Fraction(repr(value))
    raise TypeError(f"{what} must be a number, not {x!r}")


def _show(v: Fraction) -> str:
    """An exact payoff in a table: an integer, a fraction, or (for the long denominators of a float read exactly,
    such as 17.900000000000002) its exact decimal expansion."""
    if v.denominator == 1:
        return str(v.numerator)
    twos = fives = 0
    d = v.denominator
    while d % 2 == 0:
        d, twos = d // 2, twos + 1
    while d % 5 == 0:
        d, fives = d // 5, fives + 1
    if d != 1 or v.denominator <= 1000:
        return f"{v.numerator}/{v.denominator}"
    places = max(twos, fives)
    scaled = abs(v.numerator) * (10 ** places // v.denominator)       # exact: the denominator divides 10**places
    whole, frac = divmod(scaled, 10 ** places)
    return ("-" if v < 0 else "") + f"{whole}." + f"{frac:0{places}d}".rstrip("0")


class NormalForm:
    """A two-player game in normal form (see the module docstring)."""

    def __init__(self, A: Sequence[Sequence[Number]], B: Sequence[Sequence[Number]] | None = None, *,
                 rows: Sequence[str] | None = None, cols: Sequence[str] | None = None,
                 players: Sequence[str] = ("Row", "Column"), title: str = "game"):
        try:
            self.A = [[exact(v, f"A[{i}][{j}]") for j, v in enumerate(row)] for i, row in enumerate(A)]
            self.B = [[-v for v in row] for row in self.A] if B is None else \
                [[exact(v, f"B[{i}][{j}]") for j, v in enumerate(row)] for i, row in enumerate(B)]
        except TypeError as exc:
            if "must be a number" in str(exc):
                raise
            raise TypeError("A and B must be matrices: lists of rows of numbers") from exc
        m, n = len(self.A), len(self.A[0]) if self.A else 0
        if not m or not n or any(len(r) != n for r in self.A) or len(self.B) != m \
                or any(len(r) != n for r in self.B):
            raise ValueError("A and B must be rectangular matrices of the same shape")
        self.rows = [str(r) for r in rows] if rows is not None else [str(i) for i in range(m)]
        self.cols = [str(c) for c in cols] if cols is not None else [str(j) for j in range(n)]
        if len(self.rows) != m or len(self.cols) != n:
            raise ValueError(f"give one label per row ({m}) and per column ({n})")
        if len(set(self.rows)) != m or len(set(self.cols)) != n:
            raise ValueError("row labels and column labels must each be different")
        self.players = tuple(players)
        self.title = title

    @property
    def shape(self) -> tuple[int, int]:
        """``(rows, columns)``: the number of strategies of the row and the column player."""
        return len(self.A), len(self.A[0])

    # -- payoffs -------------------------------------------------------------------------
    def _mix(self, player: int, strategy) -> list[Fraction]:
        """A pure strategy (index or label) or a mixed one (probabilities) of ``player`` as exact probabilities."""
        labels = self.rows if player == 0 else self.cols
        if isinstance(strategy, (str, int)) and not isinstance(strategy, bool):
            index = labels.index(strategy) if isinstance(strategy, str) else strategy
            if not 0 <= index < len(labels):
                raise ValueError(f"{self.players[player]} has no strategy {strategy!r}")
            return [Fraction(int(k == index)) for k in range(len(labels))]
        mix = [exact(v, "a probability") for v in strategy]
        if len(mix) != len(labels):
            raise ValueError(f"give {self.players[player]} one probability per strategy ({len(labels)})")
        return mix

    def payoffs(self, x, y) -> tuple[Fraction, Fraction]:
        """Expected payoffs of the two players when they play ``x`` (rows) and ``y`` (columns), pure or mixed.

        >>> NormalForm([[1, -1], [-1, 1]]).payoffs([Fraction(1, 2), Fraction(1, 2)], "0")
        (Fraction(0, 1), Fraction(0, 1))
        """
        x, y = self._mix(0, x), self._mix(1, y)
        m, n = self.shape
        a = sum((x[i] * y[j] * self.A[i][j] for i in range(m) for j in range(n)), Fraction(0))
        b = sum((x[i] * y[j] * self.B[i][j] for i in range(m) for j in range(n)), Fraction(0))
        return a, b

    def _row_values(self, y: Sequence[Fraction]) -> list[Fraction]:
        return [sum((self.A[i][j] * y[j] for j in range(len(y))), Fraction(0)) for i in range(len(self.A))]

    def _col_values(self, x: Sequence[Fraction]) -> list[Fraction]:
        m, n = self.shape
        return [sum((self.B[i][j] * x[i] for i in range(m)), Fraction(0)) for j in range(n)]

    def values_against(self, player: int, strategy) -> dict[str, Fraction]:
        """What each pure strategy of ``player`` earns against the other's pure or mixed ``strategy``.

        >>> NormalForm([[2, 0], [0, 1]]).values_against(0, [Fraction(1, 3), Fraction(2, 3)])
        {'0': Fraction(2, 3), '1': Fraction(2, 3)}
        """
        mix = self._mix(1 - player, strategy)
        values = self._row_values(mix) if player == 0 else self._col_values(mix)
        labels = self.rows if player == 0 else self.cols
        return dict(zip(labels, values))

    # -- best responses and dominance --------------------------------------------------------
    def best_responses(self, player: int, strategy: Sequence[Number] | int | str) -> list[str]:
        """Labels of ``player``'s best replies (0 rows, 1 columns) to the other's pure or mixed ``strategy``.

        >>> NormalForm([[1, 0], [0, 2]], [[0, 1], [1, 0]]).best_responses(0, "1")
        ['1']
        """
        values = self.values_against(player, strategy)
        best = max(values.values())
        return [label for label, v in values.items() if v == best]

    def dominated(self, player: int, strict: bool = True) -> list[str]:
        """``player``'s pure strategies dominated by another pure strategy (strictly, or weakly)."""
        m, n = self.shape
        if player == 0:
            mine = [[self.A[i][j] for j in range(n)] for i in range(m)]
            labels = self.rows
        else:
            mine = [[self.B[i][j] for i in range(m)] for j in range(n)]
            labels = self.cols
        out = []
        for k, row in enumerate(mine):
            for other, better in enumerate(mine):
                if other == k:
                    continue
                if strict and all(b > a for a, b in zip(row, better)):
                    out.append(labels[k])
                    break
                if not strict and all(b >= a for a, b in zip(row, better)) and better != row:
                    out.append(labels[k])
                    break
        return out

    def eliminate_dominated(self, strict: bool = True) -> NormalForm:
        """The game left after removing dominated strategies, one player then the other, until none is left.

        Strict elimination never removes an equilibrium; weak elimination may.

        >>> pd = NormalForm([[3, 0], [5, 1]], [[3, 5], [0, 1]], rows=["C", "D"], cols=["C", "D"])
        >>> small = pd.eliminate_dominated()
        >>> small.rows, small.cols
        (['D'], ['D'])
        """
        game = self
        while True:
            out = set(game.dominated(0, strict))
            if out:
                game = game.restrict(rows=[r for r in game.rows if r not in out])
                continue
            out = set(game.dominated(1, strict))
            if out:
                game = game.restrict(cols=[c for c in game.cols if c not in out])
                continue
            return game

    def restrict(self, rows: Sequence[str] | None = None, cols: Sequence[str] | None = None) -> NormalForm:
        """The sub-game on some rows and columns (given by their labels)."""
        for label, have, who in [(r, self.rows, 0) for r in rows or []] + [(c, self.cols, 1) for c in cols or []]:
            if label not in have:
                raise ValueError(f"{self.players[who]} has no strategy {label!r}; the strategies are {have}")
        ri = [self.rows.index(r) for r in (rows if rows is not None else self.rows)]
        ci = [self.cols.index(c) for c in (cols if cols is not None else self.cols)]
        return NormalForm([[self.A[i][j] for j in ci] for i in ri], [[self.B[i][j] for j in ci] for i in ri],
                          rows=[self.rows[i] for i in ri], cols=[self.cols[j] for j in ci],
                          players=self.players, title=self.title)

    # -- equilibria ---------------------------------------------------------------------------
    def pure_equilibria(self) -> list[tuple[str, str]]:
        """Cells where each strategy is a best reply to the other."""
        m, n = self.shape
        out = []
        for i in range(m):
            for j in range(n):
                if self.A[i][j] == max(self.A[k][j] for k in range(m)) and \
                        self.B[i][j] == max(self.B[i][k] for k in range(n)):
                    out.append((self.rows[i], self.cols[j]))
        return out

    def is_equilibrium(self, x, y) -> bool:
        """Exact check: no pure deviation does better for either player."""
        x, y = self._mix(0, x), self._mix(1, y)
        if any(v < 0 for v in x + y) or sum(x) != 1 or sum(y) != 1:
            return False
        a, b = self.payoffs(x, y)
        return max(self._row_values(y)) <= a and max(self._col_values(x)) <= b

    def is_degenerate(self) -> bool:
        """True if some mixed strategy with k pure strategies in its support has more than k pure best replies.

        Checked on the pure strategies and on the game's extreme equilibria, which is
        where degeneracy shows (ties among best replies).
        """
        m, n = self.shape
        for i in range(m):
            if len(self.best_responses(1, i)) > 1:
                return True
        for j in range(n):
            if len(self.best_responses(0, j)) > 1:
                return True
        for x, y in self.equilibria():
            if len(self.best_responses(1, list(x))) > sum(v > 0 for v in x) or \
                    len(self.best_responses(0, list(y))) > sum(v > 0 for v in y):
                return True
        return False

    def equilibria(self) -> list[tuple[tuple[Fraction, ...], tuple[Fraction, ...]]]:
        """Every extreme Nash equilibrium as exact fractions ``(x, y)``, sorted (see the module docstring).

        >>> game = NormalForm([[3, 3], [2, 5], [0, 6]], [[3, 2], [2, 6], [3, 1]])   # von Stengel (2002), fig. 3
        >>> [tuple(map(str, x)) + tuple(map(str, y)) for x, y in game.equilibria()]
        [('0', '1/3', '2/3', '1/3', '2/3'), ('4/5', '1/5', '0', '2/3', '1/3'), ('1', '0', '0', '1', '0')]
        """
        m, n = self.shape
        A, B = _positive_integers(self.A), _positive_integers(self.B)
        # P = {x >= 0, B^T x <= 1}: label i when x_i = 0, label m+j when (B^T x)_j = 1.
        P = _polytope_vertices([[B[i][j] for i in range(m)] for j in range(n)], lower_labels=range(m),
                               upper_labels=range(m, m + n))
        # Q = {A y <= 1, y >= 0}: label i when (A y)_i = 1, label m+j when y_j = 0.
        Q = _polytope_vertices(A, lower_labels=range(m, m + n), upper_labels=range(m))
        everything = (1 << (m + n)) - 1
        found = set()
        for x, lx in P:
            for y, ly in Q:
                if lx | ly == everything:
                    found.add((_normalise(x), _normalise(y)))
        result = sorted(found)
        for x, y in result:
            if not self.is_equilibrium(x, y):     # cannot happen in exact arithmetic; never return a wrong set
                raise ArithmeticError(f"internal error: a candidate equilibrium failed its exact check: {x}, {y}")
        if not result:
            raise ArithmeticError("internal error: every finite game has an equilibrium, none was found")
        return result

    def describe(self, x, y) -> str:
        """A strategy pair in words: what each player plays, with which probability, and the expected payoffs.

        >>> pennies = NormalForm([[1, -1], [-1, 1]], rows=["heads", "tails"], cols=["heads", "tails"])
        >>> print(pennies.describe(*pennies.equilibria()[0]))
        Row plays heads with probability 1/2, tails with probability 1/2;
        Column plays heads with probability 1/2, tails with probability 1/2; expected payoffs 0 and 0
        """
        x, y = self._mix(0, x), self._mix(1, y)

        def plays(labels, mix):
            used = [(label, p) for label, p in zip(labels, mix) if p]
            if len(used) == 1:
                return used[0][0]
            return ", ".join(f"{label} with probability {_show(p)}" for label, p in used)

        a, b = self.payoffs(x, y)
        return (f"{self.players[0]} plays {plays(self.rows, x)}; {self.players[1]} plays {plays(self.cols, y)}; "
                f"expected payoffs {_show(a)} and {_show(b)}")

    def is_constant_sum(self) -> bool:
        """True if ``A[i][j] + B[i][j]`` is the same in every cell (zero-sum, up to a constant)."""
        total = self.A[0][0] + self.B[0][0]
        return all(a + b == total for ra, rb in zip(self.A, self.B) for a, b in zip(ra, rb))

    def value(self) -> Fraction:
        """The row player's value of a zero-sum (or constant-sum) game: what it can guarantee, exactly.

        Every equilibrium of such a game gives the row player the same payoff (von Neumann's minimax
        theorem); ``ValueError`` for a game that is not constant-sum.

        >>> NormalForm([[3, 1], [0, 2]]).value()
        Fraction(3, 2)
        """
        if not self.is_constant_sum():
            raise ValueError("value(): the game is not zero-sum (A + B differs between cells); use equilibria()")
        x, y = self.equilibria()[0]
        return self.payoffs(x, y)[0]

    # -- export and display ----------------------------------------------------------------------
    def to_nfg(self) -> str:
        """The game in Gambit's ``.nfg`` payoff format (version 1), for Gambit's tools and GUI.

        >>> print(NormalForm([[1, 0]], [[2, 3]], rows=["up"], cols=["L", "R"], title="tiny").to_nfg())
        NFG 1 R "tiny" { "Row" "Column" }
        { { "up" } { "L" "R" } }
        <BLANKLINE>
        1 2 0 3
        """
        def q(s: str) -> str:
            return '"' + s.replace('"', "'") + '"'

        m, n = self.shape
        head = f'NFG 1 R {q(self.title)} {{ {" ".join(q(p) for p in self.players)} }}'
        strategies = f'{{ {{ {" ".join(map(q, self.rows))} }} {{ {" ".join(map(q, self.cols))} }} }}'
        numbers = []
        for j in range(n):            # Gambit lists profiles with the first player's strategy varying fastest
            for i in range(m):
                numbers += [self.A[i][j], self.B[i][j]]
        return f"{head}\n{strategies}\n\n" + " ".join(str(v) for v in numbers)

    def _heading(self) -> str:
        return (f"{self.title} ({self.players[0]} chooses a row, {self.players[1]} a column; "
                f"payoffs: {self.players[0]}, {self.players[1]})")

    def __str__(self) -> str:
        cells = [[f"{_show(a)}, {_show(b)}" for a, b in zip(ra, rb)] for ra, rb in zip(self.A, self.B)]
        widths = [max(len(self.cols[j]), *(len(r[j]) for r in cells)) for j in range(self.shape[1])]
        left = max(len(r) for r in self.rows)
        lines = [self._heading(),
                 " " * left + " | " + " | ".join(c.center(w) for c, w in zip(self.cols, widths)).rstrip()]
        for label, row in zip(self.rows, cells):
            lines.append(label.ljust(left) + " | " + " | ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip())
        return "\n".join(lines)

    def __repr__(self) -> str:
        m, n = self.shape
        return f"<NormalForm {self.title!r}: {m}x{n}>"

    def _repr_html_(self) -> str:
        from html import escape

        head = "".join(f"<th>{escape(c)}</th>" for c in self.cols)
        body = "".join(
            f"<tr><th>{escape(r)}</th>" + "".join(f"<td>{_show(a)}, {_show(b)}</td>" for a, b in zip(ra, rb)) + "</tr>"
            for r, ra, rb in zip(self.rows, self.A, self.B))
        return (f"<p><b>{escape(self.title)}</b> ({escape(self.players[0])} chooses a row, "
                f"{escape(self.players[1])} a column; payoffs: {escape(self.players[0])}, "
                f"{escape(self.players[1])}; exact fractions)</p>"
                f"<table><tr><th></th>{head}</tr>{body}</table>")


# -- exact vertex enumeration ---------------------------------------------------------------------

def _positive_integers(M: list[list[Fraction]]) -> list[list[int]]:
    """``M`` shifted to be >= 1 and scaled to integers (equilibria do not change)."""
    low = min(min(row) for row in M)
    scale = math.lcm(*(v.denominator for row in M for v in row))
    return [[int((v - low + 1) * scale) for v in row] for row in M]


def _polytope_vertices(M: list[list[int]], lower_labels, upper_labels) -> list[tuple[tuple[int, ...], int]]:
    """Vertices of ``{z >= 0, M z <= 1}`` (``M`` with positive integer entries, so the polytope is bounded).

    Each vertex comes as integer coordinates ``(t, z_1 .. z_d)`` of the homogeneous ray (the point
    is ``z / t``) and a bit mask of labels: ``lower_labels[k]`` when ``z_k = 0``, ``upper_labels[r]``
    when row ``r`` of ``M z <= 1`` is tight.  The origin is left out.  Double description method in
    integer arithmetic: start from the cone ``{(t, z) >= 0}`` and add the constraints
    ``t - M_r z >= 0`` one at a time, keeping the extreme rays; two rays on opposite sides of the
    new constraint combine into a new ray exactly when they are adjacent (no third ray is tight on
    every constraint both are tight on: the combinatorial test, exact under degeneracy).
    """
    lower_labels, upper_labels = list(lower_labels), list(upper_labels)
    d = len(M[0])
    size = d + 1                      # coordinates (t, z_1..z_d)
    # constraint k (bit k): 0 is t >= 0, 1..d are z_k >= 0, d+1+r is t - M_r z >= 0
    rows = [[int(c == k) for c in range(size)] for k in range(size)]
    rows += [[1] + [-v for v in r] for r in M]
    rays = [(tuple(int(c == k) for c in range(size)), (1 << size) - 1 - (1 << k)) for k in range(size)]
    for k in range(size, len(rows)):
        h = rows[k]
        plus, zero, minus = [], [], []
        for ray, tight in rays:
            value = sum(a * b for a, b in zip(h, ray))
            (plus if value > 0 else minus if value < 0 else zero).append((ray, tight, value))
        new = [(ray, tight) for ray, tight, _ in plus] + [(ray, tight | (1 << k)) for ray, tight, _ in zero]
        everyone = [tight for _, tight in rays]
        for r1, t1, v1 in plus:
            for r2, t2, v2 in minus:
                common = t1 & t2
                if bin(common).count("1") < size - 2:
                    continue
                if any(t & common == common for t in everyone if t != t1 and t != t2):
                    continue
                ray = tuple(v1 * b - v2 * a for a, b in zip(r1, r2))
                g = math.gcd(*ray)
                new.append((tuple(c // g for c in ray), common | (1 << k)))
        rays = new
    out = []
    for ray, tight in rays:
        if not any(ray[1:]):
            continue                  # the origin: not an equilibrium
        labels = 0
        for c in range(d):
            if tight >> (1 + c) & 1:
                labels |= 1 << lower_labels[c]
        for r in range(len(M)):
            if tight >> (size + r) & 1:
                labels |= 1 << upper_labels[r]
        out.append((ray, labels))
    return out


def _normalise(ray: tuple[int, ...]) -> tuple[Fraction, ...]:
    total = sum(ray[1:])
    return tuple(Fraction(v, total) for v in ray[1:])
