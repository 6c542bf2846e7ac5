"""Tikal: the actions, in the rule book's words.

A turn is a sequence of these atomic actions: place the drawn hex (with its
rotation), then spend the 10 action points (Points d'Action, PA) one action
at a time, then ``end turn`` (the turn also ends by itself when no AP are
left).  The advanced rules add ``bid N``, ``pass`` and ``choose tile N``.

Each action is a plain frozen dataclass and a value (``engine.ValueAction``):
equal actions are the *same* object, so comparing and finding actions is as
cheap as comparing identities, which keeps random playouts and search fast.
Only values the rules can make legal are interned (``_DOMAIN``: a space of
the board, a hex, a rotation, a cost of 1 to 6 AP, a bid up to the most
points a seat can hold, ...): a text or JSON action outside them gets an
object of its own that equals no legal action and is refused.

>>> Move("explorer", "A5", "B4", 1)
Move(piece='explorer', src='A5', dst='B4', cost=1)
>>> str(Move("explorer", "A5", "B4", 1))
'move explorer A5 -> B4 (1 AP)'
>>> Move.parse("move explorer a5 -> b4 (1 AP)") is Move("explorer", "A5", "B4", 1)
True
>>> str(PlaceTile(12, "C3", 2))
'place tile 12 (temple 3) on C3, rotation 2'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from archeo_lab.engine import Action
from archeo_lab.engine.actions import ACTION_DATACLASS, ValueAction
from archeo_lab.engine.errors import UnreadableAction, quote

from .components import COLOURS, COSTS, LEVEL_PIECES, RENAMED_TREASURES, SIDES, TILE_BY_ID, TILES, TREASURE_KINDS
from .encoding import PIECES
from .hexgrid import INDEX, LABELS, SPACES
from .saves import MAX_POINTS

__all__ = [
    "TikalAction", "PlaceTile", "ChooseTile", "Bring", "Move", "Uncover", "Dig", "Exchange", "SetUpCamp",
    "PlaceGuardian", "EndTurn", "Bid", "Pass", "ACTION_TYPES", "END", "PASS", "BRING", "UNCOVER", "DIG", "CAMP",
    "GUARDIAN", "CHOOSE", "bids", "place_action", "move_actions", "exchange_action",
]

_SPACE = r"[a-h][1-5]"
#: The cost an action's text may state, "(3 AP)": read back and checked against ``COSTS`` (``parse``).
_STATED = r"(?: \((?P<stated>\d+) AP\))?"
#: The dearest passage: 3 stones on each of two facing sides ("de 1 à 6 Dalles de pierres à franchir").
_DEAREST = 2 * max(max(t.stones) for t in TILES)
#: Per field, the values the rules can make legal (a move costs 1 AP to the dearest passage; a seat per colour).
_DOMAIN = {
    "tile": frozenset(TILE_BY_ID), "space": frozenset(INDEX), "src": frozenset(INDEX), "dst": frozenset(INDEX),
    "rotation": range(len(SIDES)), "piece": frozenset(PIECES), "cost": range(1, max(_DEAREST, COSTS["camp_move"]) + 1),
    "level": range(max(LEVEL_PIECES) + 1), "give": frozenset(TREASURE_KINDS), "take": frozenset(TREASURE_KINDS),
    "seat": range(len(COLOURS)), "amount": range(MAX_POINTS + 1),
}


class TikalAction(ValueAction):
    """Base of the Tikal actions: interned values with field-by-field ordering.

    An action with a fixed price names its entry of ``components.COSTS`` in ``cost_key``: its text
    shows that cost, and a text stating another cost is refused (``parse``), so the offer, the
    charge (``state.py``), the text and the refusals (``refusals.py``) all read the one number.
    """

    __slots__ = ()
    domain = _DOMAIN
    cost_key: ClassVar[str | None] = None

    @property
    def ap_cost(self) -> int | None:
        """The action points this action costs (``COSTS[cost_key]``), or None (a move states its own)."""
        return COSTS[self.cost_key] if self.cost_key is not None else None

    @classmethod
    def parse(cls, text: str) -> Action | None:
        action = super().parse(text)
        if action is not None and cls.cost_key is not None:
            match = cls._regex().fullmatch(text)
            stated = match.group("stated") if match is not None else None
            if stated is not None and int(stated) != COSTS[cls.cost_key]:
                raise UnreadableAction(f"{quote(text)}: this action costs {COSTS[cls.cost_key]} AP, not {stated}")
        return action

    @staticmethod
    def _text_value(name: str, raw: str) -> str:
        # Spaces are upper case (``C4``); pieces and treasure kinds lower case.
        return raw.upper() if name in ("space", "src", "dst") else raw.lower()


@dataclass(**ACTION_DATACLASS)
class PlaceTile(TikalAction):
    """Place the drawn hex on ``space`` turned ``rotation`` x 60 degrees ("Mettre en jeu un hexagone")."""

    kind: ClassVar[str] = "place"
    pattern: ClassVar[str] = (r"place tile (?P<tile>\d+)(?: \([^)]*\))? on (?P<space>" + _SPACE +
                              r"),? rotation (?P<rotation>\d)")
    tile: int
    space: str
    rotation: int

    def __str__(self) -> str:
        tile = TILE_BY_ID.get(self.tile)
        what = f" ({tile.describe()})" if tile else ""
        return f"place tile {self.tile}{what} on {self.space}, rotation {self.rotation}"


@dataclass(**ACTION_DATACLASS)
class ChooseTile(TikalAction):
    """Advanced rules: the auction's winner chooses one of the revealed hexes."""

    kind: ClassVar[str] = "choose"
    pattern: ClassVar[str] = r"choose tile (?P<tile>\d+)(?: \([^)]*\))?"
    tile: int

    def __str__(self) -> str:
        tile = TILE_BY_ID.get(self.tile)
        return f"choose tile {self.tile}" + (f" ({tile.describe()})" if tile else "")


