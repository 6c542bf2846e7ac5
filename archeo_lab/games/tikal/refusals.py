"""Tikal: why an action is refused, in the learner's words with the rule book's terms.

``illegal_reason(state, action)`` is only asked about a readable action that
is not among the legal ones; it names the rule and the numbers, e.g. "the
path from A5 to A4 has 2 stones and you have 1 AP left".
"""

from __future__ import annotations

from .actions import (
    Bid, Bring, ChooseTile, Dig, EndTurn, Exchange, Move, Pass, PlaceGuardian, PlaceTile, SetUpCamp, Uncover,
)
from .components import BASE_CAMP, COSTS, GUARDIANS, LEVEL_PIECES, TILE_BY_ID, TREASURE_KINDS
from .hexgrid import INDEX, LABELS, NEIGHBOURS, OPPOSITE, distinct_rotations, rotated

__all__ = ["illegal_reason"]

_PLACE_RULE = ("'il doit y avoir, au minimum, un sentier reliant l'hexagone joué à un hexagone contigu' "
               "(at least one passage of stones to a neighbour)")
_VOLCANO_RULE = "'il n'est en aucun cas possible de traverser un hexagone Volcan' (a volcano is never entered)"
_TWO_RULE = "'il vous faut obligatoirement deux Explorateurs' (the second one needs a second explorer there)"


def _space(name: str) -> int | None:
    return INDEX.get(name)


def _what_now(state) -> str:
    p, phase = state.current_player, state.phase
    if phase == "place":
        tile = TILE_BY_ID[state.in_hand]
        return (f"seat {p} must first place the drawn hex (tile {tile.id}, {tile.describe()}) "
                "(A, Mettre en jeu un hexagone)")
    if phase == "choose":
        return f"seat {p} must first choose one of the revealed hexes ({', '.join(map(str, sorted(state.offer)))})"
    if phase == "bid":
        return f"it is seat {p}'s turn to bid or pass in the auction (enchères)"
    return f"seat {p} is spending action points (PA): {state.ap} AP left"


def _ap(state, cost: int, what: str) -> str | None:
    if state.ap < cost:
        return f"{what} costs {cost} AP and you have {state.ap} AP left"
    return None


def illegal_reason(state, action) -> str:
    """The rule that refuses ``action`` now (see the module docstring)."""
    kind = type(action)
    phase = state.phase
    if kind is PlaceTile:
        if phase == "place":
            return _place_reason(state, action)
        return f"'{action}' cannot be played now: {_what_now(state)}"
    if kind is ChooseTile:
        if phase != "choose":
            return f"'{action}' cannot be played now: {_what_now(state)}"
        return (f"tile {action.tile} is not among the revealed hexes "
                f"({', '.join(map(str, sorted(state.offer)))})")
    if kind in (Bid, Pass):
        if phase != "bid":
            return f"'{action}' cannot be played now: there is no auction (enchères) going on; {_what_now(state)}"
        if kind is Bid:
            have = state.points[state.current_player]
            if action.amount <= state.high_bid:
                return (f"a bid must be higher than the last one ({state.high_bid}): "
                        "'chaque joueur doit faire une offre supérieure à la précédente, ou passer son tour'")
            return f"you have {have} prestige points, so you cannot bid {action.amount}"
        return f"'{action}' cannot be played now"
    if phase != "actions":
        return f"'{action}' cannot be played now: {_what_now(state)}"
    if kind is EndTurn:
        return "'end turn' cannot be played now"
    p = state.current_player
    if kind is Bring:
        return _bring_reason(state, p, action)
    if kind is Move:
        return _move_reason(state, p, action)
    if kind is Uncover:
        return _uncover_reason(state, p, action)
    if kind is Dig:
        return _dig_reason(state, p, action)
    if kind is Exchange:
        return _exchange_reason(state, p, action)
    if kind is SetUpCamp:
        return _camp_reason(state, p, action)
    if kind is PlaceGuardian:
        return _guardian_reason(state, p, action)
    return f"'{action}' is not allowed now"


