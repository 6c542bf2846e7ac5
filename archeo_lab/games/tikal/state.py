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
"""

from __future__ import annotations

from bisect import insort

from archeo_lab.engine import Action, Fields, Game, Rng, State
from archeo_lab.engine.errors import quote

from . import scoring
from .actions import (
    ACTION_TYPES, Bid, Bring, ChooseTile, Dig, EndTurn, Exchange, Move, Pass, PlaceGuardian, PlaceTile, SetUpCamp,
    Uncover,
)
from .components import (
    ACTION_POINTS, ADVANCED_START_POINTS, BASE_CAMP, CAMPS, COSTS, EXPLORERS, GUARDIANS, LETTERS, LEVEL_PIECES,
    TILE_BY_ID, TILES, TREASURE_COPIES, TREASURE_KINDS,
)
from .encoding import (
    ACTIONS, BID, BOXED, CHOOSE, FINAL, GUARD, NORMAL, OVER, PLACE, RESERVE, SCORING, START_BY_INDEX, Hex,
)
from .hexgrid import INDEX, LABELS, NEIGHBOURS, OPPOSITE, SPACES, distinct_rotations, rotated, side_mask

__all__ = ["TikalState", "TikalGame", "GAME", "RESERVE", "BOXED", "GUARD"]

# -- constants ------------------------------------------------------------------------------------
KINDS = ("camp", "temple", "clearing", "ruin", "volcano")
PIECES = ("explorer", "leader")
BASE = INDEX[BASE_CAMP]
KIND_INDEX = {k: i for i, k in enumerate(TREASURE_KINDS)}
_LEAD3 = scoring.LEADER_STRENGTH
#: The public log keeps at least this many of its last lines (and at most twice as many).
LOG_KEEP = 24
_BY_LETTER = {letter: [t.id for t in TILES if t.letter == letter] for letter in LETTERS}
_INITIAL_GEO: dict[int, _Geo] = {}
#: Treasure kinds in alphabetical order: the order Exchange actions sort in.
_KINDS_ALPHA = tuple(sorted(TREASURE_KINDS))
_KINDS_ALPHA_INDEX = tuple(KIND_INDEX[k] for k in _KINDS_ALPHA)
_START = START_BY_INDEX
_MAX_LEVEL = max(LEVEL_PIECES)

# Interned actions (an action is one object: ``apply`` finds it by identity).
_END, _PASS = EndTurn(), Pass()
_BRING = tuple(tuple(Bring(piece, LABELS[i]) for i in range(SPACES)) for piece in PIECES)
_UNCOVER = tuple(tuple(Uncover(LABELS[i], v) for v in range(_MAX_LEVEL + 1)) for i in range(SPACES))
_DIG = tuple(Dig(LABELS[i]) for i in range(SPACES))
_CAMP = tuple(SetUpCamp(LABELS[i]) for i in range(SPACES))
_GUARDIAN = tuple(tuple(PlaceGuardian(piece, LABELS[i]) for i in range(SPACES)) for piece in PIECES)
_CHOOSE = {t.id: ChooseTile(t.id) for t in TILES}
_PLACE: dict[tuple[int, int, int], PlaceTile] = {}
_EXCHANGE: dict[tuple[int, int, int], Exchange] = {}
_PLACE_TABLE: dict[int, list] = {}
_ROTATED = {t.id: tuple(rotated(t.stones, r) for r in range(6)) for t in TILES}
_BIDS: list[Bid] = []


def _bids(lo: int, hi: int) -> list[Bid]:
    """Bid(lo) .. Bid(hi), interned."""
    while len(_BIDS) <= hi:
        _BIDS.append(Bid(len(_BIDS)))
    return _BIDS[lo:hi + 1]
#: Per tile: its distinct rotations with the sides that carry stones.
_ROTATIONS = {t.id: tuple((r, side_mask(rotated(t.stones, r))) for r in distinct_rotations(t.stones)) for t in TILES}


def _place_action(tile: int, i: int, r: int) -> PlaceTile:
    a = _PLACE.get((tile, i, r))
    if a is None:
        a = _PLACE[(tile, i, r)] = PlaceTile(tile, LABELS[i], r)
    return a


_MOVES: dict[tuple[int, int, int], tuple[Move, Move]] = {}
_MOVE_INFO: dict[Move, tuple[int, int, bool]] = {}       # a move -> (from, to, is the leader)


def _move_actions(i: int, j: int, cost: int) -> tuple[Move, Move]:
    m = _MOVES.get((i, j, cost))
    if m is None:
        m = _MOVES[(i, j, cost)] = (Move("explorer", LABELS[i], LABELS[j], cost),
                                    Move("leader", LABELS[i], LABELS[j], cost))
    return m


def _fill_moves(m: tuple, piece: int, ap: int) -> list:
    """The moves of one piece (0 explorer, 1 leader) costing at most ``ap``, for every ``ap`` at once,
    kept in ``m`` (see ``_Geo``); with at least the dearest passage's AP, all moves (one shared list)."""
    lists, items, acts = m[piece], m[2], m[4]
    full = [a[piece] for a in acts]
    top = max((c for _, c in items), default=0)
    for k in range(top, ACTION_POINTS + 1):
        lists[k] = full
    for k in range(top):
        lists[k] = [a[piece] for (_, c), a in zip(items, acts) if c <= k]
    return lists[ap]


