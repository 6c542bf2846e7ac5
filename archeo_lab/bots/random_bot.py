"""The random bot: a uniformly random legal action (the baseline every bot must beat)."""

from __future__ import annotations

from archeo_lab.engine import Action, State

from .base import Bot

__all__ = ["RandomBot"]


class RandomBot(Bot):
    """Plays a uniformly random legal action."""

    name = "random"

    def choose(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions())
