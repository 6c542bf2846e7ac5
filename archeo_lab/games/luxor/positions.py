"""Small Expedition Luxor positions for tutorials and rule tests, set up by hand like a
chess diagram.

``position(...)`` deals a seeded game, lets every seat keep the same "1"
tile, and then arranges the board: the start layout's order, extra tiles on
given cells (taken from the placer's own pile, so every tile stays
accounted for), adventurers on them (from the reserves), the hands, and for
"Nouvelles aventures" the tokens.  The result is a legal state (``check()``)
at the start of ``current_player``'s turn.

>>> s = position(players=2, tiles={"E6": "desert temple", "D6": "oasis pyramid"},
...              stacks={"E6": [1, 0]}, hands=[["desert camp", "lake"], None])
>>> s.current_player, s.reserve, sorted(str(a) for a in s.legal_actions())[:2]
(0, [29, 29], ['place desert camp at C6', 'place desert camp at D5'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import cast

from .components import KIND_INDEX, KINDS, TOKEN_STAYS, TOKENS
from .encoding import PLAY, code_back, code_kind
from .state import GAME, LuxorState
from .view import stack_words

__all__ = ["position", "tile_at", "stack_at", "hand_tiles", "layout_tiles", "stack_in_words", "placed_tiles"]


def position(players: int = 2, *, seed: int = 0, variant: str | None = None,
             kept: str | Sequence[str] = "mountain", layout: Sequence[str] | None = None,
             tiles: Mapping[str, str] | None = None, placed_by: int | Mapping[str, int] = 0,
             stacks: Mapping[str, Sequence[int]] | None = None,
             hands: Sequence[Sequence[str] | None] | None = None,
             tokens: Mapping[str, tuple[str, int]] | None = None,
             token_hands: Sequence[Sequence[str] | None] | None = None,
             current_player: int = 0) -> LuxorState:
    """A state at the start of a turn, arranged as given (see the module docstring).

    Parameters
    ----------
    kept : the "1" tile every seat keeps (or one per seat): ``"desert"``, ``"desert temple"``, ``"mountain"``
    layout : the start layout's kinds, row by row (a reordering of the tiles the seats laid)
    tiles : extra tiles, cell name -> kind; each must touch the area laid before it
    placed_by : the seat that placed the extra tiles (or cell -> seat)
    stacks : cell -> seats of its adventurers, bottom to top (taken from the reserves)
    hands : per seat, the (at most two) kinds in hand, or ``None`` to keep the dealt hand
    tokens : "Nouvelles aventures": cell -> (``"boat"`` or ``"snakes"``, seat)
    token_hands : "Nouvelles aventures": per seat, the tokens in hand, or ``None``

    Raises ``ValueError`` on an arrangement the rules cannot hold (a tile
    nobody has left, a stack above its limit, the play area too large...).
    """
    state = cast(LuxorState, GAME.new_state(players=players, seed=seed, variant=variant))
    _keep(state, kept)
    if layout is not None:
        _arrange_layout(state, layout)
    _lay_tiles(state, tiles or {}, placed_by)
    _put_stacks(state, stacks or {})
    for s, wanted in enumerate(hands or []):
        if wanted is not None:
            _deal_hand(state, s, wanted)
    if tokens or token_hands:
        _lay_tokens(state, tokens or {})
        for s, held in enumerate(token_hands or []):
            if held is not None:
                _deal_tokens(state, s, held)
    return _start(state, current_player)


def _keep(state: LuxorState, kept: str | Sequence[str]) -> None:
    """Mise en place 2: every seat keeps its "1" tile (the same one, or one per seat)."""
    chosen = [kept] * state.players if isinstance(kept, str) else list(kept)
    if len(chosen) != state.players:
        raise ValueError(f"kept: give one tile per seat ({state.players})")
    for tile in chosen:
        state.apply(f"keep {tile}")
    if state.phase != PLAY:
        raise ValueError("the set-up did not finish")


def _arrange_layout(state: LuxorState, layout: Sequence[str]) -> None:
    """Mise en place 3: the laid tiles in the order given, row by row."""
    geo = state.geo
    laid = [state.kind[c] for c in geo.layout]
    wanted = [KIND_INDEX.get(k, -1) for k in layout]
    if sorted(wanted) != sorted(laid):
        have = sorted(KINDS[k].name for k in laid)
        raise ValueError(f"layout: the seats laid {have}; give those {len(have)} tiles in any order")
    for c, k in zip(geo.layout, wanted):
        state.kind[c] = k
    state.events[-1] = ("layout", tuple(layout), tuple(geo.names[c] for c in geo.layout))


def _take(pool: list[int], kind: str, who: str) -> int:
    """Remove a tile of ``kind`` from a seat's pile (bottom first); ``ValueError`` if none is left."""
    if kind not in KIND_INDEX:
        raise ValueError(f"no tile kind {kind!r}; the kinds are: {', '.join(k.name for k in KINDS)}")
    for i, code in enumerate(pool):
        if code_kind(code) == KIND_INDEX[kind]:
            return pool.pop(i)
    raise ValueError(f"{who} has no {kind} left to place")