@dataclass(**ACTION_DATACLASS)
class Bring(TikalAction):
    """Bring an explorer or the leader into play at the base camp or an own camp (action A; ``COSTS["bring"]``)."""

    kind: ClassVar[str] = "bring"
    cost_key: ClassVar[str | None] = "bring"
    pattern: ClassVar[str] = (r"bring (?P<piece>explorer|leader) (?:into play )?at (?P<space>" + _SPACE +
                              r")" + _STATED)
    piece: str
    space: str

    def __str__(self) -> str:
        return f"bring {self.piece} into play at {self.space} ({self.ap_cost} AP)"


@dataclass(**ACTION_DATACLASS)
class Move(TikalAction):
    """Move one explorer (or the leader) to an adjacent hex, 1 AP per stone, or between own camps, 1 AP (B, C)."""

    kind: ClassVar[str] = "move"
    pattern: ClassVar[str] = (r"move (?P<piece>explorer|leader) (?P<src>" + _SPACE + r") -> (?P<dst>" + _SPACE +
                              r") \((?P<cost>\d+) AP\)")
    piece: str
    src: str
    dst: str
    cost: int

    def __str__(self) -> str:
        return f"move {self.piece} {self.src} -> {self.dst} ({self.cost} AP)"


@dataclass(**ACTION_DATACLASS)
class Uncover(TikalAction):
    """Uncover the next level of a temple with an explorer there (action D; ``COSTS["uncover"]``)."""

    kind: ClassVar[str] = "uncover"
    cost_key: ClassVar[str | None] = "uncover"
    pattern: ClassVar[str] = (r"uncover temple (?P<space>" + _SPACE + r") to level (?P<level>\d+)" + _STATED)
    space: str
    level: int

    def __str__(self) -> str:
        return f"uncover temple {self.space} to level {self.level} ({self.ap_cost} AP)"


@dataclass(**ACTION_DATACLASS)
class Dig(TikalAction):
    """Dig up the top treasure of a ruin with an explorer there (action E; ``COSTS["dig"]``)."""

    kind: ClassVar[str] = "dig"
    cost_key: ClassVar[str | None] = "dig"
    pattern: ClassVar[str] = r"dig treasure at (?P<space>" + _SPACE + r")" + _STATED
    space: str

    def __str__(self) -> str:
        return f"dig treasure at {self.space} ({self.ap_cost} AP)"


@dataclass(**ACTION_DATACLASS)
class Exchange(TikalAction):
    """Swap a treasure you hold once for one a rival holds once (action F; ``COSTS["exchange"]``)."""

    kind: ClassVar[str] = "exchange"
    cost_key: ClassVar[str | None] = "exchange"
    pattern: ClassVar[str] = (r"exchange (?:my )?(?P<give>[a-z]+) for seat (?P<seat>\d+)'s (?P<take>[a-z]+)"
                              + _STATED)
    give: str
    seat: int
    take: str

    def __str__(self) -> str:
        return f"exchange {self.give} for seat {self.seat}'s {self.take} ({self.ap_cost} AP)"

    @staticmethod
    def _text_value(name: str, raw: str) -> str:
        """Lower case, and a treasure's old name (``components.RENAMED_TREASURES``) read as its name now."""
        raw = raw.lower()
        return RENAMED_TREASURES.get(raw, raw)


@dataclass(**ACTION_DATACLASS)
class SetUpCamp(TikalAction):
    """Set up one of your two camps on a clearing where you have an explorer (action G; ``COSTS["camp"]``)."""

    kind: ClassVar[str] = "camp"
    cost_key: ClassVar[str | None] = "camp"
    pattern: ClassVar[str] = r"set up camp at (?P<space>" + _SPACE + r")" + _STATED
    space: str

    def __str__(self) -> str:
        return f"set up camp at {self.space} ({self.ap_cost} AP)"


