"""Quetzal: one check per kind of action, answering ``None`` (legal now) or why not.

``problem(state, action)`` is THE legality test of one action: ``QuetzalState._is_legal`` (asked by
``apply``, ``resolve``, ``is_legal`` and ``parse_action``) is ``problem(...) is None``, and a refusal's
message is its answer, in the learner's words with the rule book's terms ("emplacement à enchère",
"Le marché noir").  ``state._legal_actions`` stays a fast generator built from the tables of
``tables.py``; a test (``tests/test_quetzal_checks.py``) sweeps random positions so that the two
cannot drift apart: every listed action gets ``None``, every other readable action a reason.

Every number comes from ``components`` (the costs through ``tables.placement_cost``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from archeo_lab.engine.wording import plural

from . import components
from .actions import (
    RESERVE_FACES, Deliver, KeepObjects, KeepToss, NoDelivery, Place, QuetzalAction, Reroll, SellObject, TakeObject,
    TakeUpgrade,
)
from .components import DELIVERY_MAX, LOCATIONS, OBJECT_BY_KEY, OBJECT_TYPES, TILE_KIND
from .tables import (
    DELIVER, DUMMY, KINDS, LOC, OVER, PICK, PLACE, REROLL, SELL, STELE, UPGRADE, group_size,
    placement_cost,
)

__all__ = ["problem", "CHECKS", "waiting_for", "hand_classes", "reserve_text", "seat_text"]

_RULE_UNIQUE = "emplacement unique: one meeple, its cost paid at once, then nobody else may go there"
_RULE_BID = ("emplacement à enchère: more meeples than the holder, of the holder's colour; "
             "the outbid player takes them back")
_RULE_MIX = "interdit de panacher: a group is all adventurers or all archaeologists"
_TYPE_INDEX = {t.key: i for i, t in enumerate(OBJECT_TYPES)}
_BONUS_SLOT = {"": 0, "gold": 1, "vp": 2, "discovery": 3}
#: An object card's place in a seat's flat hand counts: ``4 * type + bonus`` (plain, gold, vp, discovery).
CARD_SLOT = {c.id: 4 * _TYPE_INDEX[c.type] + _BONUS_SLOT[c.bonus] for c in components.OBJECT_CARDS}


def reserve_text(res: list[int]) -> str:
    """A reserve ``[black, white, either, character]`` in a refusal: ``"2 black, 1 character"``."""
    parts = [f"{n} {face}" for n, face in zip(res, RESERVE_FACES) if n]
    return ", ".join(parts) or "empty"


def seat_text(seat: int) -> str:
    """``"seat 2"``, or the neutral expedition of the two-player game."""
    return "the neutral expedition" if seat == DUMMY else f"seat {seat}"


def _role_fr(role: str) -> str:
    return components.ROLE_NAMES[role]


def hand_counts(hand: list[str]) -> list[int]:
    """``[4 * type + bonus]``: how many cards of each type and bonus icon a hand holds, flat."""
    counts = [0] * (4 * len(OBJECT_TYPES))
    for card in hand:
        counts[CARD_SLOT[card]] += 1
    return counts


def hand_classes(hand: list[str]) -> list[list[int]]:
    """Per object type: how many plain / gold / vp / discovery cards a hand holds."""
    flat = hand_counts(hand)
    return [flat[4 * t: 4 * t + 4] for t in range(len(OBJECT_TYPES))]


def waiting_for(state: Any) -> str:
    """What the position waits for, in words (the end of every "not now" refusal)."""
    p = state.current_player
    return {
        PLACE: f"seat {p} must place a group of meeples",
        REROLL: f"seat {p} may reroll a meeple or 'keep the toss'",
        PICK: f"seat {p} must take an object card from the Temple display (Le temple)",
        SELL: f"seat {p} may sell an object at the Black market or 'keep your objects'",
        UPGRADE: f"seat {p} must take an upgrade (tuile Amélioration)",
        DELIVER: f"seat {p} may deliver objects or say 'no delivery'",
        OVER: "the game is over",
    }[state.phase]


def _not_now(state: Any, action: QuetzalAction, phase: str) -> str | None:
    """None in ``phase``; otherwise why ``action`` waits for another moment of the round."""
    if state.phase == phase:
        return None
    if state.phase == PLACE:
        return (f"it is the placement phase: seat {state.current_player} places a group of meeples "
                "('place 1 archaeologist on temple-5 (1 white)'), one group per turn")
    return f"'{action}' cannot be played now: {waiting_for(state)}"


# -- placement ("Placer ses meeples") ------------------------------------------------------------------------
def place_problem(state: Any, a: Place) -> str | None:
    """Placement: the location exists and is open, the reserve has the group, then its kind's rule."""
    problem = _not_now(state, a, PLACE)
    if problem:
        return problem
    p = state.current_player
    i = LOC.get(a.location)
    if i is None:
        return f"there is no location {a.location!r}; the locations are: {', '.join(loc.key for loc in LOCATIONS)}"
    loc = LOCATIONS[i]
    if i in state.covered:
        return f"{loc.name} ({loc.french}) is covered in the two-player game"
    problem = _group_problem(state.reserve[p], a)
    if problem:
        return problem
    if KINDS[i] == "free":
        return _free_problem(state, p, i, a)
    if a.role not in ("adventurer", "archaeologist", "any"):
        return f"a group counts as adventurers or archaeologists, not {a.role!r}"
    if a.role == "adventurer" and a.white or a.role == "archaeologist" and a.black:
        face, role = ("white", "adventurers") if a.role == "adventurer" else ("black", "archaeologists")
        return f"{face} meeples cannot count as {role} ({_RULE_MIX})"
    if KINDS[i] == "unique":
        return _unique_problem(state, p, i, a)
    return _bid_problem(state, p, i, a)


