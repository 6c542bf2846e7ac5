"""Tikal: writing and reading a saved position strictly, and checking a position's conservation laws.

``write_state`` gives the save's fields (sparse: only what is on the board); ``read_state``
rebuilds a state from them (``TikalState._to_dict()`` output), every
field read through ``engine.Fields`` (a bad field raises ``CorruptSave``
naming it); the derived data (hex kinds after emptied ruins, rotated stones,
passages) is recomputed, never trusted from the file; a treasure's old name
(``components.RENAMED_TREASURES``: "mask", now "mirror") is read as its name now.  ``check_state`` lists
what breaks the rules' arithmetic: every hex, piece, treasure and temple
level in exactly one place, and a consistent turn.
"""

from __future__ import annotations

from itertools import accumulate, compress
from collections.abc import Callable
from typing import Any

from archeo_lab.engine import Fields
from archeo_lab.engine.errors import quote
from archeo_lab.engine.saves import SEAT, CorruptSave, Spec, ints, items, one_of, per_seat

from .components import (
    ACTION_POINTS, ADVANCED_START_POINTS, CAMPS, EXPLORERS, GUARDIANS, LEVEL_PIECES, START_HEXES, TILE_BY_ID,
    RENAMED_TREASURES, TILES, TREASURE_COPIES, TREASURE_KINDS,
)
from .encoding import ACTIONS, BID, BOXED, CHOOSE, GUARD, OVER, PHASES, PLACE, RESERVE, TURN_KINDS
from .encoding import START_BY_INDEX as _START
from .hexgrid import INDEX, LABELS, SPACES, rotated
from .scoring import TREASURE_POINTS

__all__ = ["write_state", "read_state", "check_state", "MAX_SCORINGS", "MAX_POINTS", "EVENTS"]

#: Scoring rounds in a game: one per volcano ("Décompte"), and the final one.
MAX_SCORINGS = sum(t.kind == "volcano" for t in TILES) + 1
#: No seat can ever have more points (derived): the advanced rules' 20 to start, then at each scoring
#: round at most every temple at the highest level (10) and every treasure kind as a full set of 3.
MAX_POINTS = ADVANCED_START_POINTS + MAX_SCORINGS * (
    (sum(t.kind == "temple" for t in TILES) + sum(h.kind == "temple" for h in START_HEXES)) * max(LEVEL_PIECES)
    + len(TREASURE_KINDS) * TREASURE_POINTS[TREASURE_COPIES])

_TILE, _SPACE = ints(1, len(TILE_BY_ID)), one_of(INDEX, "a space of the board")
_PIECE, _KIND = one_of(("explorer", "leader")), one_of(TREASURE_KINDS, "a treasure")
_POINTS = ints(0, MAX_POINTS)
_ORDER = Spec("every seat once", lambda v, n: isinstance(v, (list, tuple)) and sorted(v) == list(range(n))
              and all(type(x) is int for x in v))
