"""Quetzal: worker placement with tossed meeples, displacement auctions, deliveries.

>>> import archeo_lab as al
>>> state = al.get_game("quetzal").new_state(players=3, seed=1)
>>> state.phase, state.current_player, state.gold
('place', 0, [4, 5, 5])
>>> starting_gold(3), gold_points(10)
(6, 3)
"""

from . import auction, toss
from .actions import (
    Deliver, KeepObjects, KeepToss, NoDelivery, Place, Reroll, SellObject, TakeObject, TakeUpgrade,
)
from .components import (
    LOCATIONS, OBJECT_CARDS, OBJECT_TYPES, TOSS_ODDS, UPGRADE_KINDS, cards_in_words, reserve_in_words,
)
from .positions import holder, position
from .scoring import delivery_points, final_breakdown, gold_points, starting_gold, upgrade_points
from .state import DUMMY, GAME, QuetzalGame, QuetzalState, team_meeples

__all__ = [
    "GAME", "QuetzalGame", "QuetzalState", "Place", "Reroll", "KeepToss", "TakeObject", "SellObject",
    "KeepObjects", "TakeUpgrade", "Deliver", "NoDelivery", "starting_gold", "gold_points", "delivery_points",
    "upgrade_points", "final_breakdown", "team_meeples", "DUMMY", "LOCATIONS", "OBJECT_CARDS", "OBJECT_TYPES",
    "UPGRADE_KINDS", "TOSS_ODDS", "position", "holder", "reserve_in_words", "cards_in_words", "toss", "auction",
]
