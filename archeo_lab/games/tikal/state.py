"""Tikal (Wolfgang Kramer & Michael Kiesling; Super Meeple 2015 edition): the rules.

Set-up ("Matériel et installation"): the board shows the base camp (Camp de
base, A5), two temples of value 1 (A4, B5) and a clearing (B4).  The 36
terrain hexes are shuffled letter by letter and stacked A on top down to G;
the 24 treasure tokens are shuffled face down; the 48 temple levels wait in
nine stacks (3x2 ... 1x10).  Each colour has 1 leader, 18 explorers and 2
camps.

A turn ("Déroulement d'une partie"):

A. *Mettre en jeu un hexagone*: draw the top hex and place it next to a
   placed hex, turned so that at least one passage of stones links it to a
   neighbour (the stones may be on either side).  A volcano only needs to
   touch a placed hex.  A ruin gets as many face-down treasures as masks.
B. *Utiliser ses points d'action*: 10 action points (PA), spent in any order,
   the rest lost: bring a piece into play (1), hop between own camps and the
   base camp (1), move to an adjacent hex (1 per stone), uncover a temple
   level (2), dig a treasure (3), exchange a treasure (3), set up a camp (5),
   place a guardian (5).  Then ``end turn``.

Scoring ("Gagner des points de prestige"): drawing a volcano starts a
scoring round: from the drawer, each player spends 10 AP and then scores
(``scoring.py``); then the drawer places the volcano and plays a normal
turn.  When the stack is empty, a last such round starts left of the last
player.  Ties: the guardian of the highest temple, then the most treasure
tokens, then shared.

Advanced rules (``variant="advanced"``, "Règles avancées"): every score
starts at 20; each round as many hexes are revealed as there are players; an
English auction (ascending, open, in turn) sells the first turn, then the
second and third among the players whose amulet is still face up; the winner
pays their bid in points, chooses a hex, places it, plays, and turns their
amulet; if nobody bids, the first to pass plays for free; the last player
plays for free.  The next round's auction starts left of the last player.
Choosing a volcano starts a scoring round as above (amulets stay as they
are).  The final round is played in increasing order of score.

Decisions where the rule book is silent (kept here, shown in the tutorial,
each tested in ``tests/test_tikal_rules.py``):

* Seat 0 is the oldest player and starts; "to the left" is the next seat.
* **The leader counts as three explorers for temple majorities, both when
  scoring and when placing a guardian**: the rule book calls both "le
  contrôle d'un Temple", "le seul cas où le Chef d'expédition compte pour
  trois".  Everywhere else he is one explorer (to uncover, dig, set up camp).
* A temple majority is strict: a tie at the top scores for nobody.
* A passage into a volcano is no passage, so a new hex must link by stones
  to a non-volcano neighbour.  Should a drawn hex have no such place at all,
  it may go on any free space next to a placed hex.
* Rotations that give the same picture are offered once (the smallest).
* A move crosses one passage, or hops between two of your camps (or the base
  camp); when both link the same two hexes, the cheaper is offered.
* "Two levels of one temple per turn, each with its own explorer": the
  second level needs two of your pieces on the temple when it is uncovered;
  the same for a second treasure from one ruin.  Each turn of a scoring round
  is a turn of its own for these limits.
* Digging takes the top token of the ruin's face-down stack; the two
  face-down piles of the set-up are one shuffled supply.
* An exchange swaps two different kinds, each held exactly once by its
  owner, and needs no explorer anywhere.
* A camp goes on a clearing (or an emptied ruin) that has no camp of any
  colour, never on the base camp.
* The piece made guardian stays; every other piece of its owner on that hex
  leaves the game, the leader included.  A guarded temple scores for its
  guardian's owner only.
* The turn ends by itself when no AP are left; ``end turn`` ends it earlier.
* Advanced: a bid is a whole number of points from one more than the highest
  bid up to your current score; a player who has not passed may bid even when
  all the others have passed without bidding (or pass, and then the first to
  pass plays for free).  Choosing a hex is its own action, so that a chosen
  volcano's scoring round comes before it is placed.  The final round's order
  (increasing score; ties: the nearest seat to the left of the last player
  first) is fixed when it starts.

Where each part lives: this module holds the State (set-up, turn flow, the
effect of each action) and the Game; ``refusals.py`` says what may be played
(the fast list of legal actions, and one check per kind of action that gives
the reason for a refusal); ``auction.py`` the advanced rounds and auctions;
``encoding.py`` the position's fields and its readers (``hex_at``, ``holder``,
...); ``components.py`` every number of the rule book (costs, limits, tables);
``scoring.py`` the scoring; ``hexgrid.py`` the board's geometry and passages;
``saves.py`` the save and the conservation checks.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Sequence
from typing import Any

from archeo_lab.engine import Action, Fields, Game, Rng, State

from . import saves, scoring
from .actions import (
    ACTION_TYPES, CHOOSE as CHOOSE_TILE, PASS, Bid, Bring, ChooseTile, Dig, EndTurn, Exchange, Move, Pass,
    PlaceGuardian, PlaceTile, SetUpCamp, Uncover, bids,
)
from .auction import AuctionRounds
from .components import (
    ACTION_POINTS, ADVANCED_START_POINTS, BASE_CAMP, CAMPS, COSTS, EXPLORERS, LETTERS, LEVEL_PIECES, SIDES, TILE_BY_ID,
    TILES, TREASURE_COPIES, TREASURE_KINDS,
)
from .encoding import (
    ACTIONS, BID, BOXED, CHOOSE, FINAL, GUARD, NORMAL, OVER, PLACE, RESERVE, SCORING, START_BY_INDEX,
    PositionReaders,
)
from .hexgrid import INDEX, LABELS, SPACES, BoardLayout, rotated
from .refusals import Offers, check, offer_numbers

__all__ = ["TikalState", "TikalGame", "GAME", "RESERVE", "BOXED", "GUARD"]

# -- constants ------------------------------------------------------------------------------------
BASE = INDEX[BASE_CAMP]
KIND_INDEX = {k: i for i, k in enumerate(TREASURE_KINDS)}
#: The public log keeps at least this many of its last lines (and at most twice as many).
LOG_KEEP = 24
_BY_LETTER = {letter: [t.id for t in TILES if t.letter == letter] for letter in LETTERS}
_INITIAL_LAYOUT: dict[int, BoardLayout] = {}
_MAX_LEVEL = max(LEVEL_PIECES)
_ROTATED = {t.id: tuple(rotated(t.stones, r) for r in range(len(SIDES))) for t in TILES}


# -- the state --------------------------------------------------------------------------------------

class TikalState(PositionReaders, Offers, AuctionRounds, State):
    """A position of Tikal.  Public fields are read-only for learners; spaces are indices 0..39.

    Board: ``tile_at[i]`` (None empty, 0 printed, else tile id), ``rot``, ``kind``
    (``"camp"``, ``"temple"``, ``"clearing"``, ``"ruin"``, ``"volcano"``), ``stones``
    (after rotation), ``value`` (a temple's top level), ``tokens`` (space -> face-down
    treasures, top last), ``camp_of`` (seat or None), ``guard`` (None or (seat, piece)).
    Pieces: ``expl[seat][i]``, ``leader_at[seat]`` (a space, ``RESERVE``, ``BOXED`` or
    ``GUARD``), ``reserve``, ``boxed``, ``camps_left``, ``guardians``.  Supplies:
    ``levels[v]`` (temple levels of value v left), ``stack`` (hexes, top last),
    ``supply`` (face-down treasures).  Turn: ``phase``, ``ap``, ``turn_kind``, ``queue``
    (seats still to play in this scoring round), ``in_hand`` (the hex to place, or a
    volcano set aside), ``offer`` (advanced: revealed hexes), auction fields.
    Learners read a hex through ``hex_at("C4")`` and a leader through ``leader_where(seat)``.
    """

    __slots__ = (
        "players", "variant", "seed", "rng", "chance_count", "_legal_cache", "current_player", "is_terminal",
        "tile_at", "rot", "kind", "stones", "value", "tokens", "camp_of", "guard",
        "expl", "leader_at", "reserve", "boxed", "camps_left", "guardians", "treasures", "points",
        "levels", "stack", "supply", "phase", "in_hand", "offer", "ap", "turn_kind", "queue", "volcano_by",
        "levels_turn", "digs_turn", "amulet", "bidders", "passed", "high_bid", "high_bidder", "first_pass",
        "bid_turn", "last_player", "scorings", "events", "_geo", "_geo_own", "_xcache", "_occ", "_numbers",
    )
    # -- set-up ("Matériel et installation") -------------------------------------------------------
    @classmethod
    def _new(cls, players: int, seed: int, variant: str) -> TikalState:
        s = object.__new__(cls)
        s.players, s.variant, s.seed = players, variant, seed
        rng = s.rng = Rng(seed)
        s.chance_count, s._legal_cache, s.is_terminal = 0, None, False
        s._numbers = offer_numbers()
        s.tile_at, s.rot = [None] * SPACES, [0] * SPACES
        s.kind, s.stones, s.value = [None] * SPACES, [None] * SPACES, [0] * SPACES
        for i, h in START_BY_INDEX.items():
            s.tile_at[i], s.kind[i], s.stones[i], s.value[i] = 0, h.kind, h.stones, h.value
        s.tokens, s.camp_of, s.guard = {}, [None] * SPACES, [None] * SPACES
        s.expl = [[0] * SPACES for _ in range(players)]
        s._occ = [[] for _ in range(players)]
        s.leader_at = [RESERVE] * players
        s.reserve, s.boxed = [EXPLORERS] * players, [0] * players
        s.camps_left, s.guardians = [CAMPS] * players, [0] * players
        s.treasures = [[0] * len(TREASURE_KINDS) for _ in range(players)]
        s.points = [ADVANCED_START_POINTS if variant == "advanced" else 0] * players
        s.levels = [LEVEL_PIECES.get(v, 0) for v in range(_MAX_LEVEL + 1)]
        # Each letter shuffled, A on top (the end of the list is the top of the stack).
        stack = []
        for letter in reversed(LETTERS):
            group = _BY_LETTER[letter][:]
            rng.shuffle(group)
            stack.extend(group)
        s.stack = stack
        supply = [k for k in TREASURE_KINDS for _ in range(TREASURE_COPIES)]
        rng.shuffle(supply)
        s.supply = supply
        s.phase, s.in_hand, s.offer, s.ap, s.turn_kind = PLACE, None, [], 0, NORMAL
        s.queue, s.volcano_by, s.levels_turn, s.digs_turn = [], None, {}, {}
        s.amulet = [False] * players
        s.bidders, s.passed, s.high_bid, s.high_bidder, s.first_pass, s.bid_turn = [], [], 0, None, None, None
        s.last_player, s.scorings = None, 0
        s.events = [("start", players, variant)]
        # Every game starts on the same printed board: its layout (and move cache) is shared.
        layout = _INITIAL_LAYOUT.get(players)
        if layout is None:
            layout = _INITIAL_LAYOUT[players] = BoardLayout.build(s.kind, s.stones, s.camp_of, players, BASE)
        s._geo, s._geo_own, s._xcache = layout, False, None
        if variant == "advanced":
            s._start_round(0)
        else:
            s._start_turn(0)
        return s

    # -- the contract ---------------------------------------------------------------------------------
    def _legal_actions(self) -> Sequence[Action]:
        phase = self.phase
        if phase == ACTIONS:
            return self._legal_ap()
        if phase == PLACE:
            assert self.in_hand is not None
            return self._legal_place(self.in_hand)
        if phase == BID:
            return [PASS, *bids(self.high_bid + 1, self.points[self._seat()])]
        if phase == CHOOSE:
            return [CHOOSE_TILE[t] for t in sorted(self.offer)]
        return []

    def _is_legal(self, action: Action) -> bool:
        return check(self, action) is None

    def _illegal_reason(self, action: Action) -> str:
        return check(self, action) or f"'{action}' can be played now"

    def _apply(self, action: Action) -> None:
        if type(action) is Move:
            # B, C, « Déplacer un Explorateur »: one piece across one passage, or between two camps (the most
            # frequent step, taken here without a call).
            p, src, dst = self.current_player, INDEX[action.src], INDEX[action.dst]
            assert p is not None
            if action.piece == "leader":
                self.leader_at[p] = dst
            else:
                row = self.expl[p]
                row[src] -= 1
                if not row[src]:
                    self._occ[p].remove(src)
                row[dst] += 1
                if row[dst] == 1:
                    insort(self._occ[p], dst)
            self._log(("move", p, action.piece, action.src, action.dst, action.cost))
            self.ap -= action.cost
            if self.ap <= 0:
                self._end_turn()
            return
        _STEPS[type(action)](self, action)

    def scores(self) -> list[int]:
        """Prestige points on the score track now (the final score once the game is over)."""
        return list(self.points)

    def _tiebreak(self, seat: int) -> tuple[int, int]:
        # "le joueur qui est gardien du temple de plus forte valeur", then "le plus de jetons trésors".
        return (scoring.highest_guarded(self.guard, self.value, seat), sum(self.treasures[seat]))

    def clone(self) -> TikalState:
        c = object.__new__(TikalState)
        c.players, c.variant, c.seed = self.players, self.variant, self.seed
        c.rng = Rng(state=self.rng.state)
        c.chance_count, c._legal_cache = self.chance_count, self._legal_cache
        c.current_player, c.is_terminal = self.current_player, self.is_terminal
        c.tile_at, c.rot, c.kind, c.stones = self.tile_at[:], self.rot[:], self.kind[:], self.stones[:]
        c.value, c.camp_of, c.guard = self.value[:], self.camp_of[:], self.guard[:]
        c.tokens = {i: t[:] for i, t in self.tokens.items()}
        c.expl = [row[:] for row in self.expl]
        c._occ = [o[:] for o in self._occ]
        c.leader_at, c.reserve, c.boxed = self.leader_at[:], self.reserve[:], self.boxed[:]
        c.camps_left, c.guardians, c.points = self.camps_left[:], self.guardians[:], self.points[:]
        c.treasures = [row[:] for row in self.treasures]
        c.levels, c.stack, c.supply = self.levels[:], self.stack[:], self.supply[:]
        c.phase, c.in_hand, c.offer, c.ap = self.phase, self.in_hand, self.offer[:], self.ap
        c.turn_kind, c.queue, c.volcano_by = self.turn_kind, self.queue[:], self.volcano_by
        c.levels_turn, c.digs_turn = dict(self.levels_turn), dict(self.digs_turn)
        c.amulet, c.bidders, c.passed = self.amulet[:], self.bidders[:], self.passed[:]
        c.high_bid, c.high_bidder = self.high_bid, self.high_bidder
        c.first_pass, c.bid_turn = self.first_pass, self.bid_turn
        c.last_player, c.scorings, c.events = self.last_player, self.scorings, self.events[:]
        c._geo, c._xcache, c._numbers = self._geo, self._xcache, self._numbers
        c._geo_own = self._geo_own = False      # both share the layout now: the next to change it copies it
        return c

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` sees: everything but the order of the hex stack and the face-down treasures.

        The stack shows its backs (how many hexes of each letter are left); a
        ruin shows how many tokens lie on it; the supply shows its size.
        """
        self.check_seat(player)
        return {
            "seat": player, "players": self.players, "variant": self.variant, "phase": self.phase,
            "current_player": self.current_player, "turn_kind": self.turn_kind, "ap": self.ap,
            "tiles": [[self.tile_at[i], self.rot[i]] for i in range(SPACES)], "value": list(self.value),
            "tokens_on": {LABELS[i]: len(t) for i, t in sorted(self.tokens.items())},
            "camp_of": list(self.camp_of), "guard": [list(g) if g else None for g in self.guard],
            "explorers": [list(row) for row in self.expl], "leader_at": list(self.leader_at),
            "reserve": list(self.reserve), "boxed": list(self.boxed), "camps_left": list(self.camps_left),
            "treasures": [list(t) for t in self.treasures], "points": list(self.points),
            "levels": list(self.levels), "stack_letters": self.stack_letters(),
            "supply": len(self.supply), "in_hand": self.in_hand, "offer": sorted(self.offer),
            "queue": list(self.queue), "volcano_by": self.volcano_by,
            "levels_turn": sorted(self.levels_turn.items()), "digs_turn": sorted(self.digs_turn.items()),
            "amulet": list(self.amulet), "bidders": list(self.bidders), "passed": list(self.passed),
            "high_bid": self.high_bid, "high_bidder": self.high_bidder, "first_pass": self.first_pass,
            "last_player": self.last_player, "scorings": self.scorings,
            "events": list(self.events),
        }

    def determinize(self, player: int, rng: Rng | int) -> TikalState:
        """A clone where the stack (within each letter) and every face-down treasure are reshuffled."""
        self.check_seat(player)
        rng = self._as_rng(rng)
        c = self.clone()
        stack, start = c.stack, 0
        for end in range(1, len(stack) + 1):
            if end == len(stack) or TILE_BY_ID[stack[end]].letter != TILE_BY_ID[stack[start]].letter:
                group = sorted(stack[start:end])     # sorted first: nothing of the true order leaks
                rng.permute(group)
                stack[start:end] = group
                start = end
        pool = sorted(c.supply + [k for i in sorted(c.tokens) for k in c.tokens[i]])
        rng.permute(pool)
        c.supply = pool[:len(c.supply)]
        at = len(c.supply)
        for i in sorted(c.tokens):
            n = len(c.tokens[i])
            c.tokens[i] = pool[at:at + n]
            at += n
        c._fresh_chance(rng)            # the true seed would give the hex stack away
        return c

    # -- rule queries (used by the legal moves, the checks, the view and the analysis helpers) ----------
    def _seat(self) -> int:
        p = self.current_player
        assert p is not None, "the game is over"
        return p

    def changed(self) -> None:
        """After a hand edit (``positions.position``, a test): forget the legal actions and the cached
        exchanges, and recompute the board's derived data (passages, camps' moves, occupancy) and the
        numbers the offers read (``refusals.offer_numbers``)."""
        super().changed()
        self._xcache = None
        self._numbers = offer_numbers()
        self._geo, self._geo_own = BoardLayout.build(self.kind, self.stones, self.camp_of, self.players, BASE), True
        self._occ = [[i for i in range(SPACES) if row[i]] for row in self.expl]

    def _own_layout(self) -> BoardLayout:
        """The board's layout, copied first if another state may share it (a copy of this state, or a new
        game's printed board): ``_place`` and ``_set_up_camp`` then change it in place."""
        if not self._geo_own:
            self._geo, self._geo_own = self._geo.copy(), True
        return self._geo

    def _log(self, event: tuple[Any, ...]) -> None:
        """Add a line to the public log (only the last lines are kept: ``Match.history`` has them all)."""
        events = self.events
        events.append(event)
        if len(events) > 2 * LOG_KEEP:
            del events[:-LOG_KEEP]

    # -- rule steps: the turn ("Déroulement d'une partie") ------------------------------------------------------
    def _spend(self, cost: int) -> None:
        """B: pay ``cost`` AP; the turn ends by itself when none are left."""
        self.ap -= cost
        if self.ap <= 0:
            self._end_turn()

    def _start_turn(self, p: int) -> None:
        """Standard rules, A: draw the top hex; a volcano starts a scoring round first."""
        if not self.stack:
            self._start_final([(p + k) % self.players for k in range(self.players)])
            return
        tile = self.stack.pop()
        self.chance_count += 1
        self._log(("draw", p, tile))
        self.in_hand = tile
        if TILE_BY_ID[tile].kind == "volcano":
            self._start_scoring_round(p)
        else:
            self.phase, self.current_player = PLACE, p

    def _start_scoring_round(self, p: int) -> None:
        """A volcano ("Décompte"): from its drawer, everyone spends 10 AP and scores; then the drawer places it."""
        self.volcano_by = p
        self.scorings += 1
        self._log(("volcano", p, self.in_hand))
        self.queue = [(p + k) % self.players for k in range(self.players)]
        self._next_scoring_turn(SCORING)

    def _start_final(self, order: list[int]) -> None:
        """"Fin de la partie": once the stack is empty, each player spends 10 AP a last time and scores."""
        self.scorings += 1
        self._log(("final", tuple(order)))
        self.queue = list(order)
        self._next_scoring_turn(FINAL)

    def _next_scoring_turn(self, turn_kind: str) -> None:
        self._begin_actions(self.queue.pop(0), turn_kind)

    def _begin_actions(self, p: int, turn_kind: str) -> None:
        self.phase, self.current_player, self.turn_kind = ACTIONS, p, turn_kind
        self.ap = ACTION_POINTS
        self.levels_turn, self.digs_turn = {}, {}

    def _end_turn(self, action: EndTurn | None = None) -> None:
        """End of the AP (or ``end turn``): in a scoring round the player scores; then the next turn."""
        p, kind = self.current_player, self.turn_kind
        assert p is not None
        self._log(("end", p, self.ap))
        self.ap = 0
        if kind != NORMAL:
            detail = scoring.breakdown(self, p)
            self.points[p] += detail["total"]
            self._log(("score", p, detail["total"], detail["temple_points"], detail["treasure_points"]))
            if self.queue:
                self._next_scoring_turn(kind)
            elif kind == FINAL:
                self.phase, self.current_player, self.is_terminal = OVER, None, True
                self._log(("over", tuple(self.points)))
            else:
                drawer, self.volcano_by = self.volcano_by, None
                self.phase, self.current_player, self.turn_kind = PLACE, drawer, NORMAL
            return
        self.last_player = p
        if self.variant == "advanced":
            self.amulet[p] = True
            self._after_advanced_turn(p)
        else:
            self._start_turn((p + 1) % self.players)

    # -- rule steps: the actions (each already checked) -------------------------------------------------------
    def _place(self, action: PlaceTile) -> None:
        """A: the hex goes on the board; a ruin gets as many face-down treasures as masks."""
        p, tile, i, r = self.current_player, action.tile, INDEX[action.space], action.rotation
        assert p is not None
        info = TILE_BY_ID[tile]
        self.tile_at[i], self.rot[i] = tile, r
        self.stones[i] = _ROTATED[tile][r]
        self.kind[i] = info.kind
        if info.kind == "temple":
            self.value[i] = info.value
        elif info.kind == "ruin":
            got = [self.supply.pop() for _ in range(min(info.value, len(self.supply)))]
            if got:
                self.tokens[i] = got
            else:
                self.kind[i] = "clearing"
        self.in_hand = None
        self._log(("place", p, tile, LABELS[i], r))
        self._own_layout().place(self.kind, self.stones, i)
        self._begin_actions(p, NORMAL)

    def _bring(self, action: Bring) -> None:
        """A, "Mettre en jeu un nouvel Explorateur"."""
        p, i = self.current_player, INDEX[action.space]
        assert p is not None
        if action.piece == "explorer":
            self.reserve[p] -= 1
            self.expl[p][i] += 1
            if self.expl[p][i] == 1:
                insort(self._occ[p], i)
        else:
            self.leader_at[p] = i
        self._log(("bring", p, action.piece, action.space))
        self._spend(COSTS["bring"])

    def _uncover(self, action: Uncover) -> None:
        """D: the next level from the supply goes on the temple."""
        i = INDEX[action.space]
        level = self.value[i] = self.value[i] + 1
        self.levels[level] -= 1
        self.levels_turn[i] = self.levels_turn.get(i, 0) + 1
        self._log(("uncover", self.current_player, action.space, level))
        self._spend(COSTS["uncover"])

    def _dig(self, action: Dig) -> None:
        """E: the top treasure of the ruin; an emptied ruin "devient une Clairière"."""
        p, i = self._seat(), INDEX[action.space]
        stack = self.tokens[i]
        found = stack.pop()
        if not stack:
            del self.tokens[i]
            self.kind[i] = "clearing"
        self.treasures[p][KIND_INDEX[found]] += 1
        self._xcache = None
        self.digs_turn[i] = self.digs_turn.get(i, 0) + 1
        self.chance_count += 1
        self._log(("dig", p, action.space, found))
        self._spend(COSTS["dig"])

    def _exchange(self, action: Exchange) -> None:
        """F: the two treasures change hands."""
        p, s = self._seat(), action.seat
        give, take = KIND_INDEX[action.give], KIND_INDEX[action.take]
        self.treasures[p][give] -= 1
        self.treasures[s][give] += 1
        self.treasures[s][take] -= 1
        self.treasures[p][take] += 1
        self._xcache = None
        self._log(("exchange", p, action.give, s, action.take))
        self._spend(COSTS["exchange"])

    def _set_up_camp(self, action: SetUpCamp) -> None:
        """G: one of the seat's camps on the clearing."""
        p, i = self._seat(), INDEX[action.space]
        self.camp_of[i] = p
        self.camps_left[p] -= 1
        self._own_layout().set_camps(self.camp_of, self.players, BASE)
        self._log(("camp", p, action.space))
        self._spend(COSTS["camp"])

    def _place_guardian(self, action: PlaceGuardian) -> None:
        """H: the piece stays as guardian; every other piece of its owner there leaves the game."""
        p, i, piece = self._seat(), INDEX[action.space], action.piece
        out = self.expl[p][i] - (piece == "explorer")
        self.boxed[p] += out
        if self.expl[p][i]:
            self._occ[p].remove(i)
        self.expl[p][i] = 0
        if self.leader_at[p] == i:
            self.leader_at[p] = GUARD if piece == "leader" else BOXED
            out += piece != "leader"
        self.guard[i] = (p, piece)
        self.guardians[p] += 1
        self._log(("guardian", p, piece, action.space, out))
        self._spend(COSTS["guardian"])

    # -- saves (``saves.py``) -------------------------------------------------------------------------------------
    def _to_dict(self) -> dict[str, Any]:
        return saves.write_state(self)

    @classmethod
    def _from_dict(cls, f: Fields, players: int, variant: str) -> TikalState:
        return saves.read_state(cls, f, players, variant)

    def check(self) -> list[str]:
        """Conservation of hexes, pieces, treasures and levels, and a consistent turn (empty if fine)."""
        return saves.check_state(self)


