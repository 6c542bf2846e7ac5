"""Quetzal: the physical components and the board's locations, as data with their sources.

Every value says how we know it (``STATUS``):

``published``
    printed in the French rule book we have (``shared/rules/quetzal.fr.txt``,
    partial: set-up, end of game, the locations) or stated by the publisher;
``derived``
    follows from published facts (GAPS.md section 3);
``reconstruction``
    not found in any public source; proposed in GAPS.md section 3 (or here,
    said so) so that it agrees with every published fact.  A teacher who owns
    the box can correct it here, in one place; ``check_components()`` (run on
    import) says at once if an edit breaks the rules' arithmetic.

The meeple toss is the game's chance device.  Its probabilities live in
``TOSS_ODDS`` and nowhere else: the engine samples from them, and the
tutorial computes exact odds from them.  Change them here (they must be
positive fractions adding up to 1) and the whole game follows.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from archeo_lab.engine.wording import plural

__all__ = [
    "FACES", "FACE_NAMES", "TOSS_ODDS", "ROLES", "ROLE_NAMES", "SEAT_GOLD", "TEAM_MEEPLES", "ROUNDS",
    "Location", "LOCATIONS", "LOCATION_BY_KEY", "ObjectType", "OBJECT_TYPES", "OBJECT_BY_KEY", "ObjectCard",
    "OBJECT_CARDS", "CARD_BY_ID", "UpgradeKind", "UPGRADE_KINDS", "UPGRADE_BY_KEY", "UPGRADE_TILES",
    "TILE_KIND", "DISCOVERY_MAX", "DISCOVERY_BONUSES", "ANNEX_BONUS", "SHIP_VP", "COVERED_TWO_PLAYERS",
    "DUMMY_MEEPLES", "DUMMY_GROUP", "TEMPLE_DISPLAY", "ANNEX_CARDS", "VILLAGE_DISPLAY", "BLACK_MARKET_GOLD",
    "HARBOUR_COST", "CAMP_GOLD", "STANDING_GOLD", "FIRST_PLAYER_VP", "GOLD_PER_VP", "VASE_TRADE_GOLD",
    "VASE_TRADE_COUNT", "GOLD_UPGRADE", "DELIVERY_MAX", "TEMPLE_DISCOUNT", "REROLLS", "MOST_MEEPLES",
    "RESERVE_FACES", "TWO_PLAYERS", "STATUS", "check_components", "reserve_in_words", "cards_in_words", "bonus_word",
]

# -- the meeple toss (rule book, "Nombre de joueurs": the faces) --------------------------------
#: How a tossed meeple can land.  black = adventurer (Aventurier), white = archaeologist
#: (Archéologue), side (sur la tranche) and standing (debout) = either, chosen at placement.
FACES = ("black", "white", "side", "standing")
FACE_NAMES = {
    "black": ("black face: adventurer", "face noire : Aventurier"),
    "white": ("white face: archaeologist", "face blanche : Archéologue"),
    "side": ("on its side: either", "sur la tranche : au choix"),
    "standing": ("standing: either, +1 gold at once", "debout : au choix, +1 Pièce d'or"),
}
#: RECONSTRUCTION: the chance of each face for every tossed meeple (team and character).  No
#: public source measures it; a flat two-faced meeple lands on a face most of the time, on its
#: side sometimes and rarely stands.  THE one place the toss odds live (see the module docstring).
TOSS_ODDS = {
    "black": Fraction(2, 5),
    "white": Fraction(2, 5),
    "side": Fraction(3, 20),
    "standing": Fraction(1, 20),
}

ROLES = ("adventurer", "archaeologist")
ROLE_NAMES = {"adventurer": "Aventurier", "archaeologist": "Archéologue"}

# -- set-up ("Mise en place") --------------------------------------------------------------------
SEAT_GOLD = (4, 5, 5, 6, 6)              # published: 1st player 4, 2nd 5, 3rd 5, 4th 6, 5th 6
TEAM_MEEPLES = {2: 6, 3: 6, 4: 5, 5: 4}  # values 6/5/4 published; the mapping is a reconstruction
#: The reserve's kinds of meeple, in the order of a reserve's counts: fixed black (adventurer), fixed
#: white (archaeologist), either (a team meeple on its side or standing), and the character (always either).
RESERVE_FACES = ("black", "white", "either", "character")
#: The most meeples a seat has (its team and its character): no reserve or group holds more.
MOST_MEEPLES = max(TEAM_MEEPLES.values()) + 1
ROUNDS = 5                               # published ("À la fin du 5e tour de jeu")
TEMPLE_DISPLAY = 8                       # published (rules example: "les 8 faces visibles dans le Temple")
ANNEX_CARDS = 2                          # published ("récupère les 2 cartes Objet")
VILLAGE_DISPLAY = 3                      # published (GAPS 3.2: three upgrades face up)


@dataclass(frozen=True)
class Location:
    """A location of the board (lieu), in the printed activation order.

    ``kind``: ``"free"`` (emplacement libre: any number of groups, several visits), ``"unique"``
    (emplacement unique: one meeple of the required colour, cost paid at once) or ``"bidding"``
    (emplacement à enchère: the holder is outbid by more meeples of the same colour).
    ``roles``: the colours it takes.  ``cost``: gold per meeple placed there.
    """

    key: str
    name: str
    french: str
    kind: str
    roles: tuple[str, ...]
    cost: int
    effect: str
    status: str
    source: str
    picks: int = 0      # Temple: object cards chosen from the Temple display
    draws: int = 0      # Temple: object cards drawn from the pile afterwards

    @property
    def area(self) -> str:
        """The board area: ``temple-2`` is in the ``temple`` area."""
        return self.key.rsplit("-", 1)[0] if self.key[-1].isdigit() else self.key


HARBOUR_COST = 2           # published: "Ils doivent payer 2 Pièces d'or pour chaque meeple" (La capitainerie)

_BOTH = ("adventurer", "archaeologist")
_ARCH = ("archaeologist",)


def _temple(slot: int, cost: int, picks: int, draws: int, status: str) -> Location:
    text = f"choose {plural(picks, 'object card')} in the Temple"
    if draws:
        text += f", then draw {draws} from the pile"
    return Location(f"temple-{slot}", f"Temple {slot}", f"Temple, case {slot}", "unique", _ARCH, cost, text,
                    status, "rule book 'Le temple' (costs, rewards); slots 1 and 3: GAPS 3.4, STATUS below",
                    picks, draws)


#: The locations in activation order (the Camp acts at once, on placement).
LOCATIONS = (
    Location("camp", "Camp", "Campement", "free", _BOTH, 0,
             "at once, per meeple: +1 gold and you may reroll a meeple of your reserve (+1 gold if it stands)",
             "published", "rule book, 'Le campement'"),
    Location("stele", "Stele of Knowledge", "Stèle du savoir", "unique", _ARCH, 0,
             "take the first-player token and +1 discovery (forbidden to the token's holder)",
             "published", "rule book, 'La stèle du savoir'; unique per the location list"),
    _temple(1, 5, 2, 1, "reconstruction"),
    _temple(2, 4, 2, 0, "published"),
    _temple(3, 3, 1, 0, "reconstruction"),
    _temple(4, 2, 1, 1, "published"),
    _temple(5, 1, 1, 0, "published"),
    Location("quarry", "Quarry", "Carrière", "bidding", _BOTH, 0, "take its 2 object cards and +1 VP",
             "reconstruction", "rule book 'Les annexes du temple'; bonus mapping GAPS 3.4"),
    Location("small-temple", "Small temple", "Petit temple", "bidding", _BOTH, 0,
             "take its 2 object cards and +1 discovery",
             "reconstruction", "rule book 'Les annexes du temple'; bonus mapping GAPS 3.4"),
    Location("ruins", "Ruins", "Ruines", "bidding", _BOTH, 0, "take its 2 object cards and +1 gold",
             "reconstruction", "rule book 'Les annexes du temple'; bonus mapping GAPS 3.4"),
    Location("black-market", "Black market", "Marché noir", "bidding", ("adventurer",), 0,
             "you may discard one object card for 7 gold (no VP, no bonus)",
             "published", "rule book, 'Le marché noir'"),
    Location("village-1", "Village 1", "Village, case 1", "unique", _ARCH, 2, "take 1 upgrade face up in the Village",
             "reconstruction", "rule book 'Le village' (3 slots, 1 to 2 gold); costs 2/1/1 and colour GAPS 3.4"),
    Location("village-2", "Village 2", "Village, case 2", "unique", _ARCH, 1, "take 1 upgrade face up in the Village",
             "reconstruction", "rule book 'Le village'; costs and colour GAPS 3.4"),
    Location("village-3", "Village 3", "Village, case 3", "unique", _ARCH, 1, "take 1 upgrade face up in the Village",
             "reconstruction", "rule book 'Le village'; costs and colour GAPS 3.4"),
    Location("harbour", "Harbour office", "Capitainerie", "free", _BOTH, HARBOUR_COST,
             "per meeple: one delivery of up to 3 object cards",
             "published", "rule book, 'La capitainerie'"),
    Location("ship-a", "Ship A", "Navire A", "bidding", _BOTH, 0, "one delivery of up to 3 object cards, +2 VP",
             "reconstruction", "ships are bidding locations (rule book); effect GAPS 3.4"),
    Location("ship-b", "Ship B", "Navire B", "bidding", _BOTH, 0, "one delivery of up to 3 object cards, +1 VP",
             "reconstruction", "ships are bidding locations (rule book); effect GAPS 3.4"),
)
LOCATION_BY_KEY = {loc.key: loc for loc in LOCATIONS}

ANNEX_BONUS = {"quarry": "vp", "small-temple": "discovery", "ruins": "gold"}   # reconstruction (GAPS 3.4)
SHIP_VP = {"ship-a": 2, "ship-b": 1}                                           # reconstruction (GAPS 3.4)
BLACK_MARKET_GOLD = 7      # published
CAMP_GOLD = 1              # published (per meeple)
STANDING_GOLD = 1          # published ("Chaque meeple qui atterrit debout rapporte immédiatement 1 Pièce d'or")


# -- object cards (cartes Objet): GAPS 3.1 facts, 3.5 reconstruction ------------------------------
@dataclass(frozen=True)
class ObjectType:
    """A kind of object: its count in the deck, the VP for delivering 1, 2 or 3 together, and how
    many of its cards carry each bonus icon (the rest carry none)."""

    key: str
    plural: str
    french: str
    prefix: str
    count: int
    points: tuple[int, int, int]
    bonuses: dict


OBJECT_TYPES = (
    ObjectType("vase", "vases", "vase", "VA", 20, (1, 3, 6), {"gold": 3, "vp": 2, "discovery": 2}),
    ObjectType("statuette", "statuettes", "statuette", "ST", 17, (2, 4, 8), {"gold": 2, "vp": 2, "discovery": 2}),
    ObjectType("weapon", "weapons", "arme", "WE", 15, (2, 5, 9), {"gold": 2, "vp": 2, "discovery": 1}),
    ObjectType("tablet", "tablets", "tablette", "TA", 13, (3, 6, 11), {"gold": 1, "vp": 1, "discovery": 2}),
    ObjectType("mummy", "mummies", "momie", "MU", 10, (4, 8, 14), {"gold": 0, "vp": 1, "discovery": 2}),
)
OBJECT_BY_KEY = {t.key: t for t in OBJECT_TYPES}
BONUS_KINDS = ("gold", "vp", "discovery")


@dataclass(frozen=True)
class ObjectCard:
    """One object card: its type and its bonus icon (``""``, ``"gold"``, ``"vp"`` or ``"discovery"``)."""

    id: str
    type: str
    bonus: str

    def describe(self) -> str:
        """``"vase, +1 gold"``: the card as a learner reads it."""
        return self.type + (f", +1 {self.bonus}" if self.bonus else "")


def _object_deck() -> tuple[ObjectCard, ...]:
    cards = []
    for t in OBJECT_TYPES:
        bonuses = [b for b in BONUS_KINDS for _ in range(t.bonuses[b])]
        bonuses += [""] * (t.count - len(bonuses))
        cards += [ObjectCard(f"{t.prefix}-{i:02d}", t.key, b) for i, b in enumerate(bonuses, start=1)]
    return tuple(cards)


OBJECT_CARDS = _object_deck()
CARD_BY_ID = {c.id: c for c in OBJECT_CARDS}


# -- upgrade tiles (tuiles Amélioration): names published, numbers reconstructed ------------------
@dataclass(frozen=True)
class UpgradeKind:
    """A kind of upgrade tile.  ``timing``: ``"permanent"`` (kept in front of you) or ``"once"``
    (applied when taken, then put in your personal discard: it still scores)."""

    key: str
    name: str
    french: str
    copies: int
    vp: int
    timing: str
    text: str


GOLD_UPGRADE = 5           # published: the tile's name, "5 Pièces d'or"
VASE_TRADE_COUNT = 3       # published: the tile's name, "Vendre 3 vases"
VASE_TRADE_GOLD = 4        # reconstruction
DELIVERY_MAX = 3           # published (Livrer les Objets): one delivery is 1 to 3 objects of one type
TEMPLE_DISCOUNT = 1        # published: the tile's name, "Temple -1" (gold off each Temple slot, per tile)
#: Meeples a reroll upgrade lets you reroll after each toss, per tile (reconstruction, GAPS 3.6).
REROLLS = {"reroll": 1, "double-reroll": 2}

UPGRADE_KINDS = (
    UpgradeKind("reroll", "Reroll", "Relance", 4, 2, "permanent",
                f"after each toss, you may reroll {REROLLS['reroll']} of your meeples"),
    UpgradeKind("double-reroll", "Double reroll", "Double relance", 4, 1, "permanent",
                f"after each toss, you may reroll up to {REROLLS['double-reroll']} of your meeples"),
    UpgradeKind("vase-trade", "Vase trade", "Vendre 3 vases", 4, 2, "permanent",
                f"each delivery of {VASE_TRADE_COUNT} vases also pays {VASE_TRADE_GOLD} gold"),
    UpgradeKind("gold", "Five gold", "5 Pièces d'or", 4, 1, "once", f"gain {GOLD_UPGRADE} gold at once"),
    UpgradeKind("temple-discount", "Temple discount", "Temple -1", 4, 1, "permanent",
                f"the Temple's slots cost you {TEMPLE_DISCOUNT} gold less"),
    UpgradeKind("discovery", "Discovery", "Découverte +1", 4, 2, "once", "advance 1 on the discovery track at once"),
)
UPGRADE_BY_KEY = {k.key: k for k in UPGRADE_KINDS}
#: The 24 tiles: ``U01``..``U24`` in kind order.
UPGRADE_TILES = tuple(f"U{i:02d}" for i in range(1, 1 + sum(k.copies for k in UPGRADE_KINDS)))
TILE_KIND = dict(zip(UPGRADE_TILES, [k.key for k in UPGRADE_KINDS for _ in range(k.copies)]))

# -- tracks and end of game ------------------------------------------------------------------------
DISCOVERY_MAX = 10                                                     # reconstruction (GAPS 3.6)
#: Reaching these squares of the discovery track pays once: gold, an upgrade taken from the Village
#: display, VP.  Reconstruction (GAPS 3.6).
DISCOVERY_BONUSES = {3: ("gold", 2), 6: ("upgrade", 1), 10: ("vp", 6)}
FIRST_PLAYER_VP = 2        # published ("Le joueur en possession du jeton Premier Joueur gagne 2 points")
GOLD_PER_VP = 3            # published ("1 point de Victoire par lot de 3 Pièces d'or")

# -- two players (GAPS 3.6: covered spaces from a review, the neutral expedition reconstructed) -------
#: The player count that covers these spaces and adds the neutral expedition (GAPS 3.6).
TWO_PLAYERS = 2
COVERED_TWO_PLAYERS = ("village-3", "ship-b")
DUMMY_MEEPLES = 4
DUMMY_GROUP = 2

# -- in words (what a learner reads instead of counts and card ids) ----------------------------------

def reserve_in_words(counts) -> str:
    """A reserve ``[black, white, either, character]`` as a learner reads it.

    >>> reserve_in_words([2, 1, 0, 1])
    '2 black, 1 white and the character'
    >>> reserve_in_words([0, 0, 3, 0]), reserve_in_words([0, 0, 0, 0])
    ('3 either', 'no meeple')
    """
    black, white, either, character = counts
    parts = [f"{n} {kind}" for n, kind in ((black, "black"), (white, "white"), (either, "either")) if n]
    if character:
        parts.append("the character")
    if not parts:
        return "no meeple"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def bonus_word(bonus: str) -> str:
    """A bonus icon as the course writes it: ``"vp"`` as ``"VP"``, ``"gold"`` and ``"discovery"`` as they are."""
    return "VP" if bonus == "vp" else bonus


def cards_in_words(card_ids) -> str:
    """Object cards (``"VA-01"``...) by type and bonus icon, as printed on them.

    >>> cards_in_words(["VA-01", "MU-10", "WE-15"])
    'vase (+1 gold), mummy, weapon'
    >>> cards_in_words([])
    'no object'
    """
    words = []
    for card_id in card_ids:
        card = CARD_BY_ID[card_id]
        words.append(card.type + (f" (+1 {bonus_word(card.bonus)})" if card.bonus else ""))
    return ", ".join(words) or "no object"


#: How each group of values is known (see the module docstring).
STATUS = {
    "FACES": ("published", "rule book, 'Nombre de joueurs': black, white, side, standing"),
    "TOSS_ODDS": ("reconstruction", "no public source; black 2/5, white 2/5, side 3/20, standing 1/20"),
    "SEAT_GOLD": ("published", "rule book set-up table; GAPS 3.2"),
    "TEAM_MEEPLES": ("reconstruction", "6/5/4 meeples published, per player count GAPS 3.2 (2-3: 6, 4: 5, 5: 4)"),
    "ROUNDS": ("published", "rule book, 'Fin de partie'"),
    "LOCATIONS": ("published", "rule book, the location pages; kinds, colours and costs where printed"),
    "TEMPLE slot 1": ("reconstruction", "GAPS 3.4: slot 1 choose 2 + draw 1"),
    # The rule book prints four rewards: 'choisir 2 cartes Objet', 'choisir 1 carte Objet ... puis piocher', and
    # 'choisir 1 carte Objet' twice; its example places slots 2, 4 and 5, so the second 'choose 1' is slot 1's or
    # slot 3's: slot 3 here (GAPS 3.4 has slot 3 choose 1 + draw 1, which leaves a printed 'choose 1' out).
    "TEMPLE slot 3": ("reconstruction", "choose 1: printed rewards 2 / 1 + draw / 1 / 1, example slots 2, 4, 5; "
                                        "the other 'choose 1' is slot 1's or 3's (GAPS 3.4 differs: 1 + draw 1)"),
    "VILLAGE costs and colour": ("reconstruction", "GAPS 3.4: 2/1/1 gold, archaeologists"),
    "ANNEX_BONUS": ("reconstruction", "bonuses published, which annex gives which: GAPS 3.4"),
    "SHIP_VP": ("reconstruction", "GAPS 3.4: a delivery of up to 3 cards, +2 / +1 VP"),
    "OBJECT_TYPES": ("reconstruction", "types published (GAPS 3.1), counts, VP and bonus icons GAPS 3.5"),
    "UPGRADE_KINDS": ("reconstruction", "kinds published (publisher page), copies, VP and details GAPS 3.6"),
    "DISCOVERY_BONUSES": ("reconstruction", "GAPS 3.6: 3 -> +2 gold, 6 -> an upgrade, 10 -> +6 VP; track 0..10"),
    "END_OF_GAME": ("published", "rule book, 'Fin de partie': +2 VP token, 1 VP per 3 gold, upgrades' VP"),
    "TWO_PLAYERS": ("reconstruction", "GAPS 3.6: village-3 and ship-b covered; a neutral expedition of 4 meeples"),
}


def check_components() -> None:
    """Raise ``ValueError`` if the data above breaks a rule of the game.

    The rules need: toss odds that are positive fractions adding up to 1 over the four faces;
    starting gold for 5 seats; 75 object cards (GAPS 3.1) whose delivery values grow with the set
    and whose bonus icons fit in their type; 24 upgrade tiles; a Temple of 5 slots from 5 gold down
    to 1; every location with a known kind and colours; covered spaces that exist.
    """
    problems = []
    if set(TOSS_ODDS) != set(FACES):
        problems.append("TOSS_ODDS must give one probability per face: " + ", ".join(FACES))
    elif any(not isinstance(p, Fraction) or p <= 0 for p in TOSS_ODDS.values()) or sum(TOSS_ODDS.values()) != 1:
        problems.append("TOSS_ODDS must be positive Fractions adding up to 1")
    if len(SEAT_GOLD) != 5 or sorted(TEAM_MEEPLES) != [2, 3, 4, 5]:
        problems.append("SEAT_GOLD needs 5 seats and TEAM_MEEPLES the player counts 2 to 5")
    if len(OBJECT_CARDS) != 75 or len(CARD_BY_ID) != 75:
        problems.append(f"{len(OBJECT_CARDS)} object cards, the game has 75")
    for t in OBJECT_TYPES:
        if not 0 < t.points[0] < t.points[1] < t.points[2]:
            problems.append(f"{t.key}: delivering more cards together must score more")
        if set(t.bonuses) != set(BONUS_KINDS) or sum(t.bonuses.values()) > t.count:
            problems.append(f"{t.key}: bonus icons must be gold/vp/discovery and fit in its {t.count} cards")
    if len(UPGRADE_TILES) != 24 or any(k.timing not in ("permanent", "once") or not 1 <= k.vp <= 2
                                       for k in UPGRADE_KINDS):
        problems.append("24 upgrade tiles, each kind permanent or once, worth 1 or 2 VP")
    temples = [loc for loc in LOCATIONS if loc.area == "temple"]
    if [loc.cost for loc in temples] != [5, 4, 3, 2, 1] or any(loc.picks < 1 for loc in temples):
        problems.append("the Temple has 5 slots costing 5 to 1 gold, each choosing at least 1 card")
    for loc in LOCATIONS:
        if loc.kind not in ("free", "unique", "bidding") or not loc.roles or set(loc.roles) - set(ROLES):
            problems.append(f"location {loc.key}: unknown kind or colours")
    if len(LOCATION_BY_KEY) != len(LOCATIONS) or any(k not in LOCATION_BY_KEY for k in COVERED_TWO_PLAYERS):
        problems.append("location keys must be unique and the covered spaces must exist")
    if set(ANNEX_BONUS.values()) != set(BONUS_KINDS) or set(SHIP_VP) - set(LOCATION_BY_KEY):
        problems.append("the three annexes give one bonus each: VP, discovery, gold")
    if problems:
        raise ValueError("Quetzal components: " + "; ".join(problems))


check_components()
