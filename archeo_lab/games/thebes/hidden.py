"""Thebes: what each seat may see and is certain of, and a copy with the rest resampled (for the bots).

Hidden are the deck's order, the cards of the excavation piles and the
others' hands.  Two decisions where the rule book is silent (listed with the
others in ``state.py``'s docstring, tested in ``tests/test_thebes_rules.py``):

* **Pile sizes are public, their contents are not.**  « vous n'avez jamais le
  droit de compter les cartes des paquets de Fouilles » forbids counting the
  cards of a pile; it does not hide what everyone saw: each card that goes
  onto a pile is revealed by its back as it comes off the deck (set-up and
  refills: « les cartes affichant des Reliques sont posées face cachée sur leur
  case de Fouilles »), and each card that leaves it is shown (relics are laid
  face up, rubble goes back).  A player with a perfect memory therefore knows
  every pile's size, and the engine gives it to every seat; at the table you
  estimate it.  What a seat knows of a pile (``known``) is what it
  is certain of: everything after a scientist or tomb robbers look, the
  relics seen drawn (removed) and the rubble seen going back.  The rest of a
  pile is, for that seat, a uniformly random part of the region's unseen
  cards: ``scoring.dig_odds`` turns this into exact odds.
* **Hands** are hidden on the table (others see a count), but every action
  card was taken face up from a storage space and every play is shown, so a
  player with a good memory knows them: ``resample`` keeps them.

``observation(state, player)`` is what ``player`` sees; ``resample(copy,
player, rng, record)`` redraws everything else consistently with it, from the
public record of the log (``public_knowledge``); ``forget`` applies a public
draw to what every seat is certain of; ``unseen`` is a region's cards a seat
has not located.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from archeo_lab.engine import Rng

from .components import GREEN, REGION_INDEX, REGIONS, RELIC_KEYS, RELIC_OF, RELIC_VALUES

__all__ = ["observation", "resample", "public_knowledge", "forget", "unseen", "deck_relics"]


def observation(state: Any, player: int) -> dict[str, Any]:
    """What ``player`` sees: everything but the deck's order, the piles' hidden cards and the others' hands.

    Piles show their size and what ``player`` knows of them; other hands
    show their size.  The log (public) says which action cards were taken.
    """
    return {
        "seat": player, "players": state.players, "phase": state.phase,
        "current_player": state.current_player, "pending": _public_pending(state.pending),
        "week": list(state.week), "height": list(state.height), "deck": len(state.deck),
        "deck_relics": state.deck_relics(), "storage": list(state.storage),
        "exhibits": list(state.exhibits), "museums": list(state.museums),
        "piles": [len(x) for x in state.piles], "known": [list(x) for x in state.known[player]],
        "tableau": [list(x) for x in state.tableau], "relics": [[list(v) for v in x] for x in state.relics],
        "hand": list(state.hand[player]), "hands": [len(x) for x in state.hand],
        "permits": [list(x) for x in state.permits], "professors": list(state.professors),
        "removed": list(state.removed), "events": list(state.events),
    }


def _public_pending(pending: tuple[Any, ...] | None) -> list[Any] | None:
    """The step under way in words the JSON can hold (regions by name)."""
    if pending is None:
        return None
    if pending[0] == "museum":
        return list(pending)
    if pending[0] in ("robbers", "weeks"):
        return [pending[0], REGIONS[pending[1]]]
    _, kind, r, cards, weeks = pending
    return ["draw", kind, REGIONS[r], cards, weeks]


def resample(c: Any, player: int, rng: Rng, record: tuple[list[int], list[list[int | None]]]) -> None:
    """Redeal, in the copy ``c``, everything ``player`` cannot know (``ThebesState.determinize``);
    ``record`` is the original's ``public_knowledge``.

    Each pile keeps the cards ``player`` is certain of; its other cards and
    the deck's relics are redealt from that region's unseen cards; the deck
    is reshuffled with a green card on top (its back is public).  What the
    other seats know of a pile is redrawn from the new pile (``_redrawn``).
    Hands are kept: every action card was taken face up and every play is
    shown (see ``state.py``'s docstring).
    """
    greens: list[str] = []
    relic_keys: list[str] = []
    deck_by_region: list[list[int]] = [[] for _ in REGIONS]
    for key in c.deck:
        if GREEN[key]:
            greens.append(key)
        else:
            r, v = RELIC_OF[key]
            deck_by_region[r].append(v)
    rubble_seen, since_look = record
    for r in range(len(REGIONS)):
        known = c.known[player][r]
        unknown = _minus(c.piles[r], known)
        pool = sorted(unknown + deck_by_region[r])       # sorted: the true order must not leak
        rng.permute(pool)
        u = len(unknown)
        pile = c.piles[r] = sorted(known + pool[:u])
        relic_keys.extend(RELIC_KEYS[REGIONS[r], v] for v in pool[u:])
        for q in c.seats:
            if q != player:
                c.known[q][r] = _redrawn(pile, rubble_seen[r], since_look[q][r], rng)
    greens.sort()
    top = [greens.pop(rng.below(len(greens)))] if greens else []
    rest_of_deck = sorted(greens + relic_keys)
    rng.permute(rest_of_deck)
    c.deck = rest_of_deck + top


def _redrawn(pile: list[int], rubble: int, added: int | None, rng: Rng) -> list[int]:
    """What another seat may know of a redealt ``pile``: the ``rubble`` everyone saw go back, plus as many
    cards as the public record allows (the whole pile if it looked and no card came since; ``added``:
    the cards come since its last look, None if it never looked)."""
    public = [0] * rubble
    size = rubble if added is None else max(rubble, len(pile) - added)
    if size >= len(pile):
        return pile[:]
    if size == rubble:
        return public
    sample = _minus(pile, public)
    rng.permute(sample)
    return sorted(public + sample[: size - rubble])


def public_knowledge(state: Any) -> tuple[list[int], list[list[int | None]]]:
    """From the public log: the rubble everyone saw go back into each pile, and for each seat
    and pile the cards added since that seat last looked through it (None: never looked).

    The log only grows, so the answer is cached in ``state._pub`` and extended from where it stopped
    (``state.changed()`` forgets it)."""
    events = state.events
    cache = state._pub
    if cache is not None and cache[0] == len(events):
        return cache[1], cache[2]
    if cache is None or cache[0] > len(events):
        start, rubble = 0, [0] * len(REGIONS)
        since: list[list[int | None]] = [[None] * len(REGIONS) for _ in range(state.players)]
    else:
        start, rubble, since = cache[0], cache[1][:], [row[:] for row in cache[2]]
    for e in events[start:]:
        kind = e[0]
        if kind == "deck" or kind == "setup":
            for x in e[1]:
                r = REGION_INDEX.get(x)
                if r is not None:
                    for row in since:
                        added = row[r]
                        if added is not None:
                            row[r] = added + 1
        elif kind == "draw":
            r = REGION_INDEX[e[2]]
            rubble[r] = max(rubble[r], e[3].count(0))
        elif kind == "scientist" or kind == "robbers":
            since[e[1]][REGION_INDEX[e[2]]] = 0
    state._pub = (len(events), rubble, since)
    return rubble, since


def forget(state: Any, r: int, relics: tuple[int, ...] | list[int], rubble: int, picker: int | None = None) -> None:
    """A public draw from pile ``r`` updates what every seat is certain of: relics seen leave, rubble seen
    stays; the tomb robbers' ``picker`` saw the whole pile."""
    for q, known in enumerate(state.known):
        if q == picker:
            known[r] = state.piles[r][:]
            continue
        k = known[r]
        if k:
            for v in relics:
                if v in k:
                    k.remove(v)
        if rubble:
            have = k.count(0)
            if rubble > have:
                k[:0] = [0] * (rubble - have)


def unseen(state: Any, seat: int, r: int) -> list[int]:
    """The values of region ``r``'s cards ``seat`` has not located: the pile's unknown part and the deck's.

    This is public arithmetic (the region's 20 cards minus the relics kept or
    given away, minus what ``seat`` knows is in the pile), sorted.
    """
    out = Counter(RELIC_VALUES)
    for s in state.seats:
        out.subtract(state.relics[s][r])
    for key in state.removed:
        rv = RELIC_OF.get(key)
        if rv and rv[0] == r:
            out[rv[1]] -= 1
    out.subtract(state.known[seat][r])
    return sorted(out.elements())


def deck_relics(deck: list[str]) -> list[int]:
    """Relic cards of each region in ``deck``: public, as each card's back showed when the deck was dealt
    (the region's cards minus those in its pile, kept or given away)."""
    counts = [0] * len(REGIONS)
    for key in deck:
        if not GREEN[key]:
            counts[RELIC_OF[key][0]] += 1
    return counts


def _minus(a: list[int], b: list[int]) -> list[int]:
    """Multiset difference a - b of two sorted lists."""
    if not b:
        return a[:]
    out = Counter(a)
    out.subtract(b)
    return sorted(out.elements())
