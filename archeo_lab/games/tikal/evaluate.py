"""Tikal: a heuristic value per seat, for the greedy bot and search cut-offs.

The value of a seat is its prestige points now plus what its position would
score at every scoring still to come (``future_scorings``): temples it holds
(a guarded temple and a majority alike, in full: ``HELD_SHARE``) and its
treasure sets.  Small terms make one-move-ahead play sensible:

* a share of each contested temple, in proportion to the strength there;
* a token soon from a ruin where the seat has explorers;
* each piece in play is worth a little, more near temples and ruins (a
  proximity field computed once per board layout with Dijkstra's algorithm),
  with diminishing returns for a crowd on one hex;
* a camp set up is worth its shortcut;
* in an auction, holding the high bid costs the bid but is worth a turn;
* the player spending action points loses a hair per AP left, so that when
  nothing helps, ending the turn is best.

It reads only public information (no face-down treasure, no stack order), so
bots may call it on ``determinize()`` copies.
"""

from __future__ import annotations

import heapq
import itertools

from . import scoring
from .components import TILE_BY_ID
from .hexgrid import SPACES

__all__ = ["evaluate", "future_scorings", "proximity"]

_VOLCANOES = frozenset(t.id for t in TILE_BY_ID.values() if t.kind == "volcano")
#: A temple held by majority, per scoring to come, as a share of its value: in full, as a guarded one.
#: « Placer un Gardien est un sacrifice qui vous garantit les Point de Prestige d'un Temple »: 5 AP, the
#: other explorers there « dans la boîte », and « Plus aucun étage du temple ne peut être dégagé ».  At
#: 0.8 a majority looked a fifth short of a guard, so the bots paid that sacrifice early and often (40
#: guardians in 20 greedy games), and such a greedy bot won 19 of 100 games against one valuing
#: majorities in full (benchmarks/RESULTS.md, "Tikal's evaluation").  The price: nothing here values a guard's safety,
#: so the bots no longer place guardians at all (none in those 20 games, nor in 3 games of the default
#: search level against itself).
HELD_SHARE = 1.0
CONTEST_SHARE = 0.3         # share of a temple's value spread by strength
RUIN_TOKEN = 0.6            # a treasure within reach
PIECE = 0.05                # a piece in play
#: n pieces on one hex are worth 1, 1.5, 1.75, ... times its proximity (crowds add little).
_CROWD = [2 - 2 ** (1 - n) if n else 0.0 for n in range(40)]
CAMP = 1.5                  # a camp set up
TURN_VALUE = 3.0            # what winning an auction is worth (a turn with the first choice)
AP_HAIR = 0.001             # per AP left to the player spending them
REACH = 8                   # the proximity field looks this many AP away
#: (passages, hexes' kinds) -> (a serial number, what ``_reach`` found); at most ``_REACHES_MAX`` before it
#: starts afresh.  The serial numbers are never reused: they key the proximity fields across layout objects.
_reaches: dict[tuple, tuple[int, list[tuple[int, bool, list[tuple[int, int]]]]]] = {}
_REACHES_MAX = 2_000
_serials = itertools.count()
#: (serial number of the shortest paths, temples' levels and ruins' treasures) -> proximity field.
_fields: dict[tuple, list[float]] = {}
_FIELDS_MAX = 20_000
#: A seat's treasures (count per kind) -> their points (``scoring.treasure_score``): a few hundred collections.
_treasure_points: dict[tuple[int, ...], int] = {}


def future_scorings(state) -> list[int]:
    """How many scorings each seat still has to come: volcanoes not yet drawn, the final
    one, and the round in progress for the seats that have not scored in it yet.

    >>> import archeo_lab as al
    >>> future_scorings(al.get_game("tikal").new_state(players=2, seed=1))
    [4, 4]
    """
    volcanoes = len(_VOLCANOES.intersection(state.stack))      # tile ids are unique
    if state.offer:
        volcanoes += len(_VOLCANOES.intersection(state.offer))
    base = volcanoes + (0 if state.turn_kind == "final" else 1)
    pending = set()
    if state.turn_kind != "normal" and state.current_player is not None:
        pending = set(state.queue) | {state.current_player}
    return [base + (s in pending) for s in state.seats]


