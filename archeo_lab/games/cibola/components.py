"""Les Trésors de Cibola: the physical components, as data with their sources.

Every value says how we know it (``STATUS``):

``published``
    printed in the French rule book (``shared/rules/cibola.fr.txt``);
``derived``
    follows by arithmetic from published facts (GAPS.md section 2.1);
``reconstruction``
    not found in any public source; proposed in GAPS.md sections 2.2-2.4 so
    that it agrees with every published fact.  A teacher who owns the box can
    correct it here, in one place; ``check_components()`` (run on import)
    says at once if an edit breaks a rule of the game.

The column values, the 32-card list and the 10 totem effects are
reconstructions: the tutorial says so wherever it shows them.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "KINDS", "KIND_NAMES", "Column", "COLUMNS", "Card", "CARDS", "CARD_BY_ID", "Totem", "TOTEMS",
    "TOTEM_BY_NAME", "TOTEM_AMOUNTS", "EXPLORERS_PER_PLAYER", "EXPLORERS_PER_POINT", "ROUNDS", "CARDS_PER_ROUND",
    "PICKS_PER_PLAYER",
    "TOTEMS_IN_PLAY", "ROCK_TILES", "VISIBLE_CELLS_KEPT", "STEPS", "STATUS", "check_components",
]

# -- treasure kinds (rule book, "Les trésors du temple") --------------------------
#: Kinds in column order on the temple board; the skull (crâne) is the fifth kind.
KINDS = ("sundial", "snake", "statuette", "shield", "skull")
#: English name and the rule book's French name.
KIND_NAMES = {
    "sundial": ("sundial", "cadran solaire"),
    "snake": ("snake", "serpent"),
    "statuette": ("statuette", "statuette"),
    "shield": ("feathered shield", "bouclier à plumes"),
    "skull": ("skull", "crâne"),
}


@dataclass(frozen=True)
class Column:
    """One column of the temple board (plateau Temple): the values a treasure can end at.

    ``scoring`` is ``"each"`` (every item scores the visible value),
    ``"majority"`` (only the players with the most items score it, once) or
    ``"majority malus"`` (the players with the most items take it, once).
    """

    kind: str
    cells: tuple[int, ...]  # top to bottom
    scoring: str
    status: str
    source: str


COLUMNS = (
    Column("sundial", (0, 1, 2, 3), "each", "derived",
           "rule book: 'entre 0 et 3 points'; 4 cells = integer steps (GAPS 2.2)"),
    Column("snake", (-3, -1, 2, 5), "each", "reconstruction",
           "rule book: can gain a lot or lose a few points; values GAPS 2.2"),
    Column("statuette", (4, 8, 12, 16), "majority", "reconstruction",
           "rule book: only the player with the most scores; values GAPS 2.2"),
    Column("shield", (3, 6, 9), "each", "derived",
           "rule book: 3 to 9 points and a cell '6'; 3 cells (GAPS 2.1)"),
    Column("skull", (-3, -6, -9), "majority malus", "reconstruction",
           "rule book: the player with the most takes a malus; values GAPS 2.2"),
)
COLUMN_BY_KIND = {c.kind: c for c in COLUMNS}


@dataclass(frozen=True)
class Card:
    """A treasure card (carte Trésor): its phase (I Sanctuaire, II Tombeau) and symbols."""

    id: str
    phase: int
    treasures: tuple[str, ...]
    rock: bool = False   # symbole de rocher: the taker covers a cell
    totem: bool = False  # symbole de Totem: the taker chooses a totem card

    def describe(self) -> str:
        """``"sundial + snake, totem"``: the card as a learner reads it."""
        text = " + ".join(KIND_NAMES[k][0] for k in self.treasures)
        marks = [m for m, on in (("rock", self.rock), ("totem", self.totem)) if on]
        return text + (", " + ", ".join(marks) if marks else "")


def _deck(phase: int, spec: str) -> tuple[Card, ...]:
    """Cards from GAPS 2.3 notation: S sundial, N snake, T statuette, F shield, K skull, (R) rock, (O) totem."""
    letters = {"S": "sundial", "N": "snake", "T": "statuette", "F": "shield", "K": "skull"}
    roman = "I" * phase
    cards = []
    for i, item in enumerate(spec.split("·"), start=1):
        item = item.strip()
        marks = item[item.index("("):] if "(" in item else ""
        symbols = item.split("(")[0]
        cards.append(Card(f"{roman}-{i:02d}", phase, tuple(letters[s] for s in symbols.split("+")),
                          rock="R" in marks, totem="O" in marks))
    return tuple(cards)


#: The 32 treasure cards: GAPS 2.3 reconstruction (16 + 16 cards, 13 rocks, 5 totems).
CARDS = _deck(1, "S · S+S(R) · S+N(O) · S+T · N(R) · N+N · T(O) · T+T(R) · S+S+S · S+K · N+T(O) · F(R)"
                 " · S+N+T · T+K(R) · S+S+N · K+N(R)") + \
        _deck(2, "S+S · F(R) · F+K · N+N(R) · T+T(O) · K+K(R) · S+F(R) · N+K · T+K(R) · S+S+K · F+F(R)"
                 " · N+T(O) · K(R) · S+N+F · T+T+K · S+K+K")
CARD_BY_ID = {c.id: c for c in CARDS}


@dataclass(frozen=True)
class Totem:
    """A totem card (carte Totem): an effect on taking it, or at the final count."""

    name: str
    french: str
    timing: str  # "immediate" (prend effet dès qu'un joueur le récupère) or "end" (lors du décompte)
    effect: str  # the effect in words; "{n}" stands for its number in TOTEM_AMOUNTS, "{s}" for a plural's s

    @property
    def text(self) -> str:
        """The effect in words, with its number from ``TOTEM_AMOUNTS``.

        >>> TOTEM_BY_NAME["pillage"].text
        'take up to 3 explorers from the common discard'
        """
        n = TOTEM_AMOUNTS.get(self.name)
        return self.effect.format(n=n, s="" if n == 1 else "s")


#: The 10 totems: effects not found in any public source; GAPS 2.4 reconstruction.
TOTEMS = (
    Totem("pillage", "pillage", "immediate", "take up to {n} explorer{s} from the common discard"),
    Totem("refuge", "refuge", "immediate", "take back from the common discard the explorers you bid this round"),
    Totem("landslide", "éboulement", "immediate",
          "you may move one placed rock to another cell (never the last visible cell of a column)"),
    Totem("vision", "vision", "immediate", "look in secret at the next {n} treasure card{s} of the pile"),
    Totem("tribute", "tribut", "immediate", "every other player gives you {n} explorer{s} from their reserve"),
    Totem("sun", "soleil", "end", "counts as one more sundial"),
    Totem("idol", "idole", "end", "counts as one more statuette for the majority"),
    Totem("amulet", "amulette", "end", "your skulls count one fewer for the majority"),
    Totem("plumes", "plumes", "end", "counts as one more feathered shield"),
    Totem("charmer", "charmeur", "end", "your snakes never score below 0"),
)
#: The numbers of the immediate totems (GAPS 2.4 reconstruction), read by the rules when a totem is
#: taken, by the totems' texts and by the save checks: explorers ``pillage`` takes from the discard
#: at most, cards of the pile ``vision`` shows, explorers ``tribute`` takes from each other player.
TOTEM_AMOUNTS = {"pillage": 3, "vision": 4, "tribute": 1}
TOTEM_BY_NAME = {t.name: t for t in TOTEMS}

# -- counts (rule book, "Matériel" and "Préparation") -------------------------------
EXPLORERS_PER_PLAYER = {2: 12, 3: 8, 4: 6}  # published ("Distribuez équitablement")
EXPLORERS_PER_POINT = 2                     # published ("1 point supplémentaire pour 2 explorateurs")
ROUNDS = 8                                  # published ("8 manches successives")
CARDS_PER_ROUND = 4                         # published ("Piochez 4 cartes Trésor")
#: Cards each player takes in a round: two each with two players (« Règles spécifiques pour 2
#: joueurs »), one otherwise (three players: « la carte Exploration restante ... est défaussée »).
PICKS_PER_PLAYER = {2: 2, 3: 1, 4: 1}       # published
TOTEMS_IN_PLAY = 5                          # published ("Piochez au hasard 5 cartes Totem")
ROCK_TILES = 13                             # published ("13 tuiles Rocher")
#: Cells of each column a rock never covers: « on ne peut pas recouvrir une case si c'est la dernière
#: case visible d'une colonne », so every column shows one value at the final count.
VISIBLE_CELLS_KEPT = 1                      # published ("Effondrement du temple")

# -- the decisions of a round ("Déroulement d'une partie": three steps) -----------------------
#: What the player to move decides: a bid (Préparation de l'expédition), a card to take
#: (Exploration), a cell to cover (Effondrement du temple), a totem (Présence mystique), the
#: ``landslide`` totem's rock move; ``over`` once the game has ended.  Rock, totem and landslide
#: steps are owed by the card just taken (``State.pending``).
STEPS = ("bid", "pick", "rock", "totem", "landslide", "over")

#: How each group of values is known (see the module docstring).
STATUS = {
    "KINDS": ("published", "rule book, 'Les trésors du temple' (skull: 'crâne', fin de partie)"),
    "COLUMNS": ("reconstruction", "GAPS.md 2.2; ranges of sundial and shield published, 18 cells derived"),
    "CARDS": ("reconstruction", "GAPS.md 2.3; 32 cards, 16 per phase, 13 rocks derived"),
    "TOTEMS": ("reconstruction", "GAPS.md 2.4; ten totems and their two timings published, effects ours"),
    "EXPLORERS_PER_PLAYER": ("published", "rule book, 'Préparation' 2"),
    "EXPLORERS_PER_POINT": ("published", "rule book, 'Fin de partie'"),
    "TOTEM_AMOUNTS": ("reconstruction", "GAPS.md 2.4"),
    "ROUNDS": ("published", "rule book, 'Déroulement d'une partie'"),
    "CARDS_PER_ROUND": ("published", "rule book, 'Découverte des lieux'"),
    "PICKS_PER_PLAYER": ("published", "rule book, 'Règles spécifiques pour 2 joueurs', '... pour 3 joueurs'"),
    "TOTEMS_IN_PLAY": ("published", "rule book, 'Préparation' 3"),
    "ROCK_TILES": ("published", "rule book, 'Matériel'"),
    "VISIBLE_CELLS_KEPT": ("published", "rule book, 'Effondrement du temple'"),
}


def check_components() -> None:
    """Raise ``ValueError`` if the data above breaks a rule of the game.

    The rules need: 32 cards in two phases of 16 (8 rounds of 4 cards);
    1 to 3 treasures per card; exactly as many rock symbols as rock tiles and
    as coverable cells (each column keeps one visible cell at the end); no
    more totem symbols than totems in play; every kind with one column.
    """
    problems = []
    if tuple(c.kind for c in COLUMNS) != KINDS:
        problems.append("COLUMNS must list one column per kind, in KINDS order")
    if len(CARDS) != ROUNDS * CARDS_PER_ROUND:
        problems.append(f"{len(CARDS)} cards, but {ROUNDS} rounds of {CARDS_PER_ROUND} need {ROUNDS * CARDS_PER_ROUND}")
    for phase in (1, 2):
        n = sum(c.phase == phase for c in CARDS)
        if n % CARDS_PER_ROUND:
            problems.append(f"phase {phase} has {n} cards, not a whole number of rounds")
    for card in CARDS:
        if not 1 <= len(card.treasures) <= 3 or any(k not in KINDS for k in card.treasures):
            problems.append(f"card {card.id} must show 1 to 3 known treasures")
    coverable = sum(len(c.cells) - VISIBLE_CELLS_KEPT for c in COLUMNS)
    rocks = sum(c.rock for c in CARDS)
    if not rocks == ROCK_TILES == coverable:
        problems.append(f"{rocks} rock symbols, {ROCK_TILES} rock tiles and {coverable} coverable cells must agree")
    if sum(c.totem for c in CARDS) > TOTEMS_IN_PLAY:
        problems.append("more totem symbols than totems in play")
    if len(TOTEMS) < TOTEMS_IN_PLAY or len(TOTEM_BY_NAME) != len(TOTEMS):
        problems.append("totems must have distinct names and number at least TOTEMS_IN_PLAY")
    if sorted(EXPLORERS_PER_PLAYER) != [2, 3, 4] or sorted(PICKS_PER_PLAYER) != [2, 3, 4]:
        problems.append("EXPLORERS_PER_PLAYER and PICKS_PER_PLAYER must give 2, 3 and 4 players")
    elif any(n * PICKS_PER_PLAYER[n] > CARDS_PER_ROUND for n in PICKS_PER_PLAYER):
        problems.append("PICKS_PER_PLAYER: the players cannot take more cards than a round reveals")
    if sorted(TOTEM_AMOUNTS) != sorted(t.name for t in TOTEMS if "{n}" in t.effect) \
            or any(type(n) is not int or n < 1 for n in TOTEM_AMOUNTS.values()):
        problems.append("TOTEM_AMOUNTS must give a whole number of at least 1 to each totem whose text has {n}")
    if type(EXPLORERS_PER_POINT) is not int or EXPLORERS_PER_POINT < 1:
        problems.append("EXPLORERS_PER_POINT must be a whole number of at least 1")
    if problems:
        raise ValueError("Cibola components: " + "; ".join(problems))


check_components()
