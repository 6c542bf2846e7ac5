"""Quetzal: the board's indices, the turn's phases and the tables that make legal moves fast.

The rules live in ``state.py``; this module holds what they look up on every move: location
indices and bit masks, the gold a placement costs (``placement_cost``: "Placer ses meeples", the
locations' pages), and the placement options of every reserve composition (``Table``), built once
and shared by every state.  A placement turn can offer a hundred groups, and random
play, search bots and the contract tests ask for them at every step.

>>> [LOCATIONS[i].key for i in TEMPLES][:2], KINDS[LOC["quarry"]]
(['temple-1', 'temple-2'], 'bidding')
>>> len(free_options(LOC["camp"], (1, 1, 0, 1), 99))      # any non-empty subset of 1 black, 1 white, the character
7
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from . import components
from .actions import Deliver, Place, sort_in_board_order
from .components import (
    ANNEX_BONUS, COVERED_TWO_PLAYERS, DELIVERY_MAX, LOCATIONS, MOST_MEEPLES, OBJECT_TYPES, SHIP_VP, TEAM_MEEPLES,
    TILE_KIND, TWO_PLAYERS,
)

__all__ = [
    "DUMMY", "LOC", "CAMP", "STELE", "HARBOUR", "MARKET", "TEMPLES", "VILLAGES", "ANNEXES", "SHIPS", "KINDS",
    "BIDDING", "Table", "TABLES", "single_options", "free_options", "bid_options", "delivery_options",
    "covered_spaces", "hold_key", "group_size", "PHASES", "STAGES", "TASK_PHASE", "set_covered", "derive_board",
    "temple_discount", "placement_cost",
]

B, W, E, C = range(4)                     # reserve indices: black, white, either, character

# -- the turn's phases: what the current player decides ---------------------------------------------------
REROLL, PLACE, PICK, SELL, UPGRADE, DELIVER, OVER = "reroll", "place", "pick", "sell", "upgrade", "deliver", "over"
PHASES = (REROLL, PLACE, PICK, SELL, UPGRADE, DELIVER, OVER)
#: The round's steps: placement, then activation (the toss and the refills happen between them).
STAGES = ("place", "activate", "over")
#: The phase in which a pending step of this kind waits for its seat's decision.
TASK_PHASE = {"reroll": REROLL, "pick": PICK, "sell": SELL, "upgrade": UPGRADE, "deliver": DELIVER}

#: The neutral expedition's seat number in location groups (two players only).
DUMMY = -1
LOC = {loc.key: i for i, loc in enumerate(LOCATIONS)}
CAMP, STELE, HARBOUR, MARKET = LOC["camp"], LOC["stele"], LOC["harbour"], LOC["black-market"]
TEMPLES = [i for i, loc in enumerate(LOCATIONS) if loc.area == "temple"]
VILLAGES = [i for i, loc in enumerate(LOCATIONS) if loc.area == "village"]
ANNEXES = [LOC[k] for k in ANNEX_BONUS]
SHIPS = [LOC[k] for k in SHIP_VP]
KINDS = [loc.kind for loc in LOCATIONS]
BIDDING = [i for i, k in enumerate(KINDS) if k == "bidding"]


# -- placement options, cached by what they depend on (a hot path for random play) --------------------
_OPTIONS: dict[tuple, list[Place]] = {}


def single_options(loc: int, res: tuple) -> list[Place]:
    """One meeple of the location's colour (unique locations); the character counts as that colour."""
    key = ("u", loc, res[0] > 0, res[1] > 0, res[2] > 0, res[3] > 0)
    out = _OPTIONS.get(key)
    if out is None:
        name = LOCATIONS[loc].key
        out = []
        for role in LOCATIONS[loc].roles:
            if res[B if role == "adventurer" else W]:
                out.append(Place(name, role, int(role == "adventurer"), int(role == "archaeologist"), 0, False))
            if res[E]:
                out.append(Place(name, role, 0, 0, 1, False))
            if res[C]:
                out.append(Place(name, role, 0, 0, 0, True))
        sort_in_board_order(out)
        _OPTIONS[key] = out
    return out


