"""Expedition Luxor: how a position is held in memory, shared by the rules (``state.py``), their
refusals (``refusals.py``) and the saves (``saves.py``): the variants, the phases, the tiles as codes.

A tile is a small integer, its *code*: ``back * 16 + kind``, where ``kind`` indexes
``components.KINDS`` and ``back`` is the number printed on its back (1 to 5, *verso numéroté*);
hands and piles are lists of codes.  The phases of a game: each seat keeps a "1" tile
(*Mise en place* 2), then turns of play, with a pause to fill a camp just placed (*Placer un
campement*), until it is over (*Fin de partie*).

>>> code = tile_code(3, "oasis pyramid")
>>> code_back(code), KINDS[code_kind(code)].name
(3, 'oasis pyramid')
>>> [KINDS[code_kind(c)].name for c in laid_tiles(KIND_INDEX["mountain"])]
['desert', 'desert temple']
"""

from __future__ import annotations

from .components import BACKS, KEEP_CHOICES, KIND_INDEX, KINDS, PLAYER_TILES, TOKENS

__all__ = [
    "STANDARD", "ADVENTURES", "SPLIT", "VARIANTS", "KEEP", "CAMP", "PLAY", "OVER", "PHASES", "LAKE", "MOUNTAIN",
    "FIRST_CAMP", "IS_CAMP", "IS_BUILDING", "KIND_NAMES", "CODES", "BACK_OF", "KIND_OF", "PILE_GROUPS", "FIRST_TILES",
    "tile_code", "code_back", "code_kind", "laid_tiles", "first_hand", "full_set", "token_set",
]

STANDARD, ADVENTURES = "standard", "adventures"
#: The named variant of the camp rule (``variant="standard+split"``, ``"adventures+split"``): a
#: camp's extras may leave in several lines.  Off by default (see ``state.py``'s docstring).
SPLIT = "+split"
VARIANTS = (STANDARD, ADVENTURES, STANDARD + SPLIT, ADVENTURES + SPLIT)
KEEP, CAMP, PLAY, OVER = "keep", "camp", "play", "over"
PHASES = (KEEP, CAMP, PLAY, OVER)

#: Kind indices the rules name, and per kind index whether it is a camp, a building (it scores).
LAKE, MOUNTAIN, FIRST_CAMP = KIND_INDEX["lake"], KIND_INDEX["mountain"], KIND_INDEX["desert camp"]
IS_CAMP = tuple(k.building == "camp" for k in KINDS)
IS_BUILDING = tuple(k.building is not None for k in KINDS)
KIND_NAMES = tuple(k.name for k in KINDS)


def tile_code(back: int, kind: str | int) -> int:
    """The code of the tile ``kind`` (a name, or an index into ``KINDS``) with ``back`` on its back."""
    return back * 16 + (KIND_INDEX[kind] if isinstance(kind, str) else kind)


def code_back(code: int) -> int:
    """The back number of a tile code."""
    return code >> 4


def code_kind(code: int) -> int:
    """The kind index (into ``KINDS``) of a tile code."""
    return code & 15


#: Every tile code (a back number and a kind index below 16 each), and per code its back and its kind
#: index: ``code_back`` and ``code_kind`` as tables, which the rules' hot paths read without a call.
CODES = range(16 * 16)
BACK_OF = tuple(code_back(code) for code in CODES)
KIND_OF = tuple(code_kind(code) for code in CODES)
#: A player's tiles by the number on their back, highest first (``components.BACKS``), as codes: the
#: groups a pile is stacked from (*Mise en place* 1), and how many "1" tiles go to the hand (2).
PILE_GROUPS = tuple(tuple(tile_code(back, k) for k in BACKS[back]) for back in sorted(BACKS, reverse=True))
FIRST_TILES = len(BACKS[1])


def laid_tiles(kept: int) -> list[int]:
    """The codes of the two "1" tiles a player lays in the start layout, given the kind index kept
    (*Mise en place* 2: every "1" tile but the camp and the one kept)."""
    return [tile_code(1, k) for k in KEEP_CHOICES if KIND_INDEX[k] != kept]


def first_hand(kept: int) -> list[int]:
    """The hand once a seat has kept a "1" tile (kind index ``kept``): the "1" camp and that tile, sorted."""
    return sorted([tile_code(1, FIRST_CAMP), tile_code(1, kept)])


def full_set() -> list[int]:
    """One player's 24 tiles as sorted codes (``components.PLAYER_TILES``)."""
    return sorted(tile_code(back, kind) for back, kind in PLAYER_TILES)


def token_set(per_kind: int) -> list[str]:
    """One player's action tokens, sorted ("Nouvelles aventures": ``per_kind`` of each kind)."""
    return sorted(t for t in TOKENS for _ in range(per_kind))
