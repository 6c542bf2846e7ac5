"""Les Trésors de Cibola: sealed-bid all-pay auction, set collection, majorities.

>>> import archeo_lab as al
>>> state = al.get_game("cibola").new_state(players=3, seed=1)
>>> state.legal_actions()[:3]
[Bid(amount=0), Bid(amount=1), Bid(amount=2)]
"""

from .actions import Bid, ChooseTotem, LeaveRocks, MoveRock, PlaceRock, Take
from .components import COLUMNS, CARDS, KINDS, TOTEMS
from .positions import position
from .scoring import explorer_points, final_scores, majority_holders, score_breakdown, treasure_counts
from .state import GAME, CibolaGame, CibolaState, explorers_per_player, picking_order

__all__ = [
    "GAME", "Bid", "Take", "PlaceRock", "ChooseTotem", "MoveRock", "LeaveRocks", "CibolaGame",
    "CibolaState", "explorers_per_player", "picking_order", "explorer_points", "majority_holders",
    "score_breakdown", "treasure_counts", "final_scores", "position", "COLUMNS", "CARDS", "KINDS", "TOTEMS",
]
