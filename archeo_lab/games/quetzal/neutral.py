"""Quetzal with two players: the neutral expedition's placement (reconstruction, GAPS 3.6).

Four neutral meeples; from the first player's first placement, after each player turn, if it has
2 meeples it puts them (one random colour) on a random bidding location it can take (empty, or
held by 1 meeple).  Outbid, it takes them back and goes again later.  ``state.py`` calls it as the
state's ``_dummy_turn`` method.
"""

from __future__ import annotations

from typing import Any

from .components import DUMMY_GROUP, LOCATIONS
from .tables import DUMMY, DUMMY_TARGETS, hold_key

__all__ = ["dummy_turn"]


def dummy_turn(state: Any) -> None:
    """Two players: the neutral expedition puts 2 meeples on a random bidding location it can take."""
    if state.dummy < DUMMY_GROUP:
        return
    choices = []
    holds = state.holds
    for i in state.open_bidding:
        h = holds[i]
        if h is None:
            choices += DUMMY_TARGETS[i][2]
        elif h[0] != DUMMY and h[1] % 16 < DUMMY_GROUP:          # held by a single meeple
            choices += DUMMY_TARGETS[i][(h[1] % 64) // 16]
    if not choices:
        return
    i, role = choices[state.rng.below(len(choices))]
    state.chance_count += 1
    if state.spots[i]:
        state._displace(i, state.spots[i][0])
    adv = role == "adventurer"
    state.spots[i] = [(DUMMY, role, DUMMY_GROUP if adv else 0, 0 if adv else DUMMY_GROUP, 0, False)]
    state.holds[i] = (DUMMY, hold_key(i, state.spots[i][0]))
    state.taken |= 1 << i
    state.dummy -= DUMMY_GROUP
    state.events.append(("dummy", LOCATIONS[i].key, role))
