"""Thebes: a heuristic value per seat, for the greedy bot.

Time is the currency, so a seat's value is its points now minus the weeks it
has spent, each week priced at ``WEEK_VALUE`` points (about what a good
action earns per week), plus what it still holds:

* each excavation permit is worth the best dig it allows: the expected
  points of the cards drawn (cards x the average card of the region's pile
  and of the relics still in the deck) minus the weeks, valued with the
  knowledge the seat has now plus a little it may still learn;
* action cards in hand: a thief or tomb robbers at the card they would
  bring, an assistant as one more knowledge, a scientist a little;
* a dig begun (its permit given up): the best length it can still choose;
  a dig or thief about to draw: its cards times the pile's average card
  (the expected value, so the bot weighs weeks against cards before the
  shuffle); tomb robbers about to choose: the best relic in the pile;
* everything still to come shrinks as the deck runs out (the game ends with it).

It reads the state it is given, so bots call it on ``determinize()`` copies.
"""

from __future__ import annotations

from itertools import repeat
from operator import mul

from .components import (
    CARD_BY_KEY, EXCAVATION_TABLE, GENERAL, MAX_KNOWLEDGE, MAX_WEEKS, MIN_WEEKS, MUSEUM_BY_KEY, PROFESSOR_POINTS,
    REGION_INDEX, REGIONS, RELIC_VALUES,
)
from .components import RELIC_OF as _RELIC_OF
from .scoring import congress_points

_PRESENTATION_POINTS = {c.key: c.points for c in CARD_BY_KEY.values() if c.family in ("exhibition", "museum")}

__all__ = ["evaluate", "best_dig_value", "WEEK_VALUE"]

WEEK_VALUE = 0.6       # points one week is worth
LEARNING = 2           # knowledge a seat may still add before using a permit
HORIZON = 30           # deck cards over which holdings keep their full value


def best_dig_value(knowledge: int, card_value: float, week_value: float = WEEK_VALUE) -> float:
    """The best expected points minus the weeks' worth over the dig lengths (0 if none pays).

    >>> round(best_dig_value(8, 1.7), 2)    # 6 cards for 6 weeks: 10.2 points - 3.6
    6.6
    >>> best_dig_value(1, 1.7)
    0.0
    """
    if knowledge <= 0:
        return 0.0
    key = (min(knowledge, MAX_KNOWLEDGE), card_value, week_value)
    best = _BEST.get(key)
    if best is None:
        column = key[0] - 1
        best = 0.0
        for w in range(MIN_WEEKS, MAX_WEEKS + 1):
            v = EXCAVATION_TABLE[w - 1][column] * card_value - week_value * w
            if v > best:
                best = v
        if len(_BEST) > 50_000:
            _BEST.clear()
        _BEST[key] = best
    return best


_BEST: dict[tuple, float] = {}


def _committed_dig(knowledge: int, card_value: float, pile: int) -> float:
    """The best a dig already begun can do: some length must be chosen, even a poor one (kept per
    knowledge, card value, pile size and ``WEEK_VALUE``, as ``best_dig_value``)."""
    key = (knowledge, card_value, pile, WEEK_VALUE)
    best = _COMMITTED.get(key)
    if best is None:
        column = min(knowledge, MAX_KNOWLEDGE) - 1
        best = max(min(EXCAVATION_TABLE[w - 1][column], pile) * card_value - WEEK_VALUE * w
                   for w in range(MIN_WEEKS, MAX_WEEKS + 1) if EXCAVATION_TABLE[w - 1][column])
        if len(_COMMITTED) > 50_000:
            _COMMITTED.clear()
        _COMMITTED[key] = best
    return best


_COMMITTED: dict[tuple, float] = {}
_REGION_POINTS = sum(RELIC_VALUES)
_REGION_CARDS = len(RELIC_VALUES)


def _card_values(state) -> tuple[float, ...]:
    """The average card of each region (rubble included) among its cards still in play: its pile
    and its relic cards still in the deck (the region's cards minus those kept or given away)."""
    points = [_REGION_POINTS] * len(REGIONS)
    cards = [_REGION_CARDS] * len(REGIONS)
    for seat in state.relics:
        for r, values in enumerate(seat):
            if values:
                points[r] -= sum(values)
                cards[r] -= len(values)
    for key in state.removed:
        rv = _RELIC_OF.get(key)
        if rv is not None:
            points[rv[0]] -= rv[1]
            cards[rv[0]] -= 1
    key = (*points, *cards)
    averages = _AVERAGES.get(key)
    if averages is None:
        if len(_AVERAGES) > 10_000:
            _AVERAGES.clear()
        averages = _AVERAGES[key] = tuple(round(p / c, 3) if c else 0.0 for p, c in zip(points, cards))
    return averages