def _exchange_action(give: int, seat: int, take: int) -> Exchange:
    a = _EXCHANGE.get((give, seat, take))
    if a is None:
        a = _EXCHANGE[(give, seat, take)] = Exchange(TREASURE_KINDS[give], seat, TREASURE_KINDS[take])
    return a


class _Geo:
    """Derived data of one board and camp layout, shared by clones until the board or a camp changes.

    ``adj[i]``: passages out of space ``i`` as (space, cost); ``temples``: temple spaces;
    ``nodes[p]``: the base camp and seat ``p``'s camps; ``frontier``: for every free space
    next to a placed hex, the sides towards placed non-volcano hexes as a bit mask, or 64
    when one of them shows stones facing it (any rotation links); ``moves[p][i]``: seat
    ``p``'s moves out of space ``i``, filled on demand (valid for every state sharing this
    object), as (explorer moves by AP left, leader moves by AP left, [(space, cost)],
    whether camp hops are included, the move actions), the lists by AP filled on demand;
    ``bring[p]``: the bring-into-play actions; ``extra``: other caches (``evaluate.py``).
    """

    __slots__ = ("adj", "temples", "nodes", "frontier", "moves", "extra", "bring")

    def __init__(self, adj, temples, nodes, frontier, moves=None, bring=None):
        self.adj, self.temples, self.nodes, self.frontier, self.extra = adj, temples, nodes, frontier, {}
        self.moves = moves if moves is not None else [[None] * SPACES for _ in nodes]
        self.bring = bring or [([_BRING[0][i] for i in n], [_BRING[1][i] for i in n]) for n in nodes]


def _shuffle(rng: Rng, seq: list) -> None:
    """Fisher-Yates with the engine's generator, several positions drawn at once.

    Each swap index is a digit of one uniform number below the product of their ranges
    (a mixed-radix number), so a shuffle of 30 items costs a handful of draws instead of
    29; the result is a uniform permutation all the same.
    """
    i = len(seq) - 1
    while i > 0:
        prod, top = 1, i
        while top > 0 and prod * (top + 1) < _BATCH:
            prod *= top + 1
            top -= 1
        r = rng.below(prod)
        for idx in range(i, top, -1):
            r, j = divmod(r, idx + 1)
            seq[idx], seq[j] = seq[j], seq[idx]
        i = top


_BATCH = 1 << 48


# -- the state --------------------------------------------------------------------------------------

