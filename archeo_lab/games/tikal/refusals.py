"""Tikal: what may be played now: the actions on offer, and why any other is refused.

``Offers`` (mixed into ``TikalState``) lists the legal actions fast, the way random playouts and
search need them: tables of actions per space, moves worked out once per board layout.

One check per kind of action answers ``None`` (legal) or the reason it is refused, e.g. "the
path from A5 to A4 has 2 stones and you have 1 AP left".  ``TikalState._is_legal`` (what
``apply``, ``resolve``, ``is_legal`` and ``parse_action`` ask) and ``_illegal_reason`` (the
message of ``IllegalAction``) both call ``check``, so the decision and its explanation are one
piece of code.  The state's fast generator of legal actions (``state.py``) reads the same numbers
(``components.COSTS``, ``PER_SITE_PER_TURN``, ``GUARDIANS``, ...), and ``tests/test_tikal_checks.py``
checks on random positions that every generated action passes its check and that readable
actions outside the list are refused, so the two cannot drift apart.

The checks cite the rule book's sections ("Déroulement d'une partie", A and B; the actions A to
H of "Utiliser ses points d'action"; "Règles avancées" for the auction) and the decisions where
it is silent, listed in ``state.py``'s docstring.

>>> from archeo_lab.games.tikal import position
>>> s = position(tiles={"C4": (24, 0)}, explorers={"C4": [1, 0]}, ap=2)
>>> check(s, Dig("C4"))
'digging a treasure costs 3 AP and you have 2 AP left'
>>> check(s, EndTurn()) is None
True
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from typing import Any

from archeo_lab.engine import Action
from archeo_lab.engine.wording import in_words, plural

from .actions import (
    BRING, CAMP, DIG, END, GUARDIAN, UNCOVER, Bid, Bring, ChooseTile, Dig, EndTurn, Exchange, Move, Pass,
    PlaceGuardian, PlaceTile, SetUpCamp, Uncover, exchange_action, move_actions, place_action,
)
from . import components
from .components import (
    BASE_CAMP, COSTS, LEADER_STRENGTH, LEVEL_PIECES, SIDES, TILE_BY_ID, TILES, TREASURE_KINDS,
)
from .encoding import ACTIONS, BID, BOXED, CHOOSE, PIECES, PLACE, RESERVE, Position
from .hexgrid import (
    ANY_SIDE, INDEX, LABELS, NEIGHBOURS, OPPOSITE, SPACES, distinct_rotations, frontier_need, links, rotated, side_mask,
)

#: A ``TikalState`` (``state.py`` mixes ``Offers`` in and imports this module, so the type is not named here).
TikalState = Any

__all__ = ["check", "CHECKS", "Offers", "offer_numbers"]

_PLACE_RULE = ("'il doit donc y avoir, au minimum, un sentier reliant l'hexagone joué à un ou plusieurs hexagones "
               "qui lui sont contigus' (at least one passage of stones to a neighbour)")
_VOLCANO_RULE = "'il n'est en aucun cas possible de traverser un hexagone Volcan' (a volcano is never entered)"
_TWO_RULE = "'il vous faut obligatoirement deux Explorateurs' (each one needs an explorer of its own there)"
_WHOLE_MOVE = "'tout déplacement doit être effectué dans son intégralité durant le tour'"
#: The phase in which each kind of action is played ("Déroulement d'une partie"; "Règles avancées").
_PHASE = {PlaceTile: PLACE, ChooseTile: CHOOSE, Bid: BID, Pass: BID}
#: Treasure kinds in alphabetical order (the order exchanges are listed in), as indices.
_KINDS_ALPHA = tuple(TREASURE_KINDS.index(k) for k in sorted(TREASURE_KINDS))
_MAX_LEVEL = max(LEVEL_PIECES)
#: Per tile: its distinct rotations with the sides that carry stones.
_ROTATIONS = {t.id: tuple((r, side_mask(rotated(t.stones, r))) for r in distinct_rotations(t.stones)) for t in TILES}
#: Per tile: the rotations that link on a space, by its ``frontier_need`` (0 to ``ANY_SIDE``, filled on demand),
#: and every placement of the tile, by space * 6 + rotation (None for a rotation that repeats a picture), made
#: in one go at the tile's first list, so that the actions one list reads lie together in memory.
_PLACE_BY_TILE: dict[int, tuple[list[list[int] | None], list[PlaceTile | None]]] = {}


def _placements_of(tile: int) -> tuple[list[list[int] | None], list[PlaceTile | None]]:
    """``_PLACE_BY_TILE[tile]``, made and kept: no linking rotations yet, and every placement of the tile."""
    distinct = {r for r, _ in _ROTATIONS[tile]}
    table = _PLACE_BY_TILE[tile] = ([None] * (ANY_SIDE + 1), [
        place_action(tile, i, r) if r in distinct else None for i in range(SPACES) for r in range(len(SIDES))])
    return table


def check(state: TikalState, action: Action) -> str | None:
    """``None`` if ``action`` (a readable Tikal action) may be played now, else why not."""
    phase = _PHASE.get(type(action), ACTIONS)
    if state.phase != phase:
        if phase == BID:
            return f"'{action}' cannot be played now: there is no auction (enchères) going on; {_what_now(state)}"
        return f"'{action}' cannot be played now: {_what_now(state)}"
    return CHECKS[type(action)](state, action)


def _seat(state: TikalState) -> int:
    p = state.current_player
    assert p is not None, "only asked while the game goes on"
    return p


def _hand(state: TikalState) -> int:
    tile = state.in_hand
    assert tile is not None, "only asked while a hex is to be placed"
    return tile


def _stones(state: TikalState, i: int, side: int) -> int:
    """The stones on side ``side`` of the hex on space ``i`` (0 for an empty space)."""
    st = state.stones[i]
    return st[side] if st is not None else 0


def _unknown_piece(piece: str) -> str | None:
    return None if piece in PIECES else f"a piece is {' or '.join(PIECES)}, not {piece!r}"


def _what_now(state: TikalState) -> str:
    p, phase = state.current_player, state.phase
    if phase == PLACE:
        tile = TILE_BY_ID[_hand(state)]
        return (f"seat {p} must first place the drawn hex (tile {tile.id}, {tile.describe()}) "
                "(A, Mettre en jeu un hexagone)")
    if phase == CHOOSE:
        return f"seat {p} must first choose one of the revealed hexes ({', '.join(map(str, sorted(state.offer)))})"
    if phase == BID:
        return f"it is seat {p}'s turn to bid or pass in the auction (enchères)"
    if phase == ACTIONS:
        return f"seat {p} is spending action points (PA): {state.ap} AP left"
    return "the game is over"


def _afford(state: TikalState, key: str, what: str) -> str | None:
    """The action's price (``COSTS[key]``) against the AP left ("Utiliser ses points d'action")."""
    cost = COSTS[key]
    if state.ap < cost:
        return f"{what} costs {cost} AP and you have {state.ap} AP left"
    return None


