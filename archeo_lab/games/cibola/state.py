"""Les Trésors de Cibola (Romaric Galonnier, Ankama 2019): the rules.

Eight rounds (manches); each round has three steps, as in the rule book:

1. *Découverte des lieux*: four treasure cards are revealed (chance).
2. *Préparation de l'expédition*: every player closes a fist on some of their
   explorers.  The engine takes the bids seat by seat, from the torch holder
   clockwise, and hides each bid from the others until all are in.  Players
   who bid nothing then share the common discard equally; the remainder
   stays in the discard.
3. *Exploration*: in decreasing order of bids (ties: the torch holder first,
   then the players to their left), each player discards their bid and takes
   one revealed card.  A rock symbol lets the taker cover a cell of the temple
   board (never the last visible cell of a column); a totem symbol lets them
   choose one of the totems in play.  The last player to take a card takes
   the torch.  Two players: winner, other, winner, other.  Three players: the
   fourth card is discarded, and if it shows a rock the auction winner places
   that rock.

The game ends when the phase II pile is empty (after round 8); see
``scoring.py`` for the count.

Decisions where the rule book is silent (kept here, shown in the tutorial):

* Seats: "to the left" of a seat is the next seat number (seat + 1).
* The first torch holder is tossed with the game's seeded generator.
* A card with both a rock and a totem: the rock is placed first.
* A bid stays in the player's fist until their pick; in the two-player game
  the winner discards it at their first pick.
* The totem effects are a reconstruction (GAPS.md 2.4, ``components.TOTEMS``)
  made to fit every printed rule and number: none changes what a treasure is
  worth (a sundial stays « entre 0 et 3 points », a shield « un minimum de 3
  points et un maximum de 9 points »: ``sun`` and ``plumes`` count as one more
  sundial or shield, at the column's value) and none moves the torch (« le
  pion Torche est récupéré par celui qui a choisi sa carte Trésor en dernier »:
  the earlier ``torch`` totem, which overrode it, is replaced by ``refuge``,
  taking back the explorers you bid this round); ``landslide`` is optional
  ("leave rocks") and never uncovers the last visible cell's rule; ``vision``
  shows the next four cards of the pile to that player only.
* Three players: the discarded fourth card's totem symbol gives no totem.
  Only a player who takes a card chooses one (« Quand un joueur récupère une
  carte avec un symbole de Totem, il choisit 1 carte Totem »); the rule book
  gives the discarded card's rock to the auction winner and says nothing of
  its totem.
* Live scores value each treasure at the average of its column's visible
  cells (``scoring.column_value``).

Actions, in the rule book's words: ``bid 3``, ``take II-05 (...)``,
``rock on snake 2 (-1)``, ``totem vision``, ``move rock snake 2 -> skull 1``,
``leave rocks``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from archeo_lab.engine import Action, Fields, Game, Rng, State
from archeo_lab.engine.errors import quote
from archeo_lab.engine.saves import SEAT, CorruptSave, ints, items, one_of, per_seat

from . import scoring
from .components import (
    CARD_BY_ID, CARDS, CARDS_PER_ROUND, COLUMNS, EXPLORERS_PER_PLAYER, KINDS, ROCK_TILES, ROUNDS,
    TOTEM_BY_NAME, TOTEMS, TOTEMS_IN_PLAY,
)

__all__ = [
    "Bid", "Take", "PlaceRock", "ChooseTotem", "MoveRock", "LeaveRocks", "CibolaState", "CibolaGame",
    "explorers_per_player", "GAME",
]

COLUMN_INDEX = {c.kind: i for i, c in enumerate(COLUMNS)}
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
# Treasure counts of each card, in KINDS order (precomputed: taking a card is a hot path).
_CARD_COUNTS = {c.id: scoring.treasure_counts([c.id]) for c in CARDS}


def explorers_per_player(players: int) -> int:
    """Explorers dealt to each player ("Préparation" 2): 12, 8 or 6 for 2, 3 or 4 players.

    >>> [explorers_per_player(n) for n in (2, 3, 4)]
    [12, 8, 6]
    """
    if players not in EXPLORERS_PER_PLAYER:
        raise ValueError(f"Les Trésors de Cibola is played by 2 to 4 players, not {players!r}")
    return EXPLORERS_PER_PLAYER[players]


# -- actions ------------------------------------------------------------------------

@dataclass(frozen=True, slots=True, order=True)
class Bid(Action):
    """Close your fist on ``amount`` explorers ("enchère à poing fermé")."""

    kind: ClassVar[str] = "bid"
    pattern: ClassVar[str] = r"bid (?P<amount>\d+)"
    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True, slots=True, order=True)
class Take(Action):
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


@dataclass(frozen=True, slots=True, order=True)
class PlaceRock(Action):
    """Cover a cell of the temple board with a rock tile ("Effondrement du temple").

    ``cell`` counts from 1 at the top of the column.
    """

    kind: ClassVar[str] = "rock"
    pattern: ClassVar[str] = r"rock on (?P<column>[a-z]+) (?P<cell>\d+)(?: \(.*\))?"
    column: str
    cell: int

    def __str__(self) -> str:
        return f"rock on {self.column} {self.cell} ({_cell_value(self.column, self.cell)})"


@dataclass(frozen=True, slots=True, order=True)
class ChooseTotem(Action):
    """Choose one of the totems in play ("Présence mystique")."""

    kind: ClassVar[str] = "totem"
    pattern: ClassVar[str] = r"totem (?P<name>[a-z]+)"
    name: str

    def __str__(self) -> str:
        return f"totem {self.name}"


@dataclass(frozen=True, slots=True, order=True)
class MoveRock(Action):
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


@dataclass(frozen=True, slots=True, order=True)
class LeaveRocks(Action):
    """The ``landslide`` totem, declined: the rocks stay where they are."""

    kind: ClassVar[str] = "leave"
    pattern: ClassVar[str] = r"leave rocks"

    def __str__(self) -> str:
        return "leave rocks"


def _cell_value(column: str, cell: int) -> str:
    col = COLUMN_INDEX.get(column)
    if col is None or not 1 <= cell <= len(COLUMNS[col].cells):
        return "no such cell"
    return str(COLUMNS[col].cells[cell - 1])


# Interned actions: legal_actions() hands out these objects, so the legality
# test in apply() is an identity check.
_BIDS = [Bid(n) for n in range(max(n * e for n, e in EXPLORERS_PER_PLAYER.items()) + 1)]
_TAKES = {c.id: Take(c.id) for c in CARDS}
_ROCKS = [[PlaceRock(col.kind, i + 1) for i in range(len(col.cells))] for col in COLUMNS]
_TOTEMS = {t.name: ChooseTotem(t.name) for t in TOTEMS}
_LEAVE = LeaveRocks()
_MOVES = {(a, i, b, j): MoveRock(COLUMNS[a].kind, i + 1, COLUMNS[b].kind, j + 1)
          for a, ca in enumerate(COLUMNS) for i in range(len(ca.cells))
          for b, cb in enumerate(COLUMNS) for j in range(len(cb.cells)) if (a, i) != (b, j)}

BID, PICK, ROCK, TOTEM, LANDSLIDE, OVER = "bid", "pick", "rock", "totem", "landslide", "over"
PHASES = (BID, PICK, ROCK, TOTEM, LANDSLIDE, OVER)
#: Explorers in a game (24 at every player count: 2 x 12, 3 x 8, 4 x 6).
_ALL_EXPLORERS = max(n * e for n, e in EXPLORERS_PER_PLAYER.items())
_CARD, _TOTEM = one_of(CARD_BY_ID, "a treasure card"), one_of(TOTEM_BY_NAME, "a totem")
_KIND = one_of(KINDS, "a column")
_CELL = ints(1, max(len(c.cells) for c in COLUMNS))
#: The public log, entry by entry (``Fields.events``): what each kind of line holds.
EVENTS = {
    "start": (SEAT, items(_TOTEM, TOTEMS_IN_PLAY, TOTEMS_IN_PLAY)),
    "round": (ints(1, ROUNDS), items(_CARD, 0, CARDS_PER_ROUND)),
    "bid": (SEAT,), "reveal": (per_seat(ints(0, _ALL_EXPLORERS)),),
    "share": (items(SEAT, 1, max(EXPLORERS_PER_PLAYER)), ints(0, _ALL_EXPLORERS)),
    "take": (SEAT, _CARD), "rock": (SEAT, _KIND, _CELL), "totem": (SEAT, _TOTEM),
    "pillage": (SEAT, ints(0, 3)), "refuge": (SEAT, ints(0, _ALL_EXPLORERS)),
    "tribute": (SEAT, ints(0, max(EXPLORERS_PER_PLAYER) - 1)),
    "move": (SEAT, _KIND, _CELL, _KIND, _CELL), "leave": (SEAT,), "leftover": (_CARD,), "torch": (SEAT,),
    "end": (per_seat(ints(-10_000, 10_000)),),
}
_RULE_ROCK = ("'on ne peut pas recouvrir une case si c'est la dernière case visible d'une colonne' "
              "(the last visible cell of a column is never covered)")


# -- the state ----------------------------------------------------------------------

class CibolaState(State):
    """A position of Les Trésors de Cibola.  Public fields are read-only for learners.

    ``decks[0]``/``decks[1]``: the phase I and II piles (last item on top);
    ``table``: the revealed cards still to take; ``explorers``: each seat's
    reserve; ``fist``: each seat's bid this round (``None`` before bidding,
    hidden from the others until all bids are in); ``discard``: the common
    discard of explorers; ``covered[c][i]``: a rock on cell ``i`` of column
    ``c``; ``pending``: rock/totem/landslide steps still owed, as
    ``(step, seat)``; ``events``: the public log.
    """

    __slots__ = (
        "players", "variant", "seed", "rng", "chance_count", "_legal_cache", "current_player",
        "is_terminal", "round", "phase", "decks", "table", "leftovers", "collections", "counts",
        "explorers", "fist", "discard", "torch", "bid_order", "pick_order",
        "pick_index", "last_picker", "covered", "totems_in_play", "totems_available", "totems",
        "pending", "peek", "events",
    )

    # -- set-up ("Préparation") ---------------------------------------------------
    @classmethod
    def _new(cls, players: int, seed: int, variant: str) -> CibolaState:
        s = object.__new__(cls)
        s.players, s.variant, s.seed = players, variant, seed
        rng = s.rng = Rng(seed)
        s.chance_count = 0
        s._legal_cache = None
        s.is_terminal = False
        # 1. Each phase pile shuffled face down (phase II waits under phase I).
        s.decks = [[c.id for c in CARDS if c.phase == 1], [c.id for c in CARDS if c.phase == 2]]
        rng.shuffle(s.decks[0])
        rng.shuffle(s.decks[1])
        # 2. Explorers dealt equally.
        s.explorers = [explorers_per_player(players)] * players
        # 3. Five random totems face up, the others back in the box.
        names = [t.name for t in TOTEMS]
        rng.shuffle(names)
        s.totems_in_play = sorted(names[:TOTEMS_IN_PLAY], key=list(TOTEM_BY_NAME).index)
        s.totems_available = list(s.totems_in_play)
        # 4. The torch is tossed: its holder starts.
        s.torch = rng.below(players)
        s.table, s.leftovers = [], []
        s.collections = [[] for _ in range(players)]
        s.counts = [[0] * len(KINDS) for _ in range(players)]
        s.fist = [None] * players
        s.discard = 0
        s.covered = [[False] * len(col.cells) for col in COLUMNS]
        s.totems = [[] for _ in range(players)]
        s.pending, s.peek, s.events = [], [[] for _ in range(players)], []
        s.pick_order, s.pick_index, s.last_picker = [], 0, None
        s.round = 0
        s.events.append(("start", s.torch, tuple(s.totems_in_play)))
        s._start_round()
        return s

    # -- the contract ---------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == BID:
            return _BIDS[: self.explorers[self.current_player] + 1]
        if phase == PICK:
            return [_TAKES[c] for c in sorted(self.table)]
        if phase == ROCK:
            return sorted(_ROCKS[c][i] for c, i in self._coverable())
        if phase == TOTEM:
            return [_TOTEMS[n] for n in sorted(self.totems_available)]
        if phase == LANDSLIDE:
            return [_LEAVE] + sorted(_MOVES[m] for m in self._rock_moves())
        return []

    def _apply(self, action: Action) -> None:
        kind = type(action)
        if kind is Bid:
            self._bid(action.amount)
        elif kind is Take:
            self._take(action.card)
        elif kind is PlaceRock:
            self._place_rock(COLUMN_INDEX[action.column], action.cell - 1)
        elif kind is ChooseTotem:
            self._choose_totem(action.name)
        elif kind is MoveRock:
            self._move_rock(COLUMN_INDEX[action.from_column], action.from_cell - 1,
                            COLUMN_INDEX[action.to_column], action.to_cell - 1)
        else:
            self.events.append(("leave", self.current_player))
            self._finish_step()

    def scores(self) -> list[int]:
        """Points now: the final count once over; before, treasures at their columns' average value."""
        values = [scoring.column_value(v) for v in scoring.visible_values(self.covered)]
        rows = scoring.score_breakdown(self.counts, self._explorers_held(), self.totems, values)
        return [round(r["total"]) for r in rows]

    def score_breakdown(self) -> list[dict]:
        """Each seat's points line by line (sundial, snake, ..., explorers, total)."""
        values = [scoring.column_value(v) for v in scoring.visible_values(self.covered)]
        return scoring.score_breakdown(self.counts, self._explorers_held(), self.totems, values)

    def _tiebreak(self, seat: int) -> tuple:
        # "En cas d'égalité, c'est le joueur qui a conservé le plus de pions Explorateurs."
        return (self._explorers_held()[seat],)

    def clone(self) -> CibolaState:
        c = object.__new__(CibolaState)
        c.players, c.variant, c.seed = self.players, self.variant, self.seed
        c.rng = Rng(state=self.rng.state)
        c.chance_count, c._legal_cache = self.chance_count, self._legal_cache
        c.current_player, c.is_terminal = self.current_player, self.is_terminal
        c.round, c.phase = self.round, self.phase
        c.decks = [self.decks[0][:], self.decks[1][:]]
        c.table, c.leftovers = self.table[:], self.leftovers[:]
        c.collections = [x[:] for x in self.collections]
        c.counts = [x[:] for x in self.counts]
        c.explorers, c.fist, c.discard = self.explorers[:], self.fist[:], self.discard
        c.torch = self.torch
        c.bid_order, c.pick_order = self.bid_order[:], self.pick_order[:]
        c.pick_index, c.last_picker = self.pick_index, self.last_picker
        c.covered = [x[:] for x in self.covered]
        c.totems_in_play, c.totems_available = self.totems_in_play[:], self.totems_available[:]
        c.totems = [x[:] for x in self.totems]
        c.pending, c.peek, c.events = self.pending[:], [x[:] for x in self.peek], self.events[:]
        return c

    def observation(self, player: int) -> dict:
        """What ``player`` sees: everything but the piles' order and the bids not yet revealed.

        While bids are hidden, another seat's explorers are shown as reserve +
        fist (their count before bidding) and only whether they have bid.
        """
        self.check_seat(player)
        hidden = self.phase == BID
        explorers, bids = [], []
        for s in self.seats:
            if hidden and s != player and self.fist[s] is not None:
                explorers.append(self.explorers[s] + self.fist[s])
                bids.append("hidden")
            else:
                explorers.append(self.explorers[s])
                bids.append(self.fist[s])
        return {
            "seat": player, "players": self.players, "round": self.round, "phase": self.phase,
            "current_player": self.current_player, "torch": self.torch,
            "pile": [len(self.decks[0]), len(self.decks[1])], "known_pile_top": list(self.peek[player]),
            "table": sorted(self.table), "leftovers": list(self.leftovers),
            "collections": [list(c) for c in self.collections], "explorers": explorers, "bids": bids,
            "discard": self.discard, "covered": [list(c) for c in self.covered],
            "totems_in_play": list(self.totems_in_play), "totems_available": list(self.totems_available),
            "totems": [list(t) for t in self.totems], "pick_order": list(self.pick_order),
            "pick_index": self.pick_index, "pending": [list(p) for p in self.pending],
            "events": [list(e) for e in self.events],
        }

    def determinize(self, player: int, rng: Rng | int) -> CibolaState:
        """A clone where the piles' order and the others' hidden bids are resampled.

        Cards ``player`` saw with the ``vision`` totem stay on top; the other
        seats' hidden bids are drawn uniformly from what they could bid.  The
        result depends only on ``observation(player)`` and ``rng``.
        """
        self.check_seat(player)
        rng = self._as_rng(rng)
        c = self.clone()
        c._legal_cache = None
        known = len(c.peek[player])
        for deck in c.decks:          # the top of the pile is the end of the list
            fixed = min(known, len(deck))
            unknown = sorted(deck[: len(deck) - fixed])   # sorted: the true order must not leak
            rng.shuffle(unknown)
            deck[: len(deck) - fixed] = unknown
            known -= fixed
        order = c._pile_order()
        for s in c.seats:
            if s != player:
                c.peek[s] = order[: len(c.peek[s])]
        if c.phase == BID:
            for s in c.seats:
                if s != player and c.fist[s] is not None:
                    total = c.explorers[s] + c.fist[s]
                    c.fist[s] = rng.below(total + 1)
                    c.explorers[s] = total - c.fist[s]
        c._fresh_chance(rng)                # the true seed would give the piles away
        return c

    # -- rule steps ---------------------------------------------------------------------
    def _start_round(self) -> None:
        """Découverte des lieux: reveal 4 cards; then the torch holder bids first."""
        self.round += 1
        drawn = []
        for _ in range(CARDS_PER_ROUND):
            deck = self.decks[0] if self.decks[0] else self.decks[1]
            if not deck:
                break
            drawn.append(deck.pop())
            for known in self.peek:
                if known:
                    del known[0]
        self.table = drawn
        self.chance_count += 1
        self.events.append(("round", self.round, tuple(drawn)))
        self.phase = BID
        self.fist = [None] * self.players
        self.bid_order = [(self.torch + i) % self.players for i in range(self.players)]
        self.pick_order, self.pick_index = [], 0
        self.current_player = self.torch

    def _bid(self, amount: int) -> None:
        p = self.current_player
        self.explorers[p] -= amount
        self.fist[p] = amount
        self.events.append(("bid", p))
        done = self.players - self.fist.count(None)
        if done < self.players:
            self.current_player = self.bid_order[done]
        else:
            self._reveal_bids()

    def _reveal_bids(self) -> None:
        """All fists open: zero bidders share the discard; the pick order follows the bids."""
        n, fist, torch = self.players, self.fist, self.torch
        self.chance_count += 1
        self.events.append(("reveal", tuple(fist)))
        zeros = [s for s in self.seats if fist[s] == 0]
        if zeros:
            share = self.discard // len(zeros)
            for s in zeros:
                self.explorers[s] += share
            self.discard -= share * len(zeros)
            self.events.append(("share", tuple(zeros), share))
        order = sorted(self.seats, key=lambda s: (-fist[s], (s - torch) % n))
        self.pick_order = [order[0], order[1], order[0], order[1]] if n == 2 else order
        self.pick_index = 0
        self.phase = PICK
        self.current_player = self.pick_order[0]

    def _take(self, card: str) -> None:
        p = self.current_player
        self.discard += self.fist[p]
        self.fist[p] = 0
        self.table.remove(card)
        self.collections[p].append(card)
        counts = self.counts[p]
        for i, k in enumerate(_CARD_COUNTS[card]):
            counts[i] += k
        self.last_picker = p
        self.pick_index += 1
        self.events.append(("take", p, card))
        info = CARD_BY_ID[card]
        if info.rock:
            self.pending.append((ROCK, p))
        if info.totem:
            self.pending.append((TOTEM, p))
        self._next_decision()

    def _place_rock(self, col: int, cell: int) -> None:
        self.covered[col][cell] = True
        self.events.append(("rock", self.current_player, COLUMNS[col].kind, cell + 1))
        self._finish_step()

    def _choose_totem(self, name: str) -> None:
        p = self.current_player
        self.totems_available.remove(name)
        self.totems[p].append(name)
        self.events.append(("totem", p, name))
        self.pending.pop(0)
        if name == "pillage":
            got = min(3, self.discard)
            self.discard -= got
            self.explorers[p] += got
            self.events.append(("pillage", p, got))
        elif name == "refuge":
            got = min(self._round_bid(p), self.discard)
            self.discard -= got
            self.explorers[p] += got
            self.events.append(("refuge", p, got))
        elif name == "landslide":
            self.pending.insert(0, (LANDSLIDE, p))
        elif name == "vision":
            self.peek[p] = self._pile_order()[:4]
            self.chance_count += 1
        elif name == "tribute":
            got = 0
            for s in self.seats:
                if s != p and self.explorers[s] > 0:
                    self.explorers[s] -= 1
                    got += 1
            self.explorers[p] += got
            self.events.append(("tribute", p, got))
        self._next_decision()

    def _round_bid(self, p: int) -> int:
        """What ``p`` closed their fist on this round (the bids revealed at the round's start)."""
        for event in reversed(self.events):
            if event[0] == "reveal":
                return event[1][p]
        return 0

    def _move_rock(self, a: int, i: int, b: int, j: int) -> None:
        self.covered[a][i] = False
        self.covered[b][j] = True
        self.events.append(("move", self.current_player, COLUMNS[a].kind, i + 1, COLUMNS[b].kind, j + 1))
        self._finish_step()

    def _finish_step(self) -> None:
        self.pending.pop(0)
        self._next_decision()

    def _next_decision(self) -> None:
        """Find who decides next: owed rock/totem steps, the next picker, or the next round."""
        while True:
            while self.pending:
                step, seat = self.pending[0]
                if (step == ROCK and not self._coverable()) or (step == TOTEM and not self.totems_available) \
                        or (step == LANDSLIDE and not self._rock_moves()):
                    self.pending.pop(0)   # nothing left to cover, choose or move
                    continue
                self.phase, self.current_player = step, seat
                return
            if self.pick_index < len(self.pick_order):
                self.phase, self.current_player = PICK, self.pick_order[self.pick_index]
                return
            if not self.table:
                break
            # Three players: the fourth card is discarded; its rock goes to the auction winner.
            card = self.table.pop()
            self.leftovers.append(card)
            self.events.append(("leftover", card))
            if CARD_BY_ID[card].rock:
                self.pending.append((ROCK, self.pick_order[0]))
        self._end_round()

    def _end_round(self) -> None:
        # « Pour la manche suivante, le pion Torche est récupéré par celui qui a choisi sa carte
        # Trésor en dernier lors de ce tour. »
        self.torch = self.last_picker
        self.events.append(("torch", self.torch))
        if self.round >= ROUNDS or not (self.decks[0] or self.decks[1]):
            self.phase, self.current_player, self.is_terminal = OVER, None, True
            self.events.append(("end", tuple(self.scores())))
        else:
            self._start_round()

    # -- rule helpers -----------------------------------------------------------------
    def _coverable(self) -> list[tuple[int, int]]:
        """Cells a rock may cover: uncovered, and not the last visible cell of its column."""
        out = []
        for c, cells in enumerate(self.covered):
            if cells.count(False) >= 2:
                out.extend((c, i) for i, rock in enumerate(cells) if not rock)
        return out

    def _rock_moves(self) -> list[tuple[int, int, int, int]]:
        """(from column, from cell, to column, to cell) moves the landslide totem allows."""
        moves = []
        for a, cells in enumerate(self.covered):
            for i, rock in enumerate(cells):
                if not rock:
                    continue
                for b, target in enumerate(self.covered):
                    visible = target.count(False) + (a == b)   # lifting the rock uncovers (a, i)
                    if visible < 2:
                        continue
                    moves.extend((a, i, b, j) for j, r in enumerate(target) if not r and (a, i) != (b, j))
        return sorted(moves)

    def _pile_order(self) -> list[str]:
        """The cards still to come, next first (phase I pile, then phase II)."""
        return self.decks[0][::-1] + self.decks[1][::-1]

    def _explorers_held(self) -> list[int]:
        return [e + (f or 0) for e, f in zip(self.explorers, self.fist)]

    def _illegal_reason(self, action: Action) -> str:
        p, phase = self.current_player, self.phase
        need = {BID: "a bid", PICK: "a card to take", ROCK: "a cell to cover with a rock",
                TOTEM: "a totem to choose", LANDSLIDE: "a rock to move, or 'leave rocks'"}[phase]
        kind = type(action)
        if kind is Bid and phase == BID:
            return (f"you have {self.explorers[p]} explorers, so you cannot bid {action.amount} "
                    "(Préparation de l'expédition: you bid with explorers from your reserve)")
        if kind is Take and phase == PICK:
            return (f"card {action.card} is not among the revealed cards "
                    f"({', '.join(sorted(self.table))}) (Exploration)")
        if kind is PlaceRock and phase == ROCK:
            col = COLUMN_INDEX.get(action.column)
            if col is None:
                return f"the temple board has no column {action.column!r}; columns: {', '.join(KINDS)}"
            cells = self.covered[col]
            if not 1 <= action.cell <= len(cells):
                return f"the {action.column} column has cells 1 to {len(cells)}, not {action.cell}"
            if cells[action.cell - 1]:
                return f"{action.column} cell {action.cell} already has a rock"
            return f"{action.column} cell {action.cell} is the last visible cell of its column: {_RULE_ROCK}"
        if kind is ChooseTotem and phase == TOTEM:
            return (f"the totem {action.name!r} is not available; choose one of: "
                    f"{', '.join(self.totems_available)} (Présence mystique)")
        if kind is MoveRock and phase == LANDSLIDE:
            return (f"'{action}' is not a legal rock move: the rock must come from a covered cell and "
                    f"go to a free one, and {_RULE_ROCK}")
        if phase == BID and kind is not Bid:
            return (f"every player must first close their fist on a bid (Préparation de l'expédition): "
                    f"it is seat {p}'s bid")
        return f"'{action}' cannot be played now: seat {p} must choose {need}"

    # -- saves --------------------------------------------------------------------------
    def _to_dict(self) -> dict:
        return {
            "round": self.round, "phase": self.phase, "current_player": self.current_player,
            "decks": [list(d) for d in self.decks], "table": list(self.table),
            "leftovers": list(self.leftovers), "collections": [list(c) for c in self.collections],
            "explorers": list(self.explorers), "fist": list(self.fist), "discard": self.discard,
            "torch": self.torch, "bid_order": list(self.bid_order),
            "pick_order": list(self.pick_order), "pick_index": self.pick_index,
            "last_picker": self.last_picker, "covered": [list(c) for c in self.covered],
            "totems_in_play": list(self.totems_in_play), "totems_available": list(self.totems_available),
            "totems": [list(t) for t in self.totems], "pending": [list(p) for p in self.pending],
            "peek": [list(k) for k in self.peek], "events": [list(e) for e in self.events],
        }

    @classmethod
    def _from_dict(cls, f: Fields, players: int, variant: str) -> CibolaState:
        s = object.__new__(cls)
        s.players, s.variant = players, variant
        s._legal_cache = None
        seat = dict(lo=0, hi=players - 1)
        cards, totems = list(CARD_BY_ID), list(TOTEM_BY_NAME)
        s.round = f.int("round", lo=1, hi=ROUNDS)
        s.phase = f.str("phase", choices=PHASES)
        s.is_terminal = s.phase == OVER
        s.current_player = f.opt_int("current_player", **seat)
        s.decks = f.str_lists("decks", length=2, choices=cards)
        s.table = f.str_list("table", choices=cards)
        s.leftovers = f.str_list("leftovers", choices=cards)
        s.collections = f.str_lists("collections", length=players, choices=cards)
        s.counts = [scoring.treasure_counts(c) for c in s.collections]
        s.explorers = f.int_list("explorers", length=players, lo=0, hi=_ALL_EXPLORERS)
        s.fist = f.opt_int_list("fist", length=players, lo=0, hi=_ALL_EXPLORERS)
        s.discard = f.int("discard", lo=0, hi=_ALL_EXPLORERS)
        s.torch = f.int("torch", **seat)
        s.bid_order = f.int_list("bid_order", length=players, **seat)
        s.pick_order = f.int_list("pick_order", **seat)
        if len(s.pick_order) not in (0, 4 if players == 2 else players):
            raise CorruptSave(f"{f.path}.pick_order must be empty or list the picks of a round, got {s.pick_order}")
        s.pick_index = f.int("pick_index", lo=0, hi=len(s.pick_order))
        s.last_picker = f.opt_int("last_picker", **seat)
        covered = f.list("covered", length=len(COLUMNS))
        s.covered = []
        for i, (col, cells) in enumerate(zip(COLUMNS, covered)):
            if not isinstance(cells, list) or len(cells) != len(col.cells) \
                    or not all(isinstance(x, bool) for x in cells):
                raise CorruptSave(f"{f.path}.covered[{i}] must be {len(col.cells)} true/false values")
            s.covered.append(list(cells))
        s.totems_in_play = f.str_list("totems_in_play", choices=totems)
        s.totems_available = f.str_list("totems_available", choices=totems)
        s.totems = f.str_lists("totems", length=players, choices=totems)
        s.pending = []
        for i, item in enumerate(f.list("pending")):
            if not (isinstance(item, list) and len(item) == 2 and item[0] in (ROCK, TOTEM, LANDSLIDE)
                    and SEAT.test(item[1], players)):
                raise CorruptSave(f"{f.path}.pending[{i}] must be [step, seat], got {quote(item)}")
            s.pending.append((item[0], item[1]))
        s.peek = f.str_lists("peek", length=players, choices=cards)
        s.events = f.events(kinds=EVENTS, players=players)
        return s

    def check(self) -> list[str]:
        """Conservation of cards, explorers, rocks and totems, and a consistent turn."""
        problems = []
        n = self.players
        places = self.decks[0] + self.decks[1] + self.table + self.leftovers + sum(self.collections, [])
        if sorted(places) != sorted(CARD_BY_ID):
            problems.append("the 32 treasure cards must each be in exactly one place")
        if any(CARD_BY_ID[c].phase != 1 for c in self.decks[0]) or \
                any(CARD_BY_ID[c].phase != 2 for c in self.decks[1]):
            problems.append("a card is in the other phase's pile")
        total = sum(self.explorers) + sum(f or 0 for f in self.fist) + self.discard
        if total != n * EXPLORERS_PER_PLAYER[n]:
            problems.append(f"{total} explorers in play, the game has {n * EXPLORERS_PER_PLAYER[n]}")
        placed = sum(map(sum, self.covered))
        owed = sum(step == ROCK for step, _ in self.pending)
        rocks_out = sum(CARD_BY_ID[c].rock for c in self.leftovers + sum(self.collections, []))
        if placed != rocks_out - owed or placed > ROCK_TILES:
            problems.append(f"{placed} rocks on the board, but {rocks_out} rock cards taken and {owed} owed")
        if any(cells.count(False) < 1 for cells in self.covered):
            problems.append("a column has no visible cell left")
        taken = sorted(self.totems_available + sum(self.totems, []))
        if taken != sorted(self.totems_in_play) or len(set(self.totems_in_play)) != TOTEMS_IN_PLAY:
            problems.append("the totems in play must be either available or held by one player")
        if sorted(self.bid_order) != list(self.seats):
            problems.append("bid_order must list every seat once")
        order = self.pick_order
        if order and (sorted(order) != list(self.seats) if n > 2 else
                      not (order[0] == order[2] != order[1] == order[3])):
            problems.append("pick_order must list every seat once (two players: winner, other, winner, other)")
        if self.is_terminal != (self.current_player is None):
            problems.append("current_player must be empty exactly when the game is over")
        problems += self._check_fists()
        cells = {c.kind: len(c.cells) for c in COLUMNS}
        for e in self.events:       # a rock is put on (or moved between) cells its column has
            if (e[0] == "rock" and e[3] > cells[e[2]]) or (
                    e[0] == "move" and (e[3] > cells[e[2]] or e[5] > cells[e[4]])):
                problems.append(f"the log names a cell the temple board does not have: {e}")
                break
        waiting = self.fist.count(None)
        if self.phase == BID and (not waiting or self.current_player != self.bid_order[n - waiting]):
            problems.append("current_player is not the next seat to bid")
        if self.phase == PICK and (self.pick_index >= len(self.pick_order)
                                   or self.current_player != self.pick_order[self.pick_index]):
            problems.append("current_player is not the next seat to pick")
        if 0 < self.pick_index <= len(self.pick_order) and self.last_picker != self.pick_order[self.pick_index - 1]:
            problems.append("last_picker must be the seat of the latest pick (it takes the torch)")
        if self.phase in (ROCK, TOTEM, LANDSLIDE) and (not self.pending or self.pending[0] != (
                self.phase, self.current_player)):
            problems.append("the current step is not the first pending rock/totem step")
        return problems

    def _check_fists(self) -> list[str]:
        """The fists agree with the round: before the reveal, exactly the seats that bid hold a bid;
        after it, a seat that has not picked yet holds its revealed bid, one that picked holds 0."""
        n, fist = self.players, self.fist
        if self.phase == BID:
            done = n - fist.count(None)
            if any((fist[s] is not None) != (k < done) for k, s in enumerate(self.bid_order)):
                return ["the seats that have bid must be the first ones of bid_order"]
            return []
        since = next((len(self.events) - k for k, e in enumerate(reversed(self.events)) if e[0] == "round"), None)
        reveal = next((e[1] for e in self.events[since or 0:] if e[0] == "reveal"), None)
        if since is None or reveal is None:
            return ["the log must show this round's cards and the bids revealed"]
        picked = set(self.pick_order[: self.pick_index])
        if any(fist[s] != (0 if s in picked else reveal[s]) for s in self.seats):
            return ["each fist must hold the revealed bid until its seat picks, then nothing"]
        return []



class CibolaGame(Game):
    """Les Trésors de Cibola: sealed-bid all-pay auction, set collection, majorities."""

    key = "cibola"
    title = "Les Trésors de Cibola"
    min_players, max_players = 2, 4
    variants = ("standard",)
    rules_version = 2   # 2: totems within the printed limits (refuge replaces torch; sun, plumes count one more)
    summary = "sealed-bid all-pay auction, set collection, majorities"
    action_types = (Bid, Take, PlaceRock, ChooseTotem, MoveRock, LeaveRocks)
    # One greedy round of picks after a bid values the bid far better than random picks do.
    search_hints = {"rollout": "greedy", "rollout_depth": 8}
    state_class = CibolaState


GAME = CibolaGame()
