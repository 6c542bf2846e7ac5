"""Expedition Luxor: the save of a position, read back strictly, and its conservation laws.

``to_dict(state)`` writes the game's fields (``LuxorState._to_dict``);
``read_into(state, fields)`` fills a blank state from them, every field read
through ``engine.Fields`` (a bad field raises ``CorruptSave`` naming it), the
frontier and the play area recomputed by laying the tiles again, never trusted
from the file.  ``check_state(state)`` lists what breaks the rules'
arithmetic: each seat's 24 tiles, 30 adventurers and 8 tokens in exactly one
place, no stack above its limit, the start layout made of the tiles the seats
laid, and a consistent turn.  ``EVENTS`` gives the specs of the public log.
"""

from __future__ import annotations

from typing import Any

from archeo_lab.engine import Fields
from archeo_lab.engine.errors import quote
from archeo_lab.engine.saves import SEAT, CorruptSave, Spec, ints, items, one_of, per_seat

from .components import BACKS, CAMP_MAX, KEEP_CHOICES, KIND_INDEX, KINDS, TILES_PER_TURN, TOKENS
from .encoding import (
    CAMP, IS_CAMP, KEEP, LAKE, OVER, PHASES, PLAY, VARIANTS, code_back, code_kind, full_set, laid_tiles, tile_code,
    token_set,
)
from .grid import geometry

__all__ = ["EVENTS", "to_dict", "read_into", "check_state"]

_CELL = Spec("a cell of the grid", lambda v, n: isinstance(v, str) and v in geometry(n).index)
_KIND = one_of([k.name for k in KINDS], "a kind of tile")
#: The public log, entry by entry (``Fields.events``): what each kind of line holds.
EVENTS = {
    "start": (Spec("the number of players", lambda v, n: v == n and type(v) is int), one_of(VARIANTS)),
    "keep": (SEAT,), "layout": (items(_KIND), items(_CELL)), "position": (),
    "place": (SEAT, _KIND, _CELL), "camp": (SEAT, _CELL, ints(0, CAMP_MAX)),
    "move": (SEAT, ints(1, CAMP_MAX), _CELL, _CELL), "end": (SEAT, ints(0, TILES_PER_TURN)), "out": (SEAT,),
    "token": (SEAT, one_of(TOKENS), _CELL, _CELL, ints(0, CAMP_MAX)),
    "over": (per_seat(ints(-10_000, 10_000)),),
}


# -- writing ------------------------------------------------------------------------------------

def _tiles(codes: list[int]) -> list[list[Any]]:
    return [[code_back(code), KINDS[code_kind(code)].name] for code in codes]


def to_dict(state: Any) -> dict[str, Any]:
    """The game's fields of a save, as plain data."""
    names = state.geo.names
    return {
        "phase": state.phase, "current_player": state.current_player,
        "board": [[names[c], KINDS[state.kind[c]].name, state.back[c], state.placer[c], list(state.stack[c])]
                  for c in state.cells],
        "tokens": [[names[c], t, seat] for c, (t, seat) in state.tokens.items()],
        "hand": [_tiles(h) for h in state.hand], "pile": [_tiles(p) for p in state.pile],
        "kept": [KINDS[k].name if k is not None else None for k in state.kept],
        "reserve": list(state.reserve), "captives": [list(x) for x in state.captives],
        "token_hand": [list(x) for x in state.token_hand], "token_pile": [list(x) for x in state.token_pile],
        "token_box": [list(x) for x in state.token_box],
        "turn": {"placed": state.placed, "camp": names[state.camp] if state.camp >= 0 else None,
                 "camp_movable": state.camp_movable, "head": names[state.head] if state.head >= 0 else None,
                 "head_dir": state.head_dir, "head_in": state.head_in},
        "events": [[list(x) if isinstance(x, tuple) else x for x in e] for e in state.events],
    }


# -- reading ------------------------------------------------------------------------------------

def _cell(state: Any, value: Any, where: str) -> int:
    try:
        cell: int = state.geo.cell(value)
    except (ValueError, AttributeError):
        raise CorruptSave(f"{where} must be a cell of the {state.players}-player grid, got {quote(value)}") from None
    return cell


def _kind(value: Any, where: str) -> int:
    if value not in KIND_INDEX:
        raise CorruptSave(f"{where} must be a kind of tile, got {quote(value)}")
    return KIND_INDEX[value]


def _codes(items: list[Any], where: str) -> list[int]:
    out = []
    for i, t in enumerate(items):
        if not (isinstance(t, list) and len(t) == 2 and t[0] in BACKS):
            raise CorruptSave(f"{where}[{i}] must be [back, kind], got {quote(t)}")
        out.append(tile_code(t[0], _kind(t[1], f"{where}[{i}]")))
    return out


