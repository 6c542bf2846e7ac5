"""Normal-form games cut out of a real position: two consecutive choices as one simultaneous game.

``simultaneous_subgame(state)`` takes a two-player position where the seat to
move chooses, and then the other seat chooses without seeing that choice (a
sealed bid taken seat by seat, say).  Every pair of choices is played out on
a copy, the game continues with a policy (greedy bots by default) until
``stop(state)`` (default: the next reveal or draw after the two choices), and
the game's evaluation of each seat gives the payoffs.  With ``samples > 1``
the payoffs are averaged over determinized copies (the hidden information
resampled from the row player's view).

It reaches the game only through the engine contract, so it works for any game.
"""

from __future__ import annotations

from collections.abc import Callable

from archeo_lab.engine import Rng, State

from .normal_form import NormalForm

__all__ = ["simultaneous_subgame"]


def simultaneous_subgame(state: State, *, rows: list | None = None, cols: list | None = None,
                         stop: Callable[[State], bool] | None = None, samples: int = 1, seed: int = 0,
                         policy: str = "greedy", max_actions: int = 500,
                         payoff: Callable[[State], list[float]] | None = None, title: str | None = None) -> NormalForm:
    """The normal form of the next two choices (see the module docstring).

    ``rows``/``cols`` restrict the actions considered (their texts, e.g. ``["bid 0", "bid 1"]``);
    ``payoff(state)`` replaces ``game.evaluate``.
    """
    from archeo_lab import bots

    if state.players != 2:
        raise ValueError("a simultaneous sub-game needs a two-player position")
    row_seat = state.current_player
    row_actions = [a for a in state.legal_actions() if rows is None or str(a) in rows]
    probe = state.clone()
    probe.apply(row_actions[0])
    col_seat = probe.current_player
    if col_seat is None or col_seat == row_seat:
        raise ValueError("after the row player's choice the other seat must choose")
    col_actions = [a for a in probe.legal_actions() if cols is None or str(a) in cols]
    evaluate = payoff or state.game.evaluate
    worlds = [state.clone()] if samples <= 1 else [state.determinize(row_seat, Rng(seed + k)) for k in range(samples)]
    A = [[0.0] * len(col_actions) for _ in row_actions]
    B = [[0.0] * len(col_actions) for _ in row_actions]
    for w_index, world in enumerate(worlds):
        for i, a in enumerate(row_actions):
            for j, b in enumerate(col_actions):
                s = world.clone()
                s.apply(a)
                s.apply(b)
                mark = s.chance_count
                players = {seat: bots.make(policy, seed=seed + 31 * w_index + seat) for seat in range(2)}
                done = 0
                while not s.is_terminal and done < max_actions and not (stop(s) if stop else s.chance_count > mark):
                    s.apply(players[s.current_player].choose(s.determinize(s.current_player, Rng(seed + done))))
                    done += 1
                values = evaluate(s)
                A[i][j] += values[row_seat] / len(worlds)
                B[i][j] += values[col_seat] / len(worlds)
    return NormalForm(A, B, rows=[str(a) for a in row_actions], cols=[str(b) for b in col_actions],
                      players=(f"seat {row_seat}", f"seat {col_seat}"),
                      title=title or f"{state.game.title}: the next two choices")
