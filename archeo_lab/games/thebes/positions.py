"""Small Thebes positions for tutorials and rule tests (the FEN of this game).

``position(...)`` starts a seeded game and then arranges it: each seat's
week, face-up cards, hand, relics and permits, the storage spaces, the
displays, the exact contents of any pile, and what each seat knows of the
piles.  Every card comes from the deck (or from where set-up put it), the
rest of the deck keeps its shuffled order with a green card on top, so the
result is a legal state (``check()``) with the seat furthest behind to play.

>>> s = position(players=2, weeks=[3, 5], tableau=[["egypt expertise 2"], []],
...              piles={"egypt": [0, 0, 3, 5]})
>>> s.current_player, s.dig_knowledge(0, "egypt"), s.piles[1]
(0, 2, [0, 0, 3, 5])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from .actions import TURN
from .components import (
    CARD_BY_KEY, FAMILY, GREEN, REGION_INDEX, REGIONS, RELIC_KEYS, RELIC_OF, STORAGE_SPACES, permits_dealt,
)
from .state import GAME, ThebesState

__all__ = ["position"]

#: The families of the cards kept face up (the others go to a hand, a pile or a display).
_FACE_UP = ("expertise", "general", "congress", "exhibition", "museum")


def position(players: int = 2, *, seed: int = 0, weeks: Sequence[int] | None = None,
             order: Sequence[int] | None = None, tableau: Sequence[Sequence[str]] | None = None,
             hands: Sequence[Sequence[str]] | None = None, relics: Sequence[Sequence[str]] | None = None,
             piles: Mapping[str, Sequence[int]] | None = None, storage: Sequence[str] | None = None,
             exhibits: Sequence[str] | None = None, museums: Sequence[str] | None = None,
             permits: Sequence[Sequence[int]] | None = None,
             known: Mapping[int, Mapping[str, Sequence[int] | str]] | None = None) -> ThebesState:
    """A position at the start of a turn, arranged as given (see the module docstring).

    ``tableau``/``hands``/``relics``: per seat, card keys (``"egypt expertise 2"``,
    ``"scientist"``, ``"egypt relic 4"``); ``piles``: region -> values (0 = rubble);
    ``permits``: per seat [per region..., general]; ``order``: the seats from the
    bottom to the top of the stacks; ``known``: seat -> region -> values it is
    certain of (``"all"``: the whole pile, as after a scientist).  Raises
    ``ValueError`` on an arrangement the cards cannot make.
    """
    state = GAME.new_state(players=players, seed=seed)
    assert isinstance(state, ThebesState)
    n = state.players
    cards = _Cards(state)
    seats = _seat_cards(cards, n, tableau, hands, relics)
    new_piles = _piles(state, cards, piles)
    new_storage = _storage(state, cards, storage)
    new_exhibits = [cards.pull(k, "exhibits") for k in (exhibits if exhibits is not None else
                                                        [k for k in state.exhibits if cards.left(k)])]
    new_museums = [cards.pull(k, "museums") for k in (museums if museums is not None else
                                                      [k for k in state.museums if cards.left(k)])]
    state.deck, state.storage = cards.rest_of_deck(), new_storage
    state.exhibits, state.museums = sorted(new_exhibits), sorted(new_museums)
    state.piles = new_piles
    state.tableau, state.hand = [sorted(t) for t in seats[0]], [sorted(h) for h in seats[1]]
    state.relics = [[sorted(RELIC_OF[k][1] for k in seats[2][s] if RELIC_OF[k][0] == r)
                     for r in range(len(REGIONS))] for s in range(n)]
    state.removed, state.events = [], []
    _stack_markers(state, order, weeks)
    _deal_permits(state, permits)
    state.changed()                          # the counts from the face-up cards
    _award_professors(state)
    _set_known(state, known)
    state.phase, state.pending, state.is_terminal = TURN, None, False
    state.current_player = state._next_player()
    state.changed()
    problems = state.check()
    if problems:
        raise ValueError(problems[0])
    return state


class _Cards:
    """The cards of a fresh deal, each to be placed once (``pull``); the rest stay in the deck."""

    def __init__(self, state: ThebesState) -> None:
        self.deck = list(state.deck)
        self.pool = Counter(self.deck)
        self.pool.update(k for k in state.storage if k)
        self.pool.update(state.exhibits + state.museums)
        for r, region in enumerate(REGIONS):
            self.pool.update(RELIC_KEYS[region, v] for v in state.piles[r])

    def left(self, key: str) -> bool:
        return self.pool[key] > 0

    def pull(self, key: str, where: str) -> str:
        """Take ``key`` out of the pool for ``where``; a ``ValueError`` if there is no such card left."""
        if key not in CARD_BY_KEY:
            raise ValueError(f"{where}: no card {key!r} in Thebes")
        if self.pool[key] <= 0:
            raise ValueError(f"{where}: no {key!r} card left (each card is in one place only)")
        self.pool[key] -= 1
        return key

    def rest_of_deck(self) -> list[str]:
        """The cards not pulled: the deck keeps its shuffled order, and the cards set-up had placed go to its
        bottom; a green card ends on top (set-up stops on one)."""
        pool = self.pool
        deck = []
        for key in self.deck:
            if pool[key] > 0:
                pool[key] -= 1
                deck.append(key)
        deck[:0] = sorted(pool.elements())
        if not any(GREEN[k] for k in deck):
            raise ValueError("the deck needs at least one green card left")
        if not GREEN[deck[-1]]:
            top = max(i for i, k in enumerate(deck) if GREEN[k])
            deck.append(deck.pop(top))
        return deck


def _seat_cards(cards: _Cards, n: int, *given: Sequence[Sequence[str]] | None) -> list[list[list[str]]]:
    """Per seat, its face-up cards, its hand and its relic cards, each pulled from the deal and checked."""
    lists = []
    for what, data in zip(("tableau", "hands", "relics"), given):
        if data is not None and len(data) != n:
            raise ValueError(f"{what}: give one list per seat ({n})")
        lists.append([list(x) for x in data] if data is not None else [[] for _ in range(n)])
    for seat in range(n):
        for key in lists[0][seat]:
            if key not in FAMILY or FAMILY[key] not in _FACE_UP:
                raise ValueError(f"tableau: {key!r} is not a card kept face up")
            cards.pull(key, "tableau")
        for key in lists[1][seat]:
            if FAMILY.get(key) != "action":
                raise ValueError(f"hands: {key!r} is not an action card")
            cards.pull(key, "hands")
        for key in lists[2][seat]:
            if key not in RELIC_OF:
                raise ValueError(f"relics: {key!r} is not a relic card")
            cards.pull(key, "relics")
    return lists


def _piles(state: ThebesState, cards: _Cards, piles: Mapping[str, Sequence[int]] | None) -> list[list[int]]:
    """The excavation piles: as given, the others as set-up dealt them (less the cards pulled elsewhere)."""
    new: list[list[int] | None] = [None] * len(REGIONS)
    for region, values in (piles or {}).items():
        if region not in REGION_INDEX:
            raise ValueError(f"piles: no region {region!r}")
        new[REGION_INDEX[region]] = sorted(
            RELIC_OF[cards.pull(RELIC_KEYS[region, v], f"piles[{region!r}]")][1] for v in values)
    return [pile if pile is not None else
            sorted(v for v in state.piles[r] if cards.left(RELIC_KEYS[region, v])
                   and cards.pull(RELIC_KEYS[region, v], "piles"))
            for r, (region, pile) in enumerate(zip(REGIONS, new))]


def _storage(state: ThebesState, cards: _Cards, storage: Sequence[str] | None) -> list[str | None]:
    """The storage spaces: as given (green cards that are not presentations), or set-up's, completed from
    the top of the deck."""
    if storage is not None:
        if len(storage) != STORAGE_SPACES or any(not GREEN.get(k, False) or FAMILY[k] in (
                "exhibition", "museum", "professor") for k in storage):
            raise ValueError(f"storage: give {STORAGE_SPACES} green cards that are not presentations")
        return [cards.pull(k, "storage") for k in storage]
    new: list[str | None] = [k for k in state.storage if k is not None and cards.left(k) and cards.pull(k, "storage")]
    for key in reversed(cards.deck):
        if len(new) == STORAGE_SPACES:
            break
        if cards.left(key) and GREEN[key] and FAMILY[key] not in ("exhibition", "museum"):
            new.append(cards.pull(key, "storage"))
    return new


def _stack_markers(state: ThebesState, order: Sequence[int] | None, weeks: Sequence[int] | None) -> None:
    """The time markers: ``order`` bottom to top (set-up's by default), on ``weeks`` (0 by default)."""
    n = state.players
    if order is None:
        order = sorted(range(n), key=lambda s: state.height[s])
    if sorted(order) != list(range(n)):
        raise ValueError(f"order: list every seat once, bottom to top ({n} seats)")
    state.height = [0] * n
    for h, s in enumerate(order):
        state.height[s] = h + 1
    state.stamp = n
    state.events.append(("start", tuple(order)))
    state.week = list(weeks) if weeks is not None else [0] * n
    if len(state.week) != n or any(w < 0 for w in state.week):
        raise ValueError(f"weeks: give {n} weeks >= 0")


def _deal_permits(state: ThebesState, permits: Sequence[Sequence[int]] | None) -> None:
    """Each seat's excavation permits (set-up's deal by default); another deal is written in the log."""
    n = state.players
    dealt = permits_dealt(n)
    state.permits = [list(p) for p in permits] if permits is not None else [dealt[:] for _ in range(n)]
    if len(state.permits) != n or any(len(p) != len(dealt) or min(p) < 0 for p in state.permits):
        raise ValueError(f"permits: give per seat {len(dealt)} counts (one per region, then general)")
    for s in range(n):
        if state.permits[s] != dealt:
            state.events.append(("permits", s, tuple(state.permits[s])))


def _award_professors(state: ThebesState) -> None:
    """The professor cards go where the face-up cards say, seat by seat."""
    state.professors = [None] * len(state.professors)
    for s in range(state.players):
        state._check_professors(s)


def _set_known(state: ThebesState, known: Mapping[int, Mapping[str, Sequence[int] | str]] | None) -> None:
    """What each seat is certain of in each pile (``"all"``: the whole pile)."""
    state.known = [[[] for _ in REGIONS] for _ in range(state.players)]
    for s, regions in (known or {}).items():
        for region, values in regions.items():
            r = REGION_INDEX[region]
            if isinstance(values, str) and values != "all":
                raise ValueError(f"known: give seat {s}'s {region} values, or 'all', not {values!r}")
            wanted = list(state.piles[r]) if isinstance(values, str) else sorted(values)
            missing = Counter(wanted) - Counter(state.piles[r])
            if missing:
                raise ValueError(f"known: seat {s} cannot know {sorted(missing.elements())} in the {region} pile")
            state.known[s][r] = wanted
