"""Quetzal: one place for each number, one check per kind of action (issue 20 item 2).

The costs and payouts live in ``components`` only.  Changing one in memory must change, together:
the offer (what ``legal_actions`` lists), the charge or the payout (what ``apply`` does), the text
of the action where it states the number, and the refusal's message.

And the fast generator (``state._legal_actions``) and the one-action checks (``refusals.problem``,
which ``apply``, ``is_legal`` and every refusal use) must agree: on positions of seeded random
games, every listed action passes its check and every other readable action gets a reason, is
refused by ``apply`` and changes nothing.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from archeo_lab import IllegalAction
from archeo_lab.games.quetzal import GAME, components, position, refusals
from archeo_lab.games.quetzal.actions import Deliver, Place, Reroll, SellObject, TakeObject, TakeUpgrade

TEMPLE_DISCOUNT_TILE = next(t for t, kind in components.TILE_KIND.items() if kind == "temple-discount")


def _texts(state, prefix: str) -> list[str]:
    return [str(a) for a in state.legal_actions() if str(a).startswith(prefix)]


def _refusal(state, action) -> str:
    before = state.to_json()
    assert not state.is_legal(action)
    with pytest.raises(IllegalAction) as refused:
        state.apply(action)
    assert state.to_json() == before, "a refused action changed the position"
    return str(refused.value)


# -- (a) one number, changed in memory, changes the offer, the charge and the message together ---------------
def _harbour(gold: int):
    return position(players=3, reserves=[[2, 0, 0, 0], [1, 0, 0, 0], [1, 0, 0, 0]], gold=[gold, 5, 5], to_move=0)


@pytest.mark.parametrize("cost", [components.HARBOUR_COST, components.HARBOUR_COST + 1])
def test_the_harbour_cost_per_meeple_is_offered_charged_and_refused_from_components(cost, monkeypatch):
    monkeypatch.setattr(components, "HARBOUR_COST", cost)
    two = "place 2 meeples on harbour (2 black)"
    one = "place 1 meeple on harbour (1 black)"
    short = _harbour(2 * cost - 1)                   # one gold short of two meeples
    assert _texts(short, "place") and _texts(short, "place 2 meeples on harbour") == []
    reason = _refusal(short, two)
    assert f"costs {cost} gold per meeple: 2 meeples cost {2 * cost} gold and you have {2 * cost - 1}" in reason

    state = _harbour(2 * cost)
    assert two in _texts(state, "place 2 meeples on harbour")
    state.apply(one)
    assert state.gold[0] == 2 * cost - cost, f"the Harbour charged {2 * cost - state.gold[0]} gold, not {cost}"


@pytest.mark.parametrize("discount", [components.TEMPLE_DISCOUNT, components.TEMPLE_DISCOUNT + 1])
def test_the_temple_discount_is_offered_charged_and_refused_from_components(discount, monkeypatch):
    monkeypatch.setattr(components, "TEMPLE_DISCOUNT", discount)
    price = components.LOCATION_BY_KEY["temple-1"].cost - discount
    text = "place 1 archaeologist on temple-1 (1 white)"

    def seat0(gold):
        return position(players=3, reserves=[[0, 1, 0, 0], [1, 0, 0, 0], [1, 0, 0, 0]], gold=[gold, 5, 5],
                        upgrades=[[TEMPLE_DISCOUNT_TILE], [], []], to_move=0)

    short = seat0(price - 1)
    assert _texts(short, "place 1 archaeologist on temple-1") == []
    assert f"Temple 1 costs {price} gold and you have {price - 1}" in _refusal(short, text)
    state = seat0(price)
    assert _texts(state, "place 1 archaeologist on temple-1") == [text]
    state.apply(text)
    assert state.gold[0] == 0, f"Temple 1 charged {price - state.gold[0]} gold, not {price}"


def test_the_camp_pays_per_meeple_from_components(monkeypatch):
    monkeypatch.setattr(components, "CAMP_GOLD", components.CAMP_GOLD + 2)
    state = position(players=3, reserves=[[2, 0, 0, 0], [1, 0, 0, 0], [1, 0, 0, 0]], gold=[4, 5, 5], to_move=0)
    state.apply("place 2 meeples on camp (2 black)")
    assert state.gold[0] == 4 + 2 * components.CAMP_GOLD


def _at_black_market():
    """A seeded random game played until a seat decides at the Black market."""
    rng = random.Random(3)
    for seed in range(200):
        state = GAME.new_state(players=3, seed=seed)
        while not state.is_terminal:
            if state.phase == "sell":
                return state
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no Black market decision in 200 random games")


@pytest.mark.parametrize("gold", [components.BLACK_MARKET_GOLD, components.BLACK_MARKET_GOLD + 2])
def test_the_black_market_price_is_written_paid_and_read_from_components(gold, monkeypatch):
    monkeypatch.setattr(components, "BLACK_MARKET_GOLD", gold)
    state = _at_black_market()
    p = state.current_player
    sells = [a for a in state.legal_actions() if isinstance(a, SellObject)]
    assert sells and all(str(a).endswith(f" for {gold} gold") for a in sells)
    assert state.parse_action(str(sells[0])) is sells[0]
    with pytest.raises(IllegalAction, match=f"pays {gold} gold for an object, not {gold - 1}"):
        state.parse_action(f"sell {sells[0].card} for {gold - 1} gold")
    before = state.gold[p]
    state.apply(sells[0])
    assert state.gold[p] == before + gold


# -- (b) the generator and the checks agree on random positions ------------------------------------------------
def _perturbed(action) -> list:
    """Readable actions near ``action``: each field moved to another value of its kind."""
    out = []
    fields = {f.name: getattr(action, f.name) for f in dataclasses.fields(action)}
    others = {
        "location": [loc.key for loc in components.LOCATIONS[::3]], "role": ["adventurer", "archaeologist", "any"],
        "face": list(components.RESERVE_FACES), "card": [c.id for c in components.OBJECT_CARDS[::9]],
        "upgrade": list(components.UPGRADE_BY_KEY), "object_type": list(components.OBJECT_BY_KEY),
    }
    for name, value in fields.items():
        if isinstance(value, bool):
            choices = [not value]
        elif isinstance(value, int):
            choices = [value - 1, value + 1]
        else:
            choices = [v for v in others[name] if v != value]
        out += [type(action)(**{**fields, name: v}) for v in choices]
    return out


_EXTRA = [Place("stele", "archaeologist", 0, 1, 0, False), Place("ruins", "any", 0, 0, 0, True),
          Place("ship-b", "adventurer", 2, 0, 0, False), Reroll("character"), TakeObject("VA-01"),
          SellObject("MU-10"), TakeUpgrade("gold"), Deliver("vase", 3, 0, 0, 0), Deliver("mummy", 1, 1, 0, 0)]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_listed_action_passes_its_check_and_every_other_gets_a_reason(players):
    rng = random.Random(players)
    pool: list = list(_EXTRA)          # legal actions of other positions
    checked = refused = 0
    for seed in range(6):
        state = GAME.new_state(players=players, seed=500 + seed)
        step = 0
        while not state.is_terminal:
            legal = state.legal_actions()
            listed = set(legal)
            for a in legal:
                assert refusals.problem(state, a) is None, f"{a} is listed but its check refuses it"
                assert state.is_legal(a)
            if step % 3 == 0:
                candidates = rng.sample(pool, min(len(pool), 25)) + [b for a in rng.sample(legal, min(3, len(legal)))
                                                                     for b in _perturbed(a)]
                for a in candidates:
                    if a in listed:
                        continue
                    reason = refusals.problem(state, a)
                    assert reason, f"{a} is not listed but its check accepts it (seed {500 + seed}, step {step})"
                    assert not state.is_legal(a)
                    refused += 1
                checked += len(legal)
                if step % 30 == 0 and candidates:
                    outsider = next((a for a in candidates if a not in listed), None)
                    if outsider is not None:
                        assert _refusal(state, outsider) == refusals.problem(state, outsider)
            pool += rng.sample(legal, min(2, len(legal)))
            state.apply(rng.choice(legal))
            step += 1
        assert state.is_legal(pool[0]) is False, "nothing is legal once the game is over"
    assert checked > 500 and refused > 500
