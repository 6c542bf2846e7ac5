"""Thebes: the numbers the legal-list generator reads every turn (``actions.Offers``) are worked out from
``components`` when a game starts, is read from a save or is ``changed()``; clones share them.

``tests/test_thebes_checks.py`` changes a number before a position is built; these tests change one
between two games, before a save is read, and during a game followed by ``changed()``.
"""

from __future__ import annotations

import dataclasses

from archeo_lab.games.thebes import GAME, components, position
from archeo_lab.games.thebes.actions import offers

EGYPT = ["egypt expertise 3", "general knowledge 2"]


def _lengths(state) -> list[int]:
    return sorted({a.weeks for a in state.legal_actions()})


def test_offers_are_built_again_only_when_a_number_changes(monkeypatch):
    first = offers()
    assert offers() is first
    monkeypatch.setitem(components.MUSEUM_BY_KEY, "museum 3",
                        dataclasses.replace(components.MUSEUM_BY_KEY["museum 3"]))     # equal values
    assert offers() is first
    monkeypatch.setattr(components, "DIG_EXPERTISE", 2)
    changed = offers()
    assert changed is not first and changed.dig_expertise == 2
    monkeypatch.setitem(components.MUSEUM_BY_KEY, "museum 3",
                        dataclasses.replace(components.MUSEUM_BY_KEY["museum 3"], relics=1))
    assert offers().museum_relics["museum 3"] == 1 and offers().fewest_relics == 1


def test_a_number_changed_before_a_save_is_read_reaches_the_offer(monkeypatch):
    state = position(weeks=[0, 30], tableau=[EGYPT, []])
    state.apply("dig egypt")
    saved = state.to_json()
    assert _lengths(state) == list(range(1, 13))
    monkeypatch.setattr(components, "MAX_WEEKS", 9)
    assert _lengths(state) == list(range(1, 13)), "a game under way keeps the numbers it started with"
    assert _lengths(GAME.state_from_json(saved)) == list(range(1, 10))


def test_a_number_changed_during_a_game_reaches_the_offer_after_changed(monkeypatch):
    state = position(weeks=[0, 30], tableau=[["egypt expertise 1", "greece expertise 2"], []])
    twin = state.clone()
    monkeypatch.setattr(components, "DIG_EXPERTISE", 2)
    assert "dig egypt" in [str(a) for a in state.legal_actions()]
    state.changed()
    offered = [str(a) for a in state.legal_actions()]
    assert "dig egypt" not in offered and "dig greece" in offered
    assert "dig egypt" in [str(a) for a in twin.legal_actions()], "the clone keeps its own game's numbers"
