"""The shared engine: the Game/State contract, errors, registry, Match and saves.

It imports no game, no widget and no Jupyter package (DESIGN.md, "Layout").
"""

from .actions import ACTION_DATACLASS, Action, ActionCodec, ValueAction
from .errors import CannotUndo, CorruptSave, IllegalAction, SetupError, UnreadableAction
from .game import Game, State
from .match import Match
from .registry import get_game, list_games, register
from .rng import Rng
from .saves import Fields

__all__ = [
    "ACTION_DATACLASS", "Action", "ActionCodec", "CannotUndo", "CorruptSave", "Fields", "Game", "IllegalAction",
    "Match", "ValueAction", "Rng", "SetupError", "State", "UnreadableAction", "get_game", "list_games", "register",
]
