"""Expedition Luxor, "Nouvelles aventures": the action tokens (*jetons Action*).

After placing 1, 2 or 3 tiles, a player with an adventurer on a mountain may
use one token from their hand (``use boat from D4 on F2``); that adventurer
leaves the mountain, the token acts, a new token is drawn, and the turn ends.
The four kinds and the decisions where the rule book is silent are in
``state.py``'s docstring; here are the rules as functions of a state:
``token_actions`` (what may be used now), ``token_targets`` (where a token
may go from a mountain) and ``use_token`` (its effect).
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from .components import TOKEN_STAYS
from .encoding import LAKE, MOUNTAIN

__all__ = ["token_actions", "token_targets", "mountains_of", "use_token", "majority"]

_ORDER = attrgetter("token", "source", "target")


def mountains_of(state: Any, p: int) -> list[int]:
    """The mountains where seat ``p`` has an adventurer, in name order (a token needs one)."""
    kind, stack = state.kind, state.stack
    return sorted((c for c in state.cells if kind[c] == MOUNTAIN and p in stack[c]), key=state.geo.rank.__getitem__)


def majority(stack: tuple[int, ...], p: int, tile_max: int) -> bool:
    """Sandstorm (*Tempête de sable*): ``p`` has more adventurers on ``stack`` than each other seat,
    and one more still fits under ``tile_max``.

    >>> majority((0, 1, 0), 0, 4), majority((0, 1), 0, 4), majority((0, 0, 0, 0), 0, 4)
    (True, False, False)
    """
    mine = stack.count(p)
    return 0 < mine < tile_max and all(stack.count(q) < mine for q in set(stack) if q != p)


def token_targets(state: Any, token: str, source: int, p: int) -> list[int]:
    """Where ``token`` may go, or send the adventurer ``p`` takes from mountain ``source``, in name order.

    *Bateau*: an unoccupied lake.  *Serpents*: a tile with no adventurer and no token (the mountain
    just emptied too).  *Tempête de sable*: another tile where ``p`` holds the majority.
    *Caravane*: a neighbour that is not a lake, not under a token and not full.
    """
    kind, stack, tokens, cells = state.kind, state.stack, state.tokens, state.cells
    tile_max = state.numbers.tile_max
    if token == "boat":
        out = [c for c in cells if kind[c] == LAKE and c not in tokens]
    elif token == "snakes":
        alone = stack[source] == (p,)
        out = [c for c in cells if c not in tokens and (not stack[c] or (c == source and alone))]
    elif token == "sandstorm":
        out = [c for c in cells if c != source and stack[c] and majority(stack[c], p, tile_max)]
    else:
        out = [c for c in state.geo.neighbours[source] if kind[c] >= 0 and kind[c] != LAKE
               and c not in tokens and len(stack[c]) < tile_max]
    return sorted(out, key=state.geo.rank.__getitem__)


def token_actions(state: Any, p: int) -> list[Any]:
    """The tokens ``p`` may use now, sorted."""
    held = state.token_hand[p]
    sources = mountains_of(state, p) if held else []
    out = []
    for token in sorted(set(held)) if sources else ():
        for source in sources:
            for target in token_targets(state, token, source, p):
                out.append(state.table.token(token, source, target))
    out.sort(key=_ORDER)
    return out


def use_token(state: Any, token: str, source: int, target: int) -> int:
    """The token's effect for the player to move; returns how many adventurers a sandstorm took.

    The adventurer that leaves the mountain is the player's topmost one there.  The boat and the
    snakes send it back to the reserve and stay on ``target`` (``TOKEN_STAYS``); the sandstorm and
    the caravan move it to ``target`` and go back to the box.  Then a new token is drawn.
    """
    p = state.current_player
    stack = list(state.stack[source])
    del stack[len(stack) - 1 - stack[::-1].index(p)]
    state.stack[source] = tuple(stack)
    taken = 0
    if TOKEN_STAYS[token]:
        state.reserve[p] += 1
        state.tokens[target] = (token, p)
    else:
        old = state.stack[target]
        if token == "sandstorm":        # the others' adventurers there are put in front of p
            for s in old:
                if s != p:
                    state.captives[p][s] += 1
                    taken += 1
            old = tuple(s for s in old if s == p)
        state.stack[target] = old + (p,)
        state.token_box[p].append(token)
    state.token_hand[p].remove(token)
    if state.token_pile[p]:
        state.token_hand[p].append(state.token_pile[p].pop())
        state.token_hand[p].sort()
        state.chance_count += 1
    return taken
