"""Les Trésors de Cibola: whether an action may be played now, and if not, why.

One check per kind of action answers ``None`` (the action may be played now)
or the reason it may not, in the learner's words with the rule book's term:
"you have 2 explorers, so you cannot bid 3 (Préparation de l'expédition: ...)".
The state asks the same check whether an action is legal
(``CibolaState._is_legal``, which ``apply``, ``is_legal`` and
``parse_action`` use) and why it is refused (``_illegal_reason``), so the two
cannot disagree.  ``CibolaState._legal_actions`` lists the legal actions fast
by the same rules; ``tests/test_cibola_checks.py`` holds the list and the
checks to agree on positions of random games.

>>> import archeo_lab as al
>>> state = al.get_game("cibola").new_state(players=3, seed=7)
>>> check(state, Bid(2)) is None
True
>>> print(check(state, Bid(9)))
you have 8 explorers, so you cannot bid 9 (Préparation de l'expédition: you bid with explorers from your reserve)
"""

from __future__ import annotations

from typing import Protocol

from archeo_lab.engine import Action

from .actions import COLUMN_INDEX, Bid, ChooseTotem, LeaveRocks, MoveRock, PlaceRock, Take
from .components import COLUMNS, KINDS, STEPS, VISIBLE_CELLS_KEPT

__all__ = ["check", "coverable", "Position"]

BID, PICK, ROCK, TOTEM, LANDSLIDE, _ = STEPS
#: The step each kind of action answers.
STEP_OF = {Bid: BID, Take: PICK, PlaceRock: ROCK, ChooseTotem: TOTEM, MoveRock: LANDSLIDE, LeaveRocks: LANDSLIDE}
#: What the player to move chooses at each step (said when an action of another step is tried).
_NEEDS = {BID: "a bid", PICK: "a card to take", ROCK: "a cell to cover with a rock",
          TOTEM: "a totem to choose", LANDSLIDE: "a rock to move, or 'leave rocks'"}
_RULE_ROCK = ("'on ne peut pas recouvrir une case si c'est la dernière case visible d'une colonne' "
              "(the last visible cell of a column is never covered)")


class Position(Protocol):
    """What the checks read of a state (``CibolaState``)."""

    phase: str
    current_player: int | None
    explorers: list[int]
    table: list[str]
    covered: list[list[bool]]
    totems_available: list[str]


def coverable(visible: int) -> bool:
    """Whether a column showing ``visible`` cells may take a rock ("Effondrement du temple").

    « Seule restriction : on ne peut pas recouvrir une case si c'est la dernière case visible
    d'une colonne » (``components.VISIBLE_CELLS_KEPT``).

    >>> coverable(2), coverable(1)
    (True, False)
    """
    return visible > VISIBLE_CELLS_KEPT


def check(state: Position, action: Action) -> str | None:
    """``None`` if ``action`` may be played now, else the rule that refuses it (see the module docstring)."""
    p = state.current_player
    if p is None:
        return f"the game is over: '{action}' cannot be played"
    if STEP_OF.get(type(action)) != state.phase:
        return _not_now(state.phase, p, action)
    if isinstance(action, Bid):
        return bid_refusal(state, p, action)
    if isinstance(action, Take):
        return take_refusal(state, action)
    if isinstance(action, PlaceRock):
        return rock_refusal(state, action)
    if isinstance(action, ChooseTotem):
        return totem_refusal(state, action)
    if isinstance(action, MoveRock):
        return move_refusal(state, action)
    return None                   # leave rocks: always open to the holder of the landslide totem


def _not_now(phase: str, p: int, action: Action) -> str:
    """An action of another step than the one at hand."""
    if phase == BID:
        return (f"every player must first close their fist on a bid (Préparation de l'expédition): "
                f"it is seat {p}'s bid")
    return f"'{action}' cannot be played now: seat {p} must choose {_NEEDS[phase]}"


def bid_refusal(state: Position, p: int, bid: Bid) -> str | None:
    """Préparation de l'expédition: a bid of 0 up to every explorer of the bidder's reserve."""
    have = state.explorers[p]
    if bid.amount < 0:
        return f"a bid is a number of explorers, 0 or more, not {bid.amount} (Préparation de l'expédition)"
    if bid.amount > have:
        return (f"you have {have} explorers, so you cannot bid {bid.amount} "
                "(Préparation de l'expédition: you bid with explorers from your reserve)")
    return None


def take_refusal(state: Position, take: Take) -> str | None:
    """Exploration: « les joueurs ... doivent prendre une carte Trésor », one of the revealed cards."""
    if take.card not in state.table:
        return (f"card {take.card} is not among the revealed cards "
                f"({', '.join(sorted(state.table))}) (Exploration)")
    return None


def rock_refusal(state: Position, rock: PlaceRock) -> str | None:
    """Effondrement du temple: a free cell, never the last visible one of its column."""
    where = _cell(rock.column, rock.cell)
    if isinstance(where, str):
        return where
    return _cover_refusal(state, rock.column, rock.cell, where)


def _cover_refusal(state: Position, column: str, cell: int, where: tuple[int, int], freed: bool = False) -> str | None:
    """Whether a rock may go on the cell ``where`` (``column`` ``cell`` in words); ``freed``: a rock lifted
    from the same column leaves one more cell visible."""
    c, i = where
    if state.covered[c][i]:
        return f"{column} cell {cell} already has a rock"
    if not coverable(state.covered[c].count(False) + freed):
        return f"{column} cell {cell} is the last visible cell of its column: {_RULE_ROCK}"
    return None


def totem_refusal(state: Position, totem: ChooseTotem) -> str | None:
    """Présence mystique: « il choisit 1 carte Totem parmi les 5 disponibles », if any is left."""
    if totem.name not in state.totems_available:
        return (f"the totem {totem.name!r} is not available; choose one of: "
                f"{', '.join(state.totems_available)} (Présence mystique)")
    return None


def move_refusal(state: Position, move: MoveRock) -> str | None:
    """The landslide totem: a placed rock to another, free cell, never a column's last visible one."""
    src, dst = _cell(move.from_column, move.from_cell), _cell(move.to_column, move.to_cell)
    if isinstance(src, str):
        return src
    if isinstance(dst, str):
        return dst
    if not state.covered[src[0]][src[1]]:
        return f"{move.from_column} cell {move.from_cell} has no rock to move"
    return _cover_refusal(state, move.to_column, move.to_cell, dst, freed=src[0] == dst[0])


def _cell(column: str, cell: int) -> tuple[int, int] | str:
    """The (column, cell) indices of a cell named by its kind and number from 1, or why there is none."""
    c = COLUMN_INDEX.get(column)
    if c is None:
        return f"the temple board has no column {column!r}; columns: {', '.join(KINDS)}"
    if not 1 <= cell <= len(COLUMNS[c].cells):
        return f"the {column} column has cells 1 to {len(COLUMNS[c].cells)}, not {cell}"
    return c, cell - 1
