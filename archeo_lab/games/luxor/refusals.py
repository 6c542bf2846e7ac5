"""Expedition Luxor: whether one action may be played now, and if not, why, in the learner's words.

One check per kind of action answers ``None`` (legal) or the reason, naming
the rule book's section or quoting it ("entering an oasis tile (oasis) needs
at least 2 adventurers left on it, and 1 would enter").  ``LuxorState``'s
``_is_legal`` and ``_illegal_reason`` both call ``why_not``, so the check and
its words cannot drift apart; ``_legal_actions`` stays a fast generator, and
``tests/test_luxor_checks.py`` compares the two on random positions.  Every
number comes from ``state.numbers`` (``components.RuleNumbers``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from archeo_lab.engine.wording import in_words, plural

from .actions import Camp, EndTurn, Keep, Move, Place, UseToken
from .components import KEEP_CHOICES, KIND_INDEX, KINDS, TERRAIN_FRENCH, TOKEN_FRENCH, TOKENS
from .encoding import CAMP, KEEP, MOUNTAIN, code_kind
from .grid import DIRECTION_NAMES
from .movement import room_for
from .tokens import token_targets

__all__ = ["why_not", "CHECKS"]


def why_not(state: Any, action: Any) -> str | None:
    """``None`` if ``action`` may be played now, else why not (the game is not over: the engine says so)."""
    return CHECKS[type(action)](state, action)


def _cell(state: Any, name: str) -> tuple[int, str | None]:
    """A cell's number and ``None``, or -1 and why the name is no cell of this grid."""
    try:
        return state.geo.cell(name), None
    except ValueError as exc:
        return -1, str(exc)


# -- the phases: set-up, filling a camp, the turn --------------------------------------------------

def _not_now(state: Any, action: Any) -> str | None:
    """Why no action of the turn (a tile, a move, a token, the end) may be played in this phase."""
    if state.phase == KEEP:
        return (f"first every player keeps one of their '1' tiles with the camp (Mise en place 2): "
                f"seat {state.current_player} is choosing")
    if state.phase == CAMP:
        lo, hi = state.camp_range()
        return (f"first put adventurers on the camp you placed at {state.geo.names[state.camp]} "
                f"(Placer un campement): 'camp with {lo} adventurers' to 'camp with {hi} adventurers'")
    if state.surplus_pending() and not (type(action) is Move and action.source == state.geo.names[state.head]):
        lo, _ = state.head_range()
        tile_max = state.numbers.tile_max
        return (f"{state.geo.names[state.head]} now holds {len(state.stack[state.head])} adventurers: at least "
                f"{lo} of your surplus must go on along the line, since no tile may end a move with more "
                f"than {in_words(tile_max)} (plus de quatre aventuriers)")
    return None


def check_keep(state: Any, action: Keep) -> str | None:
    """Mise en place 2: each seat keeps the camp and one of its other "1" tiles."""
    if state.phase != KEEP:
        return "the start tiles are already chosen and laid out (Mise en place 2 and 3)"
    if action.tile not in KEEP_CHOICES:
        return (f"you keep the camp and one of {', '.join(KEEP_CHOICES)} (Mise en place 2: "
                f"'garde la tuile Campement et une autre tuile de son choix'), not {action.tile!r}")
    return None


def check_camp(state: Any, action: Camp) -> str | None:
    """Placer un campement: at least 1 (desert) or 2 (oasis) adventurers, at most ``CAMP_MAX`` in all."""
    if state.phase == KEEP:
        return _not_now(state, action)
    if state.phase != CAMP:
        return "adventurers go on a camp only right after it is placed (Placer un campement)"
    lo, hi = state.camp_range()
    if lo <= action.adventurers <= hi:
        return None
    terrain = KINDS[state.kind[state.camp]].terrain
    return (f"a camp in the {terrain} ({TERRAIN_FRENCH[terrain]}) takes at least {plural(lo, 'adventurer')} "
            f"and at most {state.numbers.camp_max} in all (dans la limite de cinq), and your reserve holds "
            f"{state.reserve[state.current_player]}: choose {lo} to {hi}, not {action.adventurers}")


def check_end(state: Any, action: EndTurn) -> str | None:
    """Placer 1, 2 ou 3 tuiles: the first tile is mandatory, then the turn may end."""
    why = _not_now(state, action)
    if why is None and not state.placed:
        why = "placing a tile is mandatory: place at least one tile before ending your turn " \
              "(Placer une tuile est obligatoire)"
    return why