#: The public log, entry by entry (``Fields.events``): what each kind of line holds.
EVENTS = {
    "start": (Spec("the number of players", lambda v, n: v == n and type(v) is int), one_of(("standard", "advanced"))),
    "position": (), "draw": (SEAT, _TILE), "volcano": (SEAT, _TILE), "final": (_ORDER,),
    "place": (SEAT, _TILE, _SPACE, ints(0, 5)), "bring": (SEAT, _PIECE, _SPACE),
    "move": (SEAT, _PIECE, _SPACE, _SPACE, ints(1, 6)), "uncover": (SEAT, _SPACE, ints(2, max(LEVEL_PIECES))),
    "dig": (SEAT, _SPACE, _KIND), "exchange": (SEAT, _KIND, SEAT, _KIND), "camp": (SEAT, _SPACE),
    "guardian": (SEAT, _PIECE, _SPACE, ints(0, EXPLORERS + 1)), "end": (SEAT, ints(0, ACTION_POINTS)),
    "score": (SEAT, _POINTS, _POINTS, _POINTS), "over": (per_seat(_POINTS),),
    "reveal": (items(_TILE, 1, 4),), "free": (SEAT,), "bid": (SEAT, _POINTS), "pass": (SEAT,),
    "won": (SEAT, _POINTS), "choose": (SEAT, _TILE),
}
_LEVELS = [LEVEL_PIECES.get(v, 0) for v in range(max(LEVEL_PIECES) + 1)]
_ALL_TILES = list(range(1, len(TILE_BY_ID) + 1))
_RANGE = range(SPACES)


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _space_pairs(f: Fields, key: str, value_check) -> list:
    out = []
    for n, item in enumerate(f.list(key)):
        if not (isinstance(item, list) and len(item) == 2 and item[0] in INDEX and value_check(item[1])):
            raise CorruptSave(f"{f.path}.{key}[{n}] must be [space, value], got {quote(item)}")
        out.append((INDEX[item[0]], item[1]))
    return out


def write_state(s: Any) -> dict[str, Any]:
    """The save's fields of a ``TikalState`` (``_to_dict``): sparse, only the explored spaces ([space, tile
    (0: printed), rotation, temple value]), the occupied ones, the camps and the guardians."""
    return {
        "board": [[LABELS[i], t, s.rot[i], s.value[i]] for i, t in enumerate(s.tile_at) if t is not None],
        "tokens": [[LABELS[i], list(t)] for i, t in sorted(s.tokens.items())],
        "camps": [[LABELS[i], c] for i, c in enumerate(s.camp_of) if c is not None],
        "guards": [[LABELS[i], g[0], g[1]] for i, g in enumerate(s.guard) if g is not None],
        "explorers": [[[LABELS[i], row[i]] for i in range(SPACES) if row[i]] for row in s.expl],
        "leader_at": list(s.leader_at),
        "reserve": list(s.reserve), "boxed": list(s.boxed), "camps_left": list(s.camps_left),
        "treasures": [list(t) for t in s.treasures], "points": list(s.points),
        "levels": list(s.levels), "stack": list(s.stack), "supply": list(s.supply),
        "phase": s.phase, "current_player": s.current_player, "in_hand": s.in_hand,
        "offer": list(s.offer), "ap": s.ap, "turn_kind": s.turn_kind, "queue": list(s.queue),
        "volcano_by": s.volcano_by,
        "levels_turn": [[LABELS[i], n] for i, n in sorted(s.levels_turn.items())],
        "digs_turn": [[LABELS[i], n] for i, n in sorted(s.digs_turn.items())],
        "amulet": list(s.amulet), "bidders": list(s.bidders), "passed": list(s.passed),
        "high_bid": s.high_bid, "high_bidder": s.high_bidder, "first_pass": s.first_pass,
        "bid_turn": s.bid_turn, "last_player": s.last_player, "scorings": s.scorings,
        "events": list(s.events),
    }


def _renamed(f: Fields) -> Fields:
    """The fields with the treasures' old names (``components.RENAMED_TREASURES``) read as their names now, in the
    three fields that name treasures: a save written before a rename loads as the same position."""
    def new(value: Any) -> Any:
        return RENAMED_TREASURES.get(value, value) if isinstance(value, str) else value

    def each(items: Any, change: Callable[[Any], Any]) -> Any:
        return [change(item) for item in items] if isinstance(items, list) else items

    changes = {"supply": new, "tokens": lambda pair: each(pair, lambda part: each(part, new)),
               "events": lambda event: each(event, new)}
    return Fields({key: each(value, changes[key]) if key in changes else value for key, value in f.data.items()},
                  f.path)