class TikalState(State):
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
    """

    __slots__ = (
        "players", "variant", "seed", "rng", "chance_count", "_legal_cache", "current_player", "is_terminal",
        "tile_at", "rot", "kind", "stones", "value", "tokens", "camp_of", "guard",
        "expl", "leader_at", "reserve", "boxed", "camps_left", "guardians", "treasures", "points",
        "levels", "stack", "supply", "phase", "in_hand", "offer", "ap", "turn_kind", "queue", "volcano_by",
        "levels_turn", "digs_turn", "amulet", "bidders", "passed", "high_bid", "high_bidder", "first_pass",
        "bid_turn", "last_player", "scorings", "events", "_geo", "_xcache", "_occ",
    )

    # -- set-up ("Matériel et installation") -------------------------------------------------------
    @classmethod
    def _new(cls, players: int, seed: int, variant: str) -> TikalState:
        s = object.__new__(cls)
        s.players, s.variant, s.seed = players, variant, seed
        rng = s.rng = Rng(seed)
        s.chance_count, s._legal_cache, s.is_terminal = 0, None, False
        s.tile_at, s.rot = [None] * SPACES, [0] * SPACES
        s.kind, s.stones, s.value = [None] * SPACES, [None] * SPACES, [0] * SPACES
        for i, h in _START.items():
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
        # Every game starts on the same printed board: its derived data (and move cache) is shared.
        geo = _INITIAL_GEO.get(players)
        if geo is None:
            s._geo = None
            s._rebuild_geo()
            geo = _INITIAL_GEO[players] = s._geo
        s._geo = geo
        s._xcache = None
        if variant == "advanced":
            s._start_round(0)
        else:
            s._start_turn(0)
        return s

    # -- the contract ---------------------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == ACTIONS:
            return self._legal_ap()
        if phase == PLACE:
            return self._legal_place(self.in_hand)
        if phase == BID:
            lo = self.high_bid + 1
            return [_PASS] + _bids(lo, self.points[self.current_player])
        if phase == CHOOSE:
            return [_CHOOSE[t] for t in sorted(self.offer)]
        return []

    def _apply(self, action: Action) -> None:
        kind = type(action)
        p = self.current_player
        if kind is Move:
            info = _MOVE_INFO.get(action)
            if info is None:
                info = _MOVE_INFO[action] = (INDEX[action.src], INDEX[action.dst], action.piece == "leader")
            if info[2]:
                self.leader_at[p] = info[1]
            else:
                row, src, dst = self.expl[p], info[0], info[1]
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
        elif kind is Bring:
            i = INDEX[action.space]
            if action.piece == "explorer":
                self.reserve[p] -= 1
                self.expl[p][i] += 1
                if self.expl[p][i] == 1:
                    insort(self._occ[p], i)
            else:
                self.leader_at[p] = i
            self._log(("bring", p, action.piece, action.space))
            self._spend(COSTS["bring"])
        elif kind is EndTurn:
            self._end_turn()
        elif kind is PlaceTile:
            self._place(action.tile, INDEX[action.space], action.rotation)
        elif kind is Uncover:
            self._uncover(INDEX[action.space])
        elif kind is Dig:
            self._dig(INDEX[action.space])
        elif kind is Exchange:
            self._exchange(action)
        elif kind is SetUpCamp:
            self._set_up_camp(INDEX[action.space])
        elif kind is PlaceGuardian:
            self._place_guardian(action.piece, INDEX[action.space])
        elif kind is ChooseTile:
            self._choose(action.tile)
        elif kind is Bid:
            self._bid(action.amount)
        else:
            self._pass()

    def scores(self) -> list[int]:
        """Prestige points on the score track now (the final score once the game is over)."""
        return list(self.points)

    def _tiebreak(self, seat: int) -> tuple:
        # "le joueur qui est gardien du temple de plus forte valeur", then "le plus de jetons trésors".
        guarded = [self.value[i] for i in range(SPACES) if self.guard[i] is not None and self.guard[i][0] == seat]
        return (max(guarded, default=0), sum(self.treasures[seat]))

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
        c._geo, c._xcache = self._geo, self._xcache
        return c

    def observation(self, player: int) -> dict:
        """What ``player`` sees: everything but the order of the hex stack and the face-down treasures.

        The stack shows its backs (how many hexes of each letter are left); a
        ruin shows how many tokens lie on it; the supply shows its size.
        """
        self.check_seat(player)
        letters = {}
        for t in self.stack:
            letter = TILE_BY_ID[t].letter
            letters[letter] = letters.get(letter, 0) + 1
        return {
            "seat": player, "players": self.players, "variant": self.variant, "phase": self.phase,
            "current_player": self.current_player, "turn_kind": self.turn_kind, "ap": self.ap,
            "tiles": [[self.tile_at[i], self.rot[i]] for i in range(SPACES)], "value": list(self.value),
            "tokens_on": {LABELS[i]: len(t) for i, t in sorted(self.tokens.items())},
            "camp_of": list(self.camp_of), "guard": [list(g) if g else None for g in self.guard],
            "explorers": [list(row) for row in self.expl], "leader_at": list(self.leader_at),
            "reserve": list(self.reserve), "boxed": list(self.boxed), "camps_left": list(self.camps_left),
            "treasures": [list(t) for t in self.treasures], "points": list(self.points),
            "levels": list(self.levels), "stack_letters": dict(sorted(letters.items())),
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
        c._legal_cache = None
        stack, start = c.stack, 0
        for end in range(1, len(stack) + 1):
            if end == len(stack) or TILE_BY_ID[stack[end]].letter != TILE_BY_ID[stack[start]].letter:
                group = sorted(stack[start:end])     # sorted first: nothing of the true order leaks
                _shuffle(rng, group)
                stack[start:end] = group
                start = end
        pool = sorted(c.supply + [k for i in sorted(c.tokens) for k in c.tokens[i]])
        _shuffle(rng, pool)
        c.supply = pool[:len(c.supply)]
        at = len(c.supply)
        for i in sorted(c.tokens):
            n = len(c.tokens[i])
            c.tokens[i] = pool[at:at + n]
            at += n
        c._fresh_chance(rng)            # the true seed would give the hex stack away
        return c

    # -- rule queries (used by the legal moves, the view and the analysis helpers) ----------------------
    def placement_spaces(self, tile: int) -> dict[str, list[int]]:
        """``placements`` by space name: ``{"D3": [0, 2], ...}`` (the rotations for each space)."""
        out: dict[str, list[int]] = {}
        for i, r in self.placements(tile):
            out.setdefault(LABELS[i], []).append(r)
        return out

    def placements(self, tile: int) -> list[tuple[int, int]]:
        """(space, rotation) pairs where ``tile`` may be placed now, sorted ("Règle de pose").

        Next to a placed hex; a non-volcano needs a passage (stones on its side, on the
        neighbour's facing side, or both) to a non-volcano neighbour.  Identical rotations
        are listed once.  If a non-volcano has no such place, any free space next to a
        placed hex will do (a case the rule book does not cover).
        """
        return [(INDEX[a.space], a.rotation) for a in self._legal_place(tile)]

    def _legal_place(self, tile: int) -> list[PlaceTile]:
        table = _PLACE_TABLE.get(tile)
        if table is None:
            table = _PLACE_TABLE[tile] = [{} for _ in range(SPACES)]
        frontier = sorted(self._geo.frontier.items())
        if TILE_BY_ID[tile].kind == "volcano":               # touching is enough, and only rotation 0
            return [_place_action(tile, i, 0) for i, _ in frontier]
        out = []
        for i, need in frontier:
            acts = table[i].get(need)
            if acts is None:
                acts = table[i][need] = [_place_action(tile, i, r) for r, mask in _ROTATIONS[tile]
                                         if need == 64 or mask & need]
            out += acts
        if not out:
            out = [_place_action(tile, i, r) for i, _ in frontier for r, _ in _ROTATIONS[tile]]
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

        >>> s = GAME.new_state(players=2, seed=1)
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
        return self._strength(seat, self._space(i))

    def holder(self, i: int | str) -> int | None:
        """Who holds the temple on space ``i`` (a name or an index) now: its guardian's owner, else the
        strict majority."""
        return self._holder(self._space(i))

    def _strength(self, seat: int, i: int) -> int:
        return scoring.strength(self.expl[seat][i], self.leader_at[seat] == i)

    def _holder(self, i: int) -> int | None:
        g = self.guard[i]                            # a scoring round asks this for every temple: indices only
        if g is not None:
            return g[0]
        return scoring.temple_holder([self._strength(s, i) for s in self.seats])

    def score_breakdown(self, seat: int) -> dict:
        """What ``seat`` would score if a scoring happened now: temples held and treasure sets."""
        temples = {LABELS[i]: self.value[i] for i in self._geo.temples if self._holder(i) == seat}
        treasure = scoring.treasure_score(self.treasures[seat])
        return {"temples": temples, "temple_points": sum(temples.values()), "treasure_points": treasure,
                "total": sum(temples.values()) + treasure}

    def move_cost(self, seat: int, src: int, dst: int) -> int | None:
        """AP for one of ``seat``'s pieces to go from ``src`` to ``dst`` in one move, or None."""
        if self.kind[src] in (None, "volcano"):
            return None
        for j, c in self._moves_from(seat, src)[2]:
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

    # -- legal actions of the AP phase ---------------------------------------------------------------------
    def _legal_ap(self) -> list[Action]:
        p, ap, geo = self.current_player, self.ap, self._geo
        out = [_END]
        lead = self.leader_at[p]
        costs = COSTS                                # read at each call: one place for every cost
        if ap >= costs["bring"]:
            if self.reserve[p] > 0:
                out += geo.bring[p][0]
            if lead == RESERVE:
                out += geo.bring[p][1]
        row = self.expl[p]
        table = geo.moves[p]
        occupied = self._occ[p]
        for i in occupied:
            m = table[i] or self._moves_from(p, i)
            lst = m[0][ap]
            if lst is None:
                lst = _fill_moves(m, 0, ap)
            out += lst
        if lead >= 0:
            m = table[lead] or self._moves_from(p, lead)
            lst = m[1][ap]
            if lst is None:
                lst = _fill_moves(m, 1, ap)
            out += lst
            if not row[lead]:
                occupied = occupied + [lead]         # order is restored by sorting ``extra`` below
        uncover, dig, exchange, camp, guardian = (costs["uncover"], costs["dig"], costs["exchange"], costs["camp"],
                                                  costs["guardian"])
        if ap < uncover and ap < dig and ap < exchange and ap < camp and ap < guardian:
            return out
        kind = self.kind
        extra = []                                   # (kind order, space, action): uncover, dig, camp, guardians
        can_camp = ap >= camp and self.camps_left[p] > 0
        can_uncover, can_guard = ap >= uncover, ap >= guardian
        for i in occupied:
            k = kind[i]
            if k == "clearing":
                if can_camp and self.camp_of[i] is None:
                    extra.append((2, i, _CAMP[i]))
            elif k == "temple":
                if self.guard[i] is None:
                    self._temple_actions(p, i, row[i], lead, can_uncover, can_guard, extra)
            elif k == "ruin" and ap >= dig:
                done = self.digs_turn.get(i, 0)
                if done < 2 and row[i] + (lead == i) > done:
                    extra.append((1, i, _DIG[i]))
        if extra:
            extra.sort()                             # grouped by kind, each group in space order
            out += [a for _, _, a in extra]
        if ap >= exchange:
            cached = self._xcache
            out += cached[1] if cached is not None and cached[0] == p else self._exchanges(p)
        return out

    def _temple_actions(self, p: int, i: int, n: int, lead: int, can_uncover: bool, can_guard: bool,
                        extra: list) -> None:
        """Uncover and guardian actions on the temple at ``i`` where ``p`` has ``n`` explorers (+ leader?)."""
        here = n + (lead == i)
        v = self.value[i] + 1
        done = self.levels_turn.get(i, 0)
        if can_uncover and v <= _MAX_LEVEL and self.levels[v] and done < 2 and here > done:
            extra.append((0, i, _UNCOVER[i][v]))
        if can_guard and self.guardians[p] < GUARDIANS:
            mine = n + (_LEAD3 if lead == i else 0)
            for s in range(self.players):
                if s != p and self.expl[s][i] + (_LEAD3 if self.leader_at[s] == i else 0) >= mine:
                    return
            if n:
                extra.append((3, i, _GUARDIAN[0][i]))
            if lead == i:
                extra.append((4, i, _GUARDIAN[1][i]))

    def _exchanges(self, p: int) -> list[Exchange]:
        cached = self._xcache
        if cached is not None and cached[0] == p:
            return cached[1]
        mine = [k for k in _KINDS_ALPHA_INDEX if self.treasures[p][k] == 1]
        if mine:
            theirs = [(s, [k for k in _KINDS_ALPHA_INDEX if self.treasures[s][k] == 1]) for s in self.seats if s != p]
            out = [_exchange_action(give, s, take) for give in mine for s, ks in theirs for take in ks if take != give]
        else:
            out = []
        self._xcache = (p, out)
        return out

    def _moves_from(self, p: int, i: int):
        """Seat ``p``'s moves out of space ``i`` (see ``_Geo``), computed once per board and camp layout.

        Away from the seat's own camps the moves are the passages, the same for every seat:
        they are computed once and shared by all seats.
        """
        geo = self._geo
        nodes = geo.nodes[p]
        hops = i in nodes and len(nodes) > 1
        if not hops:
            for row in geo.moves:
                m = row[i]
                if m is not None and not m[3]:
                    geo.moves[p][i] = m
                    return m
        dsts = dict(geo.adj[i])
        if hops:
            for j in nodes:
                if j != i:
                    dsts[j] = COSTS["camp_move"]    # a hop between own camps (action C), whatever the passage
        items = sorted(dsts.items())
        acts = [_move_actions(i, j, c) for j, c in items]
        m = ([None] * (ACTION_POINTS + 1), [None] * (ACTION_POINTS + 1), items, hops, acts)
        geo.moves[p][i] = m
        return m

    def _rebuild_geo(self, camps_only: bool = False, placed: int | None = None) -> None:
        """New derived data after a camp is set up, a hex ``placed``, or a load (from scratch)."""
        kind = self.kind
        old = self._geo
        if camps_only and old is not None:
            # Only the camp owner's moves out of its camps and the base camp change.
            nodes = tuple(tuple(sorted([BASE] + [i for i in range(SPACES) if self.camp_of[i] == p]))
                          for p in range(self.players))
            moves = [row[:] for row in old.moves]
            for p in range(self.players):
                if nodes[p] != old.nodes[p]:
                    for i in nodes[p]:
                        moves[p][i] = None
            self._geo = _Geo(old.adj, old.temples, nodes, old.frontier, moves)
            return
        elif placed is not None and old is not None:
            # Only the new hex and its neighbours change; other cached moves stay valid.
            adj = list(old.adj)
            adj[placed] = mine = self._passages(placed)
            for j, c in mine:                                   # the neighbours gain one passage each
                adj[j] = tuple(sorted(adj[j] + ((placed, c),)))
            temples = tuple(sorted(old.temples + (placed,))) if kind[placed] == "temple" else old.temples
            # The free neighbours of the new hex gain a side towards it (unless it is a volcano).
            fr = dict(old.frontier)
            fr.pop(placed, None)
            volcano = kind[placed] == "volcano"
            st = self.stones[placed]
            for d, j in enumerate(NEIGHBOURS[placed]):
                if j < 0 or kind[j] is not None:
                    continue
                need = fr.get(j, 0)
                if not volcano:
                    need = 64 if need == 64 or st[d] else need | 1 << OPPOSITE[d]
                fr[j] = need
            moves = [row[:] for row in old.moves]
            for row in moves:
                row[placed] = None
                for j, _ in mine:
                    row[j] = None
            self._geo = _Geo(tuple(adj), temples, old.nodes, fr, moves, old.bring)
            return
        else:
            adj = tuple(self._passages(i) for i in range(SPACES))
            temples = tuple(i for i in range(SPACES) if kind[i] == "temple")
            frontier = {}
            for i in range(SPACES):
                need = self._frontier_need(i)
                if need is not None:
                    frontier[i] = need
        nodes = tuple(tuple(sorted([BASE] + [i for i in range(SPACES) if self.camp_of[i] == p]))
                      for p in range(self.players))
        self._geo = _Geo(adj, temples, nodes, frontier)

    def _frontier_need(self, i: int) -> int | None:
        """What a hex on free space ``i`` must link to (see ``_Geo.frontier``), or None if ``i`` is not
        next to a placed hex."""
        kind, stones = self.kind, self.stones
        if kind[i] is not None:
            return None
        need, adjacent = 0, False
        for d, j in enumerate(NEIGHBOURS[i]):
            if j < 0:
                continue
            k = kind[j]
            if k is None:
                continue
            adjacent = True
            if k == "volcano":
                continue
            if stones[j][OPPOSITE[d]]:
                return 64
            need |= 1 << d
        return need if adjacent else None

    def _passages(self, i: int) -> tuple[tuple[int, int], ...]:
        """(neighbour, stones) for every passage out of space ``i`` (none into or out of a volcano)."""
        kind, stones = self.kind, self.stones
        k = kind[i]
        if k is None or k == "volcano":
            return ()
        st, out = stones[i], []
        for d, j in enumerate(NEIGHBOURS[i]):
            if j < 0:
                continue
            kj = kind[j]
            if kj is None or kj == "volcano":
                continue
            c = st[d] + stones[j][OPPOSITE[d]]
            if c:
                out.append((j, c))
        return tuple(out)

    def changed(self) -> None:
        """After a hand edit (``positions.position``, a test): forget the legal actions and the cached
        exchanges, and recompute the board's derived data (passages, camps' moves, occupancy)."""
        super().changed()
        self._xcache = None
        self._geo = None
        self._rebuild_geo()
        self._rebuild_occupancy()

    def _rebuild_occupancy(self) -> None:
        """Recompute the spaces where each seat has explorers (derived data, after a load or a set-up)."""
        self._occ = [[i for i in range(SPACES) if row[i]] for row in self.expl]

    def _log(self, event: tuple) -> None:
        """Add a line to the public log (only the last lines are kept: ``Match.history`` has them all)."""
        events = self.events
        events.append(event)
        if len(events) > 2 * LOG_KEEP:
            del events[:-LOG_KEEP]

    # -- rule steps ------------------------------------------------------------------------------------------
    def _spend(self, cost: int) -> None:
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
        """A volcano: from its drawer, everyone spends 10 AP and scores; then the drawer places it."""
        self.volcano_by = p
        self.scorings += 1
        self._log(("volcano", p, self.in_hand))
        self.queue = [(p + k) % self.players for k in range(self.players)]
        self._next_scoring_turn(SCORING)

    def _start_final(self, order: list[int]) -> None:
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

    def _place(self, tile: int, i: int, r: int) -> None:
        p, info = self.current_player, TILE_BY_ID[tile]
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
        self._rebuild_geo(placed=i)
        self._begin_actions(p, NORMAL)

    def _uncover(self, i: int) -> None:
        level = self.value[i] + 1
        self.value[i] = level
        self.levels[level] -= 1
        self.levels_turn[i] = self.levels_turn.get(i, 0) + 1
        self._log(("uncover", self.current_player, LABELS[i], level))
        self._spend(COSTS["uncover"])

    def _dig(self, i: int) -> None:
        p = self.current_player
        stack = self.tokens[i]
        found = stack.pop()
        if not stack:
            del self.tokens[i]
            self.kind[i] = "clearing"           # "elle devient une Clairière"
        self.treasures[p][KIND_INDEX[found]] += 1
        self._xcache = None
        self.digs_turn[i] = self.digs_turn.get(i, 0) + 1
        self.chance_count += 1
        self._log(("dig", p, LABELS[i], found))
        self._spend(COSTS["dig"])

    def _exchange(self, action: Exchange) -> None:
        p, s = self.current_player, action.seat
        give, take = KIND_INDEX[action.give], KIND_INDEX[action.take]
        self.treasures[p][give] -= 1
        self.treasures[s][give] += 1
        self.treasures[s][take] -= 1
        self.treasures[p][take] += 1
        self._xcache = None
        self._log(("exchange", p, action.give, s, action.take))
        self._spend(COSTS["exchange"])

    def _set_up_camp(self, i: int) -> None:
        p = self.current_player
        self.camp_of[i] = p
        self.camps_left[p] -= 1
        self._rebuild_geo(camps_only=True)
        self._log(("camp", p, LABELS[i]))
        self._spend(COSTS["camp"])

    def _place_guardian(self, piece: str, i: int) -> None:
        p = self.current_player
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
        self._log(("guardian", p, piece, LABELS[i], out))
        self._spend(COSTS["guardian"])

    def _end_turn(self) -> None:
        p, kind = self.current_player, self.turn_kind
        self._log(("end", p, self.ap))
        self.ap = 0
        if kind != NORMAL:
            detail = self.score_breakdown(p)
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

    # -- advanced rules: rounds and English auctions ------------------------------------------------------
    def _start_round(self, first: int) -> None:
        """Advanced rules A: reveal as many hexes as players; the auction starts with ``first``."""
        n = self.players
        if not self.stack:
            order = sorted(self.seats, key=lambda s: (self.points[s], (s - self.last_player - 1) % n))
            self._start_final(order)
            return
        self.offer = [self.stack.pop() for _ in range(min(n, len(self.stack)))]
        self.chance_count += 1
        self.amulet = [False] * n
        self._log(("reveal", tuple(self.offer)))
        self._start_auction([(first + k) % n for k in range(n)])

    def _start_auction(self, bidders: list[int]) -> None:
        self.bidders, self.passed = bidders, []
        self.high_bid, self.high_bidder, self.first_pass = 0, None, None
        self.bid_turn = bidders[0]
        self.phase, self.current_player = BID, bidders[0]

    def _after_advanced_turn(self, p: int) -> None:
        n = self.players
        waiting = [(p + k) % n for k in range(1, n + 1) if not self.amulet[(p + k) % n]]
        if not self.offer or not waiting:
            self._start_round((p + 1) % n)
        elif len(waiting) == 1:
            self._log(("free", waiting[0]))
            self.phase, self.current_player = CHOOSE, waiting[0]
        else:
            self._start_auction(waiting)

    def _bid(self, amount: int) -> None:
        p = self.current_player
        self.high_bid, self.high_bidder = amount, p
        self._log(("bid", p, amount))
        self._next_bidder()

    def _pass(self) -> None:
        p = self.current_player
        self.passed.append(p)
        if self.first_pass is None:
            self.first_pass = p
        self._log(("pass", p))
        self._next_bidder()

    def _next_bidder(self) -> None:
        active = [s for s in self.bidders if s not in self.passed]
        if self.high_bidder is not None and active == [self.high_bidder]:
            winner, price = self.high_bidder, self.high_bid
            self.points[winner] -= price
            self._log(("won", winner, price))
        elif not active:
            winner = self.first_pass
            self._log(("won", winner, 0))
        else:
            k = self.bidders.index(self.current_player)
            m = len(self.bidders)
            nxt = next(self.bidders[(k + j) % m] for j in range(1, m + 1) if self.bidders[(k + j) % m] in active)
            self.bid_turn = self.current_player = nxt
            return
        self.bidders, self.passed, self.bid_turn = [], [], None
        self.high_bid, self.high_bidder, self.first_pass = 0, None, None
        self.phase, self.current_player = CHOOSE, winner

    def _choose(self, tile: int) -> None:
        p = self.current_player
        self.offer.remove(tile)
        self.in_hand = tile
        self._log(("choose", p, tile))
        if TILE_BY_ID[tile].kind == "volcano":
            self._start_scoring_round(p)
        else:
            self.phase = PLACE

    # -- refusals ----------------------------------------------------------------------------------------------
    def _illegal_reason(self, action: Action) -> str:
        from .refusals import illegal_reason
        return illegal_reason(self, action)

    # -- saves ---------------------------------------------------------------------------------------------------
    def _to_dict(self) -> dict:
        return {
            # Sparse: only the explored spaces ([space, tile (0: printed), rotation, temple value]),
            # the occupied ones, the camps and the guardians.
            "board": [[LABELS[i], t, self.rot[i], self.value[i]] for i, t in enumerate(self.tile_at) if t is not None],
            "tokens": [[LABELS[i], list(t)] for i, t in sorted(self.tokens.items())],
            "camps": [[LABELS[i], c] for i, c in enumerate(self.camp_of) if c is not None],
            "guards": [[LABELS[i], g[0], g[1]] for i, g in enumerate(self.guard) if g is not None],
            "explorers": [[[LABELS[i], row[i]] for i in occ] for row, occ in zip(self.expl, self._occ)],
            "leader_at": list(self.leader_at),
            "reserve": list(self.reserve), "boxed": list(self.boxed), "camps_left": list(self.camps_left),
            "treasures": [list(t) for t in self.treasures], "points": list(self.points),
            "levels": list(self.levels), "stack": list(self.stack), "supply": list(self.supply),
            "phase": self.phase, "current_player": self.current_player, "in_hand": self.in_hand,
            "offer": list(self.offer), "ap": self.ap, "turn_kind": self.turn_kind, "queue": list(self.queue),
            "volcano_by": self.volcano_by,
            "levels_turn": [[LABELS[i], n] for i, n in sorted(self.levels_turn.items())],
            "digs_turn": [[LABELS[i], n] for i, n in sorted(self.digs_turn.items())],
            "amulet": list(self.amulet), "bidders": list(self.bidders), "passed": list(self.passed),
            "high_bid": self.high_bid, "high_bidder": self.high_bidder, "first_pass": self.first_pass,
            "bid_turn": self.bid_turn, "last_player": self.last_player, "scorings": self.scorings,
            "events": list(self.events),
        }

    @classmethod
    def _from_dict(cls, f: Fields, players: int, variant: str) -> TikalState:
        from .saves import read_state
        return read_state(cls, f, players, variant)

    def check(self) -> list[str]:
        """Conservation of hexes, pieces, treasures and levels, and a consistent turn (empty if fine)."""
        from .saves import check_state
        return check_state(self)



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
    search_hints = {"rollout": "greedy", "rollout_depth": 4, "root_width": 8}


GAME = TikalGame()
