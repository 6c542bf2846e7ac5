"""Tikal: the physical components, as data with their sources.

Every group of values says how we know it (``STATUS``):

``published``
    printed in the French rule book (``shared/rules/tikal.fr.txt``, Super
    Meeple 2015 edition);
``derived``
    follows by arithmetic from published facts (GAPS.md section 1);
``reconstruction``
    not printed in the rule book; taken from the sources listed in GAPS.md
    section 1 (the tile-by-tile data, the board grid, the stones on the four
    printed hexes) or proposed by us (the treasure names).  A teacher who owns
    the box can correct a value here, in one place; ``check_components()``
    (run on import) says at once if an edit breaks the rules' arithmetic.

Hex sides are numbered clockwise for a flat-topped hex: 0 N, 1 NE, 2 SE,
3 S, 4 SW, 5 NW (GAPS.md 1.2).  ``stones`` gives the stepping stones
(Dalles de pierre) printed along each side before any rotation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from archeo_lab.engine.wording import plural

__all__ = [
    "Tile", "TILES", "TILE_BY_ID", "LETTERS", "START_HEXES", "StartHex", "BASE_CAMP", "COLUMNS", "ROWS",
    "LEVEL_PIECES", "TREASURE_KINDS", "TREASURE_NAMES", "RENAMED_TREASURES", "TREASURE_COPIES", "EXPLORERS",
    "LEADERS", "CAMPS", "GUARDIANS", "ACTION_POINTS", "COSTS", "PER_SITE_PER_TURN", "LEADER_STRENGTH",
    "TREASURE_POINTS", "ADVANCED_START_POINTS", "COLOURS", "SIDES", "SIDE_NAMES",
    "STATUS", "check_components", "KIND_NAMES", "stones_text", "tile_name",
]

#: Side names in the order used by every ``stones`` tuple (clockwise, flat-topped hex).
SIDES = ("N", "NE", "SE", "S", "SW", "NW")
SIDE_NAMES = {"N": "north", "NE": "north-east", "SE": "south-east", "S": "south", "SW": "south-west",
              "NW": "north-west"}


@dataclass(frozen=True)
class Tile:
    """A terrain hex (hexagone de terrain): its number, back letter, type and printed stones.

    ``kind`` is ``"temple"``, ``"ruin"`` (a treasure site, Ruine), ``"clearing"``
    (Clairière) or ``"volcano"`` (Volcan).  ``value`` is a temple's printed
    value or a ruin's number of masks (treasure tokens placed on it).
    """

    id: int
    letter: str
    kind: str
    value: int
    stones: tuple[int, int, int, int, int, int]

    def describe(self) -> str:
        """``"temple 3"``, ``"ruin, 4 masks"``, ``"clearing"``, ``"volcano"``."""
        if self.kind == "temple":
            return f"temple {self.value}"
        if self.kind == "ruin":
            return f"ruin {self.value} masks"
        return self.kind


#: Hex kinds in words: kind -> (English, the rule book's French name) ("Les différents types d'hexagone").
KIND_NAMES = {
    "temple": ("temple", "Temple"), "clearing": ("clearing", "Clairière"), "ruin": ("ruin", "Ruine"),
    "volcano": ("volcano", "Volcan"), "camp": ("base camp", "Camp de base"),
}


def stones_text(stones) -> str:
    """The stepping stones (Dalles de pierre) along a hex's sides, in words.

    ``stones`` gives the stones per side in the order N, NE, SE, S, SW, NW.

    >>> stones_text((0, 0, 0, 2, 1, 0))
    '2 stones south, 1 stone south-west'
    >>> stones_text((0, 0, 0, 0, 0, 0))
    'no stones'
    """
    parts = [f"{plural(n, 'stone')} {SIDE_NAMES[side]}" for side, n in zip(SIDES, stones) if n]
    return ", ".join(parts) or "no stones"


def tile_name(tile: int) -> str:
    """A terrain hex as a learner reads it: its kind and value, then its number and back letter.

    >>> tile_name(17), tile_name(2)
    ('temple 3 (tile 17, back C)', 'ruin with 4 masks (tile 2, back A)')
    """
    if tile not in TILE_BY_ID:
        raise ValueError(f"there is no tile {tile!r} (tiles are numbered 1 to 36)")
    t = TILE_BY_ID[tile]
    what = {"temple": f"temple {t.value}", "ruin": f"ruin with {t.value} masks"}.get(t.kind, t.kind)
    return f"{what} (tile {t.id}, back {t.letter})"


def _tiles(spec: str) -> tuple[Tile, ...]:
    """Rows of GAPS.md 1.2: ``number letter kind value N,NE,SE,S,SW,NW``."""
    out = []
    for line in spec.strip().splitlines():
        num, letter, kind, value, stones = line.split()
        sides = cast("tuple[int, int, int, int, int, int]", tuple(int(x) for x in stones.split(",")))
        out.append(Tile(int(num), letter, kind, int(value), sides))   # six sides: check_components
    return tuple(out)


#: The 36 terrain hexes (GAPS.md 1.2, from ``skula/tikal``; every aggregate check of GAPS 1.2 passes).
TILES = _tiles("""
1 A temple 1 0,0,0,2,1,0
2 A ruin 4 0,0,0,2,0,1
3 A clearing 0 1,1,0,1,0,0
4 A temple 2 0,0,0,2,0,1
5 A ruin 4 0,1,0,2,0,0
6 A temple 2 1,0,0,2,0,0
7 B volcano 0 0,0,0,0,0,0
8 B temple 2 0,1,0,2,0,0
9 B clearing 0 0,0,0,2,1,0
10 B clearing 0 0,0,0,2,0,1
11 B ruin 4 0,0,1,2,0,0
12 B temple 3 1,0,0,2,0,0
13 C temple 4 0,1,0,2,0,0
14 C clearing 0 0,0,0,3,0,0
15 C clearing 0 1,1,0,1,0,0
16 C ruin 3 0,0,0,3,0,0
17 C temple 3 0,0,0,3,0,0
18 D temple 5 0,0,0,3,0,0
19 D ruin 3 0,0,0,3,0,0
20 D volcano 0 0,0,0,0,0,0
21 D clearing 0 0,1,0,1,0,1
22 D temple 5 1,0,0,2,0,0
23 E temple 6 0,0,0,3,0,0
24 E ruin 2 0,0,1,2,0,0
25 E clearing 0 1,0,0,2,0,0
26 E clearing 0 1,0,0,2,0,0
27 E temple 5 0,0,0,3,0,0
28 F temple 4 0,0,0,3,0,0
29 F volcano 0 0,0,0,0,0,0
30 F clearing 0 1,0,0,2,0,0
31 F ruin 2 1,0,0,2,0,0
32 F temple 4 0,0,0,2,1,0
33 G temple 3 0,0,1,2,0,0
34 G clearing 0 1,0,0,2,0,0
35 G temple 3 0,0,0,2,0,1
36 G ruin 2 0,0,0,3,0,0
""")
TILE_BY_ID = {t.id: t for t in TILES}
#: Back letters, top of the stack first (published: "A sur le dessus ... G tout en dessous").
LETTERS = ("A", "B", "C", "D", "E", "F", "G")

# -- the board (plateau) -------------------------------------------------------------------
#: 8 columns x 5 rows of flat-topped hexes, even columns half a hex higher (GAPS.md 1.3, Low-Medium).
COLUMNS, ROWS = 8, 5


@dataclass(frozen=True)
class StartHex:
    """A hex printed on the board: the base camp (Camp de base), two temples, one clearing."""

    space: str
    kind: str
    value: int
    stones: tuple[int, int, int, int, int, int]


#: The four printed hexes (GAPS.md 1.3: positions Low-Medium, temple value 1 Medium, stones Low).
START_HEXES = (
    StartHex("A5", "camp", 0, (1, 1, 1, 0, 0, 0)),
    StartHex("A4", "temple", 1, (1, 1, 0, 1, 0, 0)),
    StartHex("B4", "clearing", 0, (1, 1, 1, 0, 0, 0)),
    StartHex("B5", "temple", 1, (0, 1, 0, 0, 0, 1)),
)
BASE_CAMP = "A5"

# -- temple levels (étages de Temple) -------------------------------------------------------
#: Level value -> pieces in its supply stack (published: 3x2, 6x3, 9x4, 11x5, 8x6, 5x7, 3x8, 2x9, 1x10).
LEVEL_PIECES = {2: 3, 3: 6, 4: 9, 5: 11, 6: 8, 7: 5, 8: 3, 9: 2, 10: 1}

# -- treasures (jetons Trésor) ---------------------------------------------------------------
#: 8 kinds x 3 copies (published count); the names are ours (GAPS.md 1.4: not printed in words).
TREASURE_KINDS = ("mirror", "statue", "plate", "necklace", "vase", "knife", "bowl", "headdress")
TREASURE_NAMES = {
    "mirror": "miroir", "statue": "statuette", "plate": "plat", "necklace": "collier", "vase": "vase",
    "knife": "couteau", "bowl": "coupe", "headdress": "coiffe",
}
#: Old name -> name: the kind called "mask" until 2026-11 clashed with the masks printed on ruins ("autant de
#: jetons Trésor ... qu'il y a de masques imprimés"); saves and action texts that use it still load.  "mirror"
#: sorts where "mask" did, so every order by name (the pool a search bot reshuffles) is unchanged.
RENAMED_TREASURES = {"mask": "mirror"}
TREASURE_COPIES = 3

# -- per colour (published, "Matériel et installation") -------------------------------------
EXPLORERS = 18
LEADERS = 1
CAMPS = 2
GUARDIANS = 2          # published: "Vous ne devez pas avoir déjà deux Gardiens"
COLOURS = ("red", "orange", "white", "blue")   # rouge, orange, blanc, bleu

# -- action points (Points d'Action, PA) ----------------------------------------------------
ACTION_POINTS = 10
#: Cost in AP of each action (published, the player aid); a move costs 1 AP per stone (1 to 6).
COSTS = {"bring": 1, "camp_move": 1, "uncover": 2, "dig": 3, "exchange": 3, "camp": 5, "guardian": 5}
#: Levels of one temple uncovered, or treasures dug from one ruin, per turn, each with its own explorer
#: (published, D and E: "Vous ne pouvez pas dégager plus de deux étages d'un même Temple pendant un tour
#: de jeu, et il vous faut obligatoirement deux Explorateurs pour le faire"; the same for "deux Trésors").
PER_SITE_PER_TURN = 2
#: What the leader counts for in a temple majority (published for guardians, "le seul cas où le Chef
#: d'expédition compte pour trois Explorateurs"; our reading extends it to scoring: ``state.py``, decisions).
LEADER_STRENGTH = 3
#: Points for 0, 1, 2 or 3 identical treasures (published, "Calculer ses Points de Prestige": 1, 3 and 6).
TREASURE_POINTS = (0, 1, 3, 6)
#: Advanced rules: every score marker starts on 20 (published, "Règles avancées, Mise en place").
ADVANCED_START_POINTS = 20

#: How each group of values is known (see the module docstring).
STATUS = {
    "TILES": ("reconstruction",
              "GAPS.md 1.2 (skula/tikal Card.java); 36 tiles, 15/10/8/3 split, 24 masks: all checks pass"),
    "LETTERS": ("published", "rule book, 'Matériel et installation' (stack A on top down to G)"),
    "COLUMNS x ROWS": ("reconstruction", "GAPS.md 1.3: 8 x 5 = 40 spaces (4 printed + 36 tiles)"),
    "START_HEXES": ("reconstruction", "GAPS.md 1.3: kinds published; positions, stones and value 1 reconstructed"),
    "LEVEL_PIECES": ("published", "rule book, 'Matériel et installation' (48 levels)"),
    "TREASURE_KINDS": ("reconstruction", "8 kinds x 3 copies published (GAPS.md 1.1); names invented (GAPS 1.4)"),
    "EXPLORERS / CAMPS / GUARDIANS": ("published", "rule book, 'Matériel' and action H"),
    "COSTS": ("published", "rule book, player aid (Aide de jeu)"),
    "PER_SITE_PER_TURN": ("published", "rule book, actions D and E"),
    "LEADER_STRENGTH": ("published", "rule book, action H (guardians); scoring by our reading (state.py, decisions)"),
    "TREASURE_POINTS": ("published", "rule book, 'Calculer ses Points de Prestige'"),
    "ADVANCED_START_POINTS": ("published", "rule book, 'Règles avancées, Mise en place'"),
}


def check_components() -> None:
    """Raise ``ValueError`` if the data above breaks a rule of the game.

    The rules need: 36 tiles with letters A..G; 15 temples, 10 clearings, 8
    ruins and 3 volcanoes, one volcano in each of B, D and F; temple values
    1..6 and 2..4 masks per ruin; exactly as many masks as treasure tokens
    (every token goes on a ruin); every non-volcano tile with 0..3 stones per
    side and at least one stone, volcanoes with none; 4 printed hexes and 36
    tiles filling the 40 spaces; 48 temple levels.
    """
    problems = []
    if [t.id for t in TILES] != list(range(1, 37)):
        problems.append("tiles must be numbered 1 to 36")
    kinds = [t.kind for t in TILES]
    if (kinds.count("temple"), kinds.count("clearing"), kinds.count("ruin"), kinds.count("volcano")) != (15, 10, 8, 3):
        problems.append("the 36 tiles must be 15 temples, 10 clearings, 8 ruins and 3 volcanoes")
    if sorted(t.letter for t in TILES if t.kind == "volcano") != ["B", "D", "F"]:
        problems.append("one volcano in each of B, D and F")
    for t in TILES:
        if t.letter not in LETTERS:
            problems.append(f"tile {t.id}: unknown letter {t.letter!r}")
        if len(t.stones) != 6 or any(not 0 <= s <= 3 for s in t.stones):
            problems.append(f"tile {t.id}: six sides of 0 to 3 stones")
        if (t.kind == "volcano") != (sum(t.stones) == 0):
            problems.append(f"tile {t.id}: volcanoes and only volcanoes carry no stones")
        if t.kind == "temple" and not 1 <= t.value <= 6:
            problems.append(f"tile {t.id}: temples start at 1 to 6")
        if t.kind == "ruin" and not 2 <= t.value <= 4:
            problems.append(f"tile {t.id}: ruins carry 2 to 4 masks")
    masks = sum(t.value for t in TILES if t.kind == "ruin")
    if masks != len(TREASURE_KINDS) * TREASURE_COPIES:
        problems.append(f"{masks} masks on ruins but {len(TREASURE_KINDS) * TREASURE_COPIES} treasure tokens")
    if len(TILES) + len(START_HEXES) != COLUMNS * ROWS:
        problems.append("the printed hexes and the tiles must fill the board exactly")
    if sum(h.kind == "camp" for h in START_HEXES) != 1 or START_HEXES[0].space != BASE_CAMP:
        problems.append("one base camp, listed first")
    if sum(LEVEL_PIECES.values()) != 48 or sorted(LEVEL_PIECES) != list(range(2, 11)):
        problems.append("48 temple levels valued 2 to 10")
    if problems:
        raise ValueError("Tikal components: " + "; ".join(problems))


check_components()