def _space(state: TikalState, name: str) -> int | None:
    return INDEX.get(name) if isinstance(name, str) else None


# -- A. placing a hex; advanced rules: choosing one, the auction ----------------------------------------
def check_place(state: TikalState, action: PlaceTile) -> str | None:
    """A, "Mettre en jeu un hexagone": the drawn hex, on a free space next to a placed hex, linked by a
    passage of stones to a non-volcano neighbour (a volcano only touches); rotations giving the same
    picture are one (the smallest); if the hex has no linked place at all, any free space next to
    a placed hex (our decision: the rule book does not cover it)."""
    tile = TILE_BY_ID[_hand(state)]
    if action.tile != tile.id:
        return f"the hex to place is tile {tile.id} ({tile.describe()}), not tile {action.tile}"
    i, r = _space(state, action.space), action.rotation
    if i is None:
        return f"the board has no space {action.space}"
    if not 0 <= r < len(SIDES):
        return f"a rotation is 0 to {len(SIDES) - 1} steps of 60 degrees, not {r}"
    if state.kind[i] is not None:
        return f"{action.space} is already explored: a hex goes on a free space"
    need = frontier_need(state.kind, state.stones, i)
    rotations = distinct_rotations(tile.stones)
    if need is None:
        return (f"{action.space} touches no placed hex: 'tout nouvel hexagone doit être posé contigu à un "
                "hexagone déjà posé'")
    if r not in rotations:
        same = next(q for q in rotations if rotated(tile.stones, q) == rotated(tile.stones, r))
        return f"rotation {r} gives the same picture as rotation {same}: use rotation {same}"
    if tile.kind == "volcano" or links(need, side_mask(rotated(tile.stones, r))):
        return None
    if not _has_linked_place(state, tile.stones):
        return None                      # no linked place anywhere: any free space next to a placed hex
    if not need:
        return f"{action.space} only touches volcanoes, and {_VOLCANO_RULE}: {_PLACE_RULE}"
    facing = [LABELS[j] for d, j in enumerate(NEIGHBOURS[i]) if need >> d & 1]
    neighbours = f"the hexes on {', '.join(facing)} have" if len(facing) > 1 else f"the hex on {facing[0]} has"
    return (f"turned {r}, tile {tile.id} has no stones facing {', '.join(facing)} and {neighbours} none "
            f"facing {action.space}: {_PLACE_RULE}")


