"""Saves are all or nothing (issue 15, item 4): seeded mutations of real mid-game saves of every game.

Each mutation (a value replaced, swapped with another of the save, an item dropped, copied or moved,
a key dropped or added, a log entry's kind, arity or value changed) is either refused with
``CorruptSave`` naming the field, or loads into a state whose board view, drawing, observations and
determinizations work for every seat and which random moves play to the end with ``check()`` clean.
Nothing else: no plain Python error, no state that breaks later.  ``tests/save_mutations.py`` holds
the harness; ``python tests/save_mutations.py 5000`` prints the counts with more mutations.
"""

from __future__ import annotations

import json

import pytest

import archeo_lab as al

from tests.save_mutations import mutants, outcome

MUTATIONS = 500      # per game


@pytest.mark.parametrize("key", [g.key for g in al.list_games()])
def test_every_mutated_save_is_refused_or_plays_to_the_end(key):
    counts = {"refused": 0, "played": 0}
    for i, (kind, text) in enumerate(mutants(key, MUTATIONS)):
        result, detail = outcome(key, text, i)
        assert result != "failed", f"mutation #{i} ({kind}) of a {key} save: {detail}"
        counts[result] += 1
    # Both outcomes occur: the mutations reach fields that matter and fields that do not.
    assert counts["refused"] >= MUTATIONS // 4 and counts["played"] >= MUTATIONS // 10, counts


@pytest.mark.parametrize("key", [g.key for g in al.list_games()])
def test_a_refused_save_names_the_field(key):
    """The log is checked entry by entry: an unknown kind, a wrong arity, a value out of the game's limits."""
    game = al.get_game(key)
    save = json.loads(game.new_state(players=game.min_players, seed=1).to_json())
    kind = save["state"]["events"][0][0]
    for entry, words in [(["dance"], r"state\.events\[0\] has an unknown kind 'dance'"),
                         ([kind, *save["state"]["events"][0][1:], 7], rf"state\.events\[0\] \('{kind}'\) must have"),
                         ]:
        bad = json.loads(json.dumps(save))
        bad["state"]["events"][0] = entry
        with pytest.raises(al.CorruptSave, match=words):
            game.state_from_json(json.dumps(bad))


def test_out_of_range_values_are_refused():
    """Tikal loaded 10**40 points; a seat's points are at most the derived maximum now."""
    game = al.get_game("tikal")
    save = json.loads(game.new_state(players=2, seed=1).to_json())
    save["state"]["points"][0] = 10**40
    with pytest.raises(al.CorruptSave, match=r"save\.state\.points\[0\] must be an integer from 0 to 892"):
        game.state_from_json(json.dumps(save))


@pytest.mark.parametrize("key", [g.key for g in al.list_games()])
def test_deep_huge_or_foreign_texts_are_refused(key):
    game = al.get_game(key)
    for text, words in [("[" * 200_000 + "]" * 200_000, "nested too deep"),
                        ('{"a": ' * 100 + "1" + "}" * 100, "nested more than"),
                        (" " * 5_000_000, "characters"),
                        ("[" + ",".join(["0"] * 500_000) + "]", "more than"),
                        ("9" * 5000, "invalid JSON")]:
        with pytest.raises(al.CorruptSave, match=words):
            game.state_from_json(text)
    deep: dict = {}
    node = deep
    for _ in range(200_000):     # an already-parsed tree, as deep: checked without recursion
        node["a"] = {}
        node = node["a"]
    with pytest.raises(al.CorruptSave, match="nested more than"):
        game.state_from_json(deep)


def test_the_check_runs_inside_the_error_mapping():
    """Thebes' check() raised IndexError from state_from_json: now any slip of a check is a CorruptSave."""
    game = al.get_game("thebes")
    save = json.loads(game.new_state(players=3, seed=4).to_json())
    save["state"]["events"].append(["dig", 9, "egypt", "region"])
    with pytest.raises(al.CorruptSave, match=r"state\.events\[\d+\]\[1\] \('dig'\) must be a seat"):
        game.state_from_json(json.dumps(save))