def read_state(cls: Any, f: Fields, players: int, variant: str) -> Any:
    """A ``cls`` state from its saved fields (see the module docstring)."""
    f = _renamed(f)
    s = object.__new__(cls)
    s.players, s.variant = players, variant
    seat = dict(lo=0, hi=players - 1)
    s.tile_at, s.rot, s.value = [None] * SPACES, [0] * SPACES, [0] * SPACES
    for n, item in enumerate(f.list("board")):
        ok = (isinstance(item, list) and len(item) == 4 and item[0] in INDEX
              and all(_is_int(x) for x in item[1:]) and 0 <= item[1] <= len(TILE_BY_ID)
              and 0 <= item[2] <= 5 and 0 <= item[3] <= max(LEVEL_PIECES))
        if not ok or s.tile_at[INDEX[item[0]]] is not None:
            raise CorruptSave(f"{f.path}.board[{n}] must be [space, tile, rotation, value] for a new space, "
                              f"got {quote(item)}")
        i = INDEX[item[0]]
        s.tile_at[i], s.rot[i], s.value[i] = item[1], item[2], item[3]
    tokens = _space_pairs(f, "tokens", lambda v: isinstance(v, list) and v and all(k in TREASURE_KINDS for k in v))
    s.tokens = {i: list(v) for i, v in tokens}
    s.camp_of = [None] * SPACES
    for i, c in _space_pairs(f, "camps", lambda v: _is_int(v) and 0 <= v < players):
        s.camp_of[i] = c
    s.guard = [None] * SPACES
    for n, g in enumerate(f.list("guards")):
        if not (isinstance(g, list) and len(g) == 3 and g[0] in INDEX and _is_int(g[1]) and 0 <= g[1] < players
                and g[2] in ("explorer", "leader")):
            raise CorruptSave(f"{f.path}.guards[{n}] must be [space, seat, piece], got {quote(g)}")
        s.guard[INDEX[g[0]]] = (g[1], g[2])
    s.expl = []
    for p, rows in enumerate(f.list("explorers", length=players)):
        sub = Fields({"explorers": rows}, f"{f.path}.explorers[{p}]")
        row = [0] * SPACES
        for i, c in _space_pairs(sub, "explorers", lambda v: _is_int(v) and 1 <= v <= EXPLORERS):
            row[i] = c
        s.expl.append(row)
    s.leader_at = f.int_list("leader_at", length=players, lo=GUARD, hi=SPACES - 1)
    s.reserve = f.int_list("reserve", length=players, lo=0, hi=EXPLORERS)
    s.boxed = f.int_list("boxed", length=players, lo=0, hi=EXPLORERS)
    s.camps_left = f.int_list("camps_left", length=players, lo=0, hi=CAMPS)
    s.treasures = f.int_lists("treasures", length=players, inner=len(TREASURE_KINDS), lo=0, hi=TREASURE_COPIES)
    s.points = f.int_list("points", length=players, lo=0, hi=MAX_POINTS)
    s.levels = f.int_list("levels", length=max(LEVEL_PIECES) + 1, lo=0)
    s.stack = f.int_list("stack", lo=1, hi=len(TILE_BY_ID))
    s.supply = f.str_list("supply", choices=TREASURE_KINDS)
    s.phase = f.str("phase", choices=PHASES)
    s.current_player = f.opt_int("current_player", **seat)
    s.is_terminal = s.phase == "over"
    s.in_hand = f.opt_int("in_hand", lo=1, hi=len(TILE_BY_ID))
    s.offer = f.int_list("offer", lo=1, hi=len(TILE_BY_ID))
    s.ap = f.int("ap", lo=0, hi=ACTION_POINTS)
    s.turn_kind = f.str("turn_kind", choices=TURN_KINDS)
    s.queue = f.int_list("queue", **seat)
    s.volcano_by = f.opt_int("volcano_by", **seat)
    s.levels_turn = dict(_space_pairs(f, "levels_turn", lambda v: v in (1, 2)))
    s.digs_turn = dict(_space_pairs(f, "digs_turn", lambda v: v in (1, 2)))
    s.amulet = []
    for n, a in enumerate(f.list("amulet", length=players)):
        if not isinstance(a, bool):
            raise CorruptSave(f"{f.path}.amulet[{n}] must be true or false, got {quote(a)}")
        s.amulet.append(a)
    s.bidders = f.int_list("bidders", **seat)
    s.passed = f.int_list("passed", **seat)
    s.high_bid = f.int("high_bid", lo=0)
    s.high_bidder = f.opt_int("high_bidder", **seat)
    s.first_pass = f.opt_int("first_pass", **seat)
    s.bid_turn = f.opt_int("bid_turn", **seat)
    s.last_player = f.opt_int("last_player", **seat)
    s.scorings = f.int("scorings", lo=0)
    s.events = f.events(kinds=EVENTS, players=players)
    # Derived: kinds and stones from the tiles (an emptied ruin is a clearing), then the passages.
    s.kind, s.stones = [None] * SPACES, [None] * SPACES
    for i, t in enumerate(s.tile_at):
        if t == 0:
            if i not in _START:
                raise CorruptSave(f"{f.path}.tile_at[{i}]: {LABELS[i]} is not a printed hex")
            s.kind[i], s.stones[i] = _START[i].kind, _START[i].stones
        elif t is not None:
            info = TILE_BY_ID[t]
            s.kind[i], s.stones[i] = info.kind, rotated(info.stones, s.rot[i])
            if info.kind == "ruin" and i not in s.tokens:
                s.kind[i] = "clearing"
    s.guardians = [sum(1 for g in s.guard if g is not None and g[0] == p) for p in range(players)]
    if any(x not in (RESERVE, BOXED, GUARD) and x < 0 for x in s.leader_at):
        raise CorruptSave(f"{f.path}.leader_at has an unknown place")
    s.changed()                # the derived data: the board layout, the occupied spaces; no legal actions yet
    return s


