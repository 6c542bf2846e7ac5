"""Record golden playthroughs: seeded bot games whose every step is stored.

Run it only when a rule changes on purpose (and say so in the commit)::

    python tests/golden/record.py cibola 3 102 random greedy greedy   # record one new game
    python tests/golden/record.py --all                               # re-record every file here

Each file holds how it was made (game, players, seed, one bot per seat), the
actions in the rule book's words, the number of legal actions before each one
(a perft-like count) and the final position.  ``tests/test_golden.py``
replays them and must find the same game.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import archeo_lab as al

HERE = Path(__file__).parent


def record(game: str, players: int, seed: int, bots: list[str], variant: str | None = None) -> dict:
    """Play the bots' game and return its golden record."""
    match = al.Match(game, players=players, seed=seed, variant=variant, opponents=dict(enumerate(bots)))
    state = al.get_game(game).new_state(players=players, seed=seed, variant=variant)
    steps = []
    for seat, action in match.history:
        steps.append([seat, str(action), len(state.legal_actions())])
        state.apply(action)
    return {"game": game, "players": players, "seed": seed, "variant": state.variant, "bots": bots,
            "steps": steps, "scores": state.scores(), "winners": state.winners(),
            "final": json.loads(state.to_json())}


def write(game: str, players: int, seed: int, bots: list[str], variant: str | None = None) -> Path:
    data = record(game, players, seed, bots, variant)
    suffix = f"_{data['variant']}" if data["variant"] != al.get_game(game).variants[0] else ""
    path = HERE / f"{game}{suffix}_{players}p_seed{seed}.json"
    path.write_text(json.dumps(data, indent=1) + "\n")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--all", action="store_true", help="re-record every golden file from its own header")
    parser.add_argument("--variant", default=None)
    parser.add_argument("spec", nargs="*", help="GAME PLAYERS SEED BOT [BOT ...] (one bot per seat)")
    args = parser.parse_args()
    if args.all:
        for path in sorted(HERE.glob("*.json")):
            old = json.loads(path.read_text())
            print("wrote", write(old["game"], old["players"], old["seed"], old["bots"], old.get("variant")))
    elif len(args.spec) >= 4:
        game, players, seed, *bots = args.spec
        if len(bots) != int(players):
            parser.error("give one bot per seat")
        print("wrote", write(game, int(players), int(seed), bots, args.variant))
    else:
        parser.error("give --all or GAME PLAYERS SEED BOT...")


if __name__ == "__main__":
    main()
