"""What every bot shares: a name, a seeded generator, and ``choose``."""

from __future__ import annotations

import abc

from archeo_lab.engine import Action, Rng, State
from archeo_lab.engine.rng import fresh_seed

__all__ = ["Bot"]


class Bot(abc.ABC):
    """A player that picks one legal action for ``state.current_player``.

    Bots never read hidden information: they work on ``state.determinize``
    copies (or only on ``legal_actions``, which the mover may always see).
    """

    name = "bot"

    def __init__(self, seed: int | None = None):
        self.seed = fresh_seed() if seed is None else seed
        self.rng = Rng(self.seed)

    def reseed(self, seed: int) -> None:
        """Restart the generator (``Match`` does it before each move, for reproducible games)."""
        self.rng = Rng(seed)

    @abc.abstractmethod
    def choose(self, state: State) -> Action:
        """One of ``state.legal_actions()``."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"