# -- placing a tile ---------------------------------------------------------------------------------

def check_place(state: Any, action: Place) -> str | None:
    """Placer 1, 2 ou 3 tuiles: a tile of your hand, next to a placed tile, inside the play area."""
    why = _not_now(state, action)
    if why is not None:
        return why
    most = state.numbers.tiles_per_turn
    if state.placed >= most:
        return f"you have placed {most} tiles this turn, the most a turn allows (Placer 1, 2 ou 3 tuiles)"
    held = sorted({KINDS[code_kind(code)].name for code in state.hand[state.current_player]})
    if action.tile not in KIND_INDEX:
        return f"there is no tile kind {action.tile!r}; the kinds are: {', '.join(k.name for k in KINDS)}"
    if action.tile not in held:
        return f"you have no {action.tile} in your hand (your hand: {', '.join(held) or 'empty'})"
    cell, why = _cell(state, action.cell)
    if why is not None:
        return why
    if state.kind[cell] >= 0:
        return f"{action.cell} already holds a tile ({KINDS[state.kind[cell]].name})"
    if not any(state.kind[nb] >= 0 for nb in state.geo.neighbours[cell]):
        return (f"a new tile must touch a placed tile along an edge, not only at a corner "
                f"(au moins un bord de chaque tuile se touche): {action.cell} touches none")
    return _area_reason(state, cell, action.cell)


def _area_reason(state: Any, cell: int, name: str) -> str | None:
    """Taille de la zone de jeu: the tiles stay within 7 x 7, 9 x 9 or 10 x 10."""
    limit = state.geo.limit
    x, y = state.geo.xs[cell], state.geo.ys[cell]
    wide = max(state.maxx, x) - min(state.minx, x) + 1
    high = max(state.maxy, y) - min(state.miny, y) + 1
    if wide <= limit and high <= limit:
        return None
    return (f"the play area may not exceed {limit} x {limit} tiles with {state.players} players "
            f"(Taille de la zone de jeu): a tile on {name} would make it {wide} x {high}")


# -- moving adventurers -----------------------------------------------------------------------------

def check_move(state: Any, action: Move) -> str | None:
    """Déplacer les aventuriers: the camp's extras leave in a straight line, the surplus goes on."""
    why = _not_now(state, action)
    if why is not None:
        return why
    source, why = _cell(state, action.source)
    if why is not None:
        return why
    target, why = _cell(state, action.target)
    if why is not None:
        return why
    if source != state.camp and source != state.head:
        return ("only the extra adventurers of the camp you have just placed may move, and at once "
                "(ils ne peuvent être déplacés qu'immédiatement après avoir été placés)")
    if source == state.head:
        why, d = _line_reason(state, action, source, target)
    else:
        why, d = _camp_reason(state, action, source, target)
    return why if why is not None else _entry_reason(state, action, target, d)


def _camp_reason(state: Any, action: Move, source: int, target: int) -> tuple[str | None, int]:
    """A new group from the camp: only its free extras, to a neighbour (one line unless "+split")."""
    free = state.camp_movable
    if not state.split_lines and free == 0 and state.head >= 0:
        return (f"the extras of a camp leave together, in one straight line (les aventuriers se "
                f"déplacent en ligne droite): a group already left {action.source} toward "
                f"{state.geo.names[state.head]}, and the adventurers who stayed are settled on the camp "
                f"(several lines are the variant 'standard+split')"), -1
    if not 1 <= action.adventurers <= free:
        return (f"only the extra adventurers of a camp may move, the required ones stay: the camp at "
                f"{action.source} has {plural(free, 'extra adventurer')} free to move, "
                f"not {action.adventurers}"), -1
    d = state.geo.direction(source, target)
    if d is None:
        return (f"adventurers move in a straight line from tile to tile (en ligne droite, de tuile en "
                f"tuile): {action.target} is not next to {action.source}"), -1
    return None, d


