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

Every action is *interned* (building the same action twice gives the very same object, so
``parse_action(str(a)) is a``) and is, underneath, a tuple of its sort key: ``==``, ``<`` and
``hash`` run in C, which matters because ``apply`` checks legality with ``in`` and a placement
turn can offer a hundred groups.  Ordering follows the board (location order, then colour, then
the meeples).  Only values the rules can make legal are interned (a location, card or upgrade of
the game, counts under 16): a text or JSON action outside them is refused and not kept.

>>> Place("quarry", "adventurer", 1, 0, 1, False)
Place(location='quarry', role='adventurer', black=1, white=0, either=1, character=False)
>>> str(Place("quarry", "adventurer", 1, 0, 1, False))
'place 2 adventurers on quarry (1 black, 1 either)'
>>> Place.parse("place 2 adventurers on quarry (1 black, 1 either)") is Place("quarry", "adventurer", 1, 0, 1, False)
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from archeo_lab.engine import Action, UnreadableAction

from .components import CARD_BY_ID, LOCATIONS, OBJECT_BY_KEY, OBJECT_TYPES, UPGRADE_BY_KEY

__all__ = [
    "Place", "Reroll", "KeepToss", "TakeObject", "SellObject", "KeepObjects", "TakeUpgrade", "Deliver",
    "NoDelivery", "ACTION_TYPES", "RESERVE_FACES",
]

#: The reserve's kinds of meeple: fixed black (adventurer), fixed white (archaeologist), either
#: (a team meeple on its side or standing), and the character (always either).
RESERVE_FACES = ("black", "white", "either", "character")
#: Where ``Place``'s fields sit in its tuple (``(rank, code, location, role, black, white, either,
#: character)``): the engine's hot path reads them by index.
PLACE_LOCATION, PLACE_ROLE, PLACE_BLACK, PLACE_WHITE, PLACE_EITHER, PLACE_CHARACTER = range(2, 8)
_LOC_INDEX = {loc.key: i for i, loc in enumerate(LOCATIONS)}
_ROLE_INDEX = {"adventurer": 0, "archaeologist": 1, "any": 2}
_POOLS: dict[type, dict] = {}
_NAMES: dict[type, tuple[str, ...]] = {}
#: Per field, the values the rules can make legal (see the module docstring); counts are under 16.
_DOMAIN = {
    "location": frozenset(_LOC_INDEX), "role": frozenset(_ROLE_INDEX), "face": frozenset(RESERVE_FACES),
    "card": frozenset(CARD_BY_ID), "upgrade": frozenset(UPGRADE_BY_KEY), "object_type": frozenset(OBJECT_BY_KEY),
    **{name: range(16) for name in ("black", "white", "either", "count", "gold", "vp", "discovery")},
    "character": (False, True),
}


def _internable(names: tuple[str, ...], values) -> bool:
    """Whether every field lies in the values the rules can make legal (see the module docstring)."""
    for name, value in zip(names, values):
        domain = _DOMAIN[name]
        kind = int if isinstance(domain, range) else bool if isinstance(domain, tuple) else str
        if type(value) is not kind or value not in domain:
            return False
    return True


class _Interned(Action, tuple):
    """Base of the actions: one object per value, and a tuple of its sort key underneath.

    The tuple (a class rank, then the fields in board order) gives ``==``, ``<`` and ``hash``
    in C, value-based and consistent with the sort order; interning makes equal actions the
    same object.  Use the fields (``a.location``), never the tuple's items.
    """

    __slots__ = ()
    rank: ClassVar[int] = 0

    def __new__(cls, *args, **kwargs):
        names = _NAMES.get(cls)
        if names is None:
            names = _NAMES[cls] = tuple(name for name, _ in cls._fields())
        if not kwargs and len(args) == len(names):
            values = args
        else:
            if len(args) > len(names):
                raise TypeError(f"{cls.__name__}() takes {len(names)} fields, got {len(args)}")
            values = list(args)
            for name in names[len(args):]:
                if name not in kwargs:
                    raise TypeError(f"{cls.__name__}() is missing the field {name!r}")
                values.append(kwargs.pop(name))
            if kwargs:
                raise TypeError(f"{cls.__name__}() got unknown field(s) {', '.join(kwargs)}")
        key = (*values, *map(type, values))        # True and 1 stay different actions
        pool = _POOLS.get(cls)
        if pool is None:
            pool = _POOLS[cls] = {}
        obj = pool.get(key)
        if obj is None:
            obj = tuple.__new__(cls, (cls.rank,) + cls._order(*values))
            for name, value in zip(names, values):
                object.__setattr__(obj, name, value)
            if _internable(names, values):
                pool[key] = obj
        return obj

    def __init__(self, *args, **kwargs):
        """Fields are set once, by ``__new__``."""

    @classmethod
    def _names(cls) -> tuple[str, ...]:
        names = _NAMES.get(cls)
        if names is None:
            names = _NAMES[cls] = tuple(name for name, _ in cls._fields())
        return names

    @classmethod
    def _order(cls, *values) -> tuple:
        """The sort key after the class rank (default: the fields in order)."""
        return values

    def _values(self) -> tuple:
        return tuple(getattr(self, name) for name in self._names())

    def __reduce__(self):
        return type(self), self._values()

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


