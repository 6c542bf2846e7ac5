"""Thebes: the rule arithmetic as small pure functions (digs, congresses, the final count).

* ``dig_knowledge``: the knowledge a dig may use ("Mener des fouilles");
* ``dig_cards``: how many cards the excavation table gives for it;
* ``dig_odds``: the exact chances of what those cards bring, given what the
  digger knows of the pile (a hypergeometric draw; ``fractions`` only);
* ``exhibition_weeks``: the weeks an exhibition costs with the relics held
  (Expositions);
* ``tableau_counts``: the expertise, general knowledge and congresses a
  seat's face-up cards add up to;
* ``congress_points``, ``time_bonus`` and ``score_rows``: the final count
  ("Décompte final").

>>> dig_knowledge(2, 3)          # the rule book's Uli: 2 expertise + 3 general
4
>>> dig_cards(4, 11)             # ... digging 11 weeks draws 4 cards
4
>>> congress_points(3)
6
>>> dig_odds(2, known=[0, 0, 3, 5]).expected_points     # a pile seen by a scientist
Fraction(4, 1)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from collections.abc import Iterable, Mapping, Sequence

from .components import (
    CARD_BY_KEY, CONGRESS_TABLE, EXCAVATION_TABLE, EXHIBITION_BY_KEY, MAX_KNOWLEDGE, MAX_WEEKS, PROFESSOR_POINTS,
    REGION_INDEX, REGIONS,
)

__all__ = [
    "dig_knowledge", "dig_cards", "min_weeks", "exhibition_weeks", "tableau_counts", "congress_points",
    "time_bonus", "DigOdds", "dig_odds", "expected_points", "score_rows", "breakdown",
]


def dig_knowledge(expertise: int, general: int, assistant: bool = False) -> int:
    """The knowledge (points de Savoir) a dig may use in one region.

    Expertise of the region, plus general knowledge **but never more general
    knowledge than expertise** ("vous ne pouvez pas utiliser plus de Savoir
    général que d'Expertise"), plus 1 for an assistant.  Without expertise
    there is no dig at all (the rule asks for at least 1 expertise), so the
    result is then 0.

    >>> dig_knowledge(2, 3), dig_knowledge(2, 3, assistant=True), dig_knowledge(5, 1)
    (4, 5, 6)
    >>> dig_knowledge(0, 4, assistant=True)
    0
    """
    if expertise < 0 or general < 0:
        raise ValueError("expertise and general knowledge are never negative")
    if expertise == 0:
        return 0
    return expertise + min(general, expertise) + (1 if assistant else 0)


def dig_cards(knowledge: int, weeks: int) -> int:
    """Cards drawn by a dig of ``weeks`` weeks with ``knowledge`` knowledge (the excavation table).

    Knowledge above 12 counts as 12; a dig lasts 1 to 12 weeks.

    >>> dig_cards(4, 11), dig_cards(8, 4), dig_cards(1, 7), dig_cards(15, 12)
    (4, 5, 0, 10)
    """
    if not isinstance(weeks, int) or not 1 <= weeks <= MAX_WEEKS:
        raise ValueError(f"a dig lasts 1 to {MAX_WEEKS} weeks, not {weeks!r}")
    if knowledge <= 0:
        return 0
    return EXCAVATION_TABLE[weeks - 1][min(knowledge, MAX_KNOWLEDGE) - 1]


def min_weeks(knowledge: int) -> int | None:
    """The shortest dig that draws at least one card with this knowledge (None: no dig possible).

    >>> min_weeks(1), min_weeks(4), min_weeks(0)
    (8, 1, None)
    """
    if knowledge <= 0:
        return None
    k = min(knowledge, MAX_KNOWLEDGE)
    return next((w for w in range(1, MAX_WEEKS + 1) if EXCAVATION_TABLE[w - 1][k - 1] > 0), None)


def exhibition_weeks(key: str, counts: Sequence[int]) -> int | None:
    """Weeks to stage exhibition ``key`` with relic ``counts`` per region (None: tier 1 not met).

    Expositions: « au moins 3 reliques de Mésopotamie [...] 9 semaines [...] S'il possède en plus
    2 reliques de Crète, l'exposition ne prend que 5 semaines »: the weeks are those of the best tier
    met, each tier asking for its relics on top of the tier before.

    >>> exhibition_weeks("exhibition 1", [3, 0, 0, 0])   # 3 Mesopotamia
    9
    >>> exhibition_weeks("exhibition 1", [3, 1, 0, 2])   # + 2 Crete, + 1 Egypt
    3
    >>> exhibition_weeks("exhibition 1", [2, 5, 5, 5]) is None
    True
    """
    e = EXHIBITION_BY_KEY[key]
    weeks = None
    for region, need, w in zip(e.regions, e.need, e.weeks):
        if counts[REGION_INDEX[region]] < need:
            break
        weeks = w
    return weeks


def tableau_counts(keys: Iterable[str]) -> tuple[list[int], int, int]:
    """The expertise per region, the general knowledge and the congress cards of a seat's face-up cards.

    >>> tableau_counts(["egypt expertise 2", "egypt expertise 1", "general knowledge 2", "congress"])
    ([0, 3, 0, 0], 2, 1)
    """
    expertise, general, congress = [0] * len(REGIONS), 0, 0
    for key in keys:
        card = CARD_BY_KEY[key]
        if card.family == "expertise" and card.region is not None:
            expertise[REGION_INDEX[card.region]] += card.books
        elif card.family == "general":
            general += card.books
        elif card.family == "congress":
            congress += 1
    return expertise, general, congress


def congress_points(n: int) -> int:
    """Points for ``n`` congress cards: 1, 3, 6, 10, 15, 21, 28 (7 cards or more: 28).

    >>> [congress_points(n) for n in range(9)]
    [0, 1, 3, 6, 10, 15, 21, 28, 28]
    """
    if n < 0:
        raise ValueError("a number of congress cards is never negative")
    return CONGRESS_TABLE[min(n, len(CONGRESS_TABLE) - 1)]


def time_bonus(week: int, weeks: Sequence[int]) -> int:
    """1 point per full 3 weeks between a marker and the most advanced one ("chaque tranche de 3 semaines").

    >>> time_bonus(40, [40, 47, 52]), time_bonus(52, [40, 47, 52])
    (4, 0)
    """
    return (max(weeks) - week) // 3


# -- the odds of a dig ------------------------------------------------------------------------------

@dataclass(frozen=True)
class DigOdds:
    """The exact distribution of a dig's haul: ``table[(relics, points)]`` is a probability.

    ``points`` and ``relics`` give the two marginal distributions;
    ``expected_points`` and ``expected_relics`` their means; ``p_nothing`` the
    chance that every card drawn is rubble.
    """

    cards: int
    table: Mapping[tuple[int, int], Fraction]

    @property
    def points(self) -> dict[int, Fraction]:
        out: dict[int, Fraction] = {}
        for (_, p), q in sorted(self.table.items(), key=lambda kv: kv[0][1]):
            out[p] = out.get(p, Fraction(0)) + q
        return dict(sorted(out.items()))

    @property
    def relics(self) -> dict[int, Fraction]:
        out: dict[int, Fraction] = {}
        for (r, _), q in self.table.items():
            out[r] = out.get(r, Fraction(0)) + q
        return dict(sorted(out.items()))

    @property
    def expected_points(self) -> Fraction:
        return sum((p * q for (_, p), q in self.table.items()), Fraction(0))

    @property
    def expected_relics(self) -> Fraction:
        return sum((r * q for (r, _), q in self.table.items()), Fraction(0))

    @property
    def p_nothing(self) -> Fraction:
        return self.relics.get(0, Fraction(0))

    def p_at_least(self, points: int) -> Fraction:
        """The chance of scoring at least ``points`` points."""
        return sum((q for (_, p), q in self.table.items() if p >= points), Fraction(0))

    def __repr__(self) -> str:
        return (f"DigOdds({self.cards} cards: expected {float(self.expected_points):.2f} points, "
                f"{float(self.expected_relics):.2f} relics, nothing {float(self.p_nothing):.1%})")


@lru_cache(maxsize=4096)
def _ways(groups: tuple[tuple[int, int], ...], m: int) -> dict[tuple[int, int], int]:
    """Ways to draw ``m`` cards from ``groups`` ((value, count), ...) per (relics, points) outcome."""
    states: dict[tuple[int, int, int], int] = {(0, 0, 0): 1}
    for value, count in groups:
        nxt: dict[tuple[int, int, int], int] = {}
        for (drawn, relics, points), ways in states.items():
            for t in range(min(count, m - drawn) + 1):
                key = (drawn + t, relics + (t if value else 0), points + t * value)
                nxt[key] = nxt.get(key, 0) + ways * comb(count, t)
        states = nxt
    return {(r, p): w for (d, r, p), w in states.items() if d == m}


def _groups(values: Iterable[int]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(Counter(values).items()))


def dig_odds(cards: int, known: Iterable[int] = (), unseen: Iterable[int] = (), unknown: int = 0) -> DigOdds:
    """The exact chances of a dig's relics and points, given what the digger knows of the pile.

    Parameters
    ----------
    cards : int
        Cards the dig draws (``dig_cards(knowledge, weeks)``); a pile with
        fewer cards is drawn whole.
    known : iterable of int
        Values of the cards the digger knows are in the pile (0 = rubble):
        all of them after a scientist (*Scientifique*) looked at it.
    unseen : iterable of int
        Values of the region's cards the digger has not located (they are in
        the pile's ``unknown`` part or still in the deck).
    unknown : int
        How many cards of the pile the digger does not know.  They are taken
        to be a uniformly random ``unknown``-subset of ``unseen``.

    Returns
    -------
    DigOdds
        ``table[(relics, points)] -> Fraction``, with marginals and means.

    Notes
    -----
    The cards drawn are a uniformly random ``cards``-subset of the pile, so
    ``j`` of them come from the known part with hypergeometric chance
    ``C(K, j) C(u, cards - j) / C(n, cards)``; those are a uniform ``j``-subset
    of ``known``, and the others a uniform subset of ``unseen``.  With
    ``unknown=0`` (the scientist's certainty) this is the classic
    hypergeometric draw from a known pile.

    Examples
    --------
    Two cards from a pile known to hold rubble, rubble, a 3 and a 5:

    >>> odds = dig_odds(2, known=[0, 0, 3, 5])
    >>> odds.points
    {0: Fraction(1, 6), 3: Fraction(1, 3), 5: Fraction(1, 3), 8: Fraction(1, 6)}

    The same dig when the pile is only known to be 4 cards out of those 8:

    >>> dig_odds(2, unseen=[0, 0, 0, 0, 1, 2, 3, 6], unknown=4).expected_points
    Fraction(3, 1)
    """
    known = list(known)
    unseen = list(unseen)
    if cards < 0 or unknown < 0:
        raise ValueError("cards and unknown are never negative")
    if unknown > len(unseen):
        raise ValueError(f"the pile's {unknown} unknown cards must come from the {len(unseen)} unseen cards")
    size_known = len(known)
    n = size_known + unknown
    k = min(cards, n)
    total = comb(n, k)
    known_groups, unseen_groups = _groups(known), _groups(unseen)
    table: dict[tuple[int, int], Fraction] = {}
    for j in range(max(0, k - unknown), min(k, size_known) + 1):
        p_j = Fraction(comb(size_known, j) * comb(unknown, k - j), total)
        if not p_j:
            continue
        from_known = _ways(known_groups, j)
        from_unseen = _ways(unseen_groups, k - j)
        denom = comb(size_known, j) * comb(len(unseen), k - j)
        for (r1, p1), w1 in from_known.items():
            for (r2, p2), w2 in from_unseen.items():
                key = (r1 + r2, p1 + p2)
                table[key] = table.get(key, Fraction(0)) + p_j * Fraction(w1 * w2, denom)
    return DigOdds(k, dict(sorted(table.items())))


def expected_points(cards: int, known: Sequence[int] = (), unseen: Sequence[int] = (), unknown: int = 0) -> float:
    """The mean of ``dig_odds(...).points`` by linearity of expectation (fast: no distribution).

    >>> expected_points(2, known=[0, 0, 3, 5])
    4.0
    """
    n = len(known) + unknown
    if n == 0 or cards <= 0:
        return 0.0
    mean_unseen = sum(unseen) / len(unseen) if unseen else 0.0
    return min(cards, n) * (sum(known) + unknown * mean_unseen) / n


def breakdown(relics: Sequence[Sequence[Sequence[int]]], tableau: Sequence[Sequence[str]],
              professors: Sequence[int | None], congresses: Sequence[int], weeks: Sequence[int]) -> list[dict]:
    """Each seat's points line by line ("Décompte final") from what it holds: ``relics[s][r]`` the values
    kept, ``tableau[s]`` the face-up cards (exhibitions and museums score their printed points),
    ``professors`` the holder of each professor card (``PROFESSOR_POINTS`` each).

    >>> rows = breakdown([[[4], [], [1], []], [[], [], [], []]], [["exhibition 1"], []], [0, None], [0, 2], [9, 7])
    >>> [(r["relics"], r["exhibitions"], r["professors"], r["congresses"], r["total"]) for r in rows]
    [(5, 5, 5, 0, 15), (0, 0, 0, 3, 3)]
    """
    def printed(family: str) -> list[int]:
        return [sum(CARD_BY_KEY[k].points for k in t if CARD_BY_KEY[k].family == family) for t in tableau]

    held = [0] * len(weeks)
    for holder in professors:
        if holder is not None:
            held[holder] += PROFESSOR_POINTS
    return score_rows([sum(map(sum, seat)) for seat in relics], printed("exhibition"), held, printed("museum"),
                      congresses, weeks)


def score_rows(relics: Sequence[int], exhibitions: Sequence[int], professors: Sequence[int],
               museums: Sequence[int], congresses: Sequence[int], weeks: Sequence[int]) -> list[dict]:
    """Each seat's points line by line ("Décompte final"), from per-seat totals.

    ``relics``, ``exhibitions``, ``professors`` and ``museums`` are the points
    printed on the cards a seat holds; ``congresses`` the number of congress
    cards; ``weeks`` the time markers.

    >>> rows = score_rows([12, 7], [5, 0], [5, 0], [0, 3], [2, 0], [40, 49])
    >>> [r["total"] for r in rows], rows[0]["time"]
    ([28, 10], 3)
    """
    rows = []
    for s in range(len(weeks)):
        row = {
            "relics": relics[s], "exhibitions": exhibitions[s], "professors": professors[s],
            "museums": museums[s], "congresses": congress_points(congresses[s]),
            "time": time_bonus(weeks[s], weeks),
        }
        row["total"] = sum(row.values())
        rows.append(row)
    return rows
