"""Thebes: the actions, in the rule book's words, and the steps of a turn.

A turn is one action ("Déroulement de la partie": take a card, play an
action card, dig), but some actions are done in steps, each an action of its
own, so that every choice comes before the chance it leads to:

* a dig is three steps: ``dig egypt`` (a permit is given up), ``dig for 6
  weeks`` (the knowledge is totalled and the weeks announced), ``draw 4
  cards from egypt`` (the pile is shuffled and the cards revealed);
* a thief is two: ``play egypt thief``, then ``draw 1 card from egypt``;
* tomb robbers: ``play egypt tomb robbers``, then ``pick egypt relic 5``;
* a museum's relics are given one by one (``give egypt relic 1``) once it is
  taken, automatically when there is no choice.

``phase`` says which step a turn is at (the ``PHASES`` below).

Each action is a plain frozen dataclass and a value (``engine.ValueAction``):
equal actions are the *same* object, so ``apply`` finds the one it is given
among the legal ones by identity.  Only values the rules can make legal are
interned (``_DOMAIN``: a card of the box, a region, 1 to ``MAX_WEEKS`` weeks,
...): a text or JSON action outside them gets an object of its own, which
the checks of ``refusals.py`` refuse with the reason.

>>> Take("egypt expertise 2")
Take(card='egypt expertise 2')
>>> str(DigWeeks(6, True))
'dig for 6 weeks with the assistant'
>>> DigWeeks.parse("dig for 1 week") is DigWeeks(1, False)
True
>>> Draw("crete", 1) < Draw("crete", 3) < Draw("egypt", 1)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from archeo_lab.engine.actions import ACTION_DATACLASS, ValueAction
from archeo_lab.engine.wording import plural

from . import components
from .components import CARD_BY_KEY, EXCAVATION_TABLE, MAX_WEEKS, MIN_WEEKS, REGIONS, RELIC_VALUES

__all__ = [
    "ThebesAction", "Take", "Dig", "DigWeeks", "Draw", "PlayThief", "PlayRobbers", "PlayScientist", "PickRelic",
    "GiveRelic", "ACTION_TYPES", "TURN", "WEEKS", "DRAW", "ROBBERS", "MUSEUM", "OVER", "PHASES", "dig_lengths",
    "BY_REGION", "TAKES", "PLAYS", "DIGS", "SCIENTISTS", "DRAWS", "PICKS", "GIVES", "Offers", "offers",
]

#: The steps of a turn: any action (``TURN``), a dig's weeks, a dig's or a thief's draw, the tomb
#: robbers' pick, a museum's gifts; ``OVER`` once the deck is empty.
TURN, WEEKS, DRAW, ROBBERS, MUSEUM, OVER = "turn", "weeks", "draw", "robbers", "museum", "over"
PHASES = (TURN, WEEKS, DRAW, ROBBERS, MUSEUM, OVER)

#: Cards a draw may take (up to the excavation table's most) and the values of relics (rubble is 0).
_CARDS, _VALUES = range(1, max(map(max, EXCAVATION_TABLE)) + 1), range(1, max(RELIC_VALUES) + 1)
#: Per field, the values the rules can make legal: a card of the box, a region, a dig of 1 to 12 weeks,
#: a draw of up to the excavation table's most cards, a relic worth 1 to 6.
_DOMAIN = {
    "card": frozenset(CARD_BY_KEY), "region": frozenset(REGIONS), "weeks": range(MIN_WEEKS, MAX_WEEKS + 1),
    "assistant": (False, True), "cards": _CARDS, "value": _VALUES,
}


class ThebesAction(ValueAction):
    """Base of the Thebes actions: interned values ordered field by field."""

    __slots__ = ()
    domain = _DOMAIN


@dataclass(**ACTION_DATACLASS)
class Take(ThebesAction):
    """Take a card from a storage space, or a presentation card ("Prendre une carte")."""

    kind: ClassVar[str] = "take"
    pattern: ClassVar[str] = r"take\s+(?P<card>[a-z][a-z0-9 ]*?)"
    card: str

    def __str__(self) -> str:
        return f"take {self.card}"

    @staticmethod
    def _text_value(name: str, raw: str) -> str:
        return " ".join(raw.lower().split())


@dataclass(**ACTION_DATACLASS)
class Dig(ThebesAction):
    """Start a dig in a region: the excavation permit is given up ("Mener des fouilles", first step)."""

    kind: ClassVar[str] = "dig"
    pattern: ClassVar[str] = r"dig (?P<region>[a-z]+)"
    region: str

    def __str__(self) -> str:
        return f"dig {self.region}"


@dataclass(**ACTION_DATACLASS)
class DigWeeks(ThebesAction):
    """How long the dig lasts, 1 to 12 weeks, maybe with the assistant (the second step)."""

    kind: ClassVar[str] = "weeks"
    pattern: ClassVar[str] = r"dig for (?P<weeks>\d+) weeks?(?P<assistant> with the assistant)?"
    weeks: int
    assistant: bool

    def __str__(self) -> str:
        return f"dig for {plural(self.weeks, 'week')}" + (" with the assistant" if self.assistant else "")

    @classmethod
    def parse(cls, text: str) -> DigWeeks | None:
        m = cls._regex().fullmatch(text)
        if m is None:
            return None
        return cls(int(m.group("weeks")), m.group("assistant") is not None)


@dataclass(**ACTION_DATACLASS)
class Draw(ThebesAction):
    """Shuffle a pile and draw the cards a dig or a thief earned (the reveal)."""

    kind: ClassVar[str] = "draw"
    pattern: ClassVar[str] = r"draw (?P<cards>\d+) cards? from (?P<region>[a-z]+)"
    region: str
    cards: int

    def __str__(self) -> str:
        return f"draw {plural(self.cards, 'card')} from {self.region}"


@dataclass(**ACTION_DATACLASS)
class PlayThief(ThebesAction):
    """Play a thief (Voleur): one random card of its region's pile."""

    kind: ClassVar[str] = "thief"
    pattern: ClassVar[str] = r"play (?P<region>[a-z]+) thief"
    region: str

    @property
    def card(self) -> str:
        """The action card played (``"egypt thief"``)."""
        return f"{self.region} thief"

    def __str__(self) -> str:
        return f"play {self.region} thief"