def _interned(cls):
    """``@dataclass`` for an interned action: frozen; equality, order and hash come from the tuple.

    An interned action never changes, so its text is computed once, and a text read once is
    read from a cache afterwards (boards and tests read a hundred placement texts per turn).
    """
    cls = dataclass(frozen=True, eq=False, init=False)(cls)
    text_of = cls.__str__

    def __str__(self):
        cached = self.__dict__.get("_text")
        if cached is None:
            cached = self.__dict__["_text"] = text_of(self)
        return cached

    parse = cls.parse
    known: dict[str, Action] = {}

    def cached_parse(klass, text):
        action = known.get(text)
        if action is None:
            action = parse(text)
            if action is not None and len(known) < 100_000 and text == str(action) \
                    and _internable(klass._names(), action._values()):
                known[text] = action
        return action

    cls.__str__ = __str__
    cls.parse = classmethod(cached_parse)
    return cls


def _meeples_text(black: int, white: int, either: int, character: bool) -> str:
    parts = [f"{n} {face}" for n, face in ((black, "black"), (white, "white"), (either, "either")) if n]
    if character:
        parts.append("character")
    return ", ".join(parts)


_PART = re.compile(r"\s*(?:(\d+)\s+(black|white|either)|(?:the\s+)?(character))\s*", re.IGNORECASE)


