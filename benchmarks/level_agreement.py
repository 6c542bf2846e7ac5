"""Do two search levels choose the same moves?  A diagnostic for a hard level that is no stronger.

    .venv/bin/python benchmarks/level_agreement.py GAME [POSITIONS] [LEVEL_A] [LEVEL_B]

Positions come from six seeded greedy games (2 players, every 11th decision with at least 3 legal moves);
on each, both levels decide with seeds 1 and 2 and a generous time cap (every search runs its nominal
iterations).  Printed per position: whether level A agrees with itself across the two seeds, level B
likewise, and whether A and B (seed 1) chose the same move; then the counts.  When B mostly plays A's
move, B cannot be much stronger than A, whatever its iterations.
"""

from __future__ import annotations

import sys

import archeo_lab as al
from archeo_lab import bots


def positions(key: str, count: int) -> list:
    """``count`` positions with at least 3 legal moves from six seeded greedy games."""
    game, out = al.get_game(key), []
    for seed in range(6):
        state = game.new_state(players=2, seed=seed)
        greedy = [bots.make("greedy", seed=seed * 3 + k) for k in range(2)]
        seen = 0
        while not state.is_terminal and len(out) < count * (seed + 1) // 6:
            if len(state.legal_actions()) > 2:
                seen += 1
                if seen % 11 == 5:
                    out.append(state.clone())
            state.apply(greedy[state.current_player].choose(state))
    return out


def main() -> int:
    key = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 12
    a, b = (sys.argv[3], sys.argv[4]) if len(sys.argv) > 4 else ("medium", "hard")
    same_a = same_b = same_ab = 0
    found = positions(key, count)
    for i, state in enumerate(found):
        chosen = {(level, seed): str(bots.MCTSBot(seed=seed, level=level, think_time=600).choose(state.clone()))
                  for level in (a, b) for seed in (1, 2)}
        rows = (chosen[a, 1] == chosen[a, 2], chosen[b, 1] == chosen[b, 2], chosen[a, 1] == chosen[b, 1])
        same_a, same_b, same_ab = same_a + rows[0], same_b + rows[1], same_ab + rows[2]
        print(f"position {i}: {a} same over seeds {rows[0]}, {b} same over seeds {rows[1]}, "
              f"{a} and {b} same {rows[2]} ({chosen[a, 1]} / {chosen[b, 1]})", flush=True)
    n = len(found)
    print(f"RESULT {key}: {a} agrees with itself in {same_a} of {n}, {b} in {same_b}, {a} and {b} in {same_ab}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
