"""Les Trésors de Cibola: the actions, in the rule book's words.

A round asks each player for a bid (``bid 3``, Préparation de l'expédition),
then a card to take (``take II-05 (...)``, Exploration); a card's rock symbol
asks for a cell to cover (``rock on snake 2 (-1)``, Effondrement du temple),
its totem symbol for a totem (``totem vision``, Présence mystique), and the
``landslide`` totem for a rock to move or not (``move rock snake 2 -> skull 1``,
``leave rocks``).

Each action is a plain frozen dataclass and a value (``engine.ValueAction``):
equal actions are the *same* object, so comparing and finding actions costs an
identity test.  Only values the rules can make legal are interned (``_DOMAIN``:
a bid up to every explorer of the game, a treasure card, a column and one of
its cells, a totem); any other value read from text or JSON gets an object of
its own, which the state's checks refuse with their reason.  Actions of a kind
sort field by field, as the engine contract asks.

>>> Bid(3) is Bid.parse("bid 3"), str(Take("I-03"))
(True, 'take I-03 (sundial + snake, totem)')
>>> str(PlaceRock("snake", 2)), PlaceRock("snake", 2) < PlaceRock("sundial", 1)
('rock on snake 2 (-1)', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from archeo_lab.engine.actions import ACTION_DATACLASS, Action, ValueAction

from .components import CARD_BY_ID, COLUMNS, EXPLORERS_PER_PLAYER, KINDS, TOTEM_BY_NAME

__all__ = [
    "CibolaAction", "Bid", "Take", "PlaceRock", "ChooseTotem", "MoveRock", "LeaveRocks", "ACTION_TYPES",
    "COLUMN_INDEX", "LEAVE", "TAKES", "TOTEM_CHOICES", "ROCKS_IN_ORDER", "MOVES_IN_ORDER", "bids_up_to",
]

#: Column (treasure kind) -> its index in ``components.COLUMNS``.
COLUMN_INDEX = {c.kind: i for i, c in enumerate(COLUMNS)}
_CELLS = range(1, max(len(c.cells) for c in COLUMNS) + 1)
#: Per field, the values the rules can make legal (a bid never exceeds the explorers of a game).
_DOMAIN = {
    "amount": range(max(n * e for n, e in EXPLORERS_PER_PLAYER.items()) + 1),
    "card": frozenset(CARD_BY_ID), "name": frozenset(TOTEM_BY_NAME),
    "column": frozenset(KINDS), "from_column": frozenset(KINDS), "to_column": frozenset(KINDS),
    "cell": _CELLS, "from_cell": _CELLS, "to_cell": _CELLS,
}


class CibolaAction(ValueAction):
    """Base of the Cibola actions: interned values, sorted field by field."""

    __slots__ = ()
    domain = _DOMAIN


@dataclass(**ACTION_DATACLASS)
class Bid(CibolaAction):
    """Close your fist on ``amount`` explorers ("enchère à poing fermé")."""

    kind: ClassVar[str] = "bid"
    pattern: ClassVar[str] = r"bid (?P<amount>\d+)"
    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(**ACTION_DATACLASS)
class Take(CibolaAction):
    """Take a revealed treasure card ("Exploration")."""

    kind: ClassVar[str] = "take"
    pattern: ClassVar[str] = r"take (?P<card>I{1,2}-\d\d)(?: \(.*\))?"
    card: str

    def __str__(self) -> str:
        card = CARD_BY_ID.get(self.card)
        return f"take {self.card} ({card.describe()})" if card else f"take {self.card}"

    @staticmethod
    def _text_value(name: str, raw: str) -> str:
        return raw.upper()


@dataclass(**ACTION_DATACLASS)
class PlaceRock(CibolaAction):
    """Cover a cell of the temple board with a rock tile ("Effondrement du temple").

    ``cell`` counts from 1 at the top of the column.
    """

    kind: ClassVar[str] = "rock"
    pattern: ClassVar[str] = r"rock on (?P<column>[a-z]+) (?P<cell>\d+)(?: \(.*\))?"
    column: str
    cell: int

    def __str__(self) -> str:
        return f"rock on {self.column} {self.cell} ({cell_value(self.column, self.cell)})"


@dataclass(**ACTION_DATACLASS)
class ChooseTotem(CibolaAction):
    """Choose one of the totems in play ("Présence mystique")."""

    kind: ClassVar[str] = "totem"
    pattern: ClassVar[str] = r"totem (?P<name>[a-z]+)"
    name: str

    def __str__(self) -> str:
        return f"totem {self.name}"


@dataclass(**ACTION_DATACLASS)
class MoveRock(CibolaAction):
    """The ``landslide`` totem: move one placed rock to another cell."""

    kind: ClassVar[str] = "move"
    pattern: ClassVar[str] = (r"move rock (?P<from_column>[a-z]+) (?P<from_cell>\d+) -> "
                              r"(?P<to_column>[a-z]+) (?P<to_cell>\d+)")
    from_column: str
    from_cell: int
    to_column: str
    to_cell: int

    def __str__(self) -> str:
        return f"move rock {self.from_column} {self.from_cell} -> {self.to_column} {self.to_cell}"


@dataclass(**ACTION_DATACLASS)
class LeaveRocks(CibolaAction):
    """The ``landslide`` totem, declined: the rocks stay where they are."""

    kind: ClassVar[str] = "leave"
    pattern: ClassVar[str] = r"leave rocks"

    def __str__(self) -> str:
        return "leave rocks"


def cell_value(column: str, cell: int) -> str:
    """The printed value of cell ``cell`` (from 1 at the top) of a column, in words.

    >>> cell_value("shield", 2), cell_value("shield", 4)
    ('6', 'no such cell')
    """
    col = COLUMN_INDEX.get(column)
    if col is None or not 1 <= cell <= len(COLUMNS[col].cells):
        return "no such cell"
    return str(COLUMNS[col].cells[cell - 1])


#: In the order the codec tries them when reading text.
ACTION_TYPES = (Bid, Take, PlaceRock, ChooseTotem, MoveRock, LeaveRocks)

# -- the actions the rules offer, made once and kept in the contract's sorted order ------------------
_BIDS: list[Action] = []


def bids_up_to(most: int) -> list[Action]:
    """``bid 0`` to ``bid most``, in order: the bids open to a reserve of ``most`` explorers.

    >>> [str(b) for b in bids_up_to(2)]
    ['bid 0', 'bid 1', 'bid 2']
    """
    while len(_BIDS) <= most:
        _BIDS.append(Bid(len(_BIDS)))
    return _BIDS[: most + 1]


#: Card id -> its ``take`` action.
TAKES = {card: Take(card) for card in CARD_BY_ID}
#: Totem name -> its ``totem`` action.
TOTEM_CHOICES = {name: ChooseTotem(name) for name in TOTEM_BY_NAME}
LEAVE = LeaveRocks()
#: Every cell of the temple board as (column index, cell index), in the order of its actions' fields
#: (the column's kind name, then the cell).
_CELLS_IN_ORDER = sorted(((c, i) for c, col in enumerate(COLUMNS) for i in range(len(col.cells))),
                         key=lambda cell: (COLUMNS[cell[0]].kind, cell[1]))
#: Per column, in the order of their actions: ``(column index, [(cell index, action), ...])``.
ROCKS_IN_ORDER = [(c, [(i, PlaceRock(col.kind, i + 1)) for i in range(len(col.cells))])
                  for c, col in sorted(enumerate(COLUMNS), key=lambda x: x[1].kind)]
#: Per cell a rock may leave, in the order of their actions: ``(column, cell, [(to column, to cell, action),
#: ...])`` (indices), the targets in the order of their actions too.
MOVES_IN_ORDER = [(a, i, [(b, j, MoveRock(COLUMNS[a].kind, i + 1, COLUMNS[b].kind, j + 1))
                          for b, j in _CELLS_IN_ORDER if (b, j) != (a, i)])
                  for a, i in _CELLS_IN_ORDER]
