"""Thebes: The Tomb Raiders: the physical components, as data with their sources.

Every value says how we know it (``STATUS``):

``published``
    printed in the French rule book (``shared/rules/thebes.fr.txt``);
``derived``
    follows by arithmetic from published facts (GAPS.md section 1.1);
``reconstruction``
    not found in any public source; proposed in GAPS.md sections 1.3 and 1.5
    so that it agrees with every published fact.  A teacher who owns the box
    can correct it here, in one place; ``check_components()`` (run on import)
    says at once if an edit breaks a rule of the game.

The card list (168 small cards), the knowledge-12 column and the blank cells
of the excavation table are reconstructions: the tutorial says so wherever it
shows them.

Card keys are the words the actions use: ``"egypt expertise 2"``,
``"general knowledge 1"``, ``"congress"``, ``"egypt thief"``,
``"egypt tomb robbers"``, ``"scientist"``, ``"assistant"``,
``"general dig permit"``, ``"exhibition 3"``, ``"museum 5"``,
``"egypt relic 4"`` and ``"egypt rubble"`` (relic cards), ``"egypt professor"``
and ``"world expert"``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from archeo_lab.engine.wording import plural

__all__ = [
    "REGIONS", "REGION_NAMES", "Card", "CARDS", "CARD_BY_KEY", "DECK_KEYS", "Exhibition", "EXHIBITIONS",
    "EXHIBITION_BY_KEY", "Museum", "MUSEUMS", "MUSEUM_BY_KEY", "RELIC_VALUES", "RELIC_KEYS", "relic_key",
    "EXCAVATION_TABLE", "PUBLISHED_TABLE", "CELL_STATUS", "MIN_WEEKS", "MAX_WEEKS", "MAX_KNOWLEDGE", "CONGRESS_TABLE",
    "PERMITS", "PROFESSORS", "PROFESSOR_POINTS", "PROFESSOR_EXPERTISE", "WORLD_EXPERT_KNOWLEDGE",
    "STORAGE_SPACES", "STATUS", "check_components", "FAMILY_NAMES", "relics_text", "permits_text",
    "REGION_INDEX", "GENERAL", "DIG_EXPERTISE", "THIEF_CARDS", "GREEN", "FAMILY", "RELIC_OF", "ALL_KEYS",
    "permits_dealt",
]

# -- regions (rule book, "Accessoires" and "Expertise") ------------------------------------------
#: The four excavation regions, in the rule book's order ("Mésopotamie, Égypte, Grèce et Crète").
REGIONS = ("mesopotamia", "egypt", "greece", "crete")
#: English name and the rule book's French name.
REGION_NAMES = {
    "mesopotamia": ("Mesopotamia", "Mésopotamie"),
    "egypt": ("Egypt", "Égypte"),
    "greece": ("Greece", "Grèce"),
    "crete": ("Crete", "Crète"),
}

#: A region's place in ``REGIONS`` (and in every per-region list of a position).
REGION_INDEX = {r: i for i, r in enumerate(REGIONS)}

STORAGE_SPACES = 4      # published: "les quatre cases de stockage"
#: published: « Une fouille doit durer au moins 1 semaine, mais ne peut pas en excéder 12 »
MIN_WEEKS, MAX_WEEKS = 1, 12
MAX_KNOWLEDGE = 12      # derived: the excavation table's last column (more knowledge counts as 12)
#: published ("Mener des fouilles"): « Le joueur doit disposer d'au moins 1 point d'Expertise dans la
#: région à fouiller. »
DIG_EXPERTISE = 1
#: published (Voleur): « le joueur y tire une carte au hasard »
THIEF_CARDS = 1


@dataclass(frozen=True)
class Card:
    """One kind of small card (green back unless it is a relic card), and how many the box holds.

    ``family``: ``expertise`` / ``general`` / ``congress`` (kept face up),
    ``action`` (kept hidden in the hand, marked "A"), ``exhibition`` /
    ``museum`` (presentation cards, marked "P"), ``relic`` (region back),
    ``professor``.  ``weeks``: the clock symbol, paid when the card is taken
    (and again when an action card is played, see ``play_weeks``).
    """

    key: str
    family: str
    count: int
    weeks: int = 0
    region: str | None = None
    books: int = 0            # expertise or general knowledge books
    play_weeks: int = 0       # action cards: the weeks paid when it is played
    points: int = 0           # laurel wreath (victory points)
    french: str = ""
    text: str = ""
    status: str = "reconstruction"

    @property
    def green(self) -> bool:
        """Green back (everything but the relic cards): revealed when it comes off the deck."""
        return self.family != "relic"


@dataclass(frozen=True)
class Exhibition:
    """An exhibition card (carte Exposition): three tiers of relic requirements with shrinking weeks.

    Tier 1 needs ``need[0]`` relics of ``regions[0]``; tier 2 also ``need[1]``
    of ``regions[1]``; tier 3 also ``need[2]`` of ``regions[2]``.  The weeks
    are those of the best tier met; the relics are kept ("Le joueur garde ses
    reliques").
    """

    key: str
    regions: tuple[str, str, str]
    need: tuple[int, int, int]
    weeks: tuple[int, int, int]
    points: int
    status: str
    source: str


@dataclass(frozen=True)
class Museum:
    """A museum card (carte Musée): give ``relics`` relics of any regions for good, score ``points``."""

    key: str
    relics: int
    weeks: int
    points: int
    status: str
    source: str


# -- exhibitions: tier rule and the rule book's example published, the 8 cards reconstructed -----
_TIERS = (3, 2, 1)      # published example: 3 Mesopotamia, + 2 Crete, + 1 Egypt
_TIER_WEEKS = (9, 5, 3)  # published example: 9, 5, 3 weeks
EXHIBITIONS = tuple(
    Exhibition(f"exhibition {i}", regions, _TIERS, _TIER_WEEKS, points,
               "published" if i == 1 else "reconstruction",
               "rule book example (Expositions)" if i == 1 else "GAPS.md 1.5: each region twice per tier")
    for i, (regions, points) in enumerate((
        (("mesopotamia", "crete", "egypt"), 5),
        (("mesopotamia", "greece", "crete"), 4),
        (("egypt", "greece", "crete"), 5),
        (("egypt", "mesopotamia", "greece"), 6),
        (("greece", "egypt", "mesopotamia"), 5),
        (("greece", "crete", "egypt"), 4),
        (("crete", "mesopotamia", "greece"), 6),
        (("crete", "egypt", "mesopotamia"), 5),
    ), start=1)
)
EXHIBITION_BY_KEY = {e.key: e for e in EXHIBITIONS}

MUSEUMS = tuple(Museum(f"museum {n}", n, 2, points, "reconstruction", "GAPS.md 1.5")
                for n, points in ((3, 3), (4, 5), (5, 7), (6, 9)))
MUSEUM_BY_KEY = {m.key: m for m in MUSEUMS}

# -- relic cards (the excavation piles): GAPS.md 1.5 reconstruction -----------------------------
#: Per region: 12 relics worth 1,1,1,2,2,2,3,3,4,4,5,6 (34 points) and 8 rubble cards (value 0, "gravats").
RELIC_VALUES = (0,) * 8 + (1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 6)


def relic_key(region: str, value: int) -> str:
    """The card key of a relic card: ``relic_key("egypt", 4) == "egypt relic 4"``; value 0 is rubble.

    >>> relic_key("crete", 0)
    'crete rubble'
    """
    return f"{region} rubble" if value == 0 else f"{region} relic {value}"


RELIC_KEYS = {(r, v): relic_key(r, v) for r in REGIONS for v in range(7)}


def relics_text(values) -> str:
    """Relic cards in words, as a learner reads them (0 is rubble, *gravats*).

    >>> relics_text([0, 1, 4, 6])
    'rubble, relic 1, relic 4, relic 6'
    >>> relics_text([])
    'nothing'
    """
    return ", ".join("rubble" if v == 0 else f"relic {v}" for v in values) or "nothing"


#: Card families in words: family -> (English name, the rule book's French name) ("Description des cartes").
FAMILY_NAMES = {
    "relic": ("relic card", "carte Relique"),
    "expertise": ("expertise card", "carte Expertise"),
    "general": ("general knowledge card", "Savoir général"),
    "congress": ("congress", "Congrès"),
    "action": ("action card", "carte d'Action"),
    "exhibition": ("exhibition", "Exposition"),
    "museum": ("museum", "Musée"),
    "professor": ("professor", "Professeur"),
}


def _cards() -> tuple[Card, ...]:
    cards = []
    for region in REGIONS:
        name, french = REGION_NAMES[region]
        for books, count, weeks in ((1, 4, 1), (2, 3, 2), (3, 2, 4)):
            cards.append(Card(f"{region} expertise {books}", "expertise", count, weeks, region, books,
                              french=f"Expertise ({french})",
                              text=f"{books} expertise in {name}"))
    for books, count, weeks in ((1, 4, 3), (2, 4, 6)):
        cards.append(Card(f"general knowledge {books}", "general", count, weeks, books=books,
                          french="Savoir général", text=f"{books} general knowledge (every region)"))
    cards.append(Card("congress", "congress", 7, 2, french="Congrès",
                      text="congresses score 1, 3, 6, 10, 15, 21, 28 for 1 to 7 cards"))
    for region in REGIONS:
        name, french = REGION_NAMES[region]
        cards.append(Card(f"{region} thief", "action", 1, 1, region, play_weeks=1, french=f"Voleur ({french})",
                          text=f"draw 1 random card of the {name} pile (rubble goes back)",
                          status="published"))
        cards.append(Card(f"{region} tomb robbers", "action", 1, 3, region, play_weeks=3,
                          french=f"Pilleurs de tombes ({french})",
                          text=f"look through the {name} pile and take the relic of your choice"))
    cards.append(Card("scientist", "action", 4, 1, play_weeks=1, french="Scientifique",
                      text="look at every card of one excavation pile"))
    cards.append(Card("assistant", "action", 4, 2, play_weeks=2, french="Assistant",
                      text="+1 knowledge in one dig (played when you dig; its weeks are added to the dig's)"))
    cards.append(Card("general dig permit", "action", 4, 3, french="Carte Fouilles générale",
                      text="dig in any region; playing it costs no time"))
    for e in EXHIBITIONS:
        cards.append(Card(e.key, "exhibition", 1, e.weeks[0], points=e.points, french="Exposition",
                          text=_exhibition_text(e), status=e.status))
    for m in MUSEUMS:
        cards.append(Card(m.key, "museum", 1, m.weeks, points=m.points, french="Musée",
                          text=f"give {m.relics} relics (any regions) for good", status=m.status))
    for region in REGIONS:
        counts = Counter(RELIC_VALUES)
        for value in sorted(counts):
            cards.append(Card(relic_key(region, value), "relic", counts[value], region=region, points=value,
                              french="gravats" if value == 0 else "Relique",
                              text="rubble (worthless)" if value == 0 else f"relic worth {value}"))
    for region in REGIONS:
        name, french = REGION_NAMES[region]
        cards.append(Card(f"{region} professor", "professor", 1, region=region, points=5,
                          french=f"Professeur ({french})", text=f"at least 4 expertise in {name}, and the most"))
    cards.append(Card("world expert", "professor", 1, points=5, french="Spécialiste mondial",
                      text="at least 10 knowledge in all (expertise + general), and the most"))
    return tuple(cards)


def _exhibition_text(e: Exhibition) -> str:
    parts = [f"{e.need[0]} {REGION_NAMES[e.regions[0]][0]}: {e.weeks[0]} weeks",
             f"+ {e.need[1]} {REGION_NAMES[e.regions[1]][0]}: {e.weeks[1]} weeks",
             f"+ {e.need[2]} {REGION_NAMES[e.regions[2]][0]}: {e.weeks[2]} weeks"]
    return "; ".join(parts)


#: Every kind of small card (the counts add up to the 168 of the box).
CARDS = _cards()
CARD_BY_KEY = {c.key: c for c in CARDS}
PROFESSORS = tuple([f"{r} professor" for r in REGIONS] + ["world expert"])
#: The deck at set-up: every card but the five professors, one key per physical card.
DECK_KEYS = tuple(c.key for c in CARDS if c.family != "professor" for _ in range(c.count))
#: Every physical card of the box, by key (the 163 of the deck and the 5 professors).
ALL_KEYS = Counter(DECK_KEYS) + Counter(PROFESSORS)
#: Per card key: its back is green (revealed when it comes off the deck) or not (a relic, face down).
GREEN = {c.key: c.green for c in CARDS}
#: Per card key: its family (``Card.family``).
FAMILY = {c.key: c.family for c in CARDS}
#: Per relic card key: (the region's index in ``REGIONS``, the value; 0 is rubble).
RELIC_OF = {c.key: (REGION_INDEX[c.region], c.points) for c in CARDS if c.family == "relic" and c.region}

PROFESSOR_POINTS = 5            # reconstruction (GAPS.md 1.5)
PROFESSOR_EXPERTISE = 4         # published: "au moins 4 points d'Expertise dans une région"
WORLD_EXPERT_KNOWLEDGE = 10     # published: "un minimum de 10 points de Savoir"

# -- congress table (published; capped at 7 cards as in the board game, GAPS.md 1.2) ------------
CONGRESS_TABLE = (0, 1, 3, 6, 10, 15, 21, 28)

# -- excavation permits dealt (published) and the box's split (derived) -------------------------
#: players -> (permits per region, general permits) for each player.
PERMITS = {2: (2, 0), 3: (1, 2), 4: (1, 1)}
PERMITS_IN_BOX = (16, 6)        # derived: 4 per region + 6 general = the 22 large cards
#: A seat's permits are counted per region, then the general ones at this index.
GENERAL = len(REGIONS)


def permits_dealt(players: int) -> list[int]:
    """Excavation permits each player gets: [one count per region..., general] ("Mise en place").

    >>> permits_dealt(2), permits_dealt(3), permits_dealt(4)
    ([2, 2, 2, 2, 0], [1, 1, 1, 1, 2], [1, 1, 1, 1, 1])
    """
    if players not in PERMITS:
        raise ValueError(f"Thebes is played by 2 to 4 players, not {players!r}")
    per_region, general = PERMITS[players]
    return [per_region] * len(REGIONS) + [general]


def permits_text(players: int) -> str:
    """The excavation permits (cartes Fouilles) each player gets, in words ("Mise en place").

    >>> permits_text(2)
    '2 per region and no general permit'
    >>> permits_text(4)
    '1 per region and 1 general permit'
    """
    if players not in PERMITS:
        raise ValueError(f"Thebes is played by 2 to 4 players, not {players!r}")
    per_region, general = PERMITS[players]
    permits = plural(general, "general permit") if general else "no general permit"
    return f"{per_region} per region and {permits}"

# -- the excavation table (table de Fouilles): rows = weeks 1..12, columns = knowledge 1..12 ------
#: The rule book's numbers as extracted (None: blank in our copy); column 12 is missing there.
PUBLISHED_TABLE = (
    (None, None, None, 1, 1, 1, 1, 2, 2, 2, 3),
    (None, None, None, None, 2, 2, 2, 3, 3, 4, 4),
    (None, None, 1, None, None, 3, 3, 4, 4, 5, 5),
    (None, None, None, 2, None, 3, 4, 5, 5, 6, 6),
    (None, 1, None, None, 3, 4, 5, 5, 6, 6, 7),
    (None, None, 2, None, None, 4, 5, 6, 6, 7, 7),
    (None, None, None, 3, None, None, 5, 6, 7, 7, 8),
    (1, None, None, None, 4, None, 5, 6, 7, 8, 8),
    (None, 2, None, None, None, 5, None, 6, 7, 8, 8),
    (None, None, 3, None, None, None, 6, None, 7, 8, 9),
    (None, None, None, 4, None, None, None, 7, None, 8, 9),
    (None, None, None, None, 4, None, None, None, 8, 9, 10),
)
#: The table the engine uses (GAPS.md 1.3): blanks filled with the lowest monotone value,
#: knowledge 12 = knowledge 11 one week later, capped at 10.
EXCAVATION_TABLE = (
    (0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 3, 4),
    (0, 0, 0, 1, 2, 2, 2, 3, 3, 4, 4, 5),
    (0, 0, 1, 1, 2, 3, 3, 4, 4, 5, 5, 6),
    (0, 0, 1, 2, 2, 3, 4, 5, 5, 6, 6, 7),
    (0, 1, 1, 2, 3, 4, 5, 5, 6, 6, 7, 7),
    (0, 1, 2, 2, 3, 4, 5, 6, 6, 7, 7, 8),
    (0, 1, 2, 3, 3, 4, 5, 6, 7, 7, 8, 8),
    (1, 1, 2, 3, 4, 4, 5, 6, 7, 8, 8, 8),
    (1, 2, 2, 3, 4, 5, 5, 6, 7, 8, 8, 9),
    (1, 2, 3, 3, 4, 5, 6, 6, 7, 8, 9, 9),
    (1, 2, 3, 4, 4, 5, 6, 7, 7, 8, 9, 10),
    (1, 2, 3, 4, 4, 5, 6, 7, 8, 9, 10, 10),
)
#: Per cell: "published" (read in the rule book), "reconstruction" (a blank filled, or column 12).
CELL_STATUS = tuple(
    tuple("published" if k < len(row) and row[k] is not None else "reconstruction" for k in range(MAX_KNOWLEDGE))
    for row in PUBLISHED_TABLE
)

#: How each group of values is known (see the module docstring).
STATUS = {
    "REGIONS": ("published", "rule book, 'Accessoires' and 'Expertise'"),
    "EXCAVATION_TABLE": ("reconstruction", "GAPS.md 1.3; 76 cells published, blanks and knowledge 12 filled"),
    "CONGRESS_TABLE": ("published", "rule book, 'Congrès' (capped at 7 cards: GAPS.md 1.2)"),
    "PERMITS": ("published", "rule book, set-up for 2, 3 and 4 players; box split 16 + 6 derived (GAPS.md 1.1)"),
    "PROFESSORS": ("published", "rule book, 'Professeurs': 4 expertise, world expert 10 knowledge; their 5 victory "
                                "points each are a reconstruction (GAPS.md 1.5)"),
    "CARDS": ("reconstruction", "GAPS.md 1.5; 168 cards, 5 professors, 4 thieves, 4 tomb robbers published"),
    "EXHIBITIONS": ("reconstruction", "GAPS.md 1.5; the tiers 3/2/1 relics for 9/5/3 weeks published"),
    "MUSEUMS": ("reconstruction", "GAPS.md 1.5; 'give the relics for good' published"),
    "RELIC_VALUES": ("reconstruction", "GAPS.md 1.5; per region 12 relics (34 points) + 8 rubble"),
    "THIEF_WEEKS": ("published", "rule book erratum: the thief's printed 3 and 4 read 1 and 1"),
}


def check_components() -> None:
    """Raise ``ValueError`` if the data above breaks a rule of the game.

    The rules need: 168 small cards with 5 professors; one thief and one
    tomb robbers per region; the excavation table agreeing with every number
    the rule book prints (including its examples: 4 knowledge for 11 weeks
    draws 4 cards), never decreasing with more weeks or more knowledge; the
    congress table 1, 3, 6, 10, 15, 21, 28; 22 large permits covering every
    player count; exhibitions naming three different regions.
    """
    problems = []
    total = sum(c.count for c in CARDS)
    if total != 168:
        problems.append(f"{total} small cards, the box holds 168")
    if len(PROFESSORS) != 5 or any(CARD_BY_KEY[p].family != "professor" for p in PROFESSORS):
        problems.append("there are 5 professor cards (4 regions + the world expert)")
    for region in REGIONS:
        for kind in ("thief", "tomb robbers"):
            card = CARD_BY_KEY.get(f"{region} {kind}")
            if card is None or card.count != 1 or card.family != "action":
                problems.append(f"one {kind} card per region ({region})")
    if CARD_BY_KEY["egypt thief"].weeks != 1 or CARD_BY_KEY["egypt thief"].play_weeks != 1:
        problems.append("the thief costs 1 week (erratum)")
    if CARD_BY_KEY["assistant"].play_weeks != CARD_BY_KEY["assistant"].weeks:
        problems.append("the assistant costs its printed weeks when played, like every action card but the "
                        "general dig permit")
    if CARD_BY_KEY["general dig permit"].play_weeks != 0:
        problems.append("playing the general dig permit costs no time")
    for w, (row, pub) in enumerate(zip(EXCAVATION_TABLE, PUBLISHED_TABLE), start=1):
        if len(row) != MAX_KNOWLEDGE:
            problems.append(f"week {w}: the table needs {MAX_KNOWLEDGE} knowledge columns")
        for k, value in enumerate(pub, start=1):
            if value is not None and row[k - 1] != value:
                problems.append(f"week {w}, knowledge {k}: the rule book prints {value}, the table has {row[k - 1]}")
    if len(EXCAVATION_TABLE) != MAX_WEEKS:
        problems.append(f"the table needs {MAX_WEEKS} week rows")
    for w in range(MAX_WEEKS):
        for k in range(MAX_KNOWLEDGE):
            v = EXCAVATION_TABLE[w][k]
            if (w and v < EXCAVATION_TABLE[w - 1][k]) or (k and v < EXCAVATION_TABLE[w][k - 1]):
                problems.append(f"the table decreases at week {w + 1}, knowledge {k + 1}")
    if EXCAVATION_TABLE[11 - 1][4 - 1] != 4:
        problems.append("rule book example: 4 knowledge for 11 weeks draws 4 cards")
    if CONGRESS_TABLE[1:] != (1, 3, 6, 10, 15, 21, 28):
        problems.append("congress table must be 1, 3, 6, 10, 15, 21, 28")
    regional, general = PERMITS_IN_BOX
    for players, (per_region, gen) in PERMITS.items():
        if per_region * players > regional // len(REGIONS) or gen * players > general:
            problems.append(f"{players} players need more permits than the box holds")
    if regional + general != 22:
        problems.append("the box holds 22 large excavation permits")
    for e in EXHIBITIONS:
        if len(set(e.regions)) != 3 or any(r not in REGIONS for r in e.regions):
            problems.append(f"{e.key} must name three different regions")
        if list(e.weeks) != sorted(e.weeks, reverse=True):
            problems.append(f"{e.key}: a higher tier never costs more weeks")
    if any(e.need[0] < 1 for e in EXHIBITIONS) or any(m.relics < 1 for m in MUSEUMS):
        problems.append("every exhibition and every museum asks for at least one relic")
    relics_per_region = sum(v > 0 for v in RELIC_VALUES)
    for e in EXHIBITIONS:
        if e.need[0] > relics_per_region:
            problems.append(f"{e.key} asks for more relics than a region holds")
    if problems:
        raise ValueError("Thebes components: " + "; ".join(problems))


check_components()