def free_options(loc: int, res: tuple, most: int) -> list[Place]:
    """Any group of at most ``most`` meeples, colours not chosen (Camp, Harbour office)."""
    key = ("f", loc, res, most)
    out = _OPTIONS.get(key)
    if out is None:
        name = LOCATIONS[loc].key
        out = [Place(name, "any", b, w, e, bool(c))
               for b in range(res[B] + 1) for w in range(res[W] + 1) for e in range(res[E] + 1)
               for c in range(res[C] + 1) if 0 < b + w + e + c <= most]
        sort_in_board_order(out)
        _OPTIONS[key] = out
    return out


def bid_options(loc: int, roles: tuple, least: int, res: tuple) -> list[Place]:
    """Groups of one colour with at least ``least`` meeples (and the character alone if ``least`` is 1)."""
    key = ("b", loc, roles, least, res)
    out = _OPTIONS.get(key)
    if out is None:
        name = LOCATIONS[loc].key
        out = []
        if least <= 1 and res[C]:
            out.append(Place(name, "any", 0, 0, 0, True))
        for role in roles:
            fixed = res[B] if role == "adventurer" else res[W]
            for f in range(fixed + 1):
                for e in range(res[E] + 1):
                    for c in range(res[C] + 1):
                        n = f + e + c
                        if n >= max(least, 1) and not (n == 1 and c):
                            out.append(Place(name, role, f if role == "adventurer" else 0,
                                             f if role == "archaeologist" else 0, e, bool(c)))
        sort_in_board_order(out)
        _OPTIONS[key] = out
    return out


ROLES_AT = [loc.roles for loc in LOCATIONS]
COSTS = [loc.cost for loc in LOCATIONS]
ANNEX_0, ANNEX_1, ANNEX_2 = ANNEXES
#: _SINGLES[has white + 2 has either + 4 has character][location]: one meeple on a unique location.
_SINGLES = [[(single_options(i, (0, w, e, c)) if KINDS[i] == "unique" else []) for i in range(len(LOCATIONS))]
            for c in (0, 1) for e in (0, 1) for w in (0, 1)]

BIDS_BEFORE_VILLAGE = ANNEXES + [MARKET]
#: DUMMY_TARGETS[i][colour code of the holder (0 adventurer, 1 archaeologist, 2 any/empty)]:
#: the (location, colour) pairs the neutral expedition may choose there.
DUMMY_TARGETS = [[[(i, r) for r in ROLES_AT[i] if code == 2 or r == ("adventurer", "archaeologist")[code]]
                   for code in range(3)] for i in range(len(LOCATIONS))]
STELE_BIT = 1 << STELE
TEMPLE_BITS = sum(1 << i for i in TEMPLES)
VILLAGE_BITS = sum(1 << i for i in VILLAGES)
TEMPLE_TASKS = [(i, LOCATIONS[i].picks, LOCATIONS[i].draws, LOCATIONS[i].key) for i in TEMPLES]
VILLAGE_TASKS = [(i, LOCATIONS[i].key) for i in VILLAGES]
SHIP_TASKS = [(i, LOCATIONS[i].key, SHIP_VP[LOCATIONS[i].key]) for i in SHIPS]
N_LOCATIONS = len(LOCATIONS)
BID_A_BITS = sum(1 << i for i in BIDS_BEFORE_VILLAGE)
#: Bits of the Stele and the Temple slots a seat can pay for, by gold + Temple discount (capped at the
#: dearest slot: more gold buys nothing more).
AFFORD_TEMPLE = [STELE_BIT | sum(1 << i for i in TEMPLES if COSTS[i] <= g)
                 for g in range(max(COSTS[i] for i in TEMPLES) + 1)]
