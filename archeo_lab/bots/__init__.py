"""Bots: opponents written once against the engine contract.

>>> from archeo_lab import bots, get_game
>>> bot = bots.make("greedy", seed=1)
>>> state = get_game("cibola").new_state(players=2, seed=1)
>>> bot.choose(state) in state.legal_actions()
True

A bot is any object with ``choose(state) -> action``; ``register`` adds a
named kind so ``Match(opponents={1: "mybot"})`` can use it.  The search bot
has levels: ``make("mcts", level="hard")`` or ``make("mcts:hard")``.
"""

from __future__ import annotations

from .base import Bot
from .greedy import GreedyBot
from .match import Match
from .mcts import LEVELS, MCTSBot
from .random_bot import RandomBot
from .registry import available, describe, make, register

__all__ = ["Bot", "RandomBot", "GreedyBot", "MCTSBot", "LEVELS", "Match", "make", "register", "available",
           "describe"]
