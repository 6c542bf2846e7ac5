"""Tikal: how a position is held in memory, and the readers that say it in the rule book's words.

Shared by the rules (``state.py``), the checks (``refusals.py``) and the saves (``saves.py``).

Where a leader can be besides a space of the board (its seat's reserve, the box, guarding a temple),
the phases of a game ("Déroulement de la partie": placing a hex, then the actions; the advanced
rules' choice of a hex and auction), the kinds of turn (normal, a volcano's scoring round
"Décompte", the final one), and the printed hexes by their space index ("Mise en place").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from archeo_lab.engine.errors import quote

from . import scoring
from .components import START_HEXES, TILE_BY_ID, StartHex
from .hexgrid import INDEX, LABELS, SPACES, BoardLayout, Sides

__all__ = [
    "RESERVE", "BOXED", "GUARD", "PLACE", "CHOOSE", "BID", "ACTIONS", "OVER", "PHASES", "NORMAL", "SCORING",
    "FINAL", "TURN_KINDS", "START_BY_INDEX", "Hex", "PIECES", "Position", "PositionReaders",
]

#: The pieces a player moves: explorers (Explorateurs) and the leader (Chef d'expédition).
PIECES = ("explorer", "leader")
#: Where a leader can be besides a space index.
RESERVE, BOXED, GUARD = -1, -2, -3
PLACE, CHOOSE, BID, ACTIONS, OVER = "place", "choose", "bid", "actions", "over"
PHASES = (PLACE, CHOOSE, BID, ACTIONS, OVER)
NORMAL, SCORING, FINAL = "normal", "scoring", "final"
TURN_KINDS = (NORMAL, SCORING, FINAL)
#: The printed hexes of the board ("Mise en place"), by space index.
START_BY_INDEX: dict[int, StartHex] = {INDEX[h.space]: h for h in START_HEXES}


@dataclass(frozen=True)
class Hex:
    """One space of the board in the rule book's words, as ``state.hex_at("A5")`` reads it.

    ``kind``: "camp" (the base camp, "camp de base", or an explorers' camp), "temple", "clearing"
    ("clairière"), "ruin" ("ruine", with treasures), "volcano", or None while no hex lies there;
    ``tile``: the hex's number (0 for the four printed hexes, None for an empty space);
    ``value``: a temple's level, its points at a scoring ("Décompte"), else 0;
    ``treasures``: treasures still face down on it; ``camp``: the seat whose camp it is (None for
    the base camp and the others); ``guardian``: ``(seat, piece)`` guarding this temple, or None.
    """

    space: str
    kind: str | None
    tile: int | None
    value: int
    treasures: int
    camp: int | None
    guardian: tuple[int, str] | None


class Position:
    """The fields of a Tikal position, declared once for ``TikalState`` and the parts of its rules kept in
    other modules (``PositionReaders`` here, ``refusals.Offers``, ``auction.AuctionRounds``).  Spaces are
    indices 0..39 (``hexgrid.INDEX``), seats numbers."""

    players: int
    variant: str
    chance_count: int
    current_player: int | None
    is_terminal: bool
    # The board.
    tile_at: list[int | None]
    rot: list[int]
    kind: list[str | None]
    stones: list[Sides | None]
    value: list[int]
    tokens: dict[int, list[str]]
    camp_of: list[int | None]
    guard: list[tuple[int, str] | None]
    # The pieces, per seat.
    expl: list[list[int]]
    leader_at: list[int]
    reserve: list[int]
    boxed: list[int]
    camps_left: list[int]
    guardians: list[int]
    treasures: list[list[int]]
    points: list[int]
    # The supplies.
    levels: list[int]
    stack: list[int]
    supply: list[str]
    # The turn.
    phase: str
    in_hand: int | None
    offer: list[int]
    ap: int
    turn_kind: str
    queue: list[int]
    volcano_by: int | None
    levels_turn: dict[int, int]
    digs_turn: dict[int, int]
    # The advanced rules' rounds and auctions.
    amulet: list[bool]
    bidders: list[int]
    passed: list[int]
    high_bid: int
    high_bidder: int | None
    first_pass: int | None
    bid_turn: int | None
    last_player: int | None
    scorings: int
    events: list[tuple[Any, ...]]
    # Derived data, recomputed on load (``changed``): the board layout, the exchanges on offer, and
    # per seat the spaces holding its explorers, in order.
    _geo: BoardLayout
    _xcache: tuple[list[Any] | None, ...] | None     # per seat: its exchanges (None: not worked out)
    _occ: list[list[int]]


class PositionReaders(Position):
    """The questions a learner, a board or a bot asks a Tikal position, by the rule book's names (mixed
    into ``TikalState``: spaces by name ``"C4"`` or index, seats by number)."""

    def stack_letters(self) -> dict[str, int]:
        """How many hexes of each back letter are left in the stack (what every player sees), by letter."""
        letters: dict[str, int] = {}
        for t in self.stack:
            letter = TILE_BY_ID[t].letter
            letters[letter] = letters.get(letter, 0) + 1
        return dict(sorted(letters.items()))

    def placement_spaces(self, tile: int) -> dict[str, list[int]]:
        """``placements`` by space name: ``{"D3": [0, 2], ...}`` (the rotations for each space)."""
        out: dict[str, list[int]] = {}
        for i, r in self.placements(tile):
            out.setdefault(LABELS[i], []).append(r)
        return out

    @staticmethod
    def index_of(space: str) -> int:
        """The index of a space from its name (``"A5"`` -> 4); spaces are indices in the state's lists."""
        return INDEX[space.upper()]

    @staticmethod
    def _space(space: int | str) -> int:
        """A space given by its name (``"A5"``) or its index, as an index; a bad name says so."""
        if isinstance(space, str):
            i = INDEX.get(space.upper())
            if i is None:
                raise ValueError(f"no space {quote(space)} on Tikal's board: a column letter and a row number, "
                                 f"as on the map ({LABELS[0]} to {LABELS[-1]})")
            return i
        return space

    def hex_at(self, space: str) -> Hex:
        """The hex on ``space`` in words (``Hex``): its kind, number, temple level, treasures, camp, guardian.

        >>> import archeo_lab as al
        >>> s = al.get_game("tikal").new_state(players=2, seed=1)
        >>> s.hex_at("A5").kind, s.hex_at("a4").kind, s.hex_at("A4").value > 0
        ('camp', 'temple', True)
        """
        i = self._space(space)
        guard = self.guard[i]
        return Hex(space=LABELS[i], kind=self.kind[i], tile=self.tile_at[i], value=self.value[i],
                   treasures=len(self.tokens.get(i, ())), camp=self.camp_of[i],
                   guardian=None if guard is None else (guard[0], guard[1]))

    def hexes(self) -> list[Hex]:
        """Every hex on the board (``hex_at`` for each space that has one), in the map's order."""
        return [self.hex_at(LABELS[i]) for i in range(SPACES) if self.tile_at[i] is not None]

    def leader_where(self, seat: int) -> str:
        """Where ``seat``'s leader ("chef d'expédition") is: a space's name, "reserve", "box" or "guardian"."""
        at = self.leader_at[seat]
        return {RESERVE: "reserve", BOXED: "box", GUARD: "guardian"}.get(at) or LABELS[at]

    def pieces_on(self, seat: int, i: int | str) -> int:
        """How many of ``seat``'s pieces (explorers and leader, guardians excluded) stand on space ``i``."""
        i = self._space(i)
        return self.expl[seat][i] + (self.leader_at[seat] == i)

    def strength_on(self, seat: int, i: int | str) -> int:
        """``seat``'s weight on space ``i`` (a name or an index) for a temple majority (the leader counts 3)."""
        i = self._space(i)
        return scoring.strength(self.expl[seat][i], self.leader_at[seat] == i)

    def holder(self, i: int | str) -> int | None:
        """Who holds the temple on space ``i`` (a name or an index) now: its guardian's owner, else the
        strict majority."""
        return scoring.holder(self.guard, self.expl, self.leader_at, self._space(i))

    def score_breakdown(self, seat: int) -> dict[str, Any]:
        """What ``seat`` would score if a scoring happened now: temples held and treasure sets."""
        return scoring.breakdown(self, seat)

    def move_cost(self, seat: int, src: int, dst: int) -> int | None:
        """AP for one of ``seat``'s pieces to go from ``src`` to ``dst`` in one move, or None."""
        if self.kind[src] in (None, "volcano"):
            return None
        for j, c in self._moves_from(seat, src).dsts:
            if j == dst:
                return c
        return None

    def passage(self, i: int, j: int) -> int:
        """Stones of the passage between adjacent spaces ``i`` and ``j`` (0: none, or a volcano)."""
        for j2, c in self._geo.adj[i]:
            if j2 == j:
                return c
        return 0

    def camp_nodes(self, seat: int) -> tuple[int, ...]:
        """The base camp and ``seat``'s camps: where pieces come into play and hop for 1 AP."""
        return self._geo.nodes[seat]

    def layout(self) -> BoardLayout:
        """The board's derived data (passages, temples, camps; ``hexgrid.BoardLayout``), for the analysis helpers.

        It changes in place when this state places a hex or sets up a camp: ``layout().copy()`` keeps one."""
        return self._geo