def _has_linked_place(state: TikalState, stones: tuple[int, ...]) -> bool:
    masks = [side_mask(rotated(stones, r)) for r in distinct_rotations(stones)]
    needs = [frontier_need(state.kind, state.stones, i) for i in range(SPACES)]
    return any(links(need, m) for need in needs if need is not None for m in masks)


def check_choose(state: TikalState, action: ChooseTile) -> str | None:
    """Advanced rules: the auction's winner chooses one of the revealed hexes."""
    if action.tile not in state.offer:
        return f"tile {action.tile} is not among the revealed hexes ({', '.join(map(str, sorted(state.offer)))})"
    return None


def check_bid(state: TikalState, action: Bid) -> str | None:
    """Advanced rules: "chaque joueur doit faire une offre supérieure à la précédente, ou passer son
    tour"; a bid is paid in prestige points, so it cannot exceed the bidder's score (our decision)."""
    if action.amount <= state.high_bid:
        return (f"a bid must be higher than the last one ({state.high_bid}): "
                "'chaque joueur doit faire une offre supérieure à la précédente, ou passer son tour'")
    have = state.points[_seat(state)]
    if action.amount > have:
        return f"you have {have} prestige points, so you cannot bid {action.amount}"
    return None


def check_pass(state: TikalState, action: Pass) -> str | None:
    """Advanced rules: a bidder may always pass (and is then out of this auction)."""
    return None


# -- B. spending action points --------------------------------------------------------------------------
def check_end(state: TikalState, action: EndTurn) -> str | None:
    """B: "vous n'êtes pas obligé d'utiliser vos 10 PA": the turn may end at any time."""
    return None


def check_bring(state: TikalState, action: Bring) -> str | None:
    """A, "Mettre en jeu un nouvel Explorateur": from the reserve onto the base camp or an own camp."""
    p = _seat(state)
    nodes = state.camp_nodes(p)
    if _unknown_piece(action.piece):
        return _unknown_piece(action.piece)
    if _space(state, action.space) not in nodes:
        return (f"a piece comes into play on the base camp ({BASE_CAMP}) or one of your camps, not on {action.space} "
                f"(A, Mettre en jeu un nouvel Explorateur): yours are {', '.join(LABELS[j] for j in nodes)}")
    if action.piece == "leader":
        at = state.leader_at[p]
        if at >= 0:
            return f"your leader (Chef d'expédition) is already in play on {LABELS[at]}"
        if at != RESERVE:
            return f"your leader (Chef d'expédition) has {'left the game' if at == BOXED else 'become a guardian'}"
    elif state.reserve[p] == 0:
        return "you have no explorer left in your reserve"
    return _afford(state, "bring", "bringing a piece into play")


