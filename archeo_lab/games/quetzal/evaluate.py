"""Quetzal: a heuristic value per seat, for the greedy bot (in victory points).

The value of a seat is the points it would score if the game ended now, with gold counted
at 3/4 VP a coin until the end (it buys Temple slots and harbour deliveries; left over, 3 coins
make 1 VP), plus what it has in the pipeline:

* objects in hand, at their best delivery sets (``set_value``), discounted while no delivery
  is secured (worth nothing after the last delivery of the game);
* the locations it holds this round, at the value of their activation (a bidding location
  a little less while it can still be outbid);
* during placement, the meeples still in its reserve (each will take a location);
* discovery steps (closer to the track's bonuses).

It reads only public information, so bots may call it on any copy.

>>> set_value("vase", 4)      # a set of 3 (6 VP) and a single (1 VP)
7
"""

from __future__ import annotations

from .components import (
    ANNEX_BONUS, CARD_BY_ID, FIRST_PLAYER_VP, LOCATIONS, OBJECT_BY_KEY, OBJECT_TYPES, ROUNDS, SHIP_VP,
)
from .scoring import upgrade_points
from .tables import DUMMY, HARBOUR, KINDS, LOC, MARKET, STELE

__all__ = ["evaluate", "set_value"]

_TYPE_INDEX = {t.key: i for i, t in enumerate(OBJECT_TYPES)}
_CARD_TYPE = {c.id: _TYPE_INDEX[c.type] for c in CARD_BY_ID.values()}
_BONUS_VALUE = {"": 0.0, "gold": 0.4, "vp": 1.0, "discovery": 0.6}
_CARD_BONUS = {c.id: _BONUS_VALUE[c.bonus] for c in CARD_BY_ID.values()}
_ANNEX_BONUS_VALUE = {"vp": 1.0, "discovery": 0.6, "gold": 0.4}
_ANNEX_INDEX = {LOC[k]: n for n, k in enumerate(ANNEX_BONUS)}
_SHIP_VP = {LOC[k]: v for k, v in SHIP_VP.items()}
_UPGRADE_VALUE = 2.6            # an upgrade: its VP (1-2) and its effect
_PICK_VALUE, _DRAW_VALUE = 2.1, 1.7
_MEEPLE_VALUE = 1.1             # an unplaced meeple, during placement
_DISCOVERY_VALUE = 0.5
#: A coin before the end.  Fitted on 3,000 greedy games, a coin was worth 0.7-1.2 final points in rounds 1-5, not
#: the 1/3 of its final count; at 3/4 the default search level won 74 of 80 games against greedy, 60 of 80 with
#: 1/3 + 0.05 a round left, on the same seeds (benchmarks/RESULTS.md, 2026-11-30).
_GOLD_VALUE = 0.75
_HELD_RISK = 0.8                # a bidding location held during placement may be lost
#: Per location index (worked out once, the same values): its area, the risk of losing it while placing,
#: a temple's cards, an annex's bonus.
_AREA = tuple(loc.area for loc in LOCATIONS)
_RISK = tuple(_HELD_RISK if kind == "bidding" else 1.0 for kind in KINDS)
_TEMPLE_VALUE = tuple(loc.picks * _PICK_VALUE + loc.draws * _DRAW_VALUE for loc in LOCATIONS)
_ANNEX_VALUE = {i: _ANNEX_BONUS_VALUE[ANNEX_BONUS[LOCATIONS[i].key]] for i in _ANNEX_INDEX}


def set_value(object_type: str, n: int) -> int:
    """VP of ``n`` objects of one type delivered in sets of 3 (then the rest together)."""
    points = OBJECT_BY_KEY[object_type].points
    full, rest = divmod(n, 3)
    return full * points[2] + (points[rest - 1] if rest else 0)


_SET_VALUES = [[set_value(t.key, n) for n in range(40)] for t in OBJECT_TYPES]


def _deliveries(counts: list[int]) -> list[float]:
    """The deliveries a hand makes, best first (sets of 3 first, then the remainder of each type)."""
    out: list[float] = []
    for t, n in enumerate(counts):
        points = OBJECT_TYPES[t].points
        full, rest = divmod(n, 3)
        out += [points[2]] * full
        if rest:
            out.append(points[rest - 1])
    out.sort(reverse=True)
    return out


