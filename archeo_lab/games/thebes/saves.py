"""Thebes: writing and strictly reading a saved position, and checking its conservation laws.

``to_dict`` is the game's part of ``state.to_json()``.  ``read_into`` fills a
new state from it, every field read through ``engine.Fields`` with its type
and range (a bad field raises ``CorruptSave`` naming it); the counts derived
from the face-up cards (expertise, general knowledge, congresses) are
recomputed, never trusted from the file.  ``check_state`` lists what breaks
the rules' arithmetic: the 168 cards each in one place, the permits, what
each seat may know of a pile, the professors, the time markers and the turn.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from archeo_lab.engine import Fields
from archeo_lab.engine.errors import quote
from archeo_lab.engine.saves import SEAT, CorruptSave, Spec, ints, items, one_of, per_seat

from . import components
from .actions import DRAW, MUSEUM, OVER, PHASES, ROBBERS, TURN, WEEKS
from .components import (
    ALL_KEYS, CARD_BY_KEY, EXCAVATION_TABLE, EXHIBITION_BY_KEY, FAMILY, GENERAL, GREEN, MAX_WEEKS, MUSEUM_BY_KEY,
    PERMITS, PROFESSORS, REGION_INDEX, REGIONS, RELIC_KEYS, RELIC_VALUES, STORAGE_SPACES,
    permits_dealt,
)
from .scoring import tableau_counts

__all__ = ["to_dict", "read_into", "check_state", "EVENTS", "WEEK_LIMIT"]

#: A save's time track stops here, far beyond any game (the latest marker of 900 random games of 2 to 4
#: players reached week 217); it only refuses absurd values.
WEEK_LIMIT = 9_999
_REGION = one_of(REGIONS, "a region")
_KEY = one_of(CARD_BY_KEY, "a card")
_TOP_VALUE = max(RELIC_VALUES)
_VALUE = ints(0, _TOP_VALUE)
_MOST_CARDS = max(max(row) for row in EXCAVATION_TABLE)
_CARD_WEEKS = ints(0, max([c.weeks or 0 for c in CARD_BY_KEY.values()]
                          + [w for e in EXHIBITION_BY_KEY.values() for w in e.weeks]
                          + [m.weeks for m in MUSEUM_BY_KEY.values()]))
_SCORE = ints(-WEEK_LIMIT, WEEK_LIMIT)
#: The public log, entry by entry (``Fields.events``): what each kind of line holds.
EVENTS = {
    "start": (Spec("every seat once, bottom to top", lambda v, n: isinstance(v, (list, tuple))
                   and sorted(v) == list(range(n)) and all(type(x) is int for x in v)),),
    "setup": (items(_KEY | _REGION),), "deck": (items(_KEY | _REGION),),
    "permits": (SEAT, items(ints(0, 2 * max(max(p) for p in PERMITS.values())), len(REGIONS) + 1, len(REGIONS) + 1)),
    "take": (SEAT, _KEY, _CARD_WEEKS), "dig": (SEAT, _REGION, one_of(("region", "general", "card"))),
    "weeks": (SEAT, _REGION, ints(1, MAX_WEEKS), ints(0, WEEK_LIMIT), ints(0, _MOST_CARDS), one_of([False, True])),
    "empty": (SEAT, _REGION), "draw": (SEAT, _REGION, items(_VALUE, 1, _MOST_CARDS)),
    "thief": (SEAT, _REGION), "robbers": (SEAT, _REGION), "rubble only": (SEAT, _REGION),
    "scientist": (SEAT, _REGION), "pick": (SEAT, _REGION, _VALUE), "give": (SEAT, _REGION, _VALUE),
    "professor": (SEAT, one_of(PROFESSORS)), "end": (per_seat(_SCORE),),
}


def to_dict(state: Any) -> dict[str, Any]:
    """The game's fields as plain JSON data (lossless: ``read_into`` rebuilds the same position)."""
    return {
        "phase": state.phase, "pending": None if state.pending is None else list(state.pending),
        "current_player": state.current_player,
        "week": list(state.week), "height": list(state.height), "stamp": state.stamp,
        "deck": list(state.deck), "storage": list(state.storage), "exhibits": list(state.exhibits),
        "museums": list(state.museums), "piles": [list(x) for x in state.piles],
        "known": [[list(v) for v in k] for k in state.known], "tableau": [list(x) for x in state.tableau],
        "relics": [[list(v) for v in k] for k in state.relics], "hand": [list(x) for x in state.hand],
        "permits": [list(x) for x in state.permits], "professors": list(state.professors),
        "removed": list(state.removed), "events": list(state.events),   # tuples: JSON arrays
    }


