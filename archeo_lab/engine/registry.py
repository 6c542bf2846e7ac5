"""The game registry: keys to game modules, imported on first use.

``archeo_lab.games`` declares the built-in games; a teacher's own game can be
added with ``register("mygame", "mypackage.mygame")`` or ``register(game)``.
A game module exposes its ``Game`` instance as ``GAME``.
"""

from __future__ import annotations

import importlib

from .game import Game

__all__ = ["register", "get_game", "list_games"]

_MODULES: dict[str, str] = {}
_GAMES: dict[str, Game] = {}


def register(game: Game | str, module: str | None = None) -> None:
    """Register a ``Game`` instance, or a key and the module that defines ``GAME``."""
    if isinstance(game, Game):
        _GAMES[game.key] = game
        _MODULES.setdefault(game.key, type(game).__module__)
    else:
        if module is None:
            raise TypeError("register(key, module): give the module that defines GAME")
        _MODULES[game] = module


def get_game(key: str | Game) -> Game:
    """The game registered under ``key`` (``"cibola"``), or a ``KeyError`` listing the keys."""
    if isinstance(key, Game):
        return key
    game = _GAMES.get(key)
    if game is None:
        module = _MODULES.get(key) if isinstance(key, str) else None
        if module is None:
            raise KeyError(f"no game {key!r}; the games are: {', '.join(sorted(_MODULES))}")
        game = importlib.import_module(module).GAME
        _GAMES[key] = game
    return game


def list_games() -> list[Game]:
    """Every registered game, sorted by key."""
    return [get_game(key) for key in sorted(_MODULES)]
