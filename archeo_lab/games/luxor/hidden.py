"""Expedition Luxor: what a seat may see, and a copy with the rest resampled (for the search bots).

Hidden are the order of every pile, the tiles in the other seats' hands (their
back numbers show, as with cards held in hand; which "1" tile a seat kept stays
hidden until it is placed) and the others' action tokens in hand (their number
shows).  ``observation(state, player)`` is what ``player`` sees;
``plan(state, player)`` works out what ``player`` cannot see and ``redraw(copy, plan, rng)`` deals it
anew into a copy, consistently with what it sees (``LuxorState.determinizer``: one plan, many redraws).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import chain
from operator import itemgetter
from typing import Any

from archeo_lab.engine import Rng
from archeo_lab.engine.rng import Orders

from .components import KEEP_CHOICES, KIND_INDEX, KINDS
from .encoding import BACK_OF, IS_CAMP, KEEP, code_back, code_kind, first_hand

__all__ = ["observation", "looks_alike", "plan", "redraw"]


def observation(state: Any, player: int) -> dict[str, Any]:
    """What ``player`` sees: everything but the piles' order, the others' hands and tokens in hand."""
    names = state.geo.names
    hands: list[Any] = []
    token_hands: list[Any] = []
    for s in state.seats:
        if s == player:
            hands.append(sorted([code_back(code), KINDS[code_kind(code)].name] for code in state.hand[s]))
            token_hands.append(sorted(state.token_hand[s]))
        else:
            hands.append(sorted(code_back(code) for code in state.hand[s]))
            token_hands.append(len(state.token_hand[s]))
    kept = state.kept[player]
    return {
        "seat": player, "players": state.players, "variant": state.variant, "phase": state.phase,
        "current_player": state.current_player,
        "board": [[names[c], KINDS[state.kind[c]].name, state.back[c], state.placer[c], list(state.stack[c])]
                  for c in sorted(state.cells)],
        "tokens": sorted([names[c], t, seat] for c, (t, seat) in state.tokens.items()),
        "hands": hands, "piles": [len(p) for p in state.pile],
        "kept": KINDS[kept].name if kept is not None else None,
        "chosen": [k is not None for k in state.kept],
        "reserve": list(state.reserve), "captives": [list(x) for x in state.captives],
        "token_hands": token_hands, "token_piles": [len(p) for p in state.token_pile],
        "token_box": [sorted(b) for b in state.token_box],
        "turn": [state.placed, state.camp, state.camp_movable, state.head, state.head_dir, state.head_in],
        "events": [list(e) for e in state.events],
    }


def looks_alike(one: Any, two: Any, player: int) -> bool:
    """Whether ``observation(one, player)`` and ``observation(two, player)`` are equal, the event log left
    out, compared field by field without building them (``State.looks_alike``: the search bot asks it for
    each new move it tries).  ``tests/test_luxor_rules.py`` holds it to comparing the observations."""
    if (one.players != two.players or one.variant != two.variant or one.phase != two.phase
            or one.current_player != two.current_player or one.tokens != two.tokens
            or one.reserve != two.reserve or one.captives != two.captives
            or (one.placed, one.camp, one.camp_movable, one.head, one.head_dir, one.head_in)
            != (two.placed, two.camp, two.camp_movable, two.head, two.head_dir, two.head_in)
            or one.kept[player] != two.kept[player]
            or [k is None for k in one.kept] != [k is None for k in two.kept]
            or [len(p) for p in one.pile] != [len(p) for p in two.pile]
            or [len(p) for p in one.token_pile] != [len(p) for p in two.token_pile]
            or [sorted(b) for b in one.token_box] != [sorted(b) for b in two.token_box]):
        return False
    cells = one.cells
    if cells != two.cells and sorted(cells) != sorted(two.cells):
        return False
    if not (one.kind == two.kind and one.stack == two.stack and one.back == two.back and one.placer == two.placer):
        for c in cells:              # the grids differ somewhere: on a tile, or only off the board
            if (one.kind[c] != two.kind[c] or one.stack[c] != two.stack[c] or one.back[c] != two.back[c]
                    or one.placer[c] != two.placer[c]):
                return False
    for s in range(one.players):
        mine, theirs = one.hand[s], two.hand[s]
        if s == player:              # its own tiles and tokens; of the others, backs and counts
            if sorted(mine) != sorted(theirs) or sorted(one.token_hand[s]) != sorted(two.token_hand[s]):
                return False
        elif (sorted(map(code_back, mine)) != sorted(map(code_back, theirs))
              or len(one.token_hand[s]) != len(two.token_hand[s])):
            return False
    return True


#: The kept "1" tiles ``redraw`` deals (``_kept_plan``): the seats that chose (while seats choose), or
#: None and the (seat, hand place) of each with the tiles, sorted.
KeptPlan = tuple[list[int], list[tuple[int, int]] | None, list[int]]
#: Per seat: (seat, its own?, how its pile then (unless its own) its hand are gathered from the pool,
#: its pile's length, its hidden tokens sorted, how many it holds).
SeatPlan = tuple[int, bool, Callable[[Sequence[int]], tuple[int, ...]], int, list[str], int]
#: What ``redraw`` deals, worked out from a position once (``plan``): per seat a ``SeatPlan``; every seat's
#: hidden tiles of each back number but 1, sorted, as an ``Orders``; the tiles that stay where they are;
#: the kept "1" tiles.
Plan = tuple[list[SeatPlan], Orders[int], tuple[int, ...], KeptPlan]


def plan(state: Any, player: int) -> Plan:
    """What ``redraw`` deals for ``player``: each seat's hidden tiles of each back number but 1
    (among the pile's places, and the hand's unless it is ``player``'s), its hidden tokens (the pile's,
    and the hand's unless it is ``player``'s), and the "1" tiles the others kept.

    A redraw deals from one pool: every group's tiles in a random order (``Orders``), group after group,
    then the tiles that stay (back 1); each seat's places read the pool through a gather worked out here.
    """
    seen: list[tuple[int, bool, list[int], int]] = []     # per seat: (seat, own?, its places' tiles, pile size)
    groups: list[tuple[int, ...]] = []
    where: list[tuple[int, list[int]]] = []               # per group: (its seat's index in ``seen``, its places)
    for s in state.seats:
        own = s == player
        pile = state.pile[s]
        codes = pile if own else pile + state.hand[s]      # places: the pile's, then the hand's
        slots: dict[int, list[int]] = {}                    # back number -> its places, in that order
        for place, back in enumerate(map(BACK_OF.__getitem__, codes)):
            if back != 1:
                slots.setdefault(back, []).append(place)
        for _, places in sorted(slots.items()):
            groups.append(tuple(sorted(codes[i] for i in places)))
            where.append((len(seen), places))
        seen.append((s, own, codes, len(pile)))
    sources: list[list[int | None]] = [[None] * len(codes) for _, _, codes, _ in seen]
    k = 0
    for index, places in where:                            # the pool: the groups' tiles first, in order
        for place in places:
            sources[index][place] = k
            k += 1
    stay: list[int] = []
    for (_, _, codes, _), source in zip(seen, sources):    # then the tiles that stay where they are
        for place, from_pool in enumerate(source):
            if from_pool is None:
                source[place] = k + len(stay)
                stay.append(codes[place])
    seats = [(s, own, _gather_of(source), n,                # type: ignore[arg-type]  # every place filled
              sorted(state.token_pile[s] if own else state.token_hand[s] + state.token_pile[s]),
              len(state.token_hand[s]))
             for (s, own, _, n), source in zip(seen, sources)]
    return seats, Orders(groups), tuple(stay), _kept_plan(state, player)


def _gather_none(pool: Sequence[int]) -> tuple[int, ...]:
    return ()


def _gather_of(source: list[int]) -> Callable[[Sequence[int]], tuple[int, ...]]:
    """``pool -> tuple(pool[k] for k in source)``, in C (``itemgetter`` of one index gives the item)."""
    if len(source) > 1:
        return itemgetter(*source)
    if source:
        k = source[0]
        return lambda pool: (pool[k],)
    return _gather_none


def redraw(copy: Any, plan: Plan, rng: Rng) -> None:
    """Deal ``plan`` into ``copy`` (a copy of the position it was worked out from).

    Hidden items are sorted in the plan and put in a random order here, so the result depends only on
    ``observation(player)`` and ``rng``.
    """
    seats, groups, stay, kept = plan
    pool = (*chain.from_iterable(groups.draw(rng)), *stay)
    for s, own, gather, n, tokens, held in seats:
        places = gather(pool)
        copy.pile[s] = list(places[:n])
        if not own:
            copy.hand[s] = list(places[n:])
        if not tokens:                  # no hidden token (every seat, without "Nouvelles aventures"):
            continue                    # the copy's lists stay, and an empty permute draws nothing
        drawn = tokens[:]
        rng.permute(drawn)
        if own:
            copy.token_pile[s] = drawn
        else:
            copy.token_hand[s], copy.token_pile[s] = sorted(drawn[:held]), drawn[held:]
    _redraw_kept(copy, kept, rng)


def _kept_plan(state: Any, player: int) -> KeptPlan:
    """The "1" tiles the other seats kept: while seats choose, the seats that chose (a choice drawn anew);
    after, their places in those hands and the tiles, sorted (permuted among them: their sum is fixed by
    the start layout)."""
    others = [s for s in state.seats if s != player]
    if state.phase == KEEP:
        return [s for s in others if state.kept[s] is not None], None, []
    slots = [(s, i) for s in others for i, code in enumerate(state.hand[s])
             if code_back(code) == 1 and not IS_CAMP[code_kind(code)]]
    return [], slots, sorted(state.hand[s][i] for s, i in slots)


def _redraw_kept(state: Any, kept: KeptPlan, rng: Rng) -> None:
    """Deal the kept "1" tiles of ``_kept_plan``: a choice drawn anew for each seat that chose, or the
    tiles permuted among their places."""
    choosers, slots, codes = kept
    if slots is None:
        for s in choosers:
            k = KIND_INDEX[rng.choice(KEEP_CHOICES)]
            state.kept[s], state.hand[s] = k, first_hand(k)
        return
    codes = codes[:]
    rng.permute(codes)
    for (s, i), code in zip(slots, codes):
        state.hand[s][i] = code
        state.kept[s] = code_kind(code)
