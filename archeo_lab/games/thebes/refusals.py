"""Thebes: whether an action may be played now, and if not why, in one check per kind of action.

``refusal(state, action)`` answers ``None`` (legal) or the reason, in the
learner's words with the rule book's terms ("you need at least 1 expertise
(Expertise) in Greece to dig there (Mener des fouilles)").  ``ThebesState``
asks it both to decide (``_is_legal``: a text or JSON action, a bot's answer)
and to explain (``_illegal_reason``), so the two cannot disagree; the fast
generator of the legal list (``ThebesState._legal_actions``) is tested
against it on random positions (``tests/test_thebes_checks.py``).

Every number comes from ``components`` when the check runs (the weeks of a
dig, the expertise a dig needs, what a presentation card asks), so a number
changed there changes the offer, the effect and the message together.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from archeo_lab.engine.wording import plural

from . import components
from .actions import (
    DRAW, MUSEUM, OVER, ROBBERS, TURN, WEEKS, Dig, DigWeeks, Draw, GiveRelic, PickRelic, PlayRobbers, PlayScientist,
    PlayThief, Take, ThebesAction,
)
from .components import (
    EXHIBITION_BY_KEY, FAMILY, GENERAL, MUSEUM_BY_KEY, PROFESSORS, REGION_INDEX, REGION_NAMES, REGIONS,
)
from .scoring import exhibition_weeks

__all__ = ["refusal", "has_permit", "can_dig", "can_give", "RULE_DIG"]

RULE_DIG = "Mener des fouilles"


def refusal(state: Any, action: ThebesAction) -> str | None:
    """``None`` if ``action`` may be played now by ``state.current_player``, else why not."""
    if state.phase == OVER:
        return f"the game is over: '{action}' cannot be played"
    return _CHECKS[type(action)](state, action)


# -- the rules both the generator and the checks use -------------------------------------------------

def has_permit(state: Any, p: int, r: int) -> bool:
    """Mener des fouilles: « soit une carte Fouilles de la région à fouiller, soit une carte Fouilles générale »
    (a large general permit, or the general dig permit action card)."""
    permits = state.permits[p]
    return bool(permits[r] or permits[GENERAL] or "general dig permit" in state.hand[p])


def can_dig(state: Any, p: int, r: int) -> bool:
    """Mener des fouilles: a permit (``has_permit``) and « au moins 1 point d'Expertise dans la région à
    fouiller » (``components.DIG_EXPERTISE``)."""
    return state.expertise[p][r] >= components.DIG_EXPERTISE and has_permit(state, p, r)


def can_give(relics: list[list[int]], key: str) -> bool:
    """Musées: the museum's relics (any regions) are among those held."""
    return sum(map(len, relics)) >= MUSEUM_BY_KEY[key].relics


# -- one check per kind of action ----------------------------------------------------------------------

def _take(state: Any, action: Take) -> str | None:
    """Prendre une carte: a card of a storage space, or a presentation card whose condition is met."""
    if state.phase != TURN:
        return _under_way(state, action)
    key = action.card
    family = FAMILY.get(key)
    if family is None:
        return f"there is no card {key!r} in Thebes"
    if family == "relic":
        return ("you may never take relic cards from the excavation piles: dig for them "
                "('vous n'avez pas le droit de prendre de cartes Relique dans les cases de Fouilles')")
    if family == "professor":
        most = (f"knowledge ({components.WORLD_EXPERT_KNOWLEDGE} or more)" if key == PROFESSORS[-1]
                else f"expertise there ({components.PROFESSOR_EXPERTISE} or more)")
        return f"the {key} cannot be taken: it goes by itself to the player with the most {most}"
    relics = state.relics[state.current_player]
    if family == "exhibition":
        return _exhibition(state, key, [len(x) for x in relics])
    if family == "museum":
        if key not in state.museums:
            return f"{key} is not on the museums display (Musées)"
        if can_give(relics, key):
            return None
        return (f"{key} needs {MUSEUM_BY_KEY[key].relics} relics to give and you have {sum(map(len, relics))} "
                "(Musées: the relics are given for good)")
    if key in state.storage:
        return None
    return (f"no '{key}' in the four storage spaces (cases de stockage); you may take: "
            f"{', '.join(sorted(k for k in state.storage if k))}")


def _exhibition(state: Any, key: str, counts: list[int]) -> str | None:
    """Expositions: « Un joueur peut prendre une carte Exposition s'il en remplit les conditions »."""
    if key not in state.exhibits:
        return f"{key} is not on the exhibitions display (Expositions)"
    if exhibition_weeks(key, counts) is not None:
        return None
    e = EXHIBITION_BY_KEY[key]
    return (f"{key} needs at least {e.need[0]} {REGION_NAMES[e.regions[0]][0]} relics and you have "
            f"{counts[REGION_INDEX[e.regions[0]]]} (Expositions: only the number of relics counts)")