#: (points per region, cards per region) -> the average cards, shared, so a tuple (a game sees a few dozen).
_AVERAGES: dict[tuple[int, ...], tuple[float, ...]] = {}


#: What an action card in a hand is (``evaluate``), read once per card key: ("general", 0, 0) a general
#: permit (counted with the permits), ("thief", region, weeks to play it), ("robbers", region, weeks), or
#: ("flat", 0, points): an assistant 1.0, a scientist 0.3, any other card 0.
_HAND: dict[str, tuple[str, int, float]] = {}


def _hand_card(key: str) -> tuple[str, int, float]:
    if key == "general dig permit":
        return ("general", 0, 0)
    if key.endswith("thief"):
        return ("thief", REGION_INDEX[key.split(" ")[0]], CARD_BY_KEY[key].play_weeks)
    if key.endswith("robbers"):
        return ("robbers", REGION_INDEX[key.split(" ")[0]], CARD_BY_KEY[key].play_weeks)
    return ("flat", 0, 1.0 if key == "assistant" else 0.3 if key == "scientist" else 0.0)


def _digs(expertise: list[int], general: int, values: tuple[float, ...]) -> tuple[float, ...]:
    """The best dig a permit of each region allows (``best_dig_value``) with the knowledge the seat has
    plus ``LEARNING``, then the best of them (what a general permit is worth); kept per (expertise,
    general knowledge, card values, ``LEARNING``, ``WEEK_VALUE``): a game meets a few hundred, and a
    constant changed for a bot's decisions (``benchmarks/eval_duel.py``) is read at every call."""
    key = (*expertise, general, values, LEARNING, WEEK_VALUE)
    digs = _DIGS.get(key)
    if digs is None:
        out = [best_dig_value(e + min(general, e) + LEARNING, value, WEEK_VALUE) if e else 0.0
               for e, value in zip(expertise, values)]
        if len(_DIGS) > 50_000:
            _DIGS.clear()
        digs = _DIGS[key] = (*out, max(out))
    return digs


_DIGS: dict[tuple, tuple[float, ...]] = {}


def evaluate(state) -> list[float]:
    """Estimated final points per seat (see the module docstring)."""
    if state.is_terminal:
        return [float(x) for x in state.scores()]
    values = _card_values(state)
    future = min(1.0, len(state.deck) / HORIZON)
    n = state.players
    base = [0.0] * n
    for s in range(n):
        pts = sum(map(sum, state.relics[s])) + congress_points(state.congress[s])
        pts += sum(map(_PRESENTATION_POINTS.get, state.tableau[s], repeat(0)))
        base[s] = pts - WEEK_VALUE * state.week[s]
    for holder in state.professors:
        if holder is not None:
            base[holder] += PROFESSOR_POINTS
    out = []
    hand_values = _HAND
    for s in range(n):
        digs = _digs(state.expertise[s], state.general[s], values)
        permits = state.permits[s]
        holding = sum(map(mul, permits, digs[:-1]))      # the permits of each region
        general_permits = permits[GENERAL]
        for key in state.hand[s]:
            card = hand_values.get(key)
            if card is None:
                card = hand_values[key] = _hand_card(key)
            what, r, worth = card
            if what == "thief":
                holding += values[r] - WEEK_VALUE * worth
            elif what == "robbers":
                holding += max(state.piles[r], default=0) - WEEK_VALUE * worth
            elif what == "general":
                general_permits += 1
            elif worth:
                holding += worth
        if general_permits:
            holding += general_permits * digs[-1]
        out.append(base[s] + future * holding)
    pending = state.pending
    if pending is not None:
        p = state.current_player
        if pending[0] == "weeks":
            r = pending[1]
            pile = state.piles[r]
            mean = sum(pile) / len(pile) if pile else 0.0
            k = state.dig_knowledge(p, r)
            best = _committed_dig(k, mean, len(pile))
            if "assistant" in state.hand[p]:
                best = max(best, _committed_dig(k + 1, mean, len(pile)) - 1.0)
            out[p] += best
        elif pending[0] == "draw":
            _, _, r, cards, weeks = pending
            pile = state.piles[r]
            out[p] += cards * sum(pile) / len(pile) - WEEK_VALUE * weeks
        elif pending[0] == "robbers":
            robbers = CARD_BY_KEY[f"{REGIONS[pending[1]]} tomb robbers"]
            out[p] += max(state.piles[pending[1]]) - WEEK_VALUE * robbers.play_weeks
        elif pending[0] == "museum":
            held = sorted(v for x in state.relics[p] for v in x)
            out[p] -= sum(held[: pending[2]]) + WEEK_VALUE * MUSEUM_BY_KEY[pending[1]].weeks
    return out
