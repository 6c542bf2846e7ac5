"""Small Tikal positions for tutorials and rule tests (the FEN of this game).

``position(...)`` starts a seeded game and then arranges it: hexes already
placed (with their rotation), the hex in hand, explorers, leaders, temple
levels, camps, guardians, treasures and points, and whose turn it is, either
to place the hex in hand or to spend action points.  Every piece, hex,
treasure and level comes out of its supply, so the result is a legal state
(``check()``).

>>> s = position(tiles={"C4": (2, 0)}, explorers={"C4": [1, 0]}, ap=7)
>>> s.phase, s.ap, s.pieces_on(0, INDEX["C4"]), len(s.tokens[INDEX["C4"]])
('actions', 7, 1, 4)
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from .components import ACTION_POINTS, EXPLORERS, SIDES, TILE_BY_ID, TREASURE_COPIES, TREASURE_KINDS
from .encoding import RESERVE
from .hexgrid import INDEX, rotated
from .state import ACTIONS, FINAL, GAME, GUARD, NORMAL, PLACE, TikalState

__all__ = ["position"]


def position(players: int = 2, *, seed: int = 0, variant: str = "standard",
             tiles: Mapping[str, tuple[int, int]] | None = None, hand: int | None = None,
             explorers: Mapping[str, Sequence[int]] | None = None, leaders: Mapping[int, str] | None = None,
             levels: Mapping[str, int] | None = None, ruins: Mapping[str, Sequence[str]] | None = None,
             camps: Mapping[str, int] | None = None, guardians: Mapping[str, tuple[int, str]] | None = None,
             treasures: Sequence[Sequence[str]] | None = None, points: Sequence[int] | None = None,
             current: int = 0, ap: int | None = None, final: Sequence[int] | None = None) -> TikalState:
    """A position arranged as given (see the module docstring).

    ``tiles``: space -> (tile number, rotation).  ``hand``: the hex ``current`` must place
    now (default: the top of the stack), unless ``ap`` is given: then ``current`` is
    spending action points and holds no hex.  ``explorers``: space -> count per seat.
    ``leaders``: seat -> space.  ``levels``: temple space -> its value now.  ``ruins``:
    ruin space -> its face-down treasures, top last (default: drawn from the supply).
    ``camps``: space -> seat.  ``guardians``: temple space -> (seat, "explorer" or
    "leader").  ``treasures``: per seat, the kinds held.  ``final``: the turn is one of
    the final scoring round, and these seats play theirs after ``current`` (then the game
    ends, whatever is left in the stack).  Raises ``ValueError`` on an arrangement the rules cannot reach.
    """
    s = GAME.new_state(players=players, seed=seed, variant=variant)
    assert isinstance(s, TikalState)
    _clear_first_turn(s)
    _place_tiles(s, tiles or {}, {_space(k): list(v) for k, v in (ruins or {}).items()})
    _raise_levels(s, levels or {})
    _put_explorers(s, explorers or {})
    for p, name in (leaders or {}).items():
        i = _space(name)
        if s.kind[i] in (None, "volcano"):
            raise ValueError(f"leaders: {name} cannot hold a piece")
        s.leader_at[p] = i
    _put_camps(s, camps or {})
    _put_guardians(s, guardians or {})
    _give_treasures(s, treasures, points)
    _set_turn(s, current, ap, hand, final)
    s.events = [("start", s.players, variant), ("position",)]
    s.changed()
    problems = s.check()
    if problems:
        raise ValueError(problems[0])
    return s


def _space(name: str) -> int:
    if name.upper() not in INDEX:
        raise ValueError(f"the board has no space {name!r} (columns A-H, rows 1-5)")
    return INDEX[name.upper()]


def _clear_first_turn(s: TikalState) -> None:
    """Undo the start of the first turn: the drawn hex (or the revealed ones) go back on top."""
    if s.in_hand is not None:
        s.stack.append(s.in_hand)
    s.stack.extend(reversed(s.offer))
    s.in_hand, s.offer = None, []
    s.bidders, s.passed, s.high_bid, s.high_bidder, s.first_pass, s.bid_turn = [], [], 0, None, None, None
    s.amulet = [False] * s.players


def _take(supply: list[Any], item: Any, known: Collection[Any], unknown: str, used: str) -> Any:
    """Take ``item`` out of a supply (the stack of hexes, the treasure tokens), or say why it cannot be."""
    if item not in known:
        raise ValueError(unknown)
    if item not in supply:
        raise ValueError(used)
    supply.remove(item)
    return item


def _take_tile(s: TikalState, t: int) -> int:
    return int(_take(s.stack, t, TILE_BY_ID, f"there is no tile {t!r} (tiles are numbered 1 to {len(TILE_BY_ID)})",
                     f"tile {t} is used twice"))


def _take_treasure(s: TikalState, kind: str) -> str:
    return str(_take(s.supply, kind, TREASURE_KINDS,
                     f"there is no treasure {kind!r}; the kinds are: {', '.join(TREASURE_KINDS)}",
                     f"all {TREASURE_COPIES} {kind} tokens are used already"))


def _place_tiles(s: TikalState, tiles: Mapping[str, tuple[int, int]], treasures_on: dict[int, list[str]]) -> None:
    """The hexes already placed, each ruin with its treasures (given, or drawn from the supply)."""
    for name, (t, r) in tiles.items():
        i = _space(name)
        if s.kind[i] is not None:
            raise ValueError(f"{name} is already explored")
        info = TILE_BY_ID[_take_tile(s, t)]
        if not 0 <= r < len(SIDES):
            raise ValueError(f"rotation must be 0 to {len(SIDES) - 1}, not {r}")
        s.tile_at[i], s.rot[i], s.kind[i], s.stones[i] = t, r, info.kind, rotated(info.stones, r)
        if info.kind == "temple":
            s.value[i] = info.value
        elif info.kind == "ruin":
            if i in treasures_on:
                found = [_take_treasure(s, k) for k in treasures_on.pop(i)]
                if len(found) > info.value:
                    raise ValueError(f"the ruin on {name} has {info.value} masks: at most {info.value} treasures")
            else:
                found = [s.supply.pop() for _ in range(info.value)]
            if found:
                s.tokens[i] = found
            else:
                s.kind[i] = "clearing"
    if treasures_on:
        raise ValueError("ruins: treasures given for a space that holds no placed ruin")


def _raise_levels(s: TikalState, levels: Mapping[str, int]) -> None:
    """Temples uncovered up to a value, each level taken from the supply."""
    for name, value in levels.items():
        i = _space(name)
        if s.kind[i] != "temple" or value < s.value[i]:
            raise ValueError(f"levels: {name} is not a temple of value {value} or less")
        for v in range(s.value[i] + 1, value + 1):
            if v >= len(s.levels) or s.levels[v] == 0:
                raise ValueError(f"levels: no temple level {v} left for {name}")
            s.levels[v] -= 1
        s.value[i] = value


def _put_explorers(s: TikalState, explorers: Mapping[str, Sequence[int]]) -> None:
    for name, counts in explorers.items():
        i = _space(name)
        if len(counts) != s.players or s.kind[i] in (None, "volcano"):
            raise ValueError(f"explorers: give {s.players} counts on an explored, non-volcano hex ({name})")
        for p, c in enumerate(counts):
            if c > s.reserve[p] or c < 0:
                raise ValueError(f"explorers: seat {p} has only {EXPLORERS} explorers")
            s.reserve[p] -= c
            s.expl[p][i] += c


def _put_camps(s: TikalState, camps: Mapping[str, int]) -> None:
    for name, p in camps.items():
        i = _space(name)
        if s.kind[i] != "clearing" or s.camp_of[i] is not None or s.camps_left[p] == 0:
            raise ValueError(f"camps: {name} is not a free clearing, or seat {p} has no camp left")
        s.camp_of[i] = p
        s.camps_left[p] -= 1


def _put_guardians(s: TikalState, guardians: Mapping[str, tuple[int, str]]) -> None:
    for name, (p, piece) in guardians.items():
        i = _space(name)
        if s.kind[i] != "temple" or s.guard[i] is not None:
            raise ValueError(f"guardians: {name} is not an unguarded temple")
        if piece == "leader":
            if s.leader_at[p] != RESERVE:
                raise ValueError(f"guardians: seat {p}'s leader is already placed")
            s.leader_at[p] = GUARD
        else:
            s.reserve[p] -= 1
        s.guard[i] = (p, piece)
        s.guardians[p] += 1


def _give_treasures(s: TikalState, treasures: Sequence[Sequence[str]] | None, points: Sequence[int] | None) -> None:
    n = s.players
    if treasures is not None:
        if len(treasures) != n:
            raise ValueError(f"treasures: give one list per seat ({n})")
        for p, kinds in enumerate(treasures):
            for k in kinds:
                s.treasures[p][TREASURE_KINDS.index(_take_treasure(s, k))] += 1
    if points is not None:
        if len(points) != n or any(x < 0 for x in points):
            raise ValueError(f"points: give {n} scores >= 0")
        s.points = list(points)


def _set_turn(s: TikalState, current: int, ap: int | None, hand: int | None, final: Sequence[int] | None) -> None:
    """Whose turn: to place the hex in hand, or (``ap``) to spend action points; perhaps a final round's."""
    n = s.players
    if not 0 <= current < n:
        raise ValueError(f"current must be a seat, 0 to {n - 1}")
    s.current_player, s.turn_kind, s.queue, s.volcano_by = current, NORMAL, [], None
    if final is not None:
        if sorted([current, *final]) != sorted(set([current, *final])) or any(not 0 <= x < n for x in final):
            raise ValueError("final: the other seats still to play, each once")
        s.turn_kind, s.queue = FINAL, list(final)
    if ap is not None:
        if hand is not None or not 1 <= ap <= ACTION_POINTS:
            raise ValueError(f"ap: 1 to {ACTION_POINTS} action points, and no hex in hand")
        s.phase, s.ap = ACTIONS, ap
    else:
        s.phase, s.ap = PLACE, 0
        s.in_hand = _take_tile(s, hand) if hand is not None else s.stack.pop()
    s.levels_turn, s.digs_turn = {}, {}
