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
* **Tokens.** The adventurer taken from a mountain is the player's topmost
  one there.  Snakes may cover any tile without adventurers or token (a lake
  too, or the mountain just emptied).  "Majority" for the sandstorm means
  more adventurers than each other player; the sandstorm's target must end
  with at most four adventurers, like any move, and cannot be the mountain
  itself.  The caravan ignores entry costs (the rule book lists its only
  limits).

Actions, in the rule book's words: ``keep mountain``, ``place desert camp at
F5``, ``camp with 4 adventurers``, ``move 2 adventurers F5 -> F4``, ``end
turn``, ``use sandstorm from D4 to E5``.
"""

from __future__ import annotations

import zlib
from bisect import insort
from dataclasses import dataclass
from operator import attrgetter
from typing import ClassVar

from archeo_lab.engine import Action, Fields, Game, Rng, State
from archeo_lab.engine.errors import quote
from archeo_lab.engine.saves import SEAT, CorruptSave, Spec, ints, items, one_of, per_seat

from .components import (
    ADVENTURERS_PER_PLAYER, BACKS, BUILDING_POINTS, CAMP_MANDATORY, CAMP_MAX, ENTRY_COST, HAND_SIZE,
    KIND_BY_NAME, KIND_INDEX, KINDS, PLAYER_TILES, TERRAIN_FRENCH, TILE_MAX, TILES_PER_TURN, TOKEN_FRENCH,
    TOKEN_HAND, TOKEN_STAYS, TOKENS, TOKENS_PER_KIND,
)
from .grid import CELL_PATTERN, DIRECTION_NAMES, Geometry, geometry

__all__ = [
    "Keep", "Place", "Camp", "Move", "EndTurn", "UseToken", "LuxorState", "LuxorGame", "GAME",
    "STANDARD", "ADVENTURES", "SPLIT", "VARIANTS",
]

STANDARD, ADVENTURES = "standard", "adventures"
#: The named variant of the camp rule (``variant="standard+split"``, ``"adventures+split"``): a
#: camp's extras may leave in several lines.  Off by default (see the module docstring).
SPLIT = "+split"
VARIANTS = (STANDARD, ADVENTURES, STANDARD + SPLIT, ADVENTURES + SPLIT)
KEEP, CAMP, PLAY, OVER = "keep", "camp", "play", "over"
PHASES = (KEEP, CAMP, PLAY, OVER)
_CELL = Spec("a cell of the grid", lambda v, n: isinstance(v, str) and v in geometry(n).index)
_KIND = one_of([k.name for k in KINDS], "a kind of tile")
#: The public log, entry by entry (``Fields.events``): what each kind of line holds.
EVENTS = {
    "start": (Spec("the number of players", lambda v, n: v == n and type(v) is int), one_of(VARIANTS)),
    "keep": (SEAT,), "layout": (items(_KIND), items(_CELL)), "position": (),
    "place": (SEAT, _KIND, _CELL), "camp": (SEAT, _CELL, ints(0, CAMP_MAX)),
    "move": (SEAT, ints(1, CAMP_MAX), _CELL, _CELL), "end": (SEAT, ints(0, TILES_PER_TURN)), "out": (SEAT,),
    "token": (SEAT, one_of(TOKENS), _CELL, _CELL, ints(0, CAMP_MAX)),
    "over": (per_seat(ints(-10_000, 10_000)),),
}

# -- tiles as small integers: code = back * 16 + kind index -----------------------------------
_COST = [ENTRY_COST[k.terrain] for k in KINDS]                   # per kind index
_POINTS = [BUILDING_POINTS.get(k.building, 0) if k.building else 0 for k in KINDS]
_IS_CAMP = [k.building == "camp" for k in KINDS]
_IS_BUILDING = [k.building is not None for k in KINDS]
_MANDATORY = [CAMP_MANDATORY.get(k.terrain, 0) for k in KINDS]
_LAKE = KIND_INDEX["lake"]
_MOUNTAIN = KIND_INDEX["mountain"]
_FIRST_CAMP = KIND_INDEX["desert camp"]
#: The "1" tiles a player may keep with the camp (alphabetical).
KEEP_CHOICES = tuple(sorted(k for k in BACKS[1] if not KIND_BY_NAME[k].building == "camp"))
_FULL_SET = sorted(back * 16 + KIND_INDEX[kind] for back, kind in PLAYER_TILES)
_FULL_TOKENS = sorted(t for t in TOKENS for _ in range(TOKENS_PER_KIND))


def _code(back: int, kind: str) -> int:
    return back * 16 + KIND_INDEX[kind]


def _contribution(kept: int) -> list[int]:
    """The two "1" tiles a player lays in the start layout, given the kind index kept."""
    return [16 + KIND_INDEX[k] for k in KEEP_CHOICES if KIND_INDEX[k] != kept]


# -- actions ------------------------------------------------------------------------------

def _cell_code(text) -> int | None:
    """A number for a cell name that sorts like the name: 'A1' < 'A10' < 'A2' < 'B1'."""
    if isinstance(text, str) and len(text) in (2, 3) and "A" <= text[0] <= "Z" \
            and all("0" <= ch <= "9" for ch in text[1:]):
        second = 1 + int(text[2]) if len(text) == 3 else 0
        return (ord(text[0]) - 65) * 110 + int(text[1]) * 11 + second
    return None


def _rank(text, names) -> int | None:
    return names.index(text) if isinstance(text, str) and text in names else None


def _small(n, bits: int) -> int | None:
    return n if isinstance(n, int) and not isinstance(n, bool) and 0 <= n < 1 << bits else None


_KIND_NAMES = [k.name for k in KINDS]


class _Value(int, Action):
    """An action whose value as an integer encodes its kind and fields, in order.

    ``State.apply`` tests ``action in legal_actions`` with a list scan; a
    dataclass ``__eq__`` (or any comparison written in Python) runs Python code
    for every element of that scan, while integers compare in C.  The number
    is ``tag << 48 | payload``, where the payload sorts like the fields (kind
    names and tokens alphabetically, cell names as text), so the order of the
    numbers is the order of the fields.  Field values the game never uses
    (``place foo at A1``) get a number from a digest of the values (CRC-32), so
    that reading such a refused action keeps nothing in memory; two such values
    may share a number, which is harmless as none of them is ever legal.  The
    fields are ordinary dataclass fields: everything else reads them by name.
    """

    __slots__ = ()
    _tag: ClassVar[int] = 0

    def __new__(cls, *args, **kwargs):
        if kwargs:
            names = [name for name, _ in cls._fields()]
            args = args + tuple(kwargs[name] for name in names[len(args):])
        payload = cls._payload(*args) if len(args) == len(cls._fields()) else None
        if payload is None:
            digest = zlib.crc32(repr((args, tuple(map(type, args)))).encode())
            payload = (1 << 47) + digest
        return int.__new__(cls, cls._tag << 48 | payload)

    @staticmethod
    def _payload(*values) -> int | None:
        return 0

    def _values(self) -> tuple:
        return tuple(getattr(self, name) for name, _ in self._fields())

    def __reduce__(self):
        return type(self), self._values()

    __format__ = object.__format__


def _upper_cells(name: str, raw: str) -> str:
    return raw.upper() if name in ("cell", "source", "target") else raw.lower()


@dataclass(frozen=True, eq=False)
class Keep(_Value):
    """Keep this "1" tile in hand with the camp (*Mise en place* 2); the two others go to the layout."""

    kind: ClassVar[str] = "keep"
    pattern: ClassVar[str] = r"keep (?P<tile>[a-z]+(?: [a-z]+)?)"
    _tag: ClassVar[int] = 1
    tile: str

    @staticmethod
    def _payload(tile):
        return _rank(tile, _KIND_NAMES)

    def __str__(self) -> str:
        return f"keep {self.tile}"


@dataclass(frozen=True, eq=False)
class Place(_Value):
    """Place a tile from your hand on a cell (*Placer 1, 2 ou 3 tuiles*)."""

    kind: ClassVar[str] = "place"
    pattern: ClassVar[str] = rf"place (?P<tile>[a-z]+(?: [a-z]+)?) at (?P<cell>{CELL_PATTERN})"
    _tag: ClassVar[int] = 2
    tile: str
    cell: str

    @staticmethod
    def _payload(tile, cell):
        kind, where = _rank(tile, _KIND_NAMES), _cell_code(cell)
        return None if kind is None or where is None else kind << 12 | where

    def __str__(self) -> str:
        return f"place {self.tile} at {self.cell}"

    _text_value = staticmethod(_upper_cells)


@dataclass(frozen=True, eq=False)
class Camp(_Value):
    """Put this many adventurers from your reserve on the camp just placed (*Placer un campement*)."""

    kind: ClassVar[str] = "camp"
    pattern: ClassVar[str] = r"camp with (?P<adventurers>\d+) adventurers?"
    _tag: ClassVar[int] = 3
    adventurers: int

    @staticmethod
    def _payload(adventurers):
        return _small(adventurers, 12)

    def __str__(self) -> str:
        return f"camp with {self.adventurers} adventurer{'s' if self.adventurers != 1 else ''}"


@dataclass(frozen=True, eq=False)
class Move(_Value):
    """Move adventurers one tile along a straight line (*Déplacer les aventuriers*).

    ``source`` is the camp just placed (a new group) or the tile the current
    group just entered (its surplus goes on in the same direction).
    """

    kind: ClassVar[str] = "move"
    pattern: ClassVar[str] = (rf"move (?P<adventurers>\d+) adventurers? (?P<source>{CELL_PATTERN}) -> "
                              rf"(?P<target>{CELL_PATTERN})")
    _tag: ClassVar[int] = 4
    adventurers: int
    source: str
    target: str

    @staticmethod
    def _payload(adventurers, source, target):
        n, a, b = _small(adventurers, 12), _cell_code(source), _cell_code(target)
        return None if n is None or a is None or b is None else n << 24 | a << 12 | b

    def __str__(self) -> str:
        plural = "s" if self.adventurers != 1 else ""
        return f"move {self.adventurers} adventurer{plural} {self.source} -> {self.target}"

    _text_value = staticmethod(_upper_cells)


@dataclass(frozen=True, eq=False)
class EndTurn(_Value):
    """Stop: no more tiles this turn (allowed once at least one tile is placed)."""

    kind: ClassVar[str] = "end"
    pattern: ClassVar[str] = r"end turn"
    _tag: ClassVar[int] = 5

    def __str__(self) -> str:
        return "end turn"


@dataclass(frozen=True, eq=False)
class UseToken(_Value):
    """Use an action token ("Nouvelles aventures"): an adventurer on mountain ``source``, a ``target`` tile."""

    kind: ClassVar[str] = "token"
    pattern: ClassVar[str] = (rf"use (?P<token>[a-z]+) from (?P<source>{CELL_PATTERN}) (?:on|to) "
                              rf"(?P<target>{CELL_PATTERN})")
    _tag: ClassVar[int] = 6
    token: str
    source: str
    target: str

    @staticmethod
    def _payload(token, source, target):
        t, a, b = _rank(token, TOKENS), _cell_code(source), _cell_code(target)
        return None if t is None or a is None or b is None else t << 24 | a << 12 | b

    def __str__(self) -> str:
        word = "on" if self.token in ("boat", "snakes") else "to"
        return f"use {self.token} from {self.source} {word} {self.target}"

    _text_value = staticmethod(_upper_cells)


class _Interned:
    """The action objects of one grid, made once (legal_actions hands out these very objects)."""

    def __init__(self, geo: Geometry):
        names = geo.names
        self.place = [[Place(k.name, names[c]) for c in range(geo.size)] for k in KINDS]
        self.moves: dict[tuple[int, int, int], Move] = {}
        self.tokens: dict[tuple[str, int, int], UseToken] = {}
        self.names = names

    def move(self, count: int, source: int, target: int) -> Move:
        key = (count, source, target)
        action = self.moves.get(key)
        if action is None:
            action = self.moves[key] = Move(count, self.names[source], self.names[target])
        return action

    def token(self, token: str, source: int, target: int) -> UseToken:
        key = (token, source, target)
        action = self.tokens.get(key)
        if action is None:
            action = self.tokens[key] = UseToken(token, self.names[source], self.names[target])
        return action


_INTERNED: dict[int, _Interned] = {}
_KEEPS = {k: Keep(k) for k in KEEP_CHOICES}
_CAMPS = [Camp(n) for n in range(CAMP_MAX + 1)]
_END = EndTurn()
_ORDER = attrgetter("adventurers", "source", "target")
_TOKEN_ORDER = attrgetter("token", "source", "target")


def _interned(geo: Geometry) -> _Interned:
    table = _INTERNED.get(geo.players)
    if table is None:
        table = _INTERNED[geo.players] = _Interned(geo)
    return table


# -- the state ----------------------------------------------------------------------------

class LuxorState(State):
    """A position of Expedition Luxor.  Public fields are read-only for learners.

    The grid (``geo``, see ``grid.py``) is a list of cells; per cell ``kind``
    (index into ``components.KINDS``, -1 if empty), ``back`` (its back number),
    ``placer`` (seat that placed it, -1 for the start layout) and ``stack``
    (the adventurers' seats, bottom to top).  ``tokens`` maps a cell to a boat
    or snakes token and its owner.  ``hand``/``pile``: each seat's tiles as
    codes ``back * 16 + kind`` (the top of the pile is the end of the list).
    ``placed``: tiles placed this turn; ``camp``/``camp_movable``: the camp
    placed this turn and its extras still free to move; ``head``, ``head_dir``,
    ``head_in``: the tile the moving group just entered, its direction and how
    many entered.  ``events``: the public log.
    """

    __slots__ = (
        "players", "variant", "adventures", "split_lines", "seed", "rng", "chance_count", "_legal_cache",
        "current_player", "is_terminal", "geo", "table", "phase", "kind", "back", "placer", "stack", "tokens", "cells",
        "frontier", "minx", "maxx", "miny", "maxy", "hand", "pile", "kept", "reserve", "captives",
        "token_hand", "token_pile", "token_box", "placed", "camp", "camp_movable", "head", "head_dir",
        "head_in", "events", "_cells_cache",
    )

    # -- set-up ("Mise en place") -----------------------------------------------------------
    @classmethod
    def _new(cls, players: int, seed: int, variant: str) -> LuxorState:
        s = cls._blank(players, variant)
        s.seed = seed
        rng = s.rng = Rng(seed)
        s.chance_count = 0
        # 1. Each pile sorted by back number, each number shuffled apart; 1 on top.
        for p in range(players):
            pile = []
            for back in sorted(BACKS, reverse=True):
                group = [_code(back, k) for k in BACKS[back]]
                rng.shuffle(group)
                pile.extend(group)
            # 2. The four "1" tiles go to the hand; the choice of the one to keep comes next.
            s.hand[p] = pile[-4:]
            del pile[-4:]
            s.hand[p].sort()
            s.pile[p] = pile
            s.reserve[p] = ADVENTURERS_PER_PLAYER
            if variant.startswith(ADVENTURES):
                tokens = list(_FULL_TOKENS)
                rng.shuffle(tokens)
                s.token_hand[p] = sorted(tokens[-TOKEN_HAND:])
                s.token_pile[p] = tokens[:-TOKEN_HAND]
        s.chance_count += 1
        s.phase, s.current_player = KEEP, 0
        s.events.append(("start", players, variant))
        return s

    @classmethod
    def _blank(cls, players: int, variant: str) -> LuxorState:
        s = object.__new__(cls)
        s.players, s.variant = players, variant
        s.adventures, s.split_lines = variant.startswith(ADVENTURES), variant.endswith(SPLIT)
        s.geo = geo = geometry(players)
        s.table = _interned(geo)
        s._legal_cache = None
        s.is_terminal = False
        n = geo.size
        s.kind, s.back, s.placer = [-1] * n, [0] * n, [-1] * n
        s.stack = [()] * n
        s.tokens = {}
        s.cells = []
        s.frontier = set()
        s._cells_cache = None
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
            p = self.current_player
            if self.head >= 0 and len(self.stack[self.head]) > TILE_MAX:
                return self._head_moves()        # the surplus must go on
            out = self._place_actions() if self.placed < TILES_PER_TURN and self.hand[p] else []
            moves = self._camp_moves()
            if self.head >= 0:
                moves += self._head_moves()
            if moves:
                moves.sort(key=_ORDER)
                out += moves
            if self.placed:
                if self.adventures:
                    out += self._token_actions(p)
                out.append(_END)
            return out
        if phase == CAMP:
            lo, hi = self._camp_range()
            return _CAMPS[lo:hi + 1]
        if phase == KEEP:
            return [_KEEPS[k] for k in KEEP_CHOICES]
        return []

    def _apply(self, action: Action) -> None:
        kind = type(action)
        if kind is Place:
            self._place(KIND_INDEX[action.tile], self.geo.index[action.cell])
        elif kind is Move:
            index = self.geo.index
            self._move(action.adventurers, index[action.source], index[action.target])
        elif kind is Camp:
            self._fill_camp(action.adventurers)
        elif kind is EndTurn:
            self.events.append(("end", self.current_player, self.placed))
            self._next_turn()
        elif kind is UseToken:
            index = self.geo.index
            self._use_token(action.token, index[action.source], index[action.target])
        else:
            self._keep(KIND_INDEX[action.tile])

    def scores(self) -> list[int]:
        """Points now (the final count once over): top adventurers, and boats and sandstorms."""
        out = [0] * self.players
        kind, stack = self.kind, self.stack
        for c in self.cells:
            pts = _POINTS[kind[c]]
            if pts and stack[c]:
                out[stack[c][-1]] += pts
        if self.adventures:
            for c, (token, seat) in self.tokens.items():
                if token == "boat":
                    out[seat] += sum(1 for nb in self.geo.neighbours[c] if kind[nb] >= 0 and _IS_BUILDING[kind[nb]])
            for seat, taken in enumerate(self.captives):
                out[seat] += sum(taken)
        return out

    def score_breakdown(self) -> list[dict]:
        """Each seat's points line by line (camps, temples, pyramids, boats, sandstorm, total)."""
        from .scoring import score_breakdown
        names = self.geo.names
        tiles = {names[c]: KINDS[self.kind[c]].name for c in self.cells}
        stacks = {names[c]: list(self.stack[c]) for c in self.cells if self.stack[c]}
        boats = {names[c]: seat for c, (token, seat) in self.tokens.items() if token == "boat"}
        return score_breakdown(tiles, stacks, players=self.players, boats=boats,
                               captives=[sum(t) for t in self.captives])

    def _tiebreak(self, seat: int) -> tuple:
        # "le joueur qui a le plus d'aventuriers restants dans sa réserve remporte la partie"
        return (self.reserve[seat],)

    def clone(self) -> LuxorState:
        c = object.__new__(LuxorState)
        c.players, c.variant, c.seed = self.players, self.variant, self.seed
        c.adventures, c.split_lines = self.adventures, self.split_lines
        c.rng = Rng(state=self.rng.state)
        c.chance_count, c._legal_cache = self.chance_count, self._legal_cache
        c.current_player, c.is_terminal = self.current_player, self.is_terminal
        c.geo, c.table, c.phase = self.geo, self.table, self.phase
        c.kind, c.back, c.placer, c.stack = self.kind[:], self.back[:], self.placer[:], self.stack[:]
        c.tokens, c.cells, c.frontier = dict(self.tokens), self.cells[:], set(self.frontier)
        c._cells_cache = self._cells_cache
        c.minx, c.maxx, c.miny, c.maxy = self.minx, self.maxx, self.miny, self.maxy
        c.hand = [h[:] for h in self.hand]
        c.pile = [p[:] for p in self.pile]
        c.kept, c.reserve = self.kept[:], self.reserve[:]
        c.captives = [x[:] for x in self.captives]
        c.token_hand = [x[:] for x in self.token_hand]
        c.token_pile = [x[:] for x in self.token_pile]
        c.token_box = [x[:] for x in self.token_box]
        c.placed, c.camp, c.camp_movable = self.placed, self.camp, self.camp_movable
        c.head, c.head_dir, c.head_in = self.head, self.head_dir, self.head_in
        c.events = self.events[:]
        return c

    def observation(self, player: int) -> dict:
        """What ``player`` sees: everything but the piles' order, the others' hands and tokens in hand.

        Of another seat's hand only the back numbers show (as with cards held
        in hand); which "1" tile it kept stays hidden until it is placed.
        """
        self.check_seat(player)
        names = self.geo.names
        hands, token_hands = [], []
        for s in self.seats:
            if s == player:
                hands.append(sorted([code >> 4, KINDS[code & 15].name] for code in self.hand[s]))
                token_hands.append(sorted(self.token_hand[s]))
            else:
                hands.append(sorted(code >> 4 for code in self.hand[s]))
                token_hands.append(len(self.token_hand[s]))
        kept = self.kept[player]
        return {
            "seat": player, "players": self.players, "variant": self.variant, "phase": self.phase,
            "current_player": self.current_player,
            "board": [[names[c], KINDS[self.kind[c]].name, self.back[c], self.placer[c], list(self.stack[c])]
                      for c in sorted(self.cells)],
            "tokens": sorted([names[c], t, seat] for c, (t, seat) in self.tokens.items()),
            "hands": hands, "piles": [len(p) for p in self.pile],
            "kept": KINDS[kept].name if kept is not None else None,
            "chosen": [k is not None for k in self.kept],
            "reserve": list(self.reserve), "captives": [list(x) for x in self.captives],
            "token_hands": token_hands, "token_piles": [len(p) for p in self.token_pile],
            "token_box": [sorted(b) for b in self.token_box],
            "turn": [self.placed, self.camp, self.camp_movable, self.head, self.head_dir, self.head_in],
            "events": [list(e) for e in self.events],
        }

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
        self.check_seat(player)
        rng = self._as_rng(rng)
        c = self.clone()
        c._legal_cache = None
        for s in c.seats:
            hand, pile = c.hand[s], c.pile[s]
            backs = sorted({code >> 4 for code in pile} | ({code >> 4 for code in hand} if s != player else set()))
            for back in backs:
                if back == 1:
                    continue
                slots = [("p", i) for i, code in enumerate(pile) if code >> 4 == back]
                if s != player:
                    slots += [("h", i) for i, code in enumerate(hand) if code >> 4 == back]
                codes = sorted((pile if w == "p" else hand)[i] for w, i in slots)
                rng.shuffle(codes)
                for (w, i), code in zip(slots, codes):
                    (pile if w == "p" else hand)[i] = code
            if s != player:
                pool = sorted(c.token_hand[s] + c.token_pile[s])
                rng.shuffle(pool)
                k = len(c.token_hand[s])
                c.token_hand[s], c.token_pile[s] = sorted(pool[:k]), pool[k:]
            else:
                c.token_pile[s].sort()
                rng.shuffle(c.token_pile[s])
        # The kept "1" tiles of the other seats.
        if c.phase == KEEP:
            for s in c.seats:
                if s != player and c.kept[s] is not None:
                    kept = KIND_INDEX[rng.choice(KEEP_CHOICES)]
                    c.kept[s] = kept
                    c.hand[s] = sorted([16 + _FIRST_CAMP, 16 + kept])
        else:
            slots = [(s, i) for s in c.seats if s != player
                     for i, code in enumerate(c.hand[s]) if code >> 4 == 1 and not _IS_CAMP[code & 15]]
            codes = sorted(c.hand[s][i] for s, i in slots)
            rng.shuffle(codes)
            for (s, i), code in zip(slots, codes):
                c.hand[s][i] = code
                c.kept[s] = code & 15
        c._fresh_chance(rng)            # the true seed would give the draw piles away
        return c

    # -- rule steps -----------------------------------------------------------------------------
    def _keep(self, kept: int) -> None:
        """Mise en place 2: keep the camp and ``kept``; the two others wait face down."""
        p = self.current_player
        self.kept[p] = kept
        self.hand[p] = sorted([16 + _FIRST_CAMP, 16 + kept])
        self.events.append(("keep", p))
        if p + 1 < self.players:
            self.current_player = p + 1
            return
        # Mise en place 3: every laid tile is shuffled face down, laid out, then revealed.
        laid = [code for s in self.seats for code in _contribution(self.kept[s])]
        self.rng.shuffle(laid)
        for cell, code in zip(self.geo.layout, laid):
            self._put_tile(cell, code, -1)
        self.chance_count += 1
        self.events.append(("layout", tuple(KINDS[code & 15].name for code in laid),
                            tuple(self.geo.names[c] for c in self.geo.layout)))
        self.phase = PLAY
        self._start_turn(0)

    def _put_tile(self, cell: int, code: int, seat: int) -> None:
        """Lay a tile; ``frontier`` stays the set of cells where the next tile may go."""
        self.kind[cell], self.back[cell], self.placer[cell] = code & 15, code >> 4, seat
        self.cells.append(cell)
        geo = self.geo
        xs, ys = geo.xs, geo.ys
        x, y = xs[cell], ys[cell]
        grew = False
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
        ordered = self._cells_cache             # the same cells in name order (shared with clones: copied)
        if grew and (self.maxx - self.minx + 1 >= limit or self.maxy - self.miny + 1 >= limit):
            # The play area reached its limit on a side: cells beyond it are out for good.
            frontier = self.frontier = {c for c in frontier if lox <= xs[c] <= hix and loy <= ys[c] <= hiy}
            ordered = None
        elif ordered is not None:
            ordered = ordered[:]
            if cell in frontier:
                ordered.remove(cell)
        frontier.discard(cell)
        kind = self.kind
        rank = geo.rank
        for nb in geo.neighbours[cell]:
            if kind[nb] < 0 and nb not in frontier and lox <= xs[nb] <= hix and loy <= ys[nb] <= hiy:
                frontier.add(nb)
                if ordered is not None:
                    insort(ordered, nb, key=rank.__getitem__)
        self._cells_cache = ordered

    def _place(self, kind: int, cell: int) -> None:
        """Placer une tuile: from the hand to the grid, then draw the next tile of the pile."""
        p = self.current_player
        self.camp, self.camp_movable, self.head = -1, 0, -1       # earlier adventurers are settled
        hand = self.hand[p]
        for i, code in enumerate(hand):
            if code & 15 == kind:
                del hand[i]
                break
        self._put_tile(cell, code, p)
        self.placed += 1
        self.events.append(("place", p, KINDS[kind].name, self.geo.names[cell]))
        if self.pile[p]:
            hand.append(self.pile[p].pop())
            self.chance_count += 1
        elif not hand:
            self.events.append(("out", p))
        if _IS_CAMP[kind]:
            self.camp = cell
            need, reserve = _MANDATORY[kind], self.reserve[p]
            if reserve > need:
                self.phase = CAMP                 # the player chooses the extras
                return
            self._fill_camp(reserve)              # all that is left (maybe none: a bare camp)
            return
        self._after_step()

    def _camp_range(self) -> tuple[int, int]:
        need = _MANDATORY[self.kind[self.camp]]
        return need, min(CAMP_MAX, self.reserve[self.current_player])

    def _fill_camp(self, count: int) -> None:
        p, cell = self.current_player, self.camp
        need = _MANDATORY[self.kind[cell]]
        self.reserve[p] -= count
        self.stack[cell] = (p,) * count
        self.camp_movable = max(0, count - need)
        self.events.append(("camp", p, self.geo.names[cell], count))
        self.phase = PLAY
        self._after_step()

    def _move(self, count: int, source: int, target: int) -> None:
        """Déplacer les aventuriers: ``count`` step from ``source`` onto ``target``, on top."""
        p = self.current_player
        if source == self.camp:                 # a group leaves the camp (the head is never the camp)
            # One line per camp: the extras that do not leave now stay (« Les aventuriers se
            # déplacent en ligne droite »); the "+split" variant lets the others leave later.
            self.camp_movable = self.camp_movable - count if self.split_lines else 0
        stack = self.stack
        stack[source] = stack[source][:-count]
        stack[target] = stack[target] + (p,) * count
        self.head, self.head_dir, self.head_in = target, self.geo.direction(source, target), count
        self.events.append(("move", p, count, self.geo.names[source], self.geo.names[target]))
        self._after_step()

    def _use_token(self, token: str, source: int, target: int) -> None:
        """Nouvelles aventures: the token's effect, a new token drawn, and the turn ends."""
        p = self.current_player
        self.camp, self.camp_movable, self.head = -1, 0, -1
        stack = list(self.stack[source])
        del stack[len(stack) - 1 - stack[::-1].index(p)]           # the player's topmost one
        self.stack[source] = tuple(stack)
        taken = 0
        if token in ("boat", "snakes"):
            self.reserve[p] += 1
            self.tokens[target] = (token, p)
        elif token == "sandstorm":
            old = self.stack[target]
            for s in old:
                if s != p:
                    self.captives[p][s] += 1
                    taken += 1
            self.stack[target] = tuple(s for s in old if s == p) + (p,)
        else:
            self.stack[target] = self.stack[target] + (p,)
        if not TOKEN_STAYS[token]:
            self.token_box[p].append(token)
        self.token_hand[p].remove(token)
        if self.token_pile[p]:
            self.token_hand[p].append(self.token_pile[p].pop())
            self.token_hand[p].sort()
            self.chance_count += 1
        names = self.geo.names
        self.events.append(("token", p, token, names[source], names[target], taken))
        self._next_turn()

    def _after_step(self) -> None:
        """After a tile or a move: the turn ends by itself when nothing else may be done."""
        if not self._has_options():
            self._next_turn()

    def _has_options(self) -> bool:
        p = self.current_player
        if self.placed < TILES_PER_TURN and self.hand[p] and self._legal_cells():
            return True
        if self._camp_moves(first=True) or (self.head >= 0 and self._head_moves(first=True)):
            return True
        return self.adventures and bool(self._token_actions(p, first=True))

    def _start_turn(self, p: int) -> None:
        self.current_player = p
        self.placed, self.camp, self.camp_movable, self.head, self.head_dir, self.head_in = 0, -1, 0, -1, -1, 0

    def _next_turn(self) -> None:
        """The next seat clockwise that still has tiles to place; the end when nobody has."""
        p = self.current_player
        for i in range(1, self.players + 1):
            q = (p + i) % self.players
            if self.hand[q]:
                self._start_turn(q)
                if self._legal_cells():
                    return
        self.placed, self.camp, self.camp_movable, self.head, self.head_dir, self.head_in = 0, -1, 0, -1, -1, 0
        self.phase, self.current_player, self.is_terminal = OVER, None, True
        self.events.append(("over", tuple(self.scores())))

    # -- rule helpers ---------------------------------------------------------------------------
    def _legal_cells(self) -> list[int]:
        """Empty cells next to a tile that keep the play area within the limit, in name order."""
        cells = self._cells_cache
        if cells is None:
            cells = self._cells_cache = sorted(self.frontier, key=self.geo.rank.__getitem__)
        return cells

    def _place_actions(self) -> list[Action]:
        cells = self._legal_cells()
        table = self.table.place
        kinds = sorted({code & 15 for code in self.hand[self.current_player]})
        return [table[k][c] for k in kinds for c in cells]

    def _room_for(self, cell: int, d: int, k: int) -> bool:
        """Can ``k`` adventurers moving in direction ``d`` enter ``cell`` and finish the line legally?

        They must leave at least the entry cost there; the tile may not end
        above four, so any more must go on to the next tile of the line.
        """
        if cell < 0:
            return False
        kind = self.kind[cell]
        if kind < 0:
            return False
        cost = _COST[kind]
        if cost is None or k < cost or cell in self.tokens:
            return False
        room = TILE_MAX - len(self.stack[cell])
        if k <= room:
            return True
        if room < cost:
            return False
        nxt = self.geo.step[d][cell]
        return any(self._room_for(nxt, d, push) for push in range(k - room, k - cost + 1))

    def _camp_moves(self, first: bool = False) -> list[Action]:
        """New groups leaving the camp: any direction, 1 to the free extras."""
        out = []
        camp, free = self.camp, self.camp_movable
        if camp < 0 or free <= 0 or (self.head >= 0 and len(self.stack[self.head]) > TILE_MAX):
            return out
        step, move = self.geo.step, self.table.move
        for d in range(4):
            nb = step[d][camp]
            for k in range(1, free + 1):
                if self._room_for(nb, d, k):
                    out.append(move(k, camp, nb))
                    if first:
                        return out
        return out

    def _head_moves(self, first: bool = False) -> list[Action]:
        """The surplus of the tile just entered going on along the same line."""
        out = []
        head = self.head
        if head < 0:
            return out
        lo, hi = self._head_range()
        d = self.head_dir
        nb = self.geo.step[d][head]
        move = self.table.move
        for k in range(lo, hi + 1):
            if self._room_for(nb, d, k):
                out.append(move(k, head, nb))
                if first:
                    return out
        return out

    def _head_range(self) -> tuple[int, int]:
        """How many of the group on the head tile may (lo: must) go on: the surplus over the cost."""
        head = self.head
        return max(1, len(self.stack[head]) - TILE_MAX), self.head_in - _COST[self.kind[head]]

    def _mountains_of(self, p: int) -> list[int]:
        kind, stack = self.kind, self.stack
        return sorted((c for c in self.cells if kind[c] == _MOUNTAIN and p in stack[c]),
                      key=self.geo.rank.__getitem__)

    def _token_targets(self, token: str, source: int, p: int) -> list[int]:
        """Where a token may go or send the adventurer taken from mountain ``source``."""
        kind, stack, tokens = self.kind, self.stack, self.tokens
        if token == "boat":
            out = [c for c in self.cells if kind[c] == _LAKE and c not in tokens]
        elif token == "snakes":
            alone = stack[source] == (p,)
            out = [c for c in self.cells if c not in tokens and (not stack[c] or (c == source and alone))]
        elif token == "sandstorm":
            out = []
            for c in self.cells:
                st = stack[c]
                if c == source or not st:
                    continue
                mine = st.count(p)
                if mine and mine + 1 <= TILE_MAX and all(st.count(q) < mine for q in set(st) if q != p):
                    out.append(c)
        else:
            out = [c for c in self.geo.neighbours[source] if kind[c] >= 0 and kind[c] != _LAKE
                   and c not in tokens and len(stack[c]) < TILE_MAX]
        return sorted(out, key=self.geo.rank.__getitem__)

    def _token_actions(self, p: int, first: bool = False) -> list[Action]:
        held = self.token_hand[p]
        if not held:
            return []
        sources = self._mountains_of(p)
        if not sources:
            return []
        out = []
        for token in sorted(set(held)):
            for source in sources:
                for target in self._token_targets(token, source, p):
                    out.append(self.table.token(token, source, target))
                    if first:
                        return out
        out.sort(key=_TOKEN_ORDER)
        return out

    # -- why a move is refused --------------------------------------------------------------------
    def _cell_or_reason(self, name: str) -> tuple[int | None, str]:
        try:
            return self.geo.cell(name), ""
        except ValueError as exc:
            return None, str(exc)

    def _illegal_reason(self, action: Action) -> str:
        p, phase, kind = self.current_player, self.phase, type(action)
        if phase == KEEP:
            if kind is Keep:
                return (f"you keep the camp and one of {', '.join(KEEP_CHOICES)} (Mise en place 2: "
                        f"'garde la tuile Campement et une autre tuile de son choix'), not {action.tile!r}")
            return (f"first every player keeps one of their '1' tiles with the camp (Mise en place 2): "
                    f"seat {p} is choosing")
        if kind is Keep:
            return "the start tiles are already chosen and laid out (Mise en place 2 and 3)"
        if phase == CAMP:
            lo, hi = self._camp_range()
            terrain = KINDS[self.kind[self.camp]].terrain
            if kind is Camp:
                return (f"a camp in the {terrain} ({TERRAIN_FRENCH[terrain]}) takes at least {lo} adventurer"
                        f"{'s' if lo > 1 else ''} and at most {CAMP_MAX} in all (dans la limite de cinq), "
                        f"and your reserve holds {self.reserve[p]}: choose {lo} to {hi}, not {action.adventurers}")
            return (f"first put adventurers on the camp you placed at {self.geo.names[self.camp]} "
                    f"(Placer un campement): 'camp with {lo} adventurers' to 'camp with {hi} adventurers'")
        if kind is Camp:
            return "adventurers go on a camp only right after it is placed (Placer un campement)"
        pending = self.head >= 0 and len(self.stack[self.head]) > TILE_MAX
        if pending and not (kind is Move and action.source == self.geo.names[self.head]):
            lo, _ = self._head_range()
            return (f"{self.geo.names[self.head]} now holds {len(self.stack[self.head])} adventurers: at least "
                    f"{lo} of your surplus must go on along the line, since no tile may end a move with more "
                    f"than four (plus de quatre aventuriers)")
        if kind is Place:
            return self._place_reason(action)
        if kind is Move:
            return self._move_reason(action)
        if kind is EndTurn:
            return ("placing a tile is mandatory: place at least one tile before ending your turn "
                    "(Placer une tuile est obligatoire)")
        if kind is UseToken:
            return self._token_reason(action)
        return f"'{action}' is not allowed now"

    def _place_reason(self, action: Place) -> str:
        p = self.current_player
        if self.placed >= TILES_PER_TURN:
            return (f"you have placed {TILES_PER_TURN} tiles this turn, the most a turn allows "
                    "(Placer 1, 2 ou 3 tuiles)")
        held = sorted({KINDS[code & 15].name for code in self.hand[p]})
        if action.tile not in KIND_INDEX:
            return f"there is no tile kind {action.tile!r}; the kinds are: {', '.join(k.name for k in KINDS)}"
        if action.tile not in held:
            return f"you have no {action.tile} in your hand (your hand: {', '.join(held) or 'empty'})"
        cell, why = self._cell_or_reason(action.cell)
        if cell is None:
            return why
        if self.kind[cell] >= 0:
            return f"{action.cell} already holds a tile ({KINDS[self.kind[cell]].name})"
        if not any(self.kind[nb] >= 0 for nb in self.geo.neighbours[cell]):
            return (f"a new tile must touch a placed tile along an edge, not only at a corner "
                    f"(au moins un bord de chaque tuile se touche): {action.cell} touches none")
        limit = self.geo.limit
        x, y = self.geo.xs[cell], self.geo.ys[cell]
        wide = max(self.maxx, x) - min(self.minx, x) + 1
        high = max(self.maxy, y) - min(self.miny, y) + 1
        return (f"the play area may not exceed {limit} x {limit} tiles with {self.players} players "
                f"(Taille de la zone de jeu): a tile on {action.cell} would make it {wide} x {high}")

    def _move_reason(self, action: Move) -> str:
        names = self.geo.names
        source, why = self._cell_or_reason(action.source)
        if source is None:
            return why
        target, why = self._cell_or_reason(action.target)
        if target is None:
            return why
        if self.camp < 0 or (source != self.camp and source != self.head):
            return ("only the extra adventurers of the camp you have just placed may move, and at once "
                    "(ils ne peuvent être déplacés qu'immédiatement après avoir été placés)")
        if source == self.camp and source != self.head:
            if not self.split_lines and self.camp_movable == 0 and self.head >= 0:
                return (f"the extras of a camp leave together, in one straight line (les aventuriers se "
                        f"déplacent en ligne droite): a group already left {action.source} toward "
                        f"{names[self.head]}, and the adventurers who stayed are settled on the camp "
                        f"(several lines are the variant 'standard+split')")
            if action.adventurers > self.camp_movable or action.adventurers < 1:
                return (f"only the extra adventurers of a camp may move, the required ones stay: the camp at "
                        f"{action.source} has {self.camp_movable} extra adventurer"
                        f"{'s' if self.camp_movable != 1 else ''} free to move, not {action.adventurers}")
            d = self.geo.direction(source, target)
            if d is None:
                return (f"adventurers move in a straight line from tile to tile (en ligne droite, de tuile en "
                        f"tuile): {action.target} is not next to {action.source}")
        else:
            d = self.head_dir
            ahead = self.geo.step[d][source]
            if target != ahead:
                ahead_name = names[ahead] if ahead >= 0 else "off the grid"
                return (f"the group on {action.source} came heading {DIRECTION_NAMES[d]}: in a straight line "
                        f"it can only go on to {ahead_name} (sans faire de détours)")
            lo, hi = self._head_range()
            cost = _COST[self.kind[source]]
            if action.adventurers > hi or action.adventurers < lo:
                return (f"only the surplus may go on (les aventuriers en surplus): {self.head_in} entered "
                        f"{action.source}, which needs {cost} to stay, so {lo} to {hi} may go on, "
                        f"not {action.adventurers}")
        kind = self.kind[target]
        if kind < 0:
            return (f"there is no tile on {action.target}: adventurers never cross an empty space "
                    "(sans traverser d'espaces vides)")
        if kind == _LAKE:
            return "lakes cannot be entered (les aventuriers ne peuvent pas se déplacer sur les tuiles Lac)"
        if target in self.tokens:
            return f"snakes (Serpents) cover {action.target}: nobody may enter it until the end of the game"
        cost = _COST[kind]
        terrain = KINDS[kind].terrain
        if action.adventurers < cost:
            return (f"entering a {terrain} tile ({TERRAIN_FRENCH[terrain]}) needs at least {cost} adventurers "
                    f"left on it, and {action.adventurers} would enter")
        held = len(self.stack[target])
        return (f"{action.target} holds {held} adventurer{'s' if held != 1 else ''}: with {action.adventurers} more it "
                f"would end the move with more than four (plus de quatre aventuriers), and the surplus could "
                f"not find room further along the line")

    def _token_reason(self, action: UseToken) -> str:
        p = self.current_player
        if not self.adventures:
            return ("action tokens belong to the 'Nouvelles aventures' extension: start the game with "
                    "variant='adventures'")
        if action.token not in TOKENS:
            return f"there is no {action.token!r} token; the tokens are: {', '.join(TOKENS)}"
        if not self.placed:
            return "a token is used after placing 1, 2 or 3 tiles (Après avoir placé 1, 2 ou 3 tuiles)"
        if action.token not in self.token_hand[p]:
            return (f"you have no {action.token} token ({TOKEN_FRENCH[action.token]}) in hand "
                    f"(your tokens: {', '.join(sorted(self.token_hand[p])) or 'none'})")
        source, why = self._cell_or_reason(action.source)
        if source is None:
            return why
        if self.kind[source] != _MOUNTAIN or p not in self.stack[source]:
            return (f"a token needs one of your adventurers on a mountain (tuile Montagne), and {action.source} "
                    "is not a mountain holding one")
        return {
            "boat": f"the boat goes on an unoccupied lake (une tuile Lac inoccupée), and {action.target} is not one",
            "snakes": f"the snakes go on a tile with no adventurer and no token (inoccupée), and "
                      f"{action.target} is not one",
            "sandstorm": f"the sandstorm moves your adventurer to another tile where you hold the majority "
                         f"and that ends with at most four; {action.target} is not such a tile",
            "caravan": f"the caravan goes to a tile next to {action.source} that is not a lake, not under snakes "
                       f"and holds fewer than four adventurers; {action.target} is not one",
        }[action.token]

    # -- saves --------------------------------------------------------------------------------------
    def _to_dict(self) -> dict:
        names = self.geo.names

        def tiles(codes):
            return [[code >> 4, KINDS[code & 15].name] for code in codes]

        return {
            "phase": self.phase, "current_player": self.current_player,
            "board": [[names[c], KINDS[self.kind[c]].name, self.back[c], self.placer[c], list(self.stack[c])]
                      for c in self.cells],
            "tokens": [[names[c], t, seat] for c, (t, seat) in self.tokens.items()],
            "hand": [tiles(h) for h in self.hand], "pile": [tiles(p) for p in self.pile],
            "kept": [KINDS[k].name if k is not None else None for k in self.kept],
            "reserve": list(self.reserve), "captives": [list(x) for x in self.captives],
            "token_hand": [list(x) for x in self.token_hand], "token_pile": [list(x) for x in self.token_pile],
            "token_box": [list(x) for x in self.token_box],
            "turn": {"placed": self.placed, "camp": names[self.camp] if self.camp >= 0 else None,
                     "camp_movable": self.camp_movable, "head": names[self.head] if self.head >= 0 else None,
                     "head_dir": self.head_dir, "head_in": self.head_in},
            "events": [[list(x) if isinstance(x, tuple) else x for x in e] for e in self.events],
        }

    @classmethod
    def _from_dict(cls, f: Fields, players: int, variant: str) -> LuxorState:
        s = cls._blank(players, variant)
        geo = s.geo
        seat = dict(lo=0, hi=players - 1)
        s.phase = f.str("phase", choices=PHASES)
        s.is_terminal = s.phase == OVER
        s.current_player = f.opt_int("current_player", **seat)

        def cell(value, where):
            try:
                return geo.cell(value)
            except (ValueError, AttributeError):
                raise CorruptSave(f"{where} must be a cell of the {players}-player grid, got {quote(value)}") from None

        def kind(value, where):
            if value not in KIND_INDEX:
                raise CorruptSave(f"{where} must be a kind of tile, got {quote(value)}")
            return KIND_INDEX[value]

        def tiles(items, where):
            out = []
            for i, t in enumerate(items):
                if not (isinstance(t, list) and len(t) == 2 and t[0] in BACKS):
                    raise CorruptSave(f"{where}[{i}] must be [back, kind], got {quote(t)}")
                out.append(t[0] * 16 + kind(t[1], f"{where}[{i}]"))
            return out

        for i, item in enumerate(f.list("board")):
            where = f"{f.path}.board[{i}]"
            if not (isinstance(item, list) and len(item) == 5 and isinstance(item[4], list)):
                raise CorruptSave(f"{where} must be [cell, kind, back, placer, stack]")
            c = cell(item[0], where)
            if s.kind[c] >= 0:
                raise CorruptSave(f"{where}: two tiles on {item[0]}")
            k = kind(item[1], where)
            if item[2] not in BACKS or not (isinstance(item[3], int) and -1 <= item[3] < players):
                raise CorruptSave(f"{where}: bad back number or placer")
            if not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < players for x in item[4]):
                raise CorruptSave(f"{where}: the stack must list seats")
            s._put_tile(c, item[2] * 16 + k, item[3])
            s.stack[c] = tuple(item[4])
        for i, item in enumerate(f.list("tokens")):
            where = f"{f.path}.tokens[{i}]"
            if not (isinstance(item, list) and len(item) == 3 and item[1] in ("boat", "snakes")
                    and isinstance(item[2], int) and 0 <= item[2] < players):
                raise CorruptSave(f"{where} must be [cell, 'boat' or 'snakes', seat]")
            s.tokens[cell(item[0], where)] = (item[1], item[2])
        s.hand = [tiles(h, f"{f.path}.hand[{i}]") for i, h in enumerate(f.list("hand", length=players))]
        s.pile = [tiles(p, f"{f.path}.pile[{i}]") for i, p in enumerate(f.list("pile", length=players))]
        kept = f.list("kept", length=players)
        s.kept = [None if k is None else kind(k, f"{f.path}.kept[{i}]") for i, k in enumerate(kept)]
        if any(k is not None and KINDS[k].name not in KEEP_CHOICES for k in s.kept):
            raise CorruptSave(f"{f.path}.kept must name '1' tiles other than the camp")
        s.reserve = f.int_list("reserve", length=players, lo=0, hi=ADVENTURERS_PER_PLAYER)
        s.captives = f.int_lists("captives", length=players, inner=players, lo=0)
        for name in ("token_hand", "token_pile", "token_box"):
            setattr(s, name, f.str_lists(name, length=players, choices=TOKENS))
        turn = f.sub("turn")
        s.placed = turn.int("placed", lo=0, hi=TILES_PER_TURN)
        camp, head = turn.data.get("camp"), turn.data.get("head")
        s.camp = -1 if camp is None else cell(camp, f"{f.path}.turn.camp")
        s.head = -1 if head is None else cell(head, f"{f.path}.turn.head")
        s.camp_movable = turn.int("camp_movable", lo=0, hi=CAMP_MAX)
        s.head_dir = turn.int("head_dir", lo=-1, hi=3)
        s.head_in = turn.int("head_in", lo=0, hi=CAMP_MAX)
        s.events = f.events(kinds=EVENTS, players=players)
        return s

    def changed(self) -> None:
        """After a hand edit (``positions.position``, a test): forget the legal actions and the
        frontier's cells in name order."""
        super().changed()
        self._cells_cache = None

    def check(self) -> list[str]:
        """Conservation of tiles, adventurers and tokens, stack limits, and a consistent turn."""
        problems = []
        n = self.players
        placed_by = [[] for _ in range(n)]
        layout = []
        kind, stack = self.kind, self.stack
        on_board = [0] * n
        for c in range(self.geo.size):
            if kind[c] < 0:
                if stack[c]:
                    problems.append(f"adventurers on the empty cell {self.geo.names[c]}")
                continue
            code = self.back[c] * 16 + kind[c]
            (placed_by[self.placer[c]] if self.placer[c] >= 0 else layout).append(code)
            for s in stack[c]:
                on_board[s] += 1
            limit = CAMP_MAX if _IS_CAMP[kind[c]] else TILE_MAX
            if len(stack[c]) > limit and not (c == self.head and len(stack[c]) - self.head_in <= TILE_MAX):
                problems.append(f"{self.geo.names[c]} holds {len(stack[c])} adventurers")
            if stack[c] and (_COST[kind[c]] is None or self.tokens.get(c, ("",))[0] == "snakes"):
                problems.append(f"adventurers on {self.geo.names[c]}, which cannot be entered")
        if len(self.cells) != sum(1 for k in kind if k >= 0):
            problems.append("the list of placed cells disagrees with the grid")
        if self._cells_cache is not None and self._cells_cache != sorted(self.frontier, key=self.geo.rank.__getitem__):
            problems.append("the cells open to a tile are out of order")
        contributions = []
        for s in self.seats:
            tiles = self.hand[s] + self.pile[s] + placed_by[s]
            if self.kept[s] is not None:
                tiles = tiles + _contribution(self.kept[s])
                contributions += _contribution(self.kept[s])
            if sorted(tiles) != _FULL_SET:
                problems.append(f"seat {s}'s 24 tiles must each be in exactly one place")
            taken = sum(self.captives[t][s] for t in self.seats)
            if self.reserve[s] + on_board[s] + taken != ADVENTURERS_PER_PLAYER:
                problems.append(f"seat {s} has {self.reserve[s] + on_board[s] + taken} adventurers in play, "
                                f"not {ADVENTURERS_PER_PLAYER}")
            if self.captives[s][s]:
                problems.append(f"seat {s} captured its own adventurers")
            tokens = self.token_hand[s] + self.token_pile[s] + self.token_box[s] + \
                [t for t, seat in self.tokens.values() if seat == s]
            expected = _FULL_TOKENS if self.adventures else []
            if sorted(tokens) != expected:
                problems.append(f"seat {s}'s action tokens must each be in exactly one place")
            if len(self.hand[s]) > HAND_SIZE and self.phase != KEEP:
                problems.append(f"seat {s} holds {len(self.hand[s])} tiles")
        if self.phase != KEEP and sorted(layout) != sorted(contributions):
            problems.append("the start layout is not made of the tiles the players laid")
        for c, (token, _) in self.tokens.items():
            if kind[c] < 0 or (token == "boat" and kind[c] != _LAKE):
                problems.append(f"a {token} token on {self.geo.names[c]}")
        if self.is_terminal != (self.current_player is None) or self.is_terminal != (self.phase == OVER):
            problems.append("current_player must be empty exactly when the game is over")
        if self.phase == KEEP:
            chosen = [k is not None for k in self.kept]
            if self.cells or chosen != [s < self.current_player for s in self.seats]:
                problems.append("the '1' tiles are kept seat by seat before anything is laid")
        elif self.phase in (PLAY, CAMP):
            if not self.placed and (self.camp >= 0 or self.head >= 0):
                problems.append("a camp or a moving group without a tile placed this turn")
            if self.phase == CAMP and (self.camp < 0 or stack[self.camp]):
                problems.append("the camp to fill must be placed and empty")
            problems += self._check_turn()
        if self.is_terminal and any(self.hand) and any(self._any_cell_for(s) for s in self.seats):
            problems.append("the game ended with tiles still to place")
        return problems

    def _check_turn(self) -> list[str]:
        """The camp just placed and the group on the move agree with the grid: the camp is the last tile
        placed, a camp of the player to move, whose free adventurers stand on it; the moving group's
        adventurers are on top of a tile, which it entered from a direction."""
        p, kind, stack, camp, head = self.current_player, self.kind, self.stack, self.camp, self.head
        problems = []
        if camp < 0 and self.camp_movable:
            problems.append("adventurers free to leave a camp, but no camp this turn")
        if camp >= 0 and (kind[camp] < 0 or not _IS_CAMP[kind[camp]] or self.placer[camp] != p
                          or self.cells[-1] != camp or self.camp_movable > stack[camp].count(p)):
            problems.append("the camp of this turn must be the camp just placed by the player to move, "
                            "with its free adventurers on it")
        if head >= 0 and (kind[head] < 0 or head == camp or not 0 <= self.head_dir <= 3 or self.head_in < 1
                          or stack[head][-self.head_in:] != (p,) * self.head_in):
            problems.append("the moving group must stand on top of a tile it entered along a line")
        return problems

    def _any_cell_for(self, seat: int) -> bool:
        return bool(self.hand[seat]) and bool(self._legal_cells())



class LuxorGame(Game):
    """Expedition Luxor: straight-line movement, last-mover advantage."""

    key = "luxor"
    title = "Expedition Luxor"
    min_players, max_players = 2, 4
    variants = VARIANTS
    rules_version = 2   # 2: a camp's extras leave in one line by default ("+split" variants for several)
    summary = "straight-line movement, last-mover advantage"
    action_types = (Keep, Place, Camp, Move, EndTurn, UseToken)
    state_class = LuxorState


GAME = LuxorGame()