def read_into(state: Any, f: Fields) -> None:
    """Fill the blank ``state`` (``LuxorState._blank``) from a save's fields, each checked as it is read."""
    state.phase = f.str("phase", choices=PHASES)
    state.is_terminal = state.phase == OVER
    state.current_player = f.opt_int("current_player", lo=0, hi=state.players - 1)
    _read_board(state, f)
    _read_tokens(state, f)
    _read_hands(state, f)
    _read_turn(state, f.sub("turn"))
    state.events = f.events(kinds=EVENTS, players=state.players)


def _read_board(state: Any, f: Fields) -> None:
    """The placed tiles, in the order they were laid (each laid again: the frontier follows)."""
    players = state.players
    for i, item in enumerate(f.list("board")):
        where = f"{f.path}.board[{i}]"
        if not (isinstance(item, list) and len(item) == 5 and isinstance(item[4], list)):
            raise CorruptSave(f"{where} must be [cell, kind, back, placer, stack]")
        c = _cell(state, item[0], where)
        if state.kind[c] >= 0:
            raise CorruptSave(f"{where}: two tiles on {item[0]}")
        k = _kind(item[1], where)
        if item[2] not in BACKS or not (isinstance(item[3], int) and -1 <= item[3] < players):
            raise CorruptSave(f"{where}: bad back number or placer")
        if not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < players for x in item[4]):
            raise CorruptSave(f"{where}: the stack must list seats")
        state._put_tile(c, tile_code(item[2], k), item[3])
        state.stack[c] = tuple(item[4])


def _read_tokens(state: Any, f: Fields) -> None:
    for i, item in enumerate(f.list("tokens")):
        where = f"{f.path}.tokens[{i}]"
        if not (isinstance(item, list) and len(item) == 3 and item[1] in ("boat", "snakes")
                and isinstance(item[2], int) and 0 <= item[2] < state.players):
            raise CorruptSave(f"{where} must be [cell, 'boat' or 'snakes', seat]")
        state.tokens[_cell(state, item[0], where)] = (item[1], item[2])


def _read_hands(state: Any, f: Fields) -> None:
    """Tiles in hand and in the piles, the kept "1" tiles, the reserves and the action tokens."""
    players = state.players
    state.hand = [_codes(h, f"{f.path}.hand[{i}]") for i, h in enumerate(f.list("hand", length=players))]
    state.pile = [_codes(p, f"{f.path}.pile[{i}]") for i, p in enumerate(f.list("pile", length=players))]
    kept = f.list("kept", length=players)
    state.kept = [None if k is None else _kind(k, f"{f.path}.kept[{i}]") for i, k in enumerate(kept)]
    if any(k is not None and KINDS[k].name not in KEEP_CHOICES for k in state.kept):
        raise CorruptSave(f"{f.path}.kept must name '1' tiles other than the camp")
    state.reserve = f.int_list("reserve", length=players, lo=0, hi=state.numbers.adventurers)
    state.captives = f.int_lists("captives", length=players, inner=players, lo=0)
    for name in ("token_hand", "token_pile", "token_box"):
        setattr(state, name, f.str_lists(name, length=players, choices=TOKENS))


def _read_turn(state: Any, turn: Fields) -> None:
    """Where the turn stands: tiles placed, the camp of this turn, the group on the move."""
    numbers = state.numbers
    state.placed = turn.int("placed", lo=0, hi=numbers.tiles_per_turn)
    camp, head = turn.data.get("camp"), turn.data.get("head")
    state.camp = -1 if camp is None else _cell(state, camp, f"{turn.path}.camp")
    state.head = -1 if head is None else _cell(state, head, f"{turn.path}.head")
    state.camp_movable = turn.int("camp_movable", lo=0, hi=numbers.camp_max)
    state.head_dir = turn.int("head_dir", lo=-1, hi=3)
    state.head_in = turn.int("head_in", lo=0, hi=numbers.camp_max)


# -- checking -----------------------------------------------------------------------------------

def check_state(state: Any) -> list[str]:
    """Conservation of tiles, adventurers and tokens, stack limits, and a consistent turn (empty if fine)."""
    placed_by, layout, on_board, problems = _check_board(state)
    problems += _check_seats(state, placed_by, on_board)
    contributions = [code for s in state.seats if state.kept[s] is not None for code in laid_tiles(state.kept[s])]
    if state.phase != KEEP and sorted(layout) != sorted(contributions):
        problems.append("the start layout is not made of the tiles the players laid")
    for c, (token, _) in state.tokens.items():
        if state.kind[c] < 0 or (token == "boat" and state.kind[c] != LAKE):
            problems.append(f"a {token} token on {state.geo.names[c]}")
    problems += _check_phase(state)
    return problems