@dataclass(**ACTION_DATACLASS)
class PlaceGuardian(TikalAction):
    """Make one of your pieces the guardian of a temple you dominate (action H; ``COSTS["guardian"]``)."""

    kind: ClassVar[str] = "guardian"
    cost_key: ClassVar[str | None] = "guardian"
    pattern: ClassVar[str] = (r"place (?P<piece>explorer|leader) as guardian (?:on|of) (?P<space>" + _SPACE +
                              r")" + _STATED)
    piece: str
    space: str

    def __str__(self) -> str:
        return f"place {self.piece} as guardian on {self.space} ({self.ap_cost} AP)"


@dataclass(**ACTION_DATACLASS)
class EndTurn(TikalAction):
    """Stop spending action points; the AP left are lost."""

    kind: ClassVar[str] = "end"
    pattern: ClassVar[str] = r"end turn"

    def __str__(self) -> str:
        return "end turn"


@dataclass(**ACTION_DATACLASS)
class Bid(TikalAction):
    """Advanced rules: offer ``amount`` prestige points for the next turn (English auction)."""

    kind: ClassVar[str] = "bid"
    pattern: ClassVar[str] = r"bid (?P<amount>\d+)"
    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(**ACTION_DATACLASS)
class Pass(TikalAction):
    """Advanced rules: leave this auction."""

    kind: ClassVar[str] = "pass"
    pattern: ClassVar[str] = r"pass"

    def __str__(self) -> str:
        return "pass"


#: In the order the codec tries them when reading text (the most frequent first).
ACTION_TYPES = (Move, Bid, Bring, PlaceTile, EndTurn, Pass, Uncover, Dig, Exchange, SetUpCamp, PlaceGuardian,
                ChooseTile)


# -- the actions the rules hand out, by space index (state.py) --------------------------------------------
# Each is the one object of its value (``ValueAction``); looking it up here by index spares building it
# from its fields at every step of a playout.
END, PASS = EndTurn(), Pass()
#: ``BRING[piece][space]``, piece 0 an explorer, 1 the leader (``encoding.PIECES``).
BRING = tuple(tuple(Bring(piece, LABELS[i]) for i in range(SPACES)) for piece in PIECES)
#: ``UNCOVER[space][level]``.
UNCOVER = tuple(tuple(Uncover(LABELS[i], v) for v in range(max(LEVEL_PIECES) + 1)) for i in range(SPACES))
DIG = tuple(Dig(LABELS[i]) for i in range(SPACES))
CAMP = tuple(SetUpCamp(LABELS[i]) for i in range(SPACES))
#: ``GUARDIAN[piece][space]``.
GUARDIAN = tuple(tuple(PlaceGuardian(piece, LABELS[i]) for i in range(SPACES)) for piece in PIECES)
CHOOSE = {t.id: ChooseTile(t.id) for t in TILES}
_BIDS: list[Bid] = []
_PLACE: dict[tuple[int, int, int], PlaceTile] = {}
_MOVES: dict[tuple[int, int, int], tuple[Move, Move]] = {}
_EXCHANGE: dict[tuple[int, int, int], Exchange] = {}


def bids(lo: int, hi: int) -> list[Bid]:
    """``bid lo`` .. ``bid hi``."""
    while len(_BIDS) <= hi:
        _BIDS.append(Bid(len(_BIDS)))
    return _BIDS[lo:hi + 1]


def place_action(tile: int, i: int, rotation: int) -> PlaceTile:
    """Place ``tile`` on space ``i`` turned ``rotation``."""
    a = _PLACE.get((tile, i, rotation))
    if a is None:
        a = _PLACE[(tile, i, rotation)] = PlaceTile(tile, LABELS[i], rotation)
    return a


def move_actions(i: int, j: int, cost: int) -> tuple[Move, Move]:
    """The moves of an explorer and of the leader from space ``i`` to ``j`` for ``cost`` AP."""
    m = _MOVES.get((i, j, cost))
    if m is None:
        m = _MOVES[(i, j, cost)] = (Move(PIECES[0], LABELS[i], LABELS[j], cost),
                                    Move(PIECES[1], LABELS[i], LABELS[j], cost))
    return m


def exchange_action(give: int, seat: int, take: int) -> Exchange:
    """Exchange treasure kind ``give`` for ``seat``'s ``take`` (indices in ``TREASURE_KINDS``)."""
    a = _EXCHANGE.get((give, seat, take))
    if a is None:
        a = _EXCHANGE[(give, seat, take)] = Exchange(TREASURE_KINDS[give], seat, TREASURE_KINDS[take])
    return a
