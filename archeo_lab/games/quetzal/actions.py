"""Quetzal: the actions, in the rule book's words, both ways (``str`` and ``parse``).

========================  =====================================================================
placement                 ``place 2 adventurers on quarry (1 black, 1 either)``,
                          ``place 1 archaeologist on temple-2 (1 white)``,
                          ``place 3 meeples on camp (2 black, character)`` (free locations: no colour),
                          ``place 1 meeple on ruins (character)`` (the character alone on a bidding spot)
rerolls                   ``reroll a black meeple``, ``reroll the character``, ``keep the toss``
Temple                    ``take VA-07 (vase, +1 gold)``
Black market              ``sell TA-03 (tablet) for 7 gold``, ``keep your objects``
Village                   ``take upgrade temple-discount``
deliveries                ``deliver 3 vases (bonus: 1 gold, 1 discovery)``, ``deliver 1 mummy``, ``no delivery``
========================  =====================================================================

Each action is a plain frozen dataclass and a value (``engine.ValueAction``): building the same
action twice gives the very same object, so ``parse_action(str(a)) is a`` and comparing or finding
actions is an identity test, which matters because a placement turn can offer a hundred groups.
Only values the rules can make legal are interned (``_DOMAIN``: a location, card or upgrade of the
game, counts under 16): a text or JSON action outside them is refused and not kept.

Actions sort in board order (``sort_key``): by kind (``rank``), then location order, colour and
meeples for a placement, the reserve's order for a reroll, the Village's order for an upgrade, the
object types' order for a delivery.

>>> Place("quarry", "adventurer", 1, 0, 1, False)
Place(location='quarry', role='adventurer', black=1, white=0, either=1, character=False)
>>> str(Place("quarry", "adventurer", 1, 0, 1, False))
'place 2 adventurers on quarry (1 black, 1 either)'
>>> Place.parse("place 2 adventurers on quarry (1 black, 1 either)") is Place("quarry", "adventurer", 1, 0, 1, False)
True
>>> Place("camp", "any", 1, 0, 0, False) < Place("stele", "archaeologist", 0, 1, 0, False)   # board order
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from archeo_lab.engine import UnreadableAction
from archeo_lab.engine.actions import ACTION_DATACLASS, ValueAction
from archeo_lab.engine.errors import quote
from archeo_lab.engine.wording import plural

from . import components
from .components import CARD_BY_ID, LOCATIONS, OBJECT_BY_KEY, OBJECT_TYPES, RESERVE_FACES, UPGRADE_BY_KEY

__all__ = [
    "QuetzalAction", "Place", "Reroll", "KeepToss", "TakeObject", "SellObject", "KeepObjects", "TakeUpgrade",
    "Deliver", "NoDelivery", "ACTION_TYPES", "RESERVE_FACES", "ROLE_CHOICES", "sort_in_board_order",
]

#: What a placed group counts as: an adventurer, an archaeologist, or ``any`` (a free location,
#: or the character alone on a bidding location).
ROLE_CHOICES = ("adventurer", "archaeologist", "any")
_LOC_INDEX = {loc.key: i for i, loc in enumerate(LOCATIONS)}
_ROLE_INDEX = {role: i for i, role in enumerate(ROLE_CHOICES)}
_FACE_INDEX = {face: i for i, face in enumerate(RESERVE_FACES)}
_UPGRADE_INDEX = {key: i for i, key in enumerate(UPGRADE_BY_KEY)}
_TYPE_INDEX = {t.key: i for i, t in enumerate(OBJECT_TYPES)}
#: The most meeples or cards an action can count (a reserve holds at most 7 meeples).
_COUNTS = range(16)
#: Per field, the values the rules can make legal (see the module docstring).
_DOMAIN = {
    "location": frozenset(_LOC_INDEX), "role": frozenset(ROLE_CHOICES), "face": frozenset(RESERVE_FACES),
    "card": frozenset(CARD_BY_ID), "upgrade": frozenset(UPGRADE_BY_KEY), "object_type": frozenset(OBJECT_BY_KEY),
    **{name: _COUNTS for name in ("black", "white", "either", "count", "gold", "vp", "discovery")},
    "character": frozenset((False, True)),
}


class QuetzalAction(ValueAction):
    """Base of the Quetzal actions: interned values that sort in board order (module docstring)."""

    __slots__ = ()
    domain = _DOMAIN
    #: The kind's place in the order of every action (placements first, "no delivery" last).
    rank: ClassVar[int] = 0

    def sort_key(self) -> tuple[Any, ...]:
        """What actions sort by after their kind (default: the fields in order)."""
        return self.values()

    def order(self) -> tuple[Any, ...]:
        """The key every comparison reads (its kind, then ``sort_key``): ``sorted(actions,
        key=QuetzalAction.order)`` gives the order of ``sorted(actions)`` with one key per action."""
        return (self.rank, self.sort_key())

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, QuetzalAction):
            return NotImplemented
        return self.order() < other.order()

    def __le__(self, other: object) -> bool:
        if not isinstance(other, QuetzalAction):
            return NotImplemented
        return self.order() <= other.order()

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, QuetzalAction):
            return NotImplemented
        return self.order() > other.order()

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, QuetzalAction):
            return NotImplemented
        return self.order() >= other.order()


class _Orders(dict[QuetzalAction, tuple[Any, ...]]):
    """Each action's ``order()``, worked out the first time it is sorted: actions are interned values
    (one object per value), so a table sorting actions met before reads each key with one lookup."""

    __slots__ = ()

    def __missing__(self, action: QuetzalAction) -> tuple[Any, ...]:
        key = self[action] = action.order()
        return key


_ORDERS = _Orders()


def sort_in_board_order(actions: list[Any]) -> None:
    """Sort legal actions in place in board order (``QuetzalAction.order``, each key worked out once).

    Only for the actions the rules offer (the placement and delivery tables): each is kept once.
    """
    actions.sort(key=_ORDERS.__getitem__)


def _meeples_text(black: int, white: int, either: int, character: bool) -> str:
    parts = [f"{n} {face}" for n, face in ((black, "black"), (white, "white"), (either, "either")) if n]
    if character:
        parts.append("character")
    return ", ".join(parts)


_PART = re.compile(r"\s*(?:(\d+)\s+(black|white|either)|(?:the\s+)?(character))\s*", re.IGNORECASE)


@dataclass(**ACTION_DATACLASS)
class Place(QuetzalAction):
    """Place a group of meeples from your reserve on a location (placement phase, "Placer ses meeples").

    ``role`` is the colour the group counts as (``"adventurer"``, ``"archaeologist"``) or
    ``"any"``: on a free location (Camp, Harbour office) and for the character alone on a
    bidding location ("le prochain joueur ... peut poser la couleur de meeple de son choix").
    """

    rank: ClassVar[int] = 1
    kind: ClassVar[str] = "place"
    pattern: ClassVar[str] = (r"place (?P<count>\d+) (?P<role>adventurers?|archaeologists?|meeples?) "
                              r"on (?P<location>[a-z0-9-]+) \((?P<meeples>[^)]*)\)")
    location: str
    role: str
    black: int
    white: int
    either: int
    character: bool

    @property
    def count(self) -> int:
        """How many meeples the group has (the character included)."""
        return self.black + self.white + self.either + int(self.character)

    def __str__(self) -> str:
        n = self.count
        word = self.role if self.role in ("adventurer", "archaeologist") else "meeple"
        meeples = _meeples_text(self.black, self.white, self.either, self.character)
        return f"place {plural(n, word)} on {self.location} ({meeples})"

    def sort_key(self) -> tuple[Any, ...]:
        """Board order: the location, then the colour, then the meeples."""
        return (_LOC_INDEX.get(self.location, len(_LOC_INDEX)), _ROLE_INDEX.get(self.role, len(_ROLE_INDEX)),
                self.black, self.white, self.either, self.character, self.location, self.role)

    @classmethod
    def parse(cls, text: str) -> Place | None:
        m = cls._regex().fullmatch(text)
        if m is None:
            return None
        counts = {"black": 0, "white": 0, "either": 0}
        character = False
        for part in m.group("meeples").split(","):
            p = _PART.fullmatch(part)
            if p is None:
                raise UnreadableAction(f"cannot read the meeples {m.group('meeples')!r} in {text!r}: "
                                       "write them like '1 black, 2 either, character'")
            if p.group(3):
                character = True
            else:
                counts[p.group(2).lower()] += int(p.group(1))
        total = sum(counts.values()) + character
        if total != int(m.group("count")):
            raise UnreadableAction(f"{text!r} says {m.group('count')} meeples but lists {total}")
        role = m.group("role").lower().rstrip("s")
        return cls(m.group("location").lower(), "any" if role == "meeple" else role,
                   counts["black"], counts["white"], counts["either"], character)


@dataclass(**ACTION_DATACLASS)
class Reroll(QuetzalAction):
    """Reroll one meeple of your reserve (a reroll upgrade after the toss, or the Camp)."""

    rank: ClassVar[int] = 2
    kind: ClassVar[str] = "reroll"
    pattern: ClassVar[str] = r"reroll (?:an? |the )?(?P<face>black|white|either|character)(?: meeple)?"
    face: str

    def __str__(self) -> str:
        if self.face == "character":
            return "reroll the character"
        return f"reroll {'an' if self.face == 'either' else 'a'} {self.face} meeple"

    def sort_key(self) -> tuple[Any, ...]:
        """The reserve's order: black, white, either, character."""
        return (_FACE_INDEX.get(self.face, len(_FACE_INDEX)), self.face)