def _lay_tiles(state: LuxorState, tiles: Mapping[str, str], placed_by: int | Mapping[str, int]) -> None:
    """The extra tiles, from their placers' piles, each next to the tiles laid before it."""
    geo = state.geo
    pending = {geo.cell(name): kind for name, kind in tiles.items()}
    while pending:
        ready = [c for c in pending if any(state.kind[nb] >= 0 for nb in geo.neighbours[c])]
        if not ready:
            raise ValueError(f"tiles: {', '.join(geo.names[c] for c in pending)} must touch the start layout "
                             "or another tile")
        for c in sorted(ready):
            if state.kind[c] >= 0:
                raise ValueError(f"tiles: {geo.names[c]} already holds a tile")
            seat = placed_by if isinstance(placed_by, int) else placed_by.get(geo.names[c], 0)
            state._put_tile(c, _take(state.pile[seat], pending.pop(c), f"seat {seat}"), seat)
    if state.maxx - state.minx >= geo.limit or state.maxy - state.miny >= geo.limit:
        raise ValueError(f"tiles: the play area would exceed {geo.limit} x {geo.limit}")


def _put_stacks(state: LuxorState, stacks: Mapping[str, Sequence[int]]) -> None:
    """Adventurers on tiles, taken from their reserves."""
    for name, seats in stacks.items():
        c = state.geo.cell(name)
        if state.kind[c] < 0:
            raise ValueError(f"stacks: there is no tile on {name}")
        state.stack[c] = tuple(seats)
        for s in seats:
            state.reserve[s] -= 1
    if any(r < 0 for r in state.reserve):
        raise ValueError(f"stacks: a seat has only {state.numbers.adventurers} adventurers")


def _deal_hand(state: LuxorState, s: int, wanted: Sequence[str]) -> None:
    """Seat ``s``'s hand: the kinds wanted, each the one nearest the top of the pile (the tile that
    would come up soonest), topped up from the pile."""
    if len(wanted) > state.numbers.hand_size:
        raise ValueError(f"hands: at most {state.numbers.hand_size} tiles in hand")
    pool = state.hand[s] + state.pile[s]
    pool.sort(key=lambda code: -code_back(code))            # a pile again: back 5 at the bottom
    hand = []
    for kind in wanted:
        if kind not in KIND_INDEX:
            raise ValueError(f"hands: no tile kind {kind!r}")
        spots = [i for i, code in enumerate(pool) if code_kind(code) == KIND_INDEX[kind]]
        if not spots:
            raise ValueError(f"hands: seat {s} has no {kind} left")
        hand.append(pool.pop(spots[-1]))
    while len(hand) < state.numbers.hand_size and pool:
        hand.append(pool.pop())
    state.hand[s], state.pile[s] = hand, pool


def _lay_tokens(state: LuxorState, tokens: Mapping[str, tuple[str, int]]) -> None:
    """"Nouvelles aventures": boats on lakes and snakes on empty tiles, from their owners' tokens."""
    if not state.adventures:
        raise ValueError("tokens belong to the 'Nouvelles aventures' extension (variant='adventures')")
    for name, (token, seat) in tokens.items():
        c = state.geo.cell(name)
        pool = state.token_hand[seat] + state.token_pile[seat]
        if not TOKEN_STAYS.get(token) or token not in pool:
            raise ValueError(f"tokens: seat {seat} has no {token} token to lay on the board")
        if (token == "boat") != (KINDS[state.kind[c]].name == "lake") or state.stack[c]:
            raise ValueError(f"tokens: a {token} cannot lie on {name}")
        pool.remove(token)
        hand = state.numbers.token_hand
        state.token_hand[seat], state.token_pile[seat] = pool[:hand], pool[hand:]
        state.tokens[c] = (token, seat)


