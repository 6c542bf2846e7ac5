"""Seeded mutations of real mid-game saves, and what a loaded save must survive.

A save either loads into a state that the rules, the board and the bots can play to the end,
or it is refused with ``CorruptSave`` naming the field (issue 15, item 4).  ``mutants(game, n, seed)``
makes ``n`` mutated saves of real mid-game positions of ``game`` (random games of every player count
and variant, stopped a third and two thirds of the way through); ``outcome(game, text, seed)`` loads
one and classifies it:

``"refused"``
    ``CorruptSave`` (the message must name a field: ``save.`` or ``match.``);
``"played"``
    it loaded, and then every seat's ``observation`` and ``determinize`` (what bots read), every
    seat's board view (``game.view``), the SVG drawing (``game.draw``), the greedy evaluation, and
    random moves to the end (``check()`` clean every 8 moves, the mover's view every 32, everything
    again at the end) all worked;
anything else
    raised from the loop: the test fails with the mutation and the traceback.

Run ``python tests/save_mutations.py [N]`` for the counts per game and kind of mutation.
"""

from __future__ import annotations

import copy
import json
import random
import sys
import traceback
from collections import Counter
from typing import Any, Iterator

import archeo_lab as al
from archeo_lab.engine import Rng

#: Values a mutation may put in a leaf: neighbours of the old value, extremes, other types.
ODD_VALUES = [-1, 0, 1, 2, 3, 7, 12, 99, 10**40, -10**40, 2**64, True, False, None, "", "x", "A1", [], {}, [0], 0.5]


