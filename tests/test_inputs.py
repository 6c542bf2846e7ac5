"""Inputs bounded and exact (issue 15, item 5): what arrives as text or JSON, from a learner, a board
or a bot, is bounded, read with ASCII digits only, refused with IllegalAction otherwise (changing
nothing), and a refused input is not kept in memory."""

from __future__ import annotations

import gc
import json
import random
import tracemalloc

import pytest

import archeo_lab as al
from archeo_lab.engine.actions import MAX_FIELDS, MAX_INT, MAX_STR, MAX_TEXT

KEYS = [g.key for g in al.list_games()]


def midgame(key: str, moves: int = 40):
    game = al.get_game(key)
    state = game.new_state(players=game.min_players, seed=5)
    rng = random.Random(5)
    for _ in range(moves):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def refused(state, bad) -> str:
    before = state.to_json()
    with pytest.raises(al.IllegalAction) as err:
        state.apply(bad)
    assert state.to_json() == before
    message = str(err.value)
    assert message and len(message) < 600, "a refusal quotes a short part of the input"
    return message


@pytest.mark.parametrize("key", KEYS)
def test_long_texts_and_huge_numbers_are_refused(key):
    state = midgame(key)
    word = str(state.legal_actions()[0]).split()[0]
    assert "at most 200 characters" in refused(state, word + " " + "9" * 5000)   # raised ValueError before
    refused(state, word + " " + "9" * 150)
    refused(state, "x" * (MAX_TEXT + 1))


@pytest.mark.parametrize("key", KEYS)
def test_numbers_are_ascii_digits(key):
    """"bid ３" played bid 3: full-width (and other Unicode) digits are not read as digits."""
    state = midgame(key)
    for action in state.legal_actions():
        text = str(action)
        if any(ch.isdigit() for ch in text):
            for digits in ("０１２３４５６７８９", "٠١٢٣٤٥٦٧٨٩"):
                wide = text.translate(str.maketrans("0123456789", digits))
                assert "ASCII" in refused(state, wide)
            break
    assert state.parse_action(str(state.legal_actions()[0])) == state.legal_actions()[0]


@pytest.mark.parametrize("key", KEYS)
def test_json_is_bounded_in_size_depth_and_values(key):
    state = midgame(key)
    action = state.legal_actions()[0].to_json()
    deep: dict = {}
    node = deep
    for _ in range(100_000):
        node["a"] = {}
        node = node["a"]
    ints = [k for k, v in action.items() if isinstance(v, int) and not isinstance(v, bool)]
    strs = [k for k, v in action.items() if isinstance(v, str) and k != "type"]
    cases = [{**action, **{f"x{i}": 0 for i in range(MAX_FIELDS)}}, {**action, "extra": deep}]
    if ints:
        cases += [{**action, ints[0]: MAX_INT + 1}, {**action, ints[0]: 10**5000}, {**action, ints[0]: deep}]
    if strs:
        cases += [{**action, strs[0]: "x" * (MAX_STR + 1)}, {**action, strs[0]: "é"}, {**action, strs[0]: [deep]}]
    for bad in cases:
        refused(state, bad)
    refused(state, deep)
    refused(state, [deep])


@pytest.mark.parametrize("key", KEYS)
def test_random_json_actions_are_played_or_refused(key):
    """Every kind of action with field values from the game, near it and far from it: either the
    legal action it names is played, or IllegalAction (never another error), and nothing changes."""
    rng = random.Random(key)
    game = al.get_game(key)
    state = midgame(key)
    values = {int: [-1, 0, 1, 2, 3, 5, 12, 36, 99, MAX_INT, -MAX_INT], bool: [True, False],
              str: ["", "A1", "C4", "x", "leader", "explorer", "egypt", "quarry", "I-05", "sun", "vase", "Z9"]}
    for action in state.legal_actions():             # the game's own values too
        for name, value in action.to_json().items():
            if name != "type":
                values[type(value)].append(value)
    for _ in range(400):
        cls = rng.choice(list(game.codec.types.values()))
        data = {"type": cls.kind}
        for name, typ in cls._fields():
            data[name] = rng.choice(values[typ] if rng.random() < 0.9 else values[rng.choice([int, str, bool])])
        twin = state.clone()
        try:
            twin.apply(data)
        except al.IllegalAction:
            assert twin.to_json() == state.to_json()
        else:
            assert game.action_from_json(data) in state.legal_actions()


@pytest.mark.parametrize("key", KEYS)
def test_refused_inputs_are_not_kept(key):
    """Tikal kept every refused JSON action (2,000 refused 100 kB actions: +190 MiB): nothing of a
    refused input stays, whatever its size, and however many distinct ones arrive."""
    state = midgame(key)
    kinds = [cls for cls in state.game.codec.types.values() if cls._fields()]

    def flood(n: int, size: int) -> None:
        for i in range(n):
            cls = kinds[i % len(kinds)]
            data = {"type": cls.kind}
            for name, typ in cls._fields():
                data[name] = {int: MAX_INT - i, str: f"z{i:06d}" * (size // 7), bool: True}[typ]
            with pytest.raises(al.IllegalAction):
                state.apply(data)
            with pytest.raises(al.IllegalAction):
                state.apply(f"{cls.kind} {i} " + "y" * size)

    flood(50, 50)                                    # warm-up: caches of the legal actions, regexes
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        flood(2000, 50)
        flood(200, 100_000)
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert kept < 64 * 1024, f"{kept:,} bytes kept after 2,200 refused inputs"


def test_undo_after_the_end_is_refused_with_a_message():
    match = al.Match("cibola", players=2, seed=3, opponents={1: "random"})
    while not match.is_over:
        match.apply(match.state.legal_actions()[0])
    assert not match.can_undo
    before, moves = match.state.to_json(), len(match.history)
    with pytest.raises(al.CannotUndo, match="the game is over"):
        match.undo()
    assert match.state.to_json() == before and len(match.history) == moves


def test_a_saved_match_is_bounded_too(tmp_path):
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"format": "archeo-lab/match", "pad": "x" * 5_000_000}))
    with pytest.raises(al.CorruptSave, match="characters"):
        al.Match.load(path)
    match = al.Match("cibola", players=2, seed=1, opponents={1: "random"})
    data = match.to_dict()
    data["history"] = [[True, {"type": "bid", "amount": 0}]]
    with pytest.raises(al.CorruptSave, match=r"match\.history\[0\] must be \[seat, action\]"):
        al.Match.from_json(json.dumps(data))
