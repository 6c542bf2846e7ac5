"""Expedition Luxor (Rüdiger Dorn, Queen Games 2018): the rules.

Set-up (*Mise en place*): every player has 24 terrain tiles (*tuiles Terrain*),
stacked face down by back number, 1 on top down to 5, and 30 adventurers
(*aventuriers*) in their reserve.  Each player looks at their four "1" tiles,
keeps the camp and **one tile of their choice** as their hand, and lays the two
others face down in the middle; the engine takes these choices seat by seat
(``keep mountain``), hidden from the others until all are in, then shuffles
the laid tiles into the start layout and reveals it.  The youngest player,
seat 0, starts; play goes clockwise (seat numbers going up).

A turn (*Placer 1, 2 ou 3 tuiles*): place a tile from the hand of two
(``place oasis temple at F5``), orthogonally next to a placed tile, inside
the play area (7 x 7, 9 x 9 or 10 x 10: ``scoring.board_limit``); draw the
next tile of your pile at once.  The first tile is mandatory; a second and
third are optional, and ``end turn`` stops.

Camps (*Placer un campement*): a desert camp takes 1 adventurer from the
reserve, an oasis camp 2, plus extras up to 5 in all (``camp with 4
adventurers``).  Only the extras may move, at once (*Déplacer les
aventuriers*): as one group in one straight line, tile to tile, never across an empty space;
to enter a tile a group leaves on it at least 1 (desert), 2 (oasis) or 3
(mountain) adventurers; lakes and tiles under snakes cannot be entered; no
tile may end a move with more than four adventurers; only the surplus on the
tile just entered may go on, and it decides adventurer by adventurer
(``move 4 adventurers F6 -> F5`` then ``move 2 adventurers F5 -> F4``).
Newcomers go on top of a stack; placed adventurers never move again.

End (*Fin de partie*): when every tile is placed (a player without tiles
passes); the top adventurer of each camp, temple and pyramid scores 1, 2 or 3
(``scoring.tile_points``); ties go to the most adventurers left in the
reserve, then are shared.

"Nouvelles aventures" (``variant="adventures"``): 8 action tokens per player
(*jetons Action*: two each of boat, snakes, sandstorm, caravan), shuffled face
down, 3 in hand, hidden from the others.  After placing 1, 2 or 3 tiles, a
player with an adventurer on a mountain may use one (``use boat from D4 on
F2``), then draws a new one if any are left; using it ends the turn.

* *Bateau* (boat): take one of your adventurers off a mountain back to your
  reserve; put the boat on an unoccupied lake.  End: +1 per camp, temple and
  pyramid orthogonally next to it.
* *Serpents* (snakes): take one of your adventurers off a mountain back to
  your reserve; put the snakes on any unoccupied tile: nobody may enter it.
* *Tempête de sable* (sandstorm): move one of your adventurers from a
  mountain to a tile where you hold the majority; the other players'
  adventurers there are taken and put in front of you (+1 each at the end).
* *Caravane* (caravan): move one of your adventurers from a mountain to an
  orthogonally adjacent tile that is not a lake, not under snakes and does not
  already hold 4 adventurers.

Decisions where the rule book is silent (kept here, shown in the tutorial,
tested in ``tests/test_luxor_rules.py``):

* **Hands are hidden.** Tiles and tokens in hand are held like cards; the
  others see how many, and the back numbers of the tiles.  The kept "1" tile
  stays hidden until it is placed.
* **Layout.** The laid tiles are shuffled and dealt row by row into a
  2 x N rectangle (N = players) in the middle of the grid (GAPS.md 2.4).
* **Draw order.** The new tile is drawn right after a tile is placed, before
  the camp's adventurers are placed or moved.
* **Short reserve.** A camp takes what the reserve still has when it holds
  fewer than the 1 or 2 required; with an empty reserve the camp is bare.
* **One line per camp** (the default).  « Les aventuriers se déplacent en
  ligne droite sans faire de détours » describes one straight line, and the
  rule book's example moves one group that drops adventurers along it (camp,
  temple, pyramid); Robber Knights, which Luxor re-themes, has the stack leave
  "in one of the possible directions".  So the extras that go leave the camp
  together, in one direction; those that stay are settled on the camp, and the
  group drops adventurers tile by tile as it goes.  « Il est possible de
  déplacer tous les aventuriers supplémentaires ... vers d'autres tuiles »
  (plural) can also be read as several groups: that reading is the named
  variant ``"standard+split"`` (``"adventures+split"`` with the tokens), off by
  default, where each group leaves in a line of its own, one after the other,
  a group's line ending when the player moves another group, places a tile,
  uses a token or ends the turn.
* **Four at the end of the move.** A tile may hold more than four while a
  line passes through it, as long as the surplus goes on (the rule book's
  example does this); a move is legal only if the line can still end with no
  tile above four.  The camp itself may keep five.
* **Automatic steps.** A choice with a single option is made for the player:
  the adventurers on a camp when the reserve cannot pay for an extra, and the
  end of a turn when nothing else may be done.
* **Tokens.** A token is the turn's last act: « Après avoir placé 1, 2 ou 3
  tuiles Terrain lors de son tour, le joueur actif peut utiliser un de ses 3
  jetons Action » puts it after the tiles, and one token a turn, so using it
  ends the turn.  The adventurer taken from a mountain is the player's topmost
  one there.  Snakes may cover any tile without adventurers or token (a lake
  too, or the mountain just emptied).  "Majority" for the sandstorm means
  more adventurers than each other player; the sandstorm's target must end
  with at most four adventurers, like any move, and cannot be the mountain
  itself.  The caravan ignores entry costs (the rule book lists its only
  limits).

Actions, in the rule book's words (``actions.py``): ``keep mountain``,
``place desert camp at F5``, ``camp with 4 adventurers``, ``move 2
adventurers F5 -> F4``, ``end turn``, ``use sandstorm from D4 to E5``.  The
game's numbers (entry costs, limits, points) come from ``components.py``,
read once per game (``LuxorState.numbers``); why an action is refused is
worked out by ``refusals.py``, from the same checks that decide legality.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from operator import attrgetter, itemgetter
from typing import Any

from archeo_lab.engine import Action, Fields, Game, Rng, State

from . import hidden, movement, refusals, saves, tokens
from .actions import ACTION_TYPES, Camp, EndTurn, GridActions, Keep, Move, Place, UseToken, grid_actions
from .components import ADVENTURERS_PER_PLAYER, KEEP_CHOICES, KIND_INDEX, KINDS, RuleNumbers, rule_numbers
from .encoding import (
    ADVENTURES, BACK_OF, CAMP, FIRST_TILES, IS_BUILDING, IS_CAMP, KEEP, KIND_NAMES, KIND_OF, OVER, PILE_GROUPS, PLAY,
    SPLIT, STANDARD, VARIANTS, code_kind, first_hand, laid_tiles, token_set,
)
from .grid import Geometry, geometry

__all__ = [
    "Keep", "Place", "Camp", "Move", "EndTurn", "UseToken", "LuxorState", "LuxorGame", "GAME",
    "STANDARD", "ADVENTURES", "SPLIT", "VARIANTS", "KEEP_CHOICES",
]

_KEEPS = tuple(Keep(k) for k in KEEP_CHOICES)
_CAMPS = tuple(Camp(n) for n in range(ADVENTURERS_PER_PLAYER + 1))
_END = EndTurn()
#: A hand (its tile codes, in order) -> the kinds of tile in it, sorted (hands recur; rebuilt when full).
_HAND_KINDS: dict[tuple[int, ...], tuple[int, ...]] = {}
_ORDER = attrgetter("adventurers", "source", "target")


class LuxorState(State):
    """A position of Expedition Luxor.  Public fields are read-only for learners.

    The grid (``geo``, see ``grid.py``) is a list of cells; per cell ``kind``
    (index into ``components.KINDS``, -1 if empty), ``back`` (its back number),
    ``placer`` (seat that placed it, -1 for the start layout) and ``stack``
    (the adventurers' seats, bottom to top).  ``tokens`` maps a cell to a boat
    or snakes token and its owner.  ``hand``/``pile``: each seat's tiles as
    codes ``back * 16 + kind`` (``encoding.py``; the top of the pile is the end
    of the list).  ``placed``: tiles placed this turn; ``camp``/``camp_movable``:
    the camp placed this turn and its extras still free to move; ``head``,
    ``head_dir``, ``head_in``: the tile the moving group just entered, its
    direction and how many entered.  ``events``: the public log.  ``numbers``:
    the rules' numbers this game is played with (``components.RuleNumbers``).
    """

    __slots__ = (
        "players", "variant", "adventures", "split_lines", "seed", "rng", "chance_count", "_legal_cache",
        "current_player", "is_terminal", "geo", "table", "numbers", "phase", "kind", "back", "placer", "stack",
        "tokens", "cells", "frontier", "minx", "maxx", "miny", "maxy", "hand", "pile", "kept", "reserve",
        "captives", "token_hand", "token_pile", "token_box", "placed", "camp", "camp_movable", "head", "head_dir",
        "head_in", "events", "_open_cache",
    )
    adventures: bool
    split_lines: bool
    geo: Geometry
    table: GridActions
    numbers: RuleNumbers
    phase: str
    kind: list[int]
    back: list[int]
    placer: list[int]
    stack: list[tuple[int, ...]]
    tokens: dict[int, tuple[str, int]]
    cells: list[int]
    frontier: set[int]
    minx: int
    maxx: int
    miny: int
    maxy: int
    hand: list[list[int]]
    pile: list[list[int]]
    kept: list[int | None]
    reserve: list[int]
    captives: list[list[int]]
    token_hand: list[list[str]]
    token_pile: list[list[str]]
    token_box: list[list[str]]
    placed: int
    camp: int
    camp_movable: int
    head: int
    head_dir: int
    head_in: int
    events: list[tuple[Any, ...]]
    _open_cache: list[int] | None

    # -- set-up ("Mise en place") -----------------------------------------------------------
    @classmethod
    def _new(cls, players: int, seed: int, variant: str) -> LuxorState:
        s = cls._blank(players, variant)
        s.seed = seed
        rng = s.rng = Rng(seed)
        s.chance_count = 0
        numbers = s.numbers
        for p in range(players):
            # 1. Each pile sorted by back number, each number shuffled apart; 1 on top.
            pile = []
            for codes in PILE_GROUPS:
                group = list(codes)
                rng.shuffle(group)
                pile += group
            # 2. The four "1" tiles go to the hand; the choice of the one to keep comes next.
            s.hand[p] = sorted(pile[-FIRST_TILES:])
            s.pile[p] = pile[:-FIRST_TILES]
            s.reserve[p] = numbers.adventurers
            if s.adventures:
                pool = token_set(numbers.tokens_per_kind)
                rng.shuffle(pool)
                s.token_hand[p] = sorted(pool[-numbers.token_hand:])
                s.token_pile[p] = pool[:-numbers.token_hand]
        s.chance_count += 1
        s.phase, s.current_player = KEEP, 0
        s.events.append(("start", players, variant))
        return s

    @classmethod
    def _blank(cls, players: int, variant: str) -> LuxorState:
        """An empty table for ``players``: the grid, no tile, nothing in hand (set-up and saves fill it)."""
        s = object.__new__(cls)
        s.players, s.variant = players, variant
        s.adventures, s.split_lines = variant.startswith(ADVENTURES), variant.endswith(SPLIT)
        s.geo = geo = geometry(players)
        s.table = grid_actions(geo)
        s.numbers = rule_numbers()
        s._legal_cache = None
        s.is_terminal = False
        n = geo.size
        s.kind, s.back, s.placer = [-1] * n, [0] * n, [-1] * n
        s.stack = [()] * n
        s.tokens = {}
        s.cells = []
        s.frontier = set()
        s._open_cache = None
        s.minx = s.miny = 10 ** 6
        s.maxx = s.maxy = -1
        s.hand = [[] for _ in range(players)]
        s.pile = [[] for _ in range(players)]
        s.kept = [None] * players
        s.reserve = [0] * players
        s.captives = [[0] * players for _ in range(players)]
        s.token_hand = [[] for _ in range(players)]
        s.token_pile = [[] for _ in range(players)]
        s.token_box = [[] for _ in range(players)]
        s.placed, s.camp, s.camp_movable, s.head, s.head_dir, s.head_in = 0, -1, 0, -1, -1, 0
        s.events = []
        return s

    # -- the contract ---------------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == PLAY:
            return self._play_actions()
        if phase == CAMP:
            lo, hi = self.camp_range()
            return list(_CAMPS[lo:hi + 1])
        if phase == KEEP:
            return list(_KEEPS)
        return []

    def _play_actions(self) -> list[Action]:
        """Placer 1, 2 ou 3 tuiles: a tile, the camp's extras or the surplus on the move, a token, the end."""
        if self.surplus_pending():
            return movement.head_moves(self)     # the surplus must go on
        p = self.current_player
        assert p is not None
        out = self._place_actions(p) if self.may_place(p) else []
        if self.camp >= 0 or self.head >= 0:     # the camp of this turn: its extras, the group on the move
            moves = movement.camp_moves(self)
            if self.head >= 0:
                moves += movement.head_moves(self)
            if moves:
                moves.sort(key=_ORDER)
                out += moves
        if self.placed:
            if self.adventures:
                out += tokens.token_actions(self, p)
            out.append(_END)
        return out

    def _is_legal(self, action: Action) -> bool:
        return refusals.why_not(self, action) is None

    def _illegal_reason(self, action: Action) -> str:
        return refusals.why_not(self, action) or f"'{action}' is not allowed now"

    def _apply(self, action: Action) -> None:
        index = self.geo.index
        if type(action) is Place:
            self._place(KIND_INDEX[action.tile], index[action.cell])
        elif type(action) is Camp:
            self._fill_camp(action.adventurers)
        elif type(action) is Move:
            self._move(action.adventurers, index[action.source], index[action.target])
        elif type(action) is EndTurn:
            self.events.append(("end", self.current_player, self.placed))
            self._next_turn()
        elif type(action) is UseToken:
            self._use_token(action.token, index[action.source], index[action.target])
        elif type(action) is Keep:
            self._keep(KIND_INDEX[action.tile])

    def scores(self) -> list[int]:
        """Points now (the final count once over): top adventurers, and boats and sandstorms (Fin de partie)."""
        return self.points_and_open()[0]

    def points_and_open(self) -> tuple[list[int], list[int]]:
        """Per seat, its points now (``scores``), and the points of the buildings it tops whose stack may
        still be entered (fewer than ``tile_max`` adventurers): both in one pass over the tiles, for
        ``scores`` and for the evaluation, which discounts the second (``evaluate.UNSAFE``)."""
        out, open_tops = [0] * self.players, [0] * self.players
        kind, stack, points, tile_max = self.kind, self.stack, self.numbers.points, self.numbers.tile_max
        for c in self.cells:
            pts = points[kind[c]]
            if pts:
                st = stack[c]
                if st:
                    out[st[-1]] += pts
                    if len(st) < tile_max:
                        open_tops[st[-1]] += pts
        if self.adventures:
            for c, (token, seat) in self.tokens.items():
                if token == "boat":
                    out[seat] += sum(1 for nb in self.geo.neighbours[c] if kind[nb] >= 0 and IS_BUILDING[kind[nb]])
            for seat, taken in enumerate(self.captives):
                out[seat] += sum(taken)
        return out, open_tops

    def score_breakdown(self) -> list[dict[str, int]]:
        """Each seat's points line by line (camps, temples, pyramids, boats, sandstorm, total)."""
        from .scoring import score_breakdown
        names = self.geo.names
        tiles = {names[c]: KINDS[self.kind[c]].name for c in self.cells}
        stacks = {names[c]: list(self.stack[c]) for c in self.cells if self.stack[c]}
        boats = {names[c]: seat for c, (token, seat) in self.tokens.items() if token == "boat"}
        return score_breakdown(tiles, stacks, players=self.players, boats=boats,
                               captives=[sum(t) for t in self.captives])

    def _tiebreak(self, seat: int) -> tuple[int]:
        # "le joueur qui a le plus d'aventuriers restants dans sa réserve remporte la partie"
        return (self.reserve[seat],)

    def clone(self) -> LuxorState:
        return self._copy(None)

    def _copy(self, dealt_for: int | None) -> LuxorState:
        """``clone()``; with ``dealt_for`` (a seat), the copy ``determinizer`` deals into: the piles, the
        other seats' hands and the generator are left out (``None``), since ``hidden.redraw`` and
        ``_fresh_chance`` give every one of them anew, and so are the legal actions (the hands change).
        Copies share what no rule step changes: the grid's geometry and actions, the rules' numbers, and
        without "Nouvelles aventures" the (empty) tokens and captives."""
        c = object.__new__(LuxorState)
        c.players, c.variant, c.seed = self.players, self.variant, self.seed
        c.adventures, c.split_lines = self.adventures, self.split_lines
        c.chance_count, c.current_player, c.is_terminal = self.chance_count, self.current_player, self.is_terminal
        if dealt_for is None:
            c.rng, c._legal_cache = Rng(state=self.rng.state), self._legal_cache
            c.hand = [h[:] for h in self.hand]
            c.pile = [p[:] for p in self.pile]
        else:
            c.rng, c._legal_cache = None, None     # type: ignore[assignment]  # _fresh_chance gives it
            c.hand, c.pile = [None] * self.players, [None] * self.players  # type: ignore[list-item]
            c.hand[dealt_for] = self.hand[dealt_for][:]
        c.geo, c.table, c.numbers, c.phase = self.geo, self.table, self.numbers, self.phase
        c.kind, c.back, c.placer, c.stack = self.kind[:], self.back[:], self.placer[:], self.stack[:]
        c.tokens, c.cells, c.frontier = dict(self.tokens), self.cells[:], set(self.frontier)
        ranks = self._open_cache
        c._open_cache = None if ranks is None else ranks[:]
        c.minx, c.maxx, c.miny, c.maxy = self.minx, self.maxx, self.miny, self.maxy
        c.kept, c.reserve = self.kept[:], self.reserve[:]
        if self.adventures:
            c.captives = [x[:] for x in self.captives]
            c.token_hand = [x[:] for x in self.token_hand]
            c.token_pile = [x[:] for x in self.token_pile]
            c.token_box = [x[:] for x in self.token_box]
        else:           # without "Nouvelles aventures" nothing ever changes them: shared, as the grid is
            c.captives, c.token_hand = self.captives, self.token_hand
            c.token_pile, c.token_box = self.token_pile, self.token_box
        c.placed, c.camp, c.camp_movable = self.placed, self.camp, self.camp_movable
        c.head, c.head_dir, c.head_in = self.head, self.head_dir, self.head_in
        c.events = self.events[:]
        return c

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` sees: everything but the piles' order, the others' hands and tokens in hand.

        Of another seat's hand only the back numbers show (as with cards held
        in hand); which "1" tile it kept stays hidden until it is placed.
        """
        return hidden.observation(self, self.check_seat(player))

    def looks_alike(self, other: State, player: int) -> bool:
        """Whether ``other`` looks the same to ``player`` (equal observations but for the log), compared field
        by field (``hidden.looks_alike``) rather than as two observations built and compared."""
        seat = self.check_seat(player)
        return isinstance(other, LuxorState) and hidden.looks_alike(self, other, seat)

    def determinize(self, player: int, rng: Rng | int) -> LuxorState:
        """A clone with what ``player`` cannot see resampled.

        Every pile is reshuffled within each back number; another seat's hand
        is redrawn from its own tiles of the same back numbers; the kept "1"
        tiles still in the others' hands are permuted among them (their sum is
        fixed by the layout); the others' token hands are redrawn from their
        hand and pile, and the player's own token pile reshuffled.  Hidden
        items are sorted before each shuffle, so the result depends only on
        ``observation(player)`` and ``rng``.
        """
        return self.determinizer(player)(rng)

    def determinizer(self, player: int) -> Callable[[Rng | int], LuxorState]:
        """``determinize`` with the places of each back number worked out once (``hidden.plan``)."""
        seat = self.check_seat(player)
        plan = hidden.plan(self, seat)

        def draw(rng: Rng | int) -> LuxorState:
            rng = self._as_rng(rng)
            c = self._copy(seat)             # its piles and the others' hands left to the redraw
            hidden.redraw(c, plan, rng)
            c._fresh_chance(rng)            # the true seed would give the draw piles away
            return c
        return draw

    # -- rule steps -----------------------------------------------------------------------------
    def _keep(self, kept: int) -> None:
        """Mise en place 2: keep the camp and ``kept``; the two others wait face down."""
        p = self.mover
        self.kept[p] = kept
        self.hand[p] = first_hand(kept)
        self.events.append(("keep", p))
        if p + 1 < self.players:
            self.current_player = p + 1
            return
        # Mise en place 3: every laid tile is shuffled face down, laid out, then revealed.
        laid = [code for kept in self.kept if kept is not None for code in laid_tiles(kept)]
        self.rng.shuffle(laid)
        for cell, code in zip(self.geo.layout, laid):
            self._put_tile(cell, code, -1)
        self.chance_count += 1
        self.events.append(("layout", tuple(KIND_NAMES[code_kind(code)] for code in laid),
                            tuple(self.geo.names[c] for c in self.geo.layout)))
        self.phase = PLAY
        self._start_turn(0)

    def _put_tile(self, cell: int, code: int, seat: int) -> None:
        """Lay a tile; ``frontier`` stays the set of cells where the next tile may go (next to a tile,
        inside the play area's limit: Taille de la zone de jeu)."""
        self.kind[cell], self.back[cell], self.placer[cell] = KIND_OF[code], BACK_OF[code], seat
        self.cells.append(cell)
        geo = self.geo
        xs, ys = geo.xs, geo.ys
        x, y = xs[cell], ys[cell]
        grew = False                            # the play area grows: a new extreme row or column
        if x < self.minx:
            self.minx, grew = x, True
        if x > self.maxx:
            self.maxx, grew = x, True
        if y < self.miny:
            self.miny, grew = y, True
        if y > self.maxy:
            self.maxy, grew = y, True
        limit = geo.limit
        lox, hix = self.maxx - limit + 1, self.minx + limit - 1
        loy, hiy = self.maxy - limit + 1, self.miny + limit - 1
        frontier = self.frontier
        ordered = self._open_cache              # the same cells' ranks, in order (this state's own list)
        rank = geo.rank
        if grew and (self.maxx - self.minx + 1 >= limit or self.maxy - self.miny + 1 >= limit):
            # The play area reached its limit on a side: cells beyond it are out for good.
            frontier = self.frontier = {c for c in frontier if lox <= xs[c] <= hix and loy <= ys[c] <= hiy}
            ordered = None
        elif ordered is not None and cell in frontier:
            ordered.remove(rank[cell])
        frontier.discard(cell)
        kind = self.kind
        for nb in geo.neighbours[cell]:
            if kind[nb] < 0 and nb not in frontier and lox <= xs[nb] <= hix and loy <= ys[nb] <= hiy:
                frontier.add(nb)
                if ordered is not None:
                    insort(ordered, rank[nb])
        self._open_cache = ordered

    def _place(self, kind: int, cell: int) -> None:
        """Placer une tuile: from the hand to the grid, then draw the next tile of the pile."""
        p = self.mover
        self.camp, self.camp_movable, self.head = -1, 0, -1       # earlier adventurers are settled
        hand = self.hand[p]
        for i, code in enumerate(hand):
            if KIND_OF[code] == kind:
                del hand[i]
                break
        self._put_tile(cell, code, p)
        self.placed += 1
        self.events.append(("place", p, KIND_NAMES[kind], self.geo.names[cell]))
        if self.pile[p]:
            hand.append(self.pile[p].pop())
            self.chance_count += 1
        elif not hand:
            self.events.append(("out", p))
        if IS_CAMP[kind]:
            self.camp = cell
            if self.reserve[p] > self.numbers.camp_need[kind]:
                self.phase = CAMP                 # the player chooses the extras
                return
            self._fill_camp(self.reserve[p])      # all that is left (maybe none: a bare camp)
            return
        self._after_step()

    def _fill_camp(self, count: int) -> None:
        """Placer un campement: ``count`` adventurers from the reserve on the camp; the extras may move."""
        p, cell = self.mover, self.camp
        self.reserve[p] -= count
        self.stack[cell] = (p,) * count
        self.camp_movable = max(0, count - self.numbers.camp_need[self.kind[cell]])
        self.events.append(("camp", p, self.geo.names[cell], count))
        self.phase = PLAY
        self._after_step()

    def _move(self, count: int, source: int, target: int) -> None:
        """Déplacer les aventuriers: ``count`` step from ``source`` onto ``target``, on top."""
        p = self.mover
        if source == self.camp:                 # a group leaves the camp (the head is never the camp)
            # One line per camp: the extras that do not leave now stay (« Les aventuriers se
            # déplacent en ligne droite »); the "+split" variant lets the others leave later.
            self.camp_movable = self.camp_movable - count if self.split_lines else 0
        stack = self.stack
        stack[source] = stack[source][:-count]
        stack[target] = stack[target] + (p,) * count
        d = self.geo.direction(source, target)
        assert d is not None, "a move goes to a neighbour"
        self.head, self.head_dir, self.head_in = target, d, count
        self.events.append(("move", p, count, self.geo.names[source], self.geo.names[target]))
        self._after_step()

    def _use_token(self, token: str, source: int, target: int) -> None:
        """Nouvelles aventures: the token's effect (``tokens.use_token``), a new token drawn, and the turn ends."""
        p = self.mover
        self.camp, self.camp_movable, self.head = -1, 0, -1
        taken = tokens.use_token(self, token, source, target)
        names = self.geo.names
        self.events.append(("token", p, token, names[source], names[target], taken))
        self._next_turn()

    def _after_step(self) -> None:
        """After a tile or a move: the turn goes on while the player may do more than end it, else it
        ends by itself.  The actions worked out to know it are this position's legal actions: kept.

        With no camp or group of this turn, no surplus and no token (the standard rules' usual tile), the
        actions are the tiles on the open cells, then the end: the turn goes on when a tile may still
        go down, known without listing them (a search that stops here never lists them)."""
        if self.camp < 0 and self.head < 0 and not self.adventures:
            if not (self.may_place(self.mover) and self._open_ranks()):
                self._next_turn()
            return
        legal = self._play_actions()
        if legal and legal[0] is not _END:       # the end of the turn is listed last
            self._legal_cache = legal
        else:
            self._next_turn()

    def _start_turn(self, p: int) -> None:
        self.current_player = p
        self.placed, self.camp, self.camp_movable, self.head, self.head_dir, self.head_in = 0, -1, 0, -1, -1, 0

    def _next_turn(self) -> None:
        """The next seat clockwise that still has tiles to place; the end when nobody has (Fin de partie)."""
        p = self.mover
        for i in range(1, self.players + 1):
            q = (p + i) % self.players
            if self.hand[q]:
                self._start_turn(q)
                if self._open_ranks():
                    return
        self.placed, self.camp, self.camp_movable, self.head, self.head_dir, self.head_in = 0, -1, 0, -1, -1, 0
        self.phase, self.current_player, self.is_terminal = OVER, None, True
        self.events.append(("over", tuple(self.scores())))

    # -- rule helpers (the refusals and the boards read them too) --------------------------------
    @property
    def mover(self) -> int:
        """The seat to play (``current_player`` while the game goes on; the rules ask only then)."""
        p = self.current_player
        assert p is not None, "the game is over: nobody is to play"
        return p

    def _open_ranks(self) -> list[int]:
        """The empty cells next to a tile that keep the play area within the limit, as their ranks in
        name order (``geo.rank``), sorted: the cells a tile may go on, in the order the actions list them."""
        ranks = self._open_cache
        if ranks is None:
            ranks = self._open_cache = self._rank_frontier()
        return ranks

    def _rank_frontier(self) -> list[int]:
        """``_open_ranks`` worked out afresh from ``frontier`` (the kept list must always equal it)."""
        rank = self.geo.rank
        return sorted([rank[c] for c in self.frontier])

    def _place_actions(self, p: int) -> list[Action]:
        """Each kind of tile in ``p``'s hand on each cell open to a tile."""
        ranks = self._open_ranks()
        table = self.table.place_by_rank
        out: list[Action] = []
        hand = tuple(self.hand[p])
        kinds = _HAND_KINDS.get(hand)
        if kinds is None:
            if len(_HAND_KINDS) > 10_000:
                _HAND_KINDS.clear()
            kinds = _HAND_KINDS[hand] = tuple(sorted({KIND_OF[code] for code in hand}))
        if len(ranks) > 1:                      # picks every open cell's action from a kind's row, in C
            pick = itemgetter(*ranks)
            for k in kinds:
                out += pick(table[k])
        else:                                   # (itemgetter of one index gives the item, not a tuple)
            for k in kinds:
                out += [table[k][r] for r in ranks]
        return out

    def camp_range(self) -> tuple[int, int]:
        """How many adventurers the camp just placed takes: at least its need (1 desert, 2 oasis), at
        most ``CAMP_MAX`` in all and what the reserve holds (Placer un campement)."""
        numbers = self.numbers
        return numbers.camp_need[self.kind[self.camp]], min(numbers.camp_max, self.reserve[self.mover])

    def head_range(self) -> tuple[int, int]:
        """How many of the group on the head tile may (lo: must) go on: the surplus over the tile's
        entry cost, and at least what takes the tile back to ``TILE_MAX`` (Règles de déplacement)."""
        head = self.head
        cost = self.numbers.cost[self.kind[head]] or 0
        return max(1, len(self.stack[head]) - self.numbers.tile_max), self.head_in - cost

    def may_place(self, p: int) -> bool:
        """Whether ``p`` may still place a tile this turn, the open cells aside: fewer than three placed
        (Placer 1, 2 ou 3 tuiles) and a tile in hand."""
        return self.placed < self.numbers.tiles_per_turn and bool(self.hand[p])

    def surplus_pending(self) -> bool:
        """Whether the tile the group just entered holds more than ``TILE_MAX``: its surplus must go on."""
        return self.head >= 0 and len(self.stack[self.head]) > self.numbers.tile_max

    def _token_targets(self, token: str, source: int, p: int) -> list[int]:
        """Where a token may go or send the adventurer taken from mountain ``source`` (``tokens.py``)."""
        return tokens.token_targets(self, token, source, p)

    def changed(self) -> None:
        """After a hand edit (``positions.position``, a test): forget the legal actions and the
        frontier's cells in name order."""
        super().changed()
        self._open_cache = None

    # -- saves (saves.py) -----------------------------------------------------------------------
    def _to_dict(self) -> dict[str, Any]:
        return saves.to_dict(self)

    @classmethod
    def _from_dict(cls, fields: Fields, players: int, variant: str) -> LuxorState:
        state = cls._blank(players, variant)
        saves.read_into(state, fields)
        return state

    def check(self) -> list[str]:
        """Conservation of tiles, adventurers and tokens, stack limits, and a consistent turn (saves.py)."""
        return saves.check_state(self)


class LuxorGame(Game):
    """Expedition Luxor: straight-line movement, last-mover advantage."""

    key = "luxor"
    title = "Expedition Luxor"
    min_players, max_players = 2, 4
    variants = VARIANTS
    rules_version = 2   # 2: a camp's extras leave in one line by default ("+split" variants for several)
    summary = "straight-line movement, last-mover advantage"
    action_types = ACTION_TYPES
    state_class = LuxorState
    #: The search bot's settings (``bots/mcts.py``) over its defaults (random rollouts of 4 moves).  With 2 and 3
    #: players the default level's rollouts stop after 2 moves: its iterations cost less (benchmarks/RESULTS.md,
    #: "Iterations per second") and it plays as well against greedy (32.5 of 40 with 2, 38.5 of 48 with 3, as with 4
    #: moves), and the hard level (rollouts of 4) beats it; with 4 players it keeps 4 moves, which won 37 of 48 there,
    #: 2 moves 22.5 (benchmarks/RESULTS.md, "Luxor's default level: rollouts of 2").  With 2 players the hard level
    #: searches 16,000 iterations, not 10,000; with 3 and 4 it keeps 10,000, which fit its time there.
    search_hints = {"players": {2: {"iterations": {"hard": 16_000}, "rollout_depth": {"medium": 2}},
                                3: {"rollout_depth": {"medium": 2}}}}


GAME = LuxorGame()