@dataclass(**ACTION_DATACLASS)
class PlayRobbers(ThebesAction):
    """Play tomb robbers (Pilleurs de tombes): look through its region's pile, take a relic."""

    kind: ClassVar[str] = "robbers"
    pattern: ClassVar[str] = r"play (?P<region>[a-z]+) tomb robbers"
    region: str

    @property
    def card(self) -> str:
        """The action card played (``"egypt tomb robbers"``)."""
        return f"{self.region} tomb robbers"

    def __str__(self) -> str:
        return f"play {self.region} tomb robbers"


@dataclass(**ACTION_DATACLASS)
class PlayScientist(ThebesAction):
    """Play a scientist (Scientifique): look at every card of one pile."""

    kind: ClassVar[str] = "scientist"
    pattern: ClassVar[str] = r"play scientist on (?P<region>[a-z]+)"
    region: str
    #: The action card played.
    card: ClassVar[str] = "scientist"

    def __str__(self) -> str:
        return f"play scientist on {self.region}"


@dataclass(**ACTION_DATACLASS)
class PickRelic(ThebesAction):
    """The tomb robbers' choice: the relic taken from the pile."""

    kind: ClassVar[str] = "pick"
    pattern: ClassVar[str] = r"pick (?P<region>[a-z]+) relic (?P<value>\d+)"
    region: str
    value: int

    def __str__(self) -> str:
        return f"pick {self.region} relic {self.value}"


@dataclass(**ACTION_DATACLASS)
class GiveRelic(ThebesAction):
    """Give one relic to the museum being taken (Musées)."""

    kind: ClassVar[str] = "give"
    pattern: ClassVar[str] = r"give (?P<region>[a-z]+) relic (?P<value>\d+)"
    region: str
    value: int

    def __str__(self) -> str:
        return f"give {self.region} relic {self.value}"


#: The game's action types, in the order the codec tries them when reading text.
ACTION_TYPES = (Take, Dig, DigWeeks, Draw, PlayThief, PlayRobbers, PlayScientist, PickRelic, GiveRelic)


