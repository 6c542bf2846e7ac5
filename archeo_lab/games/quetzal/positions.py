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

from .components import CARD_BY_ID, DISCOVERY_MAX, LOCATION_BY_KEY, TEAM_MEEPLES, TILE_KIND
from .state import GAME, QuetzalState, derive_board
from .tables import LOC

__all__ = ["position", "holder"]


def position(players: int = 3, *, seed: int = 0, reserves: Sequence[Sequence[int]] | None = None,
             groups: Mapping[str, Sequence[tuple]] | None = None, to_move: int | None = None,
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
    n = state.players
    seats = range(n)
    team = TEAM_MEEPLES[n]
    state.round, state.first = round, first
    if reserves is not None:
        if len(reserves) != n or any(len(r) != 4 or min(r) < 0 for r in reserves):
            raise ValueError(f"reserves: give {n} lists [black, white, either, character] of counts >= 0")
        state.reserve = [list(r) for r in reserves]
    state.spots = [[] for _ in state.spots]
    for key, gs in (groups or {}).items():
        if key not in LOCATION_BY_KEY:
            raise ValueError(f"no location {key!r}")
        state.spots[LOC[key]] = [tuple(g[:5]) + (bool(g[5]),) for g in gs]
    placed = [[0, 0] for _ in seats]
    for gs in state.spots:
        for g in gs:
            if 0 <= g[0] < n:
                placed[g[0]][0] += g[2] + g[3] + g[4]
                placed[g[0]][1] += int(g[5])
    camp = state.spots[LOC["camp"]]
    for p in seats:
        r = state.reserve[p]
        rest_team, rest_char = team - r[0] - r[1] - r[2] - placed[p][0], 1 - r[3] - placed[p][1]
        if rest_team < 0 or rest_char < 0:
            raise ValueError(f"seat {p} has more than {team} team meeples and 1 character")
        if rest_team or rest_char:
            camp.append((p, "any", rest_team, 0, 0, bool(rest_char)))
    if n == 2:
        state.dummy = 4 - sum(g[2] + g[3] for gs in state.spots for g in gs if g[0] == -1)
    limits = (("gold", gold, 0, None), ("vp", vp, 0, None), ("discovery", discovery, 0, DISCOVERY_MAX))
    for name, values, lo, hi in limits:
        if values is not None:
            if len(values) != n or any(v < lo or (hi is not None and v > hi) for v in values):
                raise ValueError(f"{name}: give {n} values from {lo}" + (f" to {hi}" if hi is not None else ""))
            setattr(state, name, list(values))

    def pull(card: str, where: list) -> str:
        if card not in CARD_BY_ID:
            raise ValueError(f"no object card {card!r}")
        for place in (state.deck, state.temple, *state.annexes, state.discard):
            if card in place:
                place.remove(card)
                return card
        raise ValueError(f"object card {card} is used twice")

    if temple is not None:
        state.deck += state.temple
        state.temple = []
        state.temple = [pull(c, state.temple) for c in temple]
    if hands is not None:
        if len(hands) != n:
            raise ValueError(f"hands: give {n} lists of object cards")
        state.hands = [[pull(c, h) for c in h] for h in hands]
    if upgrades is not None:
        if len(upgrades) != n:
            raise ValueError(f"upgrades: give {n} lists of upgrade tiles")
        for p, tiles in enumerate(upgrades):
            for t in tiles:
                if t not in TILE_KIND:
                    raise ValueError(f"no upgrade tile {t!r}")
                for place in (state.stack, state.village):
                    if t in place:
                        place.remove(t)
                        break
                else:
                    raise ValueError(f"upgrade tile {t} is used twice")
                state.upgrades[p].append(t)
    if village is not None:
        if len(village) > 3:
            raise ValueError("village: at most 3 upgrades face up")
        state.stack += state.village
        state.village = []
        for t in village:
            if t not in state.stack:
                raise ValueError(f"upgrade tile {t!r} is unknown or used twice")
            state.stack.remove(t)
            state.village.append(t)
    while len(state.village) < 3 and state.stack:
        state.village.append(state.stack.pop())
    derive_board(state)
    state.pending, state.stage, state.phase = [], "place", "place"
    state.dummy_due = False
    state.turn = first if to_move is None else to_move
    mover = state._next_placer()
    if mover is None:
        raise ValueError("nobody has a meeple left to place")
    state.current_player = mover
    state.events = [("start", n), ("round", round, first)]
    state.changed()
    problems = state.check()
    if problems:
        raise ValueError(problems[0])
    return state


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