def read_into(s: Any, f: Fields, players: int) -> None:
    """Fill the new state ``s`` from ``to_dict`` output read through ``f`` (``CorruptSave`` names a bad field)."""
    n = players
    keys = list(CARD_BY_KEY)
    s.phase = f.str("phase", choices=PHASES)
    s.is_terminal = s.phase == OVER
    s.current_player = f.opt_int("current_player", lo=0, hi=n - 1)
    s.week = f.int_list("week", length=n, lo=0, hi=WEEK_LIMIT)
    s.stamp = f.int("stamp", lo=n, hi=WEEK_LIMIT * n)
    s.height = f.int_list("height", length=n, lo=1, hi=s.stamp)
    s.deck = f.str_list("deck", choices=keys)
    storage = f.list("storage", length=STORAGE_SPACES)
    if not all(x is None or (isinstance(x, str) and x in CARD_BY_KEY) for x in storage):
        raise CorruptSave(f"{f.path}.storage must hold card keys or null, got {quote(storage)}")
    s.storage = list(storage)
    s.exhibits = f.str_list("exhibits", choices=list(EXHIBITION_BY_KEY))
    s.museums = f.str_list("museums", choices=list(MUSEUM_BY_KEY))
    s.piles = _per_region(f.list("piles"), f"{f.path}.piles")
    s.known = [_per_region(k, f"{f.path}.known[{i}]") for i, k in enumerate(f.list("known", length=n))]
    s.relics = [_per_region(k, f"{f.path}.relics[{i}]") for i, k in enumerate(f.list("relics", length=n))]
    s.tableau = f.str_lists("tableau", length=n, choices=keys)
    s.hand = f.str_lists("hand", length=n, choices=keys)
    s.permits = f.int_lists("permits", length=n, inner=len(REGIONS) + 1, lo=0, hi=sum(permits_dealt(n)))
    s.professors = f.opt_int_list("professors", length=len(PROFESSORS), lo=0, hi=n - 1)
    s.removed = f.str_list("removed", choices=keys)
    if "pending" not in f.data:
        raise CorruptSave(f"{f.path}.pending is missing")
    s.pending = _read_pending(f.data["pending"], s.phase, f.path)
    s.events = f.events(kinds=EVENTS, players=n)


def _values(data: Any, where: str) -> list[int]:
    if not isinstance(data, list) or not all(type(v) is int and 0 <= v <= _TOP_VALUE for v in data):
        raise CorruptSave(f"{where} must be a list of card values 0 to {_TOP_VALUE}, got {quote(data)}")
    return list(data)


def _per_region(data: Any, where: str) -> list[list[int]]:
    if not isinstance(data, list) or len(data) != len(REGIONS):
        raise CorruptSave(f"{where} must hold one list per region")
    return [_values(v, f"{where}[{i}]") for i, v in enumerate(data)]


def _read_pending(data: Any, phase: str, path: str) -> tuple[Any, ...] | None:
    """The step under way (``state.pending``), which must fit ``phase``."""
    bad = CorruptSave(f"{path}.pending does not fit the phase {phase!r}: {quote(data)}")
    if phase in (TURN, OVER):
        if data is not None:
            raise bad
        return None
    if not isinstance(data, list) or not data or data[0] != phase:
        raise bad

    def counts(xs: list[Any]) -> bool:
        return all(type(x) is int and x >= 0 for x in xs)

    if phase == DRAW and len(data) == 5 and data[1] in ("dig", "thief") and counts(data[2:]) \
            and data[2] < len(REGIONS) and 1 <= data[3] <= _MOST_CARDS and data[4] <= MAX_WEEKS:
        return ("draw", data[1], data[2], data[3], data[4])
    if phase in (ROBBERS, WEEKS) and len(data) == 2 and counts(data[1:]) and data[1] < len(REGIONS):
        return (phase, data[1])
    if phase == MUSEUM and len(data) == 3 and isinstance(data[1], str) and data[1] in MUSEUM_BY_KEY \
            and counts(data[2:]) and 1 <= data[2] <= MUSEUM_BY_KEY[data[1]].relics:
        return ("museum", data[1], data[2])
    raise bad


# -- conservation -----------------------------------------------------------------------------------------

def check_state(s: Any) -> list[str]:
    """Conservation of the 168 cards and the permits, what seats know, and a consistent turn."""
    return (_cards(s) + _permits(s) + _order(s) + _knowledge(s) + _professors(s) + _markers(s)
            + ([] if s.is_terminal else _between_turns(s)))