#: A hand (its cards in order) -> its deliveries, best first, and its cards' bonuses (``_hand``).
_hands: dict[tuple[str, ...], tuple[list[float], float]] = {}
_HANDS_MAX = 20_000         # hands kept before the memo starts afresh


def _hand(cards: tuple[str, ...]) -> tuple[list[float], float]:
    """The deliveries a hand makes, best first, and the sum of its cards' bonuses; kept per hand, since
    a search values the same few hands again and again."""
    known = _hands.get(cards)
    if known is None:
        if len(_hands) >= _HANDS_MAX:
            _hands.clear()
        counts = [0] * len(OBJECT_TYPES)
        bonus = 0.0
        for card in cards:
            counts[_CARD_TYPE[card]] += 1
            bonus += _CARD_BONUS[card]
        known = _hands[cards] = (_deliveries(counts), bonus)
    return known


def evaluate(state) -> list[float]:
    """Estimated final points per seat (see the module docstring)."""
    n = state.players
    if state.is_terminal:
        return [float(s) for s in state.scores()]
    rounds_left = ROUNDS - state.round
    gold_worth = _GOLD_VALUE
    placing = state.stage == "place"
    first = state.first
    values = [0.0] * n
    secured = [0.0] * n           # deliveries this round still to make (weighted by risk)
    ship_bonus = [0.0] * n
    extra = [0.0] * n
    if placing:
        spots = state.spots
        if spots[STELE]:
            first = spots[STELE][0][0]
            extra[first] += 0.6
        for i, groups in enumerate(spots):
            if not groups or i == STELE:
                continue
            risk, area = _RISK[i], _AREA[i]
            for g in groups:
                p = g[0]
                if p == DUMMY:
                    continue
                if i == HARBOUR:
                    secured[p] += g[2] + g[3] + g[4] + g[5]
                elif i in _SHIP_VP:
                    secured[p] += risk
                    ship_bonus[p] += risk * _SHIP_VP[i]
                elif area == "temple":
                    extra[p] += _TEMPLE_VALUE[i]
                elif i in _ANNEX_INDEX:
                    cards = state.annexes[_ANNEX_INDEX[i]]
                    extra[p] += risk * (len(cards) * _PICK_VALUE + _ANNEX_VALUE[i])
                elif i == MARKET:
                    extra[p] += risk * (7 * gold_worth - 1.5 if state.hands[p] else 0.0)
                elif area == "village":
                    extra[p] += _UPGRADE_VALUE if state.village else 0.0
        for p in range(n):
            extra[p] += _MEEPLE_VALUE * sum(state.reserve[p])
    else:
        for task in state.pending:
            kind, p = task[0], task[1]
            if p == DUMMY:
                continue
            if kind == "stele":
                first = p
                extra[p] += 0.6
            elif kind == "pick":
                extra[p] += task[2] * _PICK_VALUE + task[3] * _DRAW_VALUE
            elif kind == "annex":
                extra[p] += len(state.annexes[task[2]]) * _PICK_VALUE + 0.6
            elif kind == "sell":
                extra[p] += 7 * gold_worth - 1.5
            elif kind == "upgrade":
                extra[p] += _UPGRADE_VALUE
            elif kind == "deliver":
                secured[p] += task[2]
                ship_bonus[p] += task[3]
    for p in range(n):
        sets, bonus = _hand(tuple(state.hands[p]))
        k = int(secured[p] + 0.5)
        now = sum(sets[:k])
        later = sum(sets[k:])
        factor = 0.7 if rounds_left else 0.05
        hand = now + factor * later + (bonus if rounds_left or k >= len(sets) else bonus * 0.3)
        if k and sets:
            hand += ship_bonus[p]
        value = (state.vp[p] + upgrade_points(state.upgrades[p]) + state.gold[p] * gold_worth
                 + (FIRST_PLAYER_VP if p == first else 0) + _DISCOVERY_VALUE * state.discovery[p]
                 + hand + extra[p])
        values[p] = value
    return values
