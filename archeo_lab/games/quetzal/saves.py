"""Quetzal: the saved fields, validated on load, the public log's line kinds, and ``check()``.

A save (``State.to_json``) holds every field of the position (``to_dict``); loading reads each one
with a range or a set of values (``from_dict``: a seat, a card of the game, a location, counts within
a seat's meeples) and rebuilds what is derived from them (the covered spaces, ``taken``, ``holds``).
``TASKS`` says what each kind of pending step holds, ``EVENTS`` what each kind of log line holds.
``check`` finds what the rules cannot reach: a card or tile in two places, meeples lost, a group
mixing colours, the current decision not being the first pending step.
"""

from __future__ import annotations

from typing import Any

from archeo_lab.engine import Fields
from archeo_lab.engine.errors import quote
from archeo_lab.engine.saves import SEAT, CorruptSave, Spec, ints, items, one_of, per_seat

from .actions import RESERVE_FACES, ROLE_CHOICES, KeepObjects, KeepToss, NoDelivery
from .components import (
    ANNEX_BONUS, ANNEX_CARDS, BLACK_MARKET_GOLD, CAMP_GOLD, CARD_BY_ID, DISCOVERY_BONUSES, DISCOVERY_MAX,
    DUMMY_MEEPLES, LOCATIONS, MOST_MEEPLES, OBJECT_BY_KEY, ROUNDS, SHIP_VP, STANDING_GOLD, TEAM_MEEPLES,
    TEMPLE_DISPLAY, TILE_KIND, TWO_PLAYERS, UPGRADE_BY_KEY, VILLAGE_DISPLAY,
)
from .tables import (
    ANNEXES, DUMMY, KINDS, LOC, OVER, PHASES, PLACE, STAGES, TASK_PHASE, TEMPLES, VILLAGE_TASKS, derive_board,
    group_size, set_covered,
)

__all__ = ["TRACK_LIMIT", "FACE_SLOT", "TASKS", "EVENTS", "to_dict", "from_dict", "check"]

#: Gold and victory points saved are at most this: far above any game (over 2,000 random games of 2 to 5
#: players the most gold seen was 49 and the most VP 47); it only refuses absurd values.
TRACK_LIMIT = 9_999
#: A tossed face -> the reserve kind it gives (index in ``RESERVE_FACES``): side and standing are "either".
FACE_SLOT = {"black": 0, "white": 1, "side": 2, "standing": 2}
_SEAT_OR_DUMMY = SEAT | one_of([DUMMY], "the neutral expedition")
_CARD = one_of(CARD_BY_ID, "an object card")
_LOCATION = one_of(LOC, "a location")
_SCORE = ints(-TRACK_LIMIT, TRACK_LIMIT)
#: The steps owed this round (``pending``), read like the log: each kind and what it holds.
TASKS = {
    "stele": (SEAT,), "annex": (_SEAT_OR_DUMMY, ints(0, len(ANNEX_BONUS) - 1)),
    "pick": (SEAT, ints(0, max(LOCATIONS[i].picks for i in TEMPLES)), ints(0, max(LOCATIONS[i].draws for i in TEMPLES)),
             one_of([LOCATIONS[i].key for i in TEMPLES], "a temple")),
    "sell": (SEAT,), "upgrade": (SEAT, one_of([key for _, key in VILLAGE_TASKS] + ["discovery"])),
    "deliver": (SEAT, ints(1, MOST_MEEPLES), ints(0, max(SHIP_VP.values())), one_of(["harbour", *SHIP_VP])),
    "reroll": (SEAT, ints(1, MOST_MEEPLES), one_of(["upgrade", "camp"])),
}
#: The public log, entry by entry (``Fields.events``): what each kind of line holds.
EVENTS = {
    "start": (Spec("the number of players", lambda v, n: v == n and type(v) is int),),
    "round": (ints(1, ROUNDS), SEAT),
    "toss": (SEAT, Spec("the faces of a seat's meeples", lambda v, n: isinstance(v, (list, tuple))
                        and len(v) == TEAM_MEEPLES[n] + 1 and all(f in FACE_SLOT for f in v)),
             ints(0, MOST_MEEPLES * STANDING_GOLD)),
    "reroll": (SEAT, one_of(RESERVE_FACES), one_of(FACE_SLOT), one_of([0, STANDING_GOLD]),
               one_of(["upgrade", "camp"])),
    "place": (SEAT, _LOCATION, one_of(ROLE_CHOICES), ints(0, MOST_MEEPLES), ints(0, MOST_MEEPLES),
              ints(0, MOST_MEEPLES), one_of([False, True]), ints(0, TRACK_LIMIT)),
    "camp": (SEAT, ints(0, MOST_MEEPLES * CAMP_GOLD)), "outbid": (_SEAT_OR_DUMMY, _LOCATION, ints(1, MOST_MEEPLES)),
    "dummy": (_LOCATION, one_of(["adventurer", "archaeologist"])), "activate": (ints(1, ROUNDS),),
    "stele": (SEAT,), "take": (SEAT, _CARD), "draw": (SEAT, items(_CARD, 1)),
    "annex": (_SEAT_OR_DUMMY, one_of(ANNEX_BONUS), items(_CARD), one_of(["", *ANNEX_BONUS.values()])),
    "sell": (SEAT, _CARD, one_of([BLACK_MARKET_GOLD])), "upgrade": (SEAT, one_of(UPGRADE_BY_KEY, "an upgrade")),
    "deliver": (SEAT, one_of(OBJECT_BY_KEY, "an object type"), items(_CARD, 1), ints(0, TRACK_LIMIT),
                ints(0, TRACK_LIMIT), ints(0, DISCOVERY_MAX), one_of(["harbour", *SHIP_VP])),
    "discovery": (SEAT, ints(1, DISCOVERY_MAX), one_of(["", *(b[0] for b in DISCOVERY_BONUSES.values())])),
    "pass": (SEAT, one_of([str(KeepToss()), str(KeepObjects()), str(NoDelivery())])),
    "reshuffle": (ints(1, len(CARD_BY_ID)),), "end": (per_seat(_SCORE),),
}