def _cards(s: Any) -> list[str]:
    problems = []
    places = Counter(s.deck)
    places.update(k for k in s.storage if k is not None)
    for where in (s.exhibits, s.museums, s.removed, PROFESSORS, *s.tableau, *s.hand):
        places.update(where)
    for r, region in enumerate(REGIONS):
        places.update(RELIC_KEYS[region, v] for v in s.piles[r])
        for seat in s.relics:
            places.update(RELIC_KEYS[region, v] for v in seat[r])
    if places != ALL_KEYS:
        problems.append("the 168 cards must each be in exactly one place")
    if any(FAMILY[k] not in ("expertise", "general", "congress", "exhibition", "museum") for t in s.tableau for k in t):
        problems.append("only expertise, general knowledge, congress and presentation cards lie face up")
    if any(FAMILY[k] != "action" for h in s.hand for k in h):
        problems.append("only action cards are held in a hand")
    return problems


def _order(s: Any) -> list[str]:
    # Piles, displays, hands, tableaux and relics are kept sorted (a pile's order is drawn only
    # when it is shuffled for a dig): a save in any other order is not one of ours.
    kept = [*s.piles, s.exhibits, s.museums, *s.tableau, *s.hand, *(v for seat in s.relics for v in seat)]
    if any(x != sorted(x) for x in kept):
        return ["piles, displays, hands, tableaux and relics are kept in sorted order"]
    return []


def _permits(s: Any) -> list[str]:
    start = [permits_dealt(s.players) for _ in range(s.players)]
    for e in s.events:
        if e[0] == "permits":          # a lesson position's own deal (positions.py)
            start[e[1]] = list(e[2])
        elif e[0] == "dig" and e[3] != "card":
            start[e[1]][GENERAL if e[3] == "general" else REGION_INDEX[e[2]]] -= 1
    if start != s.permits:
        return ["excavation permits are either in a hand or given up by a dig"]
    return []


def _knowledge(s: Any) -> list[str]:
    problems = []
    for seat in range(s.players):
        for r in range(len(REGIONS)):
            known, pile = s.known[seat][r], s.piles[r]
            if known and (any(known.count(v) > pile.count(v) for v in set(known)) or known != sorted(known)):
                problems.append(f"seat {seat} is certain of cards that are not in the {REGIONS[r]} pile")
    counts = [tableau_counts(t) for t in s.tableau]
    if ([c[0] for c in counts], [c[1] for c in counts], [c[2] for c in counts]) != (s.expertise, s.general,
                                                                                      s.congress):
        problems.append("the cached expertise, general knowledge or congress counts are wrong")
    return problems


def _professors(s: Any) -> list[str]:
    problems = []
    seats = range(s.players)
    need, world = components.PROFESSOR_EXPERTISE, components.WORLD_EXPERT_KNOWLEDGE
    for r in range(len(REGIONS)):
        holder = s.professors[r]
        best = max(s.expertise[seat][r] for seat in seats)
        if (holder is None and best >= need) or \
                (holder is not None and (s.expertise[holder][r] < need or s.expertise[holder][r] != best)):
            problems.append(f"the {PROFESSORS[r]} is not with the player with the most expertise")
    totals = [sum(s.expertise[seat]) + s.general[seat] for seat in seats]
    holder = s.professors[-1]
    if (holder is None and max(totals) >= world) or \
            (holder is not None and (totals[holder] < world or totals[holder] != max(totals))):
        problems.append("the world expert is not with the player with the most knowledge")
    return problems


def _markers(s: Any) -> list[str]:
    problems = []
    if len(set(s.height)) != s.players or max(s.height) > s.stamp:
        problems.append("time markers must each have their own height in the stacks")
    if s.is_terminal != (s.current_player is None) or s.is_terminal != (s.phase == OVER):
        problems.append("current_player must be empty exactly when the game is over")
    if s.is_terminal and s.deck:
        problems.append("the game ends only when the deck is empty")
    return problems


def _between_turns(s: Any) -> list[str]:
    problems = []
    if not s.deck or not GREEN[s.deck[-1]]:
        problems.append("between turns the deck's top card is green")
    if None in s.storage:
        problems.append("the four storage spaces are full between turns")
    if s.phase == TURN and s.current_player != s._next_player():
        problems.append("current_player is not the marker furthest behind")
    if s.phase == DRAW and s.pending[3] > len(s.piles[s.pending[2]]):
        problems.append("a draw cannot take more cards than the pile holds")
    return problems
