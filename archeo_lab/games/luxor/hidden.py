"""Expedition Luxor: what a seat may see, and a copy with the rest resampled (for the search bots).

Hidden are the order of every pile, the tiles in the other seats' hands (their
back numbers show, as with cards held in hand; which "1" tile a seat kept stays
hidden until it is placed) and the others' action tokens in hand (their number
shows).  ``observation(state, player)`` is what ``player`` sees;
``resample(copy, player, rng)`` redraws everything else consistently with it.
"""

from __future__ import annotations

from typing import Any

from archeo_lab.engine import Rng

from .components import KEEP_CHOICES, KIND_INDEX, KINDS
from .encoding import BACK_OF, IS_CAMP, KEEP, code_back, code_kind, first_hand

__all__ = ["observation", "resample"]

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


def resample(copy: Any, player: int, rng: Rng) -> None:
    """Redraw in ``copy`` what ``player`` cannot see (see ``LuxorState.determinize``).

    Hidden items are sorted before each shuffle, so the result depends only on
    ``observation(player)`` and ``rng``.
    """
    for s in copy.seats:
        _redraw_tiles(copy, s, rng, keep_hand=s == player)
        _redraw_tokens(copy, s, rng, keep_hand=s == player)
    _redraw_kept(copy, player, rng)


def _redraw_tiles(state: Any, s: int, rng: Rng, keep_hand: bool) -> None:
    """Shuffle seat ``s``'s hidden tiles of each back number but 1 among their places: the pile, and
    the hand unless ``keep_hand``."""
    pile = state.pile[s]
    hand = state.hand[s]
    codes = pile if keep_hand else pile + hand          # places: the pile's, then the hand's
    slots: dict[int, list[int]] = {}                    # back number -> its places, in that order
    for place, back in enumerate(map(BACK_OF.__getitem__, codes)):
        if back != 1:
            slot = slots.get(back)
            if slot is None:
                slots[back] = [place]
            else:
                slot.append(place)
    n = len(pile)
    for back in sorted(slots):
        places = slots[back]
        drawn = sorted([codes[place] for place in places])
        rng.shuffle(drawn)
        for place, code in zip(places, drawn):
            if place < n:
                pile[place] = code
            else:
                hand[place - n] = code


def _redraw_tokens(state: Any, s: int, rng: Rng, keep_hand: bool) -> None:
    """Shuffle seat ``s``'s token pile, and its token hand with it unless ``keep_hand``."""
    if keep_hand:
        state.token_pile[s].sort()
        rng.shuffle(state.token_pile[s])
        return
    pool = sorted(state.token_hand[s] + state.token_pile[s])
    rng.shuffle(pool)
    k = len(state.token_hand[s])
    state.token_hand[s], state.token_pile[s] = sorted(pool[:k]), pool[k:]


def _redraw_kept(state: Any, player: int, rng: Rng) -> None:
    """The "1" tiles the other seats kept: chosen anew while seats choose; permuted among their hands
    after (their sum is fixed by the start layout)."""
    others = [s for s in state.seats if s != player]
    if state.phase == KEEP:
        for s in others:
            if state.kept[s] is not None:
                kept = KIND_INDEX[rng.choice(KEEP_CHOICES)]
                state.kept[s], state.hand[s] = kept, first_hand(kept)
        return
    slots = [(s, i) for s in others for i, code in enumerate(state.hand[s])
             if code_back(code) == 1 and not IS_CAMP[code_kind(code)]]
    codes = sorted(state.hand[s][i] for s, i in slots)
    rng.shuffle(codes)
    for (s, i), code in zip(slots, codes):
        state.hand[s][i] = code
        state.kept[s] = code_kind(code)
