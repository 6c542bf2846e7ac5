"""Finite games in extensive form with perfect information, solved by backward induction.

A game tree is made of two kinds of nodes:

* ``Outcome(payoffs, text)``: the end, with one payoff per player;
* ``Decision(player, moves, text)``: ``player`` chooses one of ``moves`` (a dict from the move's
  name to the node it leads to), knowing everything that happened before.

``backward_induction(root)`` solves the tree from the leaves up (Zermelo, Kuhn): at every
decision the mover takes a move with the best value *for that mover*, given how the rest will be
played; the result is a subgame-perfect equilibrium.  When a mover is indifferent between several
moves, every best move is recorded (``Solution.best``) and the plan takes the first one listed, so
a tree states its tie-break by the order of its moves.

>>> tree = Decision(0, {
...     "block": Outcome((2, 0), "seat 0 fills the tile"),
...     "wait": Decision(1, {"take": Outcome((0, 2)), "leave": Outcome((1, 0))}),
... })
>>> solution = backward_induction(tree)
>>> solution.path, solution.payoffs
(['block'], (Fraction(2, 1), Fraction(0, 1)))
>>> solution.value(["wait"])
(Fraction(0, 1), Fraction(2, 1))
>>> print(solution.describe())
seat 0: block (values 2, 0) | other moves: wait (0, 2)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from collections.abc import Mapping, Sequence

from .normal_form import exact

__all__ = ["Outcome", "Decision", "Solution", "backward_induction"]


@dataclass(frozen=True)
class Outcome:
    """A leaf: one payoff per player (exact fractions), and a description in words."""

    payoffs: tuple
    text: str = ""

    def __post_init__(self):
        object.__setattr__(self, "payoffs", tuple(exact(v) for v in self.payoffs))


@dataclass(frozen=True)
class Decision:
    """A node where ``player`` picks one of ``moves`` (name -> node), in the listed order."""

    player: int
    moves: Mapping[str, Decision | Outcome]
    text: str = ""

    def __post_init__(self):
        if not self.moves:
            raise ValueError("a decision needs at least one move")
        if isinstance(self.player, bool) or not isinstance(self.player, int) or self.player < 0:
            raise ValueError(f"player must be a seat number, not {self.player!r}")


@dataclass
class Solution:
    """Backward induction's result: values of every node, best moves, the plan and the equilibrium path."""

    root: Decision | Outcome
    values: dict[tuple[str, ...], tuple[Fraction, ...]] = field(default_factory=dict)
    best: dict[tuple[str, ...], list[str]] = field(default_factory=dict)
    players: dict[tuple[str, ...], int] = field(default_factory=dict)

    @property
    def plan(self) -> dict[tuple[str, ...], str]:
        """The move played at every decision (reached or not), keyed by the moves leading to it."""
        return {history: moves[0] for history, moves in self.best.items()}

    @property
    def path(self) -> list[str]:
        """The moves played from the root when everybody follows the plan."""
        history: tuple[str, ...] = ()
        while history in self.best:
            history += (self.best[history][0],)
        return list(history)

    @property
    def payoffs(self) -> tuple[Fraction, ...]:
        """Each player's payoff at the end of the equilibrium path."""
        return self.values[()]

    def value(self, history: Sequence[str] = ()) -> tuple[Fraction, ...]:
        """The payoffs of the subgame reached by ``history`` (a list of moves from the root)."""
        key = tuple(history)
        if key not in self.values:
            raise KeyError(f"no node after the moves {list(history)}")
        return self.values[key]

    def describe(self, history: Sequence[str] = ()) -> str:
        """The decision after ``history`` in words: the best move(s), and what each other move would give."""
        key = tuple(history)
        if key not in self.best:
            return "the game is over: " + ", ".join(_num(v) for v in self.values[key])
        best = self.best[key]
        node_moves = _node(self.root, key).moves
        show = lambda m: ", ".join(_num(v) for v in self.values[key + (m,)])  # noqa: E731
        text = f"seat {self.players[key]}: " + " or ".join(f"{m} (values {show(m)})" for m in best)
        others = [m for m in node_moves if m not in best]
        if others:
            text += " | other moves: " + ", ".join(f"{m} ({show(m)})" for m in others)
        return text


def _num(v: Fraction) -> str:
    """A payoff as a reader wants it: a whole number, an exact decimal (2.98) when there is one, else a fraction."""
    if v.denominator == 1:
        return str(v.numerator)
    d = v.denominator
    while d % 2 == 0:
        d //= 2
    while d % 5 == 0:
        d //= 5
    if d == 1:
        text = f"{float(v):.10f}".rstrip("0")
        return text
    return f"{v.numerator}/{v.denominator}"


def _node(root, history):
    node = root
    for move in history:
        node = node.moves[move]
    return node


def backward_induction(root: Decision | Outcome) -> Solution:
    """Solve a perfect-information tree from the leaves up (see the module docstring)."""
    solution = Solution(root)
    width = None

    def solve(node, history: tuple[str, ...]) -> tuple[Fraction, ...]:
        nonlocal width
        if isinstance(node, Outcome):
            if width is None:
                width = len(node.payoffs)
            elif len(node.payoffs) != width:
                raise ValueError(f"every outcome needs {width} payoffs; the one after {list(history)} has "
                                 f"{len(node.payoffs)}")
            solution.values[history] = node.payoffs
            return node.payoffs
        if not isinstance(node, Decision):
            raise TypeError(f"after {list(history)}: a node must be a Decision or an Outcome, not {node!r}")
        results = {move: solve(child, history + (move,)) for move, child in node.moves.items()}
        if node.player >= width:
            raise ValueError(f"after {list(history)}: seat {node.player} moves but outcomes have {width} payoffs")
        top = max(values[node.player] for values in results.values())
        best = [move for move, values in results.items() if values[node.player] == top]
        solution.best[history] = best
        solution.players[history] = node.player
        solution.values[history] = results[best[0]]
        return results[best[0]]

    solve(root, ())
    return solution
