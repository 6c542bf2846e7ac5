"""Expedition Luxor: straight-line movement, last-mover advantage.

>>> import archeo_lab as al
>>> state = al.get_game("luxor").new_state(players=2, seed=1)
>>> [str(a) for a in state.legal_actions()]
['keep desert', 'keep desert temple', 'keep mountain']
>>> board_limit(4), tile_points("oasis pyramid")
(10, 3)
"""

from .components import BACKS, KINDS, TILE_COUNTS, TOKENS
from .grid import cell_name, cell_xy, geometry
from .lines import draw_lines, lines_from, movement_graph, reachable
from .positions import hand_tiles, layout_tiles, placed_tiles, position, stack_at, stack_in_words, tile_at
from .scoring import board_limit, final_scores, score_breakdown, tile_points
from .actions import Camp, EndTurn, Keep, Move, Place, UseToken
from .state import ADVENTURES, GAME, STANDARD, LuxorGame, LuxorState

__all__ = [
    "GAME", "Keep", "Place", "Camp", "Move", "EndTurn", "UseToken", "LuxorGame", "LuxorState", "STANDARD",
    "ADVENTURES", "board_limit", "tile_points", "score_breakdown", "final_scores", "movement_graph",
    "reachable", "lines_from", "draw_lines", "position", "cell_name", "cell_xy", "geometry", "BACKS",
    "KINDS", "TILE_COUNTS", "TOKENS", "tile_at", "stack_at", "stack_in_words", "hand_tiles", "layout_tiles",
    "placed_tiles",
]