def check_state(s) -> list[str]:
    """Conservation and turn problems of a position (see the module docstring)."""
    problems = []
    n = s.players
    # Hexes: the printed four in place, every tile once (board, stack, hand, offer).
    for i, h in _START.items():
        if s.tile_at[i] != 0:
            problems.append(f"the printed hex {h.space} must stay on the board")
    tiles = [t for t in s.tile_at if t] + s.stack + s.offer + ([s.in_hand] if s.in_hand else [])
    if sorted(tiles) != _ALL_TILES:
        problems.append("each of the 36 hexes must be in exactly one place")
    # Treasures: 3 of each kind in the supply, on ruins or in front of players.
    pool = list(s.supply)
    for i, toks in s.tokens.items():
        if s.kind[i] != "ruin" or not toks:
            problems.append(f"treasures lie on {LABELS[i]}, which is not a ruin with treasures")
        pool += toks
    held = [sum(col) for col in zip(*s.treasures)]
    counts = [pool.count(k) + h for k, h in zip(TREASURE_KINDS, held)]
    if counts != [TREASURE_COPIES] * len(TREASURE_KINDS):
        problems.append("each treasure kind must have its 3 tokens in exactly one place")
    if sum(1 for k in s.kind if k == "ruin") != len(s.tokens):
        problems.append("a ruin without treasures must have become a clearing")
    # Temple levels: a temple at v holds one piece of each level above its printed value.
    diff = [0] * (len(s.levels) + 1)        # levels start+1 .. value of every temple, as a difference array
    for i, k in enumerate(s.kind):
        if k == "temple":
            start = _START[i].value if s.tile_at[i] == 0 else TILE_BY_ID[s.tile_at[i]].value
            if s.value[i] < start:
                problems.append(f"the temple on {LABELS[i]} is below its printed value")
            diff[start + 1] += 1
            diff[s.value[i] + 1] -= 1
        elif s.value[i]:
            problems.append(f"{LABELS[i]} has temple levels but no temple")
    used = list(accumulate(diff))
    if any(s.levels[v] + used[v] != _LEVELS[v] for v in range(len(s.levels))):
        problems.append("each temple level must be in the supply or on exactly one temple")
    # Pieces.
    guards = [g for g in s.guard if g is not None]
    blocked = [k is None or k == "volcano" for k in s.kind]
    for p in range(n):
        on_board = sum(s.expl[p])
        guard_explorers = guards.count((p, "explorer"))
        if s.reserve[p] + on_board + s.boxed[p] + guard_explorers != EXPLORERS:
            problems.append(f"seat {p} must have its 18 explorers in the reserve, on the board, as guardians or boxed")
        leader = s.leader_at[p]
        if (leader == GUARD) != ((p, "leader") in guards):
            problems.append(f"seat {p}'s leader is a guardian exactly when a temple says so")
        if leader >= 0 and s.kind[leader] in (None, "volcano"):
            problems.append(f"seat {p}'s leader stands on {LABELS[leader]}, which cannot hold pieces")
        if leader not in (RESERVE, BOXED, GUARD) and leader < 0:
            problems.append(f"seat {p}'s leader is nowhere")
        if any(compress(s.expl[p], blocked)):
            problems.append(f"seat {p} has explorers on a space that cannot hold them")
        if s._occ[p] != list(compress(_RANGE, s.expl[p])):
            problems.append(f"seat {p}'s list of occupied spaces is out of date")
        camps = s.camp_of.count(p)
        if camps + s.camps_left[p] != CAMPS:
            problems.append(f"seat {p} must have 2 camps, set up or in hand")
        if s.guardians[p] != guard_explorers + guards.count((p, "leader")) or s.guardians[p] > GUARDIANS:
            problems.append(f"seat {p} has at most 2 guardians, counted right")
        if s.points[p] < 0:
            problems.append(f"seat {p} has negative points")
    for i in [i for i, c in enumerate(s.camp_of) if c is not None]:
        if s.kind[i] != "clearing":
            problems.append(f"the camp on {LABELS[i]} must stand on a clearing")
    for i in [i for i, g in enumerate(s.guard) if g is not None]:
        if s.kind[i] != "temple":
            problems.append(f"the guardian on {LABELS[i]} must stand on a temple")
    # The turn.
    phase = s.phase
    if s.is_terminal != (phase == OVER) or (s.current_player is None) != (phase == OVER):
        problems.append("current_player must be empty exactly when the game is over")
    if phase == ACTIONS and not 1 <= s.ap <= ACTION_POINTS:
        problems.append("a player spending action points has 1 to 10 AP")
    if phase == PLACE and s.in_hand is None:
        problems.append("a player placing a hex must hold one")
    if phase == CHOOSE and not s.offer:
        problems.append("a player choosing a hex needs revealed hexes")
    if phase == BID and (s.current_player not in s.bidders or s.current_player in s.passed
                         or s.bid_turn != s.current_player):
        problems.append("the bidder to play must be in the auction and not have passed")
    if s.variant != "advanced" and (s.offer or s.bidders or any(s.amulet)):
        problems.append("auctions and amulets belong to the advanced rules")
    if s.variant == "advanced" and phase != OVER:
        # Each revealed hex goes to a player still to play this round (amulet face up), one each: more
        # hexes than such players would be lost when the next round reveals new ones.
        takers = {p for p in range(n) if not s.amulet[p]}
        if s.turn_kind == "normal" and phase in (PLACE, ACTIONS):
            takers.discard(s.current_player)          # has taken this turn's hex already
        if s.volcano_by is not None:
            takers.discard(s.volcano_by)              # took the volcano being scored
        if len(s.offer) > len(takers):
            problems.append("more hexes are revealed than players still to take one this round")
    if s.volcano_by is not None and (s.in_hand is None or TILE_BY_ID[s.in_hand].kind != "volcano"):
        problems.append("a scoring round waits for a volcano set aside")
    return problems