@dataclass(**ACTION_DATACLASS)
class KeepToss(QuetzalAction):
    """Decline the (remaining) rerolls."""

    rank: ClassVar[int] = 3
    kind: ClassVar[str] = "keep"
    pattern: ClassVar[str] = r"keep the toss"

    def __str__(self) -> str:
        return "keep the toss"


def _card_text(card: str) -> str:
    info = CARD_BY_ID.get(card)
    return info.describe() if info else "no such card"


@dataclass(**ACTION_DATACLASS)
class TakeObject(QuetzalAction):
    """Temple activation ("Le temple"): choose an object card of the Temple display."""

    rank: ClassVar[int] = 4
    kind: ClassVar[str] = "take"
    pattern: ClassVar[str] = r"take (?P<card>[a-z]{2}-\d+)(?: \(.*\))?"
    card: str

    def __str__(self) -> str:
        return f"take {self.card} ({_card_text(self.card)})"

    @staticmethod
    def _text_value(name: str, raw: str) -> str:
        return raw.upper()


@dataclass(**ACTION_DATACLASS)
class SellObject(QuetzalAction):
    """Black market activation ("Le marché noir"): discard an object card for
    ``components.BLACK_MARKET_GOLD`` gold; a text stating another price is refused."""

    rank: ClassVar[int] = 5
    kind: ClassVar[str] = "sell"
    pattern: ClassVar[str] = r"sell (?P<card>[a-z]{2}-\d+)(?: \([^)]*\))?(?: for (?P<stated>\d+) gold)?"
    card: str

    def __str__(self) -> str:
        return f"sell {self.card} ({_card_text(self.card)}) for {components.BLACK_MARKET_GOLD} gold"

    @classmethod
    def parse(cls, text: str) -> SellObject | None:
        m = cls._regex().fullmatch(text)
        if m is None:
            return None
        stated = m.group("stated")
        if stated is not None and int(stated) != components.BLACK_MARKET_GOLD:
            raise UnreadableAction(f"{quote(text)}: the Black market (Marché noir) pays "
                                   f"{components.BLACK_MARKET_GOLD} gold for an object, not {stated}")
        return cls(m.group("card").upper())


