"""Thebes: The Tomb Raiders (Peter Prinz, Queen Games 2012): the rules.

Archaeologists gather knowledge, then dig in Mesopotamia, Egypt, Greece and
Crete.  Time is the currency: every action moves the player's time marker
(pion de temps) along the time track (échelle chronologique) by some weeks.

* **Set-up (Mise en place).** The five professors lie face up; the other 163
  cards are shuffled into a deck.  Cards are revealed one by one: a green back
  goes to its presentation display (exhibitions, museums) or to a storage
  space (case de stockage); a relic back goes face down onto its region's
  excavation pile (paquet de Fouilles).  This stops when the four storage
  spaces are full **and** the deck's top card is green.  Time markers are
  stacked on week 0 in random order.  Excavation permits (cartes Fouilles):
  4 players one per region + one general; 3 players one per region + two
  general; 2 players two per region.
* **Turn order (Ordre des joueurs).** The marker furthest behind plays; on a
  shared week the marker on top of the stack.  A marker landing on occupied
  weeks goes on top.  A player may play several turns in a row.
* **One action per turn**, never a pass:

  - *take a card* (``take egypt expertise 2``): from a storage space, or a
    presentation card whose condition is met; action cards go to the hidden
    hand, the others face up; pay the card's weeks; the emptied space is
    refilled as at set-up; **an empty deck ends the game at once**;
  - *play an action card* (``play egypt thief``, ``play egypt tomb robbers``,
    ``play scientist on egypt``): its effect, then its weeks;
  - *dig*, in the rule book's order: ``dig egypt`` gives up a permit for the
    region or a general one (at least 1 expertise there is needed); then
    ``dig for 6 weeks`` totals the knowledge = expertise + general knowledge
    (never more than the expertise) + assistant, announces 1 to 12 weeks and
    moves the marker; then ``draw 4 cards from egypt``: the excavation table
    gave the number (``scoring.dig_cards``), the pile is shuffled, relics are
    kept face up, rubble counts toward the draw and goes back.

* Professors (4+ expertise in a region; the world expert at 10+ knowledge)
  pass to whoever gets strictly more.  Exhibitions need relic counts in
  tiers and cost fewer weeks for higher tiers, relics kept; museums take
  relics out of the game.  The final count is in ``scoring.py``.

Decisions where the rule book is silent (kept here, shown in the tutorial,
each tested in ``tests/test_thebes_rules.py``):

* **Action cards cost weeks when taken and again when played** (the literal
  reading of both rules, GAPS.md 1.2): thief 1 + 1 (erratum), tomb robbers
  3 + 3, scientist 1 + 1.  The general dig permit card costs 3 weeks to take
  and nothing to play.
* **The assistant is played in a dig** (``dig for 6 weeks with the assistant``)
  and **costs its weeks**: it is one of the cards the digger lays down when the
  knowledge is totalled (« carte Assistant s'il y a lieu »), and like every
  action card it costs its printed weeks when played (« En jouant une carte
  d'Action, le joueur dépense le temps (nombre de semaines) correspondant »;
  the rule book's only exception is the general dig permit: « jouer cette
  carte ne dépense pas de temps »).  The marker moves the dig's weeks plus the
  assistant's 2; the table is read with the dig's weeks.  It adds 1 after the
  general-knowledge cap, one assistant per dig, then leaves the game.
* **The permit given up** is the region's own if the digger has one, else a
  large general permit, else a general dig permit card (the least flexible
  first: always at least as good).  It is shown, so permits left are public.
* **A dig may last any number of weeks from 1 to 12**, as the text says
  (« Une fouille doit durer au moins 1 semaine, mais ne peut pas en excéder
  12 »), even where the table gives no card (1 knowledge and fewer than 8
  weeks): the permit and the weeks are spent and nothing is drawn.  Knowledge
  above 12 counts as 12; a pile smaller than the table's number is drawn
  whole; an empty pile may still be dug (nothing is found).
* **A dig is three steps** (permit, weeks, draw) and a thief two (play,
  draw): the shuffle and the reveal are a step of their own, so the weeks
  are chosen before any card is seen.  The digger's marker moves when the
  weeks are announced; the thief's week is paid after its draw.
* **Pile sizes are public, their contents are not.**  « vous n'avez jamais le
  droit de compter les cartes des paquets de Fouilles » forbids counting the
  cards of a pile; it does not hide what everyone saw: each card that goes
  onto a pile is revealed by its back as it comes off the deck (set-up and
  refills: « les cartes affichant des Reliques sont posées face cachée sur leur
  case de Fouilles »), and each card that leaves it is shown (relics are laid
  face up, rubble goes back).  A player with a perfect memory therefore knows
  every pile's size, and the engine gives it to every seat; at the table you
  estimate it.  What a seat knows of a pile (``known``) is what it
  is certain of: everything after a scientist or tomb robbers look, the
  relics seen drawn (removed) and the rubble seen going back.  The rest of a
  pile is, for that seat, a uniformly random part of the region's unseen
  cards: ``scoring.dig_odds`` turns this into exact odds.
* **Hands** are hidden on the table (others see a count), but every action
  card was taken face up from a storage space and every play is shown, so a
  player with a good memory knows them: ``determinize`` keeps them.
* The tomb robbers must take a relic if the pile holds one.  A museum's
  relics are chosen one by one (``give egypt relic 1``), automatically when
  there is no choice; its weeks are paid once they are given.
* The presentation displays hold any number of cards; the time track has no
  end (the deck ends the game); congresses score at most 28 (7 cards);
  professors are worth 5 each (GAPS.md 1.5).
* Ties: the marker furthest behind wins; on the same week, the marker on top
  (the one that would play first).
* "A taken card works from your next turn" holds by itself: one action per turn.
"""

from __future__ import annotations

import bisect
import dataclasses
from collections import Counter
from dataclasses import dataclass
from typing import Any, ClassVar

from archeo_lab.engine import Action, Fields, Game, Rng, State
from archeo_lab.engine.errors import quote
from archeo_lab.engine.saves import SEAT, CorruptSave, Spec, ints, items, one_of, per_seat

from . import scoring
from .components import (
    CARD_BY_KEY, CARDS, DECK_KEYS, EXCAVATION_TABLE, EXHIBITION_BY_KEY, MAX_WEEKS,
    MUSEUM_BY_KEY, PERMITS, PROFESSOR_EXPERTISE, PROFESSOR_POINTS, PROFESSORS, REGION_NAMES, REGIONS,
    RELIC_KEYS, STORAGE_SPACES, WORLD_EXPERT_KNOWLEDGE,
)

__all__ = [
    "Take", "Dig", "DigWeeks", "Draw", "PlayThief", "PlayRobbers", "PlayScientist", "PickRelic", "GiveRelic",
    "ThebesState", "ThebesGame", "GAME", "permits_dealt", "exhibition_weeks",
]

REGION_INDEX = {r: i for i, r in enumerate(REGIONS)}
ALPHA = sorted(range(len(REGIONS)), key=lambda i: REGIONS[i])   # region indexes in sorted-name order
_ALL_REGIONS = range(len(REGIONS))                              # every region index, in board order
GENERAL = 4                                                     # index of the general permits
TURN, WEEKS, DRAW, ROBBERS, MUSEUM, OVER = "turn", "weeks", "draw", "robbers", "museum", "over"
PHASES = (TURN, WEEKS, DRAW, ROBBERS, MUSEUM, OVER)