def _group_problem(res: list[int], a: Place) -> str | None:
    """A group is one meeple or more, all taken from the reserve."""
    if min(a.black, a.white, a.either) < 0 or a.count == 0:
        return "a group is one meeple or more"
    for n, have, face in zip((a.black, a.white, a.either, int(a.character)), res, RESERVE_FACES):
        if n > have:
            return (f"you have {plural(have, face + ' meeple')} in your reserve, not {n} "
                    f"(reserve: {reserve_text(res)})")
    return None


def _free_problem(state: Any, p: int, i: int, a: Place) -> str | None:
    """Emplacement libre (Camp, Harbour office): any group, colours do not matter; the Harbour charges."""
    loc = LOCATIONS[i]
    if a.role != "any":
        return (f"{loc.name} ({loc.french}) is a free location: colours do not matter there; write "
                f"'{Place(a.location, 'any', a.black, a.white, a.either, a.character)}'")
    cost = placement_cost(i, a.count, state.upgrades[p])
    if cost > state.gold[p]:
        return (f"the Harbour office (Capitainerie) costs {components.HARBOUR_COST} gold per meeple: {a.count} "
                f"meeples cost {cost} gold and you have {state.gold[p]}")
    return None


def _unique_problem(state: Any, p: int, i: int, a: Place) -> str | None:
    """Emplacement unique: one meeple of its colour, on a free slot, its cost paid at once."""
    loc = LOCATIONS[i]
    if a.count != 1:
        return f"{loc.name} ({loc.french}) takes exactly one meeple ({_RULE_UNIQUE})"
    if a.role not in loc.roles:
        return f"{loc.name} ({loc.french}) takes an {loc.roles[0]} ({_role_fr(loc.roles[0])})"
    if state.spots[i]:
        return f"{loc.name} is already taken by {seat_text(state.spots[i][0][0])} ({_RULE_UNIQUE})"
    if i == STELE and state.first == p:
        return ("you hold the first-player token: the Stèle du savoir is forbidden to you "
                "(un joueur ne doit pas posséder le jeton Premier Joueur)")
    cost = placement_cost(i, 1, state.upgrades[p])
    if cost > state.gold[p]:
        return f"{loc.name} costs {cost} gold and you have {state.gold[p]} ({_RULE_UNIQUE})"
    return None


def _bid_problem(state: Any, p: int, i: int, a: Place) -> str | None:
    """Emplacement à enchère: one colour (the character alone leaves it open), more than the holder."""
    loc = LOCATIONS[i]
    lone = a.count == 1 and a.character
    if a.role == "any" and not lone:
        return ("on a bidding location a group counts as adventurers or archaeologists: choose one "
                "(only the character alone leaves the colour open)")
    if lone and a.role != "any":
        return (f"the character alone leaves the colour open on a bidding location: write "
                f"'{Place(a.location, 'any', 0, 0, 0, True)}'")
    if a.role != "any" and a.role not in loc.roles:
        return f"{loc.name} ({loc.french}) takes {loc.roles[0]}s only ({_role_fr(loc.roles[0])}s)"
    if not state.spots[i]:
        return None
    holder = state.spots[i][0]
    size = group_size(holder)
    if holder[0] == p:
        return f"you already hold {loc.name} with {size}: you cannot outbid yourself"
    if a.count <= size:
        return (f"{seat_text(holder[0])} holds {loc.name} with {plural(size, 'meeple')}: "
                f"place at least {size + 1} ({_RULE_BID})")
    if holder[1] != "any" and a.role != holder[1]:
        return f"{seat_text(holder[0])} holds {loc.name} with {holder[1]}s: outbid with {holder[1]}s ({_RULE_BID})"
    return None