@dataclass(**ACTION_DATACLASS)
class KeepObjects(QuetzalAction):
    """Black market activation: sell nothing."""

    rank: ClassVar[int] = 6
    kind: ClassVar[str] = "keep-objects"
    pattern: ClassVar[str] = r"keep your objects"

    def __str__(self) -> str:
        return "keep your objects"


@dataclass(**ACTION_DATACLASS)
class TakeUpgrade(QuetzalAction):
    """Village activation ("Le village", or the discovery track's bonus): take a face-up upgrade of this kind."""

    rank: ClassVar[int] = 7
    kind: ClassVar[str] = "upgrade"
    pattern: ClassVar[str] = r"take upgrade (?P<upgrade>[a-z-]+)(?: \(.*\))?"
    upgrade: str

    def __str__(self) -> str:
        info = UPGRADE_BY_KEY.get(self.upgrade)
        return f"take upgrade {self.upgrade}" + (f" ({info.name}, {info.vp} VP)" if info else "")

    def sort_key(self) -> tuple[Any, ...]:
        """The order of ``components.UPGRADE_KINDS``."""
        return (_UPGRADE_INDEX.get(self.upgrade, len(_UPGRADE_INDEX)), self.upgrade)


_PLURALS = {t.plural: t.key for t in OBJECT_TYPES}
_BONUS = re.compile(r"\s*(\d+)\s+(gold|vp|discovery)\s*", re.IGNORECASE)


