"""Expedition Luxor: one place for each number, one check for each rule (issue 20 item 2).

The rule book's numbers live in ``components.py`` only (entry costs, a camp's need and limit, the
four adventurers a tile may end with, the three tiles of a turn).  Changing one in memory must change,
together, for the next game: the offer (``legal_actions``), the effect (what ``apply`` does) and the
words of the refusal.  And the check that refuses an action (``refusals.py``) must agree with the
legal-action generator on every position: every legal action passes it, and readable actions that
are not legal (other positions' legal actions, legal ones with a field changed) are refused with a
reason, never taken.
"""

from __future__ import annotations

import random

import pytest

import archeo_lab as al
from archeo_lab.games import luxor
from archeo_lab.games.luxor import components
from archeo_lab.games.luxor.positions import position

GAME = al.get_game("luxor")
LAYOUT = ["desert temple", "desert", "desert temple", "desert"]     # F6, G6, F7, G7


def texts(state, kind: str) -> list[str]:
    return [str(a) for a in state.legal_actions() if a.kind == kind]


def refusal(state, text: str) -> str:
    before = state.to_json()
    with pytest.raises(al.IllegalAction) as refused:
        state.apply(text)
    assert state.to_json() == before
    return str(refused.value)


def moves_to(state, target: str) -> list[int]:
    return [a.adventurers for a in state.legal_actions() if a.kind == "move" and a.target == target]


# -- (a) a number changed in memory changes the offer, the effect and the words together ---------------

def oasis_line():
    """A camp at E5 with 4 extras; south of it an oasis temple (E6), then a desert (E7)."""
    state = position(players=2, layout=LAYOUT, tiles={"E6": "oasis temple", "E7": "desert"}, placed_by=1,
                     hands=[["desert camp", "lake"], None])
    state.apply("place desert camp at E5")
    state.apply("camp with 5 adventurers")
    return state


@pytest.mark.parametrize("cost", [components.ENTRY_COST["oasis"], components.ENTRY_COST["oasis"] + 1])
def test_the_oasis_entry_cost_is_offered_left_behind_and_worded(cost, monkeypatch):
    monkeypatch.setitem(components.ENTRY_COST, "oasis", cost)
    state = oasis_line()
    assert moves_to(state, "E6") == list(range(cost, 5))
    assert f"needs at least {cost} adventurers" in refusal(state, f"move {cost - 1} adventurers E5 -> E6")
    state.apply("move 4 adventurers E5 -> E6")
    surplus = 4 - cost                              # what may go on: the cost stays on the oasis
    assert moves_to(state, "E7") == list(range(1, surplus + 1))
    assert f"needs {cost} to stay, so 1 to {surplus} may go on" in refusal(
        state, f"move {surplus + 1} adventurers E6 -> E7")


@pytest.mark.parametrize("need", [components.CAMP_MANDATORY["desert"], components.CAMP_MANDATORY["desert"] + 1])
def test_a_desert_camps_need_is_offered_kept_and_worded(need, monkeypatch):
    monkeypatch.setitem(components.CAMP_MANDATORY, "desert", need)
    state = position(players=2, layout=LAYOUT, hands=[["desert camp", "lake"], None])
    state.apply("place desert camp at E6")
    assert [a.adventurers for a in state.legal_actions()] == list(range(need, components.CAMP_MAX + 1))
    assert f"at least {need} adventurer" in refusal(state, f"camp with {need - 1} adventurer")
    state.apply("camp with 4 adventurers")
    assert state.camp_movable == 4 - need, "only the extras over the need may move"


@pytest.mark.parametrize("most", [components.CAMP_MAX, components.CAMP_MAX - 1])
def test_a_camps_limit_is_offered_and_worded(most, monkeypatch):
    monkeypatch.setattr(components, "CAMP_MAX", most)
    state = position(players=2, layout=LAYOUT, hands=[["desert camp", "lake"], None])
    state.apply("place desert camp at E6")
    assert [a.adventurers for a in state.legal_actions()] == list(range(1, most + 1))
    assert f"at most {most} in all" in refusal(state, f"camp with {most + 1} adventurers")
    state.apply(f"camp with {most} adventurers")
    assert state.camp_movable == most - 1 and state.reserve[0] == components.ADVENTURERS_PER_PLAYER - most


WORDS = {3: "three", 4: "four"}