# -- rerolls, Temple, Black market, Village ----------------------------------------------------------------
def reroll_problem(state: Any, a: Reroll) -> str | None:
    """A reroll (upgrade or Camp) takes one meeple of that kind from the reserve."""
    res = state.reserve[state.current_player] if state.current_player is not None else []
    have = a.face in RESERVE_FACES and res and res[RESERVE_FACES.index(a.face)]
    return _not_now(state, a, REROLL) or (
        None if have else f"you have no {a.face} meeple in your reserve to reroll (reserve: {reserve_text(res)})")


def keep_toss_problem(state: Any, a: KeepToss) -> str | None:
    """Declining the (remaining) rerolls is always possible while rerolling."""
    return _not_now(state, a, REROLL)


def take_problem(state: Any, a: TakeObject) -> str | None:
    """Le temple: the card must be in the Temple display."""
    return _not_now(state, a, PICK) or (
        None if a.card in state.temple
        else f"{a.card} is not in the Temple display; choose one of: {', '.join(sorted(state.temple))} (Le temple)")


def sell_problem(state: Any, a: SellObject) -> str | None:
    """Le marché noir: you sell an object card you hold."""
    hand = state.hands[state.current_player] if state.current_player is not None else []
    return _not_now(state, a, SELL) or (
        None if a.card in hand
        else f"you do not hold {a.card}; your objects: {', '.join(sorted(hand))} (Le marché noir)")


def keep_objects_problem(state: Any, a: KeepObjects) -> str | None:
    """Selling nothing at the Black market is always possible there."""
    return _not_now(state, a, SELL)


def upgrade_problem(state: Any, a: TakeUpgrade) -> str | None:
    """Le village: an upgrade of that kind must be face up in the Village."""
    shown = {TILE_KIND[t] for t in state.village}
    return _not_now(state, a, UPGRADE) or (
        None if a.upgrade in shown
        else f"no {a.upgrade!r} upgrade is face up in the Village; choose one of: {', '.join(sorted(shown))}")


# -- deliveries ("Livrer les Objets") ---------------------------------------------------------------------
def deliver_problem(state: Any, a: Deliver) -> str | None:
    """1 to ``DELIVERY_MAX`` objects of one type, with bonus icons as held in the hand."""
    problem = _not_now(state, a, DELIVER)
    if problem:
        return problem
    if a.object_type not in OBJECT_BY_KEY:
        return f"there is no object type {a.object_type!r}; types: {', '.join(OBJECT_BY_KEY)}"
    if not 1 <= a.count <= DELIVERY_MAX:
        return f"a delivery is 1 to {DELIVERY_MAX} objects of one type (Livrer les Objets), not {a.count}"
    if min(a.gold, a.vp, a.discovery) < 0 or a.plain < 0:
        return f"{a.count} objects cannot include {a.gold + a.vp + a.discovery} with a bonus icon"
    have = hand_classes(state.hands[state.current_player])[_TYPE_INDEX[a.object_type]]
    if all(want <= held for want, held in zip((a.plain, a.gold, a.vp, a.discovery), have)):
        return None
    return (f"you hold {sum(have)} {OBJECT_BY_KEY[a.object_type].plural} ({have[0]} without bonus, {have[1]} gold, "
            f"{have[2]} VP, {have[3]} discovery): you cannot deliver {a.plain} without bonus, {a.gold} gold, "
            f"{a.vp} VP, {a.discovery} discovery")


def no_delivery_problem(state: Any, a: NoDelivery) -> str | None:
    """Making no (more) delivery is always possible at the Harbour office or a ship."""
    return _not_now(state, a, DELIVER)


#: The check of each kind of action.
CHECKS: dict[type, Callable[[Any, Any], str | None]] = {
    Place: place_problem, Reroll: reroll_problem, KeepToss: keep_toss_problem, TakeObject: take_problem,
    SellObject: sell_problem, KeepObjects: keep_objects_problem, TakeUpgrade: upgrade_problem,
    Deliver: deliver_problem, NoDelivery: no_delivery_problem,
}


def problem(state: Any, action: QuetzalAction) -> str | None:
    """None if ``action`` may be played now, else the rule that refuses it (module docstring)."""
    if state.is_terminal:
        return "the game is over"
    return CHECKS[type(action)](state, action)
