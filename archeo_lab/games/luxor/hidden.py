"""Expedition Luxor: what a seat may see, and a copy with the rest resampled (for the search bots).

Hidden are the order of every pile, the tiles in the other seats' hands (their
back numbers show, as with cards held in hand; which "1" tile a seat kept stays
hidden until it is placed) and the others' action tokens in hand (their number
shows).  ``observation(state, player)`` is what ``player`` sees;
``plan(state, player)`` works out what ``player`` cannot see and ``redraw(copy, plan, rng)`` deals it
anew into a copy, consistently with what it sees (``LuxorState.determinizer``: one plan, many redraws).
"""

from __future__ import annotations

from typing import Any

from archeo_lab.engine import Rng

from .components import KEEP_CHOICES, KIND_INDEX, KINDS
from .encoding import BACK_OF, IS_CAMP, KEEP, code_back, code_kind, first_hand

__all__ = ["observation", "plan", "redraw"]

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


#: The kept "1" tiles ``redraw`` deals (``_kept_plan``): the seats that chose (while seats choose), or
#: None and the (seat, hand place) of each with the tiles, sorted.
KeptPlan = tuple[list[int], list[tuple[int, int]] | None, list[int]]
#: What ``redraw`` deals, worked out from a position once (``plan``): per seat (seat, its own?, per back
#: number but 1 (its pile places, its hand places, its tiles sorted), its hidden tokens sorted, how many
#: it holds), then the kept "1" tiles.
Plan = tuple[list[tuple[int, bool, list[tuple[list[int], list[int], list[int]]], list[str], int]], KeptPlan]


def plan(state: Any, player: int) -> Plan:
    """What ``redraw`` deals for ``player``: each seat's hidden tiles of each back number but 1
    (among the pile's places, and the hand's unless it is ``player``'s), its hidden tokens (the pile's,
    and the hand's unless it is ``player``'s), and the "1" tiles the others kept."""
    seats = []
    for s in state.seats:
        own = s == player
        pile = state.pile[s]
        codes = pile if own else pile + state.hand[s]      # places: the pile's, then the hand's
        slots: dict[int, list[int]] = {}                    # back number -> its places, in that order
        for place, back in enumerate(map(BACK_OF.__getitem__, codes)):
            if back != 1:
                slots.setdefault(back, []).append(place)
        n = len(pile)
        groups = [([i for i in places if i < n], [i - n for i in places if i >= n], sorted(codes[i] for i in places))
                  for back, places in sorted(slots.items())]
        tokens = sorted(state.token_pile[s] if own else state.token_hand[s] + state.token_pile[s])
        seats.append((s, own, groups, tokens, len(state.token_hand[s])))
    return seats, _kept_plan(state, player)


def redraw(copy: Any, plan: Plan, rng: Rng) -> None:
    """Deal ``plan`` into ``copy`` (a copy of the position it was worked out from).

    Hidden items are sorted in the plan and shuffled here, so the result depends only on
    ``observation(player)`` and ``rng``.
    """
    seats, kept = plan
    for s, own, groups, tokens, held in seats:
        pile, hand = copy.pile[s], copy.hand[s]
        for pile_places, hand_places, codes in groups:
            drawn = codes[:]
            rng.permute(drawn)
            for place, code in zip(pile_places, drawn):
                pile[place] = code
            for place, code in zip(hand_places, drawn[len(pile_places):]):
                hand[place] = code
        pool = tokens[:]
        rng.permute(pool)
        if own:
            copy.token_pile[s] = pool
        else:
            copy.token_hand[s], copy.token_pile[s] = sorted(pool[:held]), pool[held:]
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