def check_move(state: TikalState, action: Move) -> str | None:
    """B and C, "Se déplacer": across one passage, 1 AP per stone, never into a volcano; or between two
    of your camps (or the base camp) for ``COSTS["camp_move"]``, the cheaper when both link them."""
    p = _seat(state)
    src, dst = _space(state, action.src), _space(state, action.dst)
    if src is None or dst is None:
        return f"the board has no space {action.src if src is None else action.dst}"
    if _unknown_piece(action.piece):
        return _unknown_piece(action.piece)
    if action.piece == "leader" and state.leader_at[p] != src:
        return f"your leader is not on {action.src}"
    if action.piece == "explorer" and state.expl[p][src] == 0:
        return f"you have no explorer on {action.src} (guardians never move)"
    if state.kind[dst] is None:
        return f"{action.dst} is not explored yet: pieces move only onto placed hexes"
    if state.kind[dst] == "volcano":
        return f"{action.dst} is a volcano: {_VOLCANO_RULE}"
    cost = _move_cost(state, p, src, dst)
    if cost is None:
        if dst in NEIGHBOURS[src]:
            d = NEIGHBOURS[src].index(dst)
            return (f"there are no stones between {action.src} and {action.dst} ({_stones(state, src, d)} on this "
                    f"side, {_stones(state, dst, OPPOSITE[d])} on that side): no passage (Règles de passage)")
        return (f"{action.dst} is not next to {action.src}, and only your camps and the base camp are linked "
                "by shortcuts (B, Se déplacer d'un camp à un autre): move one hex at a time")
    if cost != action.cost:
        return f"moving from {action.src} to {action.dst} costs {cost} AP, not {action.cost}"
    if cost > state.ap:
        return (f"the path from {action.src} to {action.dst} has {plural(cost, 'stone')} and you have "
                f"{state.ap} AP left: {_WHOLE_MOVE}")
    return None


def _move_cost(state: TikalState, p: int, src: int, dst: int) -> int | None:
    """The AP of one move from ``src`` to ``dst`` (None: no passage and no camp hop), read from the board."""
    costs = []
    if dst in NEIGHBOURS[src] and state.kind[src] != "volcano":
        d = NEIGHBOURS[src].index(dst)
        stones = _stones(state, src, d) + _stones(state, dst, OPPOSITE[d])
        if stones:
            costs.append(stones)
    nodes = state.camp_nodes(p)
    if src != dst and src in nodes and dst in nodes:
        costs.append(COSTS["camp_move"])
    return min(costs, default=None)


def check_uncover(state: TikalState, action: Uncover) -> str | None:
    """D, "Dégager un étage de Temple": with a piece on an unguarded temple, the next level from the
    supply; at most ``PER_SITE_PER_TURN`` levels of one temple per turn, each with its own piece."""
    p, i = _seat(state), _space(state, action.space)
    if i is None or state.kind[i] != "temple":
        return f"there is no temple on {action.space}"
    if state.guard[i] is not None:
        return f"the temple on {action.space} has a guardian: 'plus aucun étage du temple ne peut être dégagé'"
    here = state.pieces_on(p, i)
    if not here:
        return f"you need an explorer on the temple {action.space} to uncover a level (D)"
    nxt = state.value[i] + 1
    if action.level != nxt:
        return f"the temple on {action.space} is at level {state.value[i]}: the next level is {nxt}, not {action.level}"
    if nxt > max(LEVEL_PIECES) or state.levels[nxt] == 0:
        return (f"no temple level {nxt} is left in the supply: 'si aucun étage du niveau supérieur n'est disponible, "
                "personne ne peut plus jouer cette action sur ce Temple'")
    return _per_turn(state.levels_turn.get(i, 0), here, "uncovered", "temple") or \
        _afford(state, "uncover", "uncovering a temple level")