_CARD = CARD_BY_KEY
_GREEN = {c.key: c.green for c in CARDS}
_FAMILY = {c.key: c.family for c in CARDS}
_RELIC_OF = {key: (REGION_INDEX[c.region], c.points) for c in CARDS if c.family == "relic" for key in [c.key]}
_ALL_KEYS = Counter(DECK_KEYS) + Counter(PROFESSORS)
#: A save's time track stops here, far beyond any game (the latest marker of 900 random games of 2 to 4
#: players reached week 217); it only refuses absurd values.
WEEK_LIMIT = 9_999
_REGION = one_of(REGIONS, "a region")
_KEY = one_of(CARD_BY_KEY, "a card")
_VALUE = ints(0, max(v for _, v in RELIC_KEYS))
_MOST_CARDS = max(max(row) for row in EXCAVATION_TABLE)
_CARD_WEEKS = ints(0, max([c.weeks or 0 for c in CARDS] + [w for e in EXHIBITION_BY_KEY.values() for w in e.weeks]
                          + [m.weeks for m in MUSEUM_BY_KEY.values()]))
_SCORE = ints(-WEEK_LIMIT, WEEK_LIMIT)
#: The public log, entry by entry (``Fields.events``): what each kind of line holds.
EVENTS = {
    "start": (Spec("every seat once, bottom to top", lambda v, n: isinstance(v, (list, tuple))
                   and sorted(v) == list(range(n)) and all(type(x) is int for x in v)),),
    "setup": (items(_KEY | _REGION),), "deck": (items(_KEY | _REGION),),
    "permits": (SEAT, items(ints(0, 2 * max(max(p) for p in PERMITS.values())), len(REGIONS) + 1, len(REGIONS) + 1)),
    "take": (SEAT, _KEY, _CARD_WEEKS), "dig": (SEAT, _REGION, one_of(("region", "general", "card"))),
    "weeks": (SEAT, _REGION, ints(1, MAX_WEEKS), ints(0, WEEK_LIMIT), ints(0, _MOST_CARDS), one_of([False, True])),
    "empty": (SEAT, _REGION), "draw": (SEAT, _REGION, items(_VALUE, 1, _MOST_CARDS)),
    "thief": (SEAT, _REGION), "robbers": (SEAT, _REGION), "rubble only": (SEAT, _REGION),
    "scientist": (SEAT, _REGION), "pick": (SEAT, _REGION, _VALUE), "give": (SEAT, _REGION, _VALUE),
    "professor": (SEAT, one_of(PROFESSORS)), "end": (per_seat(_SCORE),),
}


def permits_dealt(players: int) -> list[int]:
    """Excavation permits each player gets: [one count per region..., general] (set-up).

    >>> permits_dealt(2), permits_dealt(3), permits_dealt(4)
    ([2, 2, 2, 2, 0], [1, 1, 1, 1, 2], [1, 1, 1, 1, 1])
    """
    if players not in PERMITS:
        raise ValueError(f"Thebes is played by 2 to 4 players, not {players!r}")
    per_region, general = PERMITS[players]
    return [per_region] * len(REGIONS) + [general]


def exhibition_weeks(key: str, counts: list[int]) -> int | None:
    """Weeks to stage exhibition ``key`` with relic ``counts`` per region (None: tier 1 not met).

    >>> exhibition_weeks("exhibition 1", [3, 0, 0, 0])   # 3 Mesopotamia
    9
    >>> exhibition_weeks("exhibition 1", [3, 1, 0, 2])   # + 2 Crete, + 1 Egypt
    3
    >>> exhibition_weeks("exhibition 1", [2, 5, 5, 5]) is None
    True
    """
    e = EXHIBITION_BY_KEY[key]
    weeks = None
    for region, need, w in zip(e.regions, e.need, e.weeks):
        if counts[REGION_INDEX[region]] < need:
            break
        weeks = w
    return weeks


# -- actions --------------------------------------------------------------------------------------

class _Interned(Action):
    """Actions built once per value: equality is identity, so ``apply`` finds them fast.

    Every action the rules can make legal is built here, at import, in the tables below; then
    the tables are sealed (``_sealed``): a text or JSON action outside them (``dig atlantis``)
    gets an object of its own, equal to no legal action, refused and not kept.
    """

    __slots__ = ()
    _sealed: ClassVar[bool] = False

    def __new__(cls, *args: Any, **kwargs: Any):
        names = cls.__dict__.get("_names")
        if names is None:
            names = tuple(f.name for f in dataclasses.fields(cls))
            type.__setattr__(cls, "_names", names)
            type.__setattr__(cls, "_intern", {})
        values = args + tuple(kwargs[n] for n in names[len(args):])
        key = tuple((type(v), v) for v in values)
        cache = cls.__dict__["_intern"]
        obj = cache.get(key)
        if obj is None:
            obj = object.__new__(cls)
            if not _Interned._sealed:
                cache[key] = obj
        return obj


def _same(self, other) -> bool:
    return self is other


def _interned(cls):
    """Equality and hash by identity, as every value is built once (``apply`` finds it fast)."""
    cls.__eq__, cls.__hash__ = _same, object.__hash__
    return cls


@_interned
@dataclass(frozen=True, slots=True, order=True)
class Take(_Interned):
    """Take a card from a storage space, or a presentation card ("Prendre une carte")."""

    kind: ClassVar[str] = "take"
    pattern: ClassVar[str] = r"take\s+(?P<card>[a-z][a-z0-9 ]*?)"
    card: str

    def __str__(self) -> str:
        return f"take {self.card}"

    @staticmethod
    def _text_value(name: str, raw: str) -> str:
        return " ".join(raw.lower().split())


@_interned
@dataclass(frozen=True, slots=True, order=True)
class Dig(_Interned):
    """Start a dig in a region: the excavation permit is given up ("Mener des fouilles", first step)."""

    kind: ClassVar[str] = "dig"
    pattern: ClassVar[str] = r"dig (?P<region>[a-z]+)"
    region: str

    def __str__(self) -> str:
        return f"dig {self.region}"


@_interned
@dataclass(frozen=True, slots=True, order=True)
class DigWeeks(_Interned):
    """How long the dig lasts, 1 to 12 weeks, maybe with the assistant (the second step)."""

    kind: ClassVar[str] = "weeks"
    pattern: ClassVar[str] = r"dig for (?P<weeks>\d+) weeks?(?P<assistant> with the assistant)?"
    weeks: int
    assistant: bool

    def __str__(self) -> str:
        unit = "week" if self.weeks == 1 else "weeks"
        return f"dig for {self.weeks} {unit}" + (" with the assistant" if self.assistant else "")

    @classmethod
    def parse(cls, text: str) -> DigWeeks | None:
        m = cls._regex().fullmatch(text)
        if m is None:
            return None
        return cls(int(m.group("weeks")), m.group("assistant") is not None)


@_interned
@dataclass(frozen=True, slots=True, order=True)
class Draw(_Interned):
    """Shuffle a pile and draw the cards a dig or a thief earned (the reveal)."""

    kind: ClassVar[str] = "draw"
    pattern: ClassVar[str] = r"draw (?P<cards>\d+) cards? from (?P<region>[a-z]+)"
    region: str
    cards: int

    def __str__(self) -> str:
        return f"draw {self.cards} card{'s' if self.cards != 1 else ''} from {self.region}"


