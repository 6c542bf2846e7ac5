"""Bots by name: ``make("greedy", seed=1)``, ``register``, ``available``, ``describe``.

The one place where a bot's name becomes a bot (``archeo_lab.Match``, the boards and the
tournaments read names through it; the engine never does).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from archeo_lab.engine.errors import quote

from .base import Bot
from .greedy import GreedyBot
from .mcts import MCTSBot
from .random_bot import RandomBot

__all__ = ["make", "register", "available", "describe"]

_FACTORIES: dict[str, Callable[..., Bot]] = {}


def register(name: str, factory: Callable[..., Bot]) -> None:
    """Make ``make(name, seed=..., **options)`` build a bot with ``factory``."""
    _FACTORIES[name] = factory


def available() -> list[str]:
    """The names ``make`` accepts."""
    return sorted(_FACTORIES)


def make(name: str | Any, seed: int | None = None, **options: Any) -> Any:
    """A bot by name, or ``name`` itself if it already has ``choose``.

    Names: ``"random"``, ``"greedy"``, ``"mcts"``; a level may follow a colon
    (``"mcts:hard"`` is ``make("mcts", level="hard")``).
    """
    if hasattr(name, "choose"):
        return name
    if isinstance(name, str) and ":" in name:
        name, options["level"] = name.split(":", 1)
    factory = _FACTORIES.get(name) if isinstance(name, str) else None
    if factory is None:
        raise ValueError(f"unknown bot {quote(name)}; choose one of: {', '.join(available())}")
    return factory(seed=seed, **options)


def describe(spec: Any) -> str:
    """A short readable name for a bot spec: ``"greedy"``, ``"mcts:hard"``, or a learner bot's name."""
    if isinstance(spec, str):
        return spec
    name = getattr(spec, "name", None) or type(spec).__name__
    level = getattr(spec, "level", None)
    return f"{name}:{level}" if level and name == "mcts" else name


register("random", RandomBot)
register("greedy", GreedyBot)
register("mcts", MCTSBot)