def _per_turn(done: int, here: int, what: str, site: str) -> str | None:
    """D and E: at most ``PER_SITE_PER_TURN`` per temple or ruin and turn, each with its own piece there."""
    noun = "level" if site == "temple" else "treasure"
    if done >= components.PER_SITE_PER_TURN:
        return (f"you already {what} {plural(done, noun, spelled=True)} this turn "
                f"(at most {in_words(components.PER_SITE_PER_TURN)} per {site} per turn)")
    if here <= done:
        return (f"you have {plural(here, 'piece', spelled=True)} there and already {what} "
                f"{plural(done, noun, spelled=True)} this turn: {_TWO_RULE}")
    return None


def check_dig(state: TikalState, action: Dig) -> str | None:
    """E, "Déterrer un trésor": with a piece on a ruin that still has treasures; at most
    ``PER_SITE_PER_TURN`` from one ruin per turn, each with its own piece."""
    p, i = _seat(state), _space(state, action.space)
    if i is None or i not in state.tokens:
        return f"there is no treasure left to dig on {action.space} (E, Déterrer un trésor: on a ruin)"
    here = state.pieces_on(p, i)
    if not here:
        return f"you need an explorer on the ruin {action.space} to dig a treasure (E)"
    return _per_turn(state.digs_turn.get(i, 0), here, "dug", "ruin") or \
        _afford(state, "dig", "digging a treasure")


def check_exchange(state: TikalState, action: Exchange) -> str | None:
    """F, "Échanger un trésor": "les Trésors dont vous ne possédez qu'une copie sont échangeables", for a
    different kind a rival holds once (no explorer needed: our decision)."""
    p = _seat(state)
    for k in (action.give, action.take):
        if k not in TREASURE_KINDS:
            return f"there is no treasure kind {k!r}; the kinds are: {', '.join(TREASURE_KINDS)}"
    s = action.seat
    if s not in state.seats or s == p:
        return f"seat {s} is not a rival at this table: exchange with another player"
    if action.give == action.take:
        return "an exchange swaps two different treasures"
    mine, theirs = state.treasures[p][TREASURE_KINDS.index(action.give)], \
        state.treasures[s][TREASURE_KINDS.index(action.take)]
    if mine != 1:
        return (f"you hold {mine} {action.give}: 'les Trésors dont vous ne possédez qu'une copie "
                "sont échangeables' (only a treasure held once)")
    if theirs != 1:
        return (f"seat {s} holds {theirs} {action.take}: only a treasure its owner holds once "
                "can be taken (F, Échanger un trésor)")
    return _afford(state, "exchange", "an exchange")


def check_camp(state: TikalState, action: SetUpCamp) -> str | None:
    """G, "Installer un camp": with a piece on a clearing (or an emptied ruin) without a camp."""
    p, i = _seat(state), _space(state, action.space)
    if i is None or state.kind[i] != "clearing":
        what = state.kind[i] if i is not None and state.kind[i] else "no explored hex"
        return f"a camp goes on a clearing (Clairière) or an emptied ruin; {action.space} is {what}"
    if state.camp_of[i] is not None:
        return f"the clearing {action.space} already has a camp (G: one camp per clearing)"
    if state.camps_left[p] == 0:
        return "you have set up both of your camps already"
    if not state.pieces_on(p, i):
        return f"you need an explorer on {action.space} to set up a camp there (G)"
    return _afford(state, "camp", "setting up a camp")


def check_guardian(state: TikalState, action: PlaceGuardian) -> str | None:
    """H, "Placer un gardien": on an unguarded temple where you are the dominant expedition (the leader
    counts ``LEADER_STRENGTH``), with fewer than ``GUARDIANS`` guardians already."""
    p, i = _seat(state), _space(state, action.space)
    if i is None or state.kind[i] != "temple":
        return f"there is no temple on {action.space}"
    if _unknown_piece(action.piece):
        return _unknown_piece(action.piece)
    if state.guard[i] is not None:
        return f"the temple on {action.space} already has a guardian"
    if state.guardians[p] >= components.GUARDIANS:
        return (f"you already have {plural(components.GUARDIANS, 'guardian', spelled=True)}: "
                "'vous ne devez pas avoir déjà deux Gardiens'")
    if action.piece == "leader" and state.leader_at[p] != i:
        return f"your leader is not on {action.space}"
    if action.piece == "explorer" and state.expl[p][i] == 0:
        return f"you have no explorer on {action.space}"
    mine = state.strength_on(p, i)
    best = max((state.strength_on(s, i) for s in state.seats if s != p), default=0)
    if mine <= best:
        return (f"you count {mine} on {action.space} (the leader counts {LEADER_STRENGTH}) and a rival counts "
                f"{best}: you must be the dominant expedition, 'avoir plus d'Explorateurs que les autres joueurs'")
    return _afford(state, "guardian", "placing a guardian")