@pytest.mark.parametrize("most", [components.TILE_MAX, components.TILE_MAX - 1])
def test_the_four_a_tile_may_end_with_is_offered_enforced_and_worded(most, monkeypatch):
    monkeypatch.setattr(components, "TILE_MAX", most)
    # North of a camp at E7: E6 holds two adventurers of seat 1, E5 beyond it has room for one more.
    state = position(players=2, layout=LAYOUT, tiles={"E6": "desert temple", "E5": "desert pyramid"},
                     placed_by=1, stacks={"E6": [1, 1], "E5": [1] * (most - 1)},
                     hands=[["desert camp", "lake"], None])
    state.apply("place desert camp at E7")
    state.apply("camp with 5 adventurers")
    # E6 has room for most - 2, and one more may go on to E5: a group of most - 1 fits, no larger one.
    assert moves_to(state, "E6") == list(range(1, most))
    words = refusal(state, f"move {most} adventurers E7 -> E6")
    assert f"more than {WORDS[most]}" in words, words
    state.apply(f"move {most - 1} adventurers E7 -> E6")
    # E6 now holds most + 1: the one over the limit must go on before anything else.
    assert texts(state, "move") == ["move 1 adventurer E6 -> E5"] and texts(state, "end") == []
    assert f"with more than {WORDS[most]}" in refusal(state, "end turn")


@pytest.mark.parametrize("most", [components.TILES_PER_TURN, components.TILES_PER_TURN - 1])
def test_the_tiles_of_a_turn_are_offered_counted_and_worded(most, monkeypatch):
    monkeypatch.setattr(components, "TILES_PER_TURN", most)
    state = position(players=2, layout=LAYOUT, hands=[["lake", "desert camp"], None])
    for cell in ("E6", "H6")[:most - 1]:
        tile = next(t for t in luxor.hand_tiles(state, 0) if "camp" not in t)
        state.apply(f"place {tile} at {cell}")
        assert state.phase == "play" and state.current_player == 0
    state.apply("place desert camp at E7")        # tile number `most`: a camp whose extras may still move
    state.apply("camp with 5 adventurers")
    assert state.placed == most and state.current_player == 0
    assert texts(state, "place") == [], f"no tile after {most}"
    tile = luxor.hand_tiles(state, 0)[0]
    assert f"you have placed {most} tiles this turn" in refusal(state, f"place {tile} at D7")


def test_numbers_are_read_when_a_game_starts_not_during_it(monkeypatch):
    """A game keeps the numbers it started with: an edit changes the next game, not this one."""
    state = position(players=2, layout=LAYOUT, hands=[["desert camp", "lake"], None])
    monkeypatch.setattr(components, "CAMP_MAX", 3)
    state.apply("place desert camp at E6")
    assert [a.adventurers for a in state.legal_actions()] == [1, 2, 3, 4, 5] and state.numbers.camp_max == 5
    assert GAME.new_state(players=2, seed=1).numbers.camp_max == 3


# -- (b) the checks and the generator agree on random positions ---------------------------------------

def _neighbours(name: str) -> list[str]:
    x, y = luxor.cell_xy(name)
    out = []
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        if 0 <= x + dx < 26 and 0 <= y + dy:
            out.append(luxor.cell_name(x + dx, y + dy))
    return out


def perturbed(action) -> list:
    """Readable actions near ``action``: a count one off, a cell moved one step, another tile or token."""
    out = []
    if action.kind in ("camp", "move"):
        for n in (action.adventurers - 1, action.adventurers + 1):
            if n >= 0:
                out.append(GAME.action_from_json({**action.to_json(), "adventurers": n}))
    for field in ("cell", "source", "target"):
        if hasattr(action, field):
            for cell in _neighbours(getattr(action, field)):
                out.append(GAME.action_from_json({**action.to_json(), field: cell}))
    if action.kind in ("place", "keep"):
        for kind in components.KIND_BY_NAME:
            out.append(GAME.action_from_json({**action.to_json(), "tile": kind}))
    if action.kind == "token":
        for token in components.TOKENS:
            out.append(GAME.action_from_json({**action.to_json(), "token": token}))
    return out


CASES = [(players, variant, seed) for seed, (players, variant) in enumerate(
    (players, variant) for players in (2, 3, 4) for variant in GAME.variants)]


@pytest.mark.parametrize("players,variant,seed", CASES)
def test_the_checks_agree_with_the_legal_actions(players, variant, seed):
    game = al.get_game("luxor")
    rng = random.Random(seed)
    state = game.new_state(players=players, seed=seed, variant=variant)
    seen: list = [luxor.EndTurn()]                 # legal actions of earlier positions
    refused = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        assert all(state.is_legal(a) for a in legal), "a generated action fails its own check"
        offered = set(legal)
        candidates = set(seen[-60:])
        for a in legal:
            candidates.update(perturbed(a))
        for a in sorted(candidates - offered, key=str):
            assert not state.is_legal(a), f"'{a}' passes the check but is not generated"
            if rng.random() < 0.1:              # the words, and nothing changed (sampled: a refusal is slow)
                before = state.to_json()
                with pytest.raises(al.IllegalAction) as why:
                    state.apply(a)
                assert "is not allowed now" not in str(why.value) and state.to_json() == before
            refused += 1
        seen += legal
        state.apply(rng.choice(legal))
    assert refused > 100
