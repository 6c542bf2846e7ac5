"""Tikal: how a position is held in memory, shared by the rules (``state.py``) and the saves (``saves.py``).

Where a leader can be besides a space of the board (its seat's reserve, the box, guarding a temple),
the phases of a game ("Déroulement de la partie": placing a hex, then the actions; the advanced
rules' choice of a hex and auction), the kinds of turn (normal, a volcano's scoring round
"Décompte", the final one), and the printed hexes by their space index ("Mise en place").
"""

from __future__ import annotations

from .components import START_HEXES, StartHex
from .hexgrid import INDEX

__all__ = [
    "RESERVE", "BOXED", "GUARD", "PLACE", "CHOOSE", "BID", "ACTIONS", "OVER", "PHASES", "NORMAL", "SCORING",
    "FINAL", "TURN_KINDS", "START_BY_INDEX",
]

#: Where a leader can be besides a space index.
RESERVE, BOXED, GUARD = -1, -2, -3
PLACE, CHOOSE, BID, ACTIONS, OVER = "place", "choose", "bid", "actions", "over"
PHASES = (PLACE, CHOOSE, BID, ACTIONS, OVER)
NORMAL, SCORING, FINAL = "normal", "scoring", "final"
TURN_KINDS = (NORMAL, SCORING, FINAL)
#: The printed hexes of the board ("Mise en place"), by space index.
START_BY_INDEX: dict[int, StartHex] = {INDEX[h.space]: h for h in START_HEXES}