#: The check of each kind of action.
CHECKS: dict[type[Any], Callable[[TikalState, Any], str | None]] = {
    PlaceTile: check_place, ChooseTile: check_choose, Bid: check_bid, Pass: check_pass, EndTurn: check_end,
    Bring: check_bring, Move: check_move, Uncover: check_uncover, Dig: check_dig, Exchange: check_exchange,
    SetUpCamp: check_camp, PlaceGuardian: check_guardian,
}


#: The order of a turn's site offers (``Offers._site_offers``): uncover a level, dig, set up a camp, place a
#: guardian explorer, place the leader as guardian; each such action's place in it.
SITE_ORDER: dict[Action, int] = {
    **{a: 0 for row in UNCOVER for a in row}, **{a: 1 for a in DIG}, **{a: 2 for a in CAMP},
    **{a: 3 + k for k, row in enumerate(GUARDIAN) for a in row},
}


# -- the offers: every legal action, fast ---------------------------------------------------------------
class _MovesFrom:
    """One seat's moves out of one space on one board layout (``BoardLayout.moves``).

    ``dsts``: (space, AP) pairs, by space; ``hops``: whether camp hops are among them (then the
    moves are this seat's own); ``moves[piece]``: every move of that piece (0 explorer, 1 leader)
    in space order; ``dearest``: the AP of the dearest one (with at least that many AP left, a
    piece can take them all, the usual case: ``within`` filters the others).
    """

    __slots__ = ("dsts", "hops", "dearest", "moves", "_within")

    def __init__(self, i: int, dsts: list[tuple[int, int]], hops: bool) -> None:
        self.dsts, self.hops = dsts, hops
        explorers: list[Move] = []
        leaders: list[Move] = []
        dearest = 0
        for j, c in dsts:
            explorer, leader = move_actions(i, j, c)
            explorers.append(explorer)
            leaders.append(leader)
            dearest = max(dearest, c)
        self.dearest, self.moves = dearest, (explorers, leaders)
        self._within: dict[int, list[Move]] = {}

    def within(self, piece: int, ap: int) -> list[Move]:
        """The moves of ``piece`` costing at most ``ap``, in space order (worked out once per piece and AP)."""
        key = 2 * ap + piece
        out = self._within.get(key)
        if out is None:
            out = self._within[key] = [a for a, (_, c) in zip(self.moves[piece], self.dsts) if c <= ap]
        return out


def offer_numbers() -> tuple[int, int, int, int, int, int, int, int]:
    """The numbers ``Offers`` reads at every step, from ``components`` as it is now: the AP a bring,
    an uncover, a dig, an exchange, a camp and a guardian cost (``COSTS``), the guardians per seat
    (``GUARDIANS``) and the levels or treasures per site and turn (``PER_SITE_PER_TURN``), in that order.
    A plain tuple, unpacked at every step: Python unpacks an exact tuple faster than a named one.

    A state reads them when its game starts, is loaded or is ``changed()`` (``TikalState._numbers``),
    and its copies share them.  ``check`` reads ``components`` at each call, so a number edited in
    memory in the middle of a game reaches that game's offers at its next ``changed()``.

    >>> offer_numbers()
    (1, 2, 3, 3, 5, 5, 2, 2)
    """
    c = COSTS
    return (c["bring"], c["uncover"], c["dig"], c["exchange"], c["camp"], c["guardian"], components.GUARDIANS,
            components.PER_SITE_PER_TURN)