@dataclass(**ACTION_DATACLASS)
class Deliver(QuetzalAction):
    """Deliver 1 to ``DELIVERY_MAX`` objects of one type ("Livrer les Objets"): ``gold``, ``vp`` and
    ``discovery`` say how many of them carry that bonus icon (the others carry none)."""

    rank: ClassVar[int] = 8
    kind: ClassVar[str] = "deliver"
    pattern: ClassVar[str] = r"deliver (?P<count>\d+) (?P<object_type>[a-z]+)(?: \(bonus: (?P<bonus>[^)]*)\))?"
    object_type: str
    count: int
    gold: int
    vp: int
    discovery: int

    @property
    def plain(self) -> int:
        """How many of the delivered objects carry no bonus icon."""
        return self.count - self.gold - self.vp - self.discovery

    def __str__(self) -> str:
        info = OBJECT_BY_KEY.get(self.object_type)
        objects = plural(self.count, self.object_type, many=info.plural if info else self.object_type)
        bonus = [f"{n} {b}" for n, b in ((self.gold, "gold"), (self.vp, "vp"), (self.discovery, "discovery")) if n]
        return f"deliver {objects}" + (f" (bonus: {', '.join(bonus)})" if bonus else "")

    def sort_key(self) -> tuple[Any, ...]:
        """The order of ``components.OBJECT_TYPES``, then the count and the bonuses."""
        return (_TYPE_INDEX.get(self.object_type, len(_TYPE_INDEX)), self.object_type, self.count, self.gold,
                self.vp, self.discovery)

    @classmethod
    def parse(cls, text: str) -> Deliver | None:
        m = cls._regex().fullmatch(text)
        if m is None:
            return None
        word = m.group("object_type").lower()
        kind = _PLURALS.get(word, word)
        bonus = {"gold": 0, "vp": 0, "discovery": 0}
        if m.group("bonus"):
            for part in m.group("bonus").split(","):
                b = _BONUS.fullmatch(part)
                if b is None:
                    raise UnreadableAction(f"cannot read the bonus {m.group('bonus')!r} in {text!r}: "
                                           "write it like 'bonus: 1 gold, 1 discovery'")
                bonus[b.group(2).lower()] += int(b.group(1))
        return cls(kind, int(m.group("count")), bonus["gold"], bonus["vp"], bonus["discovery"])


@dataclass(**ACTION_DATACLASS)
class NoDelivery(QuetzalAction):
    """Harbour office or ship: make no (more) delivery."""

    rank: ClassVar[int] = 9
    kind: ClassVar[str] = "no-delivery"
    pattern: ClassVar[str] = r"no delivery"

    def __str__(self) -> str:
        return "no delivery"


ACTION_TYPES = (Place, Reroll, KeepToss, TakeObject, SellObject, KeepObjects, TakeUpgrade, Deliver, NoDelivery)