# -- the actions the legal-list generator hands out ---------------------------------------------------------
# Built once: ``ValueAction`` makes each the one object of its value; these tables only spare the
# constructor on the hot path of random playouts and search (``ThebesState._legal_actions``).

#: Region indexes in the order of their names (the legal list is sorted by region name).
BY_REGION = sorted(range(len(REGIONS)), key=lambda i: REGIONS[i])
TAKES = {key: Take(key) for key in CARD_BY_KEY}
#: The hand cards played on their own: a thief or tomb robbers (their keys sort as their actions).
PLAYS: dict[str, ThebesAction] = {a.card: a for r in REGIONS for a in (PlayThief(r), PlayRobbers(r))}
DIGS = [Dig(r) for r in REGIONS]
SCIENTISTS = [PlayScientist(REGIONS[r]) for r in BY_REGION]
DRAWS = {(r, n): Draw(REGIONS[r], n) for r in range(len(REGIONS)) for n in _CARDS}
PICKS = {(r, v): PickRelic(REGIONS[r], v) for r in range(len(REGIONS)) for v in _VALUES}
GIVES = {(r, v): GiveRelic(REGIONS[r], v) for r in range(len(REGIONS)) for v in _VALUES}
_LENGTHS: dict[tuple[int, int, bool], list[DigWeeks]] = {}


def dig_lengths(assistant: bool) -> list[DigWeeks]:
    """The dig lengths one may announce, with the assistant too if it is in hand: « Une fouille doit durer au
    moins 1 semaine, mais ne peut pas en excéder 12 » (``components.MIN_WEEKS``, ``MAX_WEEKS``, read now),
    whatever the excavation table gives.

    >>> [str(a) for a in dig_lengths(True)[:3]]
    ['dig for 1 week', 'dig for 1 week with the assistant', 'dig for 2 weeks']
    """
    key = (components.MIN_WEEKS, components.MAX_WEEKS, assistant)
    lengths = _LENGTHS.get(key)
    if lengths is None:
        helped = (False, True) if assistant else (False,)
        lengths = _LENGTHS[key] = sorted(DigWeeks(w, a) for w in range(key[0], key[1] + 1) for a in helped)
    return lengths


class Offers:
    """What the legal-list generator reads at every turn, worked out from ``components`` when a game starts
    (``ThebesState._new``), is read back from a save or is ``changed()``: a number changed in memory before
    then reaches the offer as it reaches the checks of ``refusals`` and the effects.  Clones share it."""

    __slots__ = ("key", "first_tier", "museum_relics", "fewest_relics", "dig_expertise", "lengths")

    def __init__(self, key: tuple[object, ...]) -> None:
        exhibitions, museums = components.EXHIBITION_BY_KEY, components.MUSEUM_BY_KEY
        self.key = key
        #: Expositions: each card's first tier, (region index, relics it asks for).
        self.first_tier = {k: (REGIONS.index(e.regions[0]), e.need[0]) for k, e in exhibitions.items()}
        #: Musées: the relics each card asks to give.
        self.museum_relics = {k: m.relics for k, m in museums.items()}
        #: The fewest relics any presentation card asks for: with fewer, none is offered.
        self.fewest_relics = min([need for _, need in self.first_tier.values()] + list(self.museum_relics.values()))
        self.dig_expertise = components.DIG_EXPERTISE
        #: The dig lengths without, then with the assistant in hand (``dig_lengths``).
        self.lengths = (dig_lengths(False), dig_lengths(True))


def offers() -> Offers:
    """The ``Offers`` of ``components`` as they are now (built again only if one of their numbers changed)."""
    key = (components.MIN_WEEKS, components.MAX_WEEKS, components.DIG_EXPERTISE,
           *components.EXHIBITION_BY_KEY.items(), *components.MUSEUM_BY_KEY.items())
    if _OFFERS and _OFFERS[-1].key == key:
        return _OFFERS[-1]
    _OFFERS[:] = [Offers(key)]
    return _OFFERS[0]


_OFFERS: list[Offers] = []