#: Bits of the Village slots a seat can pay for, by gold (capped at the dearest slot).
AFFORD_VILLAGE = [sum(1 << i for i in VILLAGES if COSTS[i] <= g) for g in range(max(COSTS[i] for i in VILLAGES) + 1)]
#: The most meeples the Harbour's options are listed for (a reserve never holds more).
HARBOUR_MOST = MOST_MEEPLES
TABLES: dict[tuple, Table] = {}


class Kept(dict[Any, list[Place]]):
    """Lists of placements built on first use by ``build(key)`` and kept: a key met before costs one
    dictionary lookup, in C (``Table`` holds one per kind of list)."""

    __slots__ = ("build",)

    def __init__(self, build: Callable[[Any], list[Place]]):
        super().__init__()
        self.build = build

    def __missing__(self, key: Any) -> list[Place]:
        value = self[key] = self.build(key)
        return value


class Table:
    """The placement options of one reserve composition, built once and shared by every state.

    In board order a placement turn offers: the Camp, the Stele and Temple slots, the annexes and
    the Black market, the Village slots, the Harbour office, the Ships.  ``openings[mask]`` is the
    Camp and the unique slots of ``mask`` (bits of the Stele and Temple slots open to you);
    ``openings_bids[mask]`` adds the groups for the annexes and the Black market while all four
    are empty; ``closings[mask, most]`` is the Village slots of ``mask`` and the Harbour groups of at
    most ``most`` meeples.  ``empty[i]``: groups for bidding location ``i`` while it is empty;
    ``held[key]``: groups that outbid a holder (``key`` = location * 64 + colour code * 16 +
    the holder's size).  Every list is built on first use and kept.
    """

    __slots__ = ("res", "camp", "singles", "empty", "held", "harbour", "openings", "openings_bids", "closings")

    def __init__(self, res: tuple[int, ...]):
        self.res = res
        self.camp = free_options(CAMP, res, 99)
        self.singles = _SINGLES[(res[1] > 0) + 2 * (res[2] > 0) + 4 * (res[3] > 0)]
        self.empty = [(bid_options(i, ROLES_AT[i], 1, res) if KINDS[i] == "bidding" else []) for i in range(len(KINDS))]
        self.held = Kept(self._outbid)
        full = free_options(HARBOUR, res, 99)
        self.harbour = [[a for a in full if a.count <= m] for m in range(HARBOUR_MOST + 1)]
        self.openings = Kept(self._opening)
        self.openings_bids = Kept(self._opening_with_bids)
        self.closings = Kept(self._closing)
        TABLES[res] = self

    def _opening(self, mask: int) -> list[Place]:
        """The Camp's groups, then one meeple on each Stele or Temple slot whose bit is set in ``mask``."""
        return self.camp + self._singles(mask)

    def _opening_with_bids(self, mask: int) -> list[Place]:
        """``openings[mask]``, then the groups for the annexes and the Black market, all four empty."""
        return self.openings[mask] + [a for i in BIDS_BEFORE_VILLAGE for a in self.empty[i]]

    def _closing(self, key: tuple[int, int]) -> list[Place]:
        """One meeple on each Village slot of ``mask``, then the Harbour groups of at most ``most`` meeples
        (``key = (mask, most)``)."""
        mask, most = key
        return self._singles(mask) + self.harbour[most]

    def _singles(self, mask: int) -> list[Place]:
        return [a for i in range(len(KINDS)) if mask >> i & 1 for a in self.singles[i]]

    def _outbid(self, key: int) -> list[Place]:
        """The groups that outbid a holder: ``key`` = location * 64 + the holder's colour code * 16 + its size."""
        i, code, size = key // 64, (key % 64) // 16, key % 16
        roles = ROLES_AT[i] if code == 2 else ("archaeologist",) if code == 1 else ("adventurer",)
        return bid_options(i, tuple(r for r in roles if r in ROLES_AT[i]), size + 1, self.res)


DELIVERIES: dict[tuple, list[Deliver]] = {}