def _place_reason(state, action: PlaceTile) -> str:
    hand = TILE_BY_ID[state.in_hand]
    if action.tile != hand.id:
        return f"the hex to place is tile {hand.id} ({hand.describe()}), not tile {action.tile}"
    tile = hand
    i = _space(action.space)
    if i is None:
        return f"the board has no space {action.space}"
    if not 0 <= action.rotation < 6:
        return f"a rotation is 0 to 5 steps of 60 degrees, not {action.rotation}"
    if state.kind[i] is not None:
        return f"{action.space} is already explored: a hex goes on a free space"
    if not any(j >= 0 and state.kind[j] is not None for j in NEIGHBOURS[i]):
        return (f"{action.space} touches no placed hex: 'tout nouvel hexagone doit être posé contigu à un "
                "hexagone déjà posé'")
    rots = distinct_rotations(tile.stones)
    if action.rotation not in rots:
        same = next(r for r in rots if rotated(tile.stones, r) == rotated(tile.stones, action.rotation))
        return f"rotation {action.rotation} gives the same picture as rotation {same}: use rotation {same}"
    links = []
    for j in NEIGHBOURS[i]:
        if j >= 0 and state.kind[j] not in (None, "volcano"):
            links.append(LABELS[j])
    if not links:
        return f"{action.space} only touches volcanoes, and {_VOLCANO_RULE}: {_PLACE_RULE}"
    return (f"turned {action.rotation}, tile {tile.id} has no stones facing {', '.join(links)} and they have none "
            f"facing it: {_PLACE_RULE}")


def _bring_reason(state, p: int, action: Bring) -> str:
    i = _space(action.space)
    camps = [LABELS[j] for j in state.camp_nodes(p)]
    if i is None or i not in state.camp_nodes(p):
        return (f"a piece comes into play on the base camp ({BASE_CAMP}) or one of your camps, not on {action.space} "
                f"(A, Mettre en jeu un nouvel Explorateur): yours are {', '.join(camps)}")
    if action.piece == "leader":
        if state.leader_at[p] >= 0:
            return f"your leader (Chef d'expédition) is already in play on {LABELS[state.leader_at[p]]}"
        return "your leader (Chef d'expédition) has left the game"
    if state.reserve[p] == 0:
        return "you have no explorer left in your reserve"
    return _ap(state, COSTS["bring"], "bringing a piece into play") or f"'{action}' is not allowed now"


def _move_reason(state, p: int, action: Move) -> str:
    src, dst = _space(action.src), _space(action.dst)
    if src is None or dst is None:
        return f"the board has no space {action.src if src is None else action.dst}"
    what = "leader" if action.piece == "leader" else "explorer"
    if action.piece == "leader" and state.leader_at[p] != src:
        return f"your leader is not on {action.src}"
    if action.piece == "explorer" and state.expl[p][src] == 0:
        return f"you have no explorer on {action.src} (guardians never move)"
    if state.kind[dst] is None:
        return f"{action.dst} is not explored yet: pieces move only onto placed hexes"
    if state.kind[dst] == "volcano":
        return f"{action.dst} is a volcano: {_VOLCANO_RULE}"
    cost = state.move_cost(p, src, dst)
    if cost is None:
        if dst in NEIGHBOURS[src]:
            d = NEIGHBOURS[src].index(dst)
            return (f"there are no stones between {action.src} and {action.dst} ({state.stones[src][d]} on this side, "
                    f"{state.stones[dst][OPPOSITE[d]]} on that side): no passage (Règles de passage)")
        return (f"{action.dst} is not next to {action.src}, and only your camps and the base camp are linked "
                "by shortcuts (B, Se déplacer d'un camp à un autre): move one hex at a time")
    if cost != action.cost:
        return f"moving from {action.src} to {action.dst} costs {cost} AP, not {action.cost}"
    if cost > state.ap:
        return (f"the path from {action.src} to {action.dst} has {cost} stone{'s' if cost > 1 else ''} and you have "
                f"{state.ap} AP left: 'tout déplacement doit être effectué dans son intégralité durant le tour'")
    return f"'{action}' is not allowed now ({what})"


