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

Actions, in the rule book's words (``actions.py``): ``bid 3``,
``take II-05 (...)``, ``rock on snake 2 (-1)``, ``totem vision``,
``move rock snake 2 -> skull 1``, ``leave rocks``.  Each kind of action has one
check in ``refusals.py`` that answers ``None`` (legal) or the reason, in the
learner's words with the rule; ``apply`` and the refusals both ask it
(``_is_legal``, ``_illegal_reason``), and ``_legal_actions`` below lists the
same actions fast.  The numbers the rules read (explorers dealt, cards per
round, the totems' amounts, ...) are in ``components.py``; saves and the
conservation checks in ``saves.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from archeo_lab.engine import Action, Fields, Game, Rng, State

from . import refusals, saves, scoring
from .actions import (
    ACTION_TYPES, COLUMN_INDEX, LEAVE, MOVES_IN_ORDER, ROCKS_IN_ORDER, TAKES, TOTEM_CHOICES, Bid, ChooseTotem,
    LeaveRocks, MoveRock, PlaceRock, Take, bids_up_to,
)
from .components import (
    CARD_BY_ID, CARDS, CARDS_PER_ROUND, COLUMNS, EXPLORERS_PER_PLAYER, KINDS, PICKS_PER_PLAYER, ROUNDS, STEPS,
    TOTEM_AMOUNTS, TOTEM_BY_NAME, TOTEMS, TOTEMS_IN_PLAY,
)
from .refusals import coverable

__all__ = [
    "Bid", "Take", "PlaceRock", "ChooseTotem", "MoveRock", "LeaveRocks", "CibolaState", "CibolaGame",
    "explorers_per_player", "picking_order", "GAME",
]

BID, PICK, ROCK, TOTEM, LANDSLIDE, OVER = STEPS


def explorers_per_player(players: int) -> int:
    """Explorers dealt to each player ("Préparation" 2): 12, 8 or 6 for 2, 3 or 4 players.

    >>> [explorers_per_player(n) for n in (2, 3, 4)]
    [12, 8, 6]
    """
    if players not in EXPLORERS_PER_PLAYER:
        raise ValueError(f"Les Trésors de Cibola is played by {min(EXPLORERS_PER_PLAYER)} to "
                         f"{max(EXPLORERS_PER_PLAYER)} players, not {players!r}")
    return EXPLORERS_PER_PLAYER[players]


def picking_order(bids: Sequence[int], torch: int) -> list[int]:
    """Who takes a card when, from the revealed bids ("Exploration").

    « Celui qui a misé le plus d'Explorateurs joue en premier, puis chacun joue dans l'ordre
    décroissant du nombre de pions misés »; ties go to the torch holder, then to the seats on their
    left.  Two players (« Règles spécifiques pour 2 joueurs »): winner, other, winner, other.

    >>> picking_order([0, 2, 2], torch=2), picking_order([1, 3], torch=0)
    ([2, 1, 0], [1, 0, 1, 0])
    """
    n = len(bids)
    ranked = sorted(range(n), key=lambda s: (-bids[s], (s - torch) % n))
    return ranked * PICKS_PER_PLAYER[n]


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
    round: int                      # 1 to ROUNDS
    phase: str                      # one of components.STEPS
    decks: list[list[str]]          # phase I and phase II piles, top last
    table: list[str]                # revealed cards still to take
    leftovers: list[str]            # three players: the cards nobody took
    collections: list[list[str]]    # cards taken, per seat
    counts: list[list[int]]         # treasures taken per seat, in KINDS order (from collections)
    explorers: list[int]            # reserve per seat
    fist: list[int | None]          # bid per seat this round (None: not yet)
    discard: int                    # the common discard of explorers
    torch: int                      # the torch holder
    bid_order: list[int]            # the seats in bidding order this round
    pick_order: list[int]           # the seats in picking order this round (empty before the reveal)
    pick_index: int                 # picks made this round
    last_picker: int | None         # the seat that took the latest card (takes the torch)
    covered: list[list[bool]]       # rock on cell i of column c
    totems_in_play: list[str]
    totems_available: list[str]
    totems: list[list[str]]         # totems held per seat
    pending: list[tuple[str, int]]  # owed (step, seat), next first
    peek: list[list[str]]           # per seat, the next cards of the pile it saw (vision)
    events: list[tuple[Any, ...]]   # the public log

    # -- set-up ("Préparation") ---------------------------------------------------
    @classmethod
    def _new(cls, players: int, seed: int, variant: str) -> CibolaState:
        s = cls._blank(players, variant)
        s.seed = seed
        rng = s.rng = Rng(seed)
        s.chance_count = 0
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

    @classmethod
    def _blank(cls, players: int, variant: str) -> CibolaState:
        """An empty state of ``players`` seats, for ``_new`` and the save reader to fill in."""
        s = object.__new__(cls)
        s.players, s.variant = players, variant
        s.changed()
        return s

    # -- the contract ---------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        """The actions of the step at hand, sorted (``refusals.check`` answers for each one alone)."""
        phase, p = self.phase, self.current_player
        if p is None:
            return []
        if phase == BID:
            return bids_up_to(self.explorers[p])
        if phase == PICK:
            return [TAKES[c] for c in sorted(self.table)]
        if phase == ROCK:
            return self._rock_placements()
        if phase == TOTEM:
            return [TOTEM_CHOICES[n] for n in sorted(self.totems_available)]
        return [LEAVE, *self._rock_moves()]

    def _apply(self, action: Action) -> None:
        p = self.current_player
        assert p is not None          # apply() checked the action: the game is not over
        if isinstance(action, Bid):
            self._bid(p, action.amount)
        elif isinstance(action, Take):
            self._take(p, action.card)
        elif isinstance(action, PlaceRock):
            self._place_rock(p, COLUMN_INDEX[action.column], action.cell - 1)
        elif isinstance(action, ChooseTotem):
            self._choose_totem(p, action.name)
        elif isinstance(action, MoveRock):
            self._move_rock(p, COLUMN_INDEX[action.from_column], action.from_cell - 1,
                            COLUMN_INDEX[action.to_column], action.to_cell - 1)
        else:
            self.events.append(("leave", p))
            self._finish_step()

    def scores(self) -> list[int]:
        """Points now: the final count once over; before, treasures at their columns' average value."""
        return [round(r["total"]) for r in self.score_breakdown()]

    def score_breakdown(self) -> list[dict[str, float]]:
        """Each seat's points line by line (sundial, snake, ..., explorers, total)."""
        values = [scoring.column_value(v) for v in scoring.visible_values(self.covered)]
        return scoring.score_breakdown(self.counts, self.explorers_held(), self.totems, values)

    def explorers_held(self) -> list[int]:
        """Each seat's explorers, reserve and closed fist together (what the final count and its tie-break read).

        >>> state = GAME.new_state(players=2, seed=1)
        >>> bidder = state.current_player
        >>> state.apply("bid 5")
        >>> state.explorers[bidder], state.explorers_held()[bidder]
        (7, 12)
        """
        return [e + (f or 0) for e, f in zip(self.explorers, self.fist)]

    def _tiebreak(self, seat: int) -> tuple[int]:
        # "En cas d'égalité, c'est le joueur qui a conservé le plus de pions Explorateurs."
        return (self.explorers_held()[seat],)

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

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` sees: everything but the piles' order and the bids not yet revealed.

        While bids are hidden, another seat's explorers are shown as reserve +
        fist (their count before bidding) and only whether they have bid.
        """
        self.check_seat(player)
        hidden = self.phase == BID
        explorers: list[int] = []
        bids: list[int | str | None] = []
        for s, (reserve, fist) in enumerate(zip(self.explorers, self.fist)):
            if hidden and s != player and fist is not None:
                explorers.append(reserve + fist)
                bids.append("hidden")
            else:
                explorers.append(reserve)
                bids.append(fist)
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
        c.changed()
        known = len(c.peek[player])
        for deck in c.decks:          # the top of the pile is the end of the list
            fixed = min(known, len(deck))
            unknown = sorted(deck[: len(deck) - fixed])   # sorted: the true order must not leak
            rng.permute(unknown)
            deck[: len(deck) - fixed] = unknown
            known -= fixed
        order = c._pile_order()
        for s in c.seats:
            if s != player:
                c.peek[s] = order[: len(c.peek[s])]
        if c.phase == BID:
            for s, fist in enumerate(c.fist):
                if s != player and fist is not None:
                    total = c.explorers[s] + fist
                    bid = c.fist[s] = rng.below(total + 1)
                    c.explorers[s] = total - bid
        c._fresh_chance(rng)                # the true seed would give the piles away
        return c

    # -- legality: refusals.check answers for one action, None (legal) or why not ----------------
    def _is_legal(self, action: Action) -> bool:
        return refusals.check(self, action) is None

    def _illegal_reason(self, action: Action) -> str:
        return refusals.check(self, action) or f"'{action}' may be played now"

    def _rock_placements(self) -> list[Action]:
        """The ``rock on ...`` actions open now: free cells of the columns that may take a rock (sorted)."""
        out: list[Action] = []
        for c, rocks in ROCKS_IN_ORDER:
            cells = self.covered[c]
            if coverable(cells.count(False)):
                out += [rock for i, rock in rocks if not cells[i]]
        return out

    def _rock_moves(self) -> list[Action]:
        """The ``move rock ...`` actions of the landslide totem open now (sorted)."""
        covered = self.covered
        visible = [cells.count(False) for cells in covered]
        out: list[Action] = []
        for a, i, targets in MOVES_IN_ORDER:
            if covered[a][i]:                   # a rock to lift; its own column then shows one more cell
                out += [move for b, j, move in targets if not covered[b][j] and coverable(visible[b] + (a == b))]
        return out

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

    def _bid(self, p: int, amount: int) -> None:
        """Préparation de l'expédition: ``p`` closes a fist on ``amount`` explorers; the last bid opens the fists."""
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
        bids = [b or 0 for b in self.fist]          # every seat has bid: no None left
        self.chance_count += 1
        self.events.append(("reveal", tuple(bids)))
        zeros = [s for s, b in enumerate(bids) if b == 0]
        if zeros:
            # « ils se répartissent équitablement les pions de la défausse »: the remainder stays.
            share = self.discard // len(zeros)
            for s in zeros:
                self.explorers[s] += share
            self.discard -= share * len(zeros)
            self.events.append(("share", tuple(zeros), share))
        self.pick_order = picking_order(bids, self.torch)
        self.pick_index = 0
        self.phase = PICK
        self.current_player = self.pick_order[0]

    def _take(self, p: int, card: str) -> None:
        """Exploration: ``p`` discards the bid explorers and takes ``card``; its symbols owe a rock, a totem."""
        self.discard += self.fist[p] or 0
        self.fist[p] = 0
        self.table.remove(card)
        self.collections[p].append(card)
        counts = self.counts[p]
        for i, k in enumerate(scoring.CARD_COUNTS[card]):
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

    def _place_rock(self, p: int, col: int, cell: int) -> None:
        self.covered[col][cell] = True
        self.events.append(("rock", p, COLUMNS[col].kind, cell + 1))
        self._finish_step()

    def _choose_totem(self, p: int, name: str) -> None:
        """Présence mystique: ``p`` takes the totem; an immediate one acts at once (``components.TOTEMS``)."""
        self.totems_available.remove(name)
        self.totems[p].append(name)
        self.events.append(("totem", p, name))
        self.pending.pop(0)
        if name == "pillage":
            self._from_discard(p, name, TOTEM_AMOUNTS["pillage"])
        elif name == "refuge":
            self._from_discard(p, name, self._round_bid(p))
        elif name == "landslide":
            self.pending.insert(0, (LANDSLIDE, p))
        elif name == "vision":
            self.peek[p] = self._pile_order()[: TOTEM_AMOUNTS["vision"]]
            self.chance_count += 1
        elif name == "tribute":
            self._tribute(p, TOTEM_AMOUNTS["tribute"])
        self._next_decision()

    def _from_discard(self, p: int, totem: str, wanted: int) -> None:
        """``pillage`` and ``refuge``: ``p`` takes up to ``wanted`` explorers from the common discard."""
        got = min(wanted, self.discard)
        self.discard -= got
        self.explorers[p] += got
        self.events.append((totem, p, got))

    def _tribute(self, p: int, each: int) -> None:
        """``tribute``: every other seat gives ``p`` up to ``each`` explorers of its reserve."""
        got = 0
        for s in self.seats:
            if s != p:
                given = min(each, self.explorers[s])
                self.explorers[s] -= given
                got += given
        self.explorers[p] += got
        self.events.append(("tribute", p, got))

    def _round_bid(self, p: int) -> int:
        """What ``p`` closed their fist on this round (the bids revealed at the round's start)."""
        for event in reversed(self.events):
            if event[0] == "reveal":
                return int(event[1][p])
        return 0

    def _move_rock(self, p: int, a: int, i: int, b: int, j: int) -> None:
        self.covered[a][i] = False
        self.covered[b][j] = True
        self.events.append(("move", p, COLUMNS[a].kind, i + 1, COLUMNS[b].kind, j + 1))
        self._finish_step()

    def _finish_step(self) -> None:
        self.pending.pop(0)
        self._next_decision()

    def _next_decision(self) -> None:
        """Find who decides next: owed rock/totem steps, the next picker, or the next round."""
        while not self._owed_step():
            if self.pick_index < len(self.pick_order):
                self.phase, self.current_player = PICK, self.pick_order[self.pick_index]
                return
            if not self.table:
                self._end_round()
                return
            self._discard_leftover()

    def _owed_step(self) -> bool:
        """Give the turn to the first owed rock/totem/landslide step that can be done (drop the others)."""
        pending = self.pending
        while pending:
            step, seat = pending[0]
            if (step == ROCK and any(coverable(cells.count(False)) for cells in self.covered)) \
                    or (step == TOTEM and self.totems_available) or (step == LANDSLIDE and self._rock_moves()):
                self.phase, self.current_player = step, seat
                return True
            pending.pop(0)            # nothing left to cover, choose or move
        return False

    def _discard_leftover(self) -> None:
        """Three players: « la carte Exploration restante à chaque manche est défaussée. Si elle comporte
        un rocher, le joueur qui a remporté l'enchère place la tuile Rocher correspondante »."""
        card = self.table.pop()
        self.leftovers.append(card)
        self.events.append(("leftover", card))
        if CARD_BY_ID[card].rock:
            self.pending.append((ROCK, self.pick_order[0]))

    def _end_round(self) -> None:
        # « Pour la manche suivante, le pion Torche est récupéré par celui qui a choisi sa carte
        # Trésor en dernier lors de ce tour. »
        assert self.last_picker is not None          # every round has picks
        self.torch = self.last_picker
        self.events.append(("torch", self.torch))
        if self.round >= ROUNDS or not (self.decks[0] or self.decks[1]):
            self.phase, self.current_player, self.is_terminal = OVER, None, True
            self.events.append(("end", tuple(self.scores())))
        else:
            self._start_round()

    def _pile_order(self) -> list[str]:
        """The cards still to come, next first (phase I pile, then phase II)."""
        return self.decks[0][::-1] + self.decks[1][::-1]

    # -- saves (saves.py) -----------------------------------------------------------------
    def _to_dict(self) -> dict[str, Any]:
        return saves.to_dict(self)

    @classmethod
    def _from_dict(cls, f: Fields, players: int, variant: str) -> CibolaState:
        s = cls._blank(players, variant)
        saves.read_into(s, f)
        return s

    def check(self) -> list[str]:
        """Conservation of cards, explorers, rocks and totems, and a consistent turn (``saves.check``)."""
        return saves.check(self)


class CibolaGame(Game):
    """Les Trésors de Cibola: sealed-bid all-pay auction, set collection, majorities."""

    key = "cibola"
    title = "Les Trésors de Cibola"
    min_players, max_players = min(EXPLORERS_PER_PLAYER), max(EXPLORERS_PER_PLAYER)
    variants = ("standard",)
    rules_version = 2   # 2: totems within the printed limits (refuge replaces torch; sun, plumes count one more)
    summary = "sealed-bid all-pay auction, set collection, majorities"
    action_types = ACTION_TYPES
    # One greedy round of picks after a bid values the bid far better than random picks do.  The hard level
    # searches 2,000 iterations (800 by default): against the default level it scored 27 of 40 with them (68 %,
    # seeds 0-39) and 11 of 20 with 800.  With 3 and 4 seats the default level searches 400 (200 by default):
    # against greedy bots 29 and 27 of 48 with them, 26 and 20 of 48 with 200 (seeds 0-47; 32 against 25 of 48
    # on seeds 200-247 with 3 seats).  benchmarks/search_screen.py; benchmarks/RESULTS.md.
    search_hints = {"rollout": "greedy", "rollout_depth": 8, "iterations": {"hard": 2000},
                    "players": {3: {"iterations": {"medium": 400}}, 4: {"iterations": {"medium": 400}}}}
    state_class = CibolaState


GAME = CibolaGame()
