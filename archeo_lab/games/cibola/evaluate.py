"""Les Trésors de Cibola: a heuristic value per seat, for the greedy bot.

The value of a seat is the points it would score if the game ended now
(treasures at their columns' average value, ``scoring.py``), plus:

* its explorers, each worth the final half point plus the bidding power it
  still has (more in early rounds);
* the card it will most likely take this round: bids not yet made are
  projected at an even spend rate (explorers / rounds left), the pick order
  follows the bid rule, and each picker takes the card worth most to them;
* a small bonus for a rock or totem step it is owed.

It reads only what ``observation`` shows plus the bids in the state it is
given, so bots call it on ``determinize()`` copies.

The score lines and the cards' gains depend only on the treasure counts,
the explorers held, the totems and the rocks, which a bid or a search's
other moves often leave as they were: they are kept per such position
(``_known``), so a search works each one out once.
"""

from __future__ import annotations

from . import scoring
from .components import EXPLORERS_PER_POINT, ROUNDS
from .state import picking_order

__all__ = ["evaluate", "explorer_value", "card_gains"]

_PENDING_BONUS = {"rock": 1.0, "totem": 2.0, "landslide": 1.0}
#: (counts, totems, rocks) -> (column values, {explorers held: score lines},
#: {(seat, its explorers held): {card: gain}}).
_known: dict[tuple, tuple[list[float], dict[tuple[int, ...], list[dict[str, float]]],
                          dict[tuple[int, int], dict[str, float]]]] = {}
_KNOWN_MAX = 20_000         # positions kept before the memo starts afresh


def explorer_value(round_: int) -> float:
    """What one explorer is worth in round ``round_``: its share of a final point (0.5) at the end, up to 1.1
    at the start.

    >>> explorer_value(8), explorer_value(1)
    (0.5, 1.025)
    """
    return 1 / EXPLORERS_PER_POINT + 0.6 * (ROUNDS - round_) / ROUNDS


def card_gains(state, seat: int, cards, values, held: list[int] | None = None) -> dict[str, float]:
    """How many points each card would add to ``seat``'s count (majorities included); ``held``: the
    explorers held, when the caller has them."""
    return scoring.gains(state.counts, state.explorers_held() if held is None else held, state.totems, values,
                         seat, {card: scoring.CARD_COUNTS[card] for card in cards})


def _projected_bids(state) -> list[int]:
    """The bids of this round: those made, and the others at an even spend rate."""
    rounds_left = ROUNDS - state.round + 1
    return [state.fist[s] if state.fist[s] is not None
            else min(state.explorers[s], round(state.explorers[s] / rounds_left)) for s in state.seats]


def _projected_order(state, bids: list[int]) -> list[int]:
    """Who picks next this round, in order."""
    if state.phase != "bid":
        return state.pick_order[state.pick_index:]
    return picking_order(bids, state.torch)


def evaluate(state) -> list[float]:
    """Estimated final points per seat (see the module docstring)."""
    held = state.explorers_held()
    key = (tuple(map(tuple, state.counts)), tuple(map(tuple, state.totems)), tuple(map(tuple, state.covered)))
    known = _known.get(key)
    if known is None:
        if len(_known) >= _KNOWN_MAX:
            _known.clear()
        values = [scoring.column_value(v) for v in scoring.visible_values(state.covered)]
        known = _known[key] = (values, {}, {})
    values, lines, gained = known
    rows = lines.get(tuple(held))
    if rows is None:
        rows = lines[tuple(held)] = scoring.score_breakdown(state.counts, held, state.totems, values)
    if state.is_terminal:
        return [float(r["total"]) for r in rows]
    # Explorers in a fist are spent: only the reserve keeps its worth.
    worth = explorer_value(state.round)
    out = [r["total"] - r["explorers"] + worth * e for r, e in zip(rows, state.explorers)]
    bids = _projected_bids(state)
    if state.phase == "bid":
        zeros = [s for s in state.seats if bids[s] == 0]
        for s in zeros:
            out[s] += worth * (state.discard // len(zeros))
    for step, seat in state.pending:
        out[seat] += _PENDING_BONUS[step]
    table = list(state.table)
    for seat in _projected_order(state, bids):
        if not table:
            break
        mine = gained.get((seat, held[seat]))   # a card's gain reads the others' counts, not their explorers
        if mine is None:
            mine = gained[seat, held[seat]] = {}
        missing = [card for card in table if card not in mine]
        if missing:     # each card's gain is worked out on its own (``scoring.gains``): kept per card
            mine.update(card_gains(state, seat, missing, values, held))
        best = max(table, key=lambda c: (mine[c], c))
        out[seat] += mine[best]
        table.remove(best)
    return out
