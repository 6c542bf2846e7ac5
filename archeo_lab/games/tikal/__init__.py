"""Tikal: weighted shortest paths, majorities, English auction.

>>> import archeo_lab as al
>>> from archeo_lab.games import tikal
>>> state = al.get_game("tikal").new_state(players=2, seed=1)
>>> state.phase, state.current_player
('place', 0)
>>> tikal.cheapest_costs(state, "A5")
{'A5': 0, 'B4': 1, 'A4': 2, 'B5': 2}
>>> tikal.treasure_points(3)
6

The path helpers (``board_graph``, ``cheapest_costs``, ``cheapest_path``,
``entry_costs``, ``draw_path_costs``) live in ``paths.py`` and import
networkx only when first used.
"""

from .actions import (
    Bid, Bring, ChooseTile, Dig, EndTurn, Exchange, Move, Pass, PlaceGuardian, PlaceTile, SetUpCamp, Uncover,
)
from .components import START_HEXES, TILE_BY_ID, TILES, TREASURE_KINDS
from .positions import position
from .scoring import temple_holder, treasure_points, treasure_score
from .state import GAME, TikalGame, TikalState

_PATHS = ("board_graph", "cheapest_costs", "cheapest_path", "entry_costs", "draw_path_costs")

__all__ = [
    "GAME", "TikalGame", "TikalState", "PlaceTile", "ChooseTile", "Bring", "Move", "Uncover", "Dig", "Exchange",
    "SetUpCamp", "PlaceGuardian", "EndTurn", "Bid", "Pass", "Hex", "TILES", "TILE_BY_ID", "START_HEXES",
    "TREASURE_KINDS", "treasure_points", "treasure_score", "temple_holder", "position", *_PATHS,
]


def __getattr__(name: str):
    if name in _PATHS:
        from . import paths
        return getattr(paths, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