def _reach(state, geo) -> list[tuple[int, bool, list[tuple[int, int]]]]:
    """Per temple and ruin of this layout: ``(space, is_temple, [(space, AP away), ...])`` within ``REACH`` AP.

    Shortest paths (Dijkstra's algorithm over the passages' AP costs) depend on the layout only, so
    they are worked out once per layout and kept with it, and with the passages and the hexes' kinds
    (``_reaches``: a search places the same tile on the same space in many iterations, and a camp makes
    a new layout with the same passages); temples' levels and ruins' treasures, which change without a
    new tile, only weigh them (``proximity``).
    """
    reach = geo.extra.get("reach")
    if reach is not None:
        return reach  # type: ignore[no-any-return]
    key = (tuple(geo.adj), tuple(state.kind))
    known = _reaches.get(key)
    if known is not None:
        geo.extra["serial"], geo.extra["reach"] = known
        return known[1]
    if len(_reaches) >= _REACHES_MAX:
        _reaches.clear()
    reach = []
    adj = geo.adj
    for j in range(SPACES):
        k = state.kind[j]
        if k != "temple" and k != "ruin":
            continue
        dist = {j: 0}
        heap = [(0, j)]
        found = []
        while heap:
            d, i = heapq.heappop(heap)
            if d > dist.get(i, d):
                continue
            found.append((i, d))
            for nxt, c in adj[i]:
                nd = d + c
                if nd <= REACH and nd < dist.get(nxt, REACH + 1):
                    dist[nxt] = nd
                    heapq.heappush(heap, (nd, nxt))
        reach.append((j, k == "temple", found))
    known = _reaches[key] = (next(_serials), reach)
    geo.extra["serial"], geo.extra["reach"] = known
    return reach


def proximity(state) -> list[float]:
    """Per space, how close it is to temples and ruins: sum of weight / (1 + AP) within ``REACH`` AP.

    A temple weighs 0.05 per visible level, a ruin 0.1 per treasure left.
    """
    geo = state.layout()
    # Keyed by what it reads besides the layout, so that it is a pure function of the position.
    tokens = state.tokens
    key = ("proximity", tuple(map(state.value.__getitem__, geo.temples)), tuple(tokens),
           tuple(map(len, tokens.values())))
    field = geo.extra.get(key)
    if field is not None:
        return field  # type: ignore[no-any-return]
    reach = _reach(state, geo)
    shared = (geo.extra["serial"], key)        # the same shortest paths in another layout object
    field = _fields.get(shared)
    if field is None:
        field = [0.0] * SPACES
        value = state.value
        for j, temple, found in reach:
            weight = 0.05 * value[j] if temple else 0.1 * len(tokens.get(j, ()))
            for i, d in found:
                field[i] += weight / (1 + d)
        if len(_fields) >= _FIELDS_MAX:
            _fields.clear()
        _fields[shared] = field
    if len(geo.extra) > 64:         # the fields go, the layout's shortest paths stay
        serial = geo.extra["serial"]
        geo.extra.clear()
        geo.extra["serial"], geo.extra["reach"] = serial, reach
    geo.extra[key] = field
    return field


def evaluate(state) -> list[float]:
    """Estimated final prestige per seat (see the module docstring)."""
    points = state.points
    if state.is_terminal:
        return [float(p) for p in points]
    seats = range(state.players)
    future = future_scorings(state)
    out = [float(p) for p in points]
    expl, leader_at = state.expl, state.leader_at
    lead3 = scoring.LEADER_STRENGTH
    value, guard = state.value, state.guard
    spaces_of = state._occ             # per seat, the spaces with its explorers, in order
    occupied = set(leader_at)          # the spaces with a piece (and -1, a leader not in play)
    for row in spaces_of:
        occupied.update(row)
    for i in state.layout().temples:
        v = value[i]
        g = guard[i]
        if g is not None:
            out[g[0]] += v * future[g[0]]
            continue
        if i not in occupied:
            continue
        st = [expl[s][i] + (lead3 if leader_at[s] == i else 0) for s in seats]
        total = sum(st)
        holder = scoring.temple_holder(st)
        if holder is not None:
            out[holder] += HELD_SHARE * v * future[holder]
        for s in seats:
            if st[s]:
                out[s] += CONTEST_SHARE * v * st[s] / (total + 2)
    for s in seats:
        row = tuple(state.treasures[s])
        points_of = _treasure_points.get(row)
        if points_of is None:
            points_of = _treasure_points[row] = scoring.treasure_score(row)
        out[s] += points_of * future[s]
    for i, tokens in state.tokens.items():
        if i not in occupied:
            continue
        for s in seats:
            here = expl[s][i] + (leader_at[s] == i)
            if here:
                out[s] += RUIN_TOKEN * min(here, len(tokens))
    near = proximity(state)
    for s in seats:
        row = expl[s]
        lead = leader_at[s]
        total = 0.0
        for i in spaces_of[s]:
            total += near[i] * _CROWD[row[i] + (lead == i)]
        if lead >= 0 and not row[lead]:
            total += near[lead]
        out[s] += total + PIECE * (sum(row) + (lead >= 0)) + CAMP * (2 - state.camps_left[s])
    phase = state.phase
    if phase == "actions":
        out[state.current_player] -= AP_HAIR * state.ap
    elif phase == "bid" and state.high_bidder is not None:
        out[state.high_bidder] += TURN_VALUE - state.high_bid
    return out