@_interned
@dataclass(frozen=True, slots=True, order=True)
class PlayThief(_Interned):
    """Play a thief (Voleur): one random card of its region's pile."""

    kind: ClassVar[str] = "thief"
    pattern: ClassVar[str] = r"play (?P<region>[a-z]+) thief"
    region: str

    def __str__(self) -> str:
        return f"play {self.region} thief"


@_interned
@dataclass(frozen=True, slots=True, order=True)
class PlayRobbers(_Interned):
    """Play tomb robbers (Pilleurs de tombes): look through its region's pile, take a relic."""

    kind: ClassVar[str] = "robbers"
    pattern: ClassVar[str] = r"play (?P<region>[a-z]+) tomb robbers"
    region: str

    def __str__(self) -> str:
        return f"play {self.region} tomb robbers"


@_interned
@dataclass(frozen=True, slots=True, order=True)
class PlayScientist(_Interned):
    """Play a scientist (Scientifique): look at every card of one pile."""

    kind: ClassVar[str] = "scientist"
    pattern: ClassVar[str] = r"play scientist on (?P<region>[a-z]+)"
    region: str

    def __str__(self) -> str:
        return f"play scientist on {self.region}"


@_interned
@dataclass(frozen=True, slots=True, order=True)
class PickRelic(_Interned):
    """The tomb robbers' choice: the relic taken from the pile."""

    kind: ClassVar[str] = "pick"
    pattern: ClassVar[str] = r"pick (?P<region>[a-z]+) relic (?P<value>\d+)"
    region: str
    value: int

    def __str__(self) -> str:
        return f"pick {self.region} relic {self.value}"


@_interned
@dataclass(frozen=True, slots=True, order=True)
class GiveRelic(_Interned):
    """Give one relic to the museum being taken (Musées)."""

    kind: ClassVar[str] = "give"
    pattern: ClassVar[str] = r"give (?P<region>[a-z]+) relic (?P<value>\d+)"
    region: str
    value: int

    def __str__(self) -> str:
        return f"give {self.region} relic {self.value}"


# Interned tables used on the hot path.
_TAKE = {key: Take(key) for key in _CARD}
_THIEF = [PlayThief(r) for r in REGIONS]
_ROBBERS = [PlayRobbers(r) for r in REGIONS]
_SCIENTISTS = tuple(PlayScientist(REGIONS[i]) for i in ALPHA)
_DRAW = [[Draw(r, n) for n in range(21)] for r in REGIONS]
# Hand cards played by a single action; their sorted key order is their actions' sorted order.
_HAND_PLAY = {**{f"{r} thief": _THIEF[i] for i, r in enumerate(REGIONS)},
              **{f"{r} tomb robbers": _ROBBERS[i] for i, r in enumerate(REGIONS)}}
_EXHIBIT_FIRST = {e.key: REGION_INDEX[e.regions[0]] for e in EXHIBITION_BY_KEY.values()}
_EXHIBIT_NEED = {e.key: e.need[0] for e in EXHIBITION_BY_KEY.values()}
_MUSEUM_NEED = {m.key: m.relics for m in MUSEUM_BY_KEY.values()}
_MIN_PRESENTATION = min(list(_EXHIBIT_NEED.values()) + list(_MUSEUM_NEED.values()))
_PICK = [[PickRelic(r, v) for v in range(7)] for r in REGIONS]
_GIVE = [[GiveRelic(r, v) for v in range(7)] for r in REGIONS]


#: The dig lengths, without and with the assistant in hand: "Une fouille doit durer au moins
#: 1 semaine, mais ne peut pas en excéder 12", whatever the excavation table gives.
_WEEKS = (tuple(DigWeeks(w, False) for w in range(1, MAX_WEEKS + 1)),
          tuple(sorted(DigWeeks(w, a) for w in range(1, MAX_WEEKS + 1) for a in (False, True))))
#: The assistant's weeks, paid when it is played (with the dig's own weeks).
ASSISTANT_WEEKS = CARD_BY_KEY["assistant"].play_weeks
_DIG = [Dig(r) for r in REGIONS]
_Interned._sealed = True            # every legal action exists now (see _Interned)
_RULE_DIG = "Mener des fouilles"


# -- the state ------------------------------------------------------------------------------------

