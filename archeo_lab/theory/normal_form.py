"""Two-player normal-form games: best responses, dominance, Nash equilibria, Gambit export.

``NormalForm(A, B)`` holds the row player's payoffs ``A`` and the column
player's ``B`` (lists of lists of numbers; a zero-sum game needs only ``A``).

Equilibria.  ``equilibria()`` enumerates the *extreme* Nash equilibria by
vertex enumeration of the two best-response polytopes (Avis, Rosenberg,
Savani & von Stengel, "Enumeration of Nash equilibria for two-player games",
Economic Theory 42, 2010).  Unlike support enumeration or Lemke-Howson, it
copes with **degenerate** games (ties among best responses, common in board
games with integer payoffs): such games can have a continuum of equilibria,
and every equilibrium is then a convex combination of extreme ones, which
this method finds.  Candidates are computed in floating point and each one is
**verified exactly** with rational arithmetic before it is returned, as
fractions.  The enumeration visits every choice of tight constraints, so it
suits games up to about 8 strategies per player (the exercises' size).

>>> pennies = NormalForm([[1, -1], [-1, 1]])          # matching pennies, zero-sum
>>> pennies.pure_equilibria()
[]
>>> pennies.equilibria()
[((Fraction(1, 2), Fraction(1, 2)), (Fraction(1, 2), Fraction(1, 2)))]
>>> pd = NormalForm([[3, 0], [5, 1]], [[3, 5], [0, 1]], rows=["cooperate", "defect"], cols=["cooperate", "defect"])
>>> pd.dominated(0)
['cooperate']
>>> pd.pure_equilibria()
[('defect', 'defect')]
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Sequence

__all__ = ["NormalForm"]

Number = int | float | Fraction


def _frac(x: Number) -> Fraction:
    return x if isinstance(x, Fraction) else Fraction(x).limit_denominator(10**9) if isinstance(x, float) \
        else Fraction(x)


class NormalForm:
    """A two-player game in normal form (see the module docstring)."""

    def __init__(self, A: Sequence[Sequence[Number]], B: Sequence[Sequence[Number]] | None = None, *,
                 rows: Sequence[str] | None = None, cols: Sequence[str] | None = None,
                 players: Sequence[str] = ("Row", "Column"), title: str = "game"):
        self.A = [[_frac(v) for v in row] for row in A]
        self.B = [[-v for v in row] for row in self.A] if B is None else [[_frac(v) for v in row] for row in B]
        m, n = len(self.A), len(self.A[0]) if self.A else 0
        if not m or not n or any(len(r) != n for r in self.A) or len(self.B) != m \
                or any(len(r) != n for r in self.B):
            raise ValueError("A and B must be rectangular matrices of the same shape")
        self.rows = list(rows) if rows is not None else [str(i) for i in range(m)]
        self.cols = list(cols) if cols is not None else [str(j) for j in range(n)]
        if len(self.rows) != m or len(self.cols) != n:
            raise ValueError("give one label per row and per column")
        self.players = tuple(players)
        self.title = title

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.A), len(self.A[0])

    # -- payoffs -------------------------------------------------------------------------
    def payoffs(self, x: Sequence[Number], y: Sequence[Number]) -> tuple[Fraction, Fraction]:
        """Expected payoffs of the two players when they mix with ``x`` (rows) and ``y`` (columns)."""
        x, y = [_frac(v) for v in x], [_frac(v) for v in y]
        m, n = self.shape
        a = sum(x[i] * y[j] * self.A[i][j] for i in range(m) for j in range(n))
        b = sum(x[i] * y[j] * self.B[i][j] for i in range(m) for j in range(n))
        return a, b

    def _row_values(self, y: Sequence[Fraction]) -> list[Fraction]:
        return [sum(self.A[i][j] * y[j] for j in range(len(y))) for i in range(len(self.A))]

    def _col_values(self, x: Sequence[Fraction]) -> list[Fraction]:
        m, n = self.shape
        return [sum(self.B[i][j] * x[i] for i in range(m)) for j in range(n)]

    # -- best responses and dominance --------------------------------------------------------
    def best_responses(self, player: int, strategy: Sequence[Number] | int | str) -> list[str]:
        """Labels of ``player``'s best replies (0 rows, 1 columns) to the other's pure or mixed ``strategy``.

        >>> NormalForm([[1, 0], [0, 2]], [[0, 1], [1, 0]]).best_responses(0, "1")
        ['1']
        """
        other = self.cols if player == 0 else self.rows
        if isinstance(strategy, (int, str)):
            index = other.index(strategy) if isinstance(strategy, str) else strategy
            mix = [Fraction(int(k == index)) for k in range(len(other))]
        else:
            mix = [_frac(v) for v in strategy]
        values = self._row_values(mix) if player == 0 else self._col_values(mix)
        best = max(values)
        labels = self.rows if player == 0 else self.cols
        return [labels[k] for k, v in enumerate(values) if v == best]

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

    def eliminate_dominated(self, strict: bool = True) -> "NormalForm":
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

    def restrict(self, rows: Sequence[str] | None = None, cols: Sequence[str] | None = None) -> "NormalForm":
        """The sub-game on some rows and columns (given by their labels)."""
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

    def is_equilibrium(self, x: Sequence[Number], y: Sequence[Number]) -> bool:
        """Exact check: no pure deviation does better for either player."""
        x, y = [_frac(v) for v in x], [_frac(v) for v in y]
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
        """Every extreme Nash equilibrium as exact fractions ``(x, y)`` (see the module docstring)."""
        import numpy as np

        m, n = self.shape
        A = np.array([[float(v) for v in row] for row in self.A])
        B = np.array([[float(v) for v in row] for row in self.B])
        A = A - A.min() + 1.0          # positive payoffs: the polytopes are bounded
        B = B - B.min() + 1.0
        # P = {x >= 0, B^T x <= 1}: labels 0..m-1 for x_i = 0, m+j for (B^T x)_j = 1.
        P = _vertices(np.vstack([-np.eye(m), B.T]), np.concatenate([np.zeros(m), np.ones(n)]), m)
        # Q = {A y <= 1, y >= 0}: labels 0..m-1 for (A y)_i = 1, m+j for y_j = 0.
        Q = _vertices(np.vstack([A, -np.eye(n)]), np.concatenate([np.ones(m), np.zeros(n)]), n)
        everything = set(range(m + n))
        found = []
        for x, lx in P:
            for y, ly in Q:
                if lx | ly == everything:
                    xs, ys = _normalise(x), _normalise(y)
                    if xs is not None and ys is not None and self.is_equilibrium(xs, ys) \
                            and (xs, ys) not in found:
                        found.append((xs, ys))
        return sorted(found)

    # -- export -------------------------------------------------------------------------------
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
                f"{escape(self.players[1])} a column; payoffs row, column)</p>"
                f"<table><tr><th></th>{head}</tr>{body}</table>")


def _show(v: Fraction) -> str:
    return str(v.numerator) if v.denominator == 1 else f"{float(v):.3g}"


def _vertices(M, b, dim):
    """Vertices of {z : M z <= b} with their sets of tight constraints (labels)."""
    import numpy as np

    out, seen = [], set()
    rows = len(b)
    for tight in itertools.combinations(range(rows), dim):
        sub = M[list(tight)]
        if abs(np.linalg.det(sub)) < 1e-12:
            continue
        z = np.linalg.solve(sub, b[list(tight)])
        slack = b - M @ z
        if slack.min() < -1e-9:
            continue
        key = tuple(np.round(z, 9))
        if key in seen or not any(abs(v) > 1e-12 for v in z):
            continue
        seen.add(key)
        out.append((z, frozenset(k for k in range(rows) if abs(slack[k]) <= 1e-9)))
    return out


def _normalise(z) -> tuple[Fraction, ...] | None:
    total = float(sum(z))
    if total <= 0:
        return None
    parts = [Fraction(float(v) / total).limit_denominator(10**6) for v in z]
    parts = [p if p > 0 else Fraction(0) for p in parts]
    s = sum(parts)
    return tuple(p / s for p in parts) if s else None