def _check_board(state: Any) -> tuple[list[list[int]], list[int], list[int], list[str]]:
    """Per cell: the tile's placer, the stack under its limit, nobody where nobody may enter."""
    problems = []
    numbers, names = state.numbers, state.geo.names
    placed_by: list[list[int]] = [[] for _ in state.seats]
    layout: list[int] = []
    on_board = [0] * state.players
    kind, stack = state.kind, state.stack
    for c in range(state.geo.size):
        if kind[c] < 0:
            if stack[c]:
                problems.append(f"adventurers on the empty cell {names[c]}")
            continue
        code = tile_code(state.back[c], kind[c])
        (placed_by[state.placer[c]] if state.placer[c] >= 0 else layout).append(code)
        for s in stack[c]:
            on_board[s] += 1
        limit = numbers.camp_max if IS_CAMP[kind[c]] else numbers.tile_max
        if len(stack[c]) > limit and not (c == state.head and len(stack[c]) - state.head_in <= numbers.tile_max):
            problems.append(f"{names[c]} holds {len(stack[c])} adventurers")
        if stack[c] and (numbers.cost[kind[c]] is None or state.tokens.get(c, ("",))[0] == "snakes"):
            problems.append(f"adventurers on {names[c]}, which cannot be entered")
    if len(state.cells) != sum(1 for k in kind if k >= 0):
        problems.append("the list of placed cells disagrees with the grid")
    cached = state._open_cache
    if cached is not None and cached != state._rank_frontier():
        problems.append("the cells open to a tile are out of order")
    return placed_by, layout, on_board, problems


def _check_seats(state: Any, placed_by: list[list[int]], on_board: list[int]) -> list[str]:
    """Each seat's tiles, adventurers and tokens, each in exactly one place."""
    problems = []
    numbers = state.numbers
    everything = full_set()
    for s in state.seats:
        tiles = state.hand[s] + state.pile[s] + placed_by[s]
        if state.kept[s] is not None:
            tiles = tiles + laid_tiles(state.kept[s])
        if sorted(tiles) != everything:
            problems.append(f"seat {s}'s {len(everything)} tiles must each be in exactly one place")
        taken = sum(state.captives[t][s] for t in state.seats)
        if state.reserve[s] + on_board[s] + taken != numbers.adventurers:
            problems.append(f"seat {s} has {state.reserve[s] + on_board[s] + taken} adventurers in play, "
                            f"not {numbers.adventurers}")
        if state.captives[s][s]:
            problems.append(f"seat {s} captured its own adventurers")
        tokens = state.token_hand[s] + state.token_pile[s] + state.token_box[s] + \
            [t for t, seat in state.tokens.values() if seat == s]
        if sorted(tokens) != (token_set(numbers.tokens_per_kind) if state.adventures else []):
            problems.append(f"seat {s}'s action tokens must each be in exactly one place")
        if len(state.hand[s]) > numbers.hand_size and state.phase != KEEP:
            problems.append(f"seat {s} holds {len(state.hand[s])} tiles")
    return problems


def _check_phase(state: Any) -> list[str]:
    """The phase and the player to move agree: seats keep in order, then turns, then the end."""
    problems = []
    if state.is_terminal != (state.current_player is None) or state.is_terminal != (state.phase == OVER):
        problems.append("current_player must be empty exactly when the game is over")
    if state.phase == KEEP:
        chosen = [k is not None for k in state.kept]
        if state.cells or chosen != [s < state.current_player for s in state.seats]:
            problems.append("the '1' tiles are kept seat by seat before anything is laid")
    elif state.phase in (PLAY, CAMP):
        if not state.placed and (state.camp >= 0 or state.head >= 0):
            problems.append("a camp or a moving group without a tile placed this turn")
        if state.phase == CAMP and (state.camp < 0 or state.stack[state.camp]):
            problems.append("the camp to fill must be placed and empty")
        problems += _check_turn(state)
    if state.is_terminal and any(state.hand) and state._open_ranks():
        problems.append("the game ended with tiles still to place")
    return problems


def _check_turn(state: Any) -> list[str]:
    """The camp just placed and the group on the move agree with the grid: the camp is the last tile
    placed, a camp of the player to move, whose free adventurers stand on it; the moving group's
    adventurers are on top of a tile, which it entered from a direction."""
    p, kind, stack, camp, head = state.current_player, state.kind, state.stack, state.camp, state.head
    problems = []
    if camp < 0 and state.camp_movable:
        problems.append("adventurers free to leave a camp, but no camp this turn")
    if camp >= 0 and (kind[camp] < 0 or not IS_CAMP[kind[camp]] or state.placer[camp] != p
                      or state.cells[-1] != camp or state.camp_movable > stack[camp].count(p)):
        problems.append("the camp of this turn must be the camp just placed by the player to move, "
                        "with its free adventurers on it")
    if head >= 0 and (kind[head] < 0 or head == camp or not 0 <= state.head_dir <= 3 or state.head_in < 1
                      or stack[head][-state.head_in:] != (p,) * state.head_in):
        problems.append("the moving group must stand on top of a tile it entered along a line")
    return problems