def _dig(state: Any, action: Dig) -> str | None:
    """Mener des fouilles, first step: a permit and some expertise in the region (``can_dig``)."""
    if state.phase != TURN:
        return _under_way(state, action)
    r = REGION_INDEX.get(action.region)
    if r is None:
        return _no_region(action.region)
    p = state.current_player
    if can_dig(state, p, r):
        return None
    name = REGION_NAMES[action.region][0]
    if not has_permit(state, p, r):
        return f"you have no excavation permit (carte Fouilles) for {name} and no general one ({RULE_DIG})"
    return (f"you need at least {components.DIG_EXPERTISE} expertise (Expertise) in {name} to dig there "
            f"({RULE_DIG})")


def _weeks(state: Any, action: DigWeeks) -> str | None:
    """Mener des fouilles, second step: 1 to 12 weeks (``components.MIN_WEEKS``, ``MAX_WEEKS``), the assistant
    only from the hand."""
    if state.phase == TURN:
        return "first choose where to dig and give up a permit, e.g. 'dig egypt' (Mener des fouilles)"
    if state.phase != WEEKS:
        return _under_way(state, action)
    if not components.MIN_WEEKS <= action.weeks <= components.MAX_WEEKS:
        return (f"a dig lasts at least {components.MIN_WEEKS} and at most {components.MAX_WEEKS} weeks, "
                f"not {action.weeks} ({RULE_DIG})")
    if action.assistant and "assistant" not in state.hand[state.current_player]:
        return "you have no assistant (Assistant) in your hand"
    return None


def _draw(state: Any, action: Draw) -> str | None:
    """A dig's or a thief's draw: exactly the cards the table (or the thief) gave, from that pile."""
    if state.phase != DRAW:
        return _under_way(state, action)
    _, _, r, cards, _ = state.pending
    if action.region == REGIONS[r] and action.cards == cards:
        return None
    return _under_way(state, None)


def _play(state: Any, action: PlayThief | PlayRobbers | PlayScientist) -> str | None:
    """Jouer une carte d'Action: only a card of one's own hand (« Les joueurs les gardent cachées dans leur
    main »)."""
    if state.phase != TURN:
        return _under_way(state, action)
    if action.region not in REGION_INDEX:
        return _no_region(action.region)
    if action.card in state.hand[state.current_player]:
        return None
    return (f"you have no '{action.card}' card in your hand, so you cannot play it "
            f"(Jouer une carte d'Action: only cards from your hand)")


def _pick(state: Any, action: PickRelic) -> str | None:
    """Pilleurs de tombes: « y prend la carte de son choix » among the pile's relics."""
    if state.phase != ROBBERS:
        return _under_way(state, action)
    region = REGIONS[state.pending[1]]
    if action.region != region:
        return _under_way(state, None)
    pile = state.piles[state.pending[1]]
    if action.value and action.value in pile:
        return None
    choices = ", ".join(str(PickRelic(region, v)) for v in sorted(set(pile)) if v)
    return f"the {region} pile holds no relic worth {action.value}; pick one of: {choices} (Pilleurs de tombes)"


def _give(state: Any, action: GiveRelic) -> str | None:
    """Musées: a relic one holds, given for good."""
    if state.phase != MUSEUM:
        return _under_way(state, action)
    r = REGION_INDEX.get(action.region)
    if r is not None and action.value in state.relics[state.current_player][r]:
        return None
    _, key, left = state.pending
    return (f"you hold no {action.region} relic worth {action.value}: give {left} more of your "
            f"own relics to {key} (Musées)")


def _no_region(region: str) -> str:
    return f"there is no region {region!r}; the regions are {', '.join(REGIONS)}"


def _under_way(state: Any, action: ThebesAction | None) -> str:
    """The step the turn is at, when ``action`` is not its answer (``None``: the step's own kind of action,
    with other values)."""
    phase, pending = state.phase, state.pending
    if phase == WEEKS:
        return (f"your dig in {REGION_NAMES[REGIONS[pending[1]]][0]} has begun: choose how long it "
                "lasts, e.g. 'dig for 6 weeks' (Mener des fouilles)")
    if phase == DRAW:
        _, what, r, cards, _ = pending
        return (f"first draw the cards your {'dig' if what == 'dig' else 'thief'} earned: "
                f"'draw {plural(cards, 'card')} from {REGIONS[r]}'")
    if phase == ROBBERS:
        return f"your tomb robbers must first pick a relic from the {REGIONS[pending[1]]} pile"
    if phase == MUSEUM:
        left = pending[2]
        return f"first give {plural(left, 'more relic')} to {pending[1]} (Musées)"
    return f"'{action}' answers a dig, a thief, tomb robbers or a museum: nothing of the kind is under way"


_CHECKS: dict[type, Callable[[Any, Any], str | None]] = {
    Take: _take, Dig: _dig, DigWeeks: _weeks, Draw: _draw, PlayThief: _play, PlayRobbers: _play,
    PlayScientist: _play, PickRelic: _pick, GiveRelic: _give,
}
