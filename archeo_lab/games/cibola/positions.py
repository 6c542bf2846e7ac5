"""Small Cibola positions for tutorials and rule tests, set up by hand like a
chess diagram.

``position(...)`` starts a seeded game and then arranges the round about to
be bid: which cards are revealed, each seat's explorers, the discard, the
torch, what each seat already collected, the rocks on the temple board and
which totems are in play.  Every other card stays in its pile, so the result
is a legal state (``check()``: as many rocks as rock cards collected).

>>> s = position(players=4, table=["I-03", "I-01", "I-05", "I-04"],
...              explorers=[6, 4, 3, 4], torch=2)
>>> s.discard, s.current_player
(7, 2)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from . import scoring
from .components import (
    CARD_BY_ID, CARDS_PER_ROUND, COLUMNS, EXPLORERS_PER_PLAYER, ROUNDS, TOTEM_BY_NAME, TOTEMS_IN_PLAY,
)
from .state import GAME, CibolaState

__all__ = ["position"]


def position(players: int = 4, *, seed: int = 0, table: Sequence[str] | None = None,
             explorers: Sequence[int] | None = None, discard: int | None = None, torch: int = 0,
             collections: Sequence[Sequence[str]] | None = None, totems_in_play: Sequence[str] | None = None,
             round: int = 1, rocks: Mapping[str, Sequence[int]] | None = None) -> CibolaState:
    """A state at the start of a round's bidding, arranged as given (see the module docstring).

    ``explorers`` without ``discard``: the discard holds the rest of the
    ``players * explorers_per_player`` explorers.  ``rocks`` covers cells of the temple board,
    named by kind and printed value (``{"sundial": [3], "shield": [9]}``).  Raises ``ValueError``
    on an arrangement the rules cannot reach (a card twice, too many explorers, a column left
    without a visible cell...).

    >>> s = position(players=2, collections=[["I-02"], []], rocks={"shield": [9]})
    >>> s.covered[3]
    [False, False, True]
    """
    state = GAME.new_state(players=players, seed=seed)
    assert isinstance(state, CibolaState)
    _put_back_the_reveal(state)
    if collections is not None:
        _hand_out(state, collections)
    _reveal(state, table)
    _count_explorers(state, explorers, discard)
    if totems_in_play is not None:
        _set_totems(state, totems_in_play)
    _cover(state, rocks or {})
    _start_bidding(state, torch, round)
    problems = state.check()
    if problems:
        raise ValueError(problems[0])
    return state


def _put_back_the_reveal(state: CibolaState) -> None:
    """Undo the first round's reveal: the four cards go back on their piles."""
    for card in state.table:
        state.decks[CARD_BY_ID[card].phase - 1].append(card)
    state.table = []


def _pull(state: CibolaState, card: str) -> str:
    """Take ``card`` out of its pile (each card can be arranged once)."""
    if card not in CARD_BY_ID:
        raise ValueError(f"no treasure card {card!r}")
    deck = state.decks[CARD_BY_ID[card].phase - 1]
    if card not in deck:
        raise ValueError(f"card {card} is used twice")
    deck.remove(card)
    return card


def _hand_out(state: CibolaState, collections: Sequence[Sequence[str]]) -> None:
    """The cards each seat has already taken (and their treasure counts)."""
    if len(collections) != state.players:
        raise ValueError(f"collections: give one list of cards per seat ({state.players})")
    state.collections = [[_pull(state, c) for c in cards] for cards in collections]
    state.counts = [scoring.treasure_counts(c) for c in state.collections]


def _reveal(state: CibolaState, table: Sequence[str] | None) -> None:
    """The revealed cards: as given, or the next ones of the pile (« Piochez 4 cartes Trésor »)."""
    if table is None:
        table = [(state.decks[0] or state.decks[1])[-1 - i] for i in range(CARDS_PER_ROUND)]
    if not 1 <= len(table) <= CARDS_PER_ROUND:
        raise ValueError(f"table: reveal 1 to {CARDS_PER_ROUND} cards")
    state.table = [_pull(state, c) for c in table]


def _count_explorers(state: CibolaState, explorers: Sequence[int] | None, discard: int | None) -> None:
    """Each seat's reserve and the discard; together they hold every explorer of the game."""
    n = state.players
    total = n * EXPLORERS_PER_PLAYER[n]
    if explorers is not None:
        if len(explorers) != n or any(e < 0 for e in explorers):
            raise ValueError(f"explorers: give {n} counts >= 0")
        state.explorers = list(explorers)
        state.discard = total - sum(explorers) if discard is None else discard
    elif discard is not None:
        raise ValueError("discard: give explorers too, so the explorers add up")
    if state.discard < 0 or sum(state.explorers) + state.discard != total:
        raise ValueError(f"explorers and discard must add up to {total}")


def _set_totems(state: CibolaState, totems_in_play: Sequence[str]) -> None:
    """The totems in play, all still available."""
    if len(set(totems_in_play)) != TOTEMS_IN_PLAY or any(t not in TOTEM_BY_NAME for t in totems_in_play):
        raise ValueError(f"totems_in_play: name {TOTEMS_IN_PLAY} different totems")
    state.totems_in_play = list(totems_in_play)
    state.totems_available = list(totems_in_play)


def _cover(state: CibolaState, rocks: Mapping[str, Sequence[int]]) -> None:
    """Rocks on the cells named by column and printed value."""
    for kind, values in rocks.items():
        column = next((i for i, col in enumerate(COLUMNS) if col.kind == kind), None)
        if column is None:
            raise ValueError(f"rocks: no column {kind!r}; the columns are {', '.join(c.kind for c in COLUMNS)}")
        for value in values:
            if value not in COLUMNS[column].cells:
                raise ValueError(f"rocks: the {kind} column has no cell {value}; its cells are "
                                 f"{', '.join(map(str, COLUMNS[column].cells))}")
            state.covered[column][COLUMNS[column].cells.index(value)] = True


def _start_bidding(state: CibolaState, torch: int, round: int) -> None:
    """Round ``round`` about to be bid, the torch holder first; the log starts there."""
    n = state.players
    if not 0 <= torch < n or not 1 <= round <= ROUNDS:
        raise ValueError(f"torch must be a seat (0 to {n - 1}) and round 1 to {ROUNDS}")
    state.torch, state.round = torch, round
    state.bid_order = [(torch + i) % n for i in range(n)]
    state.current_player = torch
    state.events = [("start", torch, tuple(state.totems_in_play)), ("round", round, tuple(state.table))]
    state.changed()