def _positions(key: str) -> list[dict]:
    """Real saves of mid-game positions: every player count and variant, at a third and two thirds."""
    game = al.get_game(key)
    saves = []
    for variant in game.variants:
        for players in range(game.min_players, game.max_players + 1):
            seed = 31 * players + len(variant)
            state = game.new_state(players=players, seed=seed, variant=variant)
            rng = random.Random(seed)
            trail = []
            while not state.is_terminal:
                trail.append(json.loads(state.to_json()))
                state.apply(rng.choice(state.legal_actions()))
            saves += [trail[len(trail) // 3], trail[2 * len(trail) // 3]]
    return saves


def paths(node: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    """Every (path, value) of a JSON tree, containers included."""
    yield path, node
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from paths(v, path + (i,))


def _at(tree: Any, path: tuple) -> Any:
    for k in path:
        tree = tree[k]
    return tree


def mutate(save: dict, rng: random.Random) -> tuple[str, dict]:
    """One mutation of a copy of ``save``: (its kind, the mutated save)."""
    data = copy.deepcopy(save)
    nodes = list(paths(data))
    leaves = [(p, v) for p, v in nodes if not isinstance(v, (dict, list)) and p]
    lists = [(p, v) for p, v in nodes if isinstance(v, list)]
    events = data["state"].get("events") or []
    kinds = ["leaf", "leaf", "leaf", "swap leaves", "drop item", "copy item", "swap items", "drop key",
             "add key", "event", "event"]
    kind = rng.choice(kinds)
    if kind == "leaf":
        path, old = rng.choice(leaves)
        new = rng.choice(ODD_VALUES + ([old + rng.choice([-2, -1, 1, 2])] if isinstance(old, int) else []))
        _at(data, path[:-1])[path[-1]] = copy.deepcopy(new)
    elif kind == "swap leaves":      # a value of the right type from elsewhere in the save
        path, old = rng.choice(leaves)
        same = [v for _, v in leaves if type(v) is type(old) and v != old] or [v for _, v in leaves]
        _at(data, path[:-1])[path[-1]] = rng.choice(same)
    elif kind in ("drop item", "copy item", "swap items"):
        full = [(p, v) for p, v in lists if v] or lists
        path, items = rng.choice(full)
        if kind == "drop item" and items:
            del items[rng.randrange(len(items))]
        elif kind == "copy item":
            donors = [v for p, v in nodes if p and not isinstance(v, dict)]
            items.insert(rng.randrange(len(items) + 1),
                         copy.deepcopy(rng.choice(items) if items and rng.random() < 0.6 else rng.choice(donors)))
        elif len(items) >= 2:
            i, j = rng.sample(range(len(items)), 2)
            items[i], items[j] = items[j], items[i]
    elif kind == "drop key":
        dicts = [(p, v) for p, v in nodes if isinstance(v, dict) and v]
        path, d = rng.choice(dicts)
        del d[rng.choice(sorted(d, key=str))]
    elif kind == "add key":
        dicts = [(p, v) for p, v in nodes if isinstance(v, dict)]
        path, d = rng.choice(dicts)
        d[rng.choice(["extra", "A1", "0", "99"])] = rng.choice(ODD_VALUES)
    elif kind == "event" and events:
        i = rng.randrange(len(events))
        e = events[i]
        how = rng.choice(["kind", "value", "arity+", "arity-", "move"])
        if how == "kind":
            e[0] = rng.choice([x[0] for x in events] + ["dance", ""])
        elif how == "value" and len(e) > 1:
            j = rng.randrange(1, len(e))
            e[j] = rng.choice(ODD_VALUES + [v for x in events for v in x[1:]])
        elif how == "arity+":
            e.append(rng.choice(ODD_VALUES))
        elif how == "arity-" and len(e) > 1:
            e.pop()
        else:
            events.insert(rng.randrange(len(events) + 1), copy.deepcopy(rng.choice(events)))
    return kind, data


def mutants(key: str, n: int, seed: int = 0) -> list[tuple[str, str]]:
    """``n`` (kind, save text) mutations of ``key``'s mid-game saves, seeded."""
    rng = random.Random(f"{key}/{seed}")
    saves = _positions(key)
    return [(kind, json.dumps(data)) for kind, data in (mutate(saves[i % len(saves)], rng) for i in range(n))]


def exercise(game, state, seed: int) -> None:
    """What a board and the bots do with a loaded state, then random moves to the end."""
    rng = random.Random(seed)

    def look(seats=(None, *state.seats)) -> None:
        for seat in seats:
            game.view(state, seat)
        game.draw(state)
        game.evaluate(state)
        if not state.is_terminal:
            p = state.current_player
            world = state.determinize(p, Rng(seed))
            assert world.observation(p) == state.observation(p)
            assert world.legal_actions() == state.legal_actions()
        for seat in state.seats:
            json.dumps(state.observation(seat))
        state.scores(), state.winners()

    look()
    moves = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        assert legal, "a live state must have a legal action"
        state.apply(rng.choice(legal))
        moves += 1
        assert moves < 20_000, "the game does not end"
        if moves % 8 == 0:
            problems = state.check()
            assert not problems, problems
        if moves % 32 == 0:
            look([state.current_player])
    assert state.check() == []
    look()


def outcome(key: str, text: str, seed: int = 0) -> tuple[str, str]:
    """("refused" | "played" | "failed", detail) for one save text."""
    game = al.get_game(key)
    try:
        state = game.state_from_json(text)
    except al.CorruptSave as exc:
        message = str(exc)
        if not message.startswith(("save", "not a")):
            return "failed", f"CorruptSave without the field: {message}"
        return "refused", message
    except Exception:
        return "failed", "load raised\n" + traceback.format_exc(limit=-3)
    try:
        exercise(game, state, seed)
    except Exception:
        return "failed", "loaded, then raised\n" + traceback.format_exc(limit=-4)
    return "played", ""


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    keys = sys.argv[2:] or [g.key for g in al.list_games()]
    for key in keys:
        counts, by_kind, failures = Counter(), Counter(), []
        for i, (kind, text) in enumerate(mutants(key, n)):
            result, detail = outcome(key, text, i)
            counts[result] += 1
            by_kind[kind, result] += 1
            if result == "failed":
                failures.append((i, kind, detail))
        print(f"{key}: {n} mutations: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
        for i, kind, detail in failures[:8]:
            print(f"  #{i} ({kind}): {detail.strip().splitlines()[-1][:300]}")


if __name__ == "__main__":
    main()


def explain(key: str, n: int, index: int) -> None:
    """Print what mutation ``index`` of ``mutants(key, n)`` changed, and its outcome (for debugging)."""
    saves = _positions(key)
    kind, text = mutants(key, n)[index]
    original, data = saves[index % len(saves)], json.loads(text)
    for (p1, v1), (p2, v2) in zip(paths(original), paths(data)):
        if p1 != p2 or (not isinstance(v1, (dict, list)) and v1 != v2) or type(v1) is not type(v2):
            print("first difference at", p1, "->", p2, ":", json.dumps(v1)[:200], "->", json.dumps(v2)[:200])
            break
    else:
        print("differs in length only")
    print(outcome(key, text, index))
