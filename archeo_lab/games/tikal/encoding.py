"""Tikal: how a position is held in memory, shared by the rules (``state.py``) and the saves (``saves.py``).

Where a leader can be besides a space of the board (its seat's reserve, the box, guarding a temple),
the phases of a game ("Déroulement de la partie": placing a hex, then the actions; the advanced
rules' choice of a hex and auction), the kinds of turn (normal, a volcano's scoring round
"Décompte", the final one), and the printed hexes by their space index ("Mise en place").
"""

from __future__ import annotations

from dataclasses import dataclass

from .components import START_HEXES, StartHex
from .hexgrid import INDEX

__all__ = [
    "RESERVE", "BOXED", "GUARD", "PLACE", "CHOOSE", "BID", "ACTIONS", "OVER", "PHASES", "NORMAL", "SCORING",
    "FINAL", "TURN_KINDS", "START_BY_INDEX", "Hex",
]

#: Where a leader can be besides a space index.
RESERVE, BOXED, GUARD = -1, -2, -3
PLACE, CHOOSE, BID, ACTIONS, OVER = "place", "choose", "bid", "actions", "over"
PHASES = (PLACE, CHOOSE, BID, ACTIONS, OVER)
NORMAL, SCORING, FINAL = "normal", "scoring", "final"
TURN_KINDS = (NORMAL, SCORING, FINAL)
#: The printed hexes of the board ("Mise en place"), by space index.
START_BY_INDEX: dict[int, StartHex] = {INDEX[h.space]: h for h in START_HEXES}


@dataclass(frozen=True)
class Hex:
    """One space of the board in the rule book's words, as ``state.hex_at("A5")`` reads it.

    ``kind``: "camp" (the base camp, "camp de base", or an explorers' camp), "temple", "clearing"
    ("clairière"), "ruin" ("ruine", with treasures), "volcano", or None while no hex lies there;
    ``tile``: the hex's number (0 for the four printed hexes, None for an empty space);
    ``value``: a temple's level, its points at a scoring ("Décompte"), else 0;
    ``treasures``: treasures still face down on it; ``camp``: the seat whose camp it is (None for
    the base camp and the others); ``guardian``: ``(seat, piece)`` guarding this temple, or None.
    """

    space: str
    kind: str | None
    tile: int | None
    value: int
    treasures: int
    camp: int | None
    guardian: tuple[int, str] | None