def delivery_options(t: int, have) -> list[Deliver]:
    """Deliveries of 1 to 3 cards of type ``t`` given how many plain/gold/vp/discovery cards are held."""
    key = (t, have[0], have[1], have[2], have[3])
    out = DELIVERIES.get(key)
    if out is None:
        name = OBJECT_TYPES[t].key
        out = []
        for n in range(1, DELIVERY_MAX + 1):
            for g in range(min(have[1], n) + 1):
                for v in range(min(have[2], n - g) + 1):
                    for d in range(min(have[3], n - g - v) + 1):
                        if n - g - v - d <= have[0]:
                            out.append(Deliver(name, n, g, v, d))
        sort_in_board_order(out)
        DELIVERIES[key] = out
    return out


def covered_spaces(players: int) -> frozenset[int]:
    """The locations covered in a two-player game (GAPS 3.6: Village 3 and Ship B), else none."""
    return frozenset(LOC[k] for k in COVERED_TWO_PLAYERS) if players == TWO_PLAYERS else frozenset()


_COLOUR_CODE = {"adventurer": 0, "archaeologist": 1, "any": 2}


def hold_key(i: int, group: Sequence[Any]) -> int:
    """What outbidding the holder of bidding location ``i`` needs: location * 64 + colour * 16 + size."""
    return i * 64 + _COLOUR_CODE[group[1]] * 16 + group[2] + group[3] + group[4] + group[5]


def group_size(group: Sequence[Any]) -> int:
    """How many meeples a group ``(seat, role, black, white, either, character)`` has."""
    return group[2] + group[3] + group[4] + int(group[5])


def _open_board(players: int) -> tuple[Any, ...]:
    covered = covered_spaces(players)
    villages = tuple(i for i in VILLAGES if i not in covered)
    return (covered, villages, tuple(i for i in SHIPS if i not in covered), sum(1 << i for i in villages),
            tuple(i for i in BIDDING if i not in covered))


#: Per player count: the covered spaces, the Village slots, Ships and bidding locations left open.
_OPEN_BOARD = {n: _open_board(n) for n in TEAM_MEEPLES}


def set_covered(state: Any) -> None:
    """Covered spaces (two players) and the Village slots, Ships and bidding locations left open."""
    (state.covered, state.open_villages, state.open_ships, state.open_village_mask,
     state.open_bidding) = _OPEN_BOARD[state.players]


def derive_board(state: Any) -> None:
    """Recompute ``taken`` (unique and bidding locations occupied, as bits) and ``holds`` from ``spots``."""
    state.taken = sum(1 << i for i, g in enumerate(state.spots) if g and KINDS[i] != "free")
    state.holds = [(g[0][0], hold_key(i, g[0])) if g and KINDS[i] == "bidding" else None
                   for i, g in enumerate(state.spots)]


#: Per upgrade tile: 1 for a "Temple -1" tile, else 0.
_IS_TEMPLE_DISCOUNT = {t: int(kind == "temple-discount") for t, kind in TILE_KIND.items()}


def temple_discount(upgrades: Iterable[str]) -> int:
    """Gold off each Temple slot for these upgrade tiles ("Temple -1", ``components.TEMPLE_DISCOUNT`` per tile)."""
    if not upgrades:                     # most seats hold no tile: no count to make
        return 0
    return components.TEMPLE_DISCOUNT * sum(map(_IS_TEMPLE_DISCOUNT.__getitem__, upgrades))


def placement_cost(i: int, count: int, upgrades: Iterable[str]) -> int:
    """Gold paid at once for ``count`` meeples on location ``i`` (the locations' "Placement" lines).

    A unique location costs its price (a Temple slot less the Temple discount, never below 0); the
    Harbour office ``components.HARBOUR_COST`` per meeple; the other locations nothing.
    """
    kind = KINDS[i]
    if kind == "unique":
        cost = LOCATIONS[i].cost
        return max(0, cost - temple_discount(upgrades)) if i in TEMPLES else cost
    if i == HARBOUR:
        return components.HARBOUR_COST * count
    return 0