def _line_reason(state: Any, action: Move, source: int, target: int) -> tuple[str | None, int]:
    """The group's surplus on the tile it just entered: straight on, only the surplus."""
    d = state.head_dir
    ahead = state.geo.step[d][source]
    if target != ahead:
        ahead_name = state.geo.names[ahead] if ahead >= 0 else "off the grid"
        return (f"the group on {action.source} came heading {DIRECTION_NAMES[d]}: in a straight line "
                f"it can only go on to {ahead_name} (sans faire de détours)"), d
    lo, hi = state.head_range()
    if not lo <= action.adventurers <= hi:
        cost = state.numbers.cost[state.kind[source]]
        return (f"only the surplus may go on (les aventuriers en surplus): {state.head_in} entered "
                f"{action.source}, which needs {cost} to stay, so {lo} to {hi} may go on, "
                f"not {action.adventurers}"), d
    return None, d


def _entry_reason(state: Any, action: Move, target: int, d: int) -> str | None:
    """Règles de déplacement: the tile entered keeps its cost, and no tile ends above ``TILE_MAX``."""
    kind = state.kind[target]
    if kind < 0:
        return (f"there is no tile on {action.target}: adventurers never cross an empty space "
                "(sans traverser d'espaces vides)")
    terrain = KINDS[kind].terrain
    cost = state.numbers.cost[kind]
    if cost is None:
        return (f"{terrain}s cannot be entered (les aventuriers ne peuvent pas se déplacer sur les tuiles "
                f"{TERRAIN_FRENCH[terrain].capitalize()})")
    if target in state.tokens:
        token = state.tokens[target][0]
        return (f"{token} ({TOKEN_FRENCH[token]}) cover {action.target}: nobody may enter it until the end "
                "of the game")
    if action.adventurers < cost:
        a = "an" if terrain[0] in "aeiou" else "a"
        return (f"entering {a} {terrain} tile ({TERRAIN_FRENCH[terrain]}) needs at least {cost} adventurers "
                f"left on it, and {action.adventurers} would enter")
    if room_for(state, target, d, action.adventurers):
        return None
    held = len(state.stack[target])
    return (f"{action.target} holds {plural(held, 'adventurer')}: with {action.adventurers} more it "
            f"would end the move with more than {in_words(state.numbers.tile_max)} (plus de quatre "
            f"aventuriers), and the surplus could not find room further along the line")


# -- "Nouvelles aventures": the action tokens --------------------------------------------------------

def check_token(state: Any, action: UseToken) -> str | None:
    """Nouvelles aventures: after placing a tile, a token in hand, an adventurer on a mountain, a target."""
    why = _not_now(state, action)
    if why is not None:
        return why
    if not state.adventures:
        return ("action tokens belong to the 'Nouvelles aventures' extension: start the game with "
                "variant='adventures'")
    p = state.current_player
    if action.token not in TOKENS:
        return f"there is no {action.token!r} token; the tokens are: {', '.join(TOKENS)}"
    if not state.placed:
        return "a token is used after placing 1, 2 or 3 tiles (Après avoir placé 1, 2 ou 3 tuiles)"
    if action.token not in state.token_hand[p]:
        return (f"you have no {action.token} token ({TOKEN_FRENCH[action.token]}) in hand "
                f"(your tokens: {', '.join(sorted(state.token_hand[p])) or 'none'})")
    source, why = _cell(state, action.source)
    if why is not None:
        return why
    if state.kind[source] != MOUNTAIN or p not in state.stack[source]:
        return (f"a token needs one of your adventurers on a mountain (tuile Montagne), and {action.source} "
                "is not a mountain holding one")
    target, why = _cell(state, action.target)
    if why is not None:
        return why
    if target in token_targets(state, action.token, source, p):
        return None
    return _TOKEN_TARGETS[action.token].format(source=action.source, target=action.target,
                                               most=in_words(state.numbers.tile_max))


_TOKEN_TARGETS = {
    "boat": "the boat goes on an unoccupied lake (une tuile Lac inoccupée), and {target} is not one",
    "snakes": "the snakes go on a tile with no adventurer and no token (inoccupée), and {target} is not one",
    "sandstorm": "the sandstorm moves your adventurer to another tile where you hold the majority and that ends "
                 "with at most {most}; {target} is not such a tile",
    "caravan": "the caravan goes to a tile next to {source} that is not a lake, not under snakes and holds fewer "
               "than {most} adventurers; {target} is not one",
}

#: The check of each kind of action.
CHECKS: dict[type, Callable[[Any, Any], str | None]] = {
    Keep: check_keep, Place: check_place, Camp: check_camp, Move: check_move, EndTurn: check_end,
    UseToken: check_token,
}