def _deal_tokens(state: LuxorState, s: int, held: Sequence[str]) -> None:
    """"Nouvelles aventures": seat ``s``'s tokens in hand; the others are its pile."""
    pool = state.token_hand[s] + state.token_pile[s]
    for token in held:
        if token not in TOKENS or token not in pool:
            raise ValueError(f"token_hands: seat {s} has no {token} token left")
        pool.remove(token)
    state.token_hand[s], state.token_pile[s] = sorted(held), pool


def _start(state: LuxorState, current_player: int) -> LuxorState:
    """The turn of ``current_player`` begins; the arrangement must be one the rules can hold."""
    if not 0 <= current_player < state.players:
        raise ValueError(f"current_player must be a seat, 0 to {state.players - 1}")
    state._start_turn(current_player)
    state.changed()
    state.events.append(("position",))
    problems = state.check()
    if problems:
        raise ValueError(problems[0])
    return state


# -- reading a position in words (what a learner prints instead of codes and seat tuples) ------

def tile_at(state: LuxorState, cell: str) -> str | None:
    """The kind of tile on ``cell`` (``"oasis temple"``), or ``None`` if the cell is empty.

    >>> s = position(players=2, tiles={"E6": "oasis temple"})
    >>> tile_at(s, "E6"), tile_at(s, "A1")
    ('oasis temple', None)
    """
    kind = state.kind[state.geo.cell(cell)]
    return KINDS[kind].name if kind >= 0 else None


def stack_at(state: LuxorState, cell: str) -> list[int]:
    """The seats of the adventurers on ``cell``, bottom to top (the last one scores).

    >>> stack_at(position(players=2, tiles={"E6": "oasis temple"}, stacks={"E6": [1, 0]}), "E6")
    [1, 0]
    """
    return list(state.stack[state.geo.cell(cell)])


def stack_in_words(state: LuxorState, cell: str, names: Sequence[str] | None = None) -> str:
    """A tile's adventurers as a learner reads them, bottom to top, and who is on top (who scores).

    >>> s = position(players=2, tiles={"E6": "oasis temple"}, stacks={"E6": [1, 1, 0]})
    >>> stack_in_words(s, "E6", names=["Ann", "Bob"])
    "E6 (oasis temple): 3 adventurers, 2 of Bob's then 1 of Ann's (bottom to top): Ann on top"
    >>> stack_in_words(position(players=2, stacks={"F6": [0, 0]}), "F6")
    "F6 (desert temple): 2 adventurers, all seat 0's"
    >>> stack_in_words(s, "G6")
    'G6 (desert): no adventurer'
    """
    seats = stack_at(state, cell)
    who = [names[s] if names else f"seat {s}" for s in seats]
    where = f"{cell.upper()} ({tile_at(state, cell) or 'no tile'})"
    if not seats:
        return f"{where}: no adventurer"
    return f"{where}: {stack_words(who)}"


def hand_tiles(state: LuxorState, seat: int) -> list[str]:
    """The kinds of the tiles in ``seat``'s hand, sorted (what that player sees).

    >>> hand_tiles(position(players=2, hands=[["desert camp", "lake"], None]), 0)
    ['desert camp', 'lake']
    """
    return sorted(KINDS[code_kind(code)].name for code in state.hand[state.check_seat(seat)])


def layout_tiles(state: LuxorState) -> list[tuple[str, str]]:
    """The start layout: ``(cell, kind)`` row by row.

    >>> layout_tiles(position(players=2, layout=["desert", "desert temple", "desert temple", "desert"]))
    [('F6', 'desert'), ('G6', 'desert temple'), ('F7', 'desert temple'), ('G7', 'desert')]
    """
    return [(state.geo.names[c], KINDS[state.kind[c]].name) for c in state.geo.layout]


def placed_tiles(state: LuxorState) -> dict[str, str]:
    """Every placed tile: cell name -> kind, in the grid's order.

    >>> list(placed_tiles(position(players=2, tiles={"E6": "lake"})).items())[:2]
    [('E6', 'lake'), ('F6', 'desert temple')]
    """
    names = state.geo.names
    return {names[c]: KINDS[state.kind[c]].name for c in sorted(state.cells)}
