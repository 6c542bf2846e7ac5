"""Expedition Luxor: the actions, in the rule book's words.

A turn (*Placer 1, 2 ou 3 tuiles*) is a sequence of these atomic actions:
``place oasis temple at F5``; after a camp, ``camp with 4 adventurers``
(*Placer un campement*), then ``move 2 adventurers F5 -> F4`` (*Déplacer les
aventuriers*); with "Nouvelles aventures", ``use sandstorm from D4 to E5``;
and ``end turn`` once a tile is placed.  Before the first turn each seat
chooses the "1" tile it keeps: ``keep mountain`` (*Mise en place* 2).

Each action is a plain frozen dataclass and a value (``engine.ValueAction``):
equal actions are the *same* object, so ``apply`` finds one in the legal
list by identity.  Only values the rules can make legal are interned
(``_DOMAIN``: a kind of tile, a cell of the largest grid, at most a seat's
30 adventurers, a token): a text or JSON action outside them gets an
object of its own that equals no legal action and is refused.  Actions sort
field by field: kinds and tokens alphabetically, cells by name (``A1 < A10 <
A2``), counts as numbers.

>>> Move(2, "F5", "F4")
Move(adventurers=2, source='F5', target='F4')
>>> str(Move(1, "F5", "F4")), str(UseToken("boat", "D4", "F2"))
('move 1 adventurer F5 -> F4', 'use boat from D4 on F2')
>>> Place.parse("place oasis temple at f5") is Place("oasis temple", "F5")
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from archeo_lab.engine.actions import ACTION_DATACLASS, ValueAction
from archeo_lab.engine.wording import plural

from .components import ADVENTURERS_PER_PLAYER, BOARD_LIMIT, KINDS, TOKEN_STAYS, TOKENS
from .grid import CELL_PATTERN, Geometry, geometry

__all__ = [
    "LuxorAction", "Keep", "Place", "Camp", "Move", "EndTurn", "UseToken", "ACTION_TYPES", "GridActions",
    "grid_actions",
]

_CELLS = frozenset(name for players in BOARD_LIMIT for name in geometry(players).names)
#: Per field, the values the rules can make legal: a kind of tile, a cell of a grid, a group or a
#: camp of at most all of a seat's adventurers, an action token.
_DOMAIN = {
    "tile": frozenset(k.name for k in KINDS), "cell": _CELLS, "source": _CELLS, "target": _CELLS,
    "adventurers": range(ADVENTURERS_PER_PLAYER + 1), "token": frozenset(TOKENS),
}
_TILE = r"[a-z]+(?: [a-z]+)?"


class LuxorAction(ValueAction):
    """Base of the Expedition Luxor actions: interned values that sort field by field."""

    __slots__ = ()
    domain = _DOMAIN

    @staticmethod
    def _text_value(name: str, raw: str) -> str:
        # Cells are upper case (``F5``); kinds of tile and tokens lower case.
        return raw.upper() if name in ("cell", "source", "target") else raw.lower()


@dataclass(**ACTION_DATACLASS)
class Keep(LuxorAction):
    """Keep this "1" tile in hand with the camp (*Mise en place* 2); the two others go to the layout."""

    kind: ClassVar[str] = "keep"
    pattern: ClassVar[str] = rf"keep (?P<tile>{_TILE})"
    tile: str

    def __str__(self) -> str:
        return f"keep {self.tile}"


@dataclass(**ACTION_DATACLASS)
class Place(LuxorAction):
    """Place a tile from your hand on a cell (*Placer 1, 2 ou 3 tuiles*)."""

    kind: ClassVar[str] = "place"
    pattern: ClassVar[str] = rf"place (?P<tile>{_TILE}) at (?P<cell>{CELL_PATTERN})"
    tile: str
    cell: str

    def __str__(self) -> str:
        return f"place {self.tile} at {self.cell}"


@dataclass(**ACTION_DATACLASS)
class Camp(LuxorAction):
    """Put this many adventurers from your reserve on the camp just placed (*Placer un campement*)."""

    kind: ClassVar[str] = "camp"
    pattern: ClassVar[str] = r"camp with (?P<adventurers>\d+) adventurers?"
    adventurers: int

    def __str__(self) -> str:
        return f"camp with {plural(self.adventurers, 'adventurer')}"


@dataclass(**ACTION_DATACLASS)
class Move(LuxorAction):
    """Move adventurers one tile along a straight line (*Déplacer les aventuriers*).

    ``source`` is the camp just placed (a new group) or the tile the current
    group just entered (its surplus goes on in the same direction).
    """

    kind: ClassVar[str] = "move"
    pattern: ClassVar[str] = (rf"move (?P<adventurers>\d+) adventurers? (?P<source>{CELL_PATTERN}) -> "
                              rf"(?P<target>{CELL_PATTERN})")
    adventurers: int
    source: str
    target: str

    def __str__(self) -> str:
        return f"move {plural(self.adventurers, 'adventurer')} {self.source} -> {self.target}"


@dataclass(**ACTION_DATACLASS)
class EndTurn(LuxorAction):
    """Stop: no more tiles this turn (allowed once at least one tile is placed)."""

    kind: ClassVar[str] = "end"
    pattern: ClassVar[str] = r"end turn"

    def __str__(self) -> str:
        return "end turn"


@dataclass(**ACTION_DATACLASS)
class UseToken(LuxorAction):
    """Use an action token ("Nouvelles aventures"): an adventurer on mountain ``source``, a ``target`` tile.

    The text says ``on`` for the tokens laid on the target (the boat, the snakes: ``TOKEN_STAYS``)
    and ``to`` for those that send the adventurer there.
    """

    kind: ClassVar[str] = "token"
    pattern: ClassVar[str] = (rf"use (?P<token>[a-z]+) from (?P<source>{CELL_PATTERN}) (?:on|to) "
                              rf"(?P<target>{CELL_PATTERN})")
    token: str
    source: str
    target: str

    def __str__(self) -> str:
        word = "on" if TOKEN_STAYS.get(self.token) else "to"
        return f"use {self.token} from {self.source} {word} {self.target}"


#: The game's actions (``LuxorGame.action_types``).
ACTION_TYPES = (Keep, Place, Camp, Move, EndTurn, UseToken)


class GridActions:
    """The actions of one grid, by the state's cell numbers (``LuxorState.table``).

    The rules work on cell numbers (``grid.py``); this turns a rule's ``(kind, cell)``,
    ``(count, source, target)`` or ``(token, source, target)`` into its action without writing
    cell names each time (``place[kind][cell]``, ``move(...)``, ``token(...)``).  These are the
    very objects ``Place(...)``, ``Move(...)`` and ``UseToken(...)`` return.
    """

    __slots__ = ("names", "place", "place_by_rank", "moves", "tokens")

    def __init__(self, geo: Geometry):
        self.names = names = geo.names
        self.place = [[Place(kind.name, name) for name in names] for kind in KINDS]
        #: ``place[kind]`` with the cells in name order (``geo.by_rank``): ``place_by_rank[kind][geo.rank[cell]]``.
        self.place_by_rank = [[row[c] for c in geo.by_rank] for row in self.place]
        self.moves: dict[tuple[int, int, int], Move] = {}
        self.tokens: dict[tuple[str, int, int], UseToken] = {}

    def move(self, count: int, source: int, target: int) -> Move:
        """``Move(count, <source's name>, <target's name>)``."""
        action = self.moves.get((count, source, target))
        if action is None:
            action = self.moves[count, source, target] = Move(count, self.names[source], self.names[target])
        return action

    def token(self, token: str, source: int, target: int) -> UseToken:
        """``UseToken(token, <source's name>, <target's name>)``."""
        action = self.tokens.get((token, source, target))
        if action is None:
            action = self.tokens[token, source, target] = UseToken(token, self.names[source], self.names[target])
        return action


def grid_actions(geo: Geometry) -> GridActions:
    """The (shared) ``GridActions`` of a grid."""
    table = _TABLES.get(geo.players)
    if table is None:
        table = _TABLES[geo.players] = GridActions(geo)
    return table


_TABLES: dict[int, GridActions] = {}
