"""Record golden playthroughs: seeded bot games whose every step is stored.

Run it only when a rule changes on purpose (and say so in the commit):

    python tests/golden/record.py

Each file holds the seed, the actions in the rule book's words, the number of
legal actions before each one (a perft-like count) and the final position.
``tests/test_golden.py`` replays them and must find the same game.
"""

from __future__ import annotations

import json
from pathlib import Path

import archeo_lab as al

HERE = Path(__file__).parent
PLAYTHROUGHS = [
    # (game, players, seed, bots per seat)
    ("cibola", 2, 101, ["greedy", "random"]),
    ("cibola", 3, 102, ["random", "greedy", "greedy"]),
    ("cibola", 4, 103, ["greedy", "random", "greedy", "random"]),
]


def record(game: str, players: int, seed: int, bots: list[str]) -> dict:
    match = al.Match(game, players=players, seed=seed, opponents=dict(enumerate(bots)))
    state = al.get_game(game).new_state(players=players, seed=seed)
    steps = []
    for seat, action in match.history:
        steps.append([seat, str(action), len(state.legal_actions())])
        state.apply(action)
    return {"game": game, "players": players, "seed": seed, "bots": bots, "steps": steps,
            "scores": state.scores(), "winners": state.winners(), "final": json.loads(state.to_json())}


if __name__ == "__main__":
    for game, players, seed, bots in PLAYTHROUGHS:
        path = HERE / f"{game}_{players}p_seed{seed}.json"
        path.write_text(json.dumps(record(game, players, seed, bots), indent=1) + "\n")
        print("wrote", path)