class Offers(Position):
    """The legal actions of a Tikal position, fast (mixed into ``TikalState``; ``check`` above is the
    rule for one action, and the tests hold the two together).  The numbers they read are the
    state's ``_numbers`` (``offer_numbers()``)."""

    _numbers: tuple[int, int, int, int, int, int, int, int]

    def placements(self, tile: int) -> list[tuple[int, int]]:
        """(space, rotation) pairs where ``tile`` may be placed now, sorted ("Règle de pose").

        Next to a placed hex; a non-volcano needs a passage (stones on its side, on the
        neighbour's facing side, or both) to a non-volcano neighbour.  Identical rotations
        are listed once.  If a non-volcano has no such place, any free space next to a
        placed hex will do (a case the rule book does not cover).
        """
        return [(INDEX[a.space], a.rotation) for a in self._legal_place(tile)]

    def _legal_place(self, tile: int) -> list[PlaceTile]:
        """A, "Mettre en jeu un hexagone" (see ``placements``; ``refusals.check_place`` words it)."""
        frontier = self._geo.frontier
        spaces = sorted(frontier)
        if TILE_BY_ID[tile].kind == "volcano":               # touching is enough, and only rotation 0
            return [place_action(tile, i, 0) for i in spaces]
        linking, placements = _PLACE_BY_TILE.get(tile) or _placements_of(tile)
        out: list[PlaceTile] = []
        for i in spaces:
            need = frontier[i]
            turns = linking[need]
            if turns is None:
                turns = linking[need] = [r for r, mask in _ROTATIONS[tile] if links(need, mask)]
            first = i * len(SIDES)
            for r in turns:
                out.append(placements[first + r])  # type: ignore[arg-type]  # a linking rotation is never None
        if not out:                                          # no linked place at all: any free space next to one
            out = [place_action(tile, i, r) for i in spaces for r, _ in _ROTATIONS[tile]]
        return out

    # -- legal actions of the AP phase (B, "Utiliser ses points d'action"; checked by refusals.py) ------------
    def _legal_ap(self) -> list[Action]:
        """End the turn, bring a piece in, moves, then uncover, dig, camp and guardian actions by space,
        then exchanges: every action the AP left pay for."""
        p, ap, geo = self.current_player, self.ap, self._geo
        assert p is not None
        bring, _, _, exchange, _, _, _, _ = self._numbers
        out: list[Action] = [END]
        lead = self.leader_at[p]
        if ap >= bring and (self.reserve[p] or lead == RESERVE):                # A
            offers = geo.bring[p] or self._bring_offers(p)
            if self.reserve[p]:
                out += offers[0]
            if lead == RESERVE:
                out += offers[1]
        table = geo.moves[p]
        for i in self._occ[p]:                                                  # B, C
            m = table[i] or self._moves_from(p, i)
            out += m.moves[0] if ap >= m.dearest else m.within(0, ap)
        if lead >= 0:
            m = table[lead] or self._moves_from(p, lead)
            out += m.moves[1] if ap >= m.dearest else m.within(1, ap)
        out += self._site_offers(p, ap, lead)                                   # D, E, G, H
        if ap >= exchange:                                                      # F
            cached = self._xcache
            offers = cached[p] if cached is not None else None
            out += offers if offers is not None else self._exchanges(p)
        return out

    def _bring_offers(self, p: int) -> tuple[list[Bring], list[Bring]]:
        """A: an explorer, and the leader, onto the base camp or one of ``p``'s camps (kept per layout)."""
        nodes = self._geo.nodes[p]
        offers = self._geo.bring[p] = ([BRING[0][i] for i in nodes], [BRING[1][i] for i in nodes])
        return offers

    def _site_offers(self, p: int, ap: int, lead: int) -> list[Action]:
        """D, E, G, H on the spaces where ``p`` has pieces: uncover a level, dig, set up a camp, place a
        guardian (grouped by kind in that order, each group by space)."""
        _, uncover, dig, _, camp, guardian, most_guardians, per_turn = self._numbers
        can_uncover = ap >= uncover
        can_dig = ap >= dig
        can_camp = ap >= camp and self.camps_left[p] > 0
        can_guard = ap >= guardian and self.guardians[p] < most_guardians
        if not (can_uncover or can_dig or can_camp or can_guard):
            return []
        row, kind = self.expl[p], self.kind
        spaces = self._occ[p]                                   # in space order
        if lead >= 0 and not row[lead]:
            spaces = spaces[:]
            insort(spaces, lead)
        found: list[Action] = []                               # in space order; sorted by kind below
        for i in spaces:
            k = kind[i]
            if k == "clearing":
                if can_camp and self.camp_of[i] is None:
                    found.append(CAMP[i])
            elif k == "temple":
                if self.guard[i] is None and (can_uncover or can_guard):
                    self._temple_offers(p, i, row[i], lead, can_uncover, can_guard, per_turn, found)
            elif k == "ruin" and can_dig:
                done = self.digs_turn.get(i, 0)
                if done < per_turn and row[i] + (lead == i) > done:
                    found.append(DIG[i])
        if len(found) > 1:
            found.sort(key=SITE_ORDER.__getitem__)            # stable: by kind, each kind still in space order
        return found

    def _temple_offers(self, p: int, i: int, n: int, lead: int, can_uncover: bool, can_guard: bool,
                       per_turn: int, found: list[Action]) -> None:
        """D and H on the unguarded temple at ``i`` where ``p`` has ``n`` explorers (and perhaps the leader),
        at most ``per_turn`` levels a turn, added to ``found`` (``_site_offers``' list)."""
        if can_uncover:
            v, done = self.value[i] + 1, self.levels_turn.get(i, 0)
            if v <= _MAX_LEVEL and self.levels[v] and done < per_turn and n + (lead == i) > done:
                found.append(UNCOVER[i][v])
        if can_guard:
            mine = n + (LEADER_STRENGTH if lead == i else 0)
            for s in range(self.players):
                if s != p and self.expl[s][i] + (LEADER_STRENGTH if self.leader_at[s] == i else 0) >= mine:
                    return
            if n:
                found.append(GUARDIAN[0][i])
            if lead == i:
                found.append(GUARDIAN[1][i])

    def _exchanges(self, p: int) -> list[Exchange]:
        """F: each treasure ``p`` holds once for a different one a rival holds once."""
        mine = [k for k in _KINDS_ALPHA if self.treasures[p][k] == 1]
        out = []
        if mine:
            theirs = [(s, [k for k in _KINDS_ALPHA if self.treasures[s][k] == 1]) for s in self.seats if s != p]
            out = [exchange_action(give, s, take) for give in mine for s, ks in theirs for take in ks if take != give]
        kept = self._xcache or (None,) * self.players     # each seat's, until a treasure changes hands
        self._xcache = (*kept[:p], out, *kept[p + 1:])
        return out

    def _moves_from(self, p: int, i: int) -> _MovesFrom:
        """Seat ``p``'s moves out of space ``i`` (B, C), worked out once per board and camp layout.

        Away from the seat's own camps the moves are the passages, the same for every seat:
        they are computed once and shared by all seats.  A hop between camps costs
        ``COSTS["camp_move"]``; when a passage links the same two hexes, the cheaper is offered.
        """
        geo = self._geo
        nodes = geo.nodes[p]
        hops = i in nodes and len(nodes) > 1
        if not hops:
            for row in geo.moves:
                shared = row[i]
                if shared is not None and not shared.hops:
                    geo.moves[p][i] = shared
                    return shared
        if hops:
            dsts = dict(geo.adj[i])
            hop = COSTS["camp_move"]
            for j in nodes:
                if j != i:
                    dsts[j] = min(dsts.get(j, hop), hop)
            pairs = sorted(dsts.items())
        else:
            pairs = sorted(geo.adj[i])                  # one passage per neighbour: sorted by space
        m = geo.moves[p][i] = _MovesFrom(i, pairs, hops)
        return m