class ThebesState(State):
    """A position of Thebes.  Public fields are read-only for learners.

    ``week``/``height``: each time marker's week and its height in the stacks
    (higher = on top); ``deck`` (last item on top); ``storage``: the four
    storage spaces; ``exhibits``/``museums``: the presentation displays;
    ``piles[r]``: the values (0 = rubble) in region ``r``'s excavation pile;
    ``known[s][r]``: the part of that pile seat ``s`` is certain of;
    ``tableau[s]``: face-up cards; ``relics[s][r]``: relic values kept;
    ``hand[s]``: hidden action cards; ``permits[s]``: permits left per region,
    then general; ``professors``: the holder of each professor card;
    ``removed``: cards out of the game; ``phase``/``pending``: a dig's draw,
    the tomb robbers' pick or a museum's gifts still owed; ``events``: the
    public log.
    """

    __slots__ = (
        "players", "variant", "seed", "rng", "chance_count", "_legal_cache", "current_player", "is_terminal",
        "week", "height", "stamp", "deck", "storage", "exhibits", "museums", "piles", "known", "tableau",
        "relics", "hand", "permits", "professors", "removed", "phase", "pending", "events",
        "expertise", "general", "congress", "_pub",
    )

    # -- set-up ("Mise en place") -------------------------------------------------------------------
    @classmethod
    def _new(cls, players: int, seed: int, variant: str) -> ThebesState:
        s = object.__new__(cls)
        s.players, s.variant, s.seed = players, variant, seed
        rng = s.rng = Rng(seed)
        s.chance_count, s._legal_cache, s.is_terminal, s._pub = 0, None, False, None
        n = players
        # Time markers stacked on week 0 in random order (the last one on top).
        order = list(range(n))
        rng.shuffle(order)
        s.week = [0] * n
        s.height = [0] * n
        for h, seat in enumerate(order):
            s.height[seat] = h + 1
        s.stamp = n
        s.deck = list(DECK_KEYS)
        rng.shuffle(s.deck)
        s.storage = [None] * STORAGE_SPACES
        s.exhibits, s.museums = [], []
        s.piles = [[] for _ in REGIONS]
        s.known = [[[] for _ in REGIONS] for _ in range(n)]
        s.tableau = [[] for _ in range(n)]
        s.relics = [[[] for _ in REGIONS] for _ in range(n)]
        s.hand = [[] for _ in range(n)]
        s.permits = [permits_dealt(n) for _ in range(n)]
        s.professors = [None] * len(PROFESSORS)
        s.removed = []
        s.expertise = [[0] * len(REGIONS) for _ in range(n)]
        s.general = [0] * n
        s.congress = [0] * n
        s.phase, s.pending = TURN, None
        s.events = [("start", tuple(order))]
        revealed = []
        while True:
            filled = None not in s.storage
            if filled and _GREEN[s.deck[-1]]:
                break
            key = s.deck.pop()
            revealed.append(s._place(key, s.storage.index(None) if not filled else None))
        s.events.append(("setup", tuple(revealed)))
        s.chance_count = 1
        s.current_player = s._next_player()
        return s

    # -- the contract ---------------------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        p = self.current_player
        if phase == TURN:
            return self._turn_actions(p)
        if phase == WEEKS:
            return list(_WEEKS[1 if "assistant" in self.hand[p] else 0])
        if phase == DRAW:
            _, _, r, cards, _ = self.pending
            return [_DRAW[r][cards]]
        if phase == ROBBERS:
            r = self.pending[1]
            return [_PICK[r][v] for v in sorted(set(self.piles[r])) if v]
        if phase == MUSEUM:
            out = []
            for r in ALPHA:
                out.extend(_GIVE[r][v] for v in sorted(set(self.relics[p][r])))
            return out
        return []

    def _turn_actions(self, p: int) -> list[Action]:
        storage = self.storage
        relics = self.relics[p]
        extra = None
        if self.exhibits or self.museums:
            held = len(relics[0]) + len(relics[1]) + len(relics[2]) + len(relics[3])
            if held >= _MIN_PRESENTATION:
                extra = [k for k in self.exhibits if len(relics[_EXHIBIT_FIRST[k]]) >= _EXHIBIT_NEED[k]]
                extra += [k for k in self.museums if held >= _MUSEUM_NEED[k]]
        if extra:
            out: list[Action] = [_TAKE[k] for k in sorted(set(storage).union(extra))]
        else:
            out = [_TAKE[k] for k in sorted(set(storage))]
        hand = self.hand[p]
        if hand:
            scientist = False
            for key in hand:
                a = _HAND_PLAY.get(key)
                if a is not None:
                    out.append(a)
                elif key == "scientist":
                    scientist = True
            if scientist:
                out.extend(_SCIENTISTS)
            general_ok = "general dig permit" in hand
        else:
            general_ok = False
        permits = self.permits[p]
        general_ok = general_ok or permits[GENERAL] > 0
        expertise = self.expertise[p]
        for r in ALPHA:
            if expertise[r] and (general_ok or permits[r]):
                out.append(_DIG[r])
        return out

    def _apply(self, action: Action) -> None:
        kind = type(action)
        p = self.current_player
        if kind is Take:
            self._take(p, action.card)
        elif kind is Dig:
            self._dig(p, REGION_INDEX[action.region])
        elif kind is DigWeeks:
            self._dig_weeks(p, action.weeks, action.assistant)
        elif kind is Draw:
            self._draw(p)
        elif kind is PlayThief:
            self._play(p, f"{action.region} thief")
            r = REGION_INDEX[action.region]
            self.events.append(("thief", p, action.region))
            if self.piles[r]:
                self.phase, self.pending = DRAW, ("draw", "thief", r, 1, 1)
            else:
                self.events.append(("empty", p, action.region))
                self._end_turn(p, 1)
        elif kind is PlayRobbers:
            self._play(p, f"{action.region} tomb robbers")
            r = REGION_INDEX[action.region]
            self.known[p][r] = self.piles[r][:]
            self.chance_count += 1
            self.events.append(("robbers", p, action.region))
            if any(self.piles[r]):
                self.phase, self.pending = ROBBERS, ("robbers", r)
            else:
                self.events.append(("rubble only", p, action.region))
                self._end_turn(p, _CARD[f"{action.region} tomb robbers"].play_weeks)
        elif kind is PlayScientist:
            self._play(p, "scientist")
            r = REGION_INDEX[action.region]
            self.known[p][r] = self.piles[r][:]
            self.chance_count += 1
            self.events.append(("scientist", p, action.region))
            self._end_turn(p, _CARD["scientist"].play_weeks)
        elif kind is PickRelic:
            r = REGION_INDEX[action.region]
            self.piles[r].remove(action.value)
            self._gain_relic(p, r, action.value)
            self._forget(r, (action.value,), 0, picker=p)
            self.events.append(("pick", p, action.region, action.value))
            self._end_turn(p, _CARD[f"{action.region} tomb robbers"].play_weeks)
        else:
            self._give(p, REGION_INDEX[action.region], action.value)

    def scores(self) -> list[int]:
        """Points now (the final count once over): see ``score_breakdown``."""
        return [r["total"] for r in self.score_breakdown()]

    def score_breakdown(self) -> list[dict]:
        """Each seat's points line by line: relics, exhibitions, professors, museums, congresses, time."""
        n = self.players
        relics, exhibitions, museums, professors = [0] * n, [0] * n, [0] * n, [0] * n
        for s in range(n):
            relics[s] = sum(sum(v) for v in self.relics[s])
            for key in self.tableau[s]:
                fam = _FAMILY[key]
                if fam == "exhibition":
                    exhibitions[s] += _CARD[key].points
                elif fam == "museum":
                    museums[s] += _CARD[key].points
        for holder in self.professors:
            if holder is not None:
                professors[holder] += PROFESSOR_POINTS
        return scoring.score_rows(relics, exhibitions, professors, museums, self.congress, self.week)

    def _tiebreak(self, seat: int) -> tuple:
        # "c'est le joueur dont le pion de temps est le dernier ... qui l'emporte"; same week: the top marker.
        return (-self.week[seat], self.height[seat])

    def clone(self) -> ThebesState:
        c = object.__new__(ThebesState)
        c.players, c.variant, c.seed = self.players, self.variant, self.seed
        c.rng = Rng(state=self.rng.state)
        c.chance_count, c._legal_cache = self.chance_count, self._legal_cache
        c.current_player, c.is_terminal = self.current_player, self.is_terminal
        c.week, c.height, c.stamp = self.week[:], self.height[:], self.stamp
        c.deck, c.storage = self.deck[:], self.storage[:]
        c.exhibits, c.museums = self.exhibits[:], self.museums[:]
        c.piles = [x[:] for x in self.piles]
        c.known = [[x[:] for x in k] for k in self.known]
        c.tableau = [x[:] for x in self.tableau]
        c.relics = [[x[:] for x in k] for k in self.relics]
        c.hand = [x[:] for x in self.hand]
        c.permits = [x[:] for x in self.permits]
        c.professors, c.removed = self.professors[:], self.removed[:]
        c.phase, c.pending, c.events = self.phase, self.pending, self.events[:]
        c.expertise = [x[:] for x in self.expertise]
        c.general, c.congress = self.general[:], self.congress[:]
        c._pub = self._pub
        return c

    def observation(self, player: int) -> dict:
        """What ``player`` sees: everything but the deck's order, the piles' hidden cards and the others' hands.

        Piles show their size and what ``player`` knows of them; other hands
        show their size.  The log (public) says which action cards were taken.
        """
        self.check_seat(player)
        return {
            "seat": player, "players": self.players, "phase": self.phase,
            "current_player": self.current_player, "pending": self._public_pending(),
            "week": list(self.week), "height": list(self.height), "deck": len(self.deck),
            "deck_relics": self.deck_relics(), "storage": list(self.storage),
            "exhibits": list(self.exhibits), "museums": list(self.museums),
            "piles": [len(x) for x in self.piles], "known": [list(x) for x in self.known[player]],
            "tableau": [list(x) for x in self.tableau], "relics": [[list(v) for v in x] for x in self.relics],
            "hand": list(self.hand[player]), "hands": [len(x) for x in self.hand],
            "permits": [list(x) for x in self.permits], "professors": list(self.professors),
            "removed": list(self.removed), "events": list(self.events),
        }

    def determinize(self, player: int, rng: Rng | int) -> ThebesState:
        """A clone where everything ``player`` cannot know is resampled; it depends only on
        ``observation(player)`` and ``rng``.

        Each pile keeps the cards ``player`` is certain of; its other cards and
        the deck's relics are redealt from that region's unseen cards; the deck
        is reshuffled with a green card on top (its back is public).  What the
        other seats know of a pile is redrawn from the new pile: the rubble
        everyone saw go back, plus as many cards as the public record says
        they may know (the whole pile if they looked at it and no card came
        since).  Hands are kept: every action card was taken face up and every
        play is shown (see the module docstring).
        """
        self.check_seat(player)
        rng = self._as_rng(rng)
        c = self.clone()
        c._legal_cache = None
        mine = c.known[player]
        greens, relic_keys = [], []
        deck_by_region: list[list[int]] = [[] for _ in REGIONS]
        for key in c.deck:
            if _GREEN[key]:
                greens.append(key)
            else:
                r, v = _RELIC_OF[key]
                deck_by_region[r].append(v)
        rubble_seen, since_look = self._public_knowledge()
        for r in range(len(REGIONS)):
            known = mine[r]
            unknown = _minus(c.piles[r], known)
            pool = sorted(unknown + deck_by_region[r])       # sorted: the true order must not leak
            rng.shuffle(pool)
            u = len(unknown)
            pile = c.piles[r] = sorted(known + pool[:u])
            relic_keys.extend(RELIC_KEYS[REGIONS[r], v] for v in pool[u:])
            public = [0] * rubble_seen[r]
            rest = _minus(pile, public)
            for q in c.seats:
                if q == player:
                    continue
                added = since_look[q][r]
                size = len(public) if added is None else max(len(public), len(pile) - added)
                if size >= len(pile):
                    c.known[q][r] = pile[:]
                elif size == len(public):
                    c.known[q][r] = public[:]
                else:
                    sample = rest[:]
                    rng.shuffle(sample)
                    c.known[q][r] = sorted(public + sample[: size - len(public)])
        greens.sort()
        top = [greens.pop(rng.below(len(greens)))] if greens else []
        rest_of_deck = sorted(greens + relic_keys)
        rng.shuffle(rest_of_deck)
        c.deck = rest_of_deck + top
        c._fresh_chance(rng)                       # the true seed would give the deck away
        return c

    def _public_knowledge(self) -> tuple[list[int], list[list[int | None]]]:
        """From the public log: the rubble everyone saw go back into each pile, and for each seat
        and pile the cards added since that seat last looked through it (None: never looked).

        The log only grows, so the answer is cached and extended from where it stopped."""
        events = self.events
        cache = self._pub
        if cache is not None and cache[0] == len(events):
            return cache[1], cache[2]
        if cache is None or cache[0] > len(events):
            start, rubble = 0, [0] * len(REGIONS)
            since: list[list[int | None]] = [[None] * len(REGIONS) for _ in range(self.players)]
        else:
            start, rubble, since = cache[0], cache[1][:], [row[:] for row in cache[2]]
        for e in events[start:]:
            kind = e[0]
            if kind == "deck" or kind == "setup":
                for x in e[1]:
                    r = REGION_INDEX.get(x)
                    if r is not None:
                        for row in since:
                            if row[r] is not None:
                                row[r] += 1
            elif kind == "draw":
                r = REGION_INDEX[e[2]]
                z = e[3].count(0)
                if z > rubble[r]:
                    rubble[r] = z
            elif kind == "scientist" or kind == "robbers":
                since[e[1]][REGION_INDEX[e[2]]] = 0
        self._pub = (len(events), rubble, since)
        return rubble, since

    # -- rule steps ------------------------------------------------------------------------------------
    def _place(self, key: str, space: int | None) -> str:
        """A card off the deck: a relic face down on its pile, a presentation card on its display,
        any other card into the storage space ``space``.  Returns what the table saw."""
        fam = _FAMILY[key]
        if fam == "relic":
            r, v = _RELIC_OF[key]
            bisect.insort(self.piles[r], v)
            return REGIONS[r]
        if fam == "exhibition":
            bisect.insort(self.exhibits, key)
        elif fam == "museum":
            bisect.insort(self.museums, key)
        else:
            self.storage[space] = key
        return key

    def _refill(self, space: int) -> None:
        """Refill an emptied storage space as at set-up; an empty deck ends the game at once."""
        deck, storage = self.deck, self.storage
        revealed = []
        while deck:
            if storage[space] is not None and _GREEN[deck[-1]]:
                break
            revealed.append(self._place(deck.pop(), space))
        self.chance_count += 1
        self.events.append(("deck", tuple(revealed)))
        if not deck:
            self.phase, self.pending, self.current_player, self.is_terminal = OVER, None, None, True
            self.events.append(("end", tuple(self.scores())))

    def _take(self, p: int, key: str) -> None:
        fam = _FAMILY[key]
        card = _CARD[key]
        if fam == "exhibition":
            self.exhibits.remove(key)
            weeks = exhibition_weeks(key, [len(x) for x in self.relics[p]])
            bisect.insort(self.tableau[p], key)
            self.events.append(("take", p, key, weeks))
            self._end_turn(p, weeks)
            return
        if fam == "museum":
            self.museums.remove(key)
            bisect.insort(self.tableau[p], key)
            self.events.append(("take", p, key, card.weeks))
            self.phase, self.pending = MUSEUM, ("museum", key, MUSEUM_BY_KEY[key].relics)
            self._give_forced(p)
            return
        space = self.storage.index(key)
        self.storage[space] = None
        self.events.append(("take", p, key, card.weeks))
        if fam == "action":
            bisect.insort(self.hand[p], key)
        else:
            bisect.insort(self.tableau[p], key)
            if fam == "expertise":
                r = REGION_INDEX[card.region]
                self.expertise[p][r] += card.books
                self._check_professors(p, (r,))
            elif fam == "general":
                self.general[p] += card.books
                self._check_professors(p, ())
            else:
                self.congress[p] += 1
        self._move(p, card.weeks)
        self._refill(space)
        if not self.is_terminal:
            self.current_player = self._next_player()

    def _dig(self, p: int, r: int) -> None:
        """First step: give up a permit ("Tout d'abord, le joueur se défasse de la carte Fouilles")."""
        permits = self.permits[p]
        if permits[r]:
            permits[r] -= 1
            used = "region"
        elif permits[GENERAL]:
            permits[GENERAL] -= 1
            used = "general"
        else:
            self._play(p, "general dig permit")
            used = "card"
        self.events.append(("dig", p, REGIONS[r], used))
        self.phase, self.pending = WEEKS, ("weeks", r)

    def _dig_weeks(self, p: int, weeks: int, assistant: bool) -> None:
        """Second step: total the knowledge, announce the weeks and move the marker.

        The assistant is played here, and like every action card but the general dig permit it
        costs its weeks: « En jouant une carte d'Action, le joueur dépense le temps (nombre de
        semaines) correspondant. »  The marker moves the dig's weeks plus the assistant's.
        """
        r = self.pending[1]
        if assistant:
            self._play(p, "assistant")
        knowledge = self.dig_knowledge(p, r, assistant)
        cards = min(scoring.dig_cards(knowledge, weeks), len(self.piles[r]))
        self.events.append(("weeks", p, REGIONS[r], weeks, knowledge, cards, assistant))
        self._move(p, weeks + (ASSISTANT_WEEKS if assistant else 0))
        if cards:
            self.phase, self.pending = DRAW, ("draw", "dig", r, cards, 0)
        else:
            self.events.append(("empty", p, REGIONS[r]))
            self._end_turn(p, 0)

    def _draw(self, p: int) -> None:
        """Shuffle the pile, draw, keep the relics face up, shuffle the rubble back."""
        _, _, r, cards, weeks = self.pending
        pile = self.piles[r]
        rng = self.rng
        n = len(pile)
        for i in range(cards):
            j = i + rng.below(n - i)
            pile[i], pile[j] = pile[j], pile[i]
        drawn = pile[:cards]
        relics = [v for v in drawn if v]
        rubble = cards - len(relics)
        rest = pile[cards:]
        if rubble:
            rest.extend([0] * rubble)
        rest.sort()
        self.piles[r] = rest
        for v in relics:
            self._gain_relic(p, r, v)
        self.chance_count += 1
        self.events.append(("draw", p, REGIONS[r], tuple(drawn)))
        self._forget(r, relics, rubble)
        self._end_turn(p, weeks)

    def _give(self, p: int, r: int, value: int) -> None:
        self.relics[p][r].remove(value)
        self.removed.append(RELIC_KEYS[REGIONS[r], value])
        self.events.append(("give", p, REGIONS[r], value))
        _, key, left = self.pending
        self.pending = ("museum", key, left - 1)
        self._give_forced(p)

    def _give_forced(self, p: int) -> None:
        """Give the museum's relics with no choice left; pay its weeks once all are given."""
        _, key, left = self.pending
        held = sum(len(x) for x in self.relics[p])
        if left and left == held:
            for r in range(len(REGIONS)):
                for v in self.relics[p][r]:
                    self.removed.append(RELIC_KEYS[REGIONS[r], v])
                    self.events.append(("give", p, REGIONS[r], v))
                self.relics[p][r] = []
            left = 0
        if left == 0:
            self._end_turn(p, MUSEUM_BY_KEY[key].weeks)
        else:
            self.pending = ("museum", key, left)

    def _play(self, p: int, key: str) -> None:
        """An action card leaves the hand and the game ("La carte est alors retirée du jeu")."""
        self.hand[p].remove(key)
        self.removed.append(key)

    def _gain_relic(self, p: int, r: int, value: int) -> None:
        bisect.insort(self.relics[p][r], value)

    def _forget(self, r: int, relics, rubble: int, picker: int | None = None) -> None:
        """Public draws update what every seat is certain of: relics seen leave, rubble seen stays."""
        for q, known in enumerate(self.known):
            if q == picker:
                known[r] = self.piles[r][:]
                continue
            k = known[r]
            for v in relics:
                if v in k:
                    k.remove(v)
            if rubble:
                have = k.count(0)
                if rubble > have:
                    k[:0] = [0] * (rubble - have)

    def _move(self, p: int, weeks: int) -> None:
        """Advance a time marker; it lands on top of any marker already there."""
        self.week[p] += weeks
        self.stamp += 1
        self.height[p] = self.stamp

    def _end_turn(self, p: int, weeks: int) -> None:
        if weeks:
            self._move(p, weeks)
        self.phase, self.pending = TURN, None
        self.current_player = self._next_player()

    def _next_player(self) -> int:
        """The marker furthest behind; on a shared week, the one on top."""
        week, height = self.week, self.height
        best = 0
        for s in range(1, self.players):
            if week[s] < week[best] or (week[s] == week[best] and height[s] > height[best]):
                best = s
        return best

    def _check_professors(self, p: int, regions: range = _ALL_REGIONS) -> None:
        """Professors go to 4+ expertise, the world expert to 10+ knowledge, and move on strictly more."""
        exp = self.expertise
        for r in regions:
            mine = exp[p][r]
            if mine >= PROFESSOR_EXPERTISE:
                holder = self.professors[r]
                if holder != p and (holder is None or mine > exp[holder][r]):
                    self.professors[r] = p
                    self.events.append(("professor", p, PROFESSORS[r]))
        total = sum(exp[p]) + self.general[p]
        if total >= WORLD_EXPERT_KNOWLEDGE:
            holder = self.professors[-1]
            if holder != p and (holder is None or total > sum(exp[holder]) + self.general[holder]):
                self.professors[-1] = p
                self.events.append(("professor", p, PROFESSORS[-1]))

    # -- helpers for views, bots and the tutorial --------------------------------------------------------
    def dig_knowledge(self, seat: int, region: int | str, assistant: bool = False) -> int:
        """The knowledge ``seat`` may use digging ``region`` now (``scoring.dig_knowledge``)."""
        r = REGION_INDEX[region] if isinstance(region, str) else region
        return scoring.dig_knowledge(self.expertise[seat][r], self.general[seat], assistant)

    def deck_relics(self) -> list[int]:
        """Relic cards of each region still in the deck (public: totals minus piles and tableaux)."""
        counts = [0] * len(REGIONS)
        for key in self.deck:
            if not _GREEN[key]:
                counts[_RELIC_OF[key][0]] += 1
        return counts

    def unseen(self, seat: int, region: int | str) -> list[int]:
        """The values of ``region``'s cards ``seat`` has not located: the pile's unknown part and the deck's.

        This is public arithmetic (the region's 20 cards minus the relics kept or
        given away, minus what ``seat`` knows is in the pile), sorted.
        """
        r = REGION_INDEX[region] if isinstance(region, str) else region
        from .components import RELIC_VALUES
        out = Counter(RELIC_VALUES)
        for s in self.seats:
            out.subtract(self.relics[s][r])
        for key in self.removed:
            rv = _RELIC_OF.get(key)
            if rv and rv[0] == r:
                out[rv[1]] -= 1
        out.subtract(self.known[seat][r])
        return sorted(out.elements())

    def dig_odds(self, seat: int, region: int | str, cards: int) -> scoring.DigOdds:
        """The exact odds of drawing ``cards`` cards from ``region``'s pile, as ``seat`` knows it."""
        r = REGION_INDEX[region] if isinstance(region, str) else region
        known = self.known[seat][r]
        return scoring.dig_odds(cards, known=known, unseen=self.unseen(seat, r),
                                unknown=len(self.piles[r]) - len(known))

    def _public_pending(self):
        if self.pending is None:
            return None
        if self.pending[0] == "museum":
            return list(self.pending)
        if self.pending[0] in ("robbers", "weeks"):
            return [self.pending[0], REGIONS[self.pending[1]]]
        _, kind, r, cards, weeks = self.pending
        return ["draw", kind, REGIONS[r], cards, weeks]

    def _illegal_reason(self, action: Action) -> str:
        p, phase = self.current_player, self.phase
        kind = type(action)
        if phase == WEEKS:
            if kind is DigWeeks:
                return self._weeks_reason(p, action)
            return (f"your dig in {REGION_NAMES[REGIONS[self.pending[1]]][0]} has begun: choose how long it "
                    "lasts, e.g. 'dig for 6 weeks' (Mener des fouilles)")
        if phase == DRAW:
            _, what, r, cards, _ = self.pending
            return (f"first draw the cards your {'dig' if what == 'dig' else 'thief'} earned: "
                    f"'draw {cards} card{'s' if cards != 1 else ''} from {REGIONS[r]}'")
        if phase == ROBBERS:
            r = self.pending[1]
            if kind is PickRelic and action.region == REGIONS[r]:
                return (f"the {REGIONS[r]} pile holds no relic worth {action.value}; pick one of: "
                        f"{', '.join(str(a) for a in self._legal())} (Pilleurs de tombes)")
            return f"your tomb robbers must first pick a relic from the {REGIONS[r]} pile"
        if phase == MUSEUM:
            _, key, left = self.pending
            if kind is GiveRelic:
                return (f"you hold no {action.region} relic worth {action.value}: give {left} more of your "
                        f"own relics to {key} (Musées)")
            return f"first give {left} more relic{'s' if left != 1 else ''} to {key} (Musées)"
        if kind is Take:
            return self._take_reason(p, action.card)
        if kind is Dig:
            return self._dig_reason(p, action)
        if kind is DigWeeks:
            return "first choose where to dig and give up a permit, e.g. 'dig egypt' (Mener des fouilles)"
        if kind in (PickRelic, GiveRelic, Draw):
            return f"'{action}' answers a dig, a thief, tomb robbers or a museum: nothing of the kind is under way"
        region = getattr(action, "region", "")
        if region not in REGION_INDEX:
            return f"there is no region {region!r}; the regions are {', '.join(REGIONS)}"
        card = {PlayThief: f"{region} thief", PlayRobbers: f"{region} tomb robbers",
                PlayScientist: "scientist"}[kind]
        return (f"you have no '{card}' card in your hand, so you cannot play it "
                f"(Jouer une carte d'Action: only cards from your hand)")

    def _take_reason(self, p: int, key: str) -> str:
        fam = _FAMILY.get(key)
        if fam is None:
            return f"there is no card {key!r} in Thebes"
        if fam == "relic":
            return ("you may never take relic cards from the excavation piles: dig for them "
                    "('vous n'avez pas le droit de prendre de cartes Relique dans les cases de Fouilles')")
        if fam == "professor":
            return (f"the {key} cannot be taken: it goes by itself to the player with the most "
                    f"{'knowledge (10 or more)' if key == 'world expert' else 'expertise there (4 or more)'}")
        counts = [len(x) for x in self.relics[p]]
        if fam == "exhibition":
            if key not in self.exhibits:
                return f"{key} is not on the exhibitions display (Expositions)"
            e = EXHIBITION_BY_KEY[key]
            return (f"{key} needs at least {e.need[0]} {REGION_NAMES[e.regions[0]][0]} relics and you have "
                    f"{counts[REGION_INDEX[e.regions[0]]]} (Expositions: only the number of relics counts)")
        if fam == "museum":
            if key not in self.museums:
                return f"{key} is not on the museums display (Musées)"
            return (f"{key} needs {MUSEUM_BY_KEY[key].relics} relics to give and you have {sum(counts)} "
                    "(Musées: the relics are given for good)")
        return (f"no '{key}' in the four storage spaces (cases de stockage); you may take: "
                f"{', '.join(sorted(k for k in self.storage if k))}")

    def _dig_reason(self, p: int, action: Dig) -> str:
        region = action.region
        if region not in REGION_INDEX:
            return f"there is no region {region!r}; the regions are {', '.join(REGIONS)}"
        r = REGION_INDEX[region]
        name = REGION_NAMES[region][0]
        if not (self.permits[p][r] or self.permits[p][GENERAL] or "general dig permit" in self.hand[p]):
            return (f"you have no excavation permit (carte Fouilles) for {name} and no general one "
                    f"({_RULE_DIG})")
        return f"you need at least 1 expertise (Expertise) in {name} to dig there ({_RULE_DIG})"

    def _weeks_reason(self, p: int, action: DigWeeks) -> str:
        if not 1 <= action.weeks <= MAX_WEEKS:
            return f"a dig lasts at least 1 and at most {MAX_WEEKS} weeks, not {action.weeks} ({_RULE_DIG})"
        if action.assistant and "assistant" not in self.hand[p]:
            return "you have no assistant (Assistant) in your hand"
        return f"'{action}' is not allowed now"

    # -- saves ----------------------------------------------------------------------------------------
    def _to_dict(self) -> dict:
        pending = None if self.pending is None else list(self.pending)
        return {
            "phase": self.phase, "pending": pending, "current_player": self.current_player,
            "week": list(self.week), "height": list(self.height), "stamp": self.stamp,
            "deck": list(self.deck), "storage": list(self.storage), "exhibits": list(self.exhibits),
            "museums": list(self.museums), "piles": [list(x) for x in self.piles],
            "known": [[list(v) for v in k] for k in self.known], "tableau": [list(x) for x in self.tableau],
            "relics": [[list(v) for v in k] for k in self.relics], "hand": [list(x) for x in self.hand],
            "permits": [list(x) for x in self.permits], "professors": list(self.professors),
            "removed": list(self.removed), "events": list(self.events),   # tuples: JSON arrays
        }

    @classmethod
    def _from_dict(cls, f: Fields, players: int, variant: str) -> ThebesState:
        s = object.__new__(cls)
        s.players, s.variant = players, variant
        s._legal_cache, s._pub = None, None
        n = players
        keys = list(_CARD)
        s.phase = f.str("phase", choices=PHASES)
        s.is_terminal = s.phase == OVER
        s.current_player = f.opt_int("current_player", lo=0, hi=n - 1)
        s.week = f.int_list("week", length=n, lo=0, hi=WEEK_LIMIT)
        s.stamp = f.int("stamp", lo=n, hi=WEEK_LIMIT * n)
        s.height = f.int_list("height", length=n, lo=1, hi=s.stamp)
        s.deck = f.str_list("deck", choices=keys)
        storage = f.list("storage", length=STORAGE_SPACES)
        if not all(x is None or (isinstance(x, str) and x in _CARD) for x in storage):
            raise CorruptSave(f"{f.path}.storage must hold card keys or null, got {quote(storage)}")
        s.storage = list(storage)
        s.exhibits = f.str_list("exhibits", choices=list(EXHIBITION_BY_KEY))
        s.museums = f.str_list("museums", choices=list(MUSEUM_BY_KEY))

        def values(data: Any, where: str) -> list[int]:
            if not isinstance(data, list) or not all(type(v) is int and 0 <= v <= 6 for v in data):
                raise CorruptSave(f"{where} must be a list of card values 0 to 6, got {quote(data)}")
            return list(data)

        def per_region(data: Any, where: str) -> list[list[int]]:
            if not isinstance(data, list) or len(data) != len(REGIONS):
                raise CorruptSave(f"{where} must hold one list per region")
            return [values(v, f"{where}[{i}]") for i, v in enumerate(data)]

        s.piles = per_region(f.list("piles"), f"{f.path}.piles")
        s.known = [per_region(k, f"{f.path}.known[{i}]") for i, k in enumerate(f.list("known", length=n))]
        s.relics = [per_region(k, f"{f.path}.relics[{i}]") for i, k in enumerate(f.list("relics", length=n))]
        s.tableau = f.str_lists("tableau", length=n, choices=keys)
        s.hand = f.str_lists("hand", length=n, choices=keys)
        s.permits = f.int_lists("permits", length=n, inner=len(REGIONS) + 1, lo=0, hi=sum(permits_dealt(n)))
        s.professors = f.opt_int_list("professors", length=len(PROFESSORS), lo=0, hi=n - 1)
        s.removed = f.str_list("removed", choices=keys)
        if "pending" not in f.data:
            raise CorruptSave(f"{f.path}.pending is missing")
        s.pending = cls._read_pending(f.data["pending"], s.phase, f.path)
        s.events = f.events(kinds=EVENTS, players=n)
        s._derive()
        return s

    @staticmethod
    def _read_pending(data: Any, phase: str, path: str):
        bad = CorruptSave(f"{path}.pending does not fit the phase {phase!r}: {quote(data)}")
        if phase in (TURN, OVER):
            if data is not None:
                raise bad
            return None
        if not isinstance(data, list) or not data or data[0] != phase:
            raise bad
        ints = lambda xs: all(type(x) is int and x >= 0 for x in xs)   # noqa: E731
        if phase == DRAW and len(data) == 5 and data[1] in ("dig", "thief") and ints(data[2:]) \
                and data[2] < len(REGIONS) and 1 <= data[3] <= _MOST_CARDS and data[4] <= MAX_WEEKS:
            return ("draw", data[1], data[2], data[3], data[4])
        if phase in (ROBBERS, WEEKS) and len(data) == 2 and ints(data[1:]) and data[1] < len(REGIONS):
            return (phase, data[1])
        if phase == MUSEUM and len(data) == 3 and isinstance(data[1], str) and data[1] in MUSEUM_BY_KEY \
                and ints(data[2:]) and 1 <= data[2] <= MUSEUM_BY_KEY[data[1]].relics:
            return ("museum", data[1], data[2])
        raise bad

    def _derive(self) -> None:
        """Recompute the cached counts (expertise, general knowledge, congresses) from the tableaux."""
        n = self.players
        self.expertise = [[0] * len(REGIONS) for _ in range(n)]
        self.general = [0] * n
        self.congress = [0] * n
        for s in range(n):
            for key in self.tableau[s]:
                card = _CARD[key]
                if card.family == "expertise":
                    self.expertise[s][REGION_INDEX[card.region]] += card.books
                elif card.family == "general":
                    self.general[s] += card.books
                elif card.family == "congress":
                    self.congress[s] += 1

    def check(self) -> list[str]:
        """Conservation of the 168 cards and the permits, what seats know, and a consistent turn."""
        problems = []
        n = self.players
        places = Counter(self.deck)
        places.update(k for k in self.storage if k is not None)
        places.update(self.exhibits)
        places.update(self.museums)
        places.update(self.removed)
        places.update(PROFESSORS)
        for r, region in enumerate(REGIONS):
            places.update(RELIC_KEYS[region, v] for v in self.piles[r])
            for s in range(n):
                places.update(RELIC_KEYS[region, v] for v in self.relics[s][r])
        for s in range(n):
            places.update(self.tableau[s])
            places.update(self.hand[s])
        if places != _ALL_KEYS:
            problems.append("the 168 cards must each be in exactly one place")
        if any(_FAMILY[k] not in ("expertise", "general", "congress", "exhibition", "museum")
               for t in self.tableau for k in t):
            problems.append("only expertise, general knowledge, congress and presentation cards lie face up")
        if any(_FAMILY[k] != "action" for h in self.hand for k in h):
            problems.append("only action cards are held in a hand")
        start = [permits_dealt(n) for _ in range(n)]
        for e in self.events:
            if e[0] == "permits":          # a lesson position's own deal (positions.py)
                start[e[1]] = list(e[2])
            elif e[0] == "dig" and e[3] != "card":
                start[e[1]][GENERAL if e[3] == "general" else REGION_INDEX[e[2]]] -= 1
        if start != self.permits:
            problems.append("excavation permits are either in a hand or given up by a dig")
        # Piles, displays, hands, tableaux and relics are kept sorted (a pile's order is drawn only
        # when it is shuffled for a dig): a save in any other order is not one of ours.
        kept = [*self.piles, self.exhibits, self.museums, *self.tableau, *self.hand,
                *(v for seat in self.relics for v in seat)]
        if any(x != sorted(x) for x in kept):
            problems.append("piles, displays, hands, tableaux and relics are kept in sorted order")
        for s in range(n):
            for r in range(len(REGIONS)):
                known, pile = self.known[s][r], self.piles[r]
                if known and (any(known.count(v) > pile.count(v) for v in set(known)) or known != sorted(known)):
                    problems.append(f"seat {s} is certain of cards that are not in the {REGIONS[r]} pile")
        old = (self.expertise, self.general, self.congress)
        self._derive()
        if (self.expertise, self.general, self.congress) != old:
            problems.append("the cached expertise, general knowledge or congress counts are wrong")
        for r in range(len(REGIONS)):
            holder = self.professors[r]
            best = max(self.expertise[s][r] for s in range(n))
            if (holder is None and best >= PROFESSOR_EXPERTISE) or \
                    (holder is not None and (self.expertise[holder][r] < PROFESSOR_EXPERTISE
                                             or self.expertise[holder][r] != best)):
                problems.append(f"the {PROFESSORS[r]} is not with the player with the most expertise")
        totals = [sum(self.expertise[s]) + self.general[s] for s in range(n)]
        holder = self.professors[-1]
        if (holder is None and max(totals) >= WORLD_EXPERT_KNOWLEDGE) or \
                (holder is not None and (totals[holder] < WORLD_EXPERT_KNOWLEDGE or totals[holder] != max(totals))):
            problems.append("the world expert is not with the player with the most knowledge")
        if len(set(self.height)) != n or max(self.height) > self.stamp:
            problems.append("time markers must each have their own height in the stacks")
        if self.is_terminal != (self.current_player is None) or self.is_terminal != (self.phase == OVER):
            problems.append("current_player must be empty exactly when the game is over")
        if not self.is_terminal:
            if not self.deck or not _GREEN[self.deck[-1]]:
                problems.append("between turns the deck's top card is green")
            if None in self.storage:
                problems.append("the four storage spaces are full between turns")
            if self.phase == TURN and self.current_player != self._next_player():
                problems.append("current_player is not the marker furthest behind")
            if self.phase == DRAW and self.pending[3] > len(self.piles[self.pending[2]]):
                problems.append("a draw cannot take more cards than the pile holds")
        elif self.deck:
            problems.append("the game ends only when the deck is empty")
        return problems



def _minus(a: list[int], b: list[int]) -> list[int]:
    """Multiset difference a - b of two sorted lists."""
    if not b:
        return a[:]
    out = Counter(a)
    out.subtract(b)
    return sorted(out.elements())


def _common(a: list[int], b: list[int]) -> list[int]:
    """Multiset intersection of two lists, sorted."""
    if not a or not b:
        return []
    return sorted((Counter(a) & Counter(b)).elements())


class ThebesGame(Game):
    """Thebes: The Tomb Raiders: time as a currency, expected value, hypergeometric draws."""

    key = "thebes"
    title = "Thebes: The Tomb Raiders"
    min_players, max_players = 2, 4
    variants = ("standard",)
    rules_version = 2   # 2: the assistant costs its weeks; any dig length from 1 to 12
    summary = "time as a currency, expected value, hypergeometric draws"
    action_types = (Take, Dig, DigWeeks, Draw, PlayThief, PlayRobbers, PlayScientist, PickRelic, GiveRelic)
    # Random moves on the time track mislead the search (the seat behind moves more); greedy moves until
    # this seat moves again value a trip or a dig at what it really leads to.
    search_hints = {"rollout": "greedy"}
    state_class = ThebesState


GAME = ThebesGame()
