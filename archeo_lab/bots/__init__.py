"""Bots: opponents written once against the engine contract.

>>> from archeo_lab import bots, get_game
>>> bot = bots.make("greedy", seed=1)
>>> state = get_game("cibola").new_state(players=2, seed=1)
>>> bot.choose(state) in state.legal_actions()
True

A bot is any object with ``choose(state) -> action``; ``register`` adds a
named kind so ``Match(opponents={1: "mybot"})`` can use it.
"""

from __future__ import annotations

from typing import Any, Callable

from .base import Bot
from .greedy import GreedyBot
from .random_bot import RandomBot

__all__ = ["Bot", "RandomBot", "GreedyBot", "make", "register", "available"]

_FACTORIES: dict[str, Callable[..., Bot]] = {}


def register(name: str, factory: Callable[..., Bot]) -> None:
    """Make ``make(name, seed=..., **options)`` build a bot with ``factory``."""
    _FACTORIES[name] = factory


def available() -> list[str]:
    """The names ``make`` accepts."""
    return sorted(_FACTORIES)


def make(name: str | Any, seed: int | None = None, **options: Any) -> Any:
    """A bot by name (``"random"``, ``"greedy"``), or ``name`` itself if it already has ``choose``."""
    if hasattr(name, "choose"):
        return name
    factory = _FACTORIES.get(name) if isinstance(name, str) else None
    if factory is None:
        raise ValueError(f"unknown bot {name!r}; choose one of: {', '.join(available())}")
    return factory(seed=seed, **options)


register("random", RandomBot)
register("greedy", GreedyBot)
