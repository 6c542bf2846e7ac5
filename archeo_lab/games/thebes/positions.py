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
from .components import CARD_BY_KEY, REGION_INDEX, REGIONS, RELIC_KEYS, STORAGE_SPACES, permits_dealt
from .components import GREEN as _GREEN
from .components import RELIC_OF as _RELIC_OF
from .state import GAME, ThebesState

__all__ = ["position"]


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
    n = state.players
    original_deck = list(state.deck)
    pool = Counter(original_deck)
    pool.update(k for k in state.storage if k)
    pool.update(state.exhibits + state.museums)
    for r, region in enumerate(REGIONS):
        pool.update(RELIC_KEYS[region, v] for v in state.piles[r])

    def pull(key: str, where: str) -> str:
        if key not in CARD_BY_KEY:
            raise ValueError(f"{where}: no card {key!r} in Thebes")
        if pool[key] <= 0:
            raise ValueError(f"{where}: no {key!r} card left (each card is in one place only)")
        pool[key] -= 1
        return key

    def per_seat(data, what):
        if data is None:
            return [[] for _ in range(n)]
        if len(data) != n:
            raise ValueError(f"{what}: give one list per seat ({n})")
        return [list(x) for x in data]

    tableau, hands, relic_lists = per_seat(tableau, "tableau"), per_seat(hands, "hands"), per_seat(relics, "relics")
    for s in range(n):
        for key in tableau[s]:
            if CARD_BY_KEY.get(key) is None or CARD_BY_KEY[key].family not in (
                    "expertise", "general", "congress", "exhibition", "museum"):
                raise ValueError(f"tableau: {key!r} is not a card kept face up")
            pull(key, "tableau")
        for key in hands[s]:
            if CARD_BY_KEY.get(key) is None or CARD_BY_KEY[key].family != "action":
                raise ValueError(f"hands: {key!r} is not an action card")
            pull(key, "hands")
        for key in relic_lists[s]:
            if key not in _RELIC_OF:
                raise ValueError(f"relics: {key!r} is not a relic card")
            pull(key, "relics")
    new_piles = [None] * len(REGIONS)
    for region, values in (piles or {}).items():
        if region not in REGION_INDEX:
            raise ValueError(f"piles: no region {region!r}")
        new_piles[REGION_INDEX[region]] = sorted(
            _RELIC_OF[pull(RELIC_KEYS[region, v], f"piles[{region!r}]")][1] for v in values)
    for r, region in enumerate(REGIONS):
        if new_piles[r] is None:
            new_piles[r] = sorted(v for v in state.piles[r] if pool[RELIC_KEYS[region, v]] > 0
                                  and pull(RELIC_KEYS[region, v], "piles"))
    if storage is not None:
        if len(storage) != STORAGE_SPACES or any(not _GREEN.get(k, False) or CARD_BY_KEY[k].family in (
                "exhibition", "museum", "professor") for k in storage):
            raise ValueError("storage: give 4 green cards that are not presentations")
        new_storage = [pull(k, "storage") for k in storage]
    else:
        new_storage = [k for k in state.storage if pool[k] > 0 and pull(k, "storage")]
        for key in reversed(original_deck):
            if len(new_storage) == STORAGE_SPACES:
                break
            if pool[key] > 0 and _GREEN[key] and CARD_BY_KEY[key].family not in ("exhibition", "museum"):
                new_storage.append(pull(key, "storage"))
    new_exhibits = [pull(k, "exhibits") for k in (exhibits if exhibits is not None else
                                                  [k for k in state.exhibits if pool[k] > 0])]
    new_museums = [pull(k, "museums") for k in (museums if museums is not None else
                                                [k for k in state.museums if pool[k] > 0])]
    deck = []
    for key in original_deck:                 # the deck keeps its shuffled order...
        if pool[key] > 0:
            pool[key] -= 1
            deck.append(key)
    deck[:0] = sorted(pool.elements())        # ... and cards set-up had placed go to its bottom
    if not any(_GREEN[k] for k in deck):
        raise ValueError("the deck needs at least one green card left")
    if not _GREEN[deck[-1]]:
        top = max(i for i, k in enumerate(deck) if _GREEN[k])
        deck.append(deck.pop(top))

    state.deck, state.storage = deck, new_storage
    state.exhibits, state.museums = sorted(new_exhibits), sorted(new_museums)
    state.piles = new_piles
    state.tableau = [sorted(t) for t in tableau]
    state.hand = [sorted(h) for h in hands]
    state.relics = [[sorted(_RELIC_OF[k][1] for k in relic_lists[s] if _RELIC_OF[k][0] == r)
                     for r in range(len(REGIONS))] for s in range(n)]
    state.removed = []
    state.events = []
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
    dealt = permits_dealt(n)
    state.permits = [list(p) for p in permits] if permits is not None else [dealt[:] for _ in range(n)]
    if len(state.permits) != n or any(len(p) != 5 or min(p) < 0 for p in state.permits):
        raise ValueError("permits: give per seat 5 counts (one per region, then general)")
    for s in range(n):
        if state.permits[s] != dealt:
            state.events.append(("permits", s, tuple(state.permits[s])))
    state.changed()
    state.professors = [None] * len(state.professors)
    for s in range(n):
        state._check_professors(s)
    state.known = [[[] for _ in REGIONS] for _ in range(n)]
    for s, regions in (known or {}).items():
        for region, values in regions.items():
            r = REGION_INDEX[region]
            wanted = list(state.piles[r]) if values == "all" else sorted(values)
            missing = Counter(wanted) - Counter(state.piles[r])
            if missing:
                raise ValueError(f"known: seat {s} cannot know {sorted(missing.elements())} in the {region} pile")
            state.known[s][r] = wanted
    state.phase, state.pending, state.is_terminal = TURN, None, False
    state.current_player = state._next_player()
    state.changed()
    problems = state.check()
    if problems:
        raise ValueError(problems[0])
    return state