def to_dict(s: Any) -> dict[str, Any]:
    """Every field of the position, as JSON-able lists."""
    return {
        "round": s.round, "stage": s.stage, "phase": s.phase, "current_player": s.current_player,
        "first": s.first, "turn": s.turn, "turns": s.turns, "dummy_due": s.dummy_due,
        "dummy": s.dummy, "reserve": [list(r) for r in s.reserve], "gold": list(s.gold),
        "vp": list(s.vp), "discovery": list(s.discovery), "hands": [list(h) for h in s.hands],
        "upgrades": [list(u) for u in s.upgrades], "spots": [[list(g) for g in spot] for spot in s.spots],
        "deck": list(s.deck), "discard": list(s.discard), "temple": list(s.temple),
        "annexes": [list(a) for a in s.annexes], "village": list(s.village), "stack": list(s.stack),
        "pending": [list(t) for t in s.pending], "tossed": [list(t) for t in s.tossed],
        "events": [list(e) for e in s.events],
    }


def _spots(f: Fields, players: int) -> list[list[tuple[Any, ...]]]:
    """The groups on each location, each ``[seat, role, black, white, either, character]``."""
    spots = []
    for i, groups in enumerate(f.list("spots", length=len(LOCATIONS))):
        if not isinstance(groups, list):
            raise CorruptSave(f"{f.path}.spots[{i}] must be a list of groups")
        spot = []
        for j, g in enumerate(groups):
            ok = (isinstance(g, list) and len(g) == 6 and _SEAT_OR_DUMMY.test(g[0], players)
                  and g[1] in ROLE_CHOICES
                  and all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= MOST_MEEPLES for x in g[2:5])
                  and isinstance(g[5], bool))
            if not ok:
                raise CorruptSave(f"{f.path}.spots[{i}][{j}] must be [seat, role, black, white, either, "
                                  f"character], got {quote(g)}")
            spot.append(tuple(g))
        spots.append(spot)
    return spots


def from_dict(cls: type, f: Fields, players: int, variant: str) -> Any:
    """A ``cls`` state from its saved fields, each read with its range (module docstring)."""
    s: Any = object.__new__(cls)
    s.players, s.variant = players, variant
    set_covered(s)
    seat = dict(lo=0, hi=players - 1)
    cards, tiles = list(CARD_BY_ID), list(TILE_KIND)
    s.round = f.int("round", lo=1, hi=ROUNDS)
    s.stage = f.str("stage", choices=STAGES)
    s.phase = f.str("phase", choices=PHASES)
    s.is_terminal = s.phase == OVER
    s.current_player = f.opt_int("current_player", **seat)
    s.first, s.turn = f.int("first", **seat), f.int("turn", **seat)
    s.turns = f.int("turns", lo=0, hi=players * MOST_MEEPLES * MOST_MEEPLES)
    s.dummy_due = f.bool("dummy_due")
    s.dummy = f.int("dummy", lo=0, hi=DUMMY_MEEPLES)
    s.reserve = f.int_lists("reserve", length=players, inner=len(RESERVE_FACES), lo=0, hi=MOST_MEEPLES)
    s.gold = f.int_list("gold", length=players, lo=0, hi=TRACK_LIMIT)
    s.vp = f.int_list("vp", length=players, lo=0, hi=TRACK_LIMIT)
    s.discovery = f.int_list("discovery", length=players, lo=0, hi=DISCOVERY_MAX)
    s.hands = f.str_lists("hands", length=players, choices=cards)
    s.upgrades = f.str_lists("upgrades", length=players, choices=tiles)
    s.spots = _spots(f, players)
    s.deck = f.str_list("deck", choices=cards)
    s.discard = f.str_list("discard", choices=cards)
    s.temple = f.str_list("temple", choices=cards)
    s.annexes = f.str_lists("annexes", length=len(ANNEXES), choices=cards)
    s.village = f.str_list("village", choices=tiles)
    s.stack = f.str_list("stack", choices=tiles)
    s.pending = [list(t) for t in f.events("pending", kinds=TASKS, players=players)]
    s.tossed = f.str_lists("tossed", length=players, choices=FACE_SLOT)
    s.events = f.events(kinds=EVENTS, players=players)
    s.changed()                         # an empty legal cache, and taken/holds derived from the spots
    return s


