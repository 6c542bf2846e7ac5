"""Tikal: one place for each cost (issue 20 item 2).

The rule book's player aid ("Aide de jeu") prices each action in action points; the game keeps those
prices in ``components.COSTS`` only.  Changing one in memory must change, together: the offer (the
action is legal from that many AP, not before), the charge (``apply`` takes that many), the action's
text ("dig treasure at C4 (4 AP)", read back by ``parse_action``; the old price is refused), and the
refusal ("digging a treasure costs 4 AP and you have 3 AP left").
"""

from __future__ import annotations

import pytest

from archeo_lab import IllegalAction
from archeo_lab.games.tikal import GAME, components, position, refusals

# cost key -> (a position maker taking the AP to spend, the action's text without its cost)
CASES = {
    "dig": (lambda ap: position(tiles={"C4": (24, 0)}, ruins={"C4": ["vase", "mirror"]}, explorers={"C4": [2, 0]},
                                ap=ap), "dig treasure at C4"),
    "camp": (lambda ap: position(tiles={"C4": (14, 0)}, explorers={"C4": [1, 0]}, ap=ap), "set up camp at C4"),
    "guardian": (lambda ap: position(explorers={"A4": [2, 3]}, leaders={0: "A4"}, ap=ap),
                 "place explorer as guardian on A4"),
    "uncover": (lambda ap: position(explorers={"A4": [1, 0]}, ap=ap), "uncover temple A4 to level 2"),
    "exchange": (lambda ap: position(treasures=[["vase", "mirror", "mirror"], ["bowl"]], ap=ap),
                 "exchange vase for seat 1's bowl"),
    "bring": (lambda ap: position(ap=ap), "bring explorer into play at A5"),
}


def _offered(state, text: str) -> list[str]:
    return [str(a) for a in state.legal_actions() if str(a).startswith(text + " (")]


def _refusal(state, text: str) -> str:
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply(text)
    assert state.to_json() == before
    return str(refused.value)


@pytest.mark.parametrize("key", sorted(CASES))
def test_the_published_cost_is_offered_charged_and_written(key):
    make, text = CASES[key]
    cost = components.COSTS[key]
    state = make(cost + 1)
    assert _offered(state, text) == [f"{text} ({cost} AP)"]
    state.apply(f"{text} ({cost} AP)")
    assert state.ap == 1


@pytest.mark.parametrize("key", sorted(CASES))
def test_a_cost_changed_in_memory_changes_offer_charge_text_and_refusal(key, monkeypatch):
    make, text = CASES[key]
    old = components.COSTS[key]
    new = old + 1
    monkeypatch.setitem(components.COSTS, key, new)

    short = make(new - 1)                          # one AP short of the new price (the old price is there)
    assert _offered(short, text) == [], f"{text} is still offered at {old} AP"
    reason = _refusal(short, text)
    assert f"costs {new} AP and you have {new - 1} AP left" in reason, reason

    state = make(new + 1)
    offered = _offered(state, text)
    assert offered == [f"{text} ({new} AP)"], offered
    action = state.parse_action(offered[0])
    assert str(action) == offered[0] and action in state.legal_actions()
    with pytest.raises(IllegalAction, match=f"costs {new} AP, not {old}"):
        state.parse_action(f"{text} ({old} AP)")
    state.apply(action)
    assert state.ap == 1, f"{text} charged {new + 1 - state.ap} AP, not {new}"


# -- when a changed number reaches the offers (``refusals.offer_numbers``) -------------------------------------
# The fast generator reads the numbers a state took when its game started, was loaded or was changed();
# the tests above change a cost before the position is built.  These change one between two games,
# before a save is read, and during a game followed by ``changed()``.

def test_a_number_changed_between_games_reaches_the_next_game(monkeypatch):
    before = GAME.new_state(players=2, seed=0)
    monkeypatch.setitem(components.COSTS, "dig", 5)
    monkeypatch.setattr(components, "GUARDIANS", 3)
    after = GAME.new_state(players=2, seed=0)
    assert after._numbers == refusals.offer_numbers() != before._numbers
    assert after._numbers[2] == 5 and after._numbers[6] == 3


def test_a_cost_changed_during_a_game_reaches_the_offer_after_changed(monkeypatch):
    make, text = CASES["dig"]
    state = make(3)                                  # 3 AP: the dig (3 AP) is offered
    assert _offered(state, text) == [f"{text} (3 AP)"]
    twin, saved = state.clone(), state.to_json()
    monkeypatch.setitem(components.COSTS, "dig", 4)
    state.changed()
    assert _offered(state, text) == [], "after changed() the offer reads the new price"
    assert _offered(GAME.state_from_json(saved), text) == [], "a save read after the change reads the new price"
    assert _offered(twin, text) == [f"{text} (4 AP)"], "a copy made before keeps its game's numbers..."
    twin.changed()
    assert _offered(twin, text) == [], "... until its changed()"