#: What each kind of action does (``_apply``).
_STEPS: dict[type[Action], Callable[[TikalState, Any], None]] = {
    Bring: TikalState._bring, EndTurn: TikalState._end_turn, PlaceTile: TikalState._place,
    Uncover: TikalState._uncover, Dig: TikalState._dig, Exchange: TikalState._exchange,
    SetUpCamp: TikalState._set_up_camp, PlaceGuardian: TikalState._place_guardian, ChooseTile: TikalState._choose,
    Bid: TikalState._bid, Pass: TikalState._pass,
}


class TikalGame(Game):
    """Tikal: weighted shortest paths, majorities, English auction."""

    key = "tikal"
    title = "Tikal"
    min_players, max_players = 2, 4
    variants = ("standard", "advanced")
    rules_version = 1
    summary = "weighted shortest paths, majorities, English auction"
    action_types = ACTION_TYPES
    state_class = TikalState
    # Ten action points are many small steps: a few greedy steps after each tried action show what it
    # leads to (a level uncovered, a guardian placed), where random steps or none mislead the search.
    # The hard level searches greedy's best 3 moves at every node (``tree_width``) with 400 iterations:
    # against the default level 9 of 10 on seeds 0-9, then the 40-game duel on fresh seeds (benchmarks/RESULTS.md, "The
    # hard level against the default").  More iterations over every move had made a weaker player (800:
    # 5 of 20), so a deeper search pays only on the moves greedy rates best.  With 3 seats every level
    # searches greedy's best 3 moves: 26 of 36 games against two greedy bots, 5 of 12 without.
    search_hints = {"rollout": "greedy", "rollout_depth": 4, "root_width": 8,
                    "iterations": {"hard": 400}, "tree_width": {"hard": 3},
                    "players": {3: {"tree_width": 3}}}


GAME = TikalGame()
