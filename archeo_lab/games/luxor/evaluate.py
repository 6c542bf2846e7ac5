"""Expedition Luxor: a heuristic value per seat, for the greedy bot.

The value of a seat is what it would score if the game ended now, with the
corrections a player makes at a glance:

* a building whose stack already holds four adventurers can never be
  entered again ("aucun autre aventurier ne pourra entrer"), so its top is
  safe; a top on a shorter stack may still be covered by a later camp's line
  and counts for ``UNSAFE`` of its points (the last-mover risk);
* each adventurer left in the reserve is worth ``RESERVE`` (future camps, and
  the tie-break);
* each tile still to place (in hand or in the pile) is worth ``TEMPO``: « Si
  un des joueurs n'a plus de tuiles alors que les autres en ont encore, il
  passe son tour jusqu'à la fin de la partie », so whoever keeps tiles longest
  lays the last camps and covers the others' tops with nobody left to answer.
  A second or third tile in a turn is then placed only for a claim worth more
  than the tile kept (``end turn`` keeps it);
* the player to move who still has a camp to fill or extras free to move
  counts the best claims those adventurers can make along the camp's line
  (one line, or shared between lines in the ``+split`` variants; ``line_values``): the greedy
  bot looks one action ahead, and this is what
  makes "place a camp" or "put 4 adventurers on it" worth doing;
* with "Nouvelles aventures", a seat holding tokens and an adventurer on a
  mountain gets ``TOKEN_ACCESS`` (once per mountain): tokens need one.

It reads only public information, so it is the same on ``determinize()``
copies.
"""

from __future__ import annotations

from .encoding import MOUNTAIN

__all__ = ["evaluate", "line_values", "UNSAFE", "RESERVE", "TOKEN_ACCESS", "TEMPO"]

UNSAFE = 0.75
RESERVE = 0.1
TOKEN_ACCESS = 0.6
#: A tile kept for later, in points.  Search bot against two greedy bots, 3 players, seeds 0-23
#: (``benchmarks/search_screen.py luxor 3 0 24``): 9.5 of 24 without it, 12 with 0.5, 20 with 1.0.
TEMPO = 1.0


def _tile_value(state, cell: int, seat: int) -> float:
    """What topping ``cell`` with ``seat``'s adventurer is worth to ``seat`` (margin included)."""
    pts = state.numbers.points[state.kind[cell]]
    if not pts:
        if state.kind[cell] == MOUNTAIN and state.adventures and state.token_hand[seat] \
                and not any(state.kind[c] == MOUNTAIN and seat in state.stack[c] for c in state.cells):
            return TOKEN_ACCESS
        return 0.0
    stack = state.stack[cell]
    if stack and stack[-1] == seat:
        return 0.0
    return pts * UNSAFE + (pts * UNSAFE if stack else 0.0)   # an opponent loses it too


def line_values(state, start: int, direction: int, budget: int, seat: int) -> list[float]:
    """Best value of claims along one straight line from ``start`` with 0..``budget`` adventurers.

    Passing through a tile leaves its entry cost there, on top, so every tile
    of the line up to where the group stops is claimed.  ``out[b]`` is the
    best value reachable with at most ``b`` adventurers.

    >>> from archeo_lab.games.luxor.positions import position
    >>> s = position(players=2, tiles={"E6": "desert temple", "D6": "oasis pyramid"}, placed_by=0)
    >>> [round(v, 2) for v in line_values(s, s.geo.cell("F6"), 3, 4, 0)]
    [0.0, 1.5, 1.5, 3.75, 3.75]
    """
    out = [0.0] * (budget + 1)
    costs, tile_max = state.numbers.cost, state.numbers.tile_max
    step = state.geo.step[direction]
    cell, spent, gained = step[start], 0, 0.0
    while cell >= 0 and spent < budget:
        kind = state.kind[cell]
        if kind < 0 or cell in state.tokens:
            break
        cost = costs[kind]
        if cost is None or len(state.stack[cell]) + cost > tile_max or spent + cost > budget:
            break
        spent += cost
        gained += _tile_value(state, cell, seat)
        for b in range(spent, budget + 1):
            out[b] = max(out[b], gained)
        cell = step[cell]
    return out


def _potential(state) -> float:
    """The best claims the player to move can still make with the camp of this turn."""
    p = state.current_player
    camp = state.camp
    if camp < 0:
        return 0.0
    filling = state.phase == "camp"
    if filling:
        need, most = state.camp_range()
        budget = most - need
    else:
        budget = state.camp_movable
    best = [0.0] * (budget + 1)
    for d in range(4 if budget > 0 else 0):
        line = line_values(state, camp, d, budget, p)
        if state.split_lines:   # several groups: the adventurers shared out between the lines
            best = [max(best[b - k] + line[k] for k in range(b + 1)) for b in range(budget + 1)]
        else:                   # one group, one line: the best single direction
            best = [max(best[b], *line[:b + 1]) for b in range(budget + 1)]
    if filling:
        # The camp's own point, and the reserve each extra adventurer costs.
        return UNSAFE - RESERVE * need + max(v - RESERVE * b for b, v in enumerate(best))
    value = best[-1]
    if state.head >= 0:
        lo, hi = state.head_range()
        if hi >= lo:
            value += line_values(state, state.head, state.head_dir, hi, p)[-1]
    return value


def evaluate(state) -> list[float]:
    """Estimated final points per seat (see the module docstring)."""
    scores, open_tops = state.points_and_open()
    if state.is_terminal:
        return [s + 0.001 * r for s, r in zip(scores, state.reserve)]
    # A top that can still be covered counts for UNSAFE of its points: one subtraction per seat gives the
    # numbers of one per tile exactly while 1 - UNSAFE is a binary fraction (0.25: quarters of whole points).
    # Then the reserve and the tiles still to place.
    out = [points - o * (1.0 - UNSAFE) + (RESERVE * r + TEMPO * (len(hand) + len(pile)))
           for points, o, r, hand, pile in zip(scores, open_tops, state.reserve, state.hand, state.pile)]
    kind, stack = state.kind, state.stack
    if state.adventures:
        # An adventurer on a mountain opens the action tokens (one per turn while tokens last).
        for c in state.cells:
            if kind[c] == MOUNTAIN:
                for s in set(stack[c]):
                    if state.token_hand[s]:
                        out[s] += TOKEN_ACCESS
    if state.current_player is not None:
        out[state.current_player] += _potential(state)
    return out
