"""Expedition Luxor: the physical components, as data with their sources.

Every value says how we know it (``STATUS``):

``published``
    printed in the French rule book (``shared/rules/luxor.fr.txt``);
``derived``
    follows by arithmetic from published facts (GAPS.md section 2);
``reconstruction``
    not found in any public source; proposed in GAPS.md sections 2.3-2.5 so
    that it agrees with every published fact.  A teacher who owns the box can
    correct it here, in one place; ``check_components()`` (run on import)
    says at once if an edit breaks a rule of the game.

The composition of each back number (2 to 5) and the shape of the start
layout are reconstructions: the tutorial says so wherever it shows them.

>>> len(PLAYER_TILES), sum(1 for t in PLAYER_TILES if KIND_BY_NAME[t[1]].building == "camp")
(24, 8)
>>> ENTRY_COST["oasis"], ENTRY_COST["lake"]
(2, None)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

__all__ = [
    "TileKind", "KINDS", "KIND_BY_NAME", "KIND_INDEX", "TERRAINS", "TERRAIN_FRENCH", "BUILDINGS",
    "BUILDING_FRENCH", "ENTRY_COST", "BUILDING_POINTS", "BACKS", "PLAYER_TILES", "TILE_COUNTS",
    "ADVENTURERS_PER_PLAYER", "CAMP_MANDATORY", "CAMP_MAX", "TILE_MAX", "TILES_PER_TURN", "HAND_SIZE",
    "BOARD_LIMIT", "LAYOUT_ROWS", "TOKENS", "TOKEN_FRENCH", "TOKENS_PER_KIND", "TOKEN_HAND",
    "TOKEN_STAYS", "SEAT_COLOURS", "STATUS", "KEEP_CHOICES", "RuleNumbers", "rule_numbers", "check_components",
]

# -- terrain and buildings (rule book, "Matériel" and "Règles de déplacement") ------------

#: Terrains, with the rule book's French names.
TERRAINS = ("desert", "oasis", "mountain", "lake")
TERRAIN_FRENCH = {"desert": "désert", "oasis": "oasis", "mountain": "montagne", "lake": "lac"}

#: Adventurers a group must leave on a tile to enter it ("Tuile désert - au moins 1
#: aventurier ..."); ``None``: lakes cannot be entered.  Published.
ENTRY_COST = {"desert": 1, "oasis": 2, "mountain": 3, "lake": None}

#: Buildings and their points for the top adventurer ("1 point par tuile Campement...").  Published.
BUILDINGS = ("camp", "temple", "pyramid")
BUILDING_FRENCH = {"camp": "campement", "temple": "temple", "pyramid": "pyramide"}
BUILDING_POINTS = {"camp": 1, "temple": 2, "pyramid": 3}


@dataclass(frozen=True)
class TileKind:
    """One kind of terrain tile (tuile Terrain): its terrain and building, if any."""

    name: str
    terrain: str
    building: str | None
    french: str

    @property
    def cost(self) -> int | None:
        """Adventurers needed to enter it (``None``: it cannot be entered)."""
        return ENTRY_COST[self.terrain]

    @property
    def points(self) -> int:
        """Points for the top adventurer at the end (0: no building)."""
        return BUILDING_POINTS.get(self.building, 0) if self.building else 0


#: The nine kinds of tile, in alphabetical order of their English names (the
#: order of the actions that place them).  Published ("Matériel").
KINDS = tuple(sorted((
    TileKind("desert", "desert", None, "désert"),
    TileKind("desert camp", "desert", "camp", "campement dans le désert"),
    TileKind("desert temple", "desert", "temple", "temple dans le désert"),
    TileKind("desert pyramid", "desert", "pyramid", "pyramide dans le désert"),
    TileKind("oasis camp", "oasis", "camp", "campement dans une oasis"),
    TileKind("oasis temple", "oasis", "temple", "temple dans une oasis"),
    TileKind("oasis pyramid", "oasis", "pyramid", "pyramide dans une oasis"),
    TileKind("mountain", "mountain", None, "montagne"),
    TileKind("lake", "lake", None, "lac"),
), key=lambda k: k.name))
KIND_BY_NAME = {k.name: k for k in KINDS}
KIND_INDEX = {k.name: i for i, k in enumerate(KINDS)}

#: Each player's 24 tiles per kind ("POUR CHAQUE JOUEUR: 24 tuiles Terrain").  Published.
TILE_COUNTS = {
    "lake": 1, "mountain": 2, "desert": 3,
    "desert camp": 6, "desert temple": 3, "desert pyramid": 3,
    "oasis camp": 2, "oasis temple": 3, "oasis pyramid": 1,
}

#: The tiles of each back number (verso numéroté de 1 à 5).  Back 1 (4 tiles, one
#: camp) and the camps per back (1, 1, 2, 2, 2) are published or well sourced; the
#: rest of backs 2-5 is the GAPS.md 2.3 reconstruction.
BACKS = {
    1: ("desert camp", "desert temple", "desert", "mountain"),
    2: ("desert camp", "desert temple", "desert pyramid", "oasis temple", "lake"),
    3: ("desert camp", "oasis camp", "desert temple", "oasis pyramid", "desert"),
    4: ("desert camp", "desert camp", "desert pyramid", "oasis temple", "mountain"),
    5: ("desert camp", "oasis camp", "desert pyramid", "oasis temple", "desert"),
}
#: One player's set as (back, kind) pairs, back 1 first.
PLAYER_TILES = tuple((back, kind) for back in sorted(BACKS) for kind in BACKS[back])

# -- counts (rule book) -------------------------------------------------------------------
ADVENTURERS_PER_PLAYER = 30         # published ("30 aventuriers, de la couleur des joueurs")
CAMP_MANDATORY = {"desert": 1, "oasis": 2}   # published ("un aventurier ... deux aventuriers")
CAMP_MAX = 5                        # published ("dans la limite de cinq aventuriers maximum")
TILE_MAX = 4                        # published ("plus de quatre aventuriers")
TILES_PER_TURN = 3                  # published ("jusqu'à trois fois")
HAND_SIZE = 2                       # published ("une des deux tuiles qu'il a en main")
BOARD_LIMIT = {2: 7, 3: 9, 4: 10}   # published ("7 x 7", "9 x 9", "10 x 10")
LAYOUT_ROWS = 2                     # reconstruction (GAPS.md 2.4: a 2 x N rectangle)

# -- the "Nouvelles aventures" extension ------------------------------------------------------
TOKENS = ("boat", "caravan", "sandstorm", "snakes")
TOKEN_FRENCH = {"boat": "Bateau", "snakes": "Serpents", "sandstorm": "Tempête de sable",
                "caravan": "Caravane"}
TOKENS_PER_KIND = 2                 # derived (GAPS.md 2.5: 8 per player, four pairs)
TOKEN_HAND = 3                      # published ("pioche trois jetons Action")
#: Tokens that stay on the board after use (the others go back to the box).  Published.
TOKEN_STAYS = {"boat": True, "snakes": True, "sandstorm": False, "caravan": False}

#: The "1" tiles a player may keep in hand with the camp (*Mise en place* 2), alphabetical.  Derived
#: from ``BACKS[1]``: every "1" tile but the camp.
KEEP_CHOICES = tuple(sorted(k for k in BACKS[1] if KIND_BY_NAME[k].building != "camp"))

#: Seat colours for the boards (the box's colours are not stated; any four distinct ones).
SEAT_COLOURS = (("orange", "#e65100"), ("blue", "#1a3e8c"), ("purple", "#7b1fa2"), ("yellow", "#f9c80e"))

#: How each group of values is known (see the module docstring).
STATUS = {
    "KINDS": ("published", "rule book, 'Matériel' (tile faces) and 'Règles de déplacement' (costs)"),
    "TILE_COUNTS": ("published", "rule book, 'Pour chaque joueur: 24 tuiles Terrain'"),
    "BACKS": ("reconstruction", "GAPS.md 2.3; tiles and camps per back sourced, which tiles: a low-confidence source"),
    "ENTRY_COST": ("published", "rule book, 'Règles de déplacement' (1, 2, 3, lakes closed)"),
    "BUILDING_POINTS": ("published", "rule book, 'Fin de partie et décompte des points'"),
    "ADVENTURERS_PER_PLAYER": ("published", "rule book, 'Matériel' (30 per colour)"),
    "CAMP_MANDATORY, CAMP_MAX": ("published", "rule book, 'Placer un campement'"),
    "TILE_MAX": ("published", "rule book, 'Règles de déplacement' (never more than four)"),
    "BOARD_LIMIT": ("published", "rule book, 'Taille de la zone de jeu'"),
    "LAYOUT_ROWS": ("reconstruction", "GAPS.md 2.4: the start layout as a 2 x N rectangle"),
    "TOKENS": ("published", "rule book, extension 'Nouvelles aventures' (4 kinds, 8 per player)"),
    "TOKENS_PER_KIND": ("derived", "GAPS.md 2.5 (ludorium: four pairs per player)"),
}


@dataclass(frozen=True, slots=True)
class RuleNumbers:
    """The numbers of the rules one game is played with, read from this module when it starts.

    ``rule_numbers()`` builds it from the constants above each time a game is set up, loaded or
    arranged (``LuxorState.numbers``); the rules, their refusals and the boards then read only it,
    so an edit of a constant here (a teacher's house rule, a test's ``monkeypatch``) changes the
    offer, the effect and the words of the next game together.  Per kind of tile (an index into
    ``KINDS``): ``cost``, the adventurers a group leaves on it to enter it (``ENTRY_COST``; ``None``:
    closed), ``points`` for its top adventurer (``BUILDING_POINTS``) and ``camp_need``, the
    adventurers a camp of that kind takes at least (``CAMP_MANDATORY``; 0 for other tiles).

    >>> n = rule_numbers()
    >>> n.cost[KIND_INDEX["oasis temple"]], n.points[KIND_INDEX["oasis temple"]], n.tile_max, n.camp_max
    (2, 2, 4, 5)
    """

    cost: tuple[int | None, ...]
    points: tuple[int, ...]
    camp_need: tuple[int, ...]
    camp_max: int
    tile_max: int
    tiles_per_turn: int
    hand_size: int
    adventurers: int
    token_hand: int
    tokens_per_kind: int


def rule_numbers() -> RuleNumbers:
    """The rules' numbers as this module holds them now (see ``RuleNumbers``): every constant is read
    at each call; the same values give the same (frozen, shared) object."""
    key = (tuple(ENTRY_COST.items()), tuple(BUILDING_POINTS.items()), tuple(CAMP_MANDATORY.items()), CAMP_MAX,
           TILE_MAX, TILES_PER_TURN, HAND_SIZE, ADVENTURERS_PER_PLAYER, TOKEN_HAND, TOKENS_PER_KIND)
    numbers = _NUMBERS.get(key)
    if numbers is None:
        if len(_NUMBERS) > 100:                 # house rules tried one after another: keep a few
            _NUMBERS.clear()
        numbers = _NUMBERS[key] = RuleNumbers(
            cost=tuple(ENTRY_COST[k.terrain] for k in KINDS),
            points=tuple(BUILDING_POINTS[k.building] if k.building else 0 for k in KINDS),
            camp_need=tuple(CAMP_MANDATORY[k.terrain] if k.building == "camp" else 0 for k in KINDS),
            camp_max=CAMP_MAX, tile_max=TILE_MAX, tiles_per_turn=TILES_PER_TURN, hand_size=HAND_SIZE,
            adventurers=ADVENTURERS_PER_PLAYER, token_hand=TOKEN_HAND, tokens_per_kind=TOKENS_PER_KIND,
        )
    return numbers


#: The constants' values -> their ``RuleNumbers`` (``rule_numbers``).
_NUMBERS: dict[tuple, RuleNumbers] = {}


def check_components() -> None:
    """Raise ``ValueError`` if the data above breaks a rule of the game.

    The rules need: 24 tiles per player matching the published counts; back 1
    of exactly four tiles, one of them the camp kept in hand (the three others
    are the choice); every camp on desert or oasis; 8 tokens per player.
    """
    problems = []
    by_kind = Counter(kind for _, kind in PLAYER_TILES)
    if dict(by_kind) != TILE_COUNTS or sum(TILE_COUNTS.values()) != 24:
        problems.append(f"the backs hold {dict(by_kind)}, the rule book's set is {TILE_COUNTS}")
    if any(kind not in KIND_BY_NAME for kind in by_kind):
        problems.append("a back lists an unknown kind of tile")
    first = BACKS.get(1, ())
    if len(first) != 4 or sum(KIND_BY_NAME[k].building == "camp" for k in first if k in KIND_BY_NAME) != 1:
        problems.append("back 1 must hold 4 tiles, exactly one of them a camp")
    if len(set(first)) != 4:
        problems.append("back 1 must hold 4 different tiles (the choice of the one to keep)")
    for kind in KINDS:
        if kind.building == "camp" and kind.terrain not in CAMP_MANDATORY:
            problems.append(f"{kind.name}: a camp must be in the desert or an oasis")
    if len(TOKENS) * TOKENS_PER_KIND != 8:
        problems.append("each player has 8 action tokens")
    if sorted(BOARD_LIMIT) != [2, 3, 4]:
        problems.append("BOARD_LIMIT must give 2, 3 and 4 players")
    if problems:
        raise ValueError("Luxor components: " + "; ".join(problems))


check_components()