def _component_problems(s: Any) -> list[str]:
    """Every object card and upgrade tile in exactly one place; displays within their room."""
    problems = []
    held = s.deck + s.discard + s.temple + sum(s.annexes, []) + sum(s.hands, [])
    if len(held) != len(CARD_BY_ID) or set(held) != set(CARD_BY_ID):
        problems.append(f"the {len(CARD_BY_ID)} object cards must each be in exactly one place")
    tiles = s.stack + s.village + sum(s.upgrades, [])
    if len(tiles) != len(TILE_KIND) or set(tiles) != set(TILE_KIND):
        problems.append(f"the {len(TILE_KIND)} upgrade tiles must each be in exactly one place")
    if len(s.temple) > TEMPLE_DISPLAY or any(len(a) > ANNEX_CARDS for a in s.annexes) \
            or len(s.village) > VILLAGE_DISPLAY:
        problems.append("a display holds more cards or tiles than it has room for")
    return problems


def _meeple_problems(s: Any) -> list[str]:
    """Groups that follow their location's rule, and every seat's meeples on the board or in reserve."""
    problems = []
    n = s.players
    team = TEAM_MEEPLES[n]
    placed = [[0, 0] for _ in range(n)]
    dummy = s.dummy
    for i, groups in enumerate(s.spots):
        key = LOCATIONS[i].key
        if i in s.covered and groups:
            problems.append(f"{key} is covered but has meeples")
        if KINDS[i] != "free" and len(groups) > 1:
            problems.append(f"{key} holds more than one group")
        for g in groups:
            size = group_size(g)
            if size == 0:
                problems.append(f"an empty group on {key}")
            if g[0] == DUMMY:
                dummy += size
                continue
            placed[g[0]][0] += g[2] + g[3] + g[4]
            placed[g[0]][1] += g[5]
            if KINDS[i] == "unique" and (size != 1 or g[1] not in LOCATIONS[i].roles):
                problems.append(f"{key} must hold one meeple of its colour")
            if (g[1] == "adventurer" and g[3]) or (g[1] == "archaeologist" and g[2]):
                problems.append(f"a group on {key} mixes colours")
    for p in range(n if not s.is_terminal else 0):   # at the end every meeple is home
        r = s.reserve[p]
        if r[0] + r[1] + r[2] + placed[p][0] != team or r[3] + placed[p][1] != 1:
            problems.append(f"seat {p} must have {team} team meeples and 1 character, on the board or in reserve")
    if dummy != (DUMMY_MEEPLES if n == TWO_PLAYERS and not s.is_terminal else 0):
        problems.append(f"the neutral expedition has {dummy} meeples")
    return problems


def _turn_problems(s: Any) -> list[str]:
    """Derived fields up to date, tracks in range, and the decision asked being the right one."""
    problems = []
    derived = object.__new__(type(s))
    derived.spots = s.spots
    derive_board(derived)
    if derived.taken != s.taken or derived.holds != s.holds:
        problems.append("the occupied spaces (taken/holds) disagree with the groups on the board")
    if s.stage == "activate" and any(any(r) for r in s.reserve):
        problems.append("meeples left in a reserve during activation")
    if any(g < 0 for g in s.gold) or any(not 0 <= d <= DISCOVERY_MAX for d in s.discovery):
        problems.append("gold must stay >= 0 and discovery within the track")
    if s.is_terminal != (s.current_player is None) or s.is_terminal != (s.phase == OVER):
        problems.append("current_player must be empty exactly when the game is over")
    if not s.is_terminal:
        p = s.current_player
        if s.phase == PLACE:
            if s.stage != "place" or s.pending or not any(s.reserve[p]):
                problems.append("a placement turn needs meeples and no step pending")
        elif not s.pending or s.pending[0][1] != p or TASK_PHASE.get(s.pending[0][0]) != s.phase:
            problems.append("the current decision is not the first pending step")
    return problems


def check(s: Any) -> list[str]:
    """Conservation of cards, tiles and meeples, track ranges, and a consistent turn."""
    return _component_problems(s) + _meeple_problems(s) + _turn_problems(s)
