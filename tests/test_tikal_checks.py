"""Tikal: the fast list of legal actions and the one-action checks cannot drift apart (issue 20 item 2).

``refusals.check(state, action)`` answers ``None`` (legal) or the reason, and is what ``apply``,
``is_legal`` and the refusal message use; ``state.legal_actions()`` is a separate, fast generator.
On positions of seeded random games (both rule sets, 2 to 4 players) every listed action must pass
its check, and readable actions that are not listed (the legal actions of other positions, and
listed actions with one field changed) must get a reason.  A limit changed in memory
(``PER_SITE_PER_TURN``, ``GUARDIANS``) changes the offer, the effect and the message together, as
``tests/test_tikal_costs.py`` does for the costs.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

import archeo_lab as al
from archeo_lab import IllegalAction
from archeo_lab.games.tikal import components, position, refusals
from archeo_lab.games.tikal.actions import Bid, ChooseTile, Exchange, Move, PlaceTile, Uncover

GAME = al.get_game("tikal")


def _positions(players: int, variant: str, seed: int, every: int = 1) -> list:
    """Copies of every ``every``-th position of one seeded random game."""
    state, rng, out, n = GAME.new_state(players=players, seed=seed, variant=variant), random.Random(seed), [], 0
    while not state.is_terminal:
        if n % every == 0:
            out.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
        n += 1
    return out


def _perturbed(action) -> list:
    """The action with one field changed at a time (each to a value of the same type the rules know)."""
    fields = {f.name: getattr(action, f.name) for f in dataclasses.fields(action)}
    out = []
    for name, value in fields.items():
        if isinstance(value, int):
            changes = [value - 1, value + 1]
        elif name in ("space", "src", "dst"):
            changes = ["A5", "C3", "H1", "B4"]
        elif name == "piece":
            changes = ["explorer", "leader"]
        else:
            changes = list(components.TREASURE_KINDS[:3])
        out += [type(action)(**{**fields, name: new}) for new in changes if new != value]
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["standard", "advanced"])
def test_every_listed_action_passes_its_check_and_every_other_is_refused(players, variant):
    positions = _positions(players, variant, seed=players * 10 + len(variant))
    others = []                              # legal actions met anywhere in this game
    for state in positions[::7]:
        others += state.legal_actions()
    seen_refused = 0
    for n, state in enumerate(positions):
        legal = state.legal_actions()
        listed = set(legal)
        for action in legal:
            assert refusals.check(state, action) is None, (str(action), state.to_json())
        if n % 7:
            continue                         # the refusals below on every 7th position
        assert all(state.is_legal(str(a)) for a in legal)
        candidates = others[::5] + [p for a in legal[::3] for p in _perturbed(a)]
        for action in candidates:
            if action in listed:
                continue
            reason = refusals.check(state, action)
            assert reason, f"'{action}' is not offered but its check finds nothing wrong"
            assert not state.is_legal(action)
            before = state.to_json()
            with pytest.raises(IllegalAction) as refused:
                state.apply(action)
            assert str(refused.value) == reason and state.to_json() == before
            seen_refused += 1
    assert seen_refused > 100                 # the test did look at many refusals


def test_hand_made_actions_equal_to_listed_ones_are_accepted_by_the_check():
    state = position(players=2, tiles={"C4": (14, 0)}, explorers={"C4": [1, 0]}, ap=10)
    text = "move explorer C4 -> B4 (1 AP)"
    assert text in [str(a) for a in state.legal_actions()]
    state.apply(Move("explorer", "C4", "B4", 1))
    assert state.ap == 9 and state.pieces_on(0, "B4") == 1


def test_actions_with_out_of_range_fields_are_refused_with_a_reason():
    state = position(players=2, explorers={"A4": [1, 0]}, treasures=[["vase"], ["bowl"]], ap=10)
    for action, words in [
        (Uncover("A4", 7), "next level is 2"),
        (Move("explorer", "A4", "A5", 9), "costs 2 AP, not 9"),
        (Exchange("vase", 5, "bowl"), "not a rival"),
        (Exchange("vase", 0, "bowl"), "not a rival"),
        (PlaceTile(3, "C3", 0), "cannot be played now"),
        (Bid(2), "no auction"),
        (ChooseTile(5), "cannot be played now"),
        (Move("captain", "A4", "A5", 2), "a piece is explorer or leader"),
    ]:
        reason = refusals.check(state, action)
        assert reason and words in reason, (str(action), reason)
        with pytest.raises(IllegalAction, match=words):
            state.apply(action.to_json())


def _uncovers(state) -> list[str]:
    return [str(a) for a in state.legal_actions() if a.kind == "uncover"]


def test_the_per_turn_limit_changed_in_memory_changes_offer_effect_and_message(monkeypatch):
    make = lambda: position(players=2, explorers={"A4": [3, 0]}, ap=10)   # noqa: E731
    state = make()
    for level in (2, 3):
        state.apply(f"uncover temple A4 to level {level}")
    assert _uncovers(state) == []
    assert "at most two per temple per turn" in refusals.check(state, Uncover("A4", 4))

    monkeypatch.setattr(components, "PER_SITE_PER_TURN", 3)
    state = make()
    for level in (2, 3):
        state.apply(f"uncover temple A4 to level {level}")
    assert _uncovers(state) == ["uncover temple A4 to level 4 (2 AP)"]
    state.apply("uncover temple A4 to level 4")
    assert state.hex_at("A4").value == 4 and _uncovers(state) == []
    assert "at most three per temple per turn" in refusals.check(state, Uncover("A4", 5))


def test_the_guardian_limit_changed_in_memory_changes_offer_effect_and_message(monkeypatch):
    make = lambda: position(players=2, tiles={"C4": (18, 0)},   # noqa: E731
                            guardians={"A4": (0, "explorer"), "B5": (0, "leader")}, explorers={"C4": [1, 0]}, ap=10)
    text = "place explorer as guardian on C4 (5 AP)"
    state = make()
    assert text not in [str(a) for a in state.legal_actions()]
    assert "two guardians" in refusals.check(state, GAME.codec.parse(text))

    monkeypatch.setattr(components, "GUARDIANS", 3)
    state = make()
    assert text in [str(a) for a in state.legal_actions()]
    state.apply(text)
    assert state.guardians[0] == 3 and state.holder("C4") == 0
