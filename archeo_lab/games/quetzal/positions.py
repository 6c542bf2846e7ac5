"""Small Quetzal positions for tutorials and rule tests, set up by hand like a
chess diagram.

``position(...)`` starts a seeded game and arranges the placement phase of a round: each
seat's reserve (``[black, white, either, character]``), gold, objects, upgrades and tracks,
the groups already on the board, the displays and who is to place.  Meeples that are in
neither the reserve nor a given group are put on the Camp (placed there earlier in the
round), so the result is a legal state (``check()``).

>>> s = position(players=3, reserves=[[2, 0, 1, 1], [0, 3, 0, 1], [1, 1, 1, 0]],
...              groups={"quarry": [(1, "archaeologist", 0, 2, 0, False)]}, to_move=0)
>>> s.current_player, str(s.legal_actions()[0])
(0, 'place 1 meeple on camp (character)')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .components import (
    CARD_BY_ID, DISCOVERY_MAX, DUMMY_MEEPLES, LOCATION_BY_KEY, RESERVE_FACES, TEAM_MEEPLES, TILE_KIND, TWO_PLAYERS,
    VILLAGE_DISPLAY,
)
from .state import GAME, QuetzalState
from .tables import CAMP, DUMMY, LOC, PLACE, group_size

__all__ = ["position", "holder"]


def position(players: int = 3, *, seed: int = 0, reserves: Sequence[Sequence[int]] | None = None,
             groups: Mapping[str, Sequence[tuple[Any, ...]]] | None = None, to_move: int | None = None,
             first: int = 0, gold: Sequence[int] | None = None, hands: Sequence[Sequence[str]] | None = None,
             upgrades: Sequence[Sequence[str]] | None = None, vp: Sequence[int] | None = None,
             discovery: Sequence[int] | None = None, temple: Sequence[str] | None = None,
             village: Sequence[str] | None = None, round: int = 1) -> QuetzalState:
    """A state in the placement phase of round ``round``, arranged as given (module docstring).

    ``groups`` maps a location key to its groups, each ``(seat, role, black, white, either,
    character)``; ``hands`` and ``temple`` name object cards (taken from the pile);
    ``upgrades`` and ``village`` name upgrade tiles (taken from the stack or the Village).  Raises
    ``ValueError`` on an arrangement the rules cannot reach.
    """
    state = GAME.new_state(players=players, seed=seed)
    assert isinstance(state, QuetzalState)
    state.round, state.first = round, first
    _set_reserves(state, reserves)
    _set_groups(state, groups or {})
    _set_tracks(state, gold=gold, vp=vp, discovery=discovery)
    _set_cards(state, temple=temple, hands=hands)
    _set_upgrades(state, upgrades)
    _set_village(state, village)
    _start_placement(state, first if to_move is None else to_move)
    return state


def _set_reserves(state: QuetzalState, reserves: Sequence[Sequence[int]] | None) -> None:
    """Each seat's meeples not yet placed, ``[black, white, either, character]``."""
    n = state.players
    if reserves is None:
        return
    if len(reserves) != n or any(len(r) != len(RESERVE_FACES) or min(r) < 0 for r in reserves):
        raise ValueError(f"reserves: give {n} lists [black, white, either, character] of counts >= 0")
    state.reserve = [list(r) for r in reserves]


def _set_groups(state: QuetzalState, groups: Mapping[str, Sequence[tuple[Any, ...]]]) -> None:
    """The groups given, then every seat's missing meeples on the Camp and the neutral expedition's rest."""
    state.spots = [[] for _ in state.spots]
    for key, gs in groups.items():
        if key not in LOCATION_BY_KEY:
            raise ValueError(f"no location {key!r}")
        state.spots[LOC[key]] = [tuple(g[:5]) + (bool(g[5]),) for g in gs]
    n, team = state.players, TEAM_MEEPLES[state.players]
    placed = [[0, 0] for _ in range(n)]
    for g in (g for gs in state.spots for g in gs if 0 <= g[0] < n):
        placed[g[0]][0] += g[2] + g[3] + g[4]
        placed[g[0]][1] += int(g[5])
    for p in range(n):
        r = state.reserve[p]
        rest_team, rest_char = team - r[0] - r[1] - r[2] - placed[p][0], 1 - r[3] - placed[p][1]
        if rest_team < 0 or rest_char < 0:
            raise ValueError(f"seat {p} has more than {team} team meeples and 1 character")
        if rest_team or rest_char:
            state.spots[CAMP].append((p, "any", rest_team, 0, 0, bool(rest_char)))
    if n == TWO_PLAYERS:
        state.dummy = DUMMY_MEEPLES - sum(group_size(g) for gs in state.spots for g in gs if g[0] == DUMMY)


