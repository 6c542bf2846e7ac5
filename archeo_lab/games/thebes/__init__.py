"""Thebes: The Tomb Raiders: time as a currency, expected value, hypergeometric draws.

>>> from archeo_lab.games.thebes import GAME
>>> state = GAME.new_state(players=3, seed=1)
>>> [str(a) for a in state.legal_actions()][:2]
['take crete expertise 2', 'take general knowledge 2']
"""

from .actions import Dig, DigWeeks, Draw, GiveRelic, PickRelic, PlayRobbers, PlayScientist, PlayThief, Take
from .components import (
    CARDS, CONGRESS_TABLE, EXCAVATION_TABLE, EXHIBITIONS, MUSEUMS, REGIONS, RELIC_VALUES, permits_dealt,
)
from .positions import position
from .scoring import (
    DigOdds, congress_points, dig_cards, dig_knowledge, dig_odds, exhibition_weeks, expected_points, min_weeks,
    score_rows, time_bonus,
)
from .state import GAME, ThebesGame, ThebesState

__all__ = [
    "GAME", "Take", "Dig", "DigWeeks", "Draw", "PlayThief", "PlayRobbers", "PlayScientist", "PickRelic",
    "GiveRelic", "ThebesGame", "ThebesState", "permits_dealt", "exhibition_weeks", "dig_cards", "dig_knowledge",
    "dig_odds", "DigOdds", "expected_points", "min_weeks", "congress_points", "time_bonus", "score_rows", "position",
    "CARDS", "EXHIBITIONS", "MUSEUMS", "REGIONS", "RELIC_VALUES", "EXCAVATION_TABLE", "CONGRESS_TABLE",
]