@_interned
class Place(_Interned):
    """Place a group of meeples from your reserve on a location (placement phase).

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
        return self.black + self.white + self.either + int(self.character)

    def __str__(self) -> str:
        n = self.count
        word = {"adventurer": "adventurer", "archaeologist": "archaeologist"}.get(self.role, "meeple")
        meeples = _meeples_text(self.black, self.white, self.either, self.character)
        return f"place {n} {word}{'' if n == 1 else 's'} on {self.location} ({meeples})"

    @classmethod
    def _order(cls, location, role, black, white, either, character) -> tuple:
        # One integer first (board order, colour, meeples), so that two different groups differ at
        # once; the fields follow for the rare texts outside those ranges (never legal).
        loc, colour = _LOC_INDEX.get(location, len(_LOC_INDEX)), _ROLE_INDEX.get(role, 3)
        small = all(isinstance(n, int) and 0 <= n < 16 for n in (black, white, either))
        code = ((((loc * 4 + colour) * 16 + black) * 16 + white) * 16 + either) * 2 + bool(character) \
            if small else (loc * 4 + colour + 1) << 14
        return (code, location, role, black, white, either, character)

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


@_interned
class Reroll(_Interned):
    """Reroll one meeple of your reserve (an upgrade after the toss, or the Camp)."""

    rank: ClassVar[int] = 2
    kind: ClassVar[str] = "reroll"
    pattern: ClassVar[str] = r"reroll (?:an? |the )?(?P<face>black|white|either|character)(?: meeple)?"
    face: str

    def __str__(self) -> str:
        if self.face == "character":
            return "reroll the character"
        return f"reroll {'an' if self.face == 'either' else 'a'} {self.face} meeple"

    @classmethod
    def _order(cls, face) -> tuple:
        return (RESERVE_FACES.index(face) if face in RESERVE_FACES else 9, face)


@_interned
class KeepToss(_Interned):
    """Decline the (remaining) rerolls."""

    rank: ClassVar[int] = 3
    kind: ClassVar[str] = "keep"
    pattern: ClassVar[str] = r"keep the toss"

    def __str__(self) -> str:
        return "keep the toss"


def _card_text(card: str) -> str:
    info = CARD_BY_ID.get(card)
    return info.describe() if info else "no such card"


@_interned
class TakeObject(_Interned):
    """Temple activation: choose an object card of the Temple display."""

    rank: ClassVar[int] = 4
    kind: ClassVar[str] = "take"
    pattern: ClassVar[str] = r"take (?P<card>[a-z]{2}-\d+)(?: \(.*\))?"
    card: str

    def __str__(self) -> str:
        return f"take {self.card} ({_card_text(self.card)})"

    @staticmethod
    def _text_value(name: str, raw: str) -> str:
        return raw.upper()


@_interned
class SellObject(_Interned):
    """Black market activation: discard an object card for 7 gold."""

    rank: ClassVar[int] = 5
    kind: ClassVar[str] = "sell"
    pattern: ClassVar[str] = r"sell (?P<card>[a-z]{2}-\d+)(?: \([^)]*\))?(?: for \d+ gold)?"
    card: str

    def __str__(self) -> str:
        return f"sell {self.card} ({_card_text(self.card)}) for 7 gold"

    @staticmethod
    def _text_value(name: str, raw: str) -> str:
        return raw.upper()


@_interned
class KeepObjects(_Interned):
    """Black market activation: sell nothing."""

    rank: ClassVar[int] = 6
    kind: ClassVar[str] = "keep-objects"
    pattern: ClassVar[str] = r"keep your objects"

    def __str__(self) -> str:
        return "keep your objects"


@_interned
class TakeUpgrade(_Interned):
    """Village activation (or the discovery track's bonus): take a face-up upgrade of this kind."""

    rank: ClassVar[int] = 7
    kind: ClassVar[str] = "upgrade"
    pattern: ClassVar[str] = r"take upgrade (?P<upgrade>[a-z-]+)(?: \(.*\))?"
    upgrade: str

    def __str__(self) -> str:
        info = UPGRADE_BY_KEY.get(self.upgrade)
        return f"take upgrade {self.upgrade}" + (f" ({info.name}, {info.vp} VP)" if info else "")

    @classmethod
    def _order(cls, upgrade) -> tuple:
        return (list(UPGRADE_BY_KEY).index(upgrade) if upgrade in UPGRADE_BY_KEY else 99, upgrade)


_PLURALS = {t.plural: t.key for t in OBJECT_TYPES}
_TYPE_INDEX = {t.key: i for i, t in enumerate(OBJECT_TYPES)}
_BONUS = re.compile(r"\s*(\d+)\s+(gold|vp|discovery)\s*", re.IGNORECASE)


@_interned
class Deliver(_Interned):
    """Deliver 1 to 3 objects of one type ("Livrer les Objets"): ``gold``, ``vp`` and
    ``discovery`` say how many of them carry that bonus icon (the others carry none)."""

    rank: ClassVar[int] = 8
    kind: ClassVar[str] = "deliver"
    pattern: ClassVar[str] = r"deliver (?P<count>\d+) (?P<object_type>[a-z]+)(?: \(bonus: (?P<bonus>[^)]*)\))?"
    object_type: str
    count: int
    gold: int
    vp: int
    discovery: int

    def __str__(self) -> str:
        info = OBJECT_BY_KEY.get(self.object_type)
        word = self.object_type if self.count == 1 or info is None else info.plural
        bonus = [f"{n} {b}" for n, b in ((self.gold, "gold"), (self.vp, "vp"), (self.discovery, "discovery")) if n]
        return f"deliver {self.count} {word}" + (f" (bonus: {', '.join(bonus)})" if bonus else "")

    @classmethod
    def _order(cls, object_type, count, gold, vp, discovery) -> tuple:
        return (_TYPE_INDEX.get(object_type, 99), object_type, count, gold, vp, discovery)

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


@_interned
class NoDelivery(_Interned):
    """Harbour office or ship: make no (more) delivery."""

    rank: ClassVar[int] = 9
    kind: ClassVar[str] = "no-delivery"
    pattern: ClassVar[str] = r"no delivery"

    def __str__(self) -> str:
        return "no delivery"


ACTION_TYPES = (Place, Reroll, KeepToss, TakeObject, SellObject, KeepObjects, TakeUpgrade, Deliver, NoDelivery)