def _set_tracks(state: QuetzalState, **tracks: Sequence[int] | None) -> None:
    """Gold, score track and discovery track, one value per seat (discovery within its track)."""
    n = state.players
    for name, values in tracks.items():
        if values is None:
            continue
        hi = DISCOVERY_MAX if name == "discovery" else None
        if len(values) != n or any(v < 0 or (hi is not None and v > hi) for v in values):
            raise ValueError(f"{name}: give {n} values from 0" + (f" to {hi}" if hi is not None else ""))
        setattr(state, name, list(values))


def _pull_card(state: QuetzalState, card: str) -> str:
    """Take an object card from wherever it is (pile, displays, discard) so that it can be placed."""
    if card not in CARD_BY_ID:
        raise ValueError(f"no object card {card!r}")
    for place in (state.deck, state.temple, *state.annexes, state.discard):
        if card in place:
            place.remove(card)
            return card
    raise ValueError(f"object card {card} is used twice")


def _set_cards(state: QuetzalState, *, temple: Sequence[str] | None, hands: Sequence[Sequence[str]] | None) -> None:
    """The Temple display and the seats' objects, taken from the pile."""
    if temple is not None:
        state.deck += state.temple
        state.temple = []
        state.temple = [_pull_card(state, c) for c in temple]
    if hands is not None:
        if len(hands) != state.players:
            raise ValueError(f"hands: give {state.players} lists of object cards")
        state.hands = [[_pull_card(state, c) for c in h] for h in hands]


def _set_upgrades(state: QuetzalState, upgrades: Sequence[Sequence[str]] | None) -> None:
    """The upgrade tiles each seat has won, taken from the stack or the Village."""
    if upgrades is None:
        return
    if len(upgrades) != state.players:
        raise ValueError(f"upgrades: give {state.players} lists of upgrade tiles")
    for p, tiles in enumerate(upgrades):
        for t in tiles:
            if t not in TILE_KIND:
                raise ValueError(f"no upgrade tile {t!r}")
            place = next((where for where in (state.stack, state.village) if t in where), None)
            if place is None:
                raise ValueError(f"upgrade tile {t} is used twice")
            place.remove(t)
            state.upgrades[p].append(t)


def _set_village(state: QuetzalState, village: Sequence[str] | None) -> None:
    """The upgrades face up in the Village (given, or refilled from the stack)."""
    if village is not None:
        if len(village) > VILLAGE_DISPLAY:
            raise ValueError(f"village: at most {VILLAGE_DISPLAY} upgrades face up")
        state.stack += state.village
        state.village = []
        for t in village:
            if t not in state.stack:
                raise ValueError(f"upgrade tile {t!r} is unknown or used twice")
            state.stack.remove(t)
            state.village.append(t)
    while len(state.village) < VILLAGE_DISPLAY and state.stack:
        state.village.append(state.stack.pop())


def _start_placement(state: QuetzalState, to_move: int) -> None:
    """A placement turn from ``to_move`` on (the next seat with meeples), with a fresh log; then ``check()``."""
    state.pending, state.stage, state.phase = [], "place", PLACE
    state.dummy_due = False
    state.turn = to_move
    state.changed()                     # the occupied spaces derived from the groups, no stale legal list
    if not state._next_turn():          # the mover: the next seat with meeples from to_move on
        raise ValueError("nobody has a meeple left to place")
    state.events = [("start", state.players), ("round", state.round, state.first)]
    problems = state.check()
    if problems:
        raise ValueError(problems[0])


def holder(state: QuetzalState, location: str) -> int | None:
    """The seat holding a location: the first group there (``DUMMY`` for the neutral
    expedition), or ``None`` when nobody is there.  On a bidding location it is the seat
    a newcomer must outbid.

    >>> s = position(players=3, reserves=[[2, 0, 1, 1], [0, 3, 0, 1], [1, 1, 1, 0]],
    ...              groups={"quarry": [(1, "archaeologist", 0, 2, 0, False)]}, to_move=0)
    >>> holder(s, "quarry"), holder(s, "ruins")
    (1, None)
    """
    if location not in LOCATION_BY_KEY:
        raise ValueError(f"no location {location!r}; locations: {', '.join(LOCATION_BY_KEY)}")
    groups = state.spots[LOC[location]]
    return groups[0][0] if groups else None