def _uncover_reason(state, p: int, action: Uncover) -> str:
    i = _space(action.space)
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
    done = state.levels_turn.get(i, 0)
    if done >= 2:
        return f"you already uncovered two levels of {action.space} this turn (at most two per temple per turn)"
    if here <= done:
        return f"you have {here} explorer on {action.space} and uncovered {done} level there this turn: {_TWO_RULE}"
    return _ap(state, COSTS["uncover"], "uncovering a temple level") or f"'{action}' is not allowed now"


def _dig_reason(state, p: int, action: Dig) -> str:
    i = _space(action.space)
    if i is None or i not in state.tokens:
        return f"there is no treasure left to dig on {action.space} (E, Déterrer un trésor: on a ruin)"
    here = state.pieces_on(p, i)
    if not here:
        return f"you need an explorer on the ruin {action.space} to dig a treasure (E)"
    done = state.digs_turn.get(i, 0)
    if done >= 2:
        return f"you already dug two treasures from {action.space} this turn (at most two per ruin per turn)"
    if here <= done:
        return f"you have {here} explorer on {action.space} and dug {done} treasure there this turn: {_TWO_RULE}"
    return _ap(state, COSTS["dig"], "digging a treasure") or f"'{action}' is not allowed now"


def _exchange_reason(state, p: int, action: Exchange) -> str:
    for k in (action.give, action.take):
        if k not in TREASURE_KINDS:
            return f"there is no treasure kind {k!r}; the kinds are: {', '.join(TREASURE_KINDS)}"
    s = action.seat
    if not 0 <= s < state.players or s == p:
        return f"seat {s} is not a rival at this table: exchange with another player"
    give, take = TREASURE_KINDS.index(action.give), TREASURE_KINDS.index(action.take)
    if action.give == action.take:
        return "an exchange swaps two different treasures"
    if state.treasures[p][give] != 1:
        return (f"you hold {state.treasures[p][give]} {action.give}: 'les Trésors dont vous ne possédez qu'une copie "
                "sont échangeables' (only a treasure held once)")
    if state.treasures[s][take] != 1:
        return (f"seat {s} holds {state.treasures[s][take]} {action.take}: only a treasure its owner holds once "
                "can be taken (F, Échanger un trésor)")
    return _ap(state, COSTS["exchange"], "an exchange") or f"'{action}' is not allowed now"


def _camp_reason(state, p: int, action: SetUpCamp) -> str:
    i = _space(action.space)
    if i is None or state.kind[i] != "clearing":
        what = state.kind[i] if i is not None and state.kind[i] else "no explored hex"
        return f"a camp goes on a clearing (Clairière) or an emptied ruin; {action.space} is {what}"
    if state.camp_of[i] is not None:
        return f"the clearing {action.space} already has a camp (G: one camp per clearing)"
    if state.camps_left[p] == 0:
        return "you have set up both of your camps already"
    if not state.pieces_on(p, i):
        return f"you need an explorer on {action.space} to set up a camp there (G)"
    return _ap(state, COSTS["camp"], "setting up a camp") or f"'{action}' is not allowed now"


def _guardian_reason(state, p: int, action: PlaceGuardian) -> str:
    i = _space(action.space)
    if i is None or state.kind[i] != "temple":
        return f"there is no temple on {action.space}"
    if state.guard[i] is not None:
        return f"the temple on {action.space} already has a guardian"
    if state.guardians[p] >= GUARDIANS:
        return "you already have two guardians: 'vous ne devez pas avoir déjà deux Gardiens'"
    if action.piece == "leader" and state.leader_at[p] != i:
        return f"your leader is not on {action.space}"
    if action.piece == "explorer" and state.expl[p][i] == 0:
        return f"you have no explorer on {action.space}"
    mine = state.strength_on(p, i)
    best = max((state.strength_on(s, i) for s in state.seats if s != p), default=0)
    if mine <= best:
        return (f"you count {mine} on {action.space} (the leader counts 3) and a rival counts {best}: you must be "
                "the dominant expedition, 'avoir plus d'Explorateurs que les autres joueurs'")
    return _ap(state, COSTS["guardian"], "placing a guardian") or f"'{action}' is not allowed now"

